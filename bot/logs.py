"""Structured logs: one JSON object per line and per event.

Only ids, kinds and counts go into a log line: never a hand, a demigod value, a decision's
arguments or any other hidden information (developers' guide)."""

from __future__ import annotations

import json
import logging
import sys
import traceback
from pathlib import Path
from typing import Any

LOGGER = logging.getLogger("agora")


class JsonLines(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        out: dict[str, Any] = {
            "ts": round(record.created, 3),
            "level": record.levelname.lower(),
            "logger": record.name,
            "event": getattr(record, "event", None) or record.getMessage(),
        }
        for key, value in getattr(record, "fields", {}).items():
            out[f"{key}_" if key in out else key] = value  # never overwrite ts/level/event
        if record.exc_info and record.exc_info[1] is not None:
            out["error"] = error_summary(record.exc_info[1])
            failure = database_error(record.exc_info[1])
            if failure is not None:
                out["database_error"] = failure
        return json.dumps(out, default=str, separators=(",", ":"))


def error_summary(exc: BaseException) -> str:
    """The exception's type, its causes' types and where the first cause was raised (the last
    folder and the file), e.g. "CommandInvokeError from ValueError at discord/commands.py:277".
    Never the message: it may hold anything (a card, a decision's arguments)."""
    chain = [exc]
    while chain[-1].__cause__ is not None and len(chain) < 10:
        chain.append(chain[-1].__cause__)
    text = " from ".join(type(e).__name__ for e in chain)
    frames = traceback.extract_tb(chain[-1].__traceback__)
    if frames:
        where = Path(frames[-1].filename)
        text += f" at {'/'.join(where.parts[-2:])}:{frames[-1].lineno}"
    return text


# what a database failure was, from the words SQLite and PostgreSQL use (lower case); the
# message itself never reaches the log
SQLITE_FAILURES = (("locked", "locked"), ("busy", "locked"), ("full", "disk_full"),
                   ("readonly", "read_only"), ("read-only", "read_only"),
                   ("unable to open", "cannot_open"), ("not a database", "not_a_database"),
                   ("malformed", "corrupt"), ("disk i/o", "io_error"))
POSTGRES_FAILURES = (("DiskFull", "disk_full"), ("ReadOnly", "read_only"),
                     ("LockNotAvailable", "locked"), ("Deadlock", "locked"),
                     ("TooManyConnections", "unreachable"), ("Connection", "unreachable"),
                     ("CannotConnectNow", "unreachable"), ("InterfaceError", "unreachable"))


def database_error(exc: BaseException) -> str | None:
    """What kind of database failure `exc` is, or was caused by (its __cause__ or
    __context__): "locked", "disk_full", "read_only", "cannot_open", "not_a_database",
    "corrupt", "io_error" or "unreachable" (PostgreSQL out of reach), else "sqlite" or
    "postgresql" for another error of the database; None for anything else. Classified by the
    exception's module, its type's name and, for SQLite (whose errors share one type), the
    fixed words of its message; the message itself is never returned."""
    seen: set[int] = set()
    current: BaseException | None = exc
    while current is not None and id(current) not in seen and len(seen) < 10:
        seen.add(id(current))
        module = type(current).__module__ or ""
        if module == "sqlite3":
            text = str(current).lower()
            return next((kind for word, kind in SQLITE_FAILURES if word in text), "sqlite")
        if module.startswith("asyncpg"):
            names = [k.__name__ for k in type(current).__mro__]
            return next((kind for word, kind in POSTGRES_FAILURES
                         if any(word in n for n in names)), "postgresql")
        current = current.__cause__ or current.__context__
    return None


def setup(level: int = logging.INFO) -> logging.Handler:
    """JSON lines on stderr for the whole process (discord.py's own records included)."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(JsonLines())
    root = logging.getLogger()
    root.addHandler(handler)
    root.setLevel(level)
    logging.getLogger("discord").setLevel(logging.WARNING)
    return handler


def log(event: str, /, **fields: Any) -> None:
    LOGGER.info(event, extra={"event": event, "fields": fields})


def log_warning(event: str, /, **fields: Any) -> None:
    """Something the server's admin should fix (e.g. a missing permission), not a bot bug."""
    LOGGER.warning(event, extra={"event": event, "fields": fields})


def log_error(event: str, **fields: Any) -> None:
    LOGGER.error(event, exc_info=True, extra={"event": event, "fields": fields})

