"""Storage through the turn service (issue 11): the log is the truth, snapshots are sparse, and
every state of a game — for undo, for a draft built on an older state, for a picture — is the
checkpoint before it replayed."""

from __future__ import annotations

import random

import pytest

from bot.host.lobby import Lobby
from bot.host.turns import Games, Refusal
from bot.store import CHECKPOINT_EVERY
from engine.core import Decision
from tests.bot.bot_helpers import click_random
from tests.bot.store.store_backends import BACKENDS, open_backend


async def play_some(games: Games, game_id: int, decisions: int, seed: int = 3) -> None:
    """Human seats clicking random options (as buttons do) until `decisions` are committed."""
    rng = random.Random(seed)
    while True:
        table = await games.table(game_id)
        if table.game.status != "playing" or table.game.decisions >= decisions:
            return
        await click_random(games, game_id, rng)


async def three_seat_pantheon(games: Games) -> int:
    """A Pantheon game of three people (users 1 to 3), begun: its id."""
    lobby = Lobby(games)
    table = await lobby.start(game="pantheon", guild_id=1, channel_id=5, user_id=1, name="a",
                              options={"seed": 4})
    for user in (2, 3):
        await lobby.join(game="pantheon", channel_id=5, user_id=user, name=f"u{user}")
    await lobby.begin(game="pantheon", channel_id=5, user_id=1, can_manage=True)
    return table.game.id


@pytest.mark.parametrize("backend", BACKENDS)
async def test_every_state_is_its_checkpoint_replayed(backend, request, tmp_path):
    store = await open_backend(backend, request, tmp_path)
    games = Games(store)
    gid = await three_seat_pantheon(games)
    await play_some(games, gid, 3 * CHECKPOINT_EVERY)
    table = await games.table(gid)
    rules = table.kind.rules
    kept = [r[0] for r in await store._all("SELECT decisions FROM snapshots WHERE game_id = ?",
                                           (gid,))]
    assert len(kept) < table.game.decisions // 4  # sparse: far fewer than the commits
    # the whole log replayed from the start, decision by decision
    state = rules.load((await store.checkpoint(gid, 0))[1])
    expected = [rules.dump(state)]
    for e in await store.log(gid):
        state, _ = rules.apply(state, e.seat, Decision.from_json(e.decision))
        expected.append(rules.dump(state))
    assert expected[-1] == rules.dump(table.state)
    for n in range(table.game.decisions + 1):
        assert rules.dump(await games.state_at(table, n)) == expected[n], n
    await store.close()
    # a restart (a fresh store and turn service on the same database) finds the current state,
    # which SQLite has not stored, from the last checkpoint and the log since
    store = await open_backend(backend, request, tmp_path)
    again = await Games(store).table(gid)
    assert again.game.decisions == table.game.decisions
    assert rules.dump(again.state) == expected[-1]
    # (PostgreSQL stores every current state; on SQLite this game's, after 96 decisions, is
    # fewer than CHECKPOINT_EVERY after the last checkpoint, 68, so it was replayed)
    assert (table.game.decisions in kept) == (backend == "postgres")
    await store.close()


async def test_the_replay_cursor_never_serves_a_step_an_undo_replaced(tmp_path):
    """Past states come one decision on from the last one asked for (the replay's cursor),
    but a step taken back with /undo and played otherwise is never built on: every state
    asked for is the log's, as a replay from the start gives it. The undo is made through
    another turn service than the one asked for the states (as `agora web`, or a second bot
    process, sees another's undo only in the log)."""
    store = await open_backend("sqlite", None, tmp_path)
    games = Games(store)
    web = Games(store)
    gid = await three_seat_pantheon(games)
    rng = random.Random(8)
    undone = None
    for _ in range(400):  # click until a step can be taken back
        await click_random(games, gid, rng)
        table = await games.table(gid)
        n = table.game.decisions
        batch = await store.last_batch(gid)
        user = table.seats[batch[0].seat].user_id if batch else None
        if n < 3 or user is None or len(batch) < 2:
            continue
        # the cursor stands after the batch's first step, which the undo takes back
        await web.state_at(table, batch[0].seq)
        await web.state_at(table, batch[0].seq + 1)
        panel = await games.panel(table, batch[0].seat)
        if panel.steps:
            continue
        try:
            await games.undo(gid, user)  # the batch's last step
        except Refusal:
            continue
        for _ in batch[1:]:
            await games.undo(gid, user)  # and the rest, kept as a draft by the first undo
        undone = batch[0]
        break
    assert undone is not None
    # the same seat plays another option in the undone step's place, and the game goes on
    table = await games.table(gid)
    panel = await games.panel(table, undone.seat)
    other = next(i for i, d in enumerate(panel.options) if d.to_json() != undone.decision)
    await games.choose(gid, table.seats[undone.seat].user_id, token=panel.token,
                       number=panel.number, index=other)
    table = await games.table(gid)
    if (await games.panel(table, undone.seat)).complete:
        panel = await games.panel(table, undone.seat)
        await games.confirm(gid, table.seats[undone.seat].user_id, token=panel.token,
                            number=panel.number)
    while (await games.table(gid)).game.decisions < undone.seq + 3:
        await click_random(games, gid, rng)
    table = await games.table(gid)
    rules = table.kind.rules
    state = rules.load((await store.checkpoint(gid, 0))[1])
    expected = [rules.dump(state)]
    for e in await store.log(gid):
        state, _ = rules.apply(state, e.seat, Decision.from_json(e.decision))
        expected.append(rules.dump(state))
    assert (await store.log(gid, undone.seq, undone.seq + 1))[0].decision != undone.decision
    for n in range(undone.seq + 1, table.game.decisions + 1):
        assert rules.dump(await web.state_at(table, n)) == expected[n], n
    await store.close()
