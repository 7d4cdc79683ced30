"""The board as a seat finds it when its turn comes: every field changed since its last turn
ringed, the gods taken named, in one picture ("Since your last turn: …")."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from typing import Any

from engine.core import Event
from engine.pantheon.digest import changes_since
from engine.pantheon.view import View

from .board import board_png


def since_view(view: View, events: Iterable[Event | dict[str, Any]], seat: int) -> View:
    """`view` (a spectator's) with `last_changes` covering every public change since `seat`'s
    last turn instead of the last turn's alone."""
    return dataclasses.replace(view, last_changes=changes_since(events, seat))


def digest_png(view: View, events: Iterable[Event | dict[str, Any]], seat: int,
               locale: str | None = None) -> bytes | None:
    """Render hook: the public board with all changes since `seat`'s last turn ringed; None when
    nothing on the board or the god display changed since then."""
    v = since_view(view, events, seat)
    if not any(v.last_changes.get(k) for k in ("placed", "loot", "gods")):
        return None
    return board_png(v, locale)
