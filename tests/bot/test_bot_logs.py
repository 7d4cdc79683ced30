"""The log names a database failure (`database_error`: locked, disk_full, read_only, ...) beside
the error's types and place, never its message."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from bot.logs import JsonLines, log_error
from tests.bot.bot_helpers import bot_log_records


def logged(exc: BaseException) -> dict[str, object]:
    """The JSON line of an error logged while `exc` is being handled."""
    with bot_log_records() as kept:
        try:
            raise RuntimeError("wrapped") from exc
        except RuntimeError:
            log_error("commit_failed", game=3)
    return json.loads(JsonLines().format(kept.records[0]))


def failure(fn) -> sqlite3.Error:
    with pytest.raises(sqlite3.Error) as caught:
        fn()
    return caught.value


def test_a_locked_database_is_named(tmp_path: Path):
    db = tmp_path / "a.db"
    holder = sqlite3.connect(db, isolation_level=None)
    holder.execute("CREATE TABLE t (x)")
    holder.execute("BEGIN EXCLUSIVE")
    other = sqlite3.connect(db, timeout=0.05, isolation_level=None)
    line = logged(failure(lambda: other.execute("INSERT INTO t VALUES (1)")))
    holder.execute("ROLLBACK")
    assert line["database_error"] == "locked"
    assert line["error"].startswith("RuntimeError from OperationalError")
    assert "locked" not in line["error"]  # the message itself is never logged


def test_a_read_only_and_a_full_database_are_named(tmp_path: Path):
    db = tmp_path / "a.db"
    setup = sqlite3.connect(db, isolation_level=None)
    setup.execute("CREATE TABLE t (x)")
    reader = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    assert logged(failure(lambda: reader.execute("INSERT INTO t VALUES (1)"))
                  )["database_error"] == "read_only"
    setup.execute(f"PRAGMA max_page_count = {setup.execute('PRAGMA page_count').fetchone()[0]}")
    big = "x" * 100_000
    assert logged(failure(lambda: setup.execute("INSERT INTO t VALUES (?)", (big,)))
                  )["database_error"] == "disk_full"
    garbage = tmp_path / "garbage.db"
    garbage.write_bytes(b"not a database at all" * 100)
    assert logged(failure(lambda: sqlite3.connect(garbage).execute("SELECT 1 FROM t"))
                  )["database_error"] == "not_a_database"


def test_other_errors_have_no_database_field():
    assert "database_error" not in logged(ValueError("a card"))
