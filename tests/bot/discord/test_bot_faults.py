"""Faults (issue 27), through the Discord test double and real databases: a database another
process holds locked never delays an interaction's acknowledgement, ..."""

from __future__ import annotations

import asyncio
import dataclasses
import sqlite3
import threading
import time
from pathlib import Path

from tests.bot.bot_helpers import (
    CHANNEL,
    action_seed,
    button_id,
    click_choice,
    has_prompt,
    newest,
    settle,
    slash,
    user_names,
    waiting_user,
)

DISCORD_DEADLINE = 3.0  # seconds Discord allows before an interaction is acknowledged


class Locked:
    """Another connection (a thread of its own, as another process would) holds the SQLite file
    with BEGIN EXCLUSIVE for `seconds`."""

    def __init__(self, db: Path, seconds: float) -> None:
        self.db, self.seconds = db, seconds
        self.held = threading.Event()
        self.thread = threading.Thread(target=self._hold, daemon=True)

    def _hold(self) -> None:
        conn = sqlite3.connect(self.db, isolation_level=None)
        conn.execute("BEGIN EXCLUSIVE")
        self.held.set()
        time.sleep(self.seconds)
        conn.execute("ROLLBACK")
        conn.close()

    async def __aenter__(self) -> Locked:
        self.thread.start()
        await asyncio.to_thread(self.held.wait, 5)
        return self

    async def __aexit__(self, *exc: object) -> None:
        await asyncio.to_thread(self.thread.join, self.seconds + 5)


async def test_a_first_command_is_acknowledged_at_once_while_the_database_is_locked(agora):
    """alice's very first interaction (her language is new to the store) under an 8 s lock:
    acknowledged within Discord's 3 seconds, then answered (done, or the database busy)."""
    await agora.start()
    d = agora.double
    async with Locked(agora.db, 8):
        inter = await d.slash("alice", CHANNEL, "pantheon", "start")
        await inter.response(DISCORD_DEADLINE)
        assert inter.answered_after is not None and inter.answered_after < DISCORD_DEADLINE
        await inter.wait_done(20)
    assert "database is busy" in inter.text or "Pantheon" in inter.text, inter.text
    assert not inter.problems


async def test_a_click_while_the_database_stays_locked_says_busy_and_changes_nothing(agora):
    bot = await agora.start()
    d = agora.double
    await slash(d, "alice", "start")
    gid = (await bot.store.open_game(d.channel(CHANNEL).id)).id
    confirm = await slash(d, "alice", "abandon")
    async with Locked(agora.db, 8):
        click = await d.click("alice", confirm.message, button_id(confirm.message, "ag:x:"))
        await click.response(DISCORD_DEADLINE)
        assert click.answered_after is not None and click.answered_after < DISCORD_DEADLINE
        await click.wait_done(20)
        busy = click.followups[-1].content if click.followups else click.text
    assert "The game's database is busy; nothing changed" in busy
    assert (await bot.store.game(gid)).status == "lobby"  # nothing changed
    again = await d.click("alice", confirm.message, button_id(confirm.message, "ag:x:"))
    await again.wait_done(10)
    assert (await bot.store.game(gid)).status == "abandoned"


async def test_a_dm_that_fails_once_is_sent_again_not_called_closed(agora):
    """One 503 on bob's DM (discord.py itself retries 500, 502, 504 and 524, not 503): the bot
    tries again, bob gets the DM, and nobody is told his DMs are closed."""
    await agora.start()
    d = agora.double
    await slash(d, "alice", "start")
    path = f"/channels/{d.dm_channel('bob').id}/messages"
    d.fail_next("POST", path, 503)
    join = await slash(d, "bob", "join")
    assert "can't send you direct messages" not in join.text
    assert "You are seated" in join.text
    assert [r.status for r in d.requests if r.method == "POST" and r.path == path] == [503, 200]
    assert len(d.dms("bob")) == 1  # the test DM, once
    assert not any("direct messages" in m.content for m in d.messages(CHANNEL))
    seat = (await agora.bot.store.seats((await agora.bot.store.open_game(
        d.channel(CHANNEL).id)).id))[1]
    assert seat.dm_ok is True


async def test_a_dm_refused_for_another_reason_is_not_called_closed(agora):
    """A 403 that is not 50007 (here 50001, Missing Access) is not the user's choice: the DMs
    are not marked closed and nobody is told they are."""
    await agora.start()
    d = agora.double
    await slash(d, "alice", "start")
    d.fail_next("POST", f"/channels/{d.dm_channel('bob').id}/messages", 403, code=50001)
    join = await slash(d, "bob", "join")
    assert "can't send you direct messages" not in join.text
    seat = (await agora.bot.store.seats((await agora.bot.store.open_game(
        d.channel(CHANNEL).id)).id))[1]
    assert seat.dm_ok is not False


async def test_a_forged_abandon_button_in_another_server_changes_nothing(agora):
    """The owner of another server (every permission there) presses a button carrying the
    game's abandon id in their own server: refused, the game stays."""
    bot = await agora.start()
    d = agora.double
    elsewhere = d.add_guild("Elsewhere", owner=d.add_user("mallory", member=False))
    await slash(d, "alice", "start")
    game = await bot.store.open_game(d.channel(CHANNEL).id)
    forged = await d.forged_click("mallory", d.channel("general", elsewhere),
                                  f"ag:x:{game.id}:{game.revision}")
    await forged.wait_done(10)
    said = forged.followups[-1].content if forged.followups else forged.text
    assert "belongs to a game in another server" in said
    assert (await bot.store.game(game.id)).status == "lobby"
    # alice, the host, pressing it there is refused too: the confirmation lives in the game's
    # channel
    d.add_member(elsewhere, "alice")
    forged = await d.forged_click("alice", d.channel("general", elsewhere),
                                  f"ag:x:{game.id}:{game.revision}")
    await forged.wait_done(10)
    assert (await bot.store.game(game.id)).status == "lobby"


