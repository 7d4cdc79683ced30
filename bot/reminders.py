"""Reminders for asynchronous play: when a game has waited longer than its idle time (default
12 hours, `/pantheon start reminder_hours:` or AGORA_REMIND_HOURS) the player to act is
mentioned again. The times live in the database, so reminders survive restarts."""

from __future__ import annotations

import asyncio
import time
from typing import TYPE_CHECKING

from data.i18n import t

from . import messages
from .components import turn_view
from .logs import log, log_error
from .publish import USER_MENTIONS

if TYPE_CHECKING:
    from .app import AgoraBot


def idle_limit(options: dict, default: float) -> float:
    hours = options.get("reminder_hours")
    return float(hours) * 3600.0 if hours else default


async def remind_due(bot: AgoraBot, now: float | None = None) -> int:
    """Post every reminder that is due; returns how many were posted."""
    now = time.time() if now is None else now
    sent = 0
    for game in await bot.store.games_with_status("playing"):
        limit = idle_limit(game.options, bot.config.remind_after)
        if now - game.last_activity < limit:
            continue
        if game.reminded_at is not None and now - game.reminded_at < limit:
            continue
        table = await bot.games.table(game.id)
        w = table.waiting()
        if w is None or table.seats[w.seat].is_ai:
            continue
        seat = table.seats[w.seat]
        hours = (now - game.last_activity) / 3600.0
        text = t("bot.remind", who=f"<@{seat.user_id}>", title=messages.title(table),
                 hours=f"{hours:.1f}", what=messages.prompt_text(w, table))
        channel = bot.get_partial_messageable(game.channel_id, guild_id=game.guild_id)
        try:
            await channel.send(text, view=turn_view(game.id, game.decisions, w.kind != "action"),
                               allowed_mentions=USER_MENTIONS)
        except Exception:  # noqa: BLE001 - try again next round
            log_error("reminder_failed", game=game.id)
            continue
        await bot.store.mark_reminded(game.id, now)
        log("reminded", game=game.id, seat=w.seat)
        sent += 1
    return sent


async def reminder_loop(bot: AgoraBot) -> None:
    while not bot.is_closed():
        try:
            await remind_due(bot)
        except Exception:  # noqa: BLE001 - the loop must survive a bad round
            log_error("reminder_round_failed")
        await asyncio.sleep(bot.config.remind_every)
