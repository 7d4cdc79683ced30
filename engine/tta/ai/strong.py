"""The strong level of the Through the Ages AI: engine/search.py's determinized search.

Where a decision matters, the action phase's choice of the next action (T-ACT), the seat
searches: worlds sampled from its view (`worlds.py`), the few actions the normal level ranks
highest (its own pick first, and "end"), each played in every world and followed by the normal
AI for every seat (each from its own view of that world) until this seat's next turn begins,
i.e. one whole round of turns (T-OVER-1). A world is then valued as the seat's estimated final
culture (`values.value`, T-TSCORE-1) less the best other seat's, or the exact final margin
when the game ended (T-TSCORE-2). Every other step (politics, events, auctions, discards) is
answered by the normal level: they are rarer, and its answers there are cheap and sound.

The budget is counted in simulated decisions, not seconds, so a view and an rng give the same
decision in every process; `BUDGET` makes about a second on one core (README, "The strong AI").
"""

from __future__ import annotations

import random
from typing import Any

from engine import search
from engine.core import Decision

from .. import game as rules
from ..game import options, view
from ..state import State
from . import worlds
from .policy import Ctx, decide_level
from .values import NORMAL, rounds_left, value

BUDGET = 400  # simulated decisions per search at factor 1 (README: CPU time per decision)
WIDTH = 4  # the normal level's best actions searched (and "end" when it is offered)
HORIZON = 80  # decisions at most in one roll-out (a round is about 12 at 2 players)
SEARCHED = ("action",)  # the awaited steps the search answers; normal answers the others


def normal(seen: dict[str, Any], opts: list[Decision], rng: random.Random) -> Decision:
    """The normal level's choice (the first option when it has none, as decide_around does)."""
    if len(opts) == 1:
        return opts[0]
    wanted = decide_level(seen, opts, "normal", rng)
    if wanted is not None:
        key = wanted.canonical()
        for d in opts:
            if d.canonical() == key:
                return d
    return opts[0]


def rollout(s: State, seat: int, rng: random.Random) -> Decision:
    """A seat's decision in a roll-out: the normal level, from its own view of the world."""
    return normal(view(s, seat), options(s, seat), rng)


def margin(s: State, seat: int) -> float:
    """The seat's estimated final culture less the best other seat's (the exact final margin
    once the game is over)."""
    if s.result is not None:
        scores = s.result["scores"]
        return float(scores[seat] - max(v for i, v in enumerate(scores) if i != seat))
    table = {"players": s.players, "last_round": s.last_round, "age": s.age,
             "round": s.round, "civil_deck": len(s.civil.get(s.age, []))}
    rounds = rounds_left(table, NORMAL)
    mine = value(s.players[seat], rounds, NORMAL)
    return mine - max(value(p, rounds, NORMAL) for p in s.players if p.seat != seat)


def stop(start: State, now: State, steps: int) -> bool:
    """A roll-out ends when the deciding seat's next turn begins (every seat has played one
    turn), or after HORIZON decisions."""
    return steps >= HORIZON or (now.turn == start.turn and now.round > start.round)


def candidates(seen: dict[str, Any], opts: list[Decision], rng: random.Random
               ) -> list[Decision]:
    """The normal level's WIDTH best actions by its one-step lookahead (its own pick first:
    the same scores and tie-break as policy.lookahead), and "end" when it is offered."""
    c = Ctx(seen, seen["seat"], opts, "normal", rng)
    here = c.worth(c.base)
    scored: list[tuple[float, int, Decision]] = []
    for i, d in enumerate(opts):
        if d.kind == "end":
            scored.append((here, i, d))
            continue
        after = c.after(d)
        if after is not None:
            scored.append((c.worth(after), i, d))
    scored.sort(key=lambda t: (-t[0], t[1]))
    pool = [d for _, _, d in scored[:WIDTH]]
    pool += [d for d in opts if d.kind == "end" and d not in pool]
    return pool or opts[:1]


GAME = search.Game(rules=rules, sample=worlds.sample, rollout=rollout, value=margin, stop=stop,
                   budget=BUDGET, candidates=candidates)


def decide(seen: dict[str, Any], opts: list[Decision], rng: random.Random,
           budget: int | None = None, stats: search.Stats | None = None) -> Decision:
    """The strong level's decision among `opts` for the seat whose view `seen` is."""
    frame = seen["pending"]
    if frame is None or frame["t"] not in SEARCHED or len(opts) == 1:
        return normal(seen, opts, rng)
    return search.search(GAME, seen, seen["seat"], opts, rng, budget=budget, stats=stats)
