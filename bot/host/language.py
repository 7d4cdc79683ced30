"""Which language a text the bot sends on its own is in (issue 10): a new game's language, and
the language of the DMs the bot sends a seat first. The language of a reply is the user's own,
set when the interaction comes in (bot.discord.locales)."""

from __future__ import annotations

from typing import Any

from data.i18n import DEFAULT_LOCALE, supported

from ..store import GameStore, SeatRow
from .turns import Table


def start_language(chosen: str | None, guild_locale: Any) -> str:
    """A new game's language: the one chosen at start, else the server's, else the bot's."""
    return supported(chosen) or supported(guild_locale) or DEFAULT_LOCALE


async def seat_language(store: GameStore, table: Table, seat: SeatRow) -> str:
    """The language of a DM the bot sends a seat first: the user's remembered language, else
    the game's."""
    if seat.user_id is not None:
        lang = await store.user_language(seat.user_id)
        if lang:
            return lang
    return table.game.language
