"""Amun-Re through the Discord double as four *human* seats (issue 31): every seat is a person
who clicks their own DM prompt, as new users would.

When a commit opens a step for several seats at once (the secret sacrifice after the last
buyer, A-SAC-1; the income and scoring choices), every newly awaited person gets their private
prompt at once, and the channel post names and pings them all, whoever's click opened it. An
AI seat answers at once and would hide a prompt that never arrives: here nobody does."""

from __future__ import annotations

import re

from tests.bot.bot_helpers import click_choice, has_prompt, newest, settle

CHANNEL = "game-1"
PLAYERS = ["alice", "bob", "carol", "dave"]
KEEP_GOING = ("Done", "Stop", "End your buying", "Pass")
MENTION = re.compile(r"<@(\d+)>")


async def amunre(d, user: str, *names: str, **options):
    inter = await d.slash(user, CHANNEL, "amunre", *names, options=options)
    await inter.wait_done(10)
    return inter


async def four_humans(agora, seed: int = 8):
    d = agora.double
    bot = await agora.start()
    await d.wait_for_commands("amunre")
    await amunre(d, "alice", "start", seed=seed)
    for name in PLAYERS[1:]:
        await amunre(d, name, "join")
    await amunre(d, "alice", "begin")
    await d.wait_for_message(CHANNEL, lambda m: bool(m.attachments), timeout=10)
    await settle(bot)
    gid = (await bot.store.open_game(d.channel(CHANNEL).id)).id
    return d, bot, gid


def live_prompt(d, name: str):
    """The user's newest DM prompt that still has buttons (not retired, not answered)."""
    return newest(d.dms(name), has_prompt)


async def test_everyone_awaited_at_once_gets_a_prompt_and_a_ping(agora):
    d, bot, gid = await four_humans(agora)
    ids = {d.user(n).id: n for n in PLAYERS}
    names = {seat.seat: ids[seat.user_id] for seat in (await bot.games.table(gid)).seats}
    openings = 0
    for _ in range(400):
        game = await bot.store.game(gid)
        if game.status != "playing" or openings >= 3:
            break
        before = list(game.awaited)
        actor = names[before[0]]
        dm_counts = {n: len(d.dms(n)) for n in PLAYERS}
        posts = len(d.messages(CHANNEL))
        prompt = live_prompt(d, actor)
        assert prompt is not None, f"{actor} is awaited but has no prompt"
        await click_choice(d, actor, prompt, KEEP_GOING)
        await settle(bot)
        game = await bot.store.game(gid)
        newly = [s for s in game.awaited if s not in before]
        if len(game.awaited) < 2 or not newly:
            continue
        # a step opened for several seats: everyone awaited hears of it now
        openings += 1
        for seat in newly:
            name = names[seat]
            assert len(d.dms(name)) > dm_counts[name], f"{name} got no DM at opening {openings}"
            assert live_prompt(d, name) is not None, f"{name}'s new prompt has no buttons"
        new_posts = d.messages(CHANNEL)[posts:]
        assert new_posts, f"no channel post at opening {openings}"
        pinged = {ids[int(m)] for m in MENTION.findall(new_posts[-1].content)}
        awaited = {names[s] for s in game.awaited}
        assert awaited <= pinged, (awaited, new_posts[-1].content)
        # and what the channel post says is what /amunre status says
        status = await amunre(d, "alice", "status")
        for name in awaited:
            assert f"<@{d.user(name).id}>" in status.content
    assert openings >= 1
