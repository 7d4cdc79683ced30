"""Through the bot and the Discord double with the web pages on (AGORA_WEB_PORT): the channel's
turn post carries the game's public link, which opens its page; the personal link travels with
the hand by DM only, opens that player's page with the hand, and never appears in the channel;
`/history` links the server's archive of finished games, which opens their replays."""

from __future__ import annotations

import re
import socket

import aiohttp
import pytest
from markupsafe import escape

from bot.web.settings import WebSettings
from data.i18n import use_language
from tests.bot.bot_helpers import CHANNEL, settle, slash
from tests.bot.discord.test_bot_history import (  # noqa: F401 - sealed_registered: a fixture
    PLAYERS,
    command,
    finish,
    open_game,
    sealed_registered,
)

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
    # /status answers its asker alone: the game's page, and a seat's holder their own page
    status = (await slash(d, "alice", "status")).content.splitlines()
    assert status[-2:] == [f"Watch in a browser: <{game_links[0]}>",
                           f"Your own page, with your hand (keep this link to yourself): "
                           f"<{seat_links[0]}>"]
    onlooker = (await slash(d, "bob", "status")).content
    assert onlooker.endswith(f"Watch in a browser: <{game_links[0]}>") and "/p/" not in onlooker


@pytest.mark.usefixtures("sealed_registered")
async def test_history_links_the_servers_archive_which_replays_its_games(agora):
    """Three people finish a game of the test game by their DM prompts; `/history` then ends
    with the server's archive link, which lists the game with a replay of every decision."""
    d = agora.double
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    bot = await agora.start(web=WebSettings(port=port, url=base, secret="y" * 40,
                                            host="127.0.0.1"))
    await open_game(d, "game-1", PLAYERS)
    table = await finish(d, bot, "game-1", {"alice": 3, "bob": 2, "carol": 1})
    history = (await command(d, "bob", "general", "history")).content
    lines = history.splitlines()
    assert f"**Sealed offers #{table.game.id}**" in lines[1]
    archive = re.fullmatch(r"Every finished game of this server, with replays and records, in "
                           r"a browser: <(http://127\.0\.0\.1:\d+/a/[^>]+)>", lines[-1])
    assert archive, history
    token = bot.links.game_token(table.game.id)
    async with aiohttp.ClientSession() as http:
        async with http.get(archive[1] + "?lang=en") as r:
            assert r.status == 200
            page = await r.text()
        assert f'href="../g/{token}/replay?lang=en"' in page
        assert "1. alice 6 · 2. bob 0 · 2. carol 0" in page
        async with http.get(f"{base}/g/{token}/replay?lang=en") as r:
            assert r.status == 200
            replay = await r.text()
    n = table.game.decisions
    assert f'<li data-step="{n}" data-v=' in replay and f'data-step="{n + 1}"' not in replay
    steps = dict(re.findall(r'<li data-step="(\d+)"[^>]*><span class="number">\d+\.</span> '
                            r'(.*?)</li>', replay, re.S))
    # the sealed offers (S-OFFER-1): a seal says who sealed, never how much, until the reveal
    assert steps["1"] == "alice has sealed an offer."
    assert steps["3"].startswith("carol has sealed an offer.<br>Offers revealed (round 1): "
                                 "alice 3 coins, bob 2 coins, carol 1 coin")
    assert steps[str(n)].endswith("takes 2 coins.<br>The game is over.")
