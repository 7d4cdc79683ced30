"""The shape of what is stored: the numbered SQL migrations of each backend (`migrations/` for
SQLite, `migrations_pg/` for PostgreSQL, beside this file; a backend applies, in order, those
above its schema version) and how often a state is kept as a snapshot."""

from __future__ import annotations

import re
from pathlib import Path

MIGRATIONS = Path(__file__).parent / "migrations"
MIGRATIONS_PG = Path(__file__).parent / "migrations_pg"
# decisions between kept snapshots: a state is the last checkpoint with at most about this many
# decisions replayed (bot.host.turns)
CHECKPOINT_EVERY = 32


def migration_files(folder: Path = MIGRATIONS) -> list[tuple[int, Path]]:
    """The numbered migrations in `folder` (MIGRATIONS_PG for PostgreSQL), in order."""
    out = []
    for path in sorted(folder.glob("*.sql")):
        m = re.match(r"(\d+)_", path.name)
        if m:
            out.append((int(m.group(1)), path))
    numbers = [n for n, _ in out]
    if numbers != list(range(1, len(numbers) + 1)):
        raise RuntimeError(f"migrations must be numbered 1, 2, 3, ... without gaps: {numbers}")
    return out
