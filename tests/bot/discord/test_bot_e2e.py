"""End to end against the Discord test double: the unmodified bot with the real discord.py
client. Follow-up moves by DM, closed DMs, stale buttons, illegal input, two games at once, a
restart mid-game, AI seats and replacing a player, abandoning, undo, reminders and the
information commands."""

from __future__ import annotations

import asyncio

from engine.core import Event
from engine.pantheon import new_game, pending, start_events
from engine.pantheon.text import describe, event_text
from engine.record import load_record
from tests.bot.bot_helpers import (
    CHANNEL,
    action_seed,
    button_id,
    click_choice,
    click_label,
    follow_on_seed,
    has_prompt,
    newest,
    option_labels,
    quiet_move,
    settle,
    slash,
    user_names,
    waiting_user,
)

PLAYERS = ["alice", "bob", "carol"]
MANAGE_CHANNELS = 1 << 4


async def open_game(agora, players=PLAYERS, channel: str = CHANNEL, **options):
    d = agora.double
    bot = agora.bot or await agora.start()
    await slash(d, players[0], "start", channel=channel, **options)
    for name in players[1:]:
        await slash(d, name, "join", channel=channel)
    await slash(d, players[0], "begin", channel=channel)
    await d.wait_for_message(channel, lambda m: bool(m.attachments), timeout=10)
    await settle(bot)
    game = await bot.store.open_game(d.channel(channel).id)
    return bot, game.id


async def current(agora, game_id: int, players=PLAYERS):
    table, user = await waiting_user(agora.bot, game_id, user_names(agora.double, players))
    return table, user


def channel_text(d, channel: str = CHANNEL) -> str:
    return "\n".join(m.content for m in d.messages(channel))


async def test_follow_on_move_by_dm(agora):
    d = agora.double
    seed, mover, steps, follow_cards, follow_place = follow_on_seed()
    bot, gid = await open_game(agora, seed=seed)
    names = PLAYERS
    follower, third = names[(mover + 1) % 3], names[(mover + 2) % 3]
    await slash(d, third, "auto", follow="draw")  # a standing answer: never wait for them
    prompt = newest(d.dms(names[mover]), has_prompt)
    for step in steps:  # the Move, step by step on the DM prompt
        await click_label(d, names[mover], prompt, describe(step))
    prompt = d.message(prompt.id)
    assert "complete" in prompt.content and button_id(prompt, "ag:c:")
    assert [a.filename for a in prompt.attachments] == ["preview.png"]  # the draft's board
    assert (await bot.store.game(gid)).decisions == 0  # a draft, not yet committed
    await click_choice(d, names[mover], prompt)  # Confirm
    await settle(bot)
    waiting = f"Waiting for <@{d.user(follower).id}>: follow-up move"
    assert waiting in d.messages(CHANNEL)[-1].content
    ask = newest(d.dms(follower), has_prompt)
    labels = option_labels(ask)
    assert "Draw 1 card instead" in labels and describe(follow_cards) in labels
    await click_label(d, follower, ask, describe(follow_cards))
    await click_label(d, follower, ask, describe(follow_place))
    ask = d.message(ask.id)
    if "Stop placing" in option_labels(ask):
        await click_label(d, follower, ask, "Stop placing")
    await click_choice(d, follower, d.message(ask.id))  # Confirm
    await settle(bot)
    log = await bot.store.log(gid)
    by_seat = {(e.seat, e.decision["kind"], e.source) for e in log}
    assert (mover, "stop", "button") in by_seat
    assert ((mover + 1) % 3, "place", "button") in by_seat
    assert ((mover + 2) % 3, "follow_draw", "auto") in by_seat  # the standing answer
    text = channel_text(d)
    assert f"{follower} places a foot on {follow_place.args['field']}" in text or \
        f"{follower} places a column on {follow_place.args['field']}" in text
    assert f"{third} draws 1 card instead of moving." in text  # one line, not two
    assert f"{third} draws 1 card." not in text
    log = (await slash(d, third, "log", n=30)).content  # the same one line in the log
    assert f"{third} draws 1 card instead of moving." in log
    assert f"{third} draws 1 card." not in log
    table, user = await current(agora, gid)
    assert table.awaited()[0].kind == "action" and table.awaited()[0].seat == (mover + 1) % 3


