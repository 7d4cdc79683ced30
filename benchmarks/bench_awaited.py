"""A game must never stall (issue 31): many random games of every registered game, with
out-of-turn play, checking at every step that each awaited seat has at least one legal option
(and, in Amun-Re, that its A-DEC-7 time-out default is one of them). The walk is the one of
tests/engine/test_awaited_options.py, which runs a small fixed-seed slice of it.

    python3 benchmarks/bench_awaited.py [--game pantheon|amunre|tta|all] [--games 100]
                                        [--players 3,4,5] [--first-seed 0]
                                        [--out-of-turn 0.25]

`--games` games are played per game and player count (the counts a game does not seat are
left out), seeds `--first-seed` upwards. It prints, per game and player count, the games played,
the decisions made, the awaited states checked and the time taken, then every failure (the
seed, the step, the last decisions); the exit status is 1 if there was one."""

from __future__ import annotations

import argparse
import os
import sys
import time

# check the checkout this file is in, not whichever copy of the package is installed
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from engine import registry  # noqa: E402
from tests.engine.test_awaited_options import CHECKS, OUT_OF_TURN, describe, walk  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", default="all", choices=["all", *registry.GAMES])
    ap.add_argument("--games", type=int, default=100, help="games per game and player count")
    ap.add_argument("--players", default=None,
                    help="player counts, e.g. 3,4,5 (default: every count the game seats)")
    ap.add_argument("--first-seed", type=int, default=0)
    ap.add_argument("--out-of-turn", type=float, default=OUT_OF_TURN,
                    help="how often the acting seat is drawn from every seat with options")
    args = ap.parse_args(argv)
    games = registry.GAMES if args.game == "all" else (args.game,)
    failures: list[str] = []
    total_checked = total_games = 0
    print(f"{'game':<10} {'players':>7} {'games':>6} {'decisions':>10} {'checked':>10} "
          f"{'failed':>6} {'seconds':>8}")
    for game in games:
        info = registry.info(game)
        counts = (range(info.min_players, info.max_players + 1) if args.players is None
                  else [int(x) for x in args.players.split(",")])
        for n in counts:
            if not info.min_players <= n <= info.max_players:
                continue
            t0 = time.perf_counter()
            decisions = checked = failed = 0
            for seed in range(args.first_seed, args.first_seed + args.games):
                w = walk(game, n, seed, out_of_turn=args.out_of_turn, check=CHECKS.get(game))
                decisions += w.steps
                checked += w.checked
                if w.failure is not None:
                    failed += 1
                    failures.append(describe(w))
            print(f"{game:<10} {n:>7} {args.games:>6} {decisions:>10} {checked:>10} "
                  f"{failed:>6} {time.perf_counter() - t0:>8.1f}", flush=True)
            total_checked += checked
            total_games += args.games
    print(f"{total_games} games, {total_checked} awaited states checked, "
          f"{len(failures)} failures")
    for line in failures:
        print("FAIL", line)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
