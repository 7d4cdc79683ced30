"""Start and stop a real discord.py client against a :class:`DiscordDouble`, with timeouts.

discord.py has no public setting for the API URL: the runner sets
``discord.http.Route.BASE`` to the double's ``/api/v10`` (what the Agora bot
does when ``DISCORD_API_BASE`` is set). With ``AutoShardedClient`` the gateway
URL then comes from the double's ``GET /gateway/bot``. (A plain ``Client``
would connect to Discord's own gateway: use ``AutoShardedClient``/``AutoShardedBot``.)
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from typing import Generic, TypeVar

import discord

from .driver import DiscordDouble
from .errors import DoubleTimeout

ClientT = TypeVar("ClientT", bound=discord.Client)

FAST_GUILD_READY_TIMEOUT = 0.05


class BotRunner(Generic[ClientT]):
    """Runs ``client.start(token)`` in a task; :meth:`stop` closes it cleanly."""

    def __init__(self, double: DiscordDouble, client: ClientT) -> None:
        self.double = double
        self.client = client
        self.task: asyncio.Task[None] | None = None

    async def start(self, *, timeout: float = 10.0, fast_ready: bool = True) -> BotRunner[ClientT]:
        """Log in, connect and wait for ``on_ready``.

        ``fast_ready``: discord.py waits ``guild_ready_timeout`` (2 s by default)
        after the last GUILD_CREATE before it is ready; this lowers it to
        0.05 s (the client's own setting, the one ``guild_ready_timeout=`` sets).
        """
        client = self.client
        discord.http.Route.BASE = self.double.api_base
        if fast_ready:
            state = client._connection
            state.guild_ready_timeout = min(state.guild_ready_timeout, FAST_GUILD_READY_TIMEOUT)
        self.task = asyncio.create_task(client.start(self.double.token), name="discord-double-bot")
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while not client.is_ready():
            if self.task.done():
                error = self.task.exception()
                raise RuntimeError(f"bot stopped before it was ready: {error!r}") from error
            if loop.time() > deadline:
                await self.stop()
                raise DoubleTimeout(
                    f"bot did not become ready within {timeout:g} s "
                    f"(sessions: {self.double.gateway.sessions}, "
                    f"last requests: {self.double.requests[-5:]})"
                )
            await asyncio.sleep(0.01)
        return self

    async def stop(self, timeout: float = 10.0) -> None:
        """Close the client (gateway close 1000, HTTP session closed) and await its task."""
        if not self.client.is_closed():
            await asyncio.wait_for(self.client.close(), timeout)
        if self.task is not None:
            task, self.task = self.task, None
            try:
                await asyncio.wait_for(task, timeout)
            except TimeoutError:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
                raise
            except (discord.DiscordException, OSError):
                pass  # the bot's own failure; a test asserts outcomes, not shutdown noise


async def start_bot(
    double: DiscordDouble, client: ClientT, *, timeout: float = 10.0, fast_ready: bool = True
) -> BotRunner[ClientT]:
    """Start ``client`` against ``double``, wait until it is ready; stop with ``runner.stop()``."""
    return await BotRunner(double, client).start(timeout=timeout, fast_ready=fast_ready)


@contextlib.asynccontextmanager
async def running_bot(
    double: DiscordDouble, client: ClientT, *, timeout: float = 10.0, fast_ready: bool = True
) -> AsyncIterator[ClientT]:
    """``async with running_bot(double, bot): ...`` — the bot is stopped on exit."""
    runner = await start_bot(double, client, timeout=timeout, fast_ready=fast_ready)
    try:
        yield client
    finally:
        await runner.stop()