async def test_closed_dms_do_not_stop_the_game(agora):
    d = agora.double
    await agora.start()
    d.set_dms_open("carol", False)
    bot, gid = await open_game(agora, seed=11, stall_guard_rounds=1)
    warning = f"<@{d.user('carol').id}>, I can't send you direct messages — use /pantheon hand"
    assert warning in channel_text(d)
    assert d.dms("carol") == []
    hand = await slash(d, "carol", "hand")
    assert hand.ephemeral and "Cards (5)" in hand.content
    assert [a.filename for a in hand.attachments] == ["hand.png"]
    ids = user_names(d, PLAYERS)
    acted = set()
    for _ in range(80):  # play until carol has acted through the channel's turn button
        await settle(bot)
        table, user = await waiting_user(bot, gid, ids)
        if user == "carol":
            turn = newest(d.messages(CHANNEL), lambda m: button_id(m, "ag:t:") is not None)
            inter = await d.click("carol", turn, button_id(turn, "ag:t:"))
            await inter.wait_done(10)
            if "out of date" in inter.content:
                inter = await slash(d, "carol", "turn")
            panel = inter.message
            while has_prompt(d.message(panel.id)):
                await click_choice(d, "carol", panel)
            acted.add("carol")
        else:
            await click_choice(d, user, newest(d.dms(user), has_prompt))
            acted.add(user)
        if acted == set(PLAYERS):
            break
    assert acted == set(PLAYERS)
    assert not any("Cards (" in m.content for m in d.messages(CHANNEL))  # no hand leaked


async def test_stale_and_foreign_clicks_are_refused(agora):
    d = agora.double
    bot, gid = await open_game(agora, seed=11)
    table, user = await current(agora, gid)
    other = next(n for n in PLAYERS if n != user)
    old_prompt = newest(d.dms(user), has_prompt)
    turn_msg = newest(d.messages(CHANNEL), lambda m: button_id(m, "ag:t:") is not None)
    # someone else clicks the channel's turn button: not their turn (P-TURN-1)
    inter = await d.click(other, turn_msg, button_id(turn_msg, "ag:t:"))
    await inter.wait_done()
    assert inter.ephemeral and "(P-TURN-1)" in inter.content
    # the player acts through a slash command instead of the DM prompt ...
    choices = await d.autocomplete(user, CHANNEL, "pantheon", "choose", focused="choice",
                                   options={"choice": ""})
    await slash(d, user, "choose", choice=choices[0]["value"])
    before = await bot.store.game(gid)
    draft = await bot.store.draft(gid, table.awaited()[0].seat)
    assert draft is not None or before.decisions > 0
    # ... so the DM prompt is stale now: its buttons are refused and nothing changes
    first = old_prompt.custom_ids[0]
    if first.startswith("ag:o:"):
        inter = await d.click(user, old_prompt, first)
    else:  # a long list of options comes as select menus
        value = old_prompt.component(first)["options"][0]["value"]
        inter = await d.select(user, old_prompt, first, [value])
    await inter.wait_done()
    assert inter.followups and "out of date" in inter.followups[-1].content
    assert "decision" not in inter.followups[-1].content  # no internal numbers
    assert inter.followups[-1].ephemeral
    after = await bot.store.game(gid)
    assert (after.revision, after.decisions) == (before.revision, before.decisions)
    assert await bot.store.draft(gid, table.awaited()[0].seat) == draft
    # a non-seated member cannot act at all
    inter = await slash(d, "dave", "draw")
    assert "not seated" in inter.content
    # once the turn has passed on, the old turn message is out of date for everyone
    ids = user_names(d, PLAYERS)
    for _ in range(10):
        await settle(bot)
        _, who = await waiting_user(bot, gid, ids)
        if who != user:
            break
        panel = (await slash(d, user, "turn")).message
        await click_choice(d, user, panel)
    assert who != user
    inter = await d.click(who, turn_msg, button_id(turn_msg, "ag:t:"))
    await inter.wait_done()
    assert "out of date" in inter.content and inter.ephemeral
    assert "decision" not in inter.content


