"""Shared pytest set-up: the Discord test double's fixtures, and `agora`, which runs the
unmodified Agora bot against the double and fails the test if the bot logged an error."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio

pytest_plugins = ["tests.discord_double.fixtures"]


@pytest.fixture(scope="session", autouse=True)
def data_home(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The terminal's games and pictures (`$XDG_DATA_HOME/agora`) go to a folder of the test
    session, never into the home folder of whoever runs the tests."""
    import os

    path = tmp_path_factory.mktemp("data-home")
    before = os.environ.get("XDG_DATA_HOME")
    os.environ["XDG_DATA_HOME"] = str(path)
    yield path
    if before is None:
        del os.environ["XDG_DATA_HOME"]
    else:
        os.environ["XDG_DATA_HOME"] = before


@pytest.fixture(scope="session")
def pg_server() -> Iterator[Any]:
    """One private PostgreSQL server for the whole session (tests/pg_server.py). Missing
    binaries fail the tests that need it, with what to install: never a silent skip."""
    from tests.pg_server import PgServer

    try:
        server = PgServer()
    except RuntimeError as exc:
        pytest.fail(str(exc), pytrace=False)
    try:
        server.start()
    except BaseException:
        server.stop()
        raise
    yield server
    server.stop()


@pytest.fixture
def pg_url(pg_server: Any) -> Iterator[str]:
    """The URL of a fresh, empty PostgreSQL database of this test's own (dropped after it)."""
    name = pg_server.create_database()
    yield pg_server.url(name)
    pg_server.drop_database(name)


class Agora:
    """The bot under test: start it, restart it on the same database, reach the double."""

    def __init__(self, double: Any, bot_starter: Any, db: Path, logs: Any) -> None:
        self.double = double
        self.logs = logs
        self.bot_starter = bot_starter
        self.db = db
        self.bot: Any = None
        self.runner: Any = None
        self.overrides: dict[str, Any] = {}

    async def start(self, **overrides: Any) -> Any:
        from bot.discord.app import create_bot
        from tests.bot.bot_helpers import config_for

        self.overrides = {**self.overrides, **overrides}
        self.bot = create_bot(config_for(self.double, self.db, **self.overrides))
        self.runner = await self.bot_starter(self.bot)
        await self.double.wait_for_commands("pantheon")
        return self.bot

    async def restart(self) -> Any:
        await self.runner.stop()
        await self.double.wait_for_disconnect()
        return await self.start()


@pytest_asyncio.fixture
async def agora(discord_double: Any, bot_starter: Any, tmp_path: Path) -> AsyncIterator[Agora]:
    from tests.bot.bot_helpers import bot_log_records

    with bot_log_records() as handler:
        yield Agora(discord_double, bot_starter, tmp_path / "agora.db", handler)
    errors = [f"{r.getMessage()} {getattr(r, 'fields', '')}" for r in handler.errors]
    assert not errors, f"the bot logged errors: {errors}"
    discord_double.assert_clean()
    late = [f"{i.label}: {i.problems}" for i in discord_double.interactions if i.problems]
    assert not late, f"interactions the double rejected: {late}"
