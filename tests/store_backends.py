"""Tests that exercise the store run on both backends: `open_backend` opens a fresh store of
either kind (an SQLite file, or an empty database on the session's private PostgreSQL server,
tests/pg_server.py via the `pg_url` fixture)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bot.backends import GameStore
from bot.store import Store
from bot.store_pg import PgStore

BACKENDS = ["sqlite", "postgres"]


async def open_backend(backend: str, request: Any, tmp_path: Path) -> GameStore:
    if backend == "sqlite":
        return await Store.open(tmp_path / "agora.db")
    # asked for only here, so an SQLite-only test never starts the server
    return await PgStore.open(request.getfixturevalue("pg_url"))
