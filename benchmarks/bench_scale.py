"""Many games at a human pace in one process: every game gets one click a minute (a random
option of the awaited seat's panel, as a button click does), and each commit that ends a seat's
part has its pictures drawn in a worker thread, as the publisher does for the channel post: the
board, the close-up of the last turn and the game's extra pictures (Through the Ages: each
player's board).

    python3 benchmarks/bench_scale.py [--game all|pantheon|amunre|tta] [--games 1000]
                                      [--seconds 120] [--players N] [--no-pictures]

Prints the interaction latency (the click through the turn service: panel, apply, draft or
commit, the answer's panel) as median / p95 / p99, the clicks per second served, the pictures
drawn, and the database size. Setting up the games (lobby, begin) is not timed.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from bot.host.lobby import Lobby  # noqa: E402
from bot.host.pictures import render_post  # noqa: E402
from bot.host.turns import Games  # noqa: E402
from bot.store.sqlite import Store  # noqa: E402
from engine import registry  # noqa: E402
from tests.bot.bot_helpers import click_random  # noqa: E402


async def setup(lobby: Lobby, game: str, n: int, players: int) -> list[int]:
    ids = []
    for i in range(n):
        channel = 10_000 + i
        host = channel * 10
        table = await lobby.start(game=game, guild_id=1, channel_id=channel, user_id=host,
                                  name="p0", options={"seed": i + 1})
        for p in range(1, players):
            await lobby.join(game=game, channel_id=channel, user_id=host + p, name=f"p{p}")
        await lobby.begin(game=game, channel_id=channel, user_id=host, can_manage=True)
        ids.append(table.game.id)
    return ids


async def click(games: Games, gid: int, rng: random.Random) -> bool:
    """One click of the awaited seat; True when it committed (the publisher draws then)."""
    res = await click_random(games, gid, rng)
    return res is not None and res.commit is not None


def latency_line(latencies: list[float]) -> str:
    """Latencies (seconds) as median, p95, p99 and max in milliseconds."""
    lat = sorted(x * 1000 for x in latencies)

    def p(q: float) -> float:
        return lat[min(len(lat) - 1, int(q * len(lat)))]

    return (f"latency median {statistics.median(lat):.1f} ms, p95 {p(0.95):.1f} ms, "
            f"p99 {p(0.99):.1f} ms, max {lat[-1]:.1f} ms")


async def run(args: argparse.Namespace, game: str, players: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "scale.db"
        store = await Store.open(db)
        games = Games(store)
        lobby = Lobby(games)
        start = time.perf_counter()
        ids = await setup(lobby, game, args.games, players)
        print(f"set up {len(ids)} games in {time.perf_counter() - start:.1f} s")
        latencies: list[float] = []
        drawn = 0
        pictures: set[asyncio.Task[None]] = set()
        end = time.perf_counter() + args.seconds
        interval = 60.0  # one click per game per minute

        async def draw(gid: int) -> None:
            nonlocal drawn
            table = await games.table(gid)
            await asyncio.to_thread(render_post, table)  # as the publisher draws a post
            drawn += 1

        async def player(gid: int, rng: random.Random) -> None:
            await asyncio.sleep(rng.uniform(0, interval))  # games do not click in step
            while time.perf_counter() < end:
                t0 = time.perf_counter()
                committed = await click(games, gid, rng)
                latencies.append(time.perf_counter() - t0)
                if committed and args.pictures:
                    task = asyncio.create_task(draw(gid))
                    pictures.add(task)
                    task.add_done_callback(pictures.discard)
                await asyncio.sleep(interval)

        rng = random.Random(1)
        await asyncio.gather(*(player(gid, random.Random(rng.random())) for gid in ids))
        await asyncio.gather(*list(pictures))
        await store.wal_checkpoint()
        size = db.stat().st_size
        await store.close()
    print(f"{game}: {len(ids)} games x {players} players, {args.seconds:.0f} s, "
          f"pictures {'on' if args.pictures else 'off'}")
    print(f"  {len(latencies)} clicks ({len(latencies) / args.seconds:.1f}/s), "
          f"pictures drawn for {drawn} posts")
    print(f"  {latency_line(latencies)}")
    print(f"  database {size / 1e6:.1f} MB ({size / len(ids) / 1000:.0f} KB per game)")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="all", choices=["all", *registry.ids()])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--players", type=int, default=None,
                        help="seats per game (default: the game's most)")
    parser.add_argument("--seconds", type=float, default=120.0)
    parser.add_argument("--no-pictures", dest="pictures", action="store_false")
    args = parser.parse_args()
    print(f"load average (1 min): {os.getloadavg()[0]:.2f} on {os.cpu_count()} CPUs")
    for game in registry.ids() if args.game == "all" else [args.game]:
        players = args.players or registry.info(game).max_players
        asyncio.run(run(args, game, players))
    return 0


if __name__ == "__main__":
    sys.exit(main())
