"""The replay, the record and the archive served for real (aiohttp on a free port, a real
SQLite store, games played through the turn service as buttons play them). The replay has a
step for every decision, each with the board drawn from the spectator view after it and the
public words of it, and never a hand or a secret choice; the record is `/<game> export`'s; the
archive lists a server's finished games only, newest first by game, and nothing of another
server."""

from __future__ import annotations

import json
import random
import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from markupsafe import escape

from bot.host.links import Links
from bot.host.lobby import Lobby
from bot.host.pictures import picture, render_board
from bot.host.records import game_record
from bot.host.turns import Games, Table
from bot.store import open_store
from bot.web import pages
from bot.web.server import CSP, Server, Site
from data.i18n import use_language
from engine.core import Event
from engine.record import dumps_record
from tests.bot.bot_helpers import click_random
from tests.bot.web.test_web_pages import SECRET, fetch, fetch_bytes, free_port

NAMES = ["Ann", "Bob", "Cy"]


async def play(lobby: Lobby, games: Games, guild: int, channel: int, user: int, *,
               finish: bool, seed: int = 11) -> int:
    """A Pantheon game of two people (`user` and `user + 1`) in `channel` of `guild`, clicked
    at random as buttons are: to its end with `finish` (the stall guard after one round keeps
    it short), else a dozen clicks into it. Returns the game's id."""
    await lobby.start(game="pantheon", guild_id=guild, channel_id=channel, user_id=user,
                      name=NAMES[user % 3], options={"seed": seed, "stall_guard_rounds": 1})
    await lobby.join(game="pantheon", channel_id=channel, user_id=user + 1,
                     name=NAMES[(user + 1) % 3])
    table = await lobby.begin(game="pantheon", channel_id=channel, user_id=user,
                              can_manage=False)
    gid = table.game.id
    rng = random.Random(seed)
    for _ in range(3000 if finish else 12):
        await click_random(games, gid, rng)
        if (await games.table(gid)).game.status != "playing":
            break
    assert (await games.table(gid)).game.status == ("over" if finish else "playing")
    return gid


@asynccontextmanager
async def two_servers_games(tmp_path: Path) -> AsyncIterator[tuple[Any, Games, Links, list[int]]]:
    """A site served on a free port over a store holding a finished game and a running one of
    server 1, and a finished game of server 2."""
    store = await open_store(str(tmp_path / "agora.db"))
    games = Games(store)
    lobby = Lobby(games)
    ids = [await play(lobby, games, 1, 701, 11, finish=True),
           await play(lobby, games, 1, 702, 12, finish=False),
           await play(lobby, games, 2, 703, 14, finish=True, seed=12)]
    port = free_port()
    links = Links(f"http://127.0.0.1:{port}", SECRET)
    server = Server(Site(store, games, links))
    await server.start("127.0.0.1", port)
    try:
        yield store, games, links, ids
    finally:
        await server.stop()
        await store.close()


@pytest.fixture
async def served(tmp_path):
    async with two_servers_games(tmp_path) as (store, games, links, ids), \
            aiohttp.ClientSession() as http:
        yield store, games, links, http, tuple(ids)


def steps_of(html: str) -> dict[int, str]:
    """The replay's steps as the page lists them: step number -> its words (tags removed)."""
    found = re.findall(r'<li data-step="(\d+)"[^>]*>(.*?)</li>', html, re.S)
    return {int(n): re.sub(r"<[^>]+>", " ", words) for n, words in found}


async def test_the_replay_has_every_decision_with_its_public_words(served):
    store, games, links, http, (over, running, _) = served
    table = await games.table(over)
    n = table.game.decisions
    status, html, headers = await fetch(http, links.game_url(over) + "/replay?lang=en")
    assert status == 200 and headers["Content-Security-Policy"] == CSP
    assert "<script>" not in html and 'src="../../static/replay.js"' in html
    steps = steps_of(html)
    assert sorted(steps) == list(range(n + 1))  # the opening and each decision
    assert f'max="{n}" value="{n}"' in html and f'src="board/{n}.png?lang=en&amp;v=' in html
    assert "Step {n} of {total}" in html  # the counter's words, for the script
    # each step says the public events of its decision, as the channel says them
    entries = await store.log(over)
    k = table.kind
    with use_language("en"):
        for i, e in enumerate(entries, 1):
            public = [Event.from_json(ev) for ev in e.events if ev.get("private_to") is None]
            for line in pages.messages.summary_lines(k, public, table.names):
                assert str(escape(line)) in steps[i], (i, line)
        # P-ZONE-8: what only one seat was told (its cards drawn) is on no step
        for e in entries:
            for ev in e.events:
                seat = ev.get("private_to")
                if seat is None:
                    continue
                said = k.rules.event_text(Event.from_json(ev), table.names, seat)
                if said and not any(said in line for line in steps.values()):
                    assert str(escape(said)) not in html, said
    # a running game's replay holds its decisions so far, and says it is running
    status, html, _ = await fetch(http, links.game_url(running) + "/replay?lang=en")
    now = (await games.table(running)).game.decisions
    assert status == 200 and sorted(steps_of(html)) == list(range(now + 1))
    assert "still being played" in html


