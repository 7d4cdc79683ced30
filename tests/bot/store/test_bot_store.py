"""bot/store.py and bot/store_pg.py: migrations, lobby rows, commits in one transaction, the
stale-write guard, undo to a snapshot, drafts, the journal and leases. The tests taking `store`
run on both backends (SQLite and a real PostgreSQL server)."""

from __future__ import annotations

import asyncio
import json
import sqlite3
from collections.abc import Callable

import asyncpg
import pytest

from bot.store import (
    CHECKPOINT_EVERY,
    Away,
    ChannelBusy,
    Draft,
    LogEntry,
    StaleWrite,
    open_store,
    safe_target,
)
from bot.store.packing import pack, unpack
from bot.store.postgres import PgStore
from bot.store.schema import MIGRATIONS_PG, migration_files
from bot.store.sqlite import Store
from tests.bot.store.store_backends import BACKENDS, open_backend

G = "pantheon"  # the game these tests play


@pytest.fixture(params=BACKENDS)
async def store(request, tmp_path):
    """Every test taking `store` runs on both backends: the same interface, the same rules."""
    s = await open_backend(request.param, request, tmp_path)
    yield s
    await s.close()


def integrity_error(store) -> type[Exception]:
    """What a broken key raises: the driver's own error, as the SQLite store lets it through."""
    return asyncpg.UniqueViolationError if isinstance(store, PgStore) else sqlite3.IntegrityError


async def new_game(store: Store, channel: int = 10):
    return await store.create_game(game=G, guild_id=1, channel_id=channel, host_id=100,
                                   host_name="Ann", options={"bonus_draft": False}, seed=7)


def dumped(state: dict) -> Callable[[], dict]:
    """A commit's state, as the turn service passes it: dumped only if the store keeps it."""
    return lambda: state


def keeps_current(store) -> bool:
    """PostgreSQL stores the current state at every commit (another process reloads it in one
    query); SQLite only the checkpoints, and the turn service replays the rest."""
    return isinstance(store, PgStore)


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
    assert game.status == "playing"
    assert await store.checkpoint(game.id, 0) == (0, {"decisions": 0, "x": "start"})
    await store.save_draft(game.id, Draft(seat=0, base=0, steps=[{"kind": "a", "args": {}}]))
    await store.save_draft(game.id, Draft(seat=2, base=0, steps=[{"kind": "b", "args": {}}]))
    assert (await store.draft(game.id, 0)).steps == [{"kind": "a", "args": {}}]
    rev = await store.commit(game.id, game.revision, seat=0,
                             entries=[entry(0), entry(1, barrier=True)],
                             state=dumped({"decisions": 2}), decisions=2, awaited=[1])
    game = await store.game(game.id)
    assert rev == game.revision and game.decisions == 2 and game.awaited == [1]
    # the state after 2 is not a checkpoint: only PostgreSQL keeps it
    assert await store.checkpoint(game.id, 2) == (
        (2, {"decisions": 2}) if keeps_current(store) else (0, {"decisions": 0, "x": "start"}))
    assert await store.checkpoint(game.id, 1) == (0, {"decisions": 0, "x": "start"})
    log = await store.log(game.id)
    assert [(e.seq, e.batch, e.barrier) for e in log] == [(0, 0, False), (1, 0, True)]
    assert log[0].events == [{"template": "turn", "args": {}}]
    assert await store.draft(game.id, 0) is None  # the committing seat's draft is done
    # another seat's draft is its own: a commit never touches it (checked again when shown)
    assert (await store.draft(game.id, 2)).steps == [{"kind": "b", "args": {}}]


async def test_commit_is_all_or_nothing(store):
    game = await start(store)
    await store.commit(game.id, game.revision, seat=0, entries=[entry(0)],
                       state=dumped({"decisions": 1}),
                       decisions=1, awaited=[0])
    game = await store.game(game.id)
    at = CHECKPOINT_EVERY  # a checkpoint: both backends would store its state
    stored = await store.checkpoint(game.id, at)
    with pytest.raises(integrity_error(store)):  # seq 0 again: the insert fails ...
        await store.commit(game.id, game.revision, seat=0, entries=[entry(1), entry(0)],
                           state=dumped({"decisions": at}), decisions=at, awaited=[0])
    after = await store.game(game.id)  # ... and the game row, log and snapshot are untouched
    assert (after.revision, after.decisions) == (game.revision, 1)
    assert [e.seq for e in await store.log(game.id)] == [0]
    assert await store.checkpoint(game.id, at) == stored


