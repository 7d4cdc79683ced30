"""The group's history through the Discord double (README.md, "History and ratings"): human
seats finish games of the test game "Sealed offers" (tests/sealed: two rounds of sealed offers,
the highest unique offer scores 3) by clicking their DM prompts, and then `/ranking`, `/stats`
and `/history` show the server's leaderboard, each player's games, wins, average place and
rating trend, and the finished games newest first with a link to each final post and the
record. An abandoned game does not count; an AI seat is an opponent, never on the board; it
all survives a restart and works the same on PostgreSQL. A record names the Agora and rules
versions it was played under, and a game of rules this Agora no longer plays is exported as
stored, saying clearly that it cannot be replayed here."""

from __future__ import annotations

import dataclasses
import io
import json
import re
from argparse import Namespace
from contextlib import redirect_stdout
from typing import Any

import pytest

import tests.sealed as sealed_game
from bot.host.turns import Table
from bot.terminal import replay as replay_cli
from engine.record import load_record, replay
from engine.version import AGORA_VERSION
from tests.bot.bot_helpers import button_id, click_choice, has_prompt, newest, settle
from tests.discord_double import DiscordDouble
from tests.discord_double.models import Channel
from tests.sealed import rules

PLAYERS = ("alice", "bob", "carol")


@pytest.fixture
def sealed_registered():
    """The test game is registered before the bot starts (one command group per game)."""
    sealed_game.register()
    yield
    sealed_game.unregister()


def offer_label(coins: int) -> str:
    return f"Offer {coins} coin" + ("" if coins == 1 else "s")


async def command(d: DiscordDouble, who: str, channel: str | Channel, *names: str,
                  **options: Any):
    inter = await d.slash(who, channel, *names, options=options)
    await inter.wait_done(10)
    return inter


async def open_game(d: DiscordDouble, channel: str | Channel, players: tuple[str, ...],
                    ai: int = 0) -> None:
    await command(d, players[0], channel, "sealed", "start")
    for name in players[1:]:
        await command(d, name, channel, "sealed", "join")
    for _ in range(ai):
        await command(d, players[0], channel, "sealed", "addbot", level="random")
    await command(d, players[0], channel, "sealed", "begin")


async def finish(d: DiscordDouble, bot: Any, channel: str | Channel, offers: dict[str, int]
                 ) -> Table:
    """Play the channel's game to its end: each awaited person clicks the offer chosen for
    them (then Confirm) and takes 2 coins in their turn, always on their newest DM prompt."""
    room = channel if isinstance(channel, Channel) else d.channel(channel)
    game = await bot.store.latest_game(room.id)
    names = {d.user(n).id: n for n in PLAYERS}
    for _ in range(80):
        await settle(bot)
        table = await bot.games.table(game.id)
        if table.game.status == "over":
            return table
        humans = [table.seats[p.seat] for p in table.awaited()
                  if not table.seats[p.seat].is_ai]
        assert humans, "the game waits for nobody"
        for seat in humans:
            name = names[seat.user_id]
            prompt = newest(d.dms(name), has_prompt)
            assert prompt is not None, f"{name} has no prompt"
            await click_choice(d, name, prompt, (offer_label(offers[name]), "Take 2 coins"))
    raise AssertionError("the game did not end")


def final_post(d: DiscordDouble, channel: str):
    post = d.messages(channel)[-1]
    assert "game over" in post.content and "Final scores" in post.content, post.content
    return post


def table_rows(text: str) -> list[list[str]]:
    """The leaderboard's rows (the code block), each split into its cells."""
    block = re.search(r"```\n(.*?)\n```", text, re.S)
    assert block, text
    return [re.split(r"\s{2,}", line.strip()) for line in block[1].splitlines()]


