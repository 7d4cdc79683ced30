"""Through the bot and the Discord double with the web pages on (AGORA_WEB_PORT): the channel's
turn post carries the game's public link, which opens its page; the personal link travels with
the hand by DM only, opens that player's page with the hand, and never appears in the channel."""

from __future__ import annotations

import re
import socket

import aiohttp
from markupsafe import escape

from bot.web.settings import WebSettings
from data.i18n import use_language
from tests.bot.bot_helpers import CHANNEL, settle, slash

LINK = re.compile(r"<(http://127\.0\.0\.1:\d+/[gp]/[^>]+)>")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


async def test_turn_posts_carry_the_page_and_the_hand_dm_the_personal_link(agora):
    d = agora.double
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    bot = await agora.start(web=WebSettings(port=port, url=base, secret="x" * 40,
                                            host="127.0.0.1"))
    await slash(d, "alice", "start", seed=11)
    await slash(d, "alice", "addbot", level="easy")
    await slash(d, "alice", "begin")
    post = await d.wait_for_message(CHANNEL, lambda m: bool(m.attachments), timeout=10)
    await settle(bot)
    game_links = LINK.findall(post.content)
    assert len(game_links) == 1 and f"{base}/g/" in game_links[0], post.content
    assert post.content.rstrip().endswith(f"Watch in a browser: <{game_links[0]}>")
    # no personal link ever reaches the channel
    assert not any("/p/" in m.content for m in d.messages(CHANNEL))
    hand_dm = next(m for m in d.dms("alice") if "Your own page" in m.content)
    seat_links = LINK.findall(hand_dm.content)
    assert len(seat_links) == 1 and f"{base}/p/" in seat_links[0], hand_dm.content
    gid = (await bot.store.open_game(d.channel(CHANNEL).id)).id
    table = await bot.games.table(gid)
    k = table.kind
    with use_language("en"):
        cards = k.rules.hand_text(k.rules.view(table.state, 0), 0).split("\n")[0]
    assert cards in hand_dm.content
    async with aiohttp.ClientSession() as http:
        async with http.get(game_links[0]) as r:
            assert r.status == 200
            public = await r.text()
        async with http.get(seat_links[0]) as r:
            assert r.status == 200
            own = await r.text()
    assert "alice" in public and str(escape(cards)) not in public
    assert str(escape(cards)) in own