async def test_stale_commit_is_refused(store):
    game = await start(store)
    await store.commit(game.id, game.revision, seat=0, entries=[entry(0)],
                       state=dumped({"decisions": 1}),
                       decisions=1, awaited=[0])
    with pytest.raises(StaleWrite):
        await store.commit(game.id, game.revision, seat=0, entries=[entry(1)],
                           state=dumped({"decisions": 2}),
                           decisions=2, awaited=[0])
    assert [e.seq for e in await store.log(game.id)] == [0]


async def test_rollback_to_snapshot(store):
    game = await start(store)
    await store.commit(game.id, game.revision, seat=0, entries=[entry(0)],
                       state=dumped({"decisions": 1}),
                       decisions=1, awaited=[0])
    game = await store.game(game.id)
    await store.commit(game.id, game.revision, seat=0, entries=[entry(1), entry(2)],
                       state=dumped({"decisions": 3}), decisions=3, awaited=[1])
    game = await store.game(game.id)
    assert [e.seq for e in await store.last_batch(game.id)] == [1, 2]
    await store.rollback_to(game.id, game.revision, seat=0, decisions=1,
                            state={"decisions": 1}, awaited=[0], note="Ann took back a step")
    game = await store.game(game.id)
    assert game.decisions == 1  # the state undone to is stored, the later ones are gone
    assert await store.checkpoint(game.id, 3) == (1, {"decisions": 1})
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
    """The log is the truth: the store keeps the start and a checkpoint every
    CHECKPOINT_EVERY decisions (PostgreSQL also the current state); a finished game keeps its
    first and last."""
    game = await start(store)
    asked: list[int] = []  # the states the store asked for: only those it keeps

    def state(n: int) -> Callable[[], dict]:
        return lambda: asked.append(n) or {"decisions": n}

    for n in range(1, 101):
        await store.commit(game.id, game.revision, seat=0, entries=[entry(n - 1)],
                           state=state(n), decisions=n, awaited=[0], over=n == 100)
        game = await store.game(game.id)
        kept = [d for d, _ in await store._all("SELECT decisions, 0 FROM snapshots WHERE"
                                               " game_id = ? ORDER BY decisions", (game.id,))]
        if n < 100:
            checkpoints = list(range(0, n + 1, CHECKPOINT_EVERY))
            current = [n] if keeps_current(store) and n % CHECKPOINT_EVERY else []
            assert kept == checkpoints + current
            before = max(c for c in checkpoints if c <= n - 1)
            assert await store.checkpoint(game.id, n - 1) == (
                before, {"decisions": before} if before else {"decisions": 0, "x": "start"})
    assert kept == [0, 100] and game.status == "over"
    assert asked == (list(range(1, 101)) if keeps_current(store) else [32, 64, 96, 100])
    assert len(await store.log(game.id)) == 100  # every decision stays


async def test_log_and_snapshots_are_stored_compressed_and_old_rows_still_read(store):
    game = await start(store)
    events = [{"template": "drew_cards", "args": {"seat": 1, "count": 3}}] * 4
    await store.commit(game.id, game.revision, seat=0,
                       entries=[LogEntry(seq=0, seat=0, decision={"kind": "take", "args": {}},
                                         source="button", events=events)],
                       state=dumped({"decisions": 1, "players": [{"hand": ["x"] * 30}]}),
                       decisions=1, awaited=[0])
    (data,) = await store._one("SELECT data FROM decisions WHERE game_id = ?", (game.id,))
    assert isinstance(data, bytes) and len(data) < len(json.dumps([{}, events]))
    assert unpack(pack({"a": [1, 2]})) == {"a": [1, 2]}
    assert unpack('[{"kind": "x"}, []]') == [{"kind": "x"}, []]  # a row from before version 5
    assert (await store.log(game.id))[0].events == events


