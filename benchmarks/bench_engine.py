"""Rules engine speed: random whole games per second, and microseconds per decision spent in
options(), in apply() (in place, and the copying apply the bot uses) and in dump() (the state as
JSON data, and as the JSON text the bot stores at a checkpoint), for every player count.

    python3 benchmarks/bench_engine.py [--game pantheon|amunre|tta|all] [--games 40]
                                       [--repeat 3] [--profile] [--option KEY=VALUE ...]
                                       [--no-resign]

A game is played from `new_game` with random legal decisions: the first pending seat decides,
choosing with `random.Random(seed)` from `options()`, and the decision goes through the real
`apply`. `--option KEY=VALUE` (repeatable) passes game options to `new_game`, e.g. `--option
mode=full` for Through the Ages' full game; `--no-resign` leaves decisions of kind "resign" out
of the random choice when there are others (F-RES: a random seat of the full game otherwise
resigns within a few turns). Each game and player count is measured over the same seeded games:

- games/s: whole games with nothing else in the loop, timed once per game, in `--repeat`
  passes: the fastest pass is printed, and the median one beside it;
- µs per decision: the same games again, every call timed on its own; every 50th decision also
  samples the copying apply, `dump()` and the JSON text (outside the games/s pass).

Times are CPU time of this process (`time.process_time`), so other work on a shared machine
inflates them much less than wall time, though on a virtual machine the time its host takes
still counts (the same loop can take half as long again from one second to the next, hence the
fastest pass); games/s also shows wall time for comparison.
"""

from __future__ import annotations

import argparse
import cProfile
import json
import os
import pstats
import random
import sys
import time
from types import ModuleType

# measure the checkout this file is in, not whichever copy of the package is installed
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from benchmarks.cli_options import parse_option  # noqa: E402
from engine import amunre, pantheon, tta  # noqa: E402

GAMES: dict[str, tuple[ModuleType, tuple[int, ...]]] = {
    "pantheon": (pantheon, (2, 3, 4)),
    "amunre": (amunre, (3, 4, 5)),
    "tta": (tta, (2, 3, 4)),
}
SAMPLE_EVERY = 50  # decisions between samples of the copying apply and of dump()
clock = time.process_time
OPTIONS: dict[str, object] = {}  # --option: the options of every game
SKIPPED: set[str] = set()  # --no-resign: decision kinds the random choice leaves out


def new_game(rules: ModuleType, players: int, seed: int):
    return rules.new_game(players, seed, OPTIONS) if OPTIONS else rules.new_game(players, seed)


def pick(rng: random.Random, opts: list):
    """A random option, leaving out the kinds in SKIPPED when there are others."""
    if SKIPPED:
        kept = [d for d in opts if d.kind not in SKIPPED]
        return rng.choice(kept or opts)
    return rng.choice(opts)


def _clock_cost() -> float:
    """What one timed interval costs when nothing is in it: reading the CPU clock is a system
    call (about a microsecond), small against a whole game but not against one options() call,
    so the per-call figures have it subtracted."""
    n = 20_000
    total = 0.0
    for _ in range(n):
        t0 = clock()
        total += clock() - t0
    return total / n


def play(rules: ModuleType, players: int, seed: int) -> int:
    """One random game, as the games/s figure counts it; returns the number of decisions."""
    rng = random.Random(seed)
    s = new_game(rules, players, seed)
    decisions = 0
    while True:
        awaited = rules.pending(s)
        if not awaited:
            return decisions
        seat = awaited[0].seat
        s, _ = rules.apply(s, seat, pick(rng, rules.options(s, seat)), in_place=True)
        decisions += 1


def to_text(data: dict) -> str:
    """The state as the bot stores it (bot/store/packing.py: compact, sorted keys)."""
    return json.dumps(data, separators=(",", ":"), sort_keys=True)


