"""Persistence for the bot: SQLite (WAL) through the standard library's sqlite3, with numbered
SQL migrations in bot/store/migrations/.

The store knows rows, not rules: games, seats, the decision log, snapshots, drafts and the
journal. Every write that changes a game checks and bumps `games.revision` inside one
transaction, so a writer that read an older revision gets `StaleWrite` and changes nothing.
The PostgreSQL backend (postgres.py) implements the same public methods.

Speed and size (README.md, "Storage and speed"):
- One connection, used by one worker thread: each public method is one round trip to that
  thread (a whole transaction at once), never one per statement.
- What a game's next interaction reads again — its row, its seats, its drafts — is kept in
  memory after the first read, and dropped the moment anything writes to that game (a
  per-game generation number also keeps a read that raced a write out of the cache). This
  process is the database's only writer.
- The log is the truth. Its rows and the snapshots are stored compressed (zlib with a small
  dictionary of the JSON every game writes), and the snapshots are sparse: the start, then a
  checkpoint once CHECKPOINT_EVERY decisions have passed since the last one. Any other state,
  the current one included, is the checkpoint before it replayed (bot.host.turns, which keeps the
  current state of the games it serves in memory). Writing the current state at every commit
  cost a third of a commit (packing it), for a state only a restart needs. A finished game
  keeps its first and last."""

from __future__ import annotations

import asyncio
import json
import sqlite3
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, TypeVar

from .cache import CACHED_USERS, remember
from .packing import dumps, pack, unpack
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
from .schema import CHECKPOINT_EVERY, migration_files

T = TypeVar("T")


@dataclass
class _Cached:
    """What one game's next interaction will read again (see the module's notes)."""
    game: GameRow | None = None
    seats: list[SeatRow] | None = None
    drafts: dict[int, Draft] | None = None


def _copy_game(g: GameRow) -> GameRow:
    return replace(g, options=dict(g.options), awaited=list(g.awaited))


