"""Ten thousand games at a human pace over two bot processes on one PostgreSQL database, beside
the same games in one process on SQLite.

    python3 benchmarks/bench_cluster.py [--game pantheon|amunre] [--games 10000]
                                        [--seconds 120] [--players N] [--skip-sqlite]

A private PostgreSQL server is started for the run (tests/pg_server.py, with durable commits: fsync
on, as SQLite's synchronous=FULL). Two worker processes each run the bot's own turn service
(`bot.host.turns.Games` over `bot.store.postgres.PgStore`), as two `agora run` processes holding
half of Discord's shards would: the games are split between them by their guild's shard, and, as
Discord sends every DM click to the process holding shard 0, half of each game's clicks (chosen at
random) are served by process 0 whatever the game's shard. Every game gets one click a minute (a
random option of the awaited seat's panel, or Confirm, as a button does), the games out of step
with each other. Then the same number of games is played the same way by one process on SQLite.

Prints, per backend: the clicks served per second, the interaction latency (the click through
the turn service: panel, apply, draft or commit, the answer's panel) as median / p95 / p99, and
the database size. Setting the games up (lobby, begin) is not timed. The board pictures are not
drawn here: at this pace they alone would need more than this machine's two cores
(bench_scale.py measures a process with its pictures).
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing as mp
import os
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from bench_scale import latency_line  # noqa: E402  (this folder: the script's own)

from bot.host.lobby import Lobby  # noqa: E402
from bot.host.turns import Games  # noqa: E402
from bot.store import open_store  # noqa: E402
from engine import registry  # noqa: E402
from tests.bot.bot_helpers import click_random  # noqa: E402
from tests.pg_server import PgServer  # noqa: E402

SETUP_BATCH = 50  # games set up at once (their commits share the server's flushes)


async def setup(lobby: Lobby, game: str, numbers: list[int], players: int) -> list[int]:
    """Open, fill and begin the games numbered `numbers` (each in a channel of its own)."""

    async def one(i: int) -> int:
        channel = 10_000 + i
        host = channel * 10
        table = await lobby.start(game=game, guild_id=1 + i % 2, channel_id=channel,
                                  user_id=host, name="p0", options={"seed": i + 1})
        for p in range(1, players):
            await lobby.join(game=game, channel_id=channel, user_id=host + p, name=f"p{p}")
        await lobby.begin(game=game, channel_id=channel, user_id=host, can_manage=True)
        return table.game.id

    ids: list[int] = []
    for start in range(0, len(numbers), SETUP_BATCH):
        ids += await asyncio.gather(*(one(i) for i in numbers[start:start + SETUP_BATCH]))
    return ids


def served_by(gid: int, k: int, owner: int, processes: int) -> int:
    """Which process serves click `k` of game `gid`: half of the clicks come by DM (shard 0's
    process), the others from the game's channel (its own shard's process)."""
    if processes == 1:
        return 0
    return 0 if random.Random(f"{gid}:{k}:route").random() < 0.5 else owner


async def play(games: Games, owned: dict[int, int], me: int, processes: int, begin: float,
               seconds: float, interval: float) -> list[float]:
    """This process's share of every game's clicks, from `begin` (wall clock) for `seconds`;
    returns the latencies of the clicks it served."""
    latencies: list[float] = []
    end = begin + seconds

    async def game_clock(gid: int, owner: int) -> None:
        offset = random.Random(f"{gid}:offset").uniform(0, interval)
        k = 0
        while True:
            due = begin + offset + k * interval
            if due >= end:
                return
            if served_by(gid, k, owner, processes) == me:
                await asyncio.sleep(max(0.0, due - time.time()))
                t0 = time.perf_counter()
                await click_random(games, gid, random.Random(f"{gid}:{k}:choice"))
                latencies.append(time.perf_counter() - t0)
            k += 1

    await asyncio.gather(*(game_clock(gid, owner) for gid, owner in owned.items()))
    return latencies


async def worker_main(target: str, me: int, processes: int, game: str, players: int,
                      numbers: list[int], to_parent: Any, from_parent: Any) -> None:
    store = await open_store(target)
    try:
        games = Games(store, ai_delay=0)
        ids = await setup(Lobby(games), game, numbers, players)
        to_parent.put(("ids", me, ids))
        owned, begin, seconds, interval = from_parent.get()
        latencies = await play(games, owned, me, processes, begin, seconds, interval)
        to_parent.put(("latencies", me, latencies))
    finally:
        await store.close()


def worker(target: str, me: int, processes: int, game: str, players: int, numbers: list[int],
           to_parent: Any, from_parent: Any) -> None:
    asyncio.run(worker_main(target, me, processes, game, players, numbers, to_parent,
                            from_parent))


def run_processes(target: str, processes: int, args: argparse.Namespace, game: str,
                  players: int) -> tuple[int, list[float], float]:
    """Set up and play the games in `processes` worker processes on `target`; returns the
    games, every click's latency and the set-up time."""
    ctx = mp.get_context("spawn")
    up = ctx.Queue()
    downs = [ctx.Queue() for _ in range(processes)]
    shards = [list(range(me, args.games, processes)) for me in range(processes)]
    procs = [ctx.Process(target=worker, args=(target, me, processes, game, players, shards[me],
                                              up, downs[me]))
             for me in range(processes)]
    started = time.perf_counter()
    for p in procs:
        p.start()
    owned: dict[int, int] = {}
    for _ in procs:
        _, me, ids = up.get()
        owned.update({gid: me for gid in ids})
    set_up = time.perf_counter() - started
    begin = time.time() + 2.0  # every process starts its clocks at the same moment
    for down in downs:
        down.put((owned, begin, args.seconds, args.interval))
    latencies: list[float] = []
    for _ in procs:
        _, _, served = up.get()
        latencies += served
    for p in procs:
        p.join()
        if p.exitcode != 0:
            raise RuntimeError(f"a worker process failed (exit code {p.exitcode})")
    return len(owned), latencies, set_up