async def test_illegal_commands_name_the_rule_and_change_nothing(agora):
    d = agora.double
    bot, gid = await open_game(agora, seed=action_seed())
    table, user = await current(agora, gid)
    other = next(n for n in PLAYERS if n != user)
    before = await bot.store.game(gid)
    inter = await slash(d, other, "draw")  # out of turn
    assert inter.ephemeral and "(P-TURN-1)" in inter.content
    inter = await slash(d, user, "move", choice="1: A1 A2")  # not a legal placement
    assert inter.ephemeral and "(P-" in inter.content, inter.content
    inter = await slash(d, user, "buy", choice="9 9 9: temples 4")  # money the player lacks
    assert inter.ephemeral and "(P-" in inter.content, inter.content
    inter = await slash(d, "carol" if user != "carol" else "bob", "abandon")
    assert "Only the host" in inter.content
    inter = await slash(d, "alice", "begin")
    assert "already begun" in inter.content
    inter = await slash(d, "bob", "start")
    assert "already has Pantheon #" in inter.content
    after = await bot.store.game(gid)
    assert (after.revision, after.decisions) == (before.revision, before.decisions)
    assert await bot.store.drafts(gid) == []


async def test_two_games_in_two_channels(agora):
    d = agora.double
    bot, g1 = await open_game(agora, ["alice", "bob"], "game-1", seed=11, stall_guard_rounds=1)
    _, g2 = await open_game(agora, ["carol", "dave"], "game-2", seed=12, stall_guard_rounds=1)
    assert g1 != g2

    async def play(game_id: int, players: list[str], clicks: int) -> None:
        ids = user_names(d, players)
        for _ in range(clicks):
            await settle(bot)
            table, user = await waiting_user(bot, game_id, ids)
            prompt = newest(d.dms(user), has_prompt)
            await click_choice(d, user, prompt)

    await asyncio.gather(play(g1, ["alice", "bob"], 12), play(g2, ["carol", "dave"], 12))
    await settle(bot)
    one, two = channel_text(d, "game-1"), channel_text(d, "game-2")
    assert f"Pantheon #{g1}" in one and f"Pantheon #{g2}" not in one
    assert f"Pantheon #{g2}" in two and "carol" in two and "alice" not in two
    assert len(await bot.store.log(g1)) >= 6 and len(await bot.store.log(g2)) >= 6
    # prompts carry their game: alice's buttons all name game 1, carol's game 2
    assert all(f"ag:o:{g1}:" in c or not c.startswith("ag:o:")
               for m in d.dms("alice") for c in m.custom_ids)
    assert all(f"ag:o:{g2}:" in c or not c.startswith("ag:o:")
               for m in d.dms("carol") for c in m.custom_ids)


async def test_restart_mid_turn_continues_from_the_database(agora):
    d = agora.double
    bot, gid = await open_game(agora, seed=action_seed())
    table, user = await current(agora, gid)
    prompt = newest(d.dms(user), has_prompt)
    await click_label(d, user, prompt, "Draw 3 cards")  # a draft step, kept in the database
    before = await bot.store.game(gid)
    bot = await agora.restart()
    assert bot.is_ready()
    prompt = d.message(prompt.id)  # the DM prompt sent by the previous process
    await click_label(d, user, prompt, "Top card of the deck")
    await settle(bot)
    after = await bot.store.game(gid)
    assert after.decisions == before.decisions + 2  # the draft + the card, committed
    # the game goes on after the restart: the turn ends and the next player is prompted
    ids = user_names(d, PLAYERS)
    for _ in range(2):
        await settle(bot)
        _, who = await waiting_user(bot, gid, ids)
        assert who == user
        await click_choice(d, who, newest(d.dms(who), has_prompt))
    await settle(bot)
    table, who = await waiting_user(bot, gid, ids)
    assert (await bot.store.game(gid)).decisions == before.decisions + 4 and who != user
    assert newest(d.dms(who), has_prompt) is not None


