"""`/away`: a player's vacation across all their games, and a server's cap on it.

    /away days count:     away for that many days from now (at most MAX_AWAY_DAYS)
    /away until date:     away until that date (UTC: `2026-12-24`, or `2026-12-24 18:00`)
    /away off             back now
    /away cap [days]      the server's cap on the days a vacation pauses its games (Manage
                          Server or Administrator); `days:0` removes it, no days shows it

While a player is away the reminders and deadline clocks of their games pause (bot.host.
deadlines); each game's channel is told "alice is away until …" (with that server's cap), and
"alice is back" on return. A vacation longer than a server's cap pauses that server's games only
up to the cap: then the deadline rules apply again."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Awaitable, Callable
from typing import Optional

import discord
from discord import app_commands

from data.i18n import t, use_language

from ..host import deadlines, messages
from ..host.kinds import kind
from ..host.turns import Refusal
from ..logs import log
from ..store import GameRow, SeatRow
from .commands import Services, _param, command
from .locales import text

DATE = re.compile(r"\s*(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2}):(\d{2}))?\s*")


def parse_until(value: str) -> float | None:
    """`2026-12-24` (midnight UTC, the start of that day) or `2026-12-24 18:00` (UTC) as unix
    seconds; None if it is neither."""
    m = DATE.fullmatch(value or "")
    if m is None:
        return None
    y, mo, d, h, mi = (int(x) if x else 0 for x in m.groups())
    try:
        return dt.datetime(y, mo, d, h, mi, tzinfo=dt.UTC).timestamp()
    except ValueError:
        return None


def manages_server(interaction: discord.Interaction) -> bool:
    perms = interaction.permissions
    return bool(interaction.guild_id and perms and (perms.manage_guild or perms.administrator))


class AwayCommands:
    def __init__(self, services: Services) -> None:
        self.store = services.store
        self.games = services.games
        self.publisher = services.publisher
        self.clock = services.clock

    def group(self) -> app_commands.Group:
        group = app_commands.Group(name=text("bot.cmd.name.away", "away"), guild_only=True,
                                   description=text("bot.cmd.away"))
        limit = app_commands.Range[int, 1, deadlines.MAX_AWAY_DAYS]
        cap = app_commands.Range[int, 0, deadlines.MAX_CAP_DAYS]
        for c in (
            command("days", text("bot.cmd.away_days", max=deadlines.MAX_AWAY_DAYS), self.days,
                    [_param("count", limit)], {"count": text("bot.cmd.param.count")},
                    name_key="bot.cmd.name.away_days"),
            command("until", text("bot.cmd.away_until"), self.until,
                    [_param("date", str)], {"date": text("bot.cmd.param.date")},
                    name_key="bot.cmd.name.away_until"),
            command("off", text("bot.cmd.away_off"), self.off, [],
                    name_key="bot.cmd.name.away_off"),
            command("cap", text("bot.cmd.away_cap"), self.cap,
                    [_param("days", Optional[cap], None)],  # noqa: UP045
                    {"days": text("bot.cmd.param.cap")},
                    name_key="bot.cmd.name.away_cap"),
        ):
            group.add_command(c)
        return group

    async def _guarded(self, interaction: discord.Interaction,
                       work: Callable[[], Awaitable[str]]) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            reply = await work()
        except Refusal as r:
            log("refused", user=interaction.user.id, rule=r.rule)
            reply = str(r)
        await interaction.followup.send(messages.clip(reply), ephemeral=True)

    async def days(self, interaction: discord.Interaction, count: int) -> None:
        async def work() -> str:
            if not 1 <= count <= deadlines.MAX_AWAY_DAYS:
                raise Refusal(t("bot.away.err.days", count=deadlines.MAX_AWAY_DAYS))
            now = self.clock()
            return await self._set(interaction, now + count * deadlines.DAY)
        await self._guarded(interaction, work)

    async def until(self, interaction: discord.Interaction, date: str) -> None:
        async def work() -> str:
            when = parse_until(date)
            if when is None:
                raise Refusal(t("bot.away.err.date", value=date[:40]))
            now = self.clock()
            if when <= now:
                raise Refusal(t("bot.away.err.past", until=messages.timestamp(when, "f")))
            if when > now + deadlines.MAX_AWAY_DAYS * deadlines.DAY:
                raise Refusal(t("bot.away.err.days", count=deadlines.MAX_AWAY_DAYS))
            return await self._set(interaction, when)
        await self._guarded(interaction, work)

    async def off(self, interaction: discord.Interaction) -> None:
        async def work() -> str:
            now = self.clock()
            away = (await self.store.away([interaction.user.id])).get(interaction.user.id)
            if away is None or away.until <= now:
                raise Refusal(t("bot.away.err.not_away"))
            await self._set(interaction, now)
            return t("bot.away.back_done")
        await self._guarded(interaction, work)

    async def _set(self, interaction: discord.Interaction, until: float) -> str:
        """The user's vacation from now until `until` (now: back). The pause the previous one
        gave each running deadline clock is written into it first (bot.host.deadlines)."""
        user = interaction.user.id
        now = self.clock()
        old = (await self.store.away([user])).get(user)
        playing = [(g, s) for g, s in await self.store.games_of_user(user)
                   if g.status == "playing"]
        caps: dict[int, int | None] = {}
        for g, _ in playing:
            if g.guild_id is not None and g.guild_id not in caps:
                caps[g.guild_id] = await self.store.away_cap(g.guild_id)
        moves = deadlines.shifts([(g.id, s, caps.get(g.guild_id or 0)) for g, s in playing],
                                 old, now)
        await self.store.set_away(user, now, until, moves)  # durable before anyone is told
        log("away", user=user, days=round((until - now) / deadlines.DAY, 2), games=len(playing),
            moved=len(moves))
        lines = []
        for game, seat in playing:
            cap = caps.get(game.guild_id or 0)
            await self._announce(game, seat, until, cap, now, back=until <= now)
            if until > now:
                end = min(until, now + cap * deadlines.DAY) if cap is not None else until
                lines.append(t("bot.away.game", title=t("bot.title", game=game_name(game),
                                                       id=game.id),
                               until=messages.timestamp(end, "f")))
        if until <= now:
            return t("bot.away.back_done")
        head = t("bot.away.done", until=messages.timestamp(until, "f"),
                 left=messages.timestamp(until))
        return "\n".join([head, *lines]) if lines else head + "\n" + t("bot.away.no_games")

    async def _announce(self, game: GameRow, seat: SeatRow, until: float, cap: int | None,
                        now: float, *, back: bool) -> None:
        with use_language(game.language):
            if back:
                said = t("bot.away.back", who=seat.name)
            else:
                end = min(until, now + cap * deadlines.DAY) if cap is not None else until
                said = t("bot.away.line", who=seat.name, until=messages.timestamp(end, "f"),
                         left=messages.timestamp(end)) + " " + t("bot.away.paused")
        await self.publisher.say(game.channel_id, said, guild_id=game.guild_id)

    async def cap(self, interaction: discord.Interaction, days: int | None) -> None:
        async def work() -> str:
            guild = interaction.guild_id
            if guild is None:
                raise Refusal(t("bot.away.err.no_server"))
            if days is None:
                current = await self.store.away_cap(guild)
                return (t("bot.away.cap_none") if current is None
                        else t("bot.away.cap_is", count=current))
            if not manages_server(interaction):
                raise Refusal(t("bot.away.err.cap_permission"))
            await self.store.set_away_cap(guild, days or None)
            log("away_cap", guild=guild, days=days or None)
            return t("bot.away.cap_removed") if not days else t("bot.away.cap_set", count=days)
        await self._guarded(interaction, work)


def game_name(game: GameRow) -> str:
    return kind(game.game).name