async def test_each_step_shows_the_spectator_board_after_it(served):
    store, games, links, http, (over, _, _) = served
    table = await games.table(over)
    n = table.game.decisions
    for step in (0, 1, n // 2, n):
        status, png, ctype = await fetch_bytes(
            http, f"{links.game_url(over)}/board/{step}.png?lang=de")
        assert status == 200 and ctype == "image/png"
        state = await games.state_at(table, step)
        with use_language("de"):
            assert png == await picture(render_board, Table(table.game, table.seats, state))
    assert (await fetch_bytes(http, f"{links.game_url(over)}/board/{n + 1}.png"))[0] == 404


async def test_the_record_is_the_exports(served):
    store, games, links, http, (over, running, _) = served
    for gid, whole in ((over, True), (running, False)):
        table = await games.table(gid)
        status, text, headers = await fetch(http, links.game_url(gid) + "/record.json")
        assert status == 200 and headers["Content-Type"].startswith("application/json")
        assert text == dumps_record(await game_record(store, table))
        record = json.loads(text)
        # the seed and the decisions (secret ones too) only once the game is over
        assert ("decisions" in record) is whole and ("seed" in record) is whole


async def test_the_archive_lists_the_servers_finished_games_only(served):
    store, games, links, http, (over, running, elsewhere) = served
    status, html, headers = await fetch(http, links.server_url(1))
    assert status == 200 and headers["Content-Security-Policy"] == CSP
    token = links.game_token
    assert f'href="../g/{token(over)}?lang=' in html
    assert f'href="../g/{token(over)}/replay?lang=' in html
    assert f'href="../g/{token(over)}/record.json"' in html
    assert token(running) not in html  # not finished
    assert token(elsewhere) not in html  # another server's
    assert "Pantheon: 1 finished game" in html and "Ann" in html
    # the links it gives open
    for path in (f"/g/{token(over)}", f"/g/{token(over)}/replay",
                 f"/g/{token(over)}/record.json"):
        assert (await fetch(http, links.base_url + path))[0] == 200
    # the browser's language, or ?lang=
    async with http.get(links.server_url(1), headers={"Accept-Language": "de-DE,de;q=0.9"}) as r:
        assert "Beendete Partien dieses Servers" in await r.text()
    assert "Dohrané partie" in (await fetch(http, links.server_url(1) + "?lang=cs"))[1]
    # a server without finished games; links of other scopes or tampered ones answer 404
    assert "No game has been finished" in (await fetch(http, links.server_url(3)))[1]
    server_token = links.server_url(1).rsplit("/", 1)[1]
    mid = len(server_token) - 6  # inside the signature (its last letter carries spare bits)
    tampered = server_token[:mid] + ("A" if server_token[mid] != "A" else "B") \
        + server_token[mid + 1:]
    for url in (f"{links.base_url}/a/{tampered}", f"{links.base_url}/a/{token(over)}",
                f"{links.base_url}/g/{server_token}", f"{links.base_url}/a/"):
        assert (await fetch(http, url))[:2] == (404, "Not found"), url


async def test_the_archive_pages_through_a_game_newest_first(served, monkeypatch):
    store, games, links, http, (over, _, _) = served
    lobby = Lobby(games)
    later = await play(lobby, games, 1, 704, 11, finish=True, seed=13)
    monkeypatch.setattr(pages, "ARCHIVE_PAGE", 1)
    _, first, _ = await fetch(http, links.server_url(1) + "?lang=en")
    assert links.game_token(later) in first and links.game_token(over) not in first
    assert "Pantheon: 2 finished games" in first
    assert 'href="?game=pantheon&amp;page=2&amp;lang=en"' in first
    _, second, _ = await fetch(http, links.server_url(1) + "?game=pantheon&page=2&lang=en")
    assert links.game_token(over) in second and links.game_token(later) not in second
    assert "page=3" not in second
