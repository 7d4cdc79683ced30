"""Listing options: the action phase checks some fifty candidate decisions against one player
who does not change while they are checked (a check never commits, T-ACT), so

- the player's derived statistics are computed once for the whole listing, not once per check
  (stats.py asks `memo_for`);
- a refusal is never shown to anyone, so it is not worded (flow.err asks `active`): wording one
  costs a catalogue lookup and a plural rule, the bulk of a refused check.

The context is a ContextVar set only while one candidate is checked, so code running between
two checks, or in another thread, never sees it. The memo lives as long as one listing: nothing
may change the state while options are drawn from a lazy listing (nothing does: options() makes
a list, the agenda's forced-move check takes at most two)."""

from __future__ import annotations

from contextvars import ContextVar, Token
from typing import Any

from .state import Player


class Listing:
    """The player whose options are being listed, and what has been computed for them. Each
    check runs inside `with listing:` (one at a time: not reentrant)."""

    __slots__ = ("player", "stats", "_token")

    def __init__(self, player: Player) -> None:
        self.player = player
        self.stats: Any = None  # stats.Stats, filled on first use
        self._token: Token[Listing | None] | None = None

    def __enter__(self) -> Listing:
        self._token = _CURRENT.set(self)
        return self

    def __exit__(self, *exc: object) -> None:
        assert self._token is not None
        _CURRENT.reset(self._token)
        self._token = None


_CURRENT: ContextVar[Listing | None] = ContextVar("tta_listing", default=None)


def active() -> bool:
    return _CURRENT.get() is not None


def memo_for(p: Player) -> Listing | None:
    """The listing's memo if `p` is the listed player (a scratch copy made inside a check, like
    Barbarossa's, is another object and changes, so it is never memoised)."""
    listing = _CURRENT.get()
    return listing if listing is not None and listing.player is p else None