async def test_ai_seats_and_replacing_a_player(agora):
    d = agora.double
    bot = await agora.start()
    await slash(d, "alice", "start", seed=11, stall_guard_rounds=1)
    await slash(d, "bob", "join")
    inter = await slash(d, "bob", "addbot", level="easy")
    assert "Only the host" in inter.content
    await slash(d, "alice", "addbot", level="easy")
    await slash(d, "alice", "begin")
    await d.wait_for_message(CHANNEL, lambda m: bool(m.attachments), timeout=10)
    gid = (await bot.store.open_game(d.channel(CHANNEL).id)).id
    ids = user_names(d, ["alice", "bob"])
    for _ in range(30):  # play until the AI seat has had a turn
        await settle(bot)
        if any(e.source == "ai" and e.decision["kind"] == "action"
               for e in await bot.store.log(gid)):
            break
        _, user = await waiting_user(bot, gid, ids)
        await click_choice(d, user, newest(d.dms(user), has_prompt))
    await settle(bot)
    ai_posts = [m for m in d.messages(CHANNEL)
                if "AI 1 (easy) chooses:" in m.content and m.attachments]
    assert ai_posts, "the AI's turn was posted with a board like any turn"
    # bob leaves the table: carol may not hand his seat over, the host may
    inter = await slash(d, "carol", "replace", player=d.user("bob"), level="easy")
    assert "Only the host" in inter.content or "not seated" in inter.content
    inter = await slash(d, "alice", "replace", player=d.user("bob"), level="normal")
    assert "now played by the AI" in inter.content
    await d.wait_for_message(CHANNEL, lambda m: "The AI (normal) now plays bob's seat" in
                             m.content)
    for _ in range(30):  # the game goes on; bob's seat plays itself
        await settle(bot)
        table, user = await waiting_user(bot, gid, ids)
        if any(e.source == "ai" and e.seat == 1 for e in await bot.store.log(gid)):
            break
        assert user == "alice"
        await click_choice(d, "alice", newest(d.dms("alice"), has_prompt))
    assert any(e.source == "ai" and e.seat == 1 for e in await bot.store.log(gid))
    log = await slash(d, "alice", "log", n=60)
    assert "bob's seat is now played by the AI (normal)" in log.content
    inter = await slash(d, "bob", "draw")
    assert "not seated" in inter.content


async def test_abandon_needs_the_host_or_manage_channels_and_a_confirmation(agora):
    d = agora.double
    bot, gid = await open_game(agora, ["alice", "bob"], seed=11)
    inter = await slash(d, "bob", "abandon")
    assert "Only the host" in inter.content
    inter = await slash(d, "alice", "abandon")
    assert "Really abandon" in inter.content
    assert (await bot.store.game(gid)).status == "playing"  # nothing until confirmed
    click = await d.click("alice", inter.message, button_id(inter.message, "ag:x:"))
    await click.wait_done()
    await d.wait_for_message(CHANNEL, lambda m: "was abandoned by" in m.content)
    assert (await bot.store.game(gid)).status == "abandoned"
    # the channel is free; someone with Manage Channels may abandon a game they do not host
    d.add_role(d.guild, "mods", MANAGE_CHANNELS, members=["dave"])
    await slash(d, "bob", "start")
    inter = await slash(d, "dave", "abandon")
    assert "Really abandon" in inter.content
    click = await d.click("dave", inter.message, button_id(inter.message, "ag:x:"))
    await click.wait_done()
    assert await bot.store.open_game(d.channel(CHANNEL).id) is None


