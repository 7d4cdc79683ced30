"""The bot process: `agora run` -> run_from_env(). An AutoShardedBot with app commands only
(no privileged intents, no message content), the store opened in setup_hook, dynamic buttons
registered so old prompts keep working, commands synced, reminders and automatic seats resumed.

DISCORD_API_BASE: discord.py has no public setting for the REST URL, so we set
`discord.http.Route.BASE`; AutoShardedBot then asks that server's `GET /gateway/bot` for the
gateway URL (a plain Client would not), and setup_hook makes that URL discord.py's default
gateway too, which it uses after an invalidated session."""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import os
import signal
import sys

import aiohttp
import discord
import yarl
from discord import app_commands
from discord.ext import commands

from data.i18n import t

from .. import logs
from ..host import memory
from ..host.leases import Leases
from ..host.links import Links
from ..host.lobby import Lobby
from ..host.turns import Games
from ..logs import database_error, log, log_error
from ..store import GameStore, is_postgres, open_store, safe_target
from ..web.server import Server, Site
from ..web.settings import WebSettings, WebSettingsError
from ..web.standalone import start as start_web
from .away import AwayCommands
from .commands import Services, build
from .components import Buttons
from .config import Config, ConfigError
from .deadlines import Deadlines
from .history import HistoryCommands
from .locales import CatalogueTranslator, Entry
from .play import Play, failure_text
from .publish import Publisher
from .reminders import Reminders

EXIT_CONFIG = 2
EXIT_NETWORK = 3  # Discord could not be reached
PUMPS_GRACE = 5.0  # seconds a closing bot waits for the posts under way


def intents() -> discord.Intents:
    """Guild events only: interactions carry everything else (no privileged intents)."""
    out = discord.Intents.none()
    out.guilds = True
    return out


class Tree(app_commands.CommandTree):
    entry: Entry | None = None  # set once the store is open (AgoraBot.setup_hook)

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        """Every command and autocomplete first speaks the user's language
        (bot.discord.locales)."""
        return await self.entry.enter(interaction) if self.entry is not None else True


