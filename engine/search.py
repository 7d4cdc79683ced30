"""Determinized search: the `strong` AI level of every game, written once.

A strong seat decides from its own view, as the other levels do. It cannot search the real
state (that would read other hands, deck orders and sealed choices), so it searches worlds
*sampled* from its view: every hidden card, order and choice drawn from what the seat may
know (its game's `sample`). In each world every candidate decision is played, the game is
rolled out for a while by the game's roll-out policy (its normal AI, each seat from its own
view of that world) and the position is valued for the deciding seat (`value`). The decision
with the best mean over the worlds is played.

- **Paired worlds.** Every candidate is tried in the same worlds with the same roll-out
  randomness (common random numbers), so two candidates differ by what they do, not by luck.
- **Sequential halving.** The budget is split into rounds; after each, the worse half of the
  candidates is dropped, so the promising ones get the most worlds.
- **A budget of simulated decisions, not of seconds.** The same view and seed give the same
  decision in every process and on every machine; a game sets how many decisions make about a
  second on one core (`Game.budget`), and `AGORA_AI_BUDGET` scales every game's (README, "The
  strong AI"). The caller runs it outside the event loop.

The engine's own contract is all it needs of a game: `pending`, `apply` and `result`."""

from __future__ import annotations

import math
import os
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from engine.core import Decision, IllegalDecision

LEVEL = "strong"  # every game's name for its search (a host thinks it in a process)
BUDGET_ENV = "AGORA_AI_BUDGET"  # a factor on every game's budget (1 = about a second)


@dataclass(frozen=True)
class Game:
    """What a game gives the search.

    - `rules`: the rules module (`pending`, `apply`, `result`).
    - `sample(seen, rng)`: one full state consistent with the view `seen`: what the seat sees
      is as it is, the rest drawn at random among what it may be. The seat's legal options
      there are the ones it has in the real game.
    - `rollout(state, seat, rng)`: a seat's decision in a roll-out (the normal AI, from that
      seat's view of the sampled world).
    - `value(state, seat)`: how good `state` is for `seat`, in points (the final margin once
      the game is over, an estimate of it before).
    - `stop(start, now, steps)`: whether a roll-out that began at `start` ends at `now`,
      after `steps` decisions (the end of a round, an age, a horizon).
    - `budget`: simulated decisions per search at factor 1 (about a second on one core).
    - `candidates(seen, opts, rng)`: the options worth searching, best guess first (ties go to
      the earlier one); all of them when None.
    """

    rules: Any
    sample: Callable[[Any, random.Random], Any]
    rollout: Callable[[Any, int, random.Random], Decision]
    value: Callable[[Any, int], float]
    stop: Callable[[Any, Any, int], bool]
    budget: int
    candidates: Callable[[Any, list[Decision], random.Random], list[Decision]] | None = None


def factor() -> float:
    """AGORA_AI_BUDGET as a positive factor (1 when unset or not a positive number)."""
    try:
        f = float(os.environ.get(BUDGET_ENV, "1"))
    except ValueError:
        return 1.0
    return f if math.isfinite(f) and f > 0 else 1.0


@dataclass
class Stats:
    """What one search did (benchmarks and tests read it)."""

    worlds: int = 0
    simulated: int = 0
    candidates: int = 0
    means: dict[str, float] | None = None


def search(game: Game, seen: Any, seat: int, opts: Sequence[Decision], rng: random.Random,
           budget: int | None = None, stats: Stats | None = None) -> Decision:
    """The decision among `opts` with the best mean value over sampled worlds (see above)."""
    pool = list(game.candidates(seen, list(opts), rng)) if game.candidates else list(opts)
    pool = _unique(pool) or list(opts[:1])
    total = budget if budget is not None else max(1, round(game.budget * factor()))
    sums = [0.0] * len(pool)
    counts = [0] * len(pool)
    alive = list(range(len(pool)))
    rounds = max(1, math.ceil(math.log2(len(pool)))) if len(pool) > 1 else 1
    spent = 0
    worlds = 0
    for r in range(rounds):
        if len(alive) == 1:
            break
        # this round may spend up to its share of what is left; at least one world each
        allowance = (total - spent) // (rounds - r)
        start = spent
        while True:
            world = game.sample(seen, rng)
            roll_seed = rng.getrandbits(64)
            worlds += 1
            for i in alive:
                v, n = _playout(game, world, seat, pool[i], roll_seed)
                sums[i] += v
                counts[i] += 1
                spent += n
            if spent - start >= allowance or spent >= total:
                break
        alive.sort(key=lambda i: (-sums[i] / counts[i], i))
        alive = alive[:max(1, (len(alive) + 1) // 2)]
        if spent >= total:
            break
    best = min(alive, key=lambda i: (-sums[i] / counts[i] if counts[i] else 0.0, i))
    if stats is not None:
        stats.worlds, stats.simulated, stats.candidates = worlds, spent, len(pool)
        stats.means = {pool[i].canonical(): sums[i] / counts[i] for i in range(len(pool))
                       if counts[i]}
    return pool[best]


def _playout(game: Game, world: Any, seat: int, first: Decision, seed: int
             ) -> tuple[float, int]:
    """`first` played in (a copy of) `world`, then the roll-out: its value for `seat` and how
    many decisions it simulated. A candidate the sampled world refuses (it should not happen:
    the sampler keeps the seat's options) scores as badly as possible."""
    rules = game.rules
    try:
        state, _ = rules.apply(world, seat, first)
    except IllegalDecision:  # a sampler's mistake must not stop the seat from deciding
        return -1e9, 1
    rng = random.Random(seed)
    steps = 1
    while rules.result(state) is None and not game.stop(world, state, steps):
        waiting = rules.pending(state)
        if not waiting:
            break
        who = waiting[0].seat
        rules.apply(state, who, game.rollout(state, who, rng), in_place=True)
        steps += 1
    return game.value(state, seat), steps


def _unique(pool: list[Decision]) -> list[Decision]:
    seen: set[str] = set()
    out = []
    for d in pool:
        k = d.canonical()
        if k not in seen:
            seen.add(k)
            out.append(d)
    return out
