"""AI seats for Pantheon.

    choose(state, seat, level="normal", rng=None) -> Decision

returns one of `options(state, seat)`. Levels:

* ``"normal"`` plans the whole turn: every action is planned and valued in expected points
  (columns against the scoring table, demigods, gods and their effects, offering tiles, cards,
  pieces, loot within reach, the phase-end points), and the best one is played step by step.
* ``"easy"`` uses the same machinery with cruder weights, no search over the number of movement
  cards, a single greedy movement plan and random noise on its action choice: legal, sensible,
  fast and beatable.
* ``"strong"`` searches (engine/search.py, `strong.py`): at the prompt that begins a turn it
  plays each possible action in worlds sampled from its view (`worlds.py`), lets the normal
  level play on to its next turn, and takes the action with the best mean estimated margin;
  the normal level answers the prompts that follow. About a second a searched decision.
* ``"random"`` picks uniformly among the options (the benchmark's baseline).

Fair by construction (P-GAP-HIDDEN): `choose` turns the state into `view(state, seat)`, the
view a player of that seat gets, and lists `options(state, seat)`, the buttons that player
gets; nothing else of the state goes further. The planner decides from a `Belief` rebuilt from
the view alone (`belief.py`: hidden zones are placeholders), so it cannot see other hands,
demigod values, deck order or face-down stacks, let alone the seed that dealt them.

Deterministic across processes: the same view, options, level and rng state give the same
decision in every process (no set order or `hash()` reaches a choice; `tests/test_ai_fair.py`
plays one seeded game under two PYTHONHASHSEED values). Without an rng it seeds one from a
checksum of the view.
"""

from __future__ import annotations

import json
import random
import zlib
from dataclasses import asdict

from data.i18n import t
from engine import contract, search
from engine.core import Decision, IllegalDecision

from ..game import options, view
from ..state import State
from ..view import View
from . import strong
from .belief import from_view
from .policy import HANDLERS, Ctx
from .values import EASY, NORMAL, Knobs

LEVELS: dict[str, Knobs] = {"easy": EASY, "normal": NORMAL}
ALL_LEVELS = (*LEVELS, search.LEVEL, contract.RANDOM)


def choose(state: State, seat: int, level: str = "normal",
           rng: random.Random | None = None) -> Decision:
    """One legal decision for `seat` (see the module docstring)."""
    return decide(state, seat, level, rng)[0]


def decide(state: State, seat: int, level: str = "normal",
           rng: random.Random | None = None) -> tuple[Decision, bool]:
    """Like `choose`, and also whether the level's own logic produced the decision (False when
    it had to fall back to the first option; tests use this to catch planner bugs).

    The state is read twice, as a player of `seat` sees it: its view and its options."""
    seen = view(state, seat)
    opts = options(state, seat)
    return decide_seen(seen, opts, level, rng)


def decide_seen(seen: View, opts: list[Decision], level: str = "normal",
                rng: random.Random | None = None) -> tuple[Decision, bool]:
    """The decision of the seat whose view `seen` is, among its legal options `opts`."""
    return contract.decide_around(_planned, seen, opts, level, rng, levels=ALL_LEVELS,
                                  stamp=stamp, refused=_not_this_seat, same=Decision.key)


def _planned(seen: View, opts: list[Decision], level: str, rng: random.Random
             ) -> Decision | None:
    """What the level's planner wants, from a Belief rebuilt from the view; None for a step it
    has no handler for."""
    if level == search.LEVEL:
        if strong.searched(seen):
            return strong.decide(STRONG[len(seen.players)], seen, opts, rng)
        level = "normal"  # the follow-up prompts: the normal level plans the action anyway
    b = from_view(seen)
    handler = HANDLERS.get(b.frame.get("t", ""))
    if handler is None or seen.seat is None:
        return None
    return handler(Ctx(b, seen.seat, LEVELS[level], rng), b.frame, opts)


def _normal(seen: View, opts: list[Decision], rng: random.Random) -> Decision:
    """The normal level's decision: the strong level's rollouts play it."""
    return decide_seen(seen, opts, "normal", rng)[0]


STRONG = {n: strong.make_game(_normal, n) for n in sorted(strong.BUDGET)}  # by player count


def _not_this_seat() -> IllegalDecision:
    return IllegalDecision(t("pantheon.err.not_this_seat"), "P-TURN-1")


def stamp(seen: View) -> int:
    """A checksum of the view, the same in every process (the default rng's seed)."""
    data = asdict(seen)
    data.pop("last_changes", None)  # highlighting only; not part of the position
    return zlib.crc32(json.dumps(data, sort_keys=True, separators=(",", ":")).encode())


__all__ = ["ALL_LEVELS", "LEVELS", "STRONG", "choose", "decide", "decide_seen", "stamp"]
