"""The web companion served for real: the aiohttp application on a free port, a real SQLite
store with a game of Pantheon played through the turn service, pages fetched with aiohttp's
client. A public page shows what the channel shows (the spectator view) and never a hand; a
player's page adds that seat's hand; a link that is not signed for the page answers 404."""

from __future__ import annotations

import asyncio
import random
import re
import socket

import aiohttp
import pytest
from markupsafe import escape

from bot.host.links import Links
from bot.host.lobby import Lobby
from bot.host.messages import game_over_text
from bot.host.turns import Games, Refusal
from bot.store import open_store
from bot.web.server import CSP, Server, Site
from data.i18n import use_language
from tests.bot.bot_helpers import click_random

CHANNEL = 700
USERS = {11: "Ann", 12: "Bob", 13: "Cy"}
SECRET = "a test secret that is long enough to sign links"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
async def served(tmp_path):
    store = await open_store(str(tmp_path / "agora.db"))
    games = Games(store)
    lobby = Lobby(games)
    users = list(USERS)
    await lobby.start(game="pantheon", guild_id=1, channel_id=CHANNEL, user_id=users[0],
                      name=USERS[users[0]], options={"seed": 5})
    for u in users[1:]:
        await lobby.join(game="pantheon", channel_id=CHANNEL, user_id=u, name=USERS[u])
    table = await lobby.begin(game="pantheon", channel_id=CHANNEL, user_id=users[0],
                              can_manage=False)
    rng = random.Random(3)
    for _ in range(12):  # a few turns through the turn service, as buttons play them
        await click_random(games, table.game.id, rng)
    port = free_port()
    links = Links(f"http://127.0.0.1:{port}", SECRET)
    server = Server(Site(store, games, links))
    await server.start("127.0.0.1", port)
    async with aiohttp.ClientSession() as http:
        yield games, links, table.game.id, http
    await server.stop()
    await store.close()


async def fetch(http: aiohttp.ClientSession, url: str) -> tuple[int, str, dict]:
    async with http.get(url) as r:
        return r.status, await r.text(errors="replace"), dict(r.headers)


async def fetch_bytes(http: aiohttp.ClientSession, url: str) -> tuple[int, bytes, str]:
    async with http.get(url) as r:
        return r.status, await r.read(), r.content_type


def hand_lines(table, seat: int) -> list[str]:
    """The seat's hand in words from its own view: what only that player may read."""
    k = table.kind
    with use_language("en"):
        text = k.rules.hand_text(k.rules.view(table.state, seat), seat)
    return [line for line in text.split("\n") if line]


async def test_public_page_shows_the_spectator_view_and_never_a_hand(served):
    games, links, gid, http = served
    table = await games.table(gid)
    status, html, headers = await fetch(http, links.game_url(gid))
    assert status == 200
    assert headers["Content-Security-Policy"] == CSP
    assert "script-src 'self'" in CSP and "unsafe-inline" not in CSP
    assert "<script>" not in html  # the one script is a file (no inline script)
    for name in USERS.values():
        assert name in html
    k = table.kind
    with use_language("en"):
        head = k.rules.status_head(k.rules.view(table.state, None))
    assert str(escape(head)) in html
    n = table.game.decisions
    assert f'/board/{n}.png?lang=en&amp;v=' in html and "/hand/" not in html
    # the board picture is the channel's: drawn from the spectator view, byte for byte
    status, png, ctype = await fetch_bytes(http, f"{links.game_url(gid)}/board/{n}.png?lang=en")
    assert status == 200 and ctype == "image/png"
    with use_language("en"):
        assert png == k.board_png(k.rules.view(table.state, None))
    # P-ZONE-8: a hand is hidden; its cards are in no public page (compared with the
    # seat's own view), and each is on that seat's page
    for seat in range(3):
        cards = hand_lines(table, seat)[0]
        assert str(escape(cards)) not in html, cards
        user = table.seats[seat].user_id
        status, own, _ = await fetch(http, links.seat_url(gid, seat, user))
        assert status == 200 and str(escape(cards)) in own
        for other in range(3):
            theirs = hand_lines(table, other)[0]
            if other != seat and theirs != cards:
                assert str(escape(theirs)) not in own
        status, hand, ctype = await fetch_bytes(
            http, f"{links.seat_url(gid, seat, user)}/hand/{n}.png?lang=en")
        assert status == 200 and ctype == "image/png"
        with use_language("en"):
            assert hand == k.hand_png(k.rules.view(table.state, seat))


