"""Several bot processes on one PostgreSQL database (README.md, "Several processes"): two real
`agora run` processes split the shards of the Discord double — A runs shard 0 (every DM
interaction lands there), B runs shard 1 (the game's guild) — and play one Pantheon game
together: alice clicks in the channel (process B) and in her DMs (process A), an AI seat plays
between her turns. A is killed with SIGKILL while the AI's turn is pending under A's lease; B
takes the work over once the lease has run out and posts the turn. Afterwards the log replays
exactly, every commit either process reported is in it once, nothing was posted twice, and
exactly one reminder went out."""

from __future__ import annotations

import asyncio
import random
import signal
import time
from collections.abc import AsyncIterator
from typing import Any

import pytest_asyncio

from bot.host.kinds import kind
from bot.host.lobby import Lobby
from bot.host.turns import Games, Refusal
from bot.store import open_store
from engine.core import Decision
from engine.pantheon import new_game, pending
from tests.bot.bot_helpers import (
    BotProcess,
    action_seed,
    button_id,
    click_choice,
    click_random,
    has_prompt,
    newest,
    quiet,
)
from tests.bot.store.store_backends import current_state
from tests.discord_double import DiscordDouble
from tests.discord_double.models import Channel

# alice (seat 0) opens the game with an action; the AI seat (1) follows her
SEED = next(sd for sd in range(1, 500)
            if [(p.kind, p.seat) for p in pending(new_game(2, sd))][:1] == [("action", 0)])
AI_DELAY = "8"  # seconds an AI waits before its turn: the kill comes in this window (5 s
# were once too few while the whole suite loaded both cores)
REMIND_AFTER = 20.0  # seconds alice may wait before she is reminded
SETTINGS = {"AGORA_AI_DELAY": AI_DELAY, "AGORA_REMIND_HOURS": str(REMIND_AFTER / 3600),
            "AGORA_REMIND_CHECK_SECONDS": "0.5", "AGORA_SWEEP_SECONDS": "1"}


def shard_of(guild_id: int, shards: int = 2) -> int:
    return (guild_id >> 22) % shards  # as Discord routes a guild's events


@pytest_asyncio.fixture
async def cluster_double() -> AsyncIterator[tuple[DiscordDouble, Channel]]:
    """A double serving two shards, with a guild whose events go to shard 1 (a guild id is a
    snowflake: its shard follows the millisecond it was made) and a channel there for the
    game. alice is a member of it."""
    d = DiscordDouble(shard_count=2)
    for attempt in range(1000):
        guild = d.add_guild(f"Cluster {attempt}", channels=("cluster",))
        if shard_of(guild.id) == 1:
            break
        time.sleep(0.001)
    d.add_member(guild, "alice")
    await d.start()
    try:
        yield d, d.channel("cluster", guild=guild)
    finally:
        await d.stop()


async def slash(d: DiscordDouble, channel: Channel, *names: str, **options: Any):
    inter = await d.slash("alice", channel, "pantheon", *names, options=options)
    await inter.wait_done(10)
    return inter


async def wait_for_store(d: DiscordDouble, store: Any, gid: int, condition, what: str,
                         timeout: float = 30.0) -> Any:
    """Wait until `condition(game row)` holds in the database (read fresh, no cache)."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while True:
        game = await store.game(gid)
        if condition(game):
            return game
        assert loop.time() < end, f"timed out waiting for {what}: {game}"
        await asyncio.sleep(0.1)


async def alice_in_the_channel(d: DiscordDouble, channel: Channel, store: Any, gid: int) -> None:
    """alice plays her turn from the channel's turn button and its (ephemeral) panel: the
    guild's interactions go to shard 1, process B."""
    turn = newest(d.messages(channel), lambda m: button_id(m, "ag:t:") is not None)
    inter = await d.click("alice", turn, button_id(turn, "ag:t:"))
    await inter.wait_done(10)
    panel = inter.message
    assert panel.ephemeral and has_prompt(panel), inter.content
    while 0 in (await store.game(gid)).awaited and has_prompt(d.message(panel.id)):
        await click_choice(d, "alice", panel)