async def test_undo_follows_the_policy(agora):
    d = agora.double
    bot, gid = await open_game(agora, seed=action_seed())
    table, user = await current(agora, gid)
    await slash(d, user, "draw")  # a draft step
    inter = await slash(d, user, "undo")
    assert "Taken back: Draw 3 cards" in inter.content
    assert await bot.store.drafts(gid) == []
    inter = await slash(d, user, "undo")
    assert "Nothing has been played yet" in inter.content
    await slash(d, user, "draw", choice="deck")  # the notation for one pick from the deck
    inter = await slash(d, user, "undo")
    assert "hidden information" in inter.content and "undo policy" in inter.content


async def test_reminders_survive_a_restart(agora):
    d = agora.double
    await agora.start(remind_every=0.05)
    bot, gid = await open_game(agora, ["alice", "bob"], seed=11, reminder_hours=0.0001)
    table, user = await current(agora, gid, ["alice", "bob"])
    mention = f"<@{d.user(user).id}>, reminder"
    await d.wait_for_message(CHANNEL, lambda m: mention in m.content, timeout=5)
    first = newest(d.messages(CHANNEL), lambda m: mention in m.content)
    assert button_id(first, "ag:t:")
    await agora.restart()
    await d.wait_for_message(CHANNEL, lambda m: mention in m.content, after=first, timeout=5)


async def test_information_commands(agora):
    d = agora.double
    bot, gid = await open_game(agora, seed=action_seed())
    table, user = await current(agora, gid)
    status = await slash(d, "bob", "status")
    assert "epoch 1" in status.content and "— red: " in status.content
    assert f"<@{d.user(user).id}>, it's your turn" in status.content
    board = await slash(d, "carol", "board")
    assert [a.filename for a in board.attachments] == ["board.png"] and board.ephemeral
    rules = await slash(d, "carol", "rules", topic="move")
    assert "P-MOVE" in rules.content
    mine = await slash(d, user, "mygames")
    assert f"https://discord.com/channels/{d.guild.id}/{d.channel(CHANNEL).id}" in mine.content
    other = next(n for n in PLAYERS if n != user)
    assert "No game is waiting for you" in (await slash(d, other, "mygames")).content
    await click_choice(d, user, newest(d.dms(user), has_prompt))
    await click_choice(d, user, newest(d.dms(user), has_prompt))  # a card: committed
    log = await slash(d, "bob", "log", n=10)
    assert "game log" in log.content and "chooses: Draw 3 cards" in log.content
    choices = await d.autocomplete(user, CHANNEL, "pantheon", "draw", focused="choice",
                                   options={"choice": "deck"})
    assert [c["name"] for c in choices] == ["Top card of the deck"]
    assert await d.autocomplete(other, CHANNEL, "pantheon", "draw", focused="choice",
                                options={"choice": ""}) == []  # nothing for others
    # the top-level /mygames lists games of every kind
    everywhere = await d.slash(user, CHANNEL, "mygames")
    await everywhere.wait_done(10)
    assert everywhere.ephemeral and "Pantheon #" in everywhere.content
    # the record while the game is played: what a spectator may see, nothing more
    export = await slash(d, "carol", "export")
    assert export.ephemeral and [a.filename for a in export.attachments] == [
        f"agora-pantheon-{gid}.json"]
    record = load_record(export.attachments[0].data)
    assert record["status"] == "playing" and record["seats"] == PLAYERS
    assert "seed" not in record and "decisions" not in record  # the seed reveals the deck
    assert any("chooses: Draw 3 cards" in line for line in record["public_log"])
    # exactly the spectator's lines of the opening and of every logged event (a private
    # event's text is left out: tests/test_record.py)
    start = start_events(table.state)
    spectator = [event_text(e, table.names, None) for e in start]
    spectator += [event_text(Event.from_json(ev), table.names, None)
                  for e in await bot.store.log(gid) for ev in e.events]
    assert record["public_log"] == [x for x in spectator if x]