class AgoraBot(commands.AutoShardedBot):
    """The process: it opens the store and makes every part once (setup_hook), handing each
    what it uses. It is the only place that knows them all; no part reaches the others through
    it."""

    store: GameStore
    games: Games
    lobby: Lobby
    publisher: Publisher
    leases: Leases
    play: Play
    reminders: Reminders
    deadlines: Deadlines
    entry: Entry

    def __init__(self, config: Config) -> None:
        super().__init__(command_prefix=commands.when_mentioned, intents=intents(),
                         help_command=None, tree_cls=Tree,
                         # no message cache: nothing here reads it (an interaction carries its
                         # message), and its 1,000 messages were memory for nothing (issue 27)
                         max_messages=None,
                         # None and None: discord.py asks Discord and runs every shard
                         shard_ids=list(config.shard_ids) if config.shard_ids else None,
                         shard_count=config.shard_count,
                         allowed_mentions=discord.AllowedMentions(users=True, roles=False,
                                                                  everyone=False))
        self.config = config
        self._reminders: asyncio.Task[None] | None = None
        self._sweep: asyncio.Task[None] | None = None
        self._closing: asyncio.Task[None] | None = None
        self._store_closed = False
        self.web: Server | None = None
        self.links: Links | None = None
        self.tree.on_error = self.on_app_command_error

    async def setup_hook(self) -> None:
        if self.config.api_base:
            # discord.py connects to DiscordWebSocket.DEFAULT_GATEWAY, Discord's own, when it is
            # given a shard count, when a shard identifies anew after an invalidated session
            # (op 9, d=false: Shard.reidentify passes no gateway) and when it reconnects after
            # a close it cannot resume (Shard.reconnect): make it the configured server's
            _, url, _ = await self.http.get_bot_gateway()
            discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(url)
        config = self.config
        # opened already by serve() (`agora run`); else (tests) here
        self.store = store = getattr(self, "store", None) or await open_store(
            config.db_path, clock=config.clock)
        # made by serve() already when the web pages are on (they share its loaded states)
        self.games = games = getattr(self, "games", None) or Games(store,
                                                                   ai_delay=config.ai_delay)
        self.leases = leases = Leases(store)  # background work shared with other processes
        self.lobby = lobby = Lobby(games)
        entry = Entry(store)
        self.tree.entry = self.entry = entry  # type: ignore[attr-defined]
        # the buttons come first (the publisher and play send them); play answers their clicks
        buttons = Buttons()
        links = await self.open_web()  # already open when serve() made the bot (`agora run`)
        self.publisher = publisher = Publisher(self, store, games, leases, buttons,
                                               sweep_every=config.sweep_every, links=links)
        self.play = play = Play(store, games, lobby, publisher, buttons, entry)
        buttons.answer_with(play)
        self.add_dynamic_items(*buttons.items)
        self.deadlines = Deadlines(self, store, games, publisher, buttons, config.clock)
        self.reminders = Reminders(self, store, games, leases, buttons,
                                   remind_after=config.remind_after, every=config.remind_every,
                                   deadlines=self.deadlines, clock=config.clock)
        await self.tree.set_translator(CatalogueTranslator())  # descriptions in cs, de, pl
        services = Services(store, games, lobby, publisher, buttons, config.remind_after,
                            config.clock)
        # one group per registered game, /mygames, and the history: /ranking, /stats, /history
        for cmd in [*build(services), *HistoryCommands(services).commands()]:
            self.tree.add_command(cmd)
        self.tree.add_command(AwayCommands(services).group())  # vacations, across all games
        if self.config.guild_id:
            guild = discord.Object(id=self.config.guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
        else:
            synced = await self.tree.sync()
        log("commands_synced", count=len(synced), guild=self.config.guild_id)
        self._reminders = asyncio.create_task(self.reminders.loop(), name="agora-reminders",
                                              context=contextvars.Context())
        self._sweep = asyncio.create_task(publisher.sweep_loop(), name="agora-sweep",
                                          context=contextvars.Context())
        resumed = 0
        for game in await self.store.games_with_status("playing"):
            self.publisher.kick(game.id)  # posts anything unposted, resumes AI turns
            resumed += 1
        log("started", db=safe_target(self.config.db_path), games=resumed)

    async def open_web(self) -> Links | None:
        """The web companion (AGORA_WEB_PORT) served in this process and event loop, and the
        links the posts carry; None when it is off. A port that cannot be had is a setting to
        fix (ConfigError)."""
        web = self.config.web
        if web is None or self.links is not None:
            return self.links
        self.web, self.links = await open_web(web, self.store, self.games)
        return self.links

    async def on_ready(self) -> None:
        log("ready", user=self.user.id if self.user else None, shards=self.shard_count,
            guilds=len(self.guilds))

    async def on_app_command_error(self, interaction: discord.Interaction,
                                   error: app_commands.AppCommandError) -> None:
        original = getattr(error, "original", error)
        if database_error(original) is not None:  # busy or away: said, nothing changed
            text = failure_text(interaction, original)
        else:
            log_error("command_failed", command=interaction.command.name if interaction.command
                      else None, user=interaction.user.id)
            text = t("bot.err.internal")
        with contextlib.suppress(discord.HTTPException):
            if interaction.response.is_done():
                await interaction.followup.send(text, ephemeral=True)
            else:
                await interaction.response.send_message(text, ephemeral=True)

    def stop_soon(self, sig: signal.Signals) -> None:
        """SIGTERM (docker stop) or SIGINT: close the gateway, the pumps and the database
        (`close`), after which `agora run` exits with 0. A handler of our own also makes the
        bot stoppable as a container's PID 1, which the kernel spares signals it has no
        handler for."""
        if self._closing is None:
            log("stopping", signal=sig.name)
            self._closing = asyncio.create_task(self.close(), name="agora-close")

    async def wait_closed(self) -> None:
        """Until the close begun by `stop_soon` has finished (the database closed)."""
        if self._closing is not None:
            await self._closing

    async def close(self) -> None:
        for task in (self._reminders, self._sweep):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
        if hasattr(self, "games"):
            self.games.closing.set()
            self.games.thinker.close()
        if hasattr(self, "publisher"):
            try:  # within docker stop's 10 seconds, with the rest of the closing
                await asyncio.wait_for(self.publisher.idle(), PUMPS_GRACE)
            except TimeoutError:
                log("pumps_cut_short")
        await super().close()
        if self.web is not None:
            await self.web.stop()
            self.web = None
        if hasattr(self, "entry"):
            await self.entry.idle()
        if getattr(self, "store", None) is not None and not self._store_closed:
            self._store_closed = True
            await self.store.close()
            log("closed")


async def open_web(web: WebSettings, store: GameStore, games: Games) -> tuple[Server, Links]:
    """The web pages served on their port in this event loop, and their links."""
    links = Links(web.url, web.secret)
    try:
        return await start_web(web, Site(store, games, links)), links
    except WebSettingsError as exc:
        raise ConfigError(str(exc)) from None


class DatabaseUnreachable(Exception):
    """PostgreSQL could not be reached at start-up; the message says where (no password)."""


async def open_checked(target: str) -> GameStore:
    """The store of AGORA_DB, opened and migrated before the bot connects to Discord, so a bad
    setting fails fast, in one line, even when Discord is out of reach. ConfigError: a
    setting to fix (an unsupported URL, a file that is no SQLite database, a folder that does
    not exist, a read-only place); DatabaseUnreachable: PostgreSQL out of reach."""
    scheme, sep, _ = target.partition("://")
    if sep and not is_postgres(target):
        raise ConfigError(t("bot.run.db_unsupported", scheme=scheme))
    try:
        return await open_store(target)
    except Exception as exc:  # noqa: BLE001 - said in one line, whatever it was
        failure = database_error(exc)
        where = safe_target(target)
        if is_postgres(target) and (failure == "unreachable"
                                    or isinstance(exc, (OSError, TimeoutError))):
            raise DatabaseUnreachable(t("bot.run.db_unreachable", where=where,
                                        error=type(exc).__name__)) from None
        if failure is None and not isinstance(exc, OSError):
            raise
        reason = failure.replace("_", " ") if failure else type(exc).__name__
        raise ConfigError(t("bot.run.bad_db", where=where, error=reason)) from None


def create_bot(config: Config) -> AgoraBot:
    if config.api_base:
        discord.http.Route.BASE = config.api_base
    return AgoraBot(config)


async def serve(config: Config) -> None:
    """Open the database, then make the bot and run it until it is closed."""
    store = await open_checked(config.db_path)
    web = None
    if config.web is not None:  # the web pages first: a busy port fails before Discord is asked
        games = Games(store, ai_delay=config.ai_delay)  # shared with the bot (setup_hook)
        try:
            web = await open_web(config.web, store, games)
        except ConfigError:
            await store.close()
            raise
    bot = create_bot(config)
    bot.store = store  # setup_hook uses it
    if web is not None:
        bot.games = games
        bot.web, bot.links = web
    log("starting", db=safe_target(config.db_path), api=config.api_base or "discord",
        guild=config.guild_id, shards=list(config.shard_ids or []) or None,
        shard_count=config.shard_count)
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):  # docker stop; Ctrl-C
        # only the main thread may handle signals (`agora run` is; a test's thread is not)
        with contextlib.suppress(RuntimeError, ValueError):
            loop.add_signal_handler(sig, bot.stop_soon, sig)
    async with bot:
        await bot.start(config.token)
    await bot.wait_closed()  # a signal's close goes on after the gateway has ended