def per_call(rules: ModuleType, players: int, games: int, overhead: float) -> dict[str, float]:
    """µs per decision of each call, the clock's own cost taken off."""
    spent = {"options": 0.0, "apply": 0.0, "copy": 0.0, "dump": 0.0, "text": 0.0}
    decisions = sampled = 0
    for seed in range(games):
        rng = random.Random(seed)
        s = new_game(rules, players, seed)
        while True:
            awaited = rules.pending(s)
            if not awaited:
                break
            seat = awaited[0].seat
            t0 = clock()
            opts = rules.options(s, seat)
            t1 = clock()
            d = pick(rng, opts)
            if decisions % SAMPLE_EVERY == 0:
                c0 = clock()
                rules.apply(s, seat, d)
                c1 = clock()
                data = rules.dump(s)
                c2 = clock()
                to_text(rules.dump(s))
                c3 = clock()
                spent["copy"] += c1 - c0
                spent["dump"] += c2 - c1
                spent["text"] += c3 - c2
                sampled += 1
                del data
            t2 = clock()
            s, _ = rules.apply(s, seat, d, in_place=True)
            t3 = clock()
            spent["options"] += t1 - t0
            spent["apply"] += t3 - t2
            decisions += 1
    out = {k: max(0.0, v / decisions - overhead) for k, v in spent.items()
           if k in ("options", "apply")}
    out.update({k: max(0.0, v / sampled - overhead) for k, v in spent.items()
                if k in ("copy", "dump", "text")})
    out["decisions"] = decisions / games
    return {k: (v * 1e6 if k != "decisions" else v) for k, v in out.items()}


def run(name: str, players: int, games: int, overhead: float, repeat: int) -> None:
    rules = GAMES[name][0]
    passes = []  # (CPU, wall) seconds of each pass over the same games
    for _ in range(repeat):
        cpu = wall = 0.0
        for seed in range(games):
            w0, c0 = time.perf_counter(), clock()
            play(rules, players, seed)
            cpu += clock() - c0
            wall += time.perf_counter() - w0
        passes.append((cpu, wall))
    # the fastest pass is the one least slowed by the rest of the machine (on a virtual machine
    # CPU time counts what the host takes too); the median pass is printed beside it
    cpu, wall = min(passes)
    middle = sorted(passes)[len(passes) // 2][0]
    us = per_call(rules, players, games, overhead)
    print(f"{name} {players} players: {games / cpu:6.1f} games/s (median of {repeat} passes "
          f"{games / middle:5.1f}; wall {games / wall:5.1f}), "
          f"{us['decisions']:4.0f} decisions per game; per decision: options "
          f"{us['options']:5.1f} µs, apply in place {us['apply']:5.1f} µs, copying apply "
          f"{us['copy']:5.1f} µs, dump() {us['dump']:5.1f} µs, to JSON text {us['text']:5.1f} µs",
          flush=True)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--game", choices=(*GAMES, "all"), default="all")
    parser.add_argument("--games", type=int, default=40, help="games per player count")
    parser.add_argument("--repeat", type=int, default=3,
                        help="passes over the same games for games/s (the fastest is printed)")
    parser.add_argument("--profile", action="store_true", help="show where the time goes")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                        type=parse_option,
                        help="a game option of every game (repeatable), e.g. mode=full")
    parser.add_argument("--no-resign", action="store_true",
                        help="random choices never resign when they can do else (F-RES)")
    args = parser.parse_args()
    OPTIONS.update(args.option)
    if args.no_resign:
        SKIPPED.add("resign")
    names = list(GAMES) if args.game == "all" else [args.game]
    overhead = _clock_cost()
    print(f"CPU time per decision, {args.games} seeded games per player count "
          f"(clock cost {overhead * 1e6:.2f} µs per timed call, subtracted)"
          + (f"; options {OPTIONS}" if OPTIONS else "")
          + ("; no resignation" if SKIPPED else ""))
    for name in names:
        for players in GAMES[name][1]:
            run(name, players, args.games, overhead, args.repeat)
    if args.profile:
        for name in names:
            rules, counts = GAMES[name]
            games = max(5, args.games // 4)
            prof = cProfile.Profile()
            prof.runcall(play_many, rules, counts[-1], games)
            print(f"\n{name}, {counts[-1]} players, {games} games:")
            pstats.Stats(prof).sort_stats("tottime").print_stats(15)


def play_many(rules: ModuleType, players: int, games: int) -> None:
    for seed in range(games):
        play(rules, players, seed)


if __name__ == "__main__":
    main()
