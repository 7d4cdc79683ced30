"""`agora web`: the web companion alone on the bot's database (AGORA_DB), for deployments where
the bots run in other processes (PostgreSQL) or elsewhere. Start-up errors are one line on
standard error with exit code 2, as `agora run`'s are."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import sys

from data.i18n import t

from .. import logs
from ..host import memory
from ..host.links import Links
from ..host.turns import Games
from ..logs import log
from ..store import open_store, safe_target
from .server import Server, Site
from .settings import WebSettings, WebSettingsError, from_env

EXIT_CONFIG = 2


async def start(settings: WebSettings, site: Site) -> Server:
    """The site served on its port; a port that cannot be had is a setting to fix."""
    server = Server(site)
    try:
        await server.start(settings.host, settings.port)
    except OSError as exc:
        await server.stop()
        raise WebSettingsError(t("bot.run.web_port_busy", port=settings.port,
                                 error=exc.strerror or type(exc).__name__)) from None
    log("web_started", port=settings.port, url=settings.url)
    return server


async def serve(settings: WebSettings, db: str) -> None:
    try:
        store = await open_store(db)
    except Exception as exc:  # noqa: BLE001 - said in one line, whatever it was
        raise WebSettingsError(t("bot.run.bad_db", where=safe_target(db),
                                 error=type(exc).__name__)) from None
    try:
        site = Site(store, Games(store), Links(settings.url, settings.secret))
        server = await start(settings, site)
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGTERM, signal.SIGINT):
            with contextlib.suppress(RuntimeError, ValueError):
                loop.add_signal_handler(sig, stop.set)
        await stop.wait()
        await server.stop()
    finally:
        await store.close()


def run_from_env() -> int:
    logs.setup()
    memory.tune()
    env = dict(os.environ)
    try:
        settings = from_env(env)
        if settings is None:
            raise WebSettingsError(t("bot.run.web_off"))
        asyncio.run(serve(settings, env.get("AGORA_DB") or "./agora.db"))
    except WebSettingsError as exc:
        print(f"agora: {exc}", file=sys.stderr)
        return EXIT_CONFIG
    except KeyboardInterrupt:
        return 0
    return 0
