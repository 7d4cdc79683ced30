"""`agora health`: the container's health check (Dockerfile HEALTHCHECK). The database named
by AGORA_DB opens and answers a query within HEALTH_TIMEOUT seconds: exit 0 and one line
"healthy"; else exit 1 and one line saying why. It never creates an SQLite file that is not
there (the bot makes it on its first start) and writes nothing beyond the migrations the
running bot has already made."""

from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path

from ..logs import database_error
from .backends import is_postgres, open_store, safe_target

HEALTH_TIMEOUT = 10.0
HEALTHY, UNHEALTHY = 0, 1


async def check(target: str) -> str:
    """How many games are in play in `target`'s database; raises on any failure."""
    if not is_postgres(target) and not Path(target).is_file():
        raise FileNotFoundError(target)
    store = await open_store(target, cache=False)
    try:
        playing = await store.games_with_status("playing")
    finally:
        await store.close()
    return f"{len(playing)} games in play"


def main() -> int:
    target = os.environ.get("AGORA_DB") or "./agora.db"
    try:
        what = asyncio.run(asyncio.wait_for(check(target), HEALTH_TIMEOUT))
    except Exception as exc:  # noqa: BLE001 - unhealthy, in one line
        reason = database_error(exc) or type(exc).__name__
        print(f"agora: unhealthy: the database {safe_target(target)} does not answer "
              f"({reason})", file=sys.stderr)
        return UNHEALTHY
    print(f"agora: healthy: the database {safe_target(target)} answers ({what})")
    return HEALTHY