# --- leases (both backends) -------------------------------------------------------------------

@pytest.fixture(params=BACKENDS)
async def clocked(request, tmp_path):
    """A store of either backend on a clock the test sets (its game clocks' time source)."""
    now = [1_000_000.0]
    s = await open_backend(request.param, request, tmp_path, clock=lambda: now[0])
    yield s, now
    await s.close()


def deadline_entry(seq: int, seat: int, source: str) -> LogEntry:
    return LogEntry(seq=seq, seat=seat, decision={"kind": "a", "args": {}}, source=source)


async def test_deadline_clocks_warnings_misses_and_vacations(clocked):
    store, now = clocked
    game = await new_game(store)
    for user in (101, 102):
        game = await store.game(game.id)
        await store.add_seat(game.id, game.revision, user_id=user, name=f"u{user}")
    game = await store.game(game.id)
    await store.start_play(game.id, game.revision, state={"decisions": 0}, decisions=0,
                           awaited=[0, 1], note="begun")  # two seats asked at once
    seats = await store.seats(game.id)
    assert [s.asked_at for s in seats] == [1_000_000.0, 1_000_000.0, None]
    now[0] += 100  # a draft is activity for the reminder, not for the deadline
    await store.save_draft(game.id, Draft(seat=0, base=0, steps=[{"kind": "a", "args": {}}]))
    seat0 = (await store.seats(game.id))[0]
    assert (seat0.awaited_since, seat0.asked_at) == (1_000_100.0, 1_000_000.0)
    # the warning goes out once per clock
    assert await store.mark_warned(game.id, 0, 1_000_000.0, now[0])
    assert not await store.mark_warned(game.id, 0, 1_000_000.0, now[0])
    assert not await store.mark_warned(game.id, 1, 999.0, now[0])  # another clock: no
    # a deadline the host is told of: one more miss, the clock starts again (only once)
    now[0] += 50
    assert await store.deadline_passed(game.id, 1, 1_000_000.0, now[0]) == 1
    assert await store.deadline_passed(game.id, 1, 1_000_000.0, now[0]) is None
    seat1 = (await store.seats(game.id))[1]
    assert (seat1.missed, seat1.asked_at, seat1.warned_at) == (1, 1_000_150.0, None)
    # the deadline's own commit counts as missed; the seat's own decision ends the run
    game = await store.game(game.id)
    rev = await store.commit(game.id, game.revision, seat=1,
                             entries=[deadline_entry(0, 1, "deadline")], state=dumped({}),
                             decisions=1, awaited=[0, 1], note="decided at the deadline")
    assert (await store.seats(game.id))[1].missed == 2
    assert (await store.journal(game.id))[-1].text == "decided at the deadline"
    rev = await store.commit(game.id, rev, seat=1, entries=[deadline_entry(1, 1, "button")],
                             state=dumped({}), decisions=2, awaited=[0])
    seats = await store.seats(game.id)
    assert (seats[1].missed, seats[1].asked_at) == (0, None)  # no longer asked
    assert (seats[0].asked_at, seats[0].warned_at) == (1_000_000.0, 1_000_100.0)
    # a vacation, and the clock a new one moves on by the old one's pause
    await store.set_away(101, 1_000_000.0, 1_000_060.0, [])
    await store.set_away(101, now[0], now[0] + 500,
                         [(game.id, 0, 1_000_000.0, 1_000_060.0), (game.id, 0, 5.0, 6.0)])
    assert (await store.seats(game.id))[0].asked_at == 1_000_060.0
    assert await store.away([101, 102]) == {101: Away(101, now[0], now[0] + 500)}
    assert await store.away_cap(1) is None
    await store.set_away_cap(1, 14)
    assert await store.away_cap(1) == 14
    await store.set_away_cap(1, None)
    assert await store.away_cap(1) is None