def run_from_env(*, shards: str | None = None, shard_count: str | None = None) -> int:
    """`agora run`: `shards`/`shard_count` (`--shards`, `--shard-count`) override
    AGORA_SHARD_IDS/AGORA_SHARD_COUNT. Every start-up failure is one line on standard error:
    exit code 2 for a setting to fix, 3 for Discord or PostgreSQL out of reach."""
    logs.setup()
    memory.tune()  # before the first picture: see bot/host/memory.py
    env = dict(os.environ)
    if shards is not None:
        env["AGORA_SHARD_IDS"] = shards
    if shard_count is not None:
        env["AGORA_SHARD_COUNT"] = shard_count
    try:
        config = Config.from_env(env)
        asyncio.run(serve(config))
    except ConfigError as exc:
        print(f"agora: {exc}", file=sys.stderr)
        return EXIT_CONFIG
    except DatabaseUnreachable as exc:
        print(f"agora: {exc}", file=sys.stderr)
        return EXIT_NETWORK
    except discord.LoginFailure:
        print(f"agora: {t('bot.run.login_failed')}", file=sys.stderr)
        return EXIT_CONFIG
    except (aiohttp.ClientConnectionError, OSError, TimeoutError) as exc:
        # no network, a firewall, a wrong DISCORD_API_BASE: one clear line, not a traceback
        where = config.api_base or "discord.com"
        print(f"agora: {t('bot.run.unreachable', where=where, error=type(exc).__name__)}",
              file=sys.stderr)
        return EXIT_NETWORK
    except KeyboardInterrupt:
        return 0
    return 0
