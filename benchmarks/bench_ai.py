"""Benchmark of a game's AI levels: win rates and time per decision.

    python3 benchmarks/bench_ai.py [--game pantheon|amunre|tta] [--games 200] [--workers 2]
        [--seed 1] [--pairing NAME ...] [--option KEY=VALUE ...] [--no-resign]

Any game of `engine/registry.py` with an AI part (default pantheon): the rules come from
`registry.rules(game)`, the AI from `registry.part(game, "ai").choose`. Plays seeded games for
each pairing (4 players; the "-vs-2-" pairings, Through the Ages' default, 3 players;
"strong-vs-normal" 2) and prints, per level, how often a seat of that level won, with a
Wilson 95% confidence interval, and the AI's time per decision (median, 95th and 99th
percentile, maximum) measured around the AI's call, in wall time and in the CPU time of the
deciding thread (what one core spends, whatever else the machine runs). When the AI module
also offers `decide` (`choose` plus whether the level's own logic produced the decision; every
built-in game's does) that call is used, the same decision, so the fallbacks to the first
option can be counted.

Counting wins: by the game's shared-win rule (`INFO.shared_win_rule`: P-END-3 in Pantheon,
every player still tied after the demigod tie-break; A-END-3 in Amun-Re, after the pyramid and
stone tie-breaks) every tied player wins (shared victory). A game counts as won by a level when
at least one seat of that level is among the winners, so in a shared win every sharing level
gets the game (the "won" rate and its Wilson interval); the number of shared games is printed
too, with the "fractional" rate where a win shared by k seats is worth 1/k.
The seats of each level rotate with the game number so that no level keeps the same seat
(the start player is drawn from the seed). The strong pairings pair their deals: one seed is
played in every rotation of the seats before the next seed (`PAIRED`).

`--option KEY=VALUE` (repeatable) passes game options to `new_game`, e.g. `--option mode=full`
for Through the Ages' full game; a value that reads as JSON (a number, true/false) is passed as
such, else as text. `--no-resign`: the random seats choose among their options without "resign"
when there are others (F-RES: a random seat of the full game otherwise resigns within a few
turns, and a 3-player game ends when two have resigned), a harder baseline.

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

from benchmarks.cli_options import parse_option  # noqa: E402
from engine import registry  # noqa: E402

PAIRINGS: dict[str, list[str]] = {
    "normal-vs-3-random": ["normal", "random", "random", "random"],
    "normal-vs-3-easy": ["normal", "easy", "easy", "easy"],
    "2-normal-vs-2-easy": ["normal", "normal", "easy", "easy"],
    "easy-vs-3-random": ["easy", "random", "random", "random"],
    # 3-player tables (Through the Ages' benchmark)
    "normal-vs-2-random": ["normal", "random", "random"],
    "normal-vs-2-easy": ["normal", "easy", "easy"],
    "easy-vs-2-random": ["easy", "random", "random"],
    # the strong level (engine/search.py) against normal: a duel, and its share at a bigger table
    "strong-vs-normal": ["strong", "normal"],
    "strong-vs-2-normal": ["strong", "normal", "normal"],
    "2-strong-vs-2-normal": ["strong", "strong", "normal", "normal"],
}
# pairings whose deals are paired: each seed is played once in every seat rotation, so luck of
# the deal favours no level (the game number walks the rotations, then the next seed)
PAIRED = {"strong-vs-normal", "strong-vs-2-normal", "2-strong-vs-2-normal"}
# the pairings each game plays unless --pairing names others
DEFAULT_PAIRINGS: dict[str, list[str]] = {
    "pantheon": ["normal-vs-3-random", "normal-vs-3-easy", "2-normal-vs-2-easy"],
    "amunre": ["normal-vs-3-random", "normal-vs-3-easy", "easy-vs-3-random"],
    "tta": ["normal-vs-2-random", "normal-vs-2-easy", "easy-vs-2-random"],
}
OTHER_GAMES_PAIRINGS = ["normal-vs-3-random", "normal-vs-3-easy", "easy-vs-3-random"]


def default_pairings(game: str) -> list[str]:
    return DEFAULT_PAIRINGS.get(game, OTHER_GAMES_PAIRINGS)


def seats_for(levels: list[str], game: int) -> list[str]:
    k = game % len(levels)
    return levels[k:] + levels[:k]


def ai_call(game: str):
    """The AI of `game` as `(state, seat, level, rng) -> (decision, own logic?)`: its `decide`
    when it has one (the same decision as `choose`, with the fallback flag), else `choose`
    (never counted as a fallback)."""
    ai = registry.part(game, "ai")
    decide = getattr(ai, "decide", None)
    if decide is not None:
        return decide
    choose = ai.choose
    return lambda state, seat, level, rng: (choose(state, seat, level, rng), True)


def play_one(job: tuple) -> dict:
    """One whole game; returns the levels by seat, the result and the AI decision times."""
    game_id, pairing, game, seed = job[:4]
    options = job[4] if len(job) > 4 else None
    no_resign = bool(job[5]) if len(job) > 5 else False
    rules = registry.rules(game_id)
    decide = ai_call(game_id)
    levels = seats_for(PAIRINGS[pairing], game)
    names = [f"{lv}-{i}" for i, lv in enumerate(levels)]
    s = rules.new_game(names, seed, options) if options else rules.new_game(names, seed)
    rngs = [random.Random(seed * 7 + i) for i in range(len(levels))]
    times: dict[str, list[float]] = defaultdict(list)
    cpu: dict[str, list[float]] = defaultdict(list)
    fallbacks = 0
    played = 0
    digest = hashlib.sha256()
    while True:
        prompts = rules.pending(s)
        if not prompts:
            break
        seat = prompts[0].seat
        t0, c0 = time.perf_counter(), time.thread_time()
        if no_resign and levels[seat] == "random":  # the random level, resignation left out
            opts = rules.options(s, seat)
            kept = [o for o in opts if o.kind != "resign"] or opts
            d, own = kept[rngs[seat].randrange(len(kept))], True
        else:
            d, own = decide(s, seat, levels[seat], rngs[seat])
        if levels[seat] != "random":
            times[levels[seat]].append(time.perf_counter() - t0)
            cpu[levels[seat]].append(time.thread_time() - c0)
            fallbacks += not own
        digest.update(f"{seat}:{json.dumps(d.to_json(), sort_keys=True)}\n".encode())
        s, _ = rules.apply(s, seat, d, in_place=True)
        played += 1
    res = rules.result(s)
    assert res is not None
    return {"pairing": pairing, "levels": levels, "scores": res["scores"],
            "winners": res["winners"], "times": dict(times), "cpu": dict(cpu),
            "fallbacks": fallbacks, "decisions": getattr(s, "decisions", played),
            "digest": digest.hexdigest()}


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
    players = len(PAIRINGS[pairing])
    print(f"\n== {pairing}: {n} games, {players} players (seats rotate), shared wins: {shared}")
    for lv in levels:
        seats = PAIRINGS[pairing].count(lv)
        won = sum(1 for g in games if any(g["levels"][w] == lv for w in g["winners"]))
        frac = sum(sum(1 for w in g["winners"] if g["levels"][w] == lv) / len(g["winners"])
                   for g in games)
        lo, hi = wilson(won, n)
        mean = statistics.mean(
            statistics.mean(sc for sc, l2 in zip(g["scores"], g["levels"], strict=True)
                            if l2 == lv) for g in games)
        share = seats / players
        print(f"  {lv:7s} ({seats} seat{'s' if seats > 1 else ''}, fair share {share:.0%}): "
              f"won {won}/{n} = {won / n:.1%}  [Wilson 95% {lo:.1%} .. {hi:.1%}]  "
              f"fractional {frac / n:.1%}  mean score {mean:.1f}")
    decisions = statistics.mean(g["decisions"] for g in games)
    fallbacks = sum(g["fallbacks"] for g in games)
    print(f"  decisions per game: {decisions:.0f}; AI fallbacks to the first option: {fallbacks}")


def timing(all_games: list[dict]) -> None:
    for key, what in (("times", "wall time"), ("cpu", "CPU time of the deciding thread")):
        print(f"\n== time per AI decision (all pairings, measured around the AI's call: {what})")
        by_level: dict[str, list[float]] = defaultdict(list)
        for g in all_games:
            for lv, ts in g[key].items():
                by_level[lv].extend(ts)
        for lv, ts in sorted(by_level.items()):
            ts.sort()
            p95 = ts[min(len(ts) - 1, int(0.95 * len(ts)))]
            p99 = ts[min(len(ts) - 1, int(0.99 * len(ts)))]
            print(f"  {lv:7s}: {len(ts)} decisions, median {statistics.median(ts) * 1000:.2f} "
                  f"ms, mean {statistics.mean(ts) * 1000:.2f} ms, p95 {p95 * 1000:.1f} ms, "
                  f"p99 {p99 * 1000:.1f} ms, max {ts[-1] * 1000:.1f} ms")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", choices=registry.ids(), default="pantheon",
                    help="the game whose AI plays (default: pantheon)")
    ap.add_argument("--games", type=int, default=200, help="games per pairing")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1, help="seed of the first game")
    ap.add_argument("--pairing", action="append", choices=sorted(PAIRINGS),
                    help="pairings to play (default: "
                    + "; ".join(f"{g}: {', '.join(p)}" for g, p in DEFAULT_PAIRINGS.items())
                    + f"; other games: {', '.join(OTHER_GAMES_PAIRINGS)})")
    ap.add_argument("--no-resign", action="store_true",
                    help="random seats never resign when they can do else (F-RES)")
    ap.add_argument("--option", action="append", type=parse_option, default=[],
                    metavar="KEY=VALUE", help="a game option for new_game (repeatable), "
                    "e.g. mode=full")
    args = ap.parse_args(argv)
    options = dict(args.option)
    try:
        ai_call(args.game)
    except LookupError as e:
        ap.error(str(e))
    pairings = args.pairing or default_pairings(args.game)
    jobs = [(args.game, p, g, args.seed + (g // len(PAIRINGS[p]) if p in PAIRED else g),
             options, args.no_resign) for p in pairings for g in range(args.games)]
    info = registry.info(args.game)
    print(f"{info.name} ({args.game}): ", end="")
    print(f"{len(jobs)} games ({args.games} per pairing), {args.workers} worker process(es)"
          + (f", options {json.dumps(options, sort_keys=True)}" if options else "")
          + (", random seats never resign" if args.no_resign else ""))
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
        for i, job in enumerate(jobs, 1):
            done.append(play_one(job))
            if i % 10 == 0:  # a long run says how far it got
                print(f"  {i}/{len(jobs)} games, {time.perf_counter() - t0:.0f} s", flush=True)
    for p in pairings:
        report(p, [g for g in done if g["pairing"] == p])
    timing(done)
    every = hashlib.sha256("".join(g["digest"] for g in done).encode()).hexdigest()
    print(f"\ndecisions digest (same arguments: same digest in every process): {every[:16]}")
    print(f"wall time {time.perf_counter() - t0:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