async def test_a_stale_abandon_confirmation_names_the_command(agora):
    bot = await agora.start()
    d = agora.double
    await slash(d, "alice", "start")
    confirm = await slash(d, "alice", "abandon")
    await slash(d, "bob", "join")  # the game changes: the confirmation is out of date
    click = await d.click("alice", confirm.message, button_id(confirm.message, "ag:x:"))
    await click.wait_done(10)
    said = click.followups[-1].content if click.followups else click.text
    assert "Use /pantheon abandon again." in said and "{cmd}" not in said
    assert (await bot.store.open_game(d.channel(CHANNEL).id)).status == "lobby"


async def test_an_invalidated_session_reconnects_to_the_configured_gateway(agora):
    """Op 9 with d=false (the session cannot be resumed): discord.py identifies anew at its
    default gateway, which must be the configured server's (DISCORD_API_BASE), not Discord's."""
    await agora.start()
    d = agora.double
    before = len(d.gateway.sessions)
    await d.invalidate_sessions()
    # discord.py waits 5 s before identifying again (its before_identify_hook)
    await d.wait_until(lambda: len(d.gateway.sessions) > before and d.gateway.sessions[-1].ready
                       and d.gateway.sessions[-1].connection is not None, timeout=20,
                       what="the bot identifies anew at the double")
    assert d.gateway.sessions[-1].identify.get("token") == d.token
    inter = await slash(d, "alice", "start")  # interactions reach the new session
    assert "Pantheon" in inter.text


async def _pantheon_begun(agora):
    """A 3-person Pantheon game begun, its first board posted: (double, bot, game id, names)."""
    d = agora.double
    players = ["alice", "bob", "carol"]
    bot = await agora.start()
    await slash(d, "alice", "start", seed=action_seed())
    for name in players[1:]:
        await slash(d, name, "join")
    await slash(d, "alice", "begin")
    await d.wait_for_message(CHANNEL, lambda m: bool(m.attachments), timeout=10)
    await settle(bot)
    gid = (await bot.store.open_game(d.channel(CHANNEL).id)).id
    return d, bot, gid, user_names(d, players)


async def test_a_post_finished_after_a_newer_commit_prompts_the_game_as_it_is_now(agora):
    """A channel post waits for its pictures; meanwhile the player's next click may commit
    again (here: cards drawn from the deck, each committed at once, P-TURN-3). The prompt sent
    after the post follows the game as it is then, not the table the post was drawn from: it
    must not replace the player's current prompt with an out-of-date one (found by
    benchmarks/bench_memory.py, where people click at once)."""
    d, bot, gid, ids = await _pantheon_begun(agora)
    _, first = await waiting_user(bot, gid, ids)
    older = None  # the table a slow post was drawn from: after a commit mid-turn
    for _ in range(20):
        before = (await bot.store.game(gid)).decisions
        await click_choice(d, first, newest(d.dms(first), has_prompt))
        await settle(bot)
        table, user = await waiting_user(bot, gid, ids)
        if table.game.decisions == before:
            continue  # a step of the draft
        if older is not None:
            break  # committed again after `older`
        if user == first:
            older = table
    assert older is not None, "the first turn never committed mid-turn"

    await bot.publisher._post(older, [])  # the slow post ends only now
    await settle(bot)

    _, user = await waiting_user(bot, gid, ids)
    prompt = newest(d.dms(user), has_prompt)
    edits = prompt.edits
    await click_choice(d, user, prompt)  # the newest prompt is current: it works
    await settle(bot)
    assert not [m for m in d.ephemeral_messages(user) if "out of date" in m.content]
    assert d.message(prompt.id).edits > edits


async def test_a_prompt_overtaken_by_the_players_click_is_sent_again_as_the_game_is_now(agora):
    """A DM prompt takes a while to draw and send; meanwhile the player may answer the prompt
    before it, whose answer shows the next step (a card drawn from the deck commits at once,
    P-TURN-3). The prompt that arrives after that click is out of date: the bot sends the
    current step in its place, so the player's newest prompt always works (found by
    benchmarks/bench_memory.py, where a person was left with only an out-of-date prompt)."""
    d, bot, gid, ids = await _pantheon_begun(agora)
    table, first = await waiting_user(bot, gid, ids)
    for _ in range(20):  # until a click of the first player commits and leaves them awaited
        older = table
        await click_choice(d, first, newest(d.dms(first), has_prompt))
        await settle(bot)
        table, user = await waiting_user(bot, gid, ids)
        if table.game.decisions != older.game.decisions:
            break
    assert older.game.decisions < table.game.decisions and user == first, \
        "no commit in the middle of the first player's turn"

    # the prompt of the table before that commit, sent only now (as if it had been slow)
    seat = dataclasses.replace(older.seats[table.awaited()[0].seat], prompt_sig=None)
    await bot.publisher.send_prompt(older, seat)
    await settle(bot)

    prompt = newest(d.dms(first), has_prompt)
    edits = prompt.edits
    await click_choice(d, first, prompt)  # the newest prompt is current: it works
    await settle(bot)
    assert not [m for m in d.ephemeral_messages(first) if "out of date" in m.content]
    assert d.message(prompt.id).edits > edits
