"""`agora simulate pantheon --players N --games K --seed S [--json]`."""

from __future__ import annotations

import argparse
import json
import time
from dataclasses import asdict

from engine.pantheon.simulate import random_game


def main(args: argparse.Namespace) -> int:
    if not 2 <= args.players <= 4:
        print("Pantheon is for 2 to 4 players.")
        return 2
    if args.games < 1:
        print("--games must be at least 1.")
        return 2
    start = time.perf_counter()
    total = 0
    for i in range(args.games):
        _, rec = random_game(args.players, args.seed + i)
        total += rec.decisions
        if args.json:
            print(json.dumps(asdict(rec)))
        else:
            scores = " ".join(f"{s:3d}" for s in rec.scores)
            winners = ",".join(str(w + 1) for w in rec.winners)
            print(f"game {i + 1:4d}  seed {rec.seed:6d}  decisions {rec.decisions:5d}  "
                  f"scores {scores}  winner(s) {winners}")
    elapsed = time.perf_counter() - start
    summary = {"games": args.games, "players": args.players, "decisions": total,
               "seconds": round(elapsed, 3), "games_per_second": round(args.games / elapsed, 2),
               "microseconds_per_decision": round(1e6 * elapsed / max(1, total), 1)}
    if args.json:
        print(json.dumps({"summary": summary}))
    else:
        print(f"{args.games} games, {total} decisions in {elapsed:.2f} s: "
              f"{summary['games_per_second']} games/s, "
              f"{summary['microseconds_per_decision']} µs per decision")
    return 0
