"""Deadlines in Discord (bot.host.deadlines has the arithmetic): each round looks at every game
in play with `deadline_hours`, warns the seats at three quarters of their time (a ping in the
channel with the turn button, and a DM), and at the deadline does what the game's `on_deadline`
says: the AI (or the rules' pass) decides for the seat and the channel says so, or only the host
is told. A seat that has missed three deadlines in a row is offered to the host for good, by a
DM with a button.

The rounds run with the reminders, in the one process holding the `reminders` lease. A warning
is marked sent before it goes out (at most once, as reminders are); a deadline's decision is a
commit under the game's lock and revision check that first makes sure the seat still waits on
the same clock, so two rounds can never both decide for it."""

from __future__ import annotations

from collections.abc import Callable

import discord

from data.i18n import t, use_language

from ..host import deadlines, messages
from ..host.language import seat_language
from ..host.turns import Games, Table
from ..logs import log
from ..store import GameStore, SeatRow
from .components import Buttons, turn_label
from .publish import USER_MENTIONS, Publisher


def hours_text(seconds: float) -> str:
    hours = seconds / 3600.0
    return str(int(hours)) if float(hours).is_integer() else f"{hours:g}"


class Deadlines:
    """The deadline rounds of one bot process, handed what they use."""

    def __init__(self, client: discord.Client, store: GameStore, games: Games,
                 publisher: Publisher, buttons: Buttons, clock: Callable[[], float]) -> None:
        self.client = client
        self.store = store
        self.games = games
        self.publisher = publisher
        self.buttons = buttons
        self.clock = clock

    async def due(self, now: float | None = None) -> int:
        """Warn and decide whatever is due; returns how many seats were warned or decided."""
        now = self.clock() if now is None else now
        done = 0
        for game in await self.store.games_with_status("playing"):
            seconds = deadlines.limit(game.options)
            if seconds is None:
                continue
            table = await self.games.table(game.id)
            seats = [table.seats[p.seat] for p in table.awaited()]
            seats = [s for s in seats if not s.is_ai and s.asked_at is not None]
            if not seats:
                continue
            aways = await self.store.away([s.user_id for s in seats if s.user_id is not None])
            cap = (await self.store.away_cap(game.guild_id)
                   if aways and game.guild_id is not None else None)
            warn: list[deadlines.Clock] = []
            for seat in seats:
                c = deadlines.clock(seat, seconds, aways.get(seat.user_id or 0), cap)
                if now >= c.due_at:
                    done += await self._expired(table, seat, seconds, now)
                elif now >= c.warn_at and seat.warned_at is None and \
                        await self.store.mark_warned(game.id, seat.seat, seat.asked_at or 0.0,
                                                     now):  # marked first: at most once
                    warn.append(c)
            if warn:
                await self._warn(table, warn, seconds)
                done += len(warn)
        return done

    # --- the warning --------------------------------------------------------------------------

    async def _warn(self, table: Table, clocks: list[deadlines.Clock], seconds: float) -> None:
        game = table.game
        how = deadlines.on_deadline(game.options)
        with use_language(game.language):
            lines = [t("bot.deadline.warn", who=messages.who(c.seat),
                       due=messages.timestamp(c.due_at), then=t(f"bot.deadline.then.{how}"))
                     for c in clocks]
            label = turn_label(table)
        channel = self.client.get_partial_messageable(game.channel_id, guild_id=game.guild_id)
        try:
            await channel.send(messages.clip("\n".join(lines)),
                               view=self.buttons.turn_view(game.id, game.decisions, label),
                               allowed_mentions=USER_MENTIONS)
        except discord.HTTPException:
            log("deadline_warning_not_posted", game=game.id)
        for c in clocks:
            with use_language(await seat_language(self.store, table, c.seat)):
                text = t("bot.deadline.warn_dm", title=messages.title(table),
                         due=messages.timestamp(c.due_at), hours=hours_text(seconds),
                         channel=f"<#{game.channel_id}>", then=t(f"bot.deadline.then.{how}"))
            await self.publisher.dm(c.seat, text)
        log("deadline_warned", game=game.id, seats=[c.seat.seat for c in clocks])

    # --- the deadline -------------------------------------------------------------------------

    async def _expired(self, table: Table, seat: SeatRow, seconds: float, now: float) -> int:
        game = table.game
        how = deadlines.on_deadline(game.options)
        assert seat.asked_at is not None
        if how == "host":
            missed = await self.store.deadline_passed(game.id, seat.seat, seat.asked_at, now)
            if missed is None:
                return 0
            log("deadline_missed", game=game.id, seat=seat.seat, how=how, missed=missed)
            await self._tell_host(table, seat, missed, seconds, how)
            return 1
        with use_language(game.language):  # the journal line, in the game's language
            note = t("bot.journal.deadline", name=seat.name, hours=hours_text(seconds))
        done = await self.games.play_for(game.id, seat.seat, seat.asked_at, skip=how == "skip",
                                         note=note)
        if done is None:
            return 0
        commit, passed = done
        said = "passed" if passed else "skip_ai" if how == "skip" else "ai"
        level = deadlines.substitute_level(game.options, table.kind.info)
        with use_language(game.language):
            text = t(f"bot.deadline.{said}", who=messages.who(seat), hours=hours_text(seconds),
                     level=t(f"bot.choice.level.{level}"))
        await self.publisher.say(game.channel_id, text, guild_id=game.guild_id)
        self.publisher.kick(game.id)  # the turn post, and whoever is asked next
        fresh = await self.games.table(game.id)
        missed = fresh.seats[seat.seat].missed
        log("deadline_decided", game=game.id, seat=seat.seat, how=how, passed=passed,
            decisions=len(commit.entries), missed=missed)
        if missed >= deadlines.MISSES_TO_OFFER:
            await self._tell_host(fresh, fresh.seats[seat.seat], missed, seconds, how)
        return 1

    async def _tell_host(self, table: Table, seat: SeatRow, missed: int, seconds: float,
                         how: str) -> None:
        """The host alone, by DM: the deadline passed (`host`), and from the third miss in a
        row on the offer to hand the seat to the AI for good."""
        game = table.game
        host = next((s for s in table.seats if s.user_id == game.host_id), None)
        lang = await self.store.user_language(game.host_id) or game.language
        offer = missed >= deadlines.MISSES_TO_OFFER and seat.user_id is not None
        level = deadlines.substitute_level(game.options, table.kind.info)
        with use_language(lang):
            lines = []
            if how == "host":
                lines.append(t("bot.deadline.host", name=seat.name, title=messages.title(table),
                               hours=hours_text(seconds), channel=f"<#{game.channel_id}>"))
            if offer:
                lines.append(t("bot.deadline.offer", name=seat.name, count=missed,
                               level=t(f"bot.choice.level.{level}")))
            if not lines:
                return
            view = (self.buttons.replace_view(game.id, seat.seat, seat.name) if offer
                    else None)
        text = "\n".join(lines)
        if host is not None:
            await self.publisher.dm(host, text, view=view)
        else:  # a host without a seat of their own (it was handed to the AI)
            await self.publisher.dm_user(game.host_id, text, view=view)

