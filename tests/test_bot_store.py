"""bot/store.py: migrations, lobby rows, commits in one transaction, the stale-write guard,
undo to a snapshot, drafts and the journal."""

from __future__ import annotations

import json
import sqlite3

import pytest

from bot.store import (
    CHECKPOINT_EVERY,
    ChannelBusy,
    Draft,
    LogEntry,
    StaleWrite,
    Store,
    migration_files,
    pack,
    unpack,
)

G = "pantheon"  # the game these tests play


@pytest.fixture
async def store(tmp_path):
    s = await Store.open(tmp_path / "agora.db")
    yield s
    await s.close()


async def new_game(store: Store, channel: int = 10):
    return await store.create_game(game=G, guild_id=1, channel_id=channel, host_id=100,
                                   host_name="Ann", options={"bonus_draft": False}, seed=7)


def entry(seq: int, seat: int = 0, barrier: bool = False) -> LogEntry:
    return LogEntry(seq=seq, seat=seat, decision={"kind": "action", "args": {"action": "draw"}},
                    source="button", barrier=barrier, events=[{"template": "turn", "args": {}}])


async def test_migrations_run_once_and_use_wal(tmp_path):
    path = tmp_path / "a.db"
    s = await Store.open(path)
    assert await s.schema_version() == len(migration_files()) >= 1
    await s.close()
    s = await Store.open(path)  # a second open finds nothing to do
    assert await s.schema_version() == len(migration_files())
    await s.close()
    con = sqlite3.connect(path)
    assert con.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    tables = {r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    assert {"games", "seats", "decisions", "snapshots", "drafts", "journal"} <= tables
    con.close()


async def test_one_open_game_per_channel(store):
    game = await new_game(store)
    assert game.status == "lobby" and game.host_id == 100 and game.options == {"bonus_draft": False}
    with pytest.raises(ChannelBusy):
        await new_game(store)
    other = await new_game(store, channel=11)  # another channel is fine
    assert other.id != game.id
    await store.update_game(game.id, game.revision, status="abandoned")
    again = await new_game(store)  # the channel is free once the game is closed
    assert (await store.open_game(10)).id == again.id


async def test_seats_join_leave_renumber(store):
    game = await new_game(store)
    await store.add_seat(game.id, game.revision, user_id=101, name="Bob")
    game = await store.game(game.id)
    await store.add_seat(game.id, game.revision, user_id=None, name="AI", ai_level="easy")
    game = await store.game(game.id)
    await store.remove_seat(game.id, game.revision, 1)
    seats = await store.seats(game.id)
    assert [(s.seat, s.name, s.is_ai) for s in seats] == [(0, "Ann", False), (1, "AI", True)]
    assert seats[1].ai_level == "easy"


async def test_stale_revision_is_refused_and_changes_nothing(store):
    game = await new_game(store)
    await store.add_seat(game.id, game.revision, user_id=101, name="Bob")
    with pytest.raises(StaleWrite):
        await store.add_seat(game.id, game.revision, user_id=102, name="Cy")  # old revision
    assert [s.name for s in await store.seats(game.id)] == ["Ann", "Bob"]


async def start(store: Store):
    game = await new_game(store)
    await store.start_play(game.id, game.revision, state={"decisions": 0, "x": "start"},
                           decisions=0, awaited=[0], note="begun")
    return await store.game(game.id)


async def test_commit_writes_log_snapshot_and_drops_drafts(store):
    game = await start(store)
    assert game.status == "playing" and await store.state(game.id) == {"decisions": 0,
                                                                         "x": "start"}
    await store.save_draft(game.id, Draft(seat=0, base=0, steps=[{"kind": "a", "args": {}}]))
    await store.save_draft(game.id, Draft(seat=2, base=0, steps=[{"kind": "b", "args": {}}]))
    assert (await store.draft(game.id, 0)).steps == [{"kind": "a", "args": {}}]
    rev = await store.commit(game.id, game.revision, seat=0,
                             entries=[entry(0), entry(1, barrier=True)],
                             state={"decisions": 2}, decisions=2, awaited=[1])
    game = await store.game(game.id)
    assert rev == game.revision and game.decisions == 2 and game.awaited == [1]
    assert await store.state(game.id) == {"decisions": 2}
    assert await store.checkpoint(game.id, 1) == (0, {"decisions": 0, "x": "start"})
    log = await store.log(game.id)
    assert [(e.seq, e.batch, e.barrier) for e in log] == [(0, 0, False), (1, 0, True)]
    assert log[0].events == [{"template": "turn", "args": {}}]
    assert await store.draft(game.id, 0) is None  # the committing seat's draft is done
    # another seat's draft is its own: a commit never touches it (checked again when shown)
    assert (await store.draft(game.id, 2)).steps == [{"kind": "b", "args": {}}]


async def test_commit_is_all_or_nothing(store):
    game = await start(store)
    await store.commit(game.id, game.revision, seat=0, entries=[entry(0)], state={"decisions": 1},
                       decisions=1, awaited=[0])
    game = await store.game(game.id)
    with pytest.raises(sqlite3.IntegrityError):  # seq 0 again: the insert fails ...
        await store.commit(game.id, game.revision, seat=0, entries=[entry(1), entry(0)],
                           state={"decisions": 3}, decisions=3, awaited=[0])
    after = await store.game(game.id)  # ... and the game row, log and snapshot are untouched
    assert (after.revision, after.decisions) == (game.revision, 1)
    assert [e.seq for e in await store.log(game.id)] == [0]
    assert await store.state(game.id) == {"decisions": 1}


async def test_stale_commit_is_refused(store):
    game = await start(store)
    await store.commit(game.id, game.revision, seat=0, entries=[entry(0)], state={"decisions": 1},
                       decisions=1, awaited=[0])
    with pytest.raises(StaleWrite):
        await store.commit(game.id, game.revision, seat=0, entries=[entry(1)],
                           state={"decisions": 2},
                           decisions=2, awaited=[0])
    assert [e.seq for e in await store.log(game.id)] == [0]


async def test_rollback_to_snapshot(store):
    game = await start(store)
    await store.commit(game.id, game.revision, seat=0, entries=[entry(0)], state={"decisions": 1},
                       decisions=1, awaited=[0])
    game = await store.game(game.id)
    await store.commit(game.id, game.revision, seat=0, entries=[entry(1), entry(2)],
                       state={"decisions": 3}, decisions=3, awaited=[1])
    game = await store.game(game.id)
    assert [e.seq for e in await store.last_batch(game.id)] == [1, 2]
    await store.rollback_to(game.id, game.revision, seat=0, decisions=1,
                            state={"decisions": 1}, awaited=[0], note="Ann took back a step")
    game = await store.game(game.id)
    assert game.decisions == 1 and await store.state(game.id) == {"decisions": 1}
    assert [e.seq for e in await store.log(game.id)] == [0]
    assert [j.text for j in await store.journal(game.id)][-1] == "Ann took back a step"
    with pytest.raises(StaleWrite):  # the revision it read is gone: nothing changes
        await store.rollback_to(game.id, game.revision - 1, seat=0, decisions=0,
                                state={"decisions": 0}, awaited=[0], note="stale")
    assert (await store.game(game.id)).decisions == 1


async def test_replace_seat_and_user_games(store):
    game = await start(store)
    game = await store.game(game.id)
    assert [(g.id, s.seat) for g, s in await store.games_of_user(100)] == [(game.id, 0)]
    await store.replace_seat(game.id, game.revision, 0, user_id=None, name="Ann (AI)",
                             ai_level="normal", note="Ann's seat is now played by the AI",
                             at=game.decisions)
    seat = (await store.seats(game.id))[0]
    assert seat.is_ai and seat.ai_level == "normal" and seat.name == "Ann (AI)"
    assert await store.games_of_user(100) == []
    await store.set_seat_info(game.id, 0, dm_ok=False, hand_sig="abc", policy="draw")
    seat = (await store.seats(game.id))[0]
    assert (seat.dm_ok, seat.hand_sig, seat.policy) == (False, "abc", "draw")


async def test_snapshots_are_sparse_and_a_finished_game_keeps_its_ends(store):
    """The log is the truth: the store keeps the start, a checkpoint every CHECKPOINT_EVERY
    decisions or so and the current state; a finished game keeps its first and last."""
    game = await start(store)
    for n in range(1, 101):
        await store.commit(game.id, game.revision, seat=0, entries=[entry(n - 1)],
                           state={"decisions": n}, decisions=n, awaited=[0], over=n == 100)
        game = await store.game(game.id)
        kept = [d for d, _ in await store._all("SELECT decisions, 0 FROM snapshots WHERE"
                                               " game_id = ? ORDER BY decisions", (game.id,))]
        if n < 100:
            assert kept[0] == 0 and kept[-1] == n
            assert all(b - a >= CHECKPOINT_EVERY for a, b in zip(kept[:-2], kept[1:-1],
                                                                  strict=True))
            assert len(kept) <= n // CHECKPOINT_EVERY + 2
            assert await store.checkpoint(game.id, n - 1) == (
                kept[-2], {"decisions": kept[-2]} if kept[-2] else {"decisions": 0, "x": "start"})
    assert kept == [0, 100] and game.status == "over"
    assert len(await store.log(game.id)) == 100  # every decision stays


async def test_log_and_snapshots_are_stored_compressed_and_old_rows_still_read(store):
    game = await start(store)
    events = [{"template": "drew_cards", "args": {"seat": 1, "count": 3}}] * 4
    await store.commit(game.id, game.revision, seat=0,
                       entries=[LogEntry(seq=0, seat=0, decision={"kind": "take", "args": {}},
                                         source="button", events=events)],
                       state={"decisions": 1, "players": [{"hand": ["x"] * 30}]},
                       decisions=1, awaited=[0])
    (data,) = await store._one("SELECT data FROM decisions WHERE game_id = ?", (game.id,))
    assert isinstance(data, bytes) and len(data) < len(json.dumps([{}, events]))
    assert unpack(pack({"a": [1, 2]})) == {"a": [1, 2]}
    assert unpack('[{"kind": "x"}, []]') == [{"kind": "x"}, []]  # a row from before version 5
    assert (await store.log(game.id))[0].events == events
