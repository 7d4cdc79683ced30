"""Review of the bot against the project rules, through the Discord test double: hostile typed
input, double clicks, games abandoned meanwhile. Every test here failed before its fix or pins
a rule the review checked (see the commit messages)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import threading

import pytest

from bot.host.lobby import Lobby
from bot.host.turns import Games, Refusal
from bot.logs import JsonLines, log_error
from bot.store.sqlite import Store
from engine.core import Decision
from engine.pantheon import new_game, pending
from engine.pantheon.text import describe
from tests.bot.bot_helpers import (
    CHANNEL,
    action_seed,
    bot_log_records,
    button_id,
    click_choice,
    click_label,
    follow_on_seed,
    has_prompt,
    newest,
    option_buttons,
    quiet_move,
    settle,
    slash,
)
from tests.bot.discord.test_bot_e2e import PLAYERS, current, open_game

# What a user can type into an autocomplete option: Discord does not check the value against
# the offered choices, and a string option holds up to 6000 characters.
HOSTILE_CHOICES = [
    "o:999:zzz:abc",
    "o:1:abcdef12:" + "9" * 5000,  # more digits than int() converts (4300)
    "o:" + "9" * 5000 + ":abcdef12:1",
    "o:0:00000000:0",  # the shape of a real value, for no real panel
    "x" * 6000,
    "\x00",
    "<@&1> @everyone",
]

G = "pantheon"  # the game these tests play


async def test_hostile_typed_choices_are_refused_and_change_nothing(agora):
    d = agora.double
    bot, gid = await open_game(agora, seed=action_seed())
    _, user = await current(agora, gid)
    before = await bot.store.game(gid)
    for command in ("choose", "move", "buy", "god", "draw"):
        for text in HOSTILE_CHOICES:
            inter = await slash(d, user, command, choice=text)
            assert inter.ephemeral and inter.content, (command, text[:20])
            assert "went wrong" not in inter.content, (command, text[:20], inter.content)
    inter = await slash(d, user, "choose", choice="o:0:00000000:0")
    assert "not one of the options you have now" in inter.content
    choices = await d.autocomplete(user, CHANNEL, "pantheon", "choose", focused="choice",
                                   options={"choice": "z" * 6000})
    assert choices == []
    real = (await d.autocomplete(user, CHANNEL, "pantheon", "choose", focused="choice",
                                 options={"choice": ""}))[0]["value"]
    inter = await slash(d, user, "choose", choice=real[:-1] + "99")  # a number not offered
    assert "not one of the options you have now" in inter.content
    after = await bot.store.game(gid)
    assert (after.revision, after.decisions) == (before.revision, before.decisions)
    assert await bot.store.drafts(gid) == []


async def test_clicks_on_a_game_abandoned_meanwhile_say_so_and_change_nothing(agora):
    d = agora.double
    bot, gid = await open_game(agora, seed=action_seed())
    _, user = await current(agora, gid)
    prompt = newest(d.dms(user), has_prompt)
    turn = newest(d.messages(CHANNEL), lambda m: button_id(m, "ag:t:") is not None)
    first, second = [await slash(d, "alice", "abandon") for _ in range(2)]
    click = await d.click("alice", first.message, button_id(first.message, "ag:x:"))
    await click.wait_done()
    before = await bot.store.game(gid)
    assert before.status == "abandoned"
    assert "abandoned by" in (await bot.store.journal(gid))[-1].text
    inter = await click_choice(d, user, prompt)
    assert inter.followups[-1].ephemeral and "abandoned" in inter.followups[-1].content
    inter = await d.click(user, turn, button_id(turn, "ag:t:"))
    await inter.wait_done()
    assert inter.ephemeral and "abandoned" in inter.content
    again = await d.click("alice", second.message, button_id(second.message, "ag:x:"))
    await again.wait_done()
    assert "already over or abandoned" in again.followups[-1].content
    after = await bot.store.game(gid)
    assert (after.revision, after.decisions) == (before.revision, before.decisions)


async def double_click(d, user: str, message, label: str | None = None):
    """Two clicks on the same button before the bot answered the first."""
    message = d.message(message.id)
    cid = (button_id(message, "ag:c:") if label is None
           else next(b["custom_id"] for b in option_buttons(message) if b["label"] == label))
    clicks = [await d.click(user, message, cid) for _ in range(2)]
    for c in clicks:  # done: the prompt was edited (by either) or a follow-up came
        await c.wait_done(10)
    # one of them is refused with a follow-up; the other edits the prompt
    await d.wait_until(lambda: any(c.followups for c in clicks), what="a refusal")
    return [c.followups[-1].content for c in clicks if c.followups]


async def test_double_clicks_apply_exactly_once(agora):
    d = agora.double
    seed, mover, steps, _, _ = follow_on_seed()
    bot, gid = await open_game(agora, seed=seed)
    user = PLAYERS[mover]
    prompt = newest(d.dms(user), has_prompt)
    for step in steps:
        refusals = await double_click(d, user, prompt, describe(step))
        assert len(refusals) == 1 and "out of date" in refusals[0], refusals
    draft = await bot.store.draft(gid, mover)
    assert [s["kind"] for s in draft.steps] == [s.kind for s in steps]  # each step once
    # Confirm, twice: the second click is told its step is already confirmed (it used to be
    # told "It is not your turn to decide")
    refusals = await double_click(d, user, prompt)
    assert refusals == ["That step was already confirmed."], refusals
    await settle(bot)
    log = await bot.store.log(gid)
    assert [e.decision["kind"] for e in log[:len(steps)]] == [s.kind for s in steps]
    assert {e.batch for e in log[:len(steps)]} == {0}  # one commit


async def test_ai_turns_are_computed_off_the_event_loop(tmp_path, monkeypatch):
    """An AI turn takes up to seconds of engine work: on the event loop it would hold up every
    other interaction's 3-second acknowledgement."""
    import engine.pantheon.ai as ai

    threads = set()
    real = ai.choose

    def spy(*args, **kwargs):
        threads.add(threading.get_ident())
        return real(*args, **kwargs)

    monkeypatch.setattr(ai, "choose", spy)
    store = await Store.open(tmp_path / "t.db")
    try:
        games = Games(store)
        lobby = Lobby(games)
        await lobby.start(game=G, guild_id=1, channel_id=5, user_id=1, name="Ann",
                          options={"seed": 5})
        await lobby.add_bot(game=G, channel_id=5, user_id=1, level="easy", can_manage=False)
        table = await lobby.begin(game=G, channel_id=5, user_id=1, can_manage=False)
        while await games.automatic_step(table.game.id) is not None:
            pass
    finally:
        await store.close()
    assert threads and threading.get_ident() not in threads


