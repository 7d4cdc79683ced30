"""The bot's command layer without Discord: lobby rules, drafts and their commit points, undo
(Board Game Arena's policy), stale and out-of-turn input, standing answers and AI seats."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from bot.host.kinds import kind
from bot.host.lobby import Lobby
from bot.host.messages import summary_lines
from bot.host.turns import Games, Refusal
from data.i18n import catalogue
from engine.core import Decision, Event
from engine.pantheon import INFO, new_game, pending, reveals
from engine.pantheon.state import COLOUR_ORDER
from tests.bot.bot_helpers import action_seed, quiet_move
from tests.bot.store.store_backends import BACKENDS, open_backend

CHANNEL = 500
ANN, BOB, CY, DEE, EVE = 1, 2, 3, 4, 5

G = "pantheon"  # the game these tests play


@pytest.fixture(params=BACKENDS)
async def games(request, tmp_path):
    store = await open_backend(request.param, request, tmp_path)  # SQLite and PostgreSQL
    yield Games(store)
    await store.close()


async def begun(games: Games, seed: int, users=(ANN, BOB, CY), **options):
    lobby = Lobby(games)
    await lobby.start(game=G, guild_id=1, channel_id=CHANNEL, user_id=users[0], name=f"u{users[0]}",
                      options={"seed": seed, **options})
    for u in users[1:]:
        await lobby.join(game=G, channel_id=CHANNEL, user_id=u, name=f"u{u}")
    table = await lobby.begin(game=G, channel_id=CHANNEL, user_id=users[0], can_manage=False)
    return table


def user_of(table, seat: int) -> int:
    return table.seats[seat].user_id


def index_of(panel, kind: str, **args) -> int:
    for i, d in enumerate(panel.options):
        if d.kind == kind and all(d.args.get(k) == v for k, v in args.items()):
            return i
    raise AssertionError(f"no option {kind} {args} in {panel.options}")


# --- lobby ------------------------------------------------------------------------------------

async def test_lobby_rules(games):
    lobby = Lobby(games)
    await lobby.start(game=G, guild_id=1, channel_id=CHANNEL, user_id=ANN, name="Ann", options={})
    with pytest.raises(Refusal, match="already has Pantheon"):
        await lobby.start(game=G, guild_id=1, channel_id=CHANNEL, user_id=BOB, name="Bob",
                          options={})
    with pytest.raises(Refusal, match="2 to 4 players") as exc:  # P-COMP-18
        await lobby.begin(game=G, channel_id=CHANNEL, user_id=ANN, can_manage=False)
    assert exc.value.rule == "P-COMP-18"
    with pytest.raises(Refusal, match="already seated"):
        await lobby.join(game=G, channel_id=CHANNEL, user_id=ANN, name="Ann")
    await lobby.join(game=G, channel_id=CHANNEL, user_id=BOB, name="Bob")
    await lobby.add_bot(game=G, channel_id=CHANNEL, user_id=ANN, level="easy", can_manage=False)
    with pytest.raises(Refusal, match="Only the host"):
        await lobby.add_bot(game=G, channel_id=CHANNEL, user_id=BOB, level="easy", can_manage=False)
    await lobby.add_bot(game=G, channel_id=CHANNEL, user_id=BOB, level="normal", can_manage=True)
    with pytest.raises(Refusal, match="at most 4"):
        await lobby.join(game=G, channel_id=CHANNEL, user_id=CY, name="Cy")
    table, seat, closed = await lobby.leave(game=G, channel_id=CHANNEL, user_id=ANN)
    assert not closed and table.game.host_id == BOB  # the host passes to the next person
    assert [s.name for s in table.seats] == ["Bob", "AI 1 (easy)", "AI 2 (normal)"]
    with pytest.raises(Refusal, match="Only the host"):
        await lobby.begin(game=G, channel_id=CHANNEL, user_id=CY, can_manage=False)
    table = await lobby.begin(game=G, channel_id=CHANNEL, user_id=BOB, can_manage=False)
    assert table.game.status == "playing" and table.state is not None
    with pytest.raises(Refusal, match="cannot leave"):
        await lobby.leave(game=G, channel_id=CHANNEL, user_id=BOB)
    with pytest.raises(Refusal, match="already begun"):
        await lobby.join(game=G, channel_id=CHANNEL, user_id=CY, name="Cy")


async def test_unknown_and_illegal_options_are_refused(games):
    lobby = Lobby(games)
    with pytest.raises(Refusal, match="Unknown option"):
        await lobby.start(game=G, guild_id=1, channel_id=CHANNEL, user_id=ANN, name="Ann",
                          options={"speed": 3})
    assert await games.store.open_game(CHANNEL) is None


async def test_last_person_leaving_closes_the_lobby(games):
    lobby = Lobby(games)
    await lobby.start(game=G, guild_id=1, channel_id=CHANNEL, user_id=ANN, name="Ann", options={})
    _, _, closed = await lobby.leave(game=G, channel_id=CHANNEL, user_id=ANN)
    assert closed and await games.store.open_game(CHANNEL) is None


# --- drafts and commit points -----------------------------------------------------------------

async def test_draft_is_private_until_a_revealing_step_commits_it(games):
    table = await begun(games, action_seed())
    gid = table.game.id
    seat = table.awaited()[0].seat
    me = user_of(table, seat)
    panel = await games.open_panel(gid, me)
    res = await games.choose(gid, me, token=panel.token, number=panel.number,
                             index=index_of(panel, "action", action="draw"))
    assert res.commit is None and [d.kind for d in res.panel.steps] == ["action"]
    game = await games.store.game(gid)
    assert game.decisions == 0 and await games.store.log(gid) == []  # nothing committed yet
    other = user_of(table, (seat + 1) % 3)
    with pytest.raises(Refusal) as exc:  # the others still see the committed position
        await games.open_panel(gid, other)
    assert exc.value.rule == "P-TURN-1"
    panel = res.panel
    res = await games.choose(gid, me, token=panel.token, number=panel.number,
                             index=index_of(panel, "take", **{"from": "deck"}))
    assert res.commit is not None and res.notes  # a card from the deck: committed at once
    log = await games.store.log(gid)
    assert [(e.decision["kind"], e.barrier) for e in log] == [("action", False), ("take", True)]
    with pytest.raises(Refusal, match="hidden information"):
        await games.undo(gid, me)
    assert (await games.store.game(gid)).decisions == 2


async def test_stale_and_foreign_input_changes_nothing(games):
    table = await begun(games, action_seed())
    gid = table.game.id
    me = user_of(table, table.awaited()[0].seat)
    old = await games.open_panel(gid, me)
    await games.choose(gid, me, token=old.token, number=old.number,
                       index=index_of(old, "action", action="draw"))
    with pytest.raises(Refusal, match="out of date"):  # the same button again
        await games.choose(gid, me, token=old.token, number=old.number, index=0)
    with pytest.raises(Refusal, match="not seated"):
        await games.open_panel(gid, DEE)
    panel = await games.open_panel(gid, me)
    with pytest.raises(Refusal, match="out of date"):  # an option number that does not exist
        await games.choose(gid, me, token=panel.token, number=panel.number, index=99)
    assert len(panel.steps) == 1 and (await games.store.game(gid)).decisions == 0


async def test_typed_decisions_are_checked_by_the_engine(games):
    table = await begun(games, action_seed())
    gid = table.game.id
    me = user_of(table, table.awaited()[0].seat)
    with pytest.raises(Refusal) as exc:
        await games.choose_decisions(gid, me, [Decision("action", {"action": "fly"})])
    assert "not possible now" in exc.value.message
    res = await games.choose_decisions(gid, me, [Decision("action", {"action": "draw"}),
                                                 Decision("take", {"from": "deck"}),
                                                 Decision("take", {"from": "deck"}),
                                                 Decision("take", {"from": "deck"})])
    assert res.commit is not None and res.panel is None  # the whole turn, committed
    assert len(await games.store.log(gid)) == 4


async def test_confirm_commits_a_draft_and_undo_takes_it_back(games):
    seed, steps = next((sd, st) for sd in range(1, 300) if new_game(3, sd) and
                       pending(new_game(3, sd))[0].kind == "action"
                       for st in [quiet_move(sd)] if st)
    table = await begun(games, seed)
    gid = table.game.id
    seat = table.awaited()[0].seat
    me = user_of(table, seat)
    panel = await games.open_panel(gid, me)
    for d in steps:
        assert not panel.complete
        res = await games.choose(gid, me, token=panel.token, number=panel.number,
                                 index=panel.options.index(d))
        assert res.commit is None
        panel = res.panel
    assert panel.complete and panel.options == []  # only Confirm / Undo step are left
    with pytest.raises(Refusal, match="complete"):
        await games.choose(gid, me, token=panel.token, number=panel.number, index=0)
    back = await games.undo_step(gid, me, token=panel.token, number=panel.number)
    assert back.steps == steps[:-1] and not back.complete
    res = await games.choose(gid, me, token=back.token, number=back.number,
                             index=back.options.index(steps[-1]))
    res = await games.confirm(gid, me, token=res.panel.token, number=res.panel.number)
    assert res.commit is not None and res.panel is None
    game = await games.store.game(gid)
    assert game.decisions == len(steps) and seat not in game.awaited
    # nobody has acted since and nothing was revealed: /pantheon undo takes the last step back
    undone = await games.undo(gid, me)
    assert undone.undone == steps[-1] and undone.panel.steps == steps[:-1]
    assert (await games.store.game(gid)).decisions == 0
    assert "takes back" in (await games.store.journal(gid))[-1].text
    # commit again; once the next player has acted, the Move can no longer be undone
    res = await games.choose(gid, me, token=undone.panel.token, number=undone.panel.number,
                             index=undone.panel.options.index(steps[-1]))
    await games.confirm(gid, me, token=res.panel.token, number=res.panel.number)
    table = await games.table(gid)
    nxt = user_of(table, table.awaited()[0].seat)
    await games.choose_decisions(gid, nxt, [Decision("follow_draw")])
    with pytest.raises(Refusal, match="another player has acted"):
        await games.undo(gid, me)


async def test_standing_answer_draws_instead_of_following(games):
    seed, steps = next((sd, st) for sd in range(1, 300)
                       if pending(new_game(3, sd))[0].kind == "action"
                       for st in [quiet_move(sd)] if st)
    table = await begun(games, seed)
    gid = table.game.id
    seat = table.awaited()[0].seat
    nxt = (seat + 1) % 3
    await games.store.set_seat_info(gid, nxt, policy="draw")
    await games.choose_decisions(gid, user_of(table, seat), steps)  # typed: commits at once
    table = await games.table(gid)
    assert table.awaited()[0].seat == nxt
    commit = await games.automatic_step(gid)
    assert commit is not None and commit.source == "auto"
    assert [e.decision["kind"] for e in commit.entries] == ["follow_draw"]
    assert (await games.table(gid)).awaited()[0].seat != nxt
    assert await games.automatic_step(gid) is None  # the third player is asked


async def test_ai_seats_play_until_a_person_must_act(games):
    lobby = Lobby(games)
    await lobby.start(game=G, guild_id=1, channel_id=CHANNEL, user_id=ANN, name="Ann",
                      options={"seed": 5})
    await lobby.add_bot(game=G, channel_id=CHANNEL, user_id=ANN, level="easy", can_manage=False)
    await lobby.add_bot(game=G, channel_id=CHANNEL, user_id=ANN, level="normal", can_manage=False)
    table = await lobby.begin(game=G, channel_id=CHANNEL, user_id=ANN, can_manage=False)
    gid = table.game.id
    for _ in range(20):
        if await games.automatic_step(gid) is None:
            break
    table = await games.table(gid)
    assert table.seats[table.awaited()[0].seat].user_id == ANN
    log = await games.store.log(gid)
    assert all(e.source == "ai" and e.seat != 0 for e in log)


async def test_replace_hands_the_seat_to_the_ai(games):
    table = await begun(games, action_seed())
    lobby = Lobby(games)
    with pytest.raises(Refusal, match="Only the host"):
        await lobby.replace(game=G, channel_id=CHANNEL, user_id=CY, can_manage=False,
                            target_user_id=BOB, level="easy")
    table, seat = await lobby.replace(game=G, channel_id=CHANNEL, user_id=ANN, can_manage=False,
                                      target_user_id=BOB, level="easy")
    assert seat.is_ai and seat.name == "u2" and seat.ai_level == "easy"
    assert any("played by the AI" in j.text for j in await games.store.journal(table.game.id))
    with pytest.raises(Refusal, match="not seated"):
        await games.open_panel(table.game.id, BOB)


# --- detection and texts ----------------------------------------------------------------------

def test_reveals_notices_hidden_zones():
    s = new_game(3, 1)
    seat = pending(s)[0].seat
    t = s.clone()
    assert not reveals(s, t, seat)
    t.deck.pop()
    assert reveals(s, t, seat)
    t = s.clone()
    t.players[(seat + 1) % 3].hand["move"] = 9  # someone else's hand
    assert reveals(s, t, seat)
    t = s.clone()
    t.players[seat].hand["move"] = 9  # one's own hand alone is no secret to oneself
    assert not reveals(s, t, seat)


def test_channel_text_leaves_private_events_out():
    names = ["Ann", "Bob"]
    events = [Event("drew_cards", {"seat": 0, "count": 1}),
              Event("drew_cards", {"seat": 0, "count": 2}),
              Event("took_demigods", {"seat": 1, "count": 1, "values": [6]}, private_to=1)]
    lines = summary_lines(kind("pantheon"), events, names)
    assert lines == ["Ann draws 3 cards."]


def test_every_bot_text_key_exists():
    en = catalogue("en")
    used = set()
    for path in Path("bot").glob("*.py"):
        used |= set(re.findall(r't\("(bot\.[a-z_.]+)"', path.read_text()))
    missing = sorted(k for k in used if k not in en and f"{k}_other" not in en)
    assert not missing
    placeholders = {k: set(re.findall(r"{(\w+)}", v)) for k, v in en.items()
                    if k.startswith("bot.")}
    assert placeholders["bot.dm_failed"] == {"who", "cmd"}  # a mention and the command only
    assert json.dumps(en)  # valid JSON round trip
    # keys built at run time
    dynamic = [f"pantheon.rules.{x}" for x in INFO.rules_topics]
    dynamic += [f"colour.{c}" for c in COLOUR_ORDER]
    dynamic += [f"bot.status.{x}" for x in ("lobby", "playing", "over", "abandoned")]
    dynamic += ["pantheon.auto.draw", "pantheon.auto.ask", "bot.leave.announce"]
    assert [k for k in dynamic if k not in en] == []


async def test_a_chosen_seed_is_announced_in_the_lobby(games):
    """A host who picks the seed could work out the deck order (P-GAP-HIDDEN): everyone is
    told, and an unseeded game says nothing of the kind."""
    from bot.host.messages import lobby_text

    lobby = Lobby(games)
    table = await lobby.start(game=G, guild_id=1, channel_id=CHANNEL, user_id=ANN, name="Ann",
                              options={"seed": 77})
    assert "Fixed seed 77" in lobby_text(table) and table.game.seed == 77
    other = await lobby.start(game=G, guild_id=1, channel_id=CHANNEL + 1, user_id=BOB, name="Bob",
                              options={})
    assert "Fixed seed" not in lobby_text(other)


async def test_replacing_the_host_passes_the_host_role_on(games):
    """A departed host's seat goes to the AI and the host role to the member who asked (a
    Manage Channels member who is seated), so the remaining players keep a host."""
    table = await begun(games, action_seed())
    assert table.game.host_id == ANN
    table, seat = await Lobby(games).replace(game=G, channel_id=CHANNEL, user_id=CY,
                                             can_manage=True,
                                             target_user_id=ANN, level="normal")
    assert seat.is_ai and table.game.host_id == CY


@pytest.mark.parametrize(("game", "players"), [("pantheon", 2), ("amunre", 3), ("tta", 2)])
async def test_a_commit_logs_what_applying_the_steps_again_gives(tmp_path, game, players):
    """A commit writes the records found when its steps were applied for the preview (the
    rules are pure): over a whole game of random clicks, every logged entry's events, barrier
    and secrecy equal a fresh replay's, and so does the final state."""
    from bot.store.sqlite import Store
    from engine import registry
    from tests.bot.bot_helpers import click_random

    store = await Store.open(tmp_path / "g.db")
    try:
        games = Games(store)
        lobby = Lobby(games)
        await lobby.start(game=game, guild_id=1, channel_id=CHANNEL, user_id=1, name="u1",
                          options={"seed": 7})
        for u in range(2, players + 1):
            await lobby.join(game=game, channel_id=CHANNEL, user_id=u, name=f"u{u}")
        table = await lobby.begin(game=game, channel_id=CHANNEL, user_id=1, can_manage=False)
        rng = random.Random(3)
        for _ in range(5000):
            if (await games.table(table.game.id)).game.status != "playing":
                break
            await click_random(games, table.game.id, rng)
        final = await games.table(table.game.id)
        assert final.game.status == "over"
        rules = registry.rules(game)
        state = await games.state_at(final, 0)
        log = await store.log(table.game.id)
        assert len(log) == final.game.decisions > 0
        for entry in log:
            before = state
            state, events = rules.apply(state, entry.seat, Decision.from_json(entry.decision))
            assert entry.events == [e.to_json() for e in events], entry.seq
            assert entry.barrier == rules.reveals(before, state, entry.seat), entry.seq
            assert entry.sealed == rules.sealed(before, entry.seat,
                                                Decision.from_json(entry.decision)), entry.seq
        assert rules.dump(state) == rules.dump(final.state)
    finally:
        await store.close()


def test_options_and_version_are_remembered_per_state_object():
    """Kind.options/version answer once per state object (the host never changes a state in
    place): the same answers as the rules, a fresh list each time, and a state reached by a
    decision gets its own."""
    k = kind("tta")
    s = k.rules.new_game(3, 5)
    seat = k.awaited(s)[0]
    first = k.options(s, seat)
    again = k.options(s, seat)
    assert first == again == k.rules.options(s, seat) and first is not again
    assert k.version(s, seat) == k.rules.version(s, seat)
    after, _ = k.rules.apply(s, seat, first[0])
    assert k.options(after, seat) == k.rules.options(after, seat)
    assert k.version(after, seat) == k.rules.version(after, seat) != k.version(s, seat)