def report(label: str, n_games: int, latencies: list[float], seconds: float, size: int,
           set_up: float, empty: int) -> None:
    print(f"{label}: {n_games} games set up in {set_up:.0f} s; {len(latencies)} clicks in "
          f"{seconds:.0f} s ({len(latencies) / seconds:.0f}/s)")
    print(f"  {latency_line(latencies)}")
    print(f"  database {size / 1e6:.0f} MB, {empty / 1e6:.1f} MB of it before any game "
          f"({(size - empty) / n_games / 1000:.1f} KB per game in play)")


async def migrated_size(target: str) -> int:
    """The database's size with its tables made and no game in it."""
    store = await open_store(target)
    await store.close()
    if "://" in target:
        return await pg_size(target)
    return Path(target).stat().st_size


async def pg_size(url: str) -> int:
    import asyncpg

    conn = await asyncpg.connect(url)
    try:
        return int(await conn.fetchval("SELECT pg_database_size(current_database())"))
    finally:
        await conn.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="pantheon", choices=registry.ids())
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--players", type=int, default=None,
                        help="seats per game (default: the game's fewest)")
    parser.add_argument("--seconds", type=float, default=120.0)
    parser.add_argument("--interval", type=float, default=60.0,
                        help="seconds between two clicks of one game (60: a human pace)")
    parser.add_argument("--skip-sqlite", action="store_true")
    args = parser.parse_args()
    players = args.players or registry.info(args.game).min_players
    print(f"load average (1 min): {os.getloadavg()[0]:.2f} on {os.cpu_count()} CPUs; "
          f"{args.game}, {players} players, a click per game every {args.interval:.0f} s")
    server = PgServer(fsync=True)
    server.start()
    try:
        url = server.url(server.create_database())
        empty = asyncio.run(migrated_size(url))
        n, latencies, set_up = run_processes(url, 2, args, args.game, players)
        size = asyncio.run(pg_size(url))
        report("PostgreSQL, 2 processes", n, latencies, args.seconds, size, set_up, empty)
    finally:
        server.stop()
    if not args.skip_sqlite:
        with tempfile.TemporaryDirectory() as tmp:
            db = Path(tmp) / "cluster.db"
            empty = asyncio.run(migrated_size(str(db)))
            n, latencies, set_up = run_processes(str(db), 1, args, args.game, players)
            size = sum(f.stat().st_size for f in Path(tmp).iterdir())  # the file and its WAL
            report("SQLite, 1 process", n, latencies, args.seconds, size, set_up, empty)
    return 0


if __name__ == "__main__":
    sys.exit(main())
