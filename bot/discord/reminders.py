"""Reminders for asynchronous play: when a seat has been awaited longer than the game's idle time
(default 12 hours, `/<game> start reminder_hours:` or AGORA_REMIND_HOURS) it is mentioned again.
Each awaited seat has its own clock (several seats may be awaited at once); the times live in
the database, so reminders survive restarts. One message per game names every seat that is due.

With several processes on one database only the process holding the lease `reminders` runs the
rounds (bot.host.leases). A reminder is marked as sent *before* it is sent: a holder killed between
the two loses that one reminder (the next comes after another idle period) instead of letting
the process that takes over send it a second time — a missed nudge is better than a repeated
ping. Only a send that fails outright is unmarked, to be tried again next round.

A player on vacation (`/away`) is not reminded; the deadline rounds (bot.discord.deadlines) run
right after each reminder round, under the same lease."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable

import discord

from data.i18n import t, use_language

from ..host import deadlines, messages
from ..host.leases import Leases
from ..host.turns import Games
from ..logs import log, log_error
from ..store import GameStore
from .components import Buttons, turn_label
from .deadlines import Deadlines
from .publish import USER_MENTIONS


def idle_limit(options: dict, default: float) -> float:
    hours = options.get("reminder_hours")
    return float(hours) * 3600.0 if hours else default


def lease_time(every: float) -> float:
    """How long the `reminders` lease lasts: past the next round, so the holder keeps it from
    round to round; a dead holder's rounds are taken over this long after its last one."""
    return every + 30.0


class Reminders:
    """The reminder rounds of one bot process, handed what they use: the Discord client they
    post with, the store, the turn service, the leases and the buttons; `remind_after` is the
    default idle time (seconds), `every` the time between rounds."""

    def __init__(self, client: discord.Client, store: GameStore, games: Games, leases: Leases,
                 buttons: Buttons, *, remind_after: float, every: float,
                 deadlines: Deadlines | None = None,
                 clock: Callable[[], float] = time.time) -> None:
        self.client = client
        self.deadlines = deadlines  # its rounds run with these, under the same lease
        self.clock = clock
        self.store = store
        self.games = games
        self.leases = leases
        self.buttons = buttons
        self.remind_after = remind_after
        self.every = every

    async def due(self, now: float | None = None) -> int:
        """Post every reminder that is due; returns how many seats were reminded."""
        now = self.clock() if now is None else now
        sent = 0
        for game in await self.store.games_with_status("playing"):
            limit = idle_limit(game.options, self.remind_after)
            table = await self.games.table(game.id)
            awaited = table.awaited()
            due = []
            for prompt in awaited:
                seat = table.seats[prompt.seat]
                if seat.is_ai or seat.awaited_since is None or now - seat.awaited_since < limit:
                    continue
                if seat.reminded_at is not None and now - seat.reminded_at < limit:
                    continue
                due.append((prompt, seat))
            if due:  # a player on vacation is not reminded (within the server's cap)
                aways = await self.store.away([seat.user_id or 0 for _, seat in due])
                cap = (await self.store.away_cap(game.guild_id)
                       if aways and game.guild_id is not None else None)
                due = [(p, seat) for p, seat in due if deadlines.away_until(
                    aways.get(seat.user_id or 0), cap, now) is None]
            if not due:
                continue
            whom = ", ".join(f"<@{seat.user_id}>" for _, seat in due)
            since = max(seat.awaited_since or now for _, seat in due)
            with use_language(game.language):  # a channel post: the game's language
                text = t("bot.remind", who=whom, title=messages.title(table),
                         since=messages.timestamp(since),
                         what=messages.prompt_text(due[0][0], table))
                label = turn_label(table)
            seats = [seat.seat for _, seat in due]
            await self.store.mark_reminded(game.id, seats, now)  # first: at most once (see above)
            channel = self.client.get_partial_messageable(game.channel_id, guild_id=game.guild_id)
            try:
                await channel.send(text,
                                   view=self.buttons.turn_view(game.id, game.decisions, label),
                                   allowed_mentions=USER_MENTIONS)
            except Exception:  # noqa: BLE001 - try again next round
                log_error("reminder_failed", game=game.id)
                for _, seat in due:  # not sent: as it was before
                    await self.store.mark_reminded(game.id, [seat.seat], seat.reminded_at)
                continue
            log("reminded", game=game.id, seats=seats)
            sent += len(seats)
        return sent

    async def loop(self) -> None:
        """The rounds, every AGORA_REMIND_CHECK_SECONDS until the client closes."""
        held = False
        try:
            while not self.client.is_closed():
                try:
                    # renewed in the background while a round runs (a long one keeps it too)
                    lease = await self.leases.take("reminders", lease_time(self.every))
                    held = lease is not None
                    if lease is not None:
                        try:
                            try:
                                await self.due()
                            finally:  # a failed reminder round never holds up the deadlines
                                if self.deadlines is not None:
                                    await self.deadlines.due()
                        finally:
                            await lease.stop()  # still ours until the next round renews it
                except Exception:  # noqa: BLE001 - the loop must survive a bad round
                    log_error("reminder_round_failed")
                await asyncio.sleep(self.every)
        finally:
            if held:  # a clean stop: another process may take the rounds over at once
                with contextlib.suppress(Exception):
                    await asyncio.shield(self.leases.release("reminders"))