class Store:
    def __init__(self, conn: sqlite3.Connection, worker: ThreadPoolExecutor,
                 cache: bool = True, clock: Callable[[], float] = time.time) -> None:
        self._conn = conn
        # the game clocks' time source (awaited since, deadlines, vacations): tests pass
        # their own; leases keep real time, since their holders renew them by sleeping
        self._clock = clock
        self._use_cache = cache
        self._worker = worker  # one thread: the connection's only user, in submission order
        self._cache: dict[int, _Cached] = {}
        self._generation: dict[int, int] = {}
        self._languages: dict[int, str | None] = {}  # users' languages, read through

    @classmethod
    async def open(cls, path: str | Path, *, cache: bool = True,
                   clock: Callable[[], float] = time.time) -> Store:
        """The store of the database at `path`. `cache=False` for a reader beside the bot
        process (tools, tests): another process writes, so nothing read may be kept."""
        worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="agora-store")

        def connect() -> sqlite3.Connection:
            conn = sqlite3.connect(str(path), isolation_level=None, check_same_thread=False)
            conn.row_factory = sqlite3.Row
            conn.execute("PRAGMA journal_mode=WAL")
            conn.execute("PRAGMA synchronous=FULL")  # durable before visible
            conn.execute("PRAGMA foreign_keys=ON")
            conn.execute("PRAGMA busy_timeout=5000")
            return conn

        conn = await asyncio.get_running_loop().run_in_executor(worker, connect)
        store = cls(conn, worker, cache, clock)
        await store.migrate()
        return store

    async def close(self) -> None:
        await self._run(self._conn.close)
        self._worker.shutdown(wait=True)

    # --- plumbing ---------------------------------------------------------------------------

    async def _run(self, fn: Callable[..., T], *args: Any) -> T:
        return await asyncio.get_running_loop().run_in_executor(self._worker, fn, *args)

    async def _write(self, game_id: int | None, work: Callable[[sqlite3.Connection], T],
                     durable: bool = True) -> T:
        """`work` as one transaction in the store's thread. The game's cached rows are dropped
        first: a read that started before this write cannot put them back (generation).
        `durable=False` commits without waiting for the disk (a lease: losing one in a power
        cut only frees it), so it costs no fsync."""
        if game_id is not None:
            self._forget(game_id)

        def tx() -> T:
            db = self._conn
            if not durable:
                db.execute("PRAGMA synchronous=NORMAL")
            try:
                db.execute("BEGIN IMMEDIATE")
                try:
                    out = work(db)
                except BaseException:
                    db.execute("ROLLBACK")
                    raise
                db.execute("COMMIT")
            finally:
                if not durable:
                    db.execute("PRAGMA synchronous=FULL")
            return out

        return await self._run(tx)

    async def _write_fresh(self, game_id: int, work: Callable[[sqlite3.Connection], Any]
                           ) -> None:
        """`work` (a write to the game), then the game's row, seats and drafts read back in the
        same transaction and kept: the interaction that wrote asks for them next, and this
        spares it a round trip to the store's thread for each. Kept only if no other write to
        the game was sent meanwhile (the generation moved on)."""
        def then_read(db: sqlite3.Connection) -> tuple[Any, list[Any], list[Any]]:
            work(db)
            return (db.execute("SELECT * FROM games WHERE id = ?", (game_id,)).fetchone(),
                    db.execute("SELECT * FROM seats WHERE game_id = ? ORDER BY seat",
                               (game_id,)).fetchall(),
                    db.execute("SELECT * FROM drafts WHERE game_id = ? ORDER BY seat",
                               (game_id,)).fetchall())

        # _write drops the game's cache and moves its generation on before its first await
        expected = self.generation(game_id) + 1
        game, seats, drafts = await self._write(game_id, then_read)
        if not self._use_cache or game is None or self.generation(game_id) != expected:
            return
        remember(self._cache, game_id,
                 _Cached(game=self._game(game), seats=[self._seat(r) for r in seats],
                         drafts={r["seat"]: self._draft(r) for r in drafts}))

    async def _one(self, sql: str, args: tuple = ()) -> sqlite3.Row | None:
        return await self._run(lambda: self._conn.execute(sql, args).fetchone())

    async def _all(self, sql: str, args: tuple = ()) -> list[sqlite3.Row]:
        return await self._run(lambda: self._conn.execute(sql, args).fetchall())

    def _forget(self, game_id: int) -> None:
        self._cache.pop(game_id, None)
        self._generation[game_id] = self._generation.get(game_id, 0) + 1

    def forget(self, game_id: int) -> None:
        """Drop what is kept of a game in memory (a finished game leaves nothing behind); a
        later read loads it again."""
        self._forget(game_id)

    def generation(self, game_id: int) -> int:
        """Changes whenever anything is written to the game (its cached reads are dropped)."""
        return self._generation.get(game_id, 0)

    async def _cached(self, game_id: int, part: str, load: Callable[[], Any]) -> Any:
        """A cached part of the game (`_Cached` field), loaded by `load` (a coroutine
        function) when missing, and kept only if nothing wrote to the game meanwhile."""
        entry = self._cache.get(game_id)
        if entry is not None and getattr(entry, part) is not None:
            return getattr(entry, part)
        generation = self.generation(game_id)
        value = await load()
        if value is not None and self._use_cache and self.generation(game_id) == generation:
            cached = self._cache.get(game_id)
            if cached is None:
                cached = _Cached()
            setattr(cached, part, value)
            remember(self._cache, game_id, cached)
        return value

    async def schema_version(self) -> int:
        row = await self._one("PRAGMA user_version")
        return int(row[0]) if row else 0

    async def migrate(self) -> int:
        """Apply every migration newer than the database, each in its own transaction."""
        current = await self.schema_version()
        for number, path in migration_files():
            if number <= current:
                continue
            script = path.read_text(encoding="utf-8")
            # executescript runs outside our BEGIN; wrap the file so it is all or nothing
            await self._run(self._conn.executescript,
                            f"BEGIN IMMEDIATE;\n{script}\nPRAGMA user_version = {number};\n"
                            "COMMIT;")
            current = number
        self._cache.clear()
        return current

    async def wal_checkpoint(self) -> None:
        """Move the write-ahead log into the database file (benchmarks measure the file)."""
        await self._run(lambda: self._conn.execute("PRAGMA wal_checkpoint(TRUNCATE)"))

    @staticmethod
    def _bump(db: sqlite3.Connection, game_id: int, revision: int, sets: str = "",
              args: tuple = ()) -> None:
        sql = "UPDATE games SET revision = revision + 1" + (f", {sets}" if sets else "")
        cur = db.execute(sql + " WHERE id = ? AND revision = ?", (*args, game_id, revision))
        if cur.rowcount != 1:
            raise StaleWrite(f"game {game_id} is no longer at revision {revision}")

    # --- games ------------------------------------------------------------------------------

    @staticmethod
    def _game(row: sqlite3.Row | dict[str, Any]) -> GameRow:
        d = dict(row)
        d["options"] = json.loads(d["options"])
        d["awaited"] = json.loads(d["awaited"])
        return GameRow(**d)

    @staticmethod
    def _seat(row: sqlite3.Row) -> SeatRow:
        d = dict(row)
        d["dm_ok"] = None if d["dm_ok"] is None else bool(d["dm_ok"])
        return SeatRow(**d)

    async def create_game(self, *, game: str, guild_id: int | None, channel_id: int,
                          host_id: int, host_name: str, options: dict[str, Any], seed: int
                          ) -> GameRow:
        now = self._clock()

        def work(db: sqlite3.Connection) -> int:
            cur = db.execute(
                "INSERT INTO games (game, guild_id, channel_id, host_id, options, seed,"
                " last_activity, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (game, guild_id, channel_id, host_id, dumps(options), seed, now, now))
            game_id = int(cur.lastrowid or 0)
            db.execute("INSERT INTO seats (game_id, seat, user_id, name) VALUES (?, 0, ?, ?)",
                       (game_id, host_id, host_name))
            return game_id

        try:
            game_id = await self._write(None, work)
        except sqlite3.IntegrityError as exc:
            raise ChannelBusy(str(channel_id)) from exc
        self._forget(game_id)
        row = await self.game(game_id)
        assert row is not None
        return row

    async def game(self, game_id: int) -> GameRow | None:
        async def load() -> GameRow | None:
            row = await self._one("SELECT * FROM games WHERE id = ?", (game_id,))
            return self._game(row) if row else None

        row = await self._cached(game_id, "game", load)
        return _copy_game(row) if row is not None else None

    async def open_game(self, channel_id: int) -> GameRow | None:
        row = await self._one("SELECT * FROM games WHERE channel_id = ? AND status IN"
                              " ('lobby', 'playing')", (channel_id,))
        return self._game(row) if row else None

    async def latest_game(self, channel_id: int) -> GameRow | None:
        """The channel's open game, else the last one that ended there (still viewable)."""
        row = await self._one("SELECT * FROM games WHERE channel_id = ? ORDER BY"
                              " status IN ('lobby', 'playing') DESC, id DESC LIMIT 1",
                              (channel_id,))
        return self._game(row) if row else None

    async def games_with_status(self, status: str) -> list[GameRow]:
        rows = await self._all("SELECT * FROM games WHERE status = ? ORDER BY id", (status,))
        return [self._game(r) for r in rows]

    async def update_game(self, game_id: int, revision: int, *, note: str | None = None,
                          **fields: Any) -> None:
        """Change lobby-level fields (status, host_id, options) under the revision check;
        `note` goes into the journal in the same transaction."""
        def work(db: sqlite3.Connection) -> None:
            self._set_game(db, game_id, revision, fields)
            if note is not None:
                db.execute("INSERT INTO journal (game_id, at, text, created_at)"
                           " SELECT id, decisions, ?, ? FROM games WHERE id = ?",
                           (note, self._clock(), game_id))

        await self._write(game_id, work)

    def _set_game(self, db: sqlite3.Connection, game_id: int, revision: int,
                  fields: dict[str, Any]) -> None:
        allowed = {"status", "host_id", "options"}
        if set(fields) - allowed:
            raise ValueError(f"only {sorted(allowed)} can change here")
        cols = "".join(f", {k} = ?" for k in fields)
        vals = tuple(dumps(v) if k == "options" else v for k, v in fields.items())
        self._bump(db, game_id, revision, "last_activity = ?" + cols, (self._clock(), *vals))
        if fields.get("status") in ("over", "abandoned"):
            db.execute("DELETE FROM drafts WHERE game_id = ?", (game_id,))
            self._keep_ends(db, game_id)

    # --- seats ------------------------------------------------------------------------------

    async def seats(self, game_id: int) -> list[SeatRow]:
        async def load() -> list[SeatRow]:
            rows = await self._all("SELECT * FROM seats WHERE game_id = ? ORDER BY seat",
                                   (game_id,))
            return [self._seat(r) for r in rows]

        return [replace(s) for s in await self._cached(game_id, "seats", load)]

    async def add_seat(self, game_id: int, revision: int, *, user_id: int | None, name: str,
                       ai_level: str | None = None) -> SeatRow:
        def work(db: sqlite3.Connection) -> int:
            self._bump(db, game_id, revision)
            (count,) = db.execute("SELECT COUNT(*) FROM seats WHERE game_id = ?",
                                  (game_id,)).fetchone()
            db.execute("INSERT INTO seats (game_id, seat, user_id, name, ai_level)"
                       " VALUES (?, ?, ?, ?, ?)", (game_id, count, user_id, name, ai_level))
            return int(count)

        count = await self._write(game_id, work)
        return SeatRow(game_id, count, user_id, name, ai_level)

    async def remove_seat(self, game_id: int, revision: int, seat: int, **fields: Any) -> None:
        """Remove a lobby seat; later seats move up one place (their colour changes too).
        `fields` change with it (a new host when the host leaves, the status when nobody is
        left), so the lobby is never left half changed."""
        def work(db: sqlite3.Connection) -> None:
            self._set_game(db, game_id, revision, fields)
            db.execute("DELETE FROM seats WHERE game_id = ? AND seat = ?", (game_id, seat))
            # two steps so the primary key never collides while renumbering
            db.execute("UPDATE seats SET seat = -seat - 1 WHERE game_id = ? AND seat > ?",
                       (game_id, seat))
            db.execute("UPDATE seats SET seat = -seat - 2 WHERE game_id = ? AND seat < 0",
                       (game_id,))

        await self._write(game_id, work)

    async def replace_seat(self, game_id: int, revision: int, seat: int, *, user_id: int | None,
                           name: str, ai_level: str | None, note: str, at: int,
                           new_host: int | None = None) -> None:
        """Hand a seat to someone else (an AI when user_id is None); the journal says so. When
        the seat was the host's, `new_host` takes the host role in the same transaction."""
        def work(db: sqlite3.Connection) -> None:
            self._bump(db, game_id, revision)
            if new_host is not None:
                db.execute("UPDATE games SET host_id = ? WHERE id = ?", (new_host, game_id))
            db.execute("UPDATE seats SET user_id = ?, name = ?, ai_level = ?,"
                       " dm_channel_id = NULL, dm_ok = NULL, hand_sig = NULL"
                       " WHERE game_id = ? AND seat = ?",
                       (user_id, name, ai_level, game_id, seat))
            db.execute("DELETE FROM drafts WHERE game_id = ? AND seat = ?", (game_id, seat))
            db.execute("INSERT INTO journal (game_id, at, text, created_at)"
                       " VALUES (?, ?, ?, ?)", (game_id, at, note, self._clock()))

        await self._write(game_id, work)

    async def set_seat_info(self, game_id: int, seat: int, **fields: Any) -> None:
        """Delivery bookkeeping and standing answers: not game state (no revision bump)."""
        allowed = {"policy", "dm_channel_id", "dm_ok", "hand_sig", "prompt_sig",
                   "prompt_message"}
        if not fields or set(fields) - allowed:
            raise ValueError(f"set_seat_info takes {sorted(allowed)}")
        cols = ", ".join(f"{k} = ?" for k in fields)
        vals = tuple(int(v) if isinstance(v, bool) else v for v in fields.values())
        await self._write(game_id, lambda db: db.execute(
            f"UPDATE seats SET {cols} WHERE game_id = ? AND seat = ?", (*vals, game_id, seat)))

    # --- users ------------------------------------------------------------------------------

    async def user_language(self, user_id: int) -> str | None:
        """The language of the user's Discord client when they last used the bot, if known."""
        if user_id not in self._languages:
            row = await self._one("SELECT language FROM users WHERE user_id = ?", (user_id,))
            remember(self._languages, user_id, row[0] if row else None, CACHED_USERS)
            return row[0] if row else None
        return self._languages[user_id]

    async def remember_language(self, user_id: int, lang: str) -> None:
        """Keep the user's language for the DMs the bot sends first (a write only on change)."""
        if await self.user_language(user_id) == lang:
            return
        await self._write(None, lambda db: db.execute(
            "INSERT INTO users (user_id, language, updated_at) VALUES (?, ?, ?)"
            " ON CONFLICT (user_id) DO UPDATE SET language = excluded.language,"
            " updated_at = excluded.updated_at", (user_id, lang, self._clock())))
        remember(self._languages, user_id, lang, CACHED_USERS)

    async def games_of_user(self, user_id: int) -> list[tuple[GameRow, SeatRow]]:
        """Every open game the user sits in (of any game), with their seat."""
        rows = await self._all(
            "SELECT g.*, s.seat AS s_seat FROM games g JOIN seats s ON s.game_id = g.id"
            " WHERE s.user_id = ? AND g.status IN ('lobby', 'playing') ORDER BY g.id", (user_id,))
        out = []
        for r in rows:
            d = dict(r)
            seat_no = d.pop("s_seat")
            game = self._game(d)
            seat = next(s for s in await self.seats(game.id) if s.seat == seat_no)
            out.append((game, seat))
        return out

    # --- play -------------------------------------------------------------------------------

    @staticmethod
    def _await(db: sqlite3.Connection, game_id: int, awaited: list[int], now: float) -> None:
        """Start the reminder clock of each seat that is newly awaited; stop the others'."""
        marks = ",".join(str(int(x)) for x in awaited) or "-1"
        db.execute(f"UPDATE seats SET awaited_since = NULL, reminded_at = NULL,"
                   f" asked_at = NULL, warned_at = NULL"
                   f" WHERE game_id = ? AND seat NOT IN ({marks})", (game_id,))
        db.execute(f"UPDATE seats SET awaited_since = ? WHERE game_id = ?"
                   f" AND seat IN ({marks}) AND awaited_since IS NULL", (now, game_id))
        db.execute(f"UPDATE seats SET asked_at = ? WHERE game_id = ?"
                   f" AND seat IN ({marks}) AND asked_at IS NULL", (now, game_id))

    @staticmethod
    def _checkpoint(db: sqlite3.Connection, game_id: int, decisions: int,
                    state: Callable[[], dict[str, Any]], now: float, over: bool) -> None:
        """Store the state after `decisions` (`state()`, asked for only then) if it is a
        checkpoint: CHECKPOINT_EVERY decisions or more after the last stored state, or the
        game's end."""
        (last,) = db.execute("SELECT MAX(decisions) FROM snapshots WHERE game_id = ?",
                             (game_id,)).fetchone()
        if over or last is None or decisions - last >= CHECKPOINT_EVERY:
            db.execute("INSERT OR REPLACE INTO snapshots (game_id, decisions, state, created_at)"
                       " VALUES (?, ?, ?, ?)", (game_id, decisions, pack(state()), now))

    @staticmethod
    def _keep_ends(db: sqlite3.Connection, game_id: int) -> None:
        """A game that ended keeps its first and its last state: any other is a replay."""
        db.execute("DELETE FROM snapshots WHERE game_id = ? AND decisions > 0 AND decisions <"
                   " (SELECT MAX(decisions) FROM snapshots WHERE game_id = ?)",
                   (game_id, game_id))

    async def start_play(self, game_id: int, revision: int, *, state: dict[str, Any],
                         decisions: int, awaited: list[int], note: str,
                         rules_version: str | None = None,
                         agora_version: str | None = None) -> None:
        """Begin the game: its first state, and the rules and Agora versions it is played
        under."""
        now = self._clock()

        def work(db: sqlite3.Connection) -> None:
            # posted = -1: the opening post (board, hands, first prompt) is still to be made
            self._bump(db, game_id, revision,
                       "status = 'playing', decisions = ?, posted = -1, awaited = ?,"
                       " last_activity = ?, rules_version = ?, agora_version = ?",
                       (decisions, dumps(awaited), now, rules_version, agora_version))
            self._await(db, game_id, awaited, now)
            db.execute("INSERT INTO snapshots (game_id, decisions, state, created_at)"
                       " VALUES (?, ?, ?, ?)", (game_id, decisions, pack(state), now))
            db.execute("INSERT INTO journal (game_id, at, text, created_at)"
                       " VALUES (?, ?, ?, ?)", (game_id, decisions, note, now))

        await self._write(game_id, work)

    async def commit(self, game_id: int, revision: int, *, seat: int, entries: list[LogEntry],
                     state: Callable[[], dict[str, Any]], decisions: int, awaited: list[int],
                     over: bool = False, note: str | None = None,
                     result: dict[str, Any] | None = None) -> int:
        """Append one seat's decisions to the log, and the state after them (`state()`,
        called in the store's thread) if it is a checkpoint, all in one transaction. That
        seat's draft is dropped; every other seat's draft stays (it is checked again against
        the new state when it is next shown). The last commit of a game (`over`) keeps its
        `result` for the history in the same transaction. Returns the new revision."""
        if not entries:
            raise ValueError("nothing to commit")
        now = self._clock()
        batch = entries[0].seq
        rows = [(game_id, e.seq, e.seat, batch, int(e.barrier), int(e.sealed), e.source,
                 pack([e.decision, e.events]), now) for e in entries]

        def work(db: sqlite3.Connection) -> None:
            self._bump(db, game_id, revision,
                       "decisions = ?, awaited = ?, last_activity = ?"
                       + (", status = 'over'" if over else ""),
                       (decisions, dumps(awaited), now))
            self._await(db, game_id, awaited, now)
            # the seat that just acted and must act again starts a fresh reminder clock, and
            # a fresh deadline; a deadline's own commit counts as missed, any other commit
            # of the seat ends its run of missed deadlines
            db.execute("UPDATE seats SET awaited_since = ?, reminded_at = NULL WHERE"
                       " game_id = ? AND seat = ? AND awaited_since IS NOT NULL",
                       (now, game_id, seat))
            db.execute("UPDATE seats SET asked_at = CASE WHEN asked_at IS NULL THEN NULL"
                       " ELSE ? END, warned_at = NULL, missed = CASE WHEN ? THEN missed + 1"
                       " ELSE 0 END WHERE game_id = ? AND seat = ?",
                       (now, entries[0].source == "deadline", game_id, seat))
            db.executemany("INSERT INTO decisions (game_id, seq, seat, batch, barrier, sealed,"
                           " source, data, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", rows)
            self._checkpoint(db, game_id, decisions, state, now, over)
            if note is not None:  # a journal line with the commit (a deadline's)
                db.execute("INSERT INTO journal (game_id, at, text, created_at)"
                           " VALUES (?, ?, ?, ?)", (game_id, batch, note, now))
            if over:
                db.execute("DELETE FROM drafts WHERE game_id = ?", (game_id,))
                self._keep_ends(db, game_id)
                if result is not None:
                    self._put_result(db, game_id, result, now)
            else:
                db.execute("DELETE FROM drafts WHERE game_id = ? AND seat = ?", (game_id, seat))

        await self._write_fresh(game_id, work)
        return revision + 1

    async def rollback_to(self, game_id: int, revision: int, *, seat: int, decisions: int,
                          state: dict[str, Any], awaited: list[int], note: str,
                          draft: Draft | None = None) -> None:
        """Undo: forget every decision from `decisions` on; `state` (the state after
        `decisions`, replayed by the caller) becomes the current snapshot. `draft` (the
        taken-back steps the player keeps) replaces `seat`'s draft in the same transaction;
        other seats' drafts stay and are checked again when next shown."""
        now = self._clock()

        def work(db: sqlite3.Connection) -> None:
            self._bump(db, game_id, revision,
                       "decisions = ?, posted = MIN(posted, ?), awaited = ?,"
                       " last_activity = ?", (decisions, decisions, dumps(awaited), now))
            self._await(db, game_id, awaited, now)
            db.execute("DELETE FROM decisions WHERE game_id = ? AND seq >= ?",
                       (game_id, decisions))
            db.execute("DELETE FROM snapshots WHERE game_id = ? AND decisions > ?",
                       (game_id, decisions))
            db.execute("INSERT OR IGNORE INTO snapshots (game_id, decisions, state, created_at)"
                       " VALUES (?, ?, ?, ?)", (game_id, decisions, pack(state), now))
            db.execute("DELETE FROM drafts WHERE game_id = ? AND seat = ?", (game_id, seat))
            if draft is not None and draft.steps:
                self._put_draft(db, game_id, draft)
            db.execute("INSERT INTO journal (game_id, at, text, created_at)"
                       " VALUES (?, ?, ?, ?)", (game_id, decisions, note, now))

        await self._write(game_id, work)

    async def checkpoint(self, game_id: int, decisions: int
                         ) -> tuple[int, dict[str, Any]] | None:
        """The stored state nearest before (or at) `decisions`: (its decision count, state).
        Replaying the log from there gives the state at `decisions` (bot.host.turns)."""
        row = await self._one("SELECT decisions, state FROM snapshots WHERE game_id = ? AND"
                              " decisions <= ? ORDER BY decisions DESC LIMIT 1",
                              (game_id, decisions))
        return (row[0], unpack(row[1])) if row else None

    @staticmethod
    def _entry(row: sqlite3.Row) -> LogEntry:
        decision, events = unpack(row["data"])
        return LogEntry(seq=row["seq"], seat=row["seat"], decision=decision,
                        source=row["source"], barrier=bool(row["barrier"]), events=events,
                        batch=row["batch"], created_at=row["created_at"],
                        sealed=bool(row["sealed"]))

    async def log(self, game_id: int, since: int = 0, until: int | None = None
                  ) -> list[LogEntry]:
        """The log from decision `since` on (up to, not including, `until`)."""
        rows = await self._all("SELECT * FROM decisions WHERE game_id = ? AND seq >= ? AND"
                               " seq < ? ORDER BY seq",
                               (game_id, since, 2**62 if until is None else until))
        return [self._entry(r) for r in rows]

    async def log_tail(self, game_id: int, n: int) -> list[LogEntry]:
        rows = await self._all("SELECT * FROM decisions WHERE game_id = ? ORDER BY seq DESC"
                               " LIMIT ?", (game_id, n))
        return [self._entry(r) for r in reversed(rows)]

    async def last_batch(self, game_id: int) -> list[LogEntry]:
        rows = await self._all(
            "SELECT * FROM decisions WHERE game_id = ? AND batch ="
            " (SELECT MAX(batch) FROM decisions WHERE game_id = ?) ORDER BY seq",
            (game_id, game_id))
        return [self._entry(r) for r in rows]

    async def mark_posted(self, game_id: int, decisions: int) -> None:
        await self._write(game_id, lambda db: db.execute(
            "UPDATE games SET posted = MAX(posted, ?) WHERE id = ?", (decisions, game_id)))

    async def set_turn_message(self, game_id: int, message_id: int) -> None:
        await self._write(game_id, lambda db: db.execute(
            "UPDATE games SET turn_message = ? WHERE id = ?", (message_id, game_id)))

    async def mark_reminded(self, game_id: int, seats: list[int], when: float | None) -> None:
        """Record a reminder sent to `seats` at `when` (None: as if never reminded)."""
        marks = ",".join(str(int(x)) for x in seats) or "-1"
        await self._write(game_id, lambda db: db.execute(
            f"UPDATE seats SET reminded_at = ? WHERE game_id = ? AND seat IN ({marks})",
            (when, game_id)))

    # --- deadlines and vacations ------------------------------------------------------------

    async def mark_warned(self, game_id: int, seat: int, asked_at: float, when: float) -> bool:
        """Record the deadline warning of `seat` for the clock that started at `asked_at`;
        False (nothing written) if it was sent already or the clock has moved on."""
        def work(db: sqlite3.Connection) -> bool:
            return db.execute("UPDATE seats SET warned_at = ? WHERE game_id = ? AND seat = ?"
                              " AND asked_at = ? AND warned_at IS NULL",
                              (when, game_id, seat, asked_at)).rowcount == 1

        return await self._write(game_id, work)

    async def deadline_passed(self, game_id: int, seat: int, asked_at: float,
                              now: float) -> int | None:
        """A deadline that passed without a decision being taken for the seat (the host is
        told): one more missed, and the clock starts again. None if the clock moved on
        meanwhile (the seat acted, or another round handled it)."""
        def work(db: sqlite3.Connection) -> int | None:
            row = db.execute("UPDATE seats SET missed = missed + 1, asked_at = ?,"
                             " warned_at = NULL WHERE game_id = ? AND seat = ? AND asked_at = ?"
                             " RETURNING missed", (now, game_id, seat, asked_at)).fetchone()
            return None if row is None else int(row[0])

        return await self._write(game_id, work)

    async def away(self, user_ids: list[int]) -> dict[int, Away]:
        """The vacations of these users (past ones too: their time still pauses a clock)."""
        if not user_ids:
            return {}
        marks = ",".join("?" * len(user_ids))
        rows = await self._all(f"SELECT * FROM away WHERE user_id IN ({marks})",
                               tuple(user_ids))
        return {r["user_id"]: Away(r["user_id"], r["since"], r["until"]) for r in rows}

    async def set_away(self, user_id: int, since: float, until: float,
                       shifts: list[tuple[int, int, float, float]]) -> None:
        """The user's vacation from `since` to `until`; `shifts` moves each listed deadline
        clock (game, seat, from, to) by the pause the previous vacation gave it, only where the
        clock still reads `from` (it did not restart meanwhile)."""
        def work(db: sqlite3.Connection) -> None:
            db.executemany("UPDATE seats SET asked_at = ? WHERE game_id = ? AND seat = ?"
                           " AND asked_at = ?", [(to, g, s, fr) for g, s, fr, to in shifts])
            db.execute("INSERT INTO away (user_id, since, until) VALUES (?, ?, ?)"
                       " ON CONFLICT (user_id) DO UPDATE SET since = excluded.since,"
                       " until = excluded.until", (user_id, since, until))

        for game_id in {g for g, *_ in shifts}:
            self._forget(game_id)
        await self._write(None, work)

    async def away_cap(self, guild_id: int) -> int | None:
        """The server's cap on vacation days (None: no cap)."""
        row = await self._one("SELECT away_cap_days FROM guild_settings WHERE guild_id = ?",
                              (guild_id,))
        return None if row is None else row[0]

    async def set_away_cap(self, guild_id: int, days: int | None) -> None:
        await self._write(None, lambda db: db.execute(
            "INSERT INTO guild_settings (guild_id, away_cap_days) VALUES (?, ?)"
            " ON CONFLICT (guild_id) DO UPDATE SET away_cap_days = excluded.away_cap_days",
            (guild_id, days)))

    # --- the history of finished games -------------------------------------------------------

    @staticmethod
    def _put_result(db: sqlite3.Connection, game_id: int, result: dict[str, Any],
                    ended_at: float) -> None:
        db.execute("INSERT INTO results (game_id, result, ended_at) VALUES (?, ?, ?)"
                   " ON CONFLICT (game_id) DO NOTHING", (game_id, dumps(result), ended_at))

    async def record_result(self, game_id: int, result: dict[str, Any], ended_at: float
                            ) -> None:
        """Keep the result of a game that finished before results were kept (derived from its
        stored last state); a result already kept stays."""
        await self._write(game_id, lambda db: self._put_result(db, game_id, result, ended_at))

    async def set_final_message(self, game_id: int, message_id: int) -> None:
        await self._write(game_id, lambda db: db.execute(
            "UPDATE results SET final_message = ? WHERE game_id = ?", (message_id, game_id)))

    async def finished(self, guild_id: int | None, game: str | None = None
                       ) -> list[Finished]:
        """The server's finished games with a kept result (of one game, or of all), in the
        order they ended."""
        rows = await self._all(
            "SELECT g.*, r.result AS r_result, r.ended_at AS r_ended_at,"
            " r.final_message AS r_final FROM games g JOIN results r ON r.game_id = g.id"
            " WHERE g.guild_id IS ? AND g.status = 'over' AND (? IS NULL OR g.game = ?)"
            " ORDER BY r.ended_at, g.id", (guild_id, game, game))
        seats = await self._all(
            "SELECT s.* FROM seats s JOIN games g ON g.id = s.game_id JOIN results r"
            " ON r.game_id = g.id WHERE g.guild_id IS ? AND g.status = 'over'"
            " AND (? IS NULL OR g.game = ?) ORDER BY s.game_id, s.seat", (guild_id, game, game))
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
        rows = await self._all(
            "SELECT id FROM games WHERE guild_id IS ? AND status = 'over' AND id NOT IN"
            " (SELECT game_id FROM results) ORDER BY id", (guild_id,))
        return [r[0] for r in rows]

    # --- leases (background work shared by several processes) -------------------------------

    async def claim(self, name: str, owner: str, ttl: float, now: float | None = None) -> bool:
        """Take or renew lease `name` for `owner` until now+ttl. True if `owner` holds it now
        (it was free, had run out, or was already `owner`'s); False if another owner holds
        it. One statement, so two processes can never both take it."""
        now = time.time() if now is None else now  # leases: real time (renewed by sleeping)

        def work(db: sqlite3.Connection) -> bool:
            row = db.execute(
                "INSERT INTO leases (name, owner, until) VALUES (?, ?, ?)"
                " ON CONFLICT (name) DO UPDATE SET owner = excluded.owner,"
                " until = excluded.until"
                " WHERE leases.owner = excluded.owner OR leases.until < ? RETURNING owner",
                (name, owner, now + ttl, now)).fetchone()
            return row is not None  # no row: the update's WHERE refused (another holds it)

        return await self._write(None, work, durable=False)

    async def release(self, name: str, owner: str) -> None:
        """Free lease `name`, only if `owner` holds it."""
        await self._write(None, lambda db: db.execute(
            "DELETE FROM leases WHERE name = ? AND owner = ?", (name, owner)), durable=False)

    # --- drafts -----------------------------------------------------------------------------

    @staticmethod
    def _draft(row: sqlite3.Row) -> Draft:
        return Draft(seat=row["seat"], base=row["base"], steps=json.loads(row["steps"]),
                     source=row["source"])

    async def drafts(self, game_id: int) -> list[Draft]:
        async def load() -> dict[int, Draft]:
            rows = await self._all("SELECT * FROM drafts WHERE game_id = ? ORDER BY seat",
                                   (game_id,))
            return {r["seat"]: self._draft(r) for r in rows}

        found = await self._cached(game_id, "drafts", load)
        return [replace(d, steps=list(d.steps)) for _, d in sorted(found.items())]

    async def draft(self, game_id: int, seat: int) -> Draft | None:
        return next((d for d in await self.drafts(game_id) if d.seat == seat), None)

    def _put_draft(self, db: sqlite3.Connection, game_id: int, draft: Draft) -> None:
        db.execute(
            "INSERT INTO drafts (game_id, seat, base, steps, source, updated_at)"
            " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (game_id, seat) DO UPDATE SET"
            " base = excluded.base, steps = excluded.steps, source = excluded.source,"
            " updated_at = excluded.updated_at",
            (game_id, draft.seat, draft.base, dumps(draft.steps), draft.source, self._clock()))

    async def save_draft(self, game_id: int, draft: Draft) -> None:
        def work(db: sqlite3.Connection) -> None:
            if draft.steps:
                self._put_draft(db, game_id, draft)
            else:
                db.execute("DELETE FROM drafts WHERE game_id = ? AND seat = ?",
                           (game_id, draft.seat))
            # working on a draft is activity: that seat's reminder waits again
            now = self._clock()
            db.execute("UPDATE games SET last_activity = ? WHERE id = ?", (now, game_id))
            db.execute("UPDATE seats SET awaited_since = ?, reminded_at = NULL"
                       " WHERE game_id = ? AND seat = ? AND awaited_since IS NOT NULL",
                       (now, game_id, draft.seat))

        await self._write_fresh(game_id, work)

    # --- journal ----------------------------------------------------------------------------

    async def journal(self, game_id: int) -> list[JournalLine]:
        rows = await self._all("SELECT at, text, created_at FROM journal WHERE game_id = ?"
                               " ORDER BY id", (game_id,))
        return [JournalLine(r["at"], r["text"], r["created_at"]) for r in rows]
