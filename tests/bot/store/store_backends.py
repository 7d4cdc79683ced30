"""Tests that exercise the store run on both backends: `open_backend` opens a fresh store of
either kind (an SQLite file, or an empty database on the session's private PostgreSQL server,
tests/pg_server.py via the `pg_url` fixture)."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bot.store import GameStore
from bot.store.postgres import PgStore
from bot.store.sqlite import Store
from engine.core import Decision

BACKENDS = ["sqlite", "postgres"]


async def open_backend(backend: str, request: Any, tmp_path: Path,
                       clock: Callable[[], float] = time.time) -> GameStore:
    if backend == "sqlite":
        return await Store.open(tmp_path / "agora.db", clock=clock)
    # asked for only here, so an SQLite-only test never starts the server
    return await PgStore.open(request.getfixturevalue("pg_url"), clock=clock)


async def current_state(store: GameStore, game_id: int, rules: Any) -> Any:
    """The game's current state from the store alone: its last stored state with the logged
    decisions since replayed, as bot.host.turns reloads it (SQLite keeps only checkpoints)."""
    game = await store.game(game_id)
    assert game is not None
    found = await store.checkpoint(game_id, game.decisions)
    assert found is not None
    state = rules.load(found[1])
    for e in await store.log(game_id, found[0], game.decisions):
        state, _ = rules.apply(state, e.seat, Decision.from_json(e.decision))
    return state
