"""The web companion with several processes on one PostgreSQL database (README.md, "The web
companion" and "Several processes"): two real `agora run` processes split the Discord double's
shards — A runs shard 0 (every DM interaction lands there), B shard 1 (the game's guild) — each
serving the web pages on a port of its own, and `agora web` serves them alone as a third
process. alice plays a Pantheon game against an AI seat, her turns alternately in the channel
(process B) and by DM (process A). After every turn each of the three processes serves the
same page: the new decision count, the new board picture, the link the turn post carries,
alice's hand on her own page and on no public page."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Awaitable, Callable
from typing import Any

import aiohttp
from markupsafe import escape

from bot.host.kinds import kind
from bot.host.links import Links
from bot.store import open_store
from data.i18n import use_language
from tests.bot.bot_helpers import BotProcess
from tests.bot.discord.test_bot_cluster import (  # noqa: F401 - cluster_double: a fixture
    SEED,
    alice_by_dm,
    alice_in_the_channel,
    cluster_double,
    slash,
    wait_for_store,
)
from tests.bot.store.store_backends import current_state
from tests.bot.web.test_web_pages import free_port
from tests.bot.web.test_web_startup import agora_web

SECRET = "a secret the three processes share, long enough"
LINK = re.compile(r"Watch in a browser: <(http://127\.0\.0\.1:\d+)(/g/[^>]+)>")


def web_env(port: int) -> dict[str, str]:
    return {"AGORA_WEB_PORT": str(port), "AGORA_WEB_URL": f"http://127.0.0.1:{port}",
            "AGORA_WEB_SECRET": SECRET, "AGORA_WEB_HOST": "127.0.0.1"}


async def until_served(http: aiohttp.ClientSession, url: str, alive: Callable[[], bool]
                       ) -> None:
    """Wait until a process answers on its port (it starts before Discord is asked)."""
    for _ in range(300):
        try:
            async with http.get(url) as r:
                await r.read()
                return
        except aiohttp.ClientConnectionError:
            assert alive(), f"nothing serves {url}"
            await asyncio.sleep(0.1)
    raise AssertionError(f"nothing serves {url}")


async def test_every_process_serves_the_game_as_it_is_now(cluster_double, pg_url):  # noqa: F811
    d, channel = cluster_double
    ports = [free_port() for _ in range(3)]
    a = BotProcess(d, pg_url, args=("--shards", "0", "--shard-count", "2"),
                   env=web_env(ports[0]))
    b = BotProcess(d, pg_url, env={"AGORA_SHARD_IDS": "1", "AGORA_SHARD_COUNT": "2",
                                   **web_env(ports[1])})
    alone = agora_web({"AGORA_DB": pg_url, **web_env(ports[2])})
    bases = [f"http://127.0.0.1:{port}" for port in ports]
    store = await open_store(pg_url, cache=False)  # the test's own reader of the database
    try:
        await a.start()
        await b.start()
        await d.wait_for_commands("pantheon")
        async with aiohttp.ClientSession() as http:
            await until_served(http, bases[2] + "/static/page.css", lambda: alone.poll() is None)
            await slash(d, channel, "start", seed=SEED)
            await slash(d, channel, "addbot", level="easy")
            await slash(d, channel, "begin")
            gid = (await store.open_game(channel.id)).id
            await wait_for_store(d, store, gid, lambda g: g.awaited == [0] and g.posted >= 0
                                 and g.posted == g.decisions, "the opening, posted")
            seen = [await check(http, d, channel, store, gid, bases)]
            turns: list[Callable[[], Awaitable[None]]] = [
                lambda: alice_in_the_channel(d, channel, store, gid),  # process B
                lambda: alice_by_dm(d, store, gid)]  # process A
            for turn in turns * 2:
                before = (await store.game(gid)).decisions
                await turn()
                # the AI's turn follows hers; her turn again, posted
                await wait_for_store(d, store, gid, lambda g, n=before: g.decisions > n
                                     and g.awaited == [0] and g.posted == g.decisions,
                                     "alice's turn again, posted", timeout=60)
                seen.append(await check(http, d, channel, store, gid, bases))
        assert seen == sorted(set(seen)) and len(seen) == 5  # five different moments, in order
        assert not a.errors and not b.errors, (a.errors, b.errors)
        # both bot processes committed turns (her channel turns in B, her DM turns in A)
        assert a.logged("commit") and b.logged("commit")
    finally:
        await a.kill()
        await b.kill()
        alone.terminate()
        alone.wait(timeout=30)
        await store.close()


async def check(http: aiohttp.ClientSession, d: Any, channel: Any, store: Any, gid: int,
                bases: list[str]) -> int:
    """Each process serves the game as the database holds it now: state.json, the page with
    the current board (stamped), that picture (the very one the newest turn post shows), the
    post's link, alice's page with her hand and its picture, and a public page without
    either."""
    game = await store.game(gid)
    seats = await store.seats(gid)
    k = kind("pantheon")
    state = await current_state(store, gid, k.rules)
    with use_language("en"):
        cards = k.rules.hand_text(k.rules.view(state, 0), 0).split("\n")[0]
    post = [m for m in d.messages(channel) if m.attachments][-1]
    link = LINK.search(post.content)
    assert link is not None, post.content
    links = Links(bases[0], SECRET)
    seat_path = links.seat_url(gid, 0, seats[0].user_id)[len(bases[0]):]
    for base in bases:
        async with http.get(f"{base}{link[2]}/state.json") as r:
            assert r.status == 200 and await r.json() == {"decisions": game.decisions,
                                                          "status": "playing"}, base
        async with http.get(f"{base}{link[2]}?lang=en") as r:  # the post's link, any process
            assert r.status == 200
            public = await r.text()
        picture = re.search(rf'src="([^"]+/board/{game.decisions}\.png\?[^"]+)"', public)
        assert picture is not None, (base, game.decisions)
        async with http.get(f"{base}/g/{picture[1].replace('&amp;', '&')}") as r:
            assert r.status == 200 and r.content_type == "image/png", base
            assert "immutable" in r.headers["Cache-Control"]  # the current step's stamp
            # the very board the turn post shows: drawn from the current state, not a stale one
            assert await r.read() == post.attachments[0].data, base
        assert str(escape(cards)) not in public and "/hand/" not in public
        async with http.get(f"{base}{seat_path}?lang=en") as r:
            assert r.status == 200
            own = await r.text()
        assert str(escape(cards)) in own and f'data-decisions="{game.decisions}"' in own
        hand = re.search(rf'src="([^"]+/hand/{game.decisions}\.png\?[^"]+)"', own)
        assert hand is not None, (base, game.decisions)
        async with http.get(f"{base}/p/{hand[1].replace('&amp;', '&')}") as r:
            assert r.status == 200 and r.content_type == "image/png", base
            assert r.headers["Cache-Control"].startswith("private")  # her eyes only
    return game.decisions
