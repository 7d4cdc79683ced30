"""Deadlines and vacations (issue 23) end to end: the unmodified bot against the Discord double,
with human seats, its game clocks driven by a time source the test moves (never by sleeping).

- `on_deadline: ai` (the default): a warning in the channel and by DM at three quarters of the
  time, the AI (normal) deciding for the silent seat at the deadline, the channel and the game
  log saying so, the deadline in `/status` — across a restart (a new bot on the same database);
- `on_deadline: host`: only the host is told, three misses in a row bring the host a button that
  hands the seat to the AI for good;
- `on_deadline: skip`: Through the Ages' pass (ending the turn); Pantheon has none for its turn,
  so the AI decides, and the channel says why;
- several seats asked at once (the test game's sealed offers) each have their own clock;
- the host's `deadline_level` (easy here) plays instead of normal;
- `/away`: the clocks and reminders pause, the channel and `/mygames` say who is away, `/away
  off` starts them again with the time already spent kept, and a server's cap ends the pause;
- the same deadline on PostgreSQL."""

from __future__ import annotations

import time

import pytest

import tests.sealed as sealed_game
from engine.pantheon import new_game, pending
from tests.bot.bot_helpers import (
    action_seed,
    button_id,
    click_choice,
    has_prompt,
    newest,
    settle,
    user_names,
    waiting_user,
)
from tests.discord_double import DiscordDouble

CHANNEL = "game-1"
PLAYERS = ["alice", "bob", "carol"]
HOUR = 3600.0
MANAGE_GUILD = 1 << 5


class FakeClock:
    """The bot's game clocks' time source (Config.clock): it moves only when the test says."""

    def __init__(self) -> None:
        self.now = float(int(time.time()))

    def __call__(self) -> float:
        return self.now

    def advance(self, hours: float) -> None:
        self.now += hours * HOUR


async def run(d: DiscordDouble, user: str, *names: str, channel: str = CHANNEL, **options):
    inter = await d.slash(user, channel, *names, options=options)
    await inter.wait_done(15)
    return inter


async def open_game(agora, game: str, players: list[str], channel: str = CHANNEL,
                    **options) -> int:
    d, bot = agora.double, agora.bot
    await run(d, players[0], game, "start", channel=channel, **options)
    for name in players[1:]:
        await run(d, name, game, "join", channel=channel)
    await run(d, players[0], game, "begin", channel=channel)
    await d.wait_for_message(channel, lambda m: bool(m.attachments), timeout=20)
    await settle(bot)
    return (await bot.store.open_game(d.channel(channel).id)).id


def channel_text(d: DiscordDouble, channel: str = CHANNEL) -> str:
    return "\n".join(m.content for m in d.messages(channel))


async def waiting(agora, gid: int, players: list[str]) -> tuple[int, str, float]:
    """The one awaited seat: its number, its player's name and when its clock started."""
    table, user = await waiting_user(agora.bot, gid, user_names(agora.double, players))
    seat = table.awaited()[0].seat
    assert user is not None and table.seats[seat].asked_at is not None
    return seat, user, table.seats[seat].asked_at


