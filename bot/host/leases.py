"""Background work shared by several bot processes on one database (README.md, "Several
processes"): a game's publishing pump and the reminder round are each done by exactly one
process, the one holding the work's *lease* in the database (`Store.claim`/`Store.release`).

A lease lasts a few seconds and its holder renews it while it works; a process that dies stops
renewing, so another process takes the work over once the lease has run out. With one process
the leases are simply always free."""

from __future__ import annotations

import asyncio
import contextlib
import os
import secrets
import socket
from typing import TYPE_CHECKING

from ..logs import log_error, log_warning

if TYPE_CHECKING:
    from ..store import GameStore


def process_owner() -> str:
    """This process's name in the leases: the host and pid say who it is; the random part
    keeps a restarted process with a reused pid from taking a dead one's leases at once."""
    return f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"


class Lease:
    """A lease this process holds, renewed in the background (every third of its time to live)
    until `stop()` or `release()`. `lost` turns true if a renewal found another owner (this
    process stalled longer than the lease lasts): the holder should stop its work."""

    def __init__(self, leases: Leases, name: str, ttl: float) -> None:
        self.leases = leases
        self.name = name
        self.ttl = ttl
        self.lost = False
        self._renewer = asyncio.create_task(self._renew(), name=f"agora-lease-{name}")

    async def _renew(self) -> None:
        while True:
            await asyncio.sleep(self.ttl / 3)
            try:
                held = await self.leases.claim(self.name, self.ttl)
            except Exception:  # noqa: BLE001 - a passing database error: try again shortly
                log_error("lease_renew_failed", lease=self.name)
                continue
            if not held:
                self.lost = True
                log_warning("lease_lost", lease=self.name)
                return

    async def stop(self) -> None:
        """Stop renewing; the lease runs out by itself (another process may then take it)."""
        self._renewer.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self._renewer

    async def release(self) -> None:
        """Stop renewing and free the lease at once, for whichever process wants it next."""
        await self.stop()
        if not self.lost:
            await self.leases.release(self.name)


class Leases:
    """This process's side of the leases table."""

    def __init__(self, store: GameStore, owner: str | None = None) -> None:
        self.store = store
        self.owner = owner or process_owner()

    async def claim(self, name: str, ttl: float) -> bool:
        """Take or renew `name` for `ttl` seconds; False while another process holds it."""
        return await self.store.claim(name, self.owner, ttl)

    async def release(self, name: str) -> None:
        await self.store.release(name, self.owner)

    async def take(self, name: str, ttl: float) -> Lease | None:
        """The lease `name`, held and renewed in the background, or None if another process
        holds it."""
        if not await self.claim(name, ttl):
            return None
        return Lease(self, name, ttl)