async def test_a_crash_during_undo_loses_no_step(tmp_path, monkeypatch):
    """/pantheon undo returns to the snapshot and keeps the player's other steps as a draft:
    both in one transaction, or a crash between them loses those steps."""
    seed, steps = next((sd, st) for sd in range(1, 300)
                       if pending(new_game(3, sd))[0].kind == "action"
                       for st in [quiet_move(sd)] if st)
    store = await Store.open(tmp_path / "t.db")
    games = Games(store)
    lobby = Lobby(games)
    await lobby.start(game=G, guild_id=1, channel_id=5, user_id=1, name="Ann",
                      options={"seed": seed})
    for user in (2, 3):
        await lobby.join(game=G, channel_id=5, user_id=user, name=f"u{user}")
    table = await lobby.begin(game=G, channel_id=5, user_id=1, can_manage=False)
    gid, seat = table.game.id, table.awaited()[0].seat
    me = table.seats[seat].user_id
    await games.choose_decisions(gid, me, steps)  # typed: committed at once

    class Crash(Exception):
        pass

    async def crash(*args, **kwargs):
        raise Crash  # the process dies when undo writes its draft separately

    monkeypatch.setattr(Store, "save_draft", crash)
    with contextlib.suppress(Crash):
        await games.undo(gid, me)
    await store.close()
    store = await Store.open(tmp_path / "t.db")  # the restart
    try:
        game = await store.game(gid)
        draft = await store.draft(gid, seat)
        kept = [Decision.from_json(x) for x in draft.steps] if draft else []
        assert (game.decisions, kept) in [(len(steps), []), (0, steps[:-1])]
    finally:
        await store.close()


async def test_a_crash_while_the_host_leaves_keeps_a_seated_host(tmp_path, monkeypatch):
    """Leaving the lobby removes the seat and hands the host role on: one transaction, or a
    crash between them leaves a lobby whose host has left."""
    store = await Store.open(tmp_path / "t.db")
    lobby = Lobby(Games(store))
    await lobby.start(game=G, guild_id=1, channel_id=5, user_id=1, name="Ann", options={})
    await lobby.join(game=G, channel_id=5, user_id=2, name="Bob")

    class Crash(Exception):
        pass

    async def crash(*args, **kwargs):
        raise Crash

    monkeypatch.setattr(Store, "update_game", crash)
    with contextlib.suppress(Crash):
        await lobby.leave(game=G, channel_id=5, user_id=1)
    await store.close()
    store = await Store.open(tmp_path / "t.db")
    try:
        game = await store.open_game(5)
        seated = [s.user_id for s in await store.seats(game.id)]
        assert game.host_id in seated
    finally:
        await store.close()


async def test_two_replace_commands_at_once_hand_the_seat_over_once(tmp_path):
    store = await Store.open(tmp_path / "t.db")
    try:
        games = Games(store)
        lobby = Lobby(games)
        await lobby.start(game=G, guild_id=1, channel_id=5, user_id=1, name="Ann",
                          options={"seed": action_seed()})
        for user in (2, 3):
            await lobby.join(game=G, channel_id=5, user_id=user, name=f"u{user}")
        table = await lobby.begin(game=G, channel_id=5, user_id=1, can_manage=False)
        outcomes = await asyncio.gather(
            *[lobby.replace(game=G, channel_id=5, user_id=1, can_manage=False, target_user_id=2,
                            level=level) for level in ("easy", "normal")],
            return_exceptions=True)
        refused = [o for o in outcomes if isinstance(o, Refusal)]
        assert len(refused) == 1 and "has no seat" in refused[0].message, outcomes
        notes = [j.text for j in await store.journal(table.game.id) if "AI" in j.text]
        assert len(notes) == 1
    finally:
        await store.close()


