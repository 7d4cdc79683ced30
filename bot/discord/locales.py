"""Which language each text is in (issue 10), on the Discord side.

- A reply only one person sees (ephemeral answers, refusals, panels) is in that person's own
  Discord language: `Entry.enter()` runs first in every interaction and sets it for the rest of
  the interaction's task (data.i18n's context), and remembers it in the store in the
  background: nothing waits for the database before the interaction is acknowledged.
- The DMs the bot sends first (hands, prompts) are in the seat's remembered language, else the
  game's (bot.host.language.seat_language).
- Channel posts and the pictures in them are in the game's language (`/<game> start
  language:`, by default the server's preferred language, then AGORA_LOCALE).
- Slash commands — subcommand and option names, descriptions, choices — are translated for
  Discord by `CatalogueTranslator` (names without diacritics, so any keyboard types them; the
  game's own group name, `/pantheon`, stays). Discord always sends the English name back, so
  the handlers never see a translated one; the catalogues' texts quote each language's
  names."""

from __future__ import annotations

import asyncio
import contextvars
import re
from typing import Any

import discord
from discord import app_commands

from data.i18n import DEFAULT_LOCALE, set_language, supported, t

from ..logs import database_error, log_error, log_warning
from ..store import GameStore

NAME_LOCATIONS = (app_commands.TranslationContextLocation.command_name,
                  app_commands.TranslationContextLocation.group_name,
                  app_commands.TranslationContextLocation.parameter_name)
DESCRIPTION_LIMIT = 100  # Discord's limit for descriptions and choice names
NAME = re.compile(r"^[-_\w]{1,32}$")  # Discord's rule for command and option names


class Entry:
    """The first thing every interaction does (the command tree's and each button's
    `interaction_check`): speak the user's language from here on, and remember it in the store
    for the DMs the bot will send them first."""

    def __init__(self, store: GameStore) -> None:
        self.store = store
        self._writes: set[asyncio.Task[None]] = set()  # kept until done (asyncio holds weakly)

    async def enter(self, interaction: discord.Interaction) -> bool:
        """Set the interaction's language; always lets the interaction go on at once. The
        language is remembered in the background: Discord drops an interaction not acknowledged
        within 3 seconds, and the database may be busy for longer."""
        lang = supported(interaction.locale) or DEFAULT_LOCALE
        set_language(lang)
        if supported(interaction.locale):
            task = asyncio.create_task(self._remember(interaction.user.id, lang),
                                       name="agora-language", context=contextvars.Context())
            self._writes.add(task)
            task.add_done_callback(self._writes.discard)
        return True

    async def _remember(self, user_id: int, lang: str) -> None:
        try:
            await self.store.remember_language(user_id, lang)
        except Exception as exc:  # noqa: BLE001 - a language not remembered costs nothing else
            failure = database_error(exc)
            if failure is None:
                log_error("language_not_saved", user=user_id)
            else:  # the database is busy or away: the next interaction tries again
                log_warning("language_not_saved", user=user_id, database_error=failure)

    async def idle(self) -> None:
        """Wait for the language writes under way (shutdown, tests)."""
        while self._writes:
            await asyncio.gather(*self._writes, return_exceptions=True)


def text(key: str, english: str | None = None, **args: Any) -> app_commands.locale_str:
    """A command description or choice name for Discord: English now, translated on sync."""
    return app_commands.locale_str((english or t(key, "en", **args))[:DESCRIPTION_LIMIT],
                                   key=key, **args)


class CatalogueTranslator(app_commands.Translator):
    """Slash-command names, descriptions and choice names from the catalogues (data/i18n)."""

    async def translate(self, string: app_commands.locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContext) -> str | None:
        lang = supported(locale)
        key = string.extras.get("key")
        if lang is None or lang == "en" or not key:
            return None  # Discord shows the English default
        args = {k: v for k, v in string.extras.items() if k != "key"}
        out = t(key, lang, **args)
        if out == key:
            return None
        if context.location in NAME_LOCATIONS:  # lower case, no spaces: else keep English
            return out if NAME.match(out) and out == out.lower() else None
        return out[:DESCRIPTION_LIMIT]