async def test_ai_answers_follow_ups_at_once_but_waits_before_its_turn(agora):
    """With a long AI delay, the AI's answer to a follow-up prompt still comes at once."""
    d = agora.double
    seed = next(sd for sd in range(1, 400) if pending(new_game(3, sd))[0].kind == "action"
                and pending(new_game(3, sd))[0].seat == 1 and quiet_move(sd))
    steps = quiet_move(seed)
    bot = await agora.start(ai_delay=60.0)
    await slash(d, "alice", "start", seed=seed)
    await slash(d, "bob", "join")
    await slash(d, "alice", "addbot", level="easy")
    await slash(d, "alice", "begin")
    await d.wait_for_message(CHANNEL, lambda m: bool(m.attachments), timeout=10)
    await settle(bot)
    gid = (await bot.store.open_game(d.channel(CHANNEL).id)).id
    prompt = newest(d.dms("bob"), has_prompt)
    for step in steps:
        await click_label(d, "bob", prompt, describe(step))
    await click_choice(d, "bob", d.message(prompt.id))  # Confirm
    await settle(bot)  # no 60-second wait: the AI (seat 3) answers its follow-up at once
    log = await bot.store.log(gid)
    assert any(e.seat == 2 and e.source == "ai" for e in log)
    table, user = await current(agora, gid, ["alice", "bob"])
    assert user == "alice" and table.awaited()[0].kind == "move_cards"  # alice's follow-up now
    ask = newest(d.dms("alice"), has_prompt)
    assert "Draw 1 card instead" in option_labels(ask)


async def test_bonus_draft_asks_every_player_privately_in_turn(agora):
    d = agora.double
    seed = next(sd for sd in range(1, 300)
                if pending(new_game(3, sd, {"bonus_draft": True}))[0].kind == "draft")
    bot, gid = await open_game(agora, seed=seed, bonus_draft=True)
    ids = user_names(d, PLAYERS)
    asked = []
    for _ in range(3):
        await settle(bot)
        table, user = await waiting_user(bot, gid, ids)
        if table.awaited()[0].kind != "draft":
            break
        waiting = f"Waiting for <@{d.user(user).id}>: pick a bonus tile"
        assert waiting in d.messages(CHANNEL)[-1].content
        prompt = newest(d.dms(user), has_prompt)
        assert all(label.startswith("Bonus:") for label in option_labels(prompt))
        await click_choice(d, user, prompt)
        prompt = d.message(prompt.id)
        if button_id(prompt, "ag:c:"):  # the pick completes the part: confirm it
            await click_choice(d, user, prompt)
        asked.append(user)
    assert len(asked) == 3 and len(set(asked)) == 3  # everyone, one after the other
    await settle(bot)
    log = await bot.store.log(gid)
    assert sorted(e.seat for e in log if e.decision["kind"] == "bonus") == [0, 1, 2]


async def test_game_goes_on_by_dm_when_the_channel_refuses_posts(agora):
    """The bot loses Send Messages in the game's channel mid-game: its posts are refused
    (403), yet every decision is committed and the next player still gets a prompt by DM."""
    d = agora.double
    bot, gid = await open_game(agora, seed=11, stall_guard_rounds=1)
    posts = len(d.messages(CHANNEL))
    d.set_bot_can_send(CHANNEL, False)
    ids = user_names(d, PLAYERS)
    first = (await bot.store.game(gid)).decisions
    movers = []
    for _ in range(40):  # play until two different players have acted through their DMs
        await settle(bot)
        _, user = await waiting_user(bot, gid, ids)
        if not movers or movers[-1] != user:
            movers.append(user)
        if len(movers) == 3:
            break
        await click_choice(d, user, newest(d.dms(user), has_prompt))
    assert len(movers) == 3, movers
    assert (await bot.store.game(gid)).decisions > first
    assert len(d.messages(CHANNEL)) == posts  # nothing reached the channel
    assert has_prompt(newest(d.dms(movers[-1]), has_prompt))
