"""Persistence for the bot: aiosqlite (WAL) with numbered SQL migrations in bot/migrations/.

The store knows rows, not rules: games, seats, the decision log, snapshots, drafts and the
journal. Every write that changes a game checks and bumps `games.revision` inside one
transaction, so a writer that read an older revision gets `StaleWrite` and changes nothing.
A PostgreSQL backend would implement the same public methods."""

from __future__ import annotations

import asyncio
import json
import re
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiosqlite

from data.i18n import language

MIGRATIONS = Path(__file__).parent / "migrations"
OPEN_STATUSES = ("lobby", "playing")


class StaleWrite(Exception):
    """The game changed since the caller read it; nothing was written."""


class ChannelBusy(Exception):
    """The channel already has an open game."""


@dataclass
class GameRow:
    id: int
    game: str
    guild_id: int | None
    channel_id: int
    host_id: int
    status: str
    options: dict[str, Any]
    seed: int
    revision: int
    decisions: int
    posted: int
    last_activity: float
    turn_message: int | None
    created_at: float
    awaited: list[int] = field(default_factory=list)  # seats that must decide now

    @property
    def open(self) -> bool:
        return self.status in OPEN_STATUSES

    @property
    def language(self) -> str:
        """The game's language (channel posts, pictures): chosen at start; a game begun before
        languages existed keeps the bot's default."""
        return language(self.options.get("language"))


@dataclass
class SeatRow:
    game_id: int
    seat: int
    user_id: int | None
    name: str
    ai_level: str | None = None
    dm_channel_id: int | None = None
    dm_ok: bool | None = None
    hand_sig: str | None = None
    policy: str = "ask"  # the standing answer (the game's GameInfo.policies)
    awaited_since: float | None = None
    reminded_at: float | None = None
    prompt_sig: str | None = None  # the prompt last sent by DM (no second copy of it)
    prompt_message: int | None = None  # that DM's message id (its buttons go when superseded)

    @property
    def is_ai(self) -> bool:
        return self.user_id is None


@dataclass
class LogEntry:
    """One engine decision as it is logged."""

    seq: int
    seat: int
    decision: dict[str, Any]
    source: str
    barrier: bool = False
    events: list[dict[str, Any]] = field(default_factory=list)
    batch: int = 0
    created_at: float = 0.0
    sealed: bool = False  # a secret choice (engine `sealed`): never described in public


@dataclass
class Draft:
    seat: int
    base: int
    steps: list[dict[str, Any]]
    source: str = "button"


@dataclass
class JournalLine:
    at: int
    text: str
    created_at: float


def _dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), sort_keys=True)


def migration_files() -> list[tuple[int, Path]]:
    out = []
    for path in sorted(MIGRATIONS.glob("*.sql")):
        m = re.match(r"(\d+)_", path.name)
        if m:
            out.append((int(m.group(1)), path))
    numbers = [n for n, _ in out]
    if numbers != list(range(1, len(numbers) + 1)):
        raise RuntimeError(f"migrations must be numbered 1, 2, 3, ... without gaps: {numbers}")
    return out