async def alice_by_dm(d: DiscordDouble, store: Any, gid: int) -> None:
    """alice plays her turn from her DM prompt: DM interactions go to shard 0, process A."""
    for _ in range(30):
        if 0 not in (await store.game(gid)).awaited:
            return
        prompt = newest(d.dms("alice"), has_prompt)
        assert prompt is not None, "alice has no prompt by DM"
        await click_choice(d, "alice", prompt)
    raise AssertionError("alice's turn never ended")


def turn_posts(d: DiscordDouble, channel: Channel, after: int = 0) -> list[Any]:
    return [m for m in d.messages(channel) if m.id > after and m.attachments]


async def test_two_processes_share_one_game_and_survive_a_kill(cluster_double, pg_url):
    d, channel = cluster_double
    a = BotProcess(d, pg_url, args=("--shards", "0", "--shard-count", "2"), env=SETTINGS)
    b = BotProcess(d, pg_url, env={**SETTINGS, "AGORA_SHARD_IDS": "1",
                                   "AGORA_SHARD_COUNT": "2"})
    store = await open_store(pg_url, cache=False)  # the test's own reader of the database
    try:
        await a.start()
        await b.start()
        await d.wait_for_commands("pantheon")
        # each process identified on its own shard only
        sessions = {s.shard_id for s in d.gateway.sessions}
        assert sessions == {0, 1}

        # --- the lobby, in the guild: process B ---
        await slash(d, channel, "start", seed=SEED)
        await slash(d, channel, "addbot", level="easy")
        await slash(d, channel, "begin")
        game = await store.open_game(channel.id)
        gid = game.id
        await wait_for_store(d, store, gid, lambda g: g.posted >= 0, "the opening post")
        assert game.awaited == [0] or (await store.game(gid)).awaited == [0]

        # --- turn 1: alice in the channel (B), then the AI (B's pump) ---
        await alice_in_the_channel(d, channel, store, gid)
        await wait_for_store(d, store, gid, lambda g: g.awaited == [0] and g.posted ==
                             g.decisions, "the AI's first turn, posted")
        await quiet(d)
        assert not a.logged("commit"), "a guild click reached the DM process"

        # --- turn 2: alice by DM (A); A's pump posts it and holds the AI's turn ---
        mark = d.messages(channel)[-1].id
        await alice_by_dm(d, store, gid)
        await d.wait_for_message(channel, lambda m: bool(m.attachments), after=mark,
                                 timeout=30)
        # the post is marked as made (a process killed between the two would post it again)
        await wait_for_store(d, store, gid, lambda g: g.posted == g.decisions, "the mark")
        assert await a.kill() == -signal.SIGKILL  # within the AI's delay (AI_DELAY)
        killed_at = (await store.game(gid)).decisions
        assert a.logged("commit") and all(c["seat"] == 0 for c in a.logged("commit"))
        before_kill = await store.game(gid)
        assert before_kill.awaited == [1], "the AI played before the kill: nothing was pending"
        # the dead process still holds the game's pump (its lease has not run out)
        assert not await store.claim(f"pump:{gid}", "the-test", 0.001)

        # --- B takes the AI's turn over once A's lease has run out, and posts it ---
        mark = d.messages(channel)[-1].id
        post = await d.wait_for_message(channel, lambda m: bool(m.attachments), after=mark,
                                        timeout=120)
        after_kill = await store.game(gid)
        assert after_kill.decisions > killed_at and after_kill.awaited == [0]
        ai_commits = [c for c in b.logged("commit") if c["at"] > killed_at]
        assert [c["source"] for c in ai_commits] == ["ai"]
        assert f"<@{d.user('alice').id}>" in post.content  # her turn again

        # --- alice waits: exactly one reminder (B holds the reminders now), then plays ---
        reminder = await d.wait_for_message(channel, lambda m: "reminder:" in m.content,
                                            after=post.id, timeout=120)
        assert reminder.content.startswith(f"<@{d.user('alice').id}>, reminder:")
        await alice_in_the_channel(d, channel, store, gid)
        await wait_for_store(d, store, gid, lambda g: g.awaited == [0] and g.posted ==
                             g.decisions, "the AI's third turn, posted", timeout=60)
        await quiet(d)
        await b.kill()
        assert not a.errors and not b.errors, (a.errors, b.errors)
        # A had posted alice's DM turn (the post was awaited above): it held the pump's lease
        # when it was killed. (A logs "posted" a database write after marking the post, so the
        # kill may take that line with it: that B did not post it is what shows.)
        assert killed_at not in [p["at"] for p in b.logged("posted")]
        await check_the_record(d, channel, store, gid, a, b)
    finally:
        await a.kill()
        await b.kill()
        await store.close()


