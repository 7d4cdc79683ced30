"""`agora migrate-db SOURCE TARGET`: move an SQLite database (any schema version) into an empty
PostgreSQL database, every table and row, ids kept.

The source file is left as it was: a copy of it (SQLite's online backup, so a running bot's WAL
is included) is migrated to the latest schema and read. The target is migrated to the latest
schema too, so both have the same tables and columns; the rows go over in one transaction
(binary COPY), values converted to the target's column types where the two dialects differ
(SQLite's 0/1 flags become booleans, JSON text left in old log rows becomes UTF-8 bytea that
bot/store/postgres.py still reads). The identity sequences then move past the largest ids copied, so
the next game or journal line gets a fresh id."""

from __future__ import annotations

import argparse
import asyncio
import sqlite3
import sys
import tempfile
from pathlib import Path
from typing import Any

import asyncpg

from data.i18n import t

from .backends import is_postgres, safe_target
from .postgres import PgStore
from .sqlite import Store

# parents before children (the foreign keys); each table of the latest schema must be listed
TABLES = ("games", "seats", "decisions", "snapshots", "drafts", "journal", "users", "leases",
          "away", "guild_settings", "results")
IDENTITY = {"games": "id", "journal": "id"}  # the columns whose sequences must move on
EXIT_REFUSED = 2
EXIT_UNREACHABLE = 3


class Refused(Exception):
    """The migration cannot go ahead (the message says why); nothing was written."""


def _convert(value: Any, pg_type: str) -> Any:
    """An SQLite value as the PostgreSQL column of type `pg_type` takes it."""
    if value is None:
        return None
    if pg_type == "boolean":
        return bool(value)
    if pg_type == "bytea":
        return value.encode() if isinstance(value, str) else bytes(value)
    if pg_type == "double precision":
        return float(value)
    if pg_type in ("integer", "bigint", "smallint"):
        return int(value)
    return value


async def _read_source(source: Path, workdir: Path) -> tuple[int, dict[str, tuple[list[str],
                                                                                  list[tuple]]]]:
    """The source's schema version after migrating a copy of it, and every table's rows."""
    copy = workdir / "source.db"
    src = sqlite3.connect(source)  # read only: the backup copies it as it is now
    dst = sqlite3.connect(copy)
    with dst:
        src.backup(dst)
    src.close()
    dst.close()
    store = await Store.open(copy, cache=False)  # every migration the source still lacks
    version = await store.schema_version()
    await store.close()

    con = sqlite3.connect(copy)
    try:
        names = {r[0] for r in con.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")}
        unknown = names - set(TABLES)
        if unknown:  # a migration added a table this copier does not know: say so, copy nothing
            raise RuntimeError(f"bot/store/migrate_db.py does not know the tables "
                               f"{sorted(unknown)}")
        tables = {}
        for table in TABLES:
            if table not in names:
                raise RuntimeError(f"the migrated source has no table {table}")
            cur = con.execute(f"SELECT * FROM {table}")  # noqa: S608 (our own table names)
            tables[table] = ([d[0] for d in cur.description], cur.fetchall())
        return version, tables
    finally:
        con.close()


async def migrate(source: str, target: str) -> dict[str, int]:
    """Copy `source` (an SQLite file) into `target` (an empty PostgreSQL database); the number
    of rows copied per table. Raises Refused (nothing written) when it cannot."""
    if not Path(source).is_file():
        raise Refused(t("bot.migrate.source_missing", path=source))
    if not is_postgres(target):
        raise Refused(t("bot.migrate.target_not_pg", target=target))
    with tempfile.TemporaryDirectory(prefix="agora-migrate-") as tmp:
        version, tables = await _read_source(Path(source), Path(tmp))
    store = await PgStore.open(target)
    try:
        if await store.schema_version() != version:
            raise RuntimeError(f"the source is at schema {version}, PostgreSQL at"
                               f" {await store.schema_version()}")
        async with store._pool.acquire() as conn, conn.transaction():
            return await _copy(conn, target, tables)
    finally:
        await store.close()


async def _copy(conn: asyncpg.Connection, target: str,
                tables: dict[str, tuple[list[str], list[tuple]]]) -> dict[str, int]:
    # no other writer may slip rows in between the emptiness check and the copy
    await conn.execute(f"LOCK TABLE {', '.join(TABLES)} IN EXCLUSIVE MODE")
    for table in TABLES:
        if await conn.fetchval(f"SELECT EXISTS (SELECT 1 FROM {table})"):
            raise Refused(t("bot.migrate.not_empty", target=safe_target(target), table=table))
    counts = {}
    for table in TABLES:
        columns, rows = tables[table]
        types = dict(await conn.fetch(
            "SELECT column_name, data_type FROM information_schema.columns"
            " WHERE table_schema = current_schema() AND table_name = $1", table))
        if set(types) != set(columns):
            raise RuntimeError(f"{table}: SQLite has {sorted(columns)}, PostgreSQL has"
                               f" {sorted(types)}")
        records = [tuple(_convert(v, types[c]) for v, c in zip(row, columns, strict=True))
                   for row in rows]
        if records:
            await conn.copy_records_to_table(table, records=records, columns=columns)
        counts[table] = len(records)
    for table, column in IDENTITY.items():
        # the next id follows the largest copied (or starts at 1 in an empty table)
        await conn.execute(
            f"SELECT setval(pg_get_serial_sequence('{table}', '{column}'),"
            f" coalesce(max({column}), 0) + 1, false) FROM {table}")
    return counts


def main(args: argparse.Namespace) -> int:
    try:
        counts = asyncio.run(migrate(args.source, args.target))
    except Refused as exc:
        print(exc, file=sys.stderr)
        return EXIT_REFUSED
    except sqlite3.DatabaseError as exc:
        print(t("bot.migrate.cannot_open", target=args.source, error=str(exc)),
              file=sys.stderr)
        return EXIT_UNREACHABLE
    except (OSError, asyncpg.PostgresError) as exc:
        print(t("bot.migrate.cannot_open", target=safe_target(args.target),
                error=str(exc).replace(args.target, safe_target(args.target))),
              file=sys.stderr)
        return EXIT_UNREACHABLE
    for table, count in counts.items():
        print(t("bot.migrate.table", table=table, count=count))
    print(t("bot.migrate.done", source=args.source, target=safe_target(args.target)))
    return 0