async def test_a_warning_then_the_ai_plays_for_a_silent_player_across_a_restart(agora):
    d = agora.double
    clock = FakeClock()
    bot = await agora.start(clock=clock)
    gid = await open_game(agora, "pantheon", PLAYERS, seed=action_seed(), deadline_hours=24)
    assert "Options: Deadline in hours: 24; Language: English" in channel_text(d)
    seat, user, asked = await waiting(agora, gid, PLAYERS)
    assert asked == clock.now  # the clock starts when the seat is asked
    mention, due = f"<@{d.user(user).id}>", int(asked + 24 * HOUR)

    clock.advance(17.9)  # not yet three quarters of 24 hours
    await bot.deadlines.due()
    assert "⏳" not in channel_text(d)
    clock.advance(0.2)
    await bot.deadlines.due()
    warning = newest(d.messages(CHANNEL), lambda m: "⏳" in m.content)
    assert warning.content == (f"⏳ {mention}, your time to decide runs out <t:{due}:R>; then the"
                               " AI decides for you.")
    assert button_id(warning, "ag:t:")  # the channel's "Take your turn"
    dm = newest(d.dms(user), lambda m: "⏳" in m.content)
    assert dm.content == (f"⏳ Pantheon #{gid} (<#{d.channel(CHANNEL).id}>): your time to decide"
                          f" (24 h) runs out <t:{due}:R>; then the AI decides for you.")
    await bot.deadlines.due()  # warned once, not at every round
    assert sum("⏳" in m.content for m in d.messages(CHANNEL)) == 1
    status = await run(d, "carol", "pantheon", "status")
    assert f"⏰ {user}'s time runs out <t:{due}:R> (<t:{due}:f>)." in status.content

    bot = await agora.restart()  # a new bot on the same database: the clock is stored
    clock.advance(6)
    await bot.deadlines.due()
    await settle(bot)
    said = f"⏰ {mention}'s time ran out (24 h): the AI (normal) decided for them."
    assert said in channel_text(d)
    entries = await bot.store.log(gid)
    assert entries and entries[0].seat == seat
    assert {e.source for e in entries if e.seat == seat} == {"deadline"}
    table = await bot.games.table(gid)
    assert table.seats[seat].user_id == d.user(user).id  # still the player's seat
    assert table.seats[seat].missed == 1
    log = await run(d, "bob", "pantheon", "log", n=40)
    assert f"*{user}'s time ran out (24 h): decided for them at the deadline.*" in log.content
    undo = await run(d, user, "pantheon", "undo")  # a decision the player did not make
    assert "Only your own last steps can be undone" in undo.content
    assert (await bot.store.game(gid)).decisions == len(entries)
    await bot.deadlines.due()  # another round decides nothing twice
    assert channel_text(d).count(said) == 1  # once, whichever round got there


async def test_host_mode_tells_only_the_host_and_offers_the_seat_after_three_misses(agora):
    d = agora.double
    clock = FakeClock()
    bot = await agora.start(clock=clock)
    players = ["alice", "bob"]
    seed = next(sd for sd in range(1, 500)
                if [(p.kind, p.seat) for p in pending(new_game(2, sd))][:1] == [("action", 1)])
    gid = await open_game(agora, "pantheon", players, seed=seed, deadline_hours=48,
                          on_deadline="host")
    assert "At the deadline: only the host is told" in channel_text(d)
    channel = d.channel(CHANNEL).id
    for miss in (1, 2, 3):
        clock.advance(36.5)  # the warning says what comes next
        await bot.deadlines.due()
        warn = newest(d.dms("bob"), lambda m: "⏳" in m.content)
        assert warn.content.endswith("then the host is told.")
        clock.advance(12)
        await bot.deadlines.due()
        await settle(bot)
        told = newest(d.dms("alice"), lambda m: "⏰" in m.content)
        assert told.content.startswith(
            f"⏰ bob's time to decide in Pantheon #{gid} (<#{channel}>) ran out (48 h). The game"
            " still waits for them, and their clock starts again.")
        table = await bot.games.table(gid)
        assert table.seats[1].missed == miss and table.game.decisions == 0  # nothing decided
        assert table.seats[1].asked_at == clock.now  # the clock starts again
        assert ("Hand bob's seat to the AI" in told.content) is False
        assert bool(button_id(told, "ag:r:")) == (miss == 3)
    assert "ran out" not in channel_text(d)  # only the host was told
    assert "You can hand their seat to the AI (normal) for good:" in told.content
    assert "bob has now missed 3 deadlines in a row." in told.content
    # the offer is the host's: the same button forged by bob in the channel changes nothing
    refused = await d.forged_click("bob", CHANNEL, button_id(told, "ag:r:"))
    await refused.wait_done(10)
    assert "Only the host" in refused.followups[-1].content
    assert (await bot.games.table(gid)).seats[1].user_id == d.user("bob").id
    done = await d.click("alice", told, button_id(told, "ag:r:"))
    await done.wait_done(10)
    assert done.content == "bob's seat is now played by the AI."
    await settle(bot)
    assert (f"The AI (normal) now plays bob's seat (was <@{d.user('bob').id}>), so the game can"
            " go on.") in channel_text(d)
    table = await bot.games.table(gid)
    assert table.seats[1].is_ai and table.seats[1].ai_level == "normal"
    assert table.game.decisions > 0  # the AI has played bob's turn
    log = await run(d, "alice", "pantheon", "log", n=40)
    assert "*bob's seat is now played by the AI (normal).*" in log.content