class Store:
    def __init__(self, conn: aiosqlite.Connection) -> None:
        self.conn = conn
        self.conn.row_factory = aiosqlite.Row
        # one connection: transactions from different tasks must not interleave on it
        self._lock = asyncio.Lock()
        self._languages: dict[int, str | None] = {}  # users' languages, read through

    @classmethod
    async def open(cls, path: str | Path) -> Store:
        conn = await aiosqlite.connect(str(path), isolation_level=None)
        await conn.execute("PRAGMA journal_mode=WAL")
        await conn.execute("PRAGMA synchronous=FULL")  # durable before visible
        await conn.execute("PRAGMA foreign_keys=ON")
        await conn.execute("PRAGMA busy_timeout=5000")
        store = cls(conn)
        await store.migrate()
        return store

    async def close(self) -> None:
        await self.conn.close()

    # --- plumbing ---------------------------------------------------------------------------

    @asynccontextmanager
    async def _tx(self) -> AsyncIterator[aiosqlite.Connection]:
        async with self._lock:
            await self.conn.execute("BEGIN IMMEDIATE")
            try:
                yield self.conn
            except BaseException:
                await self.conn.execute("ROLLBACK")
                raise
            await self.conn.execute("COMMIT")

    async def _one(self, sql: str, args: tuple = ()) -> aiosqlite.Row | None:
        async with self._lock:
            cur = await self.conn.execute(sql, args)
            row = await cur.fetchone()
            await cur.close()
        return row

    async def _all(self, sql: str, args: tuple = ()) -> list[aiosqlite.Row]:
        async with self._lock:
            cur = await self.conn.execute(sql, args)
            rows = await cur.fetchall()
            await cur.close()
        return list(rows)

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
            async with self._lock:
                # executescript runs outside our BEGIN; wrap the file so it is all or nothing
                await self.conn.executescript(
                    f"BEGIN IMMEDIATE;\n{script}\nPRAGMA user_version = {number};\nCOMMIT;")
            current = number
        return current

    @staticmethod
    async def _bump(db: aiosqlite.Connection, game_id: int, revision: int,
                    sets: str = "", args: tuple = ()) -> None:
        sql = "UPDATE games SET revision = revision + 1" + (f", {sets}" if sets else "")
        cur = await db.execute(sql + " WHERE id = ? AND revision = ?", (*args, game_id, revision))
        if cur.rowcount != 1:
            raise StaleWrite(f"game {game_id} is no longer at revision {revision}")

    # --- games ------------------------------------------------------------------------------

    @staticmethod
    def _game(row: aiosqlite.Row | dict[str, Any]) -> GameRow:
        d = dict(row)
        d["options"] = json.loads(d["options"])
        d["awaited"] = json.loads(d["awaited"])
        return GameRow(**d)

    @staticmethod
    def _seat(row: aiosqlite.Row) -> SeatRow:
        d = dict(row)
        d["dm_ok"] = None if d["dm_ok"] is None else bool(d["dm_ok"])
        return SeatRow(**d)

    async def create_game(self, *, game: str, guild_id: int | None, channel_id: int,
                          host_id: int, host_name: str, options: dict[str, Any], seed: int
                          ) -> GameRow:
        now = time.time()
        try:
            async with self._tx() as db:
                cur = await db.execute(
                    "INSERT INTO games (game, guild_id, channel_id, host_id, options, seed,"
                    " last_activity, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                    (game, guild_id, channel_id, host_id, _dumps(options), seed, now, now))
                game_id = cur.lastrowid
                await db.execute("INSERT INTO seats (game_id, seat, user_id, name)"
                                 " VALUES (?, 0, ?, ?)", (game_id, host_id, host_name))
        except aiosqlite.IntegrityError as exc:
            raise ChannelBusy(str(channel_id)) from exc
        game = await self.game(game_id)
        assert game is not None
        return game

    async def game(self, game_id: int) -> GameRow | None:
        row = await self._one("SELECT * FROM games WHERE id = ?", (game_id,))
        return self._game(row) if row else None

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
        async with self._tx() as db:
            await self._set_game(db, game_id, revision, fields)
            if note is not None:
                await db.execute("INSERT INTO journal (game_id, at, text, created_at)"
                                 " SELECT id, decisions, ?, ? FROM games WHERE id = ?",
                                 (note, time.time(), game_id))

    @classmethod
    async def _set_game(cls, db: aiosqlite.Connection, game_id: int, revision: int,
                        fields: dict[str, Any]) -> None:
        allowed = {"status", "host_id", "options"}
        if set(fields) - allowed:
            raise ValueError(f"only {sorted(allowed)} can change here")
        cols = "".join(f", {k} = ?" for k in fields)
        vals = tuple(_dumps(v) if k == "options" else v for k, v in fields.items())
        await cls._bump(db, game_id, revision, "last_activity = ?" + cols, (time.time(), *vals))
        if fields.get("status") in ("over", "abandoned"):
            await db.execute("DELETE FROM drafts WHERE game_id = ?", (game_id,))

    # --- seats ------------------------------------------------------------------------------

    async def seats(self, game_id: int) -> list[SeatRow]:
        rows = await self._all("SELECT * FROM seats WHERE game_id = ? ORDER BY seat", (game_id,))
        return [self._seat(r) for r in rows]

    async def add_seat(self, game_id: int, revision: int, *, user_id: int | None, name: str,
                       ai_level: str | None = None) -> SeatRow:
        async with self._tx() as db:
            await self._bump(db, game_id, revision)
            cur = await db.execute("SELECT COUNT(*) FROM seats WHERE game_id = ?", (game_id,))
            (count,) = await cur.fetchone()
            await db.execute("INSERT INTO seats (game_id, seat, user_id, name, ai_level)"
                             " VALUES (?, ?, ?, ?, ?)", (game_id, count, user_id, name, ai_level))
        return SeatRow(game_id, count, user_id, name, ai_level)

    async def remove_seat(self, game_id: int, revision: int, seat: int, **fields: Any) -> None:
        """Remove a lobby seat; later seats move up one place (their colour changes too).
        `fields` change with it (a new host when the host leaves, the status when nobody is
        left), so the lobby is never left half changed."""
        async with self._tx() as db:
            await self._set_game(db, game_id, revision, fields)
            await db.execute("DELETE FROM seats WHERE game_id = ? AND seat = ?", (game_id, seat))
            # two steps so the primary key never collides while renumbering
            await db.execute("UPDATE seats SET seat = -seat - 1 WHERE game_id = ? AND seat > ?",
                             (game_id, seat))
            await db.execute("UPDATE seats SET seat = -seat - 2 WHERE game_id = ? AND seat < 0",
                             (game_id,))

    async def replace_seat(self, game_id: int, revision: int, seat: int, *, user_id: int | None,
                           name: str, ai_level: str | None, note: str, at: int,
                           new_host: int | None = None) -> None:
        """Hand a seat to someone else (an AI when user_id is None); the journal says so. When
        the seat was the host's, `new_host` takes the host role in the same transaction."""
        async with self._tx() as db:
            await self._bump(db, game_id, revision)
            if new_host is not None:
                await db.execute("UPDATE games SET host_id = ? WHERE id = ?", (new_host, game_id))
            await db.execute("UPDATE seats SET user_id = ?, name = ?, ai_level = ?,"
                             " dm_channel_id = NULL, dm_ok = NULL, hand_sig = NULL"
                             " WHERE game_id = ? AND seat = ?",
                             (user_id, name, ai_level, game_id, seat))
            await db.execute("DELETE FROM drafts WHERE game_id = ? AND seat = ?", (game_id, seat))
            await db.execute("INSERT INTO journal (game_id, at, text, created_at)"
                             " VALUES (?, ?, ?, ?)", (game_id, at, note, time.time()))

    async def set_seat_info(self, game_id: int, seat: int, **fields: Any) -> None:
        """Delivery bookkeeping and standing answers: not game state (no revision bump)."""
        allowed = {"policy", "dm_channel_id", "dm_ok", "hand_sig", "prompt_sig",
                   "prompt_message"}
        if not fields or set(fields) - allowed:
            raise ValueError(f"set_seat_info takes {sorted(allowed)}")
        cols = ", ".join(f"{k} = ?" for k in fields)
        vals = tuple(int(v) if isinstance(v, bool) else v for v in fields.values())
        async with self._tx() as db:
            await db.execute(f"UPDATE seats SET {cols} WHERE game_id = ? AND seat = ?",
                             (*vals, game_id, seat))

    # --- users ------------------------------------------------------------------------------

    async def user_language(self, user_id: int) -> str | None:
        """The language of the user's Discord client when they last used the bot, if known."""
        if user_id not in self._languages:
            row = await self._one("SELECT language FROM users WHERE user_id = ?", (user_id,))
            self._languages[user_id] = row[0] if row else None
        return self._languages[user_id]

    async def remember_language(self, user_id: int, lang: str) -> None:
        """Keep the user's language for the DMs the bot sends first (a write only on change)."""
        if await self.user_language(user_id) == lang:
            return
        async with self._tx() as db:
            await db.execute("INSERT INTO users (user_id, language, updated_at) VALUES (?, ?, ?)"
                             " ON CONFLICT (user_id) DO UPDATE SET language = excluded.language,"
                             " updated_at = excluded.updated_at", (user_id, lang, time.time()))
        self._languages[user_id] = lang

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
    async def _await(db: aiosqlite.Connection, game_id: int, awaited: list[int],
                     now: float) -> None:
        """Start the reminder clock of each seat that is newly awaited; stop the others'."""
        marks = ",".join(str(int(x)) for x in awaited) or "-1"
        await db.execute(f"UPDATE seats SET awaited_since = NULL, reminded_at = NULL"
                         f" WHERE game_id = ? AND seat NOT IN ({marks})", (game_id,))
        await db.execute(f"UPDATE seats SET awaited_since = ? WHERE game_id = ?"
                         f" AND seat IN ({marks}) AND awaited_since IS NULL", (now, game_id))

    async def start_play(self, game_id: int, revision: int, *, state: dict[str, Any],
                         decisions: int, awaited: list[int], note: str) -> None:
        now = time.time()
        async with self._tx() as db:
            # posted = -1: the opening post (board, hands, first prompt) is still to be made
            await self._bump(db, game_id, revision,
                             "status = 'playing', decisions = ?, posted = -1, awaited = ?,"
                             " last_activity = ?", (decisions, _dumps(awaited), now))
            await self._await(db, game_id, awaited, now)
            await db.execute("INSERT INTO snapshots (game_id, decisions, state, created_at)"
                             " VALUES (?, ?, ?, ?)", (game_id, decisions, _dumps(state), now))
            await db.execute("INSERT INTO journal (game_id, at, text, created_at)"
                             " VALUES (?, ?, ?, ?)", (game_id, decisions, note, now))

    async def commit(self, game_id: int, revision: int, *, seat: int, entries: list[LogEntry],
                     state: dict[str, Any], decisions: int, awaited: list[int],
                     over: bool = False) -> int:
        """Append one seat's decisions to the log and store the new snapshot, all in one
        transaction. That seat's draft is dropped; every other seat's draft stays (it is
        checked again against the new state when it is next shown). Returns the new
        revision."""
        if not entries:
            raise ValueError("nothing to commit")
        now = time.time()
        async with self._tx() as db:
            await self._bump(
                db, game_id, revision,
                "decisions = ?, awaited = ?, last_activity = ?"
                + (", status = 'over'" if over else ""), (decisions, _dumps(awaited), now))
            await self._await(db, game_id, awaited, now)
            # the seat that just acted and must act again starts a fresh reminder clock
            await db.execute("UPDATE seats SET awaited_since = ?, reminded_at = NULL WHERE"
                             " game_id = ? AND seat = ? AND awaited_since IS NOT NULL",
                             (now, game_id, seat))
            batch = entries[0].seq
            await db.executemany(
                "INSERT INTO decisions (game_id, seq, seat, decision, batch, barrier, sealed,"
                " source, events, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [(game_id, e.seq, e.seat, _dumps(e.decision), batch, int(e.barrier),
                  int(e.sealed), e.source, _dumps(e.events), now) for e in entries])
            await db.execute("INSERT INTO snapshots (game_id, decisions, state, created_at)"
                             " VALUES (?, ?, ?, ?)", (game_id, decisions, _dumps(state), now))
            if over:
                await db.execute("DELETE FROM drafts WHERE game_id = ?", (game_id,))
            else:
                await db.execute("DELETE FROM drafts WHERE game_id = ? AND seat = ?",
                                 (game_id, seat))
        return revision + 1

    async def rollback_to(self, game_id: int, revision: int, *, seat: int, decisions: int,
                          awaited: list[int], note: str, draft: Draft | None = None) -> None:
        """Undo: forget every decision from `decisions` on and return to that snapshot. `draft`
        (the taken-back steps the player keeps) replaces `seat`'s draft in the same
        transaction; other seats' drafts stay and are checked again when next shown."""
        now = time.time()
        async with self._tx() as db:
            cur = await db.execute("SELECT 1 FROM snapshots WHERE game_id = ? AND decisions = ?",
                                   (game_id, decisions))
            if await cur.fetchone() is None:
                raise ValueError(f"no snapshot at decision {decisions}")
            await self._bump(db, game_id, revision,
                             "decisions = ?, posted = MIN(posted, ?), awaited = ?,"
                             " last_activity = ?", (decisions, decisions, _dumps(awaited), now))
            await self._await(db, game_id, awaited, now)
            await db.execute("DELETE FROM decisions WHERE game_id = ? AND seq >= ?",
                             (game_id, decisions))
            await db.execute("DELETE FROM snapshots WHERE game_id = ? AND decisions > ?",
                             (game_id, decisions))
            await db.execute("DELETE FROM drafts WHERE game_id = ? AND seat = ?",
                             (game_id, seat))
            if draft is not None and draft.steps:
                await self._put_draft(db, game_id, draft)
            await db.execute("INSERT INTO journal (game_id, at, text, created_at)"
                             " VALUES (?, ?, ?, ?)", (game_id, decisions, note, now))

    async def state(self, game_id: int, decisions: int | None = None) -> dict[str, Any] | None:
        """The snapshot at `decisions` (default: the current one)."""
        if decisions is None:
            row = await self._one(
                "SELECT s.state FROM snapshots s JOIN games g ON g.id = s.game_id"
                " WHERE g.id = ? AND s.decisions = g.decisions", (game_id,))
        else:
            row = await self._one("SELECT state FROM snapshots WHERE game_id = ? AND"
                                  " decisions = ?", (game_id, decisions))
        return json.loads(row[0]) if row else None

    @staticmethod
    def _entry(row: aiosqlite.Row) -> LogEntry:
        return LogEntry(seq=row["seq"], seat=row["seat"], decision=json.loads(row["decision"]),
                        source=row["source"], barrier=bool(row["barrier"]),
                        events=json.loads(row["events"]), batch=row["batch"],
                        created_at=row["created_at"], sealed=bool(row["sealed"]))

    async def log(self, game_id: int, since: int = 0) -> list[LogEntry]:
        rows = await self._all("SELECT * FROM decisions WHERE game_id = ? AND seq >= ?"
                               " ORDER BY seq", (game_id, since))
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
        async with self._tx() as db:
            await db.execute("UPDATE games SET posted = MAX(posted, ?) WHERE id = ?",
                             (decisions, game_id))

    async def set_turn_message(self, game_id: int, message_id: int) -> None:
        async with self._tx() as db:
            await db.execute("UPDATE games SET turn_message = ? WHERE id = ?",
                             (message_id, game_id))

    async def mark_reminded(self, game_id: int, seats: list[int], when: float) -> None:
        marks = ",".join(str(int(x)) for x in seats) or "-1"
        async with self._tx() as db:
            await db.execute(f"UPDATE seats SET reminded_at = ? WHERE game_id = ?"
                             f" AND seat IN ({marks})", (when, game_id))

    # --- drafts -----------------------------------------------------------------------------

    @staticmethod
    def _draft(row: aiosqlite.Row) -> Draft:
        return Draft(seat=row["seat"], base=row["base"], steps=json.loads(row["steps"]),
                     source=row["source"])

    async def draft(self, game_id: int, seat: int) -> Draft | None:
        row = await self._one("SELECT * FROM drafts WHERE game_id = ? AND seat = ?",
                              (game_id, seat))
        return self._draft(row) if row else None

    async def drafts(self, game_id: int) -> list[Draft]:
        rows = await self._all("SELECT * FROM drafts WHERE game_id = ? ORDER BY seat", (game_id,))
        return [self._draft(r) for r in rows]

    @staticmethod
    async def _put_draft(db: aiosqlite.Connection, game_id: int, draft: Draft) -> None:
        await db.execute(
            "INSERT INTO drafts (game_id, seat, base, steps, source, updated_at)"
            " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (game_id, seat) DO UPDATE SET"
            " base = excluded.base, steps = excluded.steps, source = excluded.source,"
            " updated_at = excluded.updated_at",
            (game_id, draft.seat, draft.base, _dumps(draft.steps), draft.source, time.time()))

    async def save_draft(self, game_id: int, draft: Draft) -> None:
        async with self._tx() as db:
            if draft.steps:
                await self._put_draft(db, game_id, draft)
            else:
                await db.execute("DELETE FROM drafts WHERE game_id = ? AND seat = ?",
                                 (game_id, draft.seat))
            # working on a draft is activity: that seat's reminder waits again
            now = time.time()
            await db.execute("UPDATE games SET last_activity = ? WHERE id = ?", (now, game_id))
            await db.execute("UPDATE seats SET awaited_since = ?, reminded_at = NULL"
                             " WHERE game_id = ? AND seat = ? AND awaited_since IS NOT NULL",
                             (now, game_id, draft.seat))

    # --- journal ----------------------------------------------------------------------------

    async def journal(self, game_id: int) -> list[JournalLine]:
        rows = await self._all("SELECT at, text, created_at FROM journal WHERE game_id = ?"
                               " ORDER BY id", (game_id,))
        return [JournalLine(r["at"], r["text"], r["created_at"]) for r in rows]
