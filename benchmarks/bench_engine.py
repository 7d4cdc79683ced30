"""Pantheon engine speed: random whole games per second, and microseconds per decision spent in
options() and in apply() (with and without the defensive copy), for 2, 3 and 4 players.

    python3 benchmarks/bench_engine.py [--games 40]
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import time

from engine.pantheon import apply, new_game, options, pending


def run(players: int, games: int) -> None:
    t_opts = t_apply = t_copy = 0.0
    decisions = 0
    start = time.perf_counter()
    for seed in range(games):
        rng = random.Random(seed)
        s = new_game(players, seed)
        while pending(s):
            seat = pending(s)[0].seat
            t0 = time.perf_counter()
            opts = options(s, seat)
            t1 = time.perf_counter()
            d = rng.choice(opts)
            if decisions % 50 == 0:  # sample the pure (copying) apply now and then
                c0 = time.perf_counter()
                apply(s, seat, d)
                t_copy += time.perf_counter() - c0
            t2 = time.perf_counter()
            s, _ = apply(s, seat, d, in_place=True)
            t3 = time.perf_counter()
            t_opts += t1 - t0
            t_apply += t3 - t2
            decisions += 1
    elapsed = time.perf_counter() - start - t_copy
    sampled = max(1, (decisions + 49) // 50)
    print(f"{players} players: {games / elapsed:6.1f} games/s, {decisions / games:6.0f} decisions "
          f"per game; per decision: options {1e6 * t_opts / decisions:5.1f} µs, apply in place "
          f"{1e6 * t_apply / decisions:5.1f} µs, pure apply (with copy) "
          f"{1e6 * t_copy / sampled:5.1f} µs")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--profile", action="store_true", help="show where the time goes")
    args = parser.parse_args()
    for players in (2, 3, 4):
        run(players, args.games)
    if args.profile:
        prof = cProfile.Profile()
        prof.runcall(run, 4, max(5, args.games // 4))
        pstats.Stats(prof).sort_stats("tottime").print_stats(12)


if __name__ == "__main__":
    main()