async def test_a_link_not_signed_for_the_page_answers_404(served):
    games, links, gid, http = served
    table = await games.table(gid)
    game_url = links.game_url(gid)
    token = game_url.rsplit("/", 1)[1]
    mid = len(token) - 6  # inside the signature (its last letter carries spare bits)
    tampered = token[:mid] + ("A" if token[mid] != "A" else "B") + token[mid + 1:]
    other_game = links.game_url(gid + 1).rsplit("/", 1)[1]
    user = table.seats[1].user_id
    seat_token = links.seat_url(gid, 1, user).rsplit("/", 1)[1]
    base = links.base_url
    forged = Links(base, "another secret of the same generous length!!").game_url(gid)
    for url in (f"{base}/g/{tampered}", f"{base}/g/", f"{base}/g/nonsense", forged,
                f"{base}/p/{token}",  # a game's link used for a seat
                f"{base}/g/{seat_token}",  # a seat's link used as a game's
                f"{base}/g/{other_game}",  # signed, but no such game
                links.seat_url(gid, 1, user + 1),  # the seat is someone else's
                links.seat_url(gid, 7, user),  # no such seat
                f"{base}/g/{tampered}/board/{table.game.decisions}.png",
                f"{base}/p/{token}/hand/{table.game.decisions}.png",
                f"{game_url}/board/{table.game.decisions + 1}.png"):  # no such turn yet
        status, body, headers = await fetch(http, url)
        assert status == 404, url
        assert body == "Not found"  # no hint of why
        assert headers["Content-Security-Policy"] == CSP


async def test_pages_never_change_a_game_and_the_poll_follows_it(served):
    games, links, gid, http = served
    before = await games.table(gid)
    url = links.game_url(gid)
    async with http.post(url) as r:
        assert r.status == 405
        assert r.headers["Content-Security-Policy"] == CSP
    status, polled, headers = await fetch(http, f"{url}/state.json")
    assert status == 200 and headers["Content-Security-Policy"] == CSP
    assert polled == f'{{"decisions": {before.game.decisions}, "status": "playing"}}'
    assert (await games.table(gid)).game.revision == before.game.revision
    rng = random.Random(8)
    for _ in range(40):  # until a decision is committed
        await click_random(games, gid, rng)
        if (await games.table(gid)).game.decisions != before.game.decisions:
            break
    after = await games.table(gid)
    assert after.game.decisions > before.game.decisions
    async with http.get(f"{url}/state.json") as r:
        assert await r.json() == {"decisions": after.game.decisions, "status": "playing"}
    # the page and its script follow: the page names the new count and the poll's address
    status, html, _ = await fetch(http, url)
    assert f'data-decisions="{after.game.decisions}"' in html
    assert 'src="../static/page.js"' in html
    status, script, headers = await fetch(http, url.rsplit("/g/", 1)[0] + "/static/page.js")
    assert status == 200 and headers["Content-Type"].startswith("text/javascript")
    assert "data-poll" in script and "location.reload" in script


async def test_viewers_arriving_together_wait_for_one_drawing(served, monkeypatch):
    import bot.web.server as server

    games, links, gid, http = served
    calls = []
    real = server.picture

    async def counted(fn, *args):
        calls.append(fn.__name__)
        return await real(fn, *args)

    monkeypatch.setattr(server, "picture", counted)
    server.PICTURES.clear()
    n = (await games.table(gid)).game.decisions
    url = f"{links.game_url(gid)}/board/{n}.png?lang=de"
    got = await asyncio.gather(*(fetch_bytes(http, url) for _ in range(8)))
    assert {status for status, _, _ in got} == {200}
    assert len({png for _, png, _ in got}) == 1
    assert calls == ["render_board"]  # one drawing served all eight


async def test_a_finished_game_shows_its_result(tmp_path):
    store = await open_store(str(tmp_path / "agora.db"))
    games = Games(store)
    lobby = Lobby(games)
    await lobby.start(game="pantheon", guild_id=1, channel_id=CHANNEL, user_id=11, name="Ann",
                      options={"seed": 11, "stall_guard_rounds": 1})
    await lobby.join(game="pantheon", channel_id=CHANNEL, user_id=12, name="Bob")
    table = await lobby.begin(game="pantheon", channel_id=CHANNEL, user_id=11,
                              can_manage=False)
    gid = table.game.id
    rng = random.Random(1)
    for _ in range(3000):
        if await click_random(games, gid, rng) is None and \
                (await games.table(gid)).game.status != "playing":
            break
    table = await games.table(gid)
    assert table.game.status == "over"
    port = free_port()
    links = Links(f"http://127.0.0.1:{port}", SECRET)
    server = Server(Site(store, games, links))
    await server.start("127.0.0.1", port)
    try:
        async with aiohttp.ClientSession() as http:
            status, html, _ = await fetch(http, links.game_url(gid))
            async with http.get(f"{links.game_url(gid)}/state.json") as r:
                polled = await r.json()
    finally:
        await server.stop()
        await store.close()
    assert status == 200
    assert polled == {"decisions": table.game.decisions, "status": "over"}
    with use_language("en"):
        final = game_over_text(table)
    assert final
    for line in final.split("\n"):  # P-END-1: the final scores and the winner, as the channel
        assert str(escape(line)) in html
    assert 'data-status="over"' in html and 'class="waiting"' not in html


