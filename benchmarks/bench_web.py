"""The web companion's figures (issue 24): pages served while games are played, and the replay.

    python3 benchmarks/bench_web.py [--games 100] [--viewers 100] [--seconds 60]
                                    [--clicks 20] [--replay-players 4] [--seed 1]
                                    [--skip-viewers]

One process, one event loop, as `agora run` serves the pages: a SQLite store, the turn service
(bot.host.turns.Games) and the site (bot.web.server) on a port of its own, shared.

1. Viewers while the bot plays. `--games` games (Pantheon, Amun-Re and Through the Ages in
   turn, three people each) are begun; a player task clicks random options of the awaited
   seats of random games through the turn service, as buttons do, `--clicks` times a second
   (20: a hundred games whose people each click every five seconds; a click that completes a
   turn is a database commit). `--viewers` aiohttp clients, each watching one game, do what
   the page's script does: ask state.json every 5 s (here every 0.5 s: a hundred viewers at
   ten times a real page's pace) and, when the game moved, load the page and its new board
   picture.
   Printed per kind of request (the page, state.json, a board picture drawn for it, a board
   picture from the memo): count, p50, p95 and max of the time from sending the request to
   the last byte of the answer, and each p50 as a ratio to the floor: a static file served by
   the same site in the same run (/static/page.css, the least a request costs here).

2. The replay of a long game. A Pantheon game of `--replay-players` people clicking at random
   is played to its end (at least 500 decisions); the picture memo is emptied; then the
   replay's pictures are fetched one step after another, as the slider and the arrow keys ask
   for them (board/<n>.png with the step's stamp), forwards from the first step to the last
   and back. Printed: the first step, and p50, p95 and max of the steps after it.

Runs repeat their games for a seed; the times are this machine's.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import re
import socket
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import aiohttp  # noqa: E402

import bot.web.server as web_server  # noqa: E402
from bot.host.links import Links  # noqa: E402
from bot.host.lobby import Lobby  # noqa: E402
from bot.host.turns import Games  # noqa: E402
from bot.store import open_store  # noqa: E402
from bot.web.server import Server, Site  # noqa: E402
from tests.bot.bot_helpers import click_random  # noqa: E402

SECRET = "a benchmark secret, long enough to sign links"
KINDS = ("pantheon", "amunre", "tta")
POLL = 0.5  # seconds between a viewer's polls (a page polls every 5)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


async def begin(lobby: Lobby, game: str, channel: int, first_user: int, seed: int,
                players: int = 3) -> int:
    await lobby.start(game=game, guild_id=1, channel_id=channel, user_id=first_user,
                      name=f"p{first_user}", options={"seed": seed})
    for u in range(first_user + 1, first_user + players):
        await lobby.join(game=game, channel_id=channel, user_id=u, name=f"p{u}")
    table = await lobby.begin(game=game, channel_id=channel, user_id=first_user,
                              can_manage=False)
    return table.game.id


async def click(games: Games, game_id: int, rng: random.Random) -> bool:
    """One click of an awaited seat, as its button does; False when the game is not in play."""
    if (await games.table(game_id)).game.status != "playing":
        return False
    await click_random(games, game_id, rng)
    return True


def stats(times: list[float]) -> str:
    if not times:
        return "none"
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    return (f"{len(times):6d}  p50 {statistics.median(ordered) * 1000:7.1f} ms  "
            f"p95 {p95 * 1000:7.1f} ms  max {ordered[-1] * 1000:7.1f} ms")


async def timed(http: aiohttp.ClientSession, url: str) -> tuple[float, int, bytes]:
    start = time.perf_counter()
    async with http.get(url) as r:
        body = await r.read()
    return time.perf_counter() - start, r.status, body


async def viewers(args: argparse.Namespace) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        store = await open_store(str(Path(tmp) / "agora.db"))
        games = Games(store)
        lobby = Lobby(games)
        ids = [await begin(lobby, KINDS[i % 3], 1000 + i, 10 * i + 1, args.seed + i)
               for i in range(args.games)]
        port = free_port()
        links = Links(f"http://127.0.0.1:{port}", SECRET)
        server = Server(Site(store, games, links))
        await server.start("127.0.0.1", port)
        times: dict[str, list[float]] = defaultdict(list)
        clicks = 0
        stop = asyncio.Event()

        async def player() -> None:
            nonlocal clicks
            rng = random.Random(args.seed)
            while not stop.is_set():
                gid = rng.choice(ids)
                if await click(games, gid, rng):
                    clicks += 1
                await asyncio.sleep(1 / args.clicks)

        async def viewer(n: int, http: aiohttp.ClientSession) -> None:
            gid = ids[n % len(ids)]
            url = links.game_url(gid)
            seen = -1
            await asyncio.sleep(POLL * n / args.viewers)  # viewers arrive spread out
            while not stop.is_set():
                took, _, body = await timed(http, url + "/state.json")
                times["state.json"].append(took)
                decisions = int(re.search(rb'"decisions": (\d+)', body)[1])
                if decisions != seen:
                    seen = decisions
                    took, status, html = await timed(http, url)
                    times["page"].append(took)
                    found = re.search(rb'src="([^"]+/board/\d+\.png\?[^"]+)"', html)
                    if status == 200 and found:
                        picture = found[1].decode().replace("&amp;", "&")
                        key = "board picture, drawn" if picture not in drawn \
                            else "board picture, from the memo"
                        drawn.add(picture)
                        took, _, _ = await timed(http, f"{links.base_url}/g/{picture}")
                        times[key].append(took)
                took, _, _ = await timed(http, f"{links.base_url}/static/page.css")
                times["floor: /static/page.css"].append(took)
                await asyncio.sleep(POLL)

        drawn: set[str] = set()
        connector = aiohttp.TCPConnector(limit=0)
        async with aiohttp.ClientSession(connector=connector) as http:
            tasks = [asyncio.create_task(player())]
            tasks += [asyncio.create_task(viewer(n, http)) for n in range(args.viewers)]
            started = time.perf_counter()
            await asyncio.sleep(args.seconds)
            stop.set()
            await asyncio.gather(*tasks)
            elapsed = time.perf_counter() - started
        await server.stop()
        await store.close()
    total = sum(len(v) for v in times.values())
    floor = statistics.median(times["floor: /static/page.css"])
    print(f"{args.viewers} viewers of {args.games} games, {args.seconds} s; the player clicked "
          f"{clicks} times ({clicks / elapsed:.1f}/s); {total / elapsed:.0f} requests/s")
    for kind in ("page", "state.json", "board picture, drawn", "board picture, from the memo",
                 "floor: /static/page.css"):
        if times[kind]:
            ratio = statistics.median(times[kind]) / floor
            print(f"  {kind:30s} {stats(times[kind])}  {ratio:6.1f} x floor")


async def replay(args: argparse.Namespace) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        store = await open_store(str(Path(tmp) / "agora.db"))
        games = Games(store)
        lobby = Lobby(games)
        seed = args.seed
        while True:  # a finished game of at least 500 decisions
            gid = await begin(lobby, "pantheon", 5000 + seed, 100 * seed, seed,
                              args.replay_players)
            rng = random.Random(seed)
            while await click(games, gid, rng):
                pass
            n = (await games.table(gid)).game.decisions
            if n >= 500:
                break
            seed += 1
        port = free_port()
        links = Links(f"http://127.0.0.1:{port}", SECRET)
        server = Server(Site(store, games, links))
        await server.start("127.0.0.1", port)
        web_server.PICTURES.clear()
        async with aiohttp.ClientSession() as http:
            url = links.game_url(gid)
            _, _, html = await timed(http, url + "/replay?lang=en")
            stamps = re.findall(rb'<li data-step="\d+" data-v="(\w+)"', html)
            assert len(stamps) == n + 1
            order = list(range(n + 1))
            forward: list[float] = []
            for step in order:
                took, status, _ = await timed(
                    http, f"{url}/board/{step}.png?lang=en&v={stamps[step].decode()}")
                assert status == 200
                forward.append(took)
            web_server.PICTURES.clear()
            backward: list[float] = []
            for step in reversed(order):
                took, _, _ = await timed(
                    http, f"{url}/board/{step}.png?lang=en&v={stamps[step].decode()}")
                backward.append(took)
        await server.stop()
        await store.close()
    print(f"replay of a finished {args.replay_players}-player Pantheon game of {n} decisions "
          f"(seed {seed}), every step's picture drawn afresh:")
    print(f"  forwards:  first step {forward[0] * 1000:.1f} ms; after it {stats(forward[1:])}")
    print(f"  backwards: first step {backward[0] * 1000:.1f} ms; after it {stats(backward[1:])}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--viewers", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--clicks", type=float, default=20.0)
    parser.add_argument("--replay-players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--skip-viewers", action="store_true")
    args = parser.parse_args()
    if not args.skip_viewers:
        asyncio.run(viewers(args))
    asyncio.run(replay(args))


if __name__ == "__main__":
    main()
