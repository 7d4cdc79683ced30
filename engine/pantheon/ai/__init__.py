"""AI seats for Pantheon.

    choose(state, seat, level="normal", rng=None) -> Decision

returns one of `options(state, seat)`. Levels:

* ``"normal"`` plans the whole turn: every action is planned and valued in expected points
  (columns against the scoring table, demigods, gods and their effects, offering tiles, cards,
  pieces, loot within reach, the phase-end points), and the best one is played step by step.
* ``"easy"`` uses the same machinery with cruder weights, no search over the number of movement
  cards, a single greedy movement plan and random noise on its action choice: legal, sensible,
  fast and beatable.
* ``"random"`` picks uniformly among the options (the benchmark's baseline).

The AI is pure and deterministic: the same state, seat, level and rng state give the same
decision. Without an rng it seeds one from the game's seed and decision count. It only reads
what its seat may see (hidden hands, deck order, stacks and the bag are never consulted).
"""

from __future__ import annotations

import random

from engine.core import Decision, IllegalDecision

from .. import flow
from ..game import options
from ..state import State
from .policy import HANDLERS, Ctx
from .values import EASY, NORMAL, Knobs

LEVELS: dict[str, Knobs] = {"easy": EASY, "normal": NORMAL}
ALL_LEVELS = ("easy", "normal", "random")


def choose(state: State, seat: int, level: str = "normal",
           rng: random.Random | None = None) -> Decision:
    """One legal decision for `seat` (see the module docstring)."""
    return decide(state, seat, level, rng)[0]


def decide(state: State, seat: int, level: str = "normal",
           rng: random.Random | None = None) -> tuple[Decision, bool]:
    """Like `choose`, and also whether the level's own logic produced the decision (False when
    it had to fall back to the first option; tests use this to catch planner bugs)."""
    if level not in ALL_LEVELS:
        raise ValueError(f"unknown AI level {level!r}; choose from {', '.join(ALL_LEVELS)}")
    opts = options(state, seat)
    if not opts:
        raise IllegalDecision("It is not this seat's turn to decide.", "P-TURN-1")
    if rng is None:
        rng = random.Random(state.seed * 1_000_003 + state.decisions * 31 + seat)
    if level == "random":
        return opts[rng.randrange(len(opts))], True
    if len(opts) == 1:
        return opts[0], True
    frame = flow.current(state)
    assert frame is not None  # options() was not empty
    handler = HANDLERS.get(frame["t"])
    if handler is None:
        return opts[0], False
    wanted = handler(Ctx(state, seat, LEVELS[level], rng), frame, opts)
    key = wanted.key()
    for d in opts:
        if d.key() == key:
            return d, True
    return opts[0], False


__all__ = ["ALL_LEVELS", "LEVELS", "choose", "decide"]
