"""AI seats for Through the Ages (the tutorial game).

    choose(state, seat, level="normal", rng=None) -> Decision
    decide(state, seat, level="normal", rng=None) -> (Decision, own logic?)

return one of `options(state, seat)`. Levels:

* ``"strong"``: search (`strong.py`, engine/search.py). In the action phase the normal level's
  few best actions (and "end") are each played in worlds sampled from the seat's view
  (`worlds.py`: the hidden hands, decks and face-down events drawn from the cards the seat has
  not seen), then the normal AI plays every seat until this seat's next turn; the action with
  the best mean estimated final margin (own culture estimate less the best other's) is played.
  Other steps get the normal level's answer. About a second of one core per searched decision
  (`strong.BUDGET` simulated decisions, scaled by AGORA_AI_BUDGET).
* ``"normal"``: one-step lookahead. Each legal option is played by the real rules on a mirror of
  the seat's view (`mirror.py`: the view as a state, the hidden parts filled neutrally) and the
  resulting position is valued (`values.py`) as the culture the seat should end the game with:
  points and ratings times the rounds left (estimated from the public deck counts), the final
  scoring's items, food and resources as fuel, actions, hand cards as options, famine and
  uprising penalties (in the full game, F-END-1/7, not the tutorial's final items but the Age III
  events' expected awards, impacts.py, the Age III wonders' one-time culture and strength).
  "End" wins when no action clears the value of the actions it spends.
  Politics prepares the oldest political card (culture = its age, T-POL-3; an Age III event
  also on what it awards this seat against the best other), a territory only when the seat is
  the strongest; aggressions and wars when the margin pays (F-AGGR, F-WAR), pacts offered,
  accepted or cancelled on their worth (pactvalue.py, F-PACT), defence with the cheapest cards
  that suffice (F-AGGR-8), never a resignation (G-RES-2); colonisation bids the minimum while
  the colony is worth the units the rules would have it send; events' questions also weigh the
  other seats' losses.
* ``"easy"``: the same machinery with crude weights (a short fixed horizon, little value on
  actions, science or strength, none on the Age III events), noise on every option's value,
  random politics besides the attacks that pay.
* ``"random"``: uniform among the options (the benchmark's baseline).

Fair by construction: `decide` reads the state exactly twice, as a player of `seat` sees it:
`view(state, seat)` and `options(state, seat)` (the options depend only on what the seat may
know: its own hands and the public table). Only those reach the decision code (`decide_seen`),
so it cannot read another seat's hands, the decks' order or the events prepared face down: the
view does not hold them (the strong level's worlds are drawn from the view alone).
tests/engine/tta/test_tta_ai.py and test_tta_strong.py check that changing them leaves every
decision the same.

Deterministic: the same view, options, level and rng state give the same decision. Without an
rng it seeds one from a checksum of the view.
"""

from __future__ import annotations

import json
import random
import zlib
from typing import Any

from engine import contract, search
from engine.core import Decision, IllegalDecision

from ..flow import err
from ..game import options, view
from ..state import State
from . import strong
from .policy import decide_level

LEVELS = ("easy", "normal", search.LEVEL)
ALL_LEVELS = (*LEVELS, contract.RANDOM)


def choose(state: State, seat: int, level: str = "normal",
           rng: random.Random | None = None) -> Decision:
    """One legal decision for `seat` (see the module docstring)."""
    return decide(state, seat, level, rng)[0]


def decide(state: State, seat: int, level: str = "normal",
           rng: random.Random | None = None) -> tuple[Decision, bool]:
    """Like `choose`, and also whether the level's own logic produced the decision (False when
    it had to fall back to the first option; the tests and the benchmark count these).

    The state is read twice, as a player of `seat` sees it: its view and its options."""
    return decide_seen(view(state, seat), options(state, seat), level, rng)


def decide_seen(seen: dict[str, Any], opts: list[Decision], level: str = "normal",
                rng: random.Random | None = None) -> tuple[Decision, bool]:
    """The decision of the seat whose view `seen` is, among its legal options `opts`."""
    return contract.decide_around(_valued, seen, opts, level, rng, levels=ALL_LEVELS,
                                  stamp=stamp, refused=_not_your_turn, same=Decision.canonical)


def _valued(seen: dict[str, Any], opts: list[Decision], level: str, rng: random.Random
            ) -> Decision | None:
    """What the level's lookahead wants; None when it fails (counted as a fallback)."""
    try:
        if level == search.LEVEL:
            return strong.decide(seen, opts, rng)
        return decide_level(seen, opts, level, rng)
    except Exception:  # noqa: BLE001 - an AI seat must never stop a game: fall back, counted
        return None


def _not_your_turn() -> IllegalDecision:
    return err("not_your_turn", "T-OVER-1")


def stamp(seen: dict[str, Any]) -> int:
    """A checksum of the view, the same in every process (the default rng's seed)."""
    return zlib.crc32(json.dumps(seen, sort_keys=True, separators=(",", ":"),
                                 default=str).encode())


__all__ = ["ALL_LEVELS", "LEVELS", "choose", "decide", "decide_seen", "stamp"]