async def test_ratings_stats_and_history_across_a_restart(agora, sealed_registered,
                                                          monkeypatch, tmp_path):
    d = agora.double
    bot = await agora.start()
    # game 1: alice's 3 is the highest unique offer in both rounds (6 points); bob and carol
    # score nothing and share second place
    await open_game(d, "game-1", PLAYERS)
    first = await finish(d, bot, "game-1", {"alice": 3, "bob": 2, "carol": 1})
    assert rules.result(first.state)["winners"] == [0]
    post1 = final_post(d, "game-1")
    # game 2: bob wins it
    await open_game(d, "game-2", PLAYERS)
    second = await finish(d, bot, "game-2", {"alice": 1, "bob": 3, "carol": 2})
    assert rules.result(second.state)["winners"] == [1]
    post2 = final_post(d, "game-2")
    # game 3 is abandoned after its start: it is no part of the history
    await open_game(d, "general", ("alice", "bob", "carol"))
    ask = await command(d, "alice", "general", "sealed", "abandon")
    click = await d.click("alice", ask.message, button_id(ask.message, "ag:x:"))
    await click.wait_done()
    await settle(bot)
    # a game on another server, which carol wins, is that server's history only
    other = d.add_guild("Another server", channels=("other-game",))
    for name in PLAYERS:
        d.add_member(other, name)
    room = d.channel("other-game", other)
    await open_game(d, room, PLAYERS)
    elsewhere = await finish(d, bot, room, {"alice": 1, "bob": 2, "carol": 3})
    assert rules.result(elsewhere.state)["winners"] == [2]
    there = (await command(d, "carol", room, "ranking", game="sealed")).content
    assert "1 finished game)" in there and table_rows(there)[1][1] == "carol"
    history_there = (await command(d, "carol", room, "history")).content.splitlines()
    assert len(history_there) == 2 and f"#{elsewhere.game.id}**" in history_there[1]
    # the history belongs to servers: Discord does not even offer these commands in a DM
    for name in ("ranking", "stats", "history"):
        with pytest.raises(PermissionError, match="not available in DMs"):
            await d.slash("alice", d.dm_channel("alice"), name,
                          options={"game": "sealed"} if name == "ranking" else {})

    ranking = (await command(d, "carol", "general", "ranking", game="sealed")).content
    assert "Sealed offers" in ranking and "2 finished games" in ranking
    rows = table_rows(ranking)
    assert rows[0] == ["#", "Player", "Rating", "Games", "Wins"]
    board = {row[1]: row for row in rows[1:]}
    assert set(board) == set(PLAYERS)
    assert [board[n][3] for n in PLAYERS] == ["2", "2", "2"]
    assert [board[n][4] for n in PLAYERS] == ["1", "1", "0"]
    # carol never won: last; alice and bob won once each
    assert rows[-1][1] == "carol"
    assert float(board["alice"][2]) > float(board["carol"][2])
    assert "μ − 3σ" in ranking and "AI seats count as opponents" in ranking

    mine = (await command(d, "alice", "general", "stats")).content
    # alice: first in game 1, second (shared with carol) in game 2
    assert mine.startswith("**alice** on this server:\n**Sealed offers**: 2 games, 1 win, "
                           "average place 1.5 · rating "), mine
    assert "the last 2 games" in mine  # the trend: her rating after each game
    theirs = (await command(d, "alice", "general", "stats", user=d.user("carol"))).content
    assert "**Sealed offers**: 2 games, 0 wins, average place 2 · rating" in theirs
    nobody = (await command(d, "alice", "general", "stats", user=d.user("dave"))).content
    assert nobody == "dave has not finished a game on this server yet."

    history = (await command(d, "dave", "general", "history")).content
    lines = history.splitlines()
    assert lines[0] == ("Finished games on this server, newest first (2 in all; page 1 of 1):")
    guild = d.guild.id
    link = "https://discord.com/channels/{}/{}/{}"
    assert f"**Sealed offers #{second.game.id}**" in lines[1]  # newest first
    assert link.format(guild, d.channel("game-2").id, post2.id) in lines[1]
    assert "1. bob 6 · 2. alice 0 · 2. carol 0" in lines[1]
    assert f"**Sealed offers #{first.game.id}**" in lines[2]
    assert link.format(guild, d.channel("game-1").id, post1.id) in lines[2]
    assert "1. alice 6 · 2. bob 0 · 2. carol 0" in lines[2]  # a shared place
    assert f"record: `/history id:{first.game.id}`" in lines[2]
    assert len(lines) == 3  # the abandoned game is not there

    # the record of game 1: it names the versions and replays to the same result
    got = await command(d, "dave", "general", "history", id=first.game.id)
    assert "the whole record" in got.content
    (attachment,) = got.attachments
    record = load_record(attachment.data)
    assert record["agora"] == AGORA_VERSION and record["rules"] == rules.INFO.rules_version
    assert record["result"]["winners"] == [0] and list(replay(record))
    for other_id in (first.game.id + 2, elsewhere.game.id):  # abandoned; another server's
        refused = await command(d, "dave", "general", "history", id=other_id)
        assert refused.content == f"There is no finished game #{other_id} on this server."
        assert not refused.attachments
    assert "There is no page 3" in (await command(d, "dave", "general", "history",
                                                  page=3)).content

    # in Czech, for a Czech client
    d.user("carol").locale = "cs"
    czech = (await command(d, "carol", "general", "ranking", game="sealed")).content
    assert "žebříček tohoto serveru (2 dohrané hry)" in czech
    assert table_rows(czech)[0] == ["#", "Hráč", "Hodnocení", "Hry", "Výhry"]
    assert "2 hry, 0 výher" in (await command(d, "carol", "general", "stats")).content

    # a restart loses nothing: the same board, the same history
    bot = await agora.restart()
    assert (await command(d, "dave", "general", "ranking", game="sealed")).content == ranking
    assert (await command(d, "dave", "general", "history")).content == history

    # this Agora now plays other rules of the game: the record of a game played under the old
    # ones is what was stored, and says it cannot be replayed here; so does agora replay
    monkeypatch.setattr(rules, "INFO", dataclasses.replace(rules.INFO, rules_version="2"))
    old = await command(d, "dave", "general", "history", id=first.game.id)
    assert ("This record was played under the Sealed offers rules version 1 "
            f"(Agora {AGORA_VERSION}); this Agora ({AGORA_VERSION}) plays rules version 2, so "
            "it cannot replay it.") in old.content
    (attachment,) = old.attachments
    stored = load_record(attachment.data)
    assert stored["rules"] == "1" and stored["decisions"] == record["decisions"]
    assert stored["result"] == record["result"]
    path = tmp_path / "old.json"
    path.write_bytes(attachment.data)
    out = io.StringIO()
    with redirect_stdout(out):
        code = replay_cli.main(Namespace(file=str(path), out=None, pictures=None, step=False))
    assert code == 0
    shown = out.getvalue()
    assert "cannot replay it" in shown and "Its public log and result, as recorded:" in shown
    assert "Winner: alice" in shown


