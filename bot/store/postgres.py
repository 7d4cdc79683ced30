"""Persistence on PostgreSQL through asyncpg: the same public interface as sqlite.py's
`Store` (the rows, the revision check, the exceptions), with the numbered migrations of
migrations_pg/ (the same changes as migrations/, in PostgreSQL's dialect).

What differs from the SQLite store, and why:
- Several bot processes may share the database (shards). So nothing read is kept between
  calls: a game, its seats, its state or its drafts may have been changed by another process
  a moment ago. Each public method is one transaction (a few statements on one pooled
  connection), never one round trip per row.
- Every write that changes a game first updates the game's row under the revision check
  (`UPDATE games ... WHERE id = $ AND revision = $`). That UPDATE takes the row's lock, as
  `SELECT ... FOR UPDATE` would, in the same statement: a second writer of the same game waits
  for the first to commit, then sees the new revision and gets `StaleWrite` having written
  nothing. Decisions of one game are serialised across processes; other games do not wait.
  Writes without a revision (drafts, delivery bookkeeping) lock the game's row first too, so
  every transaction takes its locks in one order (game, then seats, log, snapshots, drafts).
- Every commit also stores the current state (the previous one goes unless it is a
  checkpoint), where SQLite stores only checkpoints: another process's commit sends every
  other process back to the database for the state, and reading it whole costs one query,
  where replaying it from a checkpoint would cost the log's rows and up to CHECKPOINT_EVERY
  applies on each such reload.
- `generation(game_id)` changes on this process's writes, as in SQLite, and also whenever a
  read of the game's row finds a revision this process has not seen (another process wrote).
  bot.host.turns keys its decoded states by the row's revision, so it never serves a state another
  process has moved past."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

import asyncpg

from .cache import remember
from .packing import PACKED_V1, dumps, pack, unpack
from .rows import (
    Away,
    ChannelBusy,
    Draft,
    Finished,
    GameRow,
    JournalLine,
    LogEntry,
    SeatRow,
    StaleWrite,
)
from .schema import CHECKPOINT_EVERY, MIGRATIONS_PG, migration_files

MIGRATION_LOCK = 0x61676F7261  # pg_advisory_xact_lock key ("agora"): one migrating process
OPEN = "('lobby', 'playing')"
POOL_SIZE = 8  # connections per process; every public method holds one for its transaction
T = TypeVar("T")
Conn = asyncpg.Connection


def _unpack(data: bytes) -> Any:
    """A stored payload: packed (bot.store.packing.pack), or the UTF-8 JSON text that
    migration 005 and `agora migrate-db` keep for rows written before the log was compressed."""
    return unpack(data) if data[:1] == PACKED_V1 else json.loads(data)


def _numbered(sql: str) -> str:
    """`?` placeholders (the SQLite store's style) as PostgreSQL's `$1, $2, ...`."""
    count = iter(range(1, sql.count("?") + 1))
    return re.sub(r"\?", lambda _: f"${next(count)}", sql)


class PgStore:
    def __init__(self, pool: asyncpg.Pool, clock: Callable[[], float] = time.time) -> None:
        self._pool = pool
        # the game clocks' time source (awaited since, deadlines, vacations): tests pass
        # their own; leases keep real time, since their holders renew them by sleeping
        self._clock = clock
        self._generation: dict[int, int] = {}
        self._revisions: dict[int, int] = {}  # the last revision this process saw per game

    @classmethod
    async def open(cls, url: str, *, cache: bool = True,
                   clock: Callable[[], float] = time.time) -> PgStore:
        """The store of the PostgreSQL database at `url` (postgresql://user:pw@host/db),
        migrated to the latest schema. `cache` is accepted for the SQLite store's signature:
        this store keeps nothing between calls (other processes write the same database)."""
        pool = await asyncpg.create_pool(url, min_size=1, max_size=POOL_SIZE)
        store = cls(pool, clock)
        try:
            await store.migrate()
        except BaseException:
            await pool.close()
            raise
        return store

    async def close(self) -> None:
        await self._pool.close()

    # --- plumbing ---------------------------------------------------------------------------

    async def _write(self, game_id: int | None, work: Callable[[Conn], Awaitable[T]]) -> T:
        """`work` as one transaction on one pooled connection. The game's generation changes
        before and after: a read that overlapped the write is never taken for the new state."""
        if game_id is not None:
            self._touch(game_id)
        try:
            async with self._pool.acquire() as conn, conn.transaction():
                return await work(conn)
        finally:
            if game_id is not None:
                self._touch(game_id)

    async def _one(self, sql: str, args: tuple = ()) -> asyncpg.Record | None:
        """One row of `sql` (`?` placeholders, as for the SQLite store: tools and tests)."""
        return await self._pool.fetchrow(_numbered(sql), *args)

    async def _all(self, sql: str, args: tuple = ()) -> list[asyncpg.Record]:
        return await self._pool.fetch(_numbered(sql), *args)

    def _touch(self, game_id: int) -> None:
        self._generation[game_id] = self._generation.get(game_id, 0) + 1

    def forget(self, game_id: int) -> None:
        """Drop what is kept of a game in memory (a finished game leaves nothing behind)."""
        self._revisions.pop(game_id, None)
        self._touch(game_id)

    def generation(self, game_id: int) -> int:
        """Changes whenever this process writes to the game, or sees that another one did."""
        return self._generation.get(game_id, 0)

    def _seen(self, row: asyncpg.Record | None) -> GameRow | None:
        """The game of `row`; a revision new to this process changes the generation."""
        if row is None:
            return None
        game = self._game(row)
        if self._revisions.get(game.id) != game.revision:
            self._touch(game.id)
            remember(self._revisions, game.id, game.revision)  # (a later read re-adds one)
        return game

    async def schema_version(self) -> int:
        async with self._pool.acquire() as conn:
            return await self._version(conn)

    @staticmethod
    async def _version(conn: Conn) -> int:
        if await conn.fetchval("SELECT to_regclass('schema_version')") is None:
            return 0
        return int(await conn.fetchval("SELECT coalesce(max(version), 0) FROM schema_version"))

    async def migrate(self) -> int:
        """Apply every migration newer than the database, each in its own transaction
        (PostgreSQL's DDL is transactional: a migration is all or nothing). An advisory lock
        makes processes that start together migrate one after the other."""
        files = migration_files(MIGRATIONS_PG)
        async with self._pool.acquire() as conn:
            current = await self._version(conn)
            for number, path in files:
                if number <= current:
                    continue
                async with conn.transaction():
                    await conn.execute("SELECT pg_advisory_xact_lock($1)", MIGRATION_LOCK)
                    # the equivalent of SQLite's PRAGMA user_version: one row, the version
                    await conn.execute("CREATE TABLE IF NOT EXISTS schema_version"
                                       " (version INTEGER NOT NULL)")
                    current = await self._version(conn)
                    if number <= current:  # another process got here first
                        continue
                    await conn.execute(path.read_text(encoding="utf-8"))
                    await conn.execute("DELETE FROM schema_version")
                    await conn.execute("INSERT INTO schema_version (version) VALUES ($1)",
                                       number)
                    current = number
        return current

    async def wal_checkpoint(self) -> None:
        """Nothing to do: SQLite's write-ahead log is a file beside the database that this
        moves into it; PostgreSQL's WAL belongs to the server, which checkpoints on its own
        (and a checkpoint would need superuser rights)."""

    async def _bump(self, conn: Conn, game_id: int, revision: int, sets: str = "",
                    args: tuple = ()) -> int:
        """Lock the game's row and move it from `revision` to the next (StaleWrite if it is no
        longer there). `sets` uses $1..$n for `args`."""
        n = len(args)
        sql = ("UPDATE games SET revision = revision + 1" + (f", {sets}" if sets else "")
               + f" WHERE id = ${n + 1} AND revision = ${n + 2} RETURNING revision")
        new = await conn.fetchval(sql, *args, game_id, revision)
        if new is None:
            raise StaleWrite(f"game {game_id} is no longer at revision {revision}")
        self._revisions[game_id] = new
        return int(new)

    @staticmethod
    async def _lock(conn: Conn, game_id: int) -> None:
        """The game's row lock, for a write that does not change the revision."""
        await conn.execute("SELECT 1 FROM games WHERE id = $1 FOR UPDATE", game_id)

    # --- games ------------------------------------------------------------------------------

    @staticmethod
    def _game(row: asyncpg.Record | dict[str, Any]) -> GameRow:
        d = dict(row)
        d["options"] = json.loads(d["options"])
        d["awaited"] = json.loads(d["awaited"])
        return GameRow(**d)

    @staticmethod
    def _seat(row: asyncpg.Record | dict[str, Any]) -> SeatRow:
        return SeatRow(**dict(row))

    async def create_game(self, *, game: str, guild_id: int | None, channel_id: int,
                          host_id: int, host_name: str, options: dict[str, Any], seed: int
                          ) -> GameRow:
        now = self._clock()

        async def work(conn: Conn) -> asyncpg.Record:
            row = await conn.fetchrow(
                "INSERT INTO games (game, guild_id, channel_id, host_id, options, seed,"
                " last_activity, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $7)"
                " RETURNING *", game, guild_id, channel_id, host_id, dumps(options), seed, now)
            await conn.execute("INSERT INTO seats (game_id, seat, user_id, name)"
                               " VALUES ($1, 0, $2, $3)", row["id"], host_id, host_name)
            return row

        try:
            row = await self._write(None, work)
        except asyncpg.UniqueViolationError as exc:
            raise ChannelBusy(str(channel_id)) from exc
        game_row = self._seen(row)
        assert game_row is not None
        return game_row

    async def game(self, game_id: int) -> GameRow | None:
        return self._seen(await self._pool.fetchrow("SELECT * FROM games WHERE id = $1",
                                                    game_id))

    async def open_game(self, channel_id: int) -> GameRow | None:
        return self._seen(await self._pool.fetchrow(
            f"SELECT * FROM games WHERE channel_id = $1 AND status IN {OPEN}", channel_id))

    async def latest_game(self, channel_id: int) -> GameRow | None:
        """The channel's open game, else the last one that ended there (still viewable)."""
        return self._seen(await self._pool.fetchrow(
            f"SELECT * FROM games WHERE channel_id = $1 ORDER BY status IN {OPEN} DESC,"
            " id DESC LIMIT 1", channel_id))

    async def games_with_status(self, status: str) -> list[GameRow]:
        rows = await self._pool.fetch("SELECT * FROM games WHERE status = $1 ORDER BY id",
                                      status)
        return [g for g in map(self._seen, rows) if g is not None]

    async def update_game(self, game_id: int, revision: int, *, note: str | None = None,
                          **fields: Any) -> None:
        """Change lobby-level fields (status, host_id, options) under the revision check;
        `note` goes into the journal in the same transaction."""
        async def work(conn: Conn) -> None:
            await self._set_game(conn, game_id, revision, fields)
            if note is not None:
                await conn.execute("INSERT INTO journal (game_id, at, text, created_at)"
                                   " SELECT id, decisions, $1, $2 FROM games WHERE id = $3",
                                   note, self._clock(), game_id)

        await self._write(game_id, work)

    async def _set_game(self, conn: Conn, game_id: int, revision: int,
                        fields: dict[str, Any]) -> None:
        allowed = {"status", "host_id", "options"}
        if set(fields) - allowed:
            raise ValueError(f"only {sorted(allowed)} can change here")
        cols = "".join(f", {k} = ${i}" for i, k in enumerate(fields, start=2))
        vals = tuple(dumps(v) if k == "options" else v for k, v in fields.items())
        await self._bump(conn, game_id, revision, "last_activity = $1" + cols,
                         (self._clock(), *vals))
        if fields.get("status") in ("over", "abandoned"):
            await conn.execute("DELETE FROM drafts WHERE game_id = $1", game_id)
            await self._keep_ends(conn, game_id)

    # --- seats ------------------------------------------------------------------------------

    async def seats(self, game_id: int) -> list[SeatRow]:
        rows = await self._pool.fetch("SELECT * FROM seats WHERE game_id = $1 ORDER BY seat",
                                      game_id)
        return [self._seat(r) for r in rows]

    async def add_seat(self, game_id: int, revision: int, *, user_id: int | None, name: str,
                       ai_level: str | None = None) -> SeatRow:
        async def work(conn: Conn) -> int:
            await self._bump(conn, game_id, revision)
            # the game's row is locked: no other join can count the same seats meanwhile
            return int(await conn.fetchval(
                "INSERT INTO seats (game_id, seat, user_id, name, ai_level)"
                " SELECT $1, COUNT(*), $2, $3, $4 FROM seats WHERE game_id = $1"
                " RETURNING seat", game_id, user_id, name, ai_level))

        count = await self._write(game_id, work)
        return SeatRow(game_id, count, user_id, name, ai_level)

    async def remove_seat(self, game_id: int, revision: int, seat: int, **fields: Any) -> None:
        """Remove a lobby seat; later seats move up one place (their colour changes too).
        `fields` change with it (a new host when the host leaves, the status when nobody is
        left), so the lobby is never left half changed."""
        async def work(conn: Conn) -> None:
            await self._set_game(conn, game_id, revision, fields)
            await conn.execute("DELETE FROM seats WHERE game_id = $1 AND seat = $2",
                               game_id, seat)
            # two steps so the primary key never collides while renumbering
            await conn.execute("UPDATE seats SET seat = -seat - 1 WHERE game_id = $1"
                               " AND seat > $2", game_id, seat)
            await conn.execute("UPDATE seats SET seat = -seat - 2 WHERE game_id = $1"
                               " AND seat < 0", game_id)

        await self._write(game_id, work)

    async def replace_seat(self, game_id: int, revision: int, seat: int, *, user_id: int | None,
                           name: str, ai_level: str | None, note: str, at: int,
                           new_host: int | None = None) -> None:
        """Hand a seat to someone else (an AI when user_id is None); the journal says so. When
        the seat was the host's, `new_host` takes the host role in the same transaction."""
        async def work(conn: Conn) -> None:
            await self._bump(conn, game_id, revision, "host_id = COALESCE($1, host_id)",
                             (new_host,))
            await conn.execute("UPDATE seats SET user_id = $1, name = $2, ai_level = $3,"
                               " dm_channel_id = NULL, dm_ok = NULL, hand_sig = NULL"
                               " WHERE game_id = $4 AND seat = $5",
                               user_id, name, ai_level, game_id, seat)
            await conn.execute("DELETE FROM drafts WHERE game_id = $1 AND seat = $2",
                               game_id, seat)
            await conn.execute("INSERT INTO journal (game_id, at, text, created_at)"
                               " VALUES ($1, $2, $3, $4)", game_id, at, note, self._clock())

        await self._write(game_id, work)

    async def set_seat_info(self, game_id: int, seat: int, **fields: Any) -> None:
        """Delivery bookkeeping and standing answers: not game state (no revision bump)."""
        allowed = {"policy", "dm_channel_id", "dm_ok", "hand_sig", "prompt_sig",
                   "prompt_message"}
        if not fields or set(fields) - allowed:
            raise ValueError(f"set_seat_info takes {sorted(allowed)}")
        cols = ", ".join(f"{k} = ${i}" for i, k in enumerate(fields, start=1))
        n = len(fields)

        async def work(conn: Conn) -> None:
            await self._lock(conn, game_id)
            await conn.execute(f"UPDATE seats SET {cols} WHERE game_id = ${n + 1}"
                               f" AND seat = ${n + 2}", *fields.values(), game_id, seat)

        await self._write(game_id, work)

    # --- users ------------------------------------------------------------------------------

    async def user_language(self, user_id: int) -> str | None:
        """The language of the user's Discord client when they last used the bot, if known
        (read every time: the user may have spoken to another process since)."""
        return await self._pool.fetchval("SELECT language FROM users WHERE user_id = $1",
                                         user_id)

    async def remember_language(self, user_id: int, lang: str) -> None:
        """Keep the user's language for the DMs the bot sends first: one statement, which
        writes nothing when the language is the one stored."""
        await self._pool.execute(
            "INSERT INTO users (user_id, language, updated_at) VALUES ($1, $2, $3)"
            " ON CONFLICT (user_id) DO UPDATE SET language = EXCLUDED.language,"
            " updated_at = EXCLUDED.updated_at"
            " WHERE users.language IS DISTINCT FROM EXCLUDED.language",
            user_id, lang, self._clock())

    async def games_of_user(self, user_id: int) -> list[tuple[GameRow, SeatRow]]:
        """Every open game the user sits in (of any game), with their seat."""
        rows = await self._pool.fetch(
            "SELECT g.*, row_to_json(s)::text AS seat_json FROM games g"
            f" JOIN seats s ON s.game_id = g.id WHERE s.user_id = $1 AND g.status IN {OPEN}"
            " ORDER BY g.id, s.seat", user_id)
        out = []
        for r in rows:
            d = dict(r)
            seat = SeatRow(**json.loads(d.pop("seat_json")))
            game = self._seen(d)  # type: ignore[arg-type]  # a dict reads like a record
            assert game is not None
            out.append((game, seat))
        return out

    # --- play -------------------------------------------------------------------------------

    @staticmethod
    async def _await(conn: Conn, game_id: int, awaited: list[int], now: float,
                     acting: int | None = None) -> None:
        """Start the reminder clock of each seat that is newly awaited; stop the others'. The
        seat that just acted (`acting`), if it must act again, starts a fresh clock. One
        statement for what the SQLite store does in three."""
        await conn.execute(
            "UPDATE seats SET"
            " awaited_since = CASE WHEN seat <> ALL($2::int[]) THEN NULL"
            "                      WHEN seat = $3::int THEN $4::float8"
            "                      ELSE COALESCE(awaited_since, $4::float8) END,"
            " reminded_at = CASE WHEN seat <> ALL($2::int[]) OR seat = $3::int THEN NULL"
            "                    ELSE reminded_at END,"
            " asked_at = CASE WHEN seat <> ALL($2::int[]) THEN NULL"
            "                 WHEN seat = $3::int THEN $4::float8"
            "                 ELSE COALESCE(asked_at, $4::float8) END,"
            " warned_at = CASE WHEN seat <> ALL($2::int[]) OR seat = $3::int THEN NULL"
            "                  ELSE warned_at END"
            " WHERE game_id = $1", game_id, [int(x) for x in awaited], acting, now)

    @staticmethod
    async def _snapshot(conn: Conn, game_id: int, decisions: int, state: dict[str, Any],
                        now: float) -> None:
        """Store the state after `decisions`; the one before it goes unless it is a checkpoint
        (CHECKPOINT_EVERY decisions after the checkpoint before it) or the start. One
        statement: both parts see the table as it was before it (`prev` is older anyway)."""
        await conn.execute(
            "WITH put AS (INSERT INTO snapshots (game_id, decisions, state, created_at)"
            "  VALUES ($1, $2, $3, $4) ON CONFLICT (game_id, decisions) DO UPDATE"
            "  SET state = EXCLUDED.state, created_at = EXCLUDED.created_at),"
            " prev AS (SELECT decisions FROM snapshots WHERE game_id = $1 AND decisions < $2"
            "  ORDER BY decisions DESC LIMIT 2)"
            " DELETE FROM snapshots WHERE game_id = $1"
            " AND decisions = (SELECT max(decisions) FROM prev)"
            " AND (SELECT count(*) FROM prev) = 2"
            " AND (SELECT max(decisions) - min(decisions) FROM prev) < $5",
            game_id, decisions, pack(state), now, CHECKPOINT_EVERY)

    @staticmethod
    async def _keep_ends(conn: Conn, game_id: int) -> None:
        """A game that ended keeps its first and its last state: any other is a replay."""
        await conn.execute("DELETE FROM snapshots WHERE game_id = $1 AND decisions > 0 AND"
                           " decisions < (SELECT max(decisions) FROM snapshots"
                           " WHERE game_id = $1)", game_id)

    async def start_play(self, game_id: int, revision: int, *, state: dict[str, Any],
                         decisions: int, awaited: list[int], note: str,
                         rules_version: str | None = None,
                         agora_version: str | None = None) -> None:
        now = self._clock()

        async def work(conn: Conn) -> None:
            # posted = -1: the opening post (board, hands, first prompt) is still to be made
            await self._bump(conn, game_id, revision,
                             "status = 'playing', decisions = $1, posted = -1, awaited = $2,"
                             " last_activity = $3, rules_version = $4, agora_version = $5",
                             (decisions, dumps(awaited), now, rules_version, agora_version))
            await self._await(conn, game_id, awaited, now)
            await conn.execute("INSERT INTO snapshots (game_id, decisions, state, created_at)"
                               " VALUES ($1, $2, $3, $4)", game_id, decisions, pack(state), now)
            await conn.execute("INSERT INTO journal (game_id, at, text, created_at)"
                               " VALUES ($1, $2, $3, $4)", game_id, decisions, note, now)

        await self._write(game_id, work)

    async def commit(self, game_id: int, revision: int, *, seat: int, entries: list[LogEntry],
                     state: Callable[[], dict[str, Any]], decisions: int, awaited: list[int],
                     over: bool = False, note: str | None = None,
                     result: dict[str, Any] | None = None) -> int:
        """Append one seat's decisions to the log and store the state after them
        (`state()`), all in one transaction. That seat's draft is dropped; every other seat's
        draft stays (it is checked again against the new state when it is next shown). The
        last commit of a game (`over`) keeps its `result` for the history in the same
        transaction. Returns the new revision."""
        if not entries:
            raise ValueError("nothing to commit")
        now = self._clock()
        batch = entries[0].seq
        rows = [(game_id, e.seq, e.seat, batch, e.barrier, e.sealed, e.source,
                 pack([e.decision, e.events]), now) for e in entries]
        current = state()

        async def work(conn: Conn) -> int:
            new = await self._bump(conn, game_id, revision,
                                   "decisions = $1, awaited = $2, last_activity = $3"
                                   + (", status = 'over'" if over else ""),
                                   (decisions, dumps(awaited), now))
            await self._await(conn, game_id, awaited, now, acting=seat)
            # a deadline's own commit counts as missed; any other commit of the seat ends
            # its run of missed deadlines
            await conn.execute("UPDATE seats SET missed = CASE WHEN $1 THEN missed + 1"
                               " ELSE 0 END WHERE game_id = $2 AND seat = $3",
                               entries[0].source == "deadline", game_id, seat)
            await conn.executemany(
                "INSERT INTO decisions (game_id, seq, seat, batch, barrier, sealed, source,"
                " data, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)", rows)
            await self._snapshot(conn, game_id, decisions, current, now)
            if note is not None:  # a journal line with the commit (a deadline's)
                await conn.execute("INSERT INTO journal (game_id, at, text, created_at)"
                                   " VALUES ($1, $2, $3, $4)", game_id, batch, note, now)
            if over:
                await conn.execute("DELETE FROM drafts WHERE game_id = $1", game_id)
                await self._keep_ends(conn, game_id)
                if result is not None:  # the history's row, with the last decision
                    await self._put_result(conn, game_id, result, now)
            else:
                await conn.execute("DELETE FROM drafts WHERE game_id = $1 AND seat = $2",
                                   game_id, seat)
            return new

        return await self._write(game_id, work)

    async def rollback_to(self, game_id: int, revision: int, *, seat: int, decisions: int,
                          state: dict[str, Any], awaited: list[int], note: str,
                          draft: Draft | None = None) -> None:
        """Undo: forget every decision from `decisions` on; `state` (the state after
        `decisions`, replayed by the caller) becomes the current snapshot. `draft` (the
        taken-back steps the player keeps) replaces `seat`'s draft in the same transaction;
        other seats' drafts stay and are checked again when next shown."""
        now = self._clock()

        async def work(conn: Conn) -> None:
            await self._bump(conn, game_id, revision,
                             "decisions = $1, posted = LEAST(posted, $1), awaited = $2,"
                             " last_activity = $3", (decisions, dumps(awaited), now))
            await self._await(conn, game_id, awaited, now)
            await conn.execute("DELETE FROM decisions WHERE game_id = $1 AND seq >= $2",
                               game_id, decisions)
            await conn.execute("DELETE FROM snapshots WHERE game_id = $1 AND decisions > $2",
                               game_id, decisions)
            await conn.execute("INSERT INTO snapshots (game_id, decisions, state, created_at)"
                               " VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING",
                               game_id, decisions, pack(state), now)
            await conn.execute("DELETE FROM drafts WHERE game_id = $1 AND seat = $2",
                               game_id, seat)
            if draft is not None and draft.steps:
                await self._put_draft(conn, game_id, draft)
            await conn.execute("INSERT INTO journal (game_id, at, text, created_at)"
                               " VALUES ($1, $2, $3, $4)", game_id, decisions, note, now)

        await self._write(game_id, work)

    async def checkpoint(self, game_id: int, decisions: int
                         ) -> tuple[int, dict[str, Any]] | None:
        """The stored state nearest before (or at) `decisions`: (its decision count, state).
        Replaying the log from there gives the state at `decisions` (bot.host.turns)."""
        row = await self._pool.fetchrow(
            "SELECT decisions, state FROM snapshots WHERE game_id = $1 AND decisions <= $2"
            " ORDER BY decisions DESC LIMIT 1", game_id, decisions)
        return (row[0], _unpack(row[1])) if row else None

    @staticmethod
    def _entry(row: asyncpg.Record) -> LogEntry:
        decision, events = _unpack(row["data"])
        return LogEntry(seq=row["seq"], seat=row["seat"], decision=decision,
                        source=row["source"], barrier=row["barrier"], events=events,
                        batch=row["batch"], created_at=row["created_at"],
                        sealed=row["sealed"])

    async def log(self, game_id: int, since: int = 0, until: int | None = None
                  ) -> list[LogEntry]:
        """The log from decision `since` on (up to, not including, `until`)."""
        rows = await self._pool.fetch(
            "SELECT * FROM decisions WHERE game_id = $1 AND seq >= $2"
            " AND ($3::bigint IS NULL OR seq < $3) ORDER BY seq", game_id, since, until)
        return [self._entry(r) for r in rows]

    async def log_tail(self, game_id: int, n: int) -> list[LogEntry]:
        rows = await self._pool.fetch("SELECT * FROM decisions WHERE game_id = $1"
                                      " ORDER BY seq DESC LIMIT $2", game_id, n)
        return [self._entry(r) for r in reversed(rows)]

    async def last_batch(self, game_id: int) -> list[LogEntry]:
        rows = await self._pool.fetch(
            "SELECT * FROM decisions WHERE game_id = $1 AND batch ="
            " (SELECT max(batch) FROM decisions WHERE game_id = $1) ORDER BY seq", game_id)
        return [self._entry(r) for r in rows]

    async def mark_posted(self, game_id: int, decisions: int) -> None:
        await self._write(game_id, lambda conn: conn.execute(
            "UPDATE games SET posted = GREATEST(posted, $1) WHERE id = $2", decisions, game_id))

    async def set_turn_message(self, game_id: int, message_id: int) -> None:
        await self._write(game_id, lambda conn: conn.execute(
            "UPDATE games SET turn_message = $1 WHERE id = $2", message_id, game_id))

    async def mark_reminded(self, game_id: int, seats: list[int], when: float | None) -> None:
        async def work(conn: Conn) -> None:
            await self._lock(conn, game_id)
            await conn.execute("UPDATE seats SET reminded_at = $1 WHERE game_id = $2"
                               " AND seat = ANY($3::int[])", when, game_id,
                               [int(x) for x in seats])

        await self._write(game_id, work)

    # --- deadlines and vacations ------------------------------------------------------------

    async def mark_warned(self, game_id: int, seat: int, asked_at: float, when: float) -> bool:
        """Record the deadline warning of `seat` for the clock that started at `asked_at`;
        False (nothing written) if it was sent already or the clock has moved on."""
        async def work(conn: Conn) -> bool:
            done = await conn.execute(
                "UPDATE seats SET warned_at = $1 WHERE game_id = $2 AND seat = $3"
                " AND asked_at = $4 AND warned_at IS NULL", when, game_id, seat, asked_at)
            return done.endswith(" 1")

        return await self._write(game_id, work)

    async def deadline_passed(self, game_id: int, seat: int, asked_at: float,
                              now: float) -> int | None:
        """A deadline that passed without a decision being taken for the seat (the host is
        told): one more missed, and the clock starts again. None if the clock moved on."""
        async def work(conn: Conn) -> int | None:
            return await conn.fetchval(
                "UPDATE seats SET missed = missed + 1, asked_at = $1, warned_at = NULL"
                " WHERE game_id = $2 AND seat = $3 AND asked_at = $4 RETURNING missed",
                now, game_id, seat, asked_at)

        return await self._write(game_id, work)

    async def away(self, user_ids: list[int]) -> dict[int, Away]:
        """The vacations of these users (past ones too: their time still pauses a clock)."""
        if not user_ids:
            return {}
        rows = await self._pool.fetch("SELECT * FROM away WHERE user_id = ANY($1::bigint[])",
                                      list(user_ids))
        return {r["user_id"]: Away(r["user_id"], r["since"], r["until"]) for r in rows}

    async def set_away(self, user_id: int, since: float, until: float,
                       shifts: list[tuple[int, int, float, float]]) -> None:
        """The user's vacation from `since` to `until`; `shifts` moves each listed deadline
        clock (game, seat, from, to) by the pause the previous vacation gave it, only where the
        clock still reads `from`."""
        async def work(conn: Conn) -> None:
            if shifts:
                await conn.executemany(
                    "UPDATE seats SET asked_at = $1 WHERE game_id = $2 AND seat = $3"
                    " AND asked_at = $4", [(to, g, s, fr) for g, s, fr, to in shifts])
            await conn.execute(
                "INSERT INTO away (user_id, since, until) VALUES ($1, $2, $3)"
                " ON CONFLICT (user_id) DO UPDATE SET since = EXCLUDED.since,"
                " until = EXCLUDED.until", user_id, since, until)

        for game_id in {g for g, *_ in shifts}:
            self._touch(game_id)
        await self._write(None, work)

    async def away_cap(self, guild_id: int) -> int | None:
        """The server's cap on vacation days (None: no cap)."""
        return await self._pool.fetchval(
            "SELECT away_cap_days FROM guild_settings WHERE guild_id = $1", guild_id)

    async def set_away_cap(self, guild_id: int, days: int | None) -> None:
        await self._pool.execute(
            "INSERT INTO guild_settings (guild_id, away_cap_days) VALUES ($1, $2)"
            " ON CONFLICT (guild_id) DO UPDATE SET away_cap_days = EXCLUDED.away_cap_days",
            guild_id, days)

    # --- the history of finished games -------------------------------------------------------

    @staticmethod
    async def _put_result(conn: Conn, game_id: int, result: dict[str, Any],
                          ended_at: float) -> None:
        await conn.execute("INSERT INTO results (game_id, result, ended_at) VALUES ($1, $2, $3)"
                           " ON CONFLICT (game_id) DO NOTHING", game_id, dumps(result), ended_at)

    async def record_result(self, game_id: int, result: dict[str, Any], ended_at: float
                            ) -> None:
        """Keep the result of a game that finished before results were kept (derived from its
        stored last state); a result already kept stays."""
        await self._write(game_id, lambda conn: self._put_result(conn, game_id, result,
                                                                 ended_at))

    async def set_final_message(self, game_id: int, message_id: int) -> None:
        await self._write(game_id, lambda conn: conn.execute(
            "UPDATE results SET final_message = $1 WHERE game_id = $2", message_id, game_id))

    async def finished(self, guild_id: int | None, game: str | None = None
                       ) -> list[Finished]:
        """The server's finished games with a kept result (of one game, or of all), in the
        order they ended."""
        where = ("WHERE g.guild_id IS NOT DISTINCT FROM $1 AND g.status = 'over'"
                 " AND ($2::text IS NULL OR g.game = $2)")
        async with self._pool.acquire() as conn, conn.transaction(readonly=True):
            rows = await conn.fetch(
                "SELECT g.*, r.result AS r_result, r.ended_at AS r_ended_at,"
                " r.final_message AS r_final FROM games g JOIN results r ON r.game_id = g.id "
                + where + " ORDER BY r.ended_at, g.id", guild_id, game)
            seats = await conn.fetch(
                "SELECT s.* FROM seats s JOIN games g ON g.id = s.game_id JOIN results r"
                " ON r.game_id = g.id " + where + " ORDER BY s.game_id, s.seat", guild_id, game)
        by_game: dict[int, list[SeatRow]] = {}
        for r in seats:
            by_game.setdefault(r["game_id"], []).append(self._seat(r))
        out = []
        for r in rows:
            d = dict(r)
            result, ended, final = d.pop("r_result"), d.pop("r_ended_at"), d.pop("r_final")
            row = self._game(d)
            out.append(Finished(row, by_game.get(row.id, []), json.loads(result), ended, final))
        return out

    async def unrecorded(self, guild_id: int | None) -> list[int]:
        """The server's finished games whose result is not kept (they ended before it was)."""
        rows = await self._pool.fetch(
            "SELECT id FROM games WHERE guild_id IS NOT DISTINCT FROM $1 AND status = 'over'"
            " AND id NOT IN (SELECT game_id FROM results) ORDER BY id", guild_id)
        return [r[0] for r in rows]

    # --- leases (background work shared by several processes) -------------------------------

    async def claim(self, name: str, owner: str, ttl: float, now: float | None = None) -> bool:
        """Take or renew lease `name` for `owner` until now+ttl. True if `owner` holds it now
        (it was free, had run out, or was already `owner`'s); False if another owner holds
        it. One statement: the insert or the conditional update happens under the row's lock,
        so two processes can never both take it."""
        now = time.time() if now is None else now  # leases: real time (renewed by sleeping)
        got = await self._pool.fetchval(
            "INSERT INTO leases (name, owner, until) VALUES ($1, $2, $3)"
            " ON CONFLICT (name) DO UPDATE SET owner = EXCLUDED.owner, until = EXCLUDED.until"
            " WHERE leases.owner = EXCLUDED.owner OR leases.until < $4 RETURNING owner",
            name, owner, now + ttl, now)
        return got is not None  # no row: the update's WHERE refused (another holds it)

    async def release(self, name: str, owner: str) -> None:
        """Free lease `name`, only if `owner` holds it."""
        await self._pool.execute("DELETE FROM leases WHERE name = $1 AND owner = $2",
                                 name, owner)

    # --- drafts -----------------------------------------------------------------------------

    @staticmethod
    def _draft(row: asyncpg.Record) -> Draft:
        return Draft(seat=row["seat"], base=row["base"], steps=json.loads(row["steps"]),
                     source=row["source"])

    async def drafts(self, game_id: int) -> list[Draft]:
        rows = await self._pool.fetch("SELECT * FROM drafts WHERE game_id = $1 ORDER BY seat",
                                      game_id)
        return [self._draft(r) for r in rows]

    async def draft(self, game_id: int, seat: int) -> Draft | None:
        row = await self._pool.fetchrow("SELECT * FROM drafts WHERE game_id = $1 AND seat = $2",
                                        game_id, seat)
        return self._draft(row) if row else None

    async def _put_draft(self, conn: Conn, game_id: int, draft: Draft) -> None:
        await conn.execute(
            "INSERT INTO drafts (game_id, seat, base, steps, source, updated_at)"
            " VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (game_id, seat) DO UPDATE SET"
            " base = EXCLUDED.base, steps = EXCLUDED.steps, source = EXCLUDED.source,"
            " updated_at = EXCLUDED.updated_at",
            game_id, draft.seat, draft.base, dumps(draft.steps), draft.source, self._clock())

    async def save_draft(self, game_id: int, draft: Draft) -> None:
        async def work(conn: Conn) -> None:
            # working on a draft is activity; this UPDATE is also the game's row lock
            now = self._clock()
            await conn.execute("UPDATE games SET last_activity = $1 WHERE id = $2",
                               now, game_id)
            if draft.steps:
                await self._put_draft(conn, game_id, draft)
            else:
                await conn.execute("DELETE FROM drafts WHERE game_id = $1 AND seat = $2",
                                   game_id, draft.seat)
            # that seat's reminder waits again
            await conn.execute("UPDATE seats SET awaited_since = $1, reminded_at = NULL"
                               " WHERE game_id = $2 AND seat = $3 AND awaited_since IS NOT NULL",
                               now, game_id, draft.seat)

        await self._write(game_id, work)

    # --- journal ----------------------------------------------------------------------------

    async def journal(self, game_id: int) -> list[JournalLine]:
        rows = await self._pool.fetch("SELECT at, text, created_at FROM journal"
                                      " WHERE game_id = $1 ORDER BY id", game_id)
        return [JournalLine(r["at"], r["text"], r["created_at"]) for r in rows]