async def test_skip_passes_where_the_rules_have_a_pass_and_else_lets_the_ai_decide(agora):
    d = agora.double
    clock = FakeClock()
    bot = await agora.start(clock=clock)
    players = ["alice", "bob"]
    tta = await open_game(agora, "tta", players, deadline_hours=24, on_deadline="skip")
    seat, user, _ = await waiting(agora, tta, players)
    pantheon = await open_game(agora, "pantheon", ["carol", "dave"], channel="game-2",
                               seed=action_seed(2), deadline_hours=24, on_deadline="skip",
                               language="cs")  # a game in Czech: its channel posts too
    _, other, _ = await waiting(agora, pantheon, ["carol", "dave"])
    clock.advance(18.5)
    await bot.deadlines.due()
    assert "then you pass (or the AI decides where the rules have no pass)" in newest(
        d.messages(CHANNEL), lambda m: "⏳" in m.content).content
    clock.advance(6)
    await bot.deadlines.due()
    await settle(bot)
    # Through the Ages: ending the turn with its actions unspent is the pass
    assert f"⏰ <@{d.user(user).id}>'s time ran out (24 h): they pass." in channel_text(d)
    entries = await bot.store.log(tta)
    assert [e.decision["kind"] for e in entries if e.seat == seat][:1] == ["end"]
    assert seat not in (await bot.games.table(tta)).game.awaited
    # Pantheon's turn has no pass (P-TURN-1): the AI takes it, and the channel says why
    assert "pasuješ (a kde pravidla pas nemají, rozhodne za tebe AI)" in newest(
        d.messages("game-2"), lambda m: "⏳" in m.content).content
    assert (f"⏰ <@{d.user(other).id}>: lhůta (24 h) vypršela; pravidla tu pas nemají, takže za"
            " hráče rozhodla AI (normální).") in channel_text(d, "game-2")


async def test_the_host_chooses_the_level_that_plays_at_a_deadline(agora):
    """The start option deadline_level (any of the game's levels; normal when unset) plays a
    silent seat's turn: the lobby, the channel's notice and the log name it. A level without a
    deadline is refused, and no game is opened (Discord offers only the game's levels)."""
    d = agora.double
    clock = FakeClock()
    bot = await agora.start(clock=clock)
    alone = await run(d, "alice", "amunre", "start", deadline_level="easy")
    assert "needs deadline_hours as well" in alone.content
    assert await bot.store.open_game(d.channel(CHANNEL).id) is None
    gid = await open_game(agora, "amunre", PLAYERS, deadline_hours=24, deadline_level="easy")
    assert "AI at the deadline: easy" in channel_text(d)
    seat, user, _ = await waiting(agora, gid, PLAYERS)
    clock.advance(24.1)
    await bot.deadlines.due()
    await settle(bot)
    assert (f"⏰ <@{d.user(user).id}>'s time ran out (24 h): the AI (easy) decided for them."
            in channel_text(d))
    entries = await bot.store.log(gid)
    assert entries[0].seat == seat and entries[0].source == "deadline"


@pytest.fixture
def sealed_registered():
    sealed_game.register()
    yield
    sealed_game.unregister()