async def check_the_record(d: DiscordDouble, channel: Channel, store: Any, gid: int,
                           a: BotProcess, b: BotProcess) -> None:
    rules = kind("pantheon").rules
    log = await store.log(gid)
    game = await store.game(gid)
    # the log replays exactly, from the first state to the stored current one
    assert [e.seq for e in log] == list(range(game.decisions))
    first = await store.checkpoint(gid, 0)
    assert first is not None and first[0] == 0
    state = rules.load(first[1])
    for e in log:
        state, _ = rules.apply(state, e.seat, Decision.from_json(e.decision))
    assert rules.dump(state) == rules.dump(await current_state(store, gid, rules))
    # every commit either process reported is in the log once, and nothing else is
    reported = sorted((c["at"] - c["decisions"], c["decisions"], c["seat"], c["source"])
                      for p in (a, b) for c in p.logged("commit") if c["game"] == gid)
    batches: dict[int, list[Any]] = {}
    for e in log:
        batches.setdefault(e.batch, []).append(e)
    stored = sorted((start, len(es), es[0].seat, es[0].source) for start, es in batches.items())
    assert reported == stored
    # alice and the AI took turns: her DM and channel turns, and three AI turns
    turns = [seat for seat, _ in _runs([(e.seat, e.source) for e in log])]
    assert turns == [0, 1, 0, 1, 0, 1]
    assert {e.source for e in log if e.seat == 1} == {"ai"}
    # nothing was posted twice: each post covers a later point of the game
    posted = [p["at"] for x in (a, b) for p in x.logged("posted") if p["game"] == gid]
    assert len(posted) == len(set(posted)) == len(turn_posts(d, channel))
    # the turn after the kill was posted by the survivor
    assert game.posted == game.decisions
    # exactly one reminder: one message, one process's log line
    reminders = [m for m in d.messages(channel) if "reminder:" in m.content]
    assert len(reminders) == 1
    assert len(a.logged("reminded")) + len(b.logged("reminded")) == 1


def _runs(items: list[tuple[int, str]]) -> list[tuple[int, str]]:
    """Consecutive equal seats merged: one entry per turn."""
    out: list[tuple[int, str]] = []
    for seat, source in items:
        if not out or out[-1][0] != seat:
            out.append((seat, source))
    return out


async def test_a_process_never_decides_on_another_processs_outdated_state(pg_url):
    """Two processes' turn services on one PostgreSQL database, each with its state cache: a
    commit by one is seen by the other at its next read, and a click on the panel the other
    had shown before is refused as out of date."""
    first, second = await open_store(pg_url), await open_store(pg_url)
    try:
        a, b = Games(first), Games(second)
        lobby = Lobby(a)
        await lobby.start(game="pantheon", guild_id=1, channel_id=9, user_id=1, name="u1",
                          options={"seed": action_seed()})
        for user in (2, 3):
            await lobby.join(game="pantheon", channel_id=9, user_id=user, name=f"u{user}")
        table = await lobby.begin(game="pantheon", channel_id=9, user_id=1, can_manage=False)
        gid = table.game.id
        seat = table.awaited()[0].seat
        user = table.seats[seat].user_id
        seen = await b.panel(await b.table(gid), seat)  # b shows the panel (and caches)
        rng = random.Random(3)
        while (await a.table(gid)).game.decisions == table.game.decisions:
            assert await click_random(a, gid, rng) is not None
        now = await a.table(gid)
        mirror = await b.table(gid)
        assert mirror.game.revision == now.game.revision
        rules = kind("pantheon").rules
        assert rules.dump(mirror.state) == rules.dump(now.state)  # not b's cached old state
        try:
            await b.choose(gid, user, token=seen.token, number=seen.number, index=0)
        except Refusal as refusal:
            assert "out of date" in refusal.message or "not your turn" in refusal.message
        else:
            raise AssertionError("a click on the outdated panel was accepted")
        assert (await a.table(gid)).game.revision == now.game.revision  # nothing written
    finally:
        await first.close()
        await second.close()
