"""Benchmark of the Amun-Re AI levels: win rates and time per decision.

    python3 benchmarks/bench_amunre_ai.py [--games 200] [--workers 2] [--seed 1]
        [--pairing NAME ...]

Plays seeded 4-player games for each pairing and prints, per level, how often a seat of that
level won, with a Wilson 95% confidence interval, and the AI's time per decision (median, 99th
percentile, maximum) measured around `decide()`.

Counting wins: by A-END-3 every player still tied after the pyramid and stone tie-breaks wins
(shared victory). A game counts as won by a level when at least one seat of that level is among
the winners, so in a shared win every sharing level gets the game (the "won" rate and its Wilson
interval); the number of shared games is printed too, with the "fractional" rate where a win
shared by k seats is worth 1/k.
The seats of each level rotate with the game number so that no level keeps the same seat
(the start player is drawn from the seed).

Runs repeat: the same arguments give the same games in every process, whatever PYTHONHASHSEED
is. The last lines print a digest of every decision played, to compare two runs at a glance.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import os
import random
import statistics
import sys
import time
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from engine.amunre import apply, new_game, pending, result  # noqa: E402
from engine.amunre.ai import decide  # noqa: E402

PAIRINGS: dict[str, list[str]] = {
    "normal-vs-3-random": ["normal", "random", "random", "random"],
    "normal-vs-3-easy": ["normal", "easy", "easy", "easy"],
    "2-normal-vs-2-easy": ["normal", "normal", "easy", "easy"],
    "easy-vs-3-random": ["easy", "random", "random", "random"],
}
DEFAULT_PAIRINGS = ["normal-vs-3-random", "normal-vs-3-easy", "easy-vs-3-random"]


def seats_for(levels: list[str], game: int) -> list[str]:
    k = game % len(levels)
    return levels[k:] + levels[:k]


def play_one(job: tuple[str, int, int]) -> dict:
    """One whole game; returns the levels by seat, the result and the AI decision times."""
    pairing, game, seed = job
    levels = seats_for(PAIRINGS[pairing], game)
    s = new_game([f"{lv}-{i}" for i, lv in enumerate(levels)], seed)
    rngs = [random.Random(seed * 7 + i) for i in range(len(levels))]
    times: dict[str, list[float]] = defaultdict(list)
    fallbacks = 0
    digest = hashlib.sha256()
    while True:
        prompts = pending(s)
        if not prompts:
            break
        seat = prompts[0].seat
        t0 = time.perf_counter()
        d, own = decide(s, seat, levels[seat], rngs[seat])
        if levels[seat] != "random":
            times[levels[seat]].append(time.perf_counter() - t0)
            fallbacks += not own
        digest.update(f"{seat}:{json.dumps(d.to_json(), sort_keys=True)}\n".encode())
        s, _ = apply(s, seat, d, in_place=True)
    res = result(s)
    assert res is not None
    return {"pairing": pairing, "levels": levels, "scores": res["scores"],
            "winners": res["winners"], "times": dict(times), "fallbacks": fallbacks,
            "decisions": s.decisions, "digest": digest.hexdigest()}


def wilson(wins: float, n: int, z: float = 1.959964) -> tuple[float, float]:
    """Wilson score interval for a binomial proportion."""
    if n == 0:
        return 0.0, 0.0
    p = wins / n
    den = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return max(0.0, mid - half), min(1.0, mid + half)


def report(pairing: str, games: list[dict]) -> None:
    n = len(games)
    levels = sorted(set(PAIRINGS[pairing]), key=PAIRINGS[pairing].index)
    shared = sum(1 for g in games if len(g["winners"]) > 1)
    print(f"\n== {pairing}: {n} games, 4 players (seats rotate), shared wins: {shared}")
    for lv in levels:
        seats = PAIRINGS[pairing].count(lv)
        won = sum(1 for g in games if any(g["levels"][w] == lv for w in g["winners"]))
        frac = sum(sum(1 for w in g["winners"] if g["levels"][w] == lv) / len(g["winners"])
                   for g in games)
        lo, hi = wilson(won, n)
        mean = statistics.mean(
            statistics.mean(sc for sc, l2 in zip(g["scores"], g["levels"], strict=True)
                            if l2 == lv) for g in games)
        print(f"  {lv:7s} ({seats} seat{'s' if seats > 1 else ''}, fair share {seats / 4:.0%}): "
              f"won {won}/{n} = {won / n:.1%}  [Wilson 95% {lo:.1%} .. {hi:.1%}]  "
              f"fractional {frac / n:.1%}  mean score {mean:.1f}")
    decisions = statistics.mean(g["decisions"] for g in games)
    fallbacks = sum(g["fallbacks"] for g in games)
    print(f"  decisions per game: {decisions:.0f}; AI fallbacks to the first option: {fallbacks}")


def timing(all_games: list[dict]) -> None:
    print("\n== time per AI decision (all pairings, measured around decide())")
    by_level: dict[str, list[float]] = defaultdict(list)
    for g in all_games:
        for lv, ts in g["times"].items():
            by_level[lv].extend(ts)
    for lv, ts in sorted(by_level.items()):
        ts.sort()
        p99 = ts[min(len(ts) - 1, int(0.99 * len(ts)))]
        print(f"  {lv:7s}: {len(ts)} decisions, median {statistics.median(ts) * 1000:.2f} ms, "
              f"mean {statistics.mean(ts) * 1000:.2f} ms, p99 {p99 * 1000:.1f} ms, "
              f"max {ts[-1] * 1000:.1f} ms")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200, help="games per pairing")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1, help="seed of the first game")
    ap.add_argument("--pairing", action="append", choices=sorted(PAIRINGS),
                    help=f"pairings to play (default: {', '.join(DEFAULT_PAIRINGS)})")
    args = ap.parse_args(argv)
    pairings = args.pairing or DEFAULT_PAIRINGS
    jobs = [(p, g, args.seed + g) for p in pairings for g in range(args.games)]
    print(f"{len(jobs)} games ({args.games} per pairing), {args.workers} worker process(es)")
    t0 = time.perf_counter()
    done: list[dict] = []
    if args.workers > 1:
        with ProcessPoolExecutor(args.workers) as pool:
            for i, g in enumerate(pool.map(play_one, jobs, chunksize=4), 1):
                done.append(g)
                if i % 50 == 0:
                    print(f"  {i}/{len(jobs)} games, {time.perf_counter() - t0:.0f} s",
                          flush=True)
    else:
        done = [play_one(j) for j in jobs]
    for p in pairings:
        report(p, [g for g in done if g["pairing"] == p])
    timing(done)
    every = hashlib.sha256("".join(g["digest"] for g in done).encode()).hexdigest()
    print(f"\ndecisions digest (same arguments: same digest in every process): {every[:16]}")
    print(f"wall time {time.perf_counter() - t0:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