def test_an_error_log_line_names_the_exception_but_not_its_message():
    """An exception's message may hold anything (a card, a decision's arguments): the log line
    keeps its type and where it was raised, never its text."""
    with bot_log_records() as kept:
        try:
            try:
                {}["money3"]
            except KeyError as exc:
                raise RuntimeError("hand: 2x money3, demigods 6 + 4") from exc
        except RuntimeError:
            log_error("interaction_failed", user=7)
    records = kept.records
    line = json.loads(JsonLines().format(records[0]))
    assert "money3" not in json.dumps(line) and "demigods" not in json.dumps(line)
    assert line["error"].startswith("RuntimeError from KeyError at ")
    assert "test_bot_review.py:" in line["error"]


async def test_a_stale_more_options_click_is_refused_without_internal_numbers(tmp_path):
    """The "More options" button checks its panel like every other button; the refusal names no
    decision number (internal, and it goes down after an undo)."""
    store = await Store.open(tmp_path / "t.db")
    try:
        games = Games(store)
        lobby = Lobby(games)
        await lobby.start(game=G, guild_id=1, channel_id=5, user_id=1, name="Ann",
                          options={"seed": action_seed()})
        await lobby.join(game=G, channel_id=5, user_id=2, name="Bob")
        table = await lobby.begin(game=G, channel_id=5, user_id=1, can_manage=False)
        me = table.seats[table.awaited()[0].seat].user_id
        panel = await games.open_panel(table.game.id, me)
        assert (await games.open_panel(table.game.id, me, token=panel.token, number=0)) == panel
        with pytest.raises(Refusal, match=r"out of date") as refused:
            await games.open_panel(table.game.id, me, token="0" * 8, number=0)
        assert "decision" not in refused.value.message and "{" not in refused.value.message
    finally:
        await store.close()


async def test_every_board_picture_is_drawn_from_the_spectator_view(agora, monkeypatch):
    """The channel's board, /pantheon board and the private draft preview all draw the public
    view: no hand, no demigod value, no bonus tile can reach a board picture."""
    import render.pantheon

    drawn = []
    real = render.pantheon.board_png

    def spy(v, locale=None):
        drawn.append((v.seat, [(p.hand, p.demigods, p.bonus) for p in v.players]))
        return real(v, locale)

    monkeypatch.setattr(render.pantheon, "board_png", spy)
    d = agora.double
    seed, mover, steps, _, _ = follow_on_seed()
    bot, gid = await open_game(agora, seed=seed)
    user = PLAYERS[mover]
    prompt = newest(d.dms(user), has_prompt)
    for step in steps:
        await click_label(d, user, prompt, describe(step))
    assert [a.filename for a in d.message(prompt.id).attachments] == ["preview.png"]
    await click_choice(d, user, prompt)  # Confirm: the turn's board post
    await settle(bot)
    await slash(d, "carol", "board")
    assert len(drawn) >= 4  # opening, preview, the turn's post, /pantheon board
    assert all(seat is None and all(x == (None, None, None) for x in players)
               for seat, players in drawn)


async def test_a_commit_is_published_even_when_the_answer_to_the_click_fails(agora):
    """Editing the clicked prompt can fail (Discord hiccup, message gone): the commit is in the
    database, so the channel post and the next player's prompt must still go out."""
    d = agora.double
    seed, mover, steps, _, _ = follow_on_seed()
    bot, gid = await open_game(agora, seed=seed)
    user = PLAYERS[mover]
    prompt = newest(d.dms(user), has_prompt)
    for step in steps:
        await click_label(d, user, prompt, describe(step))
    posts = len(d.messages(CHANNEL))

    async def broken(*args, **kwargs):
        raise RuntimeError("the edit failed")

    bot.play.show = broken
    await d.click(user, d.message(prompt.id), button_id(d.message(prompt.id), "ag:c:"))
    await d.wait_until(lambda: len(d.messages(CHANNEL)) > posts, what="the turn's post")
    await settle(bot)
    assert (await bot.store.game(gid)).posted == len(steps)


async def test_the_opening_is_posted_even_when_the_answer_to_begin_fails(agora):
    d = agora.double
    bot = await agora.start()
    await slash(d, "alice", "start", seed=action_seed())
    await slash(d, "bob", "join")
    group = bot.tree.get_command("pantheon")

    async def broken(*args, **kwargs):
        raise RuntimeError("the reply failed")

    group._reply = broken
    await d.slash("alice", CHANNEL, "pantheon", "begin")
    await d.wait_for_message(CHANNEL, lambda m: bool(m.attachments), timeout=5)
    await settle(bot)
    game = await bot.store.open_game(d.channel(CHANNEL).id)
    assert game.status == "playing" and game.posted == 0
    agora.logs.records.clear()  # the failed reply was logged as an error, as it should be