async def test_several_seats_asked_at_once_each_have_their_own_clock(agora, sealed_registered):
    d = agora.double
    clock = FakeClock()
    bot = await agora.start(clock=clock)
    gid = await open_game(agora, "sealed", PLAYERS, deadline_hours=10)
    table = await bot.games.table(gid)
    assert table.game.awaited == [0, 1, 2]
    assert {s.asked_at for s in table.seats} == {clock.now}
    for _ in range(2):  # alice seals at once (an offer, then Confirm)
        await click_choice(d, "alice", newest(d.dms("alice"), has_prompt))
    clock.advance(8)  # past three quarters: bob and carol are warned in one post
    await bot.deadlines.due()
    warning = newest(d.messages(CHANNEL), lambda m: "⏳" in m.content)
    bob, carol = (f"<@{d.user(u).id}>" for u in ("bob", "carol"))
    assert warning.content.count("⏳") == 2 and bob in warning.content and carol in warning.content
    assert f"<@{d.user('alice').id}>" not in warning.content
    for _ in range(2):  # bob seals after his warning
        await click_choice(d, "bob", newest(d.dms("bob"), has_prompt))
    await settle(bot)
    clock.advance(2.5)
    await bot.deadlines.due()
    await settle(bot)
    text = channel_text(d)
    # the sealed test game's AI has one level, random: the channel names the level that played
    assert f"⏰ {carol}'s time ran out (10 h): the AI (random) decided for them." in text
    assert f"⏰ {bob}'s time ran out" not in text
    entries = await bot.store.log(gid)
    assert [(e.seat, e.source) for e in entries][:3] == [(0, "button"), (1, "button"),
                                                          (2, "deadline")]
    assert entries[2].sealed  # the AI's offer for carol is as secret as her own would be


async def test_away_pauses_the_clocks_and_the_channel_and_mygames_say_so(agora):
    d = agora.double
    clock = FakeClock()
    bot = await agora.start(clock=clock)
    gid = await open_game(agora, "pantheon", PLAYERS, seed=action_seed(), deadline_hours=24)
    seat, user, asked = await waiting(agora, gid, PLAYERS)
    other = next(p for p in PLAYERS if p != user)
    clock.advance(6)
    left = int(clock.now + 3 * 24 * HOUR)
    away = await run(d, user, "away", "days", count=3)
    assert away.content == (f"You are away until <t:{left}:f> (<t:{left}:R>). Your reminders and"
                            f" deadlines wait:\n• Pantheon #{gid}: paused until <t:{left}:f>")
    assert (f"{user} is away until <t:{left}:f> (<t:{left}:R>). Reminders and deadlines wait"
            " for them.") in channel_text(d)
    clock.advance(30)  # past the deadline, were it not for the vacation
    assert await bot.reminders.due() == 0  # not reminded either
    await bot.deadlines.due()
    await settle(bot)
    assert "⏰" not in channel_text(d) and (await bot.store.game(gid)).decisions == 0
    mine = await run(d, other, "mygames")
    assert "Waiting for someone who is away:" in mine.content
    assert f"• Pantheon #{gid}: {user} is away until <t:{left}:f>" in mine.content
    status = await run(d, other, "pantheon", "status")
    paused_due = int(asked + 24 * HOUR + 3 * 24 * HOUR)  # the whole vacation is added
    assert f"{user} is away until <t:{left}:f>" in status.content
    assert f"⏰ {user}'s time runs out <t:{paused_due}:R>" in status.content

    back = await run(d, user, "away", "off")  # after 30 hours away: 6 hours spent, 18 left
    assert back.content == "Welcome back: your reminders and deadlines run again."
    assert f"{user} is back: reminders and deadlines run again for them." in channel_text(d)
    again = await run(d, user, "away", "off")
    assert again.content == "You are not away."
    due = int(clock.now + 18 * HOUR)
    status = await run(d, other, "pantheon", "status")
    assert f"⏰ {user}'s time runs out <t:{due}:R>" in status.content
    assert "is away until" not in status.content
    clock.advance(17)
    await bot.deadlines.due()
    assert "⏳" in channel_text(d)  # three quarters of 24 hours have run: 6 + 12
    assert "⏰" not in channel_text(d)
    clock.advance(1.5)
    await bot.deadlines.due()
    await settle(bot)
    assert f"⏰ <@{d.user(user).id}>'s time ran out (24 h)" in channel_text(d)
    # bad input says what is wrong and changes nothing
    for options, said in (({"date": "next friday"}, "is not a date"),
                          ({"date": "2001-01-01"}, "has already passed")):
        refused = await run(d, user, "away", "until", **options)
        assert said in refused.content
    assert (await bot.store.away([d.user(user).id]))[d.user(user).id].until == clock.now - (
        18.5 * HOUR)  # still the return of /away off


