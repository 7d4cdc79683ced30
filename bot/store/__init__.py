"""The store: games, seats, the decision log, snapshots, drafts and sealed choices, behind one
interface (`GameStore`) with two backends — SQLite (`sqlite.py`, the embedded default) and
PostgreSQL (`postgres.py`, for several bot processes) — and their numbered migrations.
`migrate_db.py` is `agora migrate-db`. Nothing here knows a game's rules or Discord.

The rest of the bot imports the interface from here: `open_store`, `GameStore`, the rows and the
two refusals a write can meet."""

from .backends import GameStore, is_postgres, open_store, safe_target
from .cache import remember
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
from .schema import CHECKPOINT_EVERY

__all__ = ["CHECKPOINT_EVERY", "Away", "ChannelBusy", "Draft", "Finished", "GameRow",
           "GameStore", "JournalLine", "LogEntry", "SeatRow", "StaleWrite", "is_postgres",
           "open_store", "remember", "safe_target"]
