"""Which language each text is in (issue 10), on the Discord side.

- A reply only one person sees (ephemeral answers, refusals, panels) is in that person's own
  Discord language: `Entry.enter()` runs first in every interaction and sets it for the rest of
  the interaction's task (data.i18n's context), and remembers it in the store.
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

import re
from typing import Any

import discord
from discord import app_commands

from data.i18n import DEFAULT_LOCALE, set_language, supported, t

from ..logs import log_error
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

    async def enter(self, interaction: discord.Interaction) -> bool:
        """Set the interaction's language; always lets the interaction go on."""
        lang = supported(interaction.locale) or DEFAULT_LOCALE
        set_language(lang)
        if supported(interaction.locale):
            try:
                await self.store.remember_language(interaction.user.id, lang)
            except Exception:  # noqa: BLE001 - a language not remembered costs nothing else
                log_error("language_not_saved", user=interaction.user.id)
        return True


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
