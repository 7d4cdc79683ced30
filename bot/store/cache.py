"""The bound every per-game cache of the bot keeps: the store's rows (both backends) and the
turn service's decoded states."""

from __future__ import annotations

from typing import TypeVar

# games whose rows (and, in bot.host.turns, decoded states) stay in memory: enough for the
# 10,000 games at a human pace of benchmarks/bench_cluster.py, where the process holding shard 0
# serves every game's DM clicks. A decoded state is 2-3 kB (Pantheon) to 14 kB (Amun-Re 5p),
# its rows a few kB more: at most ~300 MB when all of them are Amun-Re games.
CACHED_GAMES = 16384
# users whose language (of their Discord client) stays in memory: a few dozen bytes each
CACHED_USERS = 65536
K = TypeVar("K")
V = TypeVar("V")


def remember(cache: dict[K, V], key: K, value: V, limit: int = CACHED_GAMES) -> None:
    """`cache[key] = value`, the cache kept to `limit` entries: the oldest put goes first."""
    cache[key] = value
    if len(cache) > limit:
        cache.pop(next(iter(cache)))