async def test_through_the_ages_military_hands_stay_off_the_public_page(tmp_path):
    """Through the Ages: military cards are drawn into a hidden hand (T-MDRAW-1); a card a seat
    holds that the spectator view does not show anywhere is named on that seat's page and on
    no public page."""
    from engine.tta.cards import CARDS
    from engine.tta.cardtext import card_name

    store = await open_store(str(tmp_path / "agora.db"))
    games = Games(store)
    lobby = Lobby(games)
    await lobby.start(game="tta", guild_id=1, channel_id=CHANNEL, user_id=11, name="Ann",
                      options={"seed": 4, "mode": "tutorial"})  # the seed's pace: the tutorial
    await lobby.join(game="tta", channel_id=CHANNEL, user_id=12, name="Bob")
    table = await lobby.begin(game="tta", channel_id=CHANNEL, user_id=11, can_manage=False)
    gid = table.game.id
    rng = random.Random(2)
    for _ in range(400):  # until both seats hold military cards
        await click_random(games, gid, rng)
        table = await games.table(gid)
        if all(p.military for p in table.state.players):
            break
    k = table.kind
    public_view = repr(k.rules.view(table.state, None))
    port = free_port()
    links = Links(f"http://127.0.0.1:{port}", SECRET)
    server = Server(Site(store, games, links))
    await server.start("127.0.0.1", port)
    try:
        async with aiohttp.ClientSession() as http:
            _, public, _ = await fetch(http, links.game_url(gid))
            own = [(await fetch(http, links.seat_url(gid, s, table.seats[s].user_id)))[1]
                   for s in range(2)]
    finally:
        await server.stop()
        await store.close()
    checked = 0
    with use_language("en"):
        for seat, player in enumerate(table.state.players):
            for card in player.military:
                if f"'{card}'" in public_view:
                    continue  # a copy of it is in sight (played, on a table): not a secret
                name = str(escape(card_name(CARDS[card])))
                assert name not in public, (seat, name)
                assert name in own[seat], (seat, name)
                checked += 1
    assert checked >= 2


async def test_a_failure_is_a_plain_500_with_the_same_headers(served, monkeypatch):
    games, links, gid, http = served

    async def broken(self, game_id):
        raise RuntimeError("the database went away")

    monkeypatch.setattr(Games, "table", broken)
    status, body, headers = await fetch(http, links.game_url(gid))
    assert (status, body) == (500, "Server error")  # nothing of the failure is shown
    assert headers["Content-Security-Policy"] == CSP


async def test_a_step_taken_back_never_shows_its_old_picture(served):
    """/<game> undo takes a decision back and the next commit takes its number: the board at
    that number is the new one, at a new address (its stamp), never the memo's old picture."""
    games, links, gid, http = served
    rng = random.Random(21)
    for _ in range(200):  # a commit its player may take back (no hidden card revealed)
        table = await games.table(gid)
        await click_random(games, gid, rng)
        after = await games.table(gid)
        if after.game.decisions == table.game.decisions:
            continue
        user = table.seats[table.awaited()[0].seat].user_id
        n = after.game.decisions
        _, page, _ = await fetch(http, links.game_url(gid))
        old_v = re.search(rf'/board/{n}\.png\?lang=en&amp;v=(\w+)"', page)[1]
        _, old_png, _ = await fetch_bytes(http, f"{links.game_url(gid)}/board/{n}.png?lang=en")
        try:
            await games.undo(gid, user)
        except Refusal:
            continue
        break
    else:
        raise AssertionError("no commit could be taken back")
    back = (await games.table(gid)).game.decisions
    assert back < n
    for _ in range(200):  # play on, differently, until the same number is reached again
        if (await games.table(gid)).game.decisions >= n:
            break
        await click_random(games, gid, rng)
    table = await games.table(gid)
    _, page, _ = await fetch(http, links.game_url(gid))
    new_v = re.search(rf'/board/{n}\.png\?lang=en&amp;v=(\w+)"', page)
    if table.game.decisions == n:
        assert new_v is not None and new_v[1] != old_v
    async with http.get(f"{links.game_url(gid)}/board/{n}.png?lang=en&v={old_v}") as r:
        png = await r.read()
        assert "immutable" not in r.headers["Cache-Control"]  # not that step's stamp now
    state = await games.state_at(table, n)
    with use_language("en"):
        now = table.kind.board_png(table.kind.rules.view(state, None))
    assert png == now
    if now != old_png:  # the usual case: the memo kept the old picture under the number
        assert png != old_png