async def test_ai_seats_are_opponents_and_it_all_works_on_postgres(agora, sealed_registered,
                                                                   pg_url):
    d = agora.double
    agora.db = pg_url
    bot = await agora.start()
    await open_game(d, "game-1", ("alice", "bob"), ai=1)
    table = await finish(d, bot, "game-1", {"alice": 3, "bob": 2})
    assert any(s.is_ai for s in table.seats)
    ranking = (await command(d, "bob", "game-1", "ranking", game="sealed")).content
    rows = table_rows(ranking)
    names = [row[1] for row in rows[1:]]
    assert sorted(names) == ["alice", "bob"]  # the AI seat is an opponent, never ranked
    history = (await command(d, "bob", "game-1", "history", game="sealed")).content
    assert "AI 1" in history.splitlines()[1]  # but it sat at the table
    post = final_post(d, "game-1")
    assert f"/{d.channel('game-1').id}/{post.id})" in history
    got = await command(d, "bob", "game-1", "sealed", "export")
    record = json.loads(got.attachments[0].data)
    assert record["agora"] == AGORA_VERSION and record["rules"] == "1"
    bot = await agora.restart()
    assert (await command(d, "bob", "game-1", "ranking", game="sealed")).content == ranking
    stats = (await command(d, "alice", "game-1", "stats")).content
    assert "**Sealed offers**: 1 game" in stats
