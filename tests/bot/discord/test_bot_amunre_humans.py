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


async def play_to_the_sacrifice(d, bot, gid) -> dict[int, str]:
    """Everyone clicks their own prompt until the sacrifice is asked of all (A-SAC-3)."""
    ids = {d.user(n).id: n for n in PLAYERS}
    names = {seat.seat: ids[seat.user_id] for seat in (await bot.games.table(gid)).seats}
    for _ in range(400):
        table = await bot.games.table(gid)
        awaited = table.awaited()
        if awaited and awaited[0].kind == "sacrifice":
            return names
        name = names[awaited[0].seat]
        await click_choice(d, name, live_prompt(d, name), KEEP_GOING)
        await settle(bot)
    raise AssertionError("no sacrifice")


async def test_a_verb_runs_only_options_of_its_own_kind(agora):
    """`/amunre bid` must not sell a card, even given the value of a sale from `/amunre card`'s
    list: it is refused, naming the command, and nothing changes (issue 31)."""
    d, bot, gid = await four_humans(agora)
    table = await bot.games.table(gid)
    seat = table.awaited()[0].seat
    name = next(n for n in PLAYERS if d.user(n).id == table.seats[seat].user_id)
    sales = [c for c in await d.autocomplete(name, CHANNEL, "amunre", "card", focused="choice",
                                             options={"choice": ""}) if "Sell" in c["name"]]
    assert sales, "a power card can be sold during the auction (A-INFO-7)"
    before = await bot.store.game(gid)
    hand = table.kind.rules.hand_signature(table.state, seat)
    refused = await amunre(d, name, "bid", choice=sales[0]["value"])
    assert refused.ephemeral
    assert "does not belong to /amunre bid" in refused.content, refused.content
    assert "/amunre choose" in refused.content and "notation" not in refused.content
    after = await bot.store.game(gid)
    assert (after.decisions, after.revision) == (before.decisions, before.revision)
    table = await bot.games.table(gid)
    assert table.kind.rules.hand_signature(table.state, seat) == hand
    # a value that is no option at all: refused without pointing to a notation Amun-Re lacks
    stale = await amunre(d, name, "bid", choice="o:1:deadbeef:0")
    assert "not one of the options you have now" in stale.content
    assert "notation" not in stale.content


async def test_a_typed_seal_is_acknowledged_and_the_last_seal_warned_of(agora):
    """A sacrifice sealed by slash command is acknowledged as sealed (not "It is not your
    turn"); the last seat to seal is told before its click that its seal reveals them all and
    is committed at once, and its reply says why there was no Confirm (issue 31)."""
    d, bot, gid = await four_humans(agora)
    names = await play_to_the_sacrifice(d, bot, gid)
    table = await bot.games.table(gid)
    order = [names[p.seat] for p in table.awaited()]
    for i, name in enumerate(order):
        prompt = live_prompt(d, name)
        last = i == len(order) - 1
        assert ("You are the last to seal" in prompt.content) == last, prompt.content
        choices = await d.autocomplete(name, CHANNEL, "amunre", "sacrifice", focused="choice",
                                       options={"choice": ""})
        done = await amunre(d, name, "sacrifice", choice=choices[0]["value"])
        assert done.content.startswith("Sealed: Sacrifice "), done.content
        assert "Nobody else sees it" in done.content and "not your turn" not in done.content
        assert ("committed at once, without a Confirm" in done.content) == last, done.content
        await settle(bot)