async def test_a_deadline_that_ends_the_game_keeps_its_note_and_its_result(clocked):
    """The last commit can be a deadline's: its journal line (`note`, deadlines) and the
    game's result for the history (`result`) are written in the same transaction, with the
    store's clock as the end time."""
    store, now = clocked
    game = await start(store)
    now[0] += 30
    result = {"scores": [12], "places": [1]}
    await store.commit(game.id, game.revision, seat=0, entries=[deadline_entry(0, 0, "deadline")],
                       state=dumped({"decisions": 1}), decisions=1, awaited=[], over=True,
                       note="decided at the deadline", result=result)
    assert (await store.game(game.id)).status == "over"
    assert (await store.journal(game.id))[-1].text == "decided at the deadline"
    [kept] = await store.finished(1, G)
    assert (kept.game.id, kept.result, kept.ended_at) == (game.id, result, 1_000_030.0)
    assert await store.unrecorded(1) == []


async def test_leases_two_owners_expiry_renew_release(store):
    assert await store.claim("reminders", "a", ttl=60, now=1000)  # free: a takes it
    assert not await store.claim("reminders", "b", ttl=60, now=1030)  # a holds it
    assert await store.claim("reminders", "a", ttl=60, now=1050)  # a renews: until 1110
    assert not await store.claim("reminders", "b", ttl=60, now=1100)  # still a's
    assert await store.claim("other", "b", ttl=60, now=1100)  # another lease is its own
    assert await store.claim("reminders", "b", ttl=60, now=1111)  # a's ran out: b takes it
    assert not await store.claim("reminders", "a", ttl=60, now=1112)
    await store.release("reminders", "a")  # not a's: nothing changes
    assert not await store.claim("reminders", "a", ttl=60, now=1113)
    await store.release("reminders", "b")
    assert await store.claim("reminders", "a", ttl=60, now=1114)  # freed: a takes it at once


# --- PostgreSQL: several processes on one database ---------------------------------------------

def test_both_backends_have_the_same_numbered_migrations():
    sqlite_numbers = [n for n, _ in migration_files()]
    pg_numbers = [n for n, _ in migration_files(MIGRATIONS_PG)]
    assert pg_numbers == sqlite_numbers
    assert [p.name for _, p in migration_files(MIGRATIONS_PG)] == [
        p.name for _, p in migration_files()]


async def test_pg_migrations_run_once_even_from_two_processes(pg_url):
    # two processes starting together on an empty database: the advisory lock orders them
    a, b = await asyncio.gather(PgStore.open(pg_url), PgStore.open(pg_url))
    assert await a.schema_version() == await b.schema_version() == len(migration_files())
    await a.close()
    await b.close()
    again = await PgStore.open(pg_url)  # a later open finds nothing to do
    assert await again.migrate() == len(migration_files())
    tables = {r[0] for r in await again._all(
        "SELECT tablename FROM pg_tables WHERE schemaname = 'public'")}
    assert {"games", "seats", "decisions", "snapshots", "drafts", "journal", "users", "leases",
            "schema_version"} <= tables
    await again.close()


async def two_processes(pg_url):
    """Two stores with their own connection pools: what two bot processes would hold."""
    return await PgStore.open(pg_url), await PgStore.open(pg_url)


async def wait_for_lock_waiters(store: PgStore, count: int) -> None:
    """Until `count` sessions wait for a lock (the other store's commits, queued behind ours).
    Polls the server's own view; no clock decides the outcome."""
    for _ in range(10_000):
        waiting = await store._pool.fetchval(
            "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock'"
            " AND datname = current_database()")
        if waiting >= count:
            return
        await asyncio.sleep(0.01)
    raise AssertionError("the commits never queued on the game's row lock")


async def test_pg_two_processes_racing_one_revision_one_wins(pg_url):
    a, b = await two_processes(pg_url)
    game = await start(a)
    read_a, read_b = await a.game(game.id), await b.game(game.id)
    assert read_a.revision == read_b.revision
    # hold the game's row so both commits are certainly in flight at once: they queue on it
    async with a._pool.acquire() as blocker, blocker.transaction():
        await blocker.execute("SELECT 1 FROM games WHERE id = $1 FOR UPDATE", game.id)
        tasks = [asyncio.ensure_future(s.commit(
            game.id, r.revision, seat=0, entries=[entry(0, seat=0), entry(1, seat=0)],
            state=dumped({"decisions": 2, "by": name}), decisions=2, awaited=[1]))
            for s, r, name in ((a, read_a, "a"), (b, read_b, "b"))]
        await wait_for_lock_waiters(a, 2)
    results = await asyncio.gather(*tasks, return_exceptions=True)
    wins = [r for r in results if isinstance(r, int)]
    stale = [r for r in results if isinstance(r, StaleWrite)]
    assert len(wins) == 1 and len(stale) == 1, results
    for s in (a, b):  # both processes read the winner's log, once, and its state
        assert [e.seq for e in await s.log(game.id)] == [0, 1]
        assert (await s.game(game.id)).revision == wins[0]
    assert (await a.checkpoint(game.id, 2)) == (await b.checkpoint(game.id, 2))
    await a.close()
    await b.close()