async def test_a_servers_cap_ends_the_pause_and_only_managers_set_it(agora):
    d = agora.double
    clock = FakeClock()
    bot = await agora.start(clock=clock)
    d.add_role(d.guild, "admins", MANAGE_GUILD, members=["carol"])
    # what happens at a deadline needs a deadline: refused, and no game is opened
    alone = await run(d, "alice", "pantheon", "start", on_deadline="skip")
    assert "needs deadline_hours as well" in alone.content
    assert await bot.store.open_game(d.channel(CHANNEL).id) is None
    refused = await run(d, "bob", "away", "cap", days=1)
    assert "Only members with Manage Server" in refused.content
    assert (await run(d, "bob", "away", "cap")).content.startswith(
        "This server does not cap vacations")
    done = await run(d, "carol", "away", "cap", days=1)
    assert done.content.startswith("From now on a vacation pauses this server's games for at"
                                   " most 1 day;")
    assert "at most 1 day;" in (await run(d, "bob", "away", "cap")).content
    gid = await open_game(agora, "pantheon", PLAYERS, seed=action_seed(), deadline_hours=24)
    seat, user, asked = await waiting(agora, gid, PLAYERS)
    capped = int(clock.now + 24 * HOUR)
    away = await run(d, user, "away", "until", date=time.strftime(
        "%Y-%m-%d", time.gmtime(clock.now + 10 * 24 * HOUR)))
    assert f"• Pantheon #{gid}: paused until <t:{capped}:f>" in away.content
    assert f"{user} is away until <t:{capped}:f>" in channel_text(d)
    clock.advance(24 + 23.9)  # the cap's day, then almost the whole deadline
    await bot.deadlines.due()
    assert "⏰" not in channel_text(d)
    clock.advance(0.2)  # the cap has run out: the deadline rules apply again
    await bot.deadlines.due()
    await settle(bot)
    assert f"⏰ <@{d.user(user).id}>'s time ran out (24 h)" in channel_text(d)
    assert (await bot.store.game(gid)).decisions > 0


async def test_a_deadline_on_postgresql(agora, pg_url):
    d = agora.double
    agora.db = pg_url
    clock = FakeClock()
    bot = await agora.start(clock=clock)
    gid = await open_game(agora, "pantheon", PLAYERS, seed=action_seed(), deadline_hours=12)
    seat, user, asked = await waiting(agora, gid, PLAYERS)
    assert asked == clock.now
    clock.advance(9.5)
    await bot.deadlines.due()
    assert f"<@{d.user(user).id}>, your time to decide runs out <t:{int(asked + 12 * HOUR)}:R>" \
        in channel_text(d)
    bot = await agora.restart()
    clock.advance(3)
    await bot.deadlines.due()
    await settle(bot)
    assert f"⏰ <@{d.user(user).id}>'s time ran out (12 h)" in channel_text(d)
    entries = await bot.store.log(gid)
    assert entries[0].seat == seat and entries[0].source == "deadline"
    assert (await bot.games.table(gid)).seats[seat].missed == 1
