"""pytest fixtures. Use them from a test module::

    from tests.discord_double.fixtures import bot_starter, discord_double  # noqa: F401

or for every test, in ``tests/conftest.py``::

    pytest_plugins = ["tests.discord_double.fixtures"]
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import discord
import pytest
import pytest_asyncio

from .botrunner import BotRunner, start_bot
from .driver import DiscordDouble

BotStarter = Callable[..., Awaitable[BotRunner[Any]]]


@pytest_asyncio.fixture
async def discord_double(monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[DiscordDouble]:
    """A started double with the default world; discord.py and the environment point at it.

    Sets ``discord.http.Route.BASE``, ``DISCORD_API_BASE`` (same value,
    ``http://127.0.0.1:PORT/api/v10``) and ``DISCORD_TOKEN``; all restored afterwards.
    """
    double = DiscordDouble()
    await double.start()
    monkeypatch.setattr(discord.http.Route, "BASE", double.api_base)
    monkeypatch.setenv("DISCORD_API_BASE", double.api_base)
    monkeypatch.setenv("DISCORD_TOKEN", double.token)
    try:
        yield double
    finally:
        await double.stop()


@pytest_asyncio.fixture
async def bot_starter(discord_double: DiscordDouble) -> AsyncIterator[BotStarter]:
    """``runner = await bot_starter(bot)`` starts a bot against ``discord_double``;
    every bot still running is stopped at teardown (before the double stops)."""
    runners: list[BotRunner[Any]] = []

    async def start(client: discord.Client, **kwargs: Any) -> BotRunner[Any]:
        runner = await start_bot(discord_double, client, **kwargs)
        runners.append(runner)
        return runner

    try:
        yield start
    finally:
        for runner in reversed(runners):
            await runner.stop()