async def test_pg_many_racing_commits_keep_one_log(pg_url):
    """Round after round, both processes commit the next decision on the revision they read:
    each round exactly one wins, and the log has every decision exactly once."""
    a, b = await two_processes(pg_url)
    game = await start(a)
    for n in range(20):
        ra, rb = await a.game(game.id), await b.game(game.id)
        results = await asyncio.gather(*(s.commit(
            game.id, r.revision, seat=0, entries=[entry(n)], state=dumped({"decisions": n + 1}),
            decisions=n + 1, awaited=[0]) for s, r in ((a, ra), (b, rb))),
            return_exceptions=True)
        assert sorted(type(r).__name__ for r in results) == ["StaleWrite", "int"], results
    assert [e.seq for e in await b.log(game.id)] == list(range(20))
    await a.close()
    await b.close()


async def test_pg_a_process_never_serves_what_another_changed(pg_url):
    """No read is cached between calls: what one process commits, the other reads next, and
    its generation moves so bot.host.turns' decoded state is not reused."""
    a, b = await two_processes(pg_url)
    game = await start(a)
    await b.save_draft(game.id, Draft(seat=1, base=0, steps=[{"kind": "x", "args": {}}]))
    assert await b.checkpoint(game.id, 0) == (0, {"decisions": 0, "x": "start"})
    seen = await b.game(game.id)
    before = b.generation(game.id)
    await a.commit(game.id, game.revision, seat=1, entries=[entry(0, seat=1)],
                   state=dumped({"decisions": 1}), decisions=1, awaited=[0])
    assert b.generation(game.id) == before  # b has not looked yet ...
    now = await b.game(game.id)
    assert now.revision == seen.revision + 1 and now.decisions == 1
    assert b.generation(game.id) != before  # ... and once it has, its generation moved
    assert await b.checkpoint(game.id, 1) == (1, {"decisions": 1})
    assert await b.drafts(game.id) == []  # the committing seat's draft went, in b's view too
    assert [s.awaited_since is not None for s in await b.seats(game.id)] == [True]
    await a.close()
    await b.close()


async def test_pg_leases_two_processes_claim_at_once(pg_url):
    a, b = await two_processes(pg_url)
    got = await asyncio.gather(a.claim("publisher", "a", 30, now=10),
                               b.claim("publisher", "b", 30, now=10))
    assert sorted(got) == [False, True]
    holder = "a" if got[0] else "b"
    assert await (a if holder == "a" else b).claim("publisher", holder, 30, now=20)
    await a.close()
    await b.close()


def test_log_lines_hide_a_urls_password():
    assert safe_target("postgresql://agora:s3cret@db:5432/agora") == (
        "postgresql://agora:***@db:5432/agora")
    assert safe_target("postgres://agora@db/agora") == "postgres://agora@db/agora"
    assert safe_target("/data/agora.db") == "/data/agora.db"
    assert "s3cret" not in safe_target("postgresql://u:s3cret@[::1]/x")


async def test_agora_db_picks_the_backend(tmp_path, pg_url):
    """AGORA_DB: a path opens SQLite, a postgresql:// or postgres:// URL opens PostgreSQL."""
    lite = await open_store(str(tmp_path / "a.db"))
    assert isinstance(lite, Store) and await lite.schema_version() == len(migration_files())
    await lite.close()
    for url in (pg_url, pg_url.replace("postgresql://", "postgres://", 1)):
        pg = await open_store(url)
        assert isinstance(pg, PgStore) and await pg.schema_version() == len(migration_files())
        await pg.close()
