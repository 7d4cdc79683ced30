"""The card lookup (the optional GameText hooks `lookup_names`, `lookup_find`, `lookup_text`):
any card of the game by its name in the reader's language, for `/tta rules card:` and its
autocomplete (bot.discord.commands) and the terminal. Every card of data/tta is there, the
full game's included: a player may read a card before meeting it."""

from __future__ import annotations

import unicodedata
from functools import lru_cache

from data import i18n
from data.i18n import t
from data.tta import CARDS

from .cardinfo import card_cost, figures, kind_name
from .cardtext import card_effect, card_name


def _plain(text: str) -> str:
    """`text` as a reader types it: lower case, no diacritics ("Zavlažování" ~ "zavlazovani")."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch)).strip()


def lookup_label(card: str, locale: str | None = None) -> str:
    """A card as the list names it: its name, kind and age ("Iron — Mine, age I"), so that
    the cards of one name in several ages (Engineering Genius) are told apart."""
    c = CARDS[card]
    return t("tta.lookup.label", locale, name=card_name(card, locale),
             kind=kind_name(card, locale), age=c.age)


def lookup_names(locale: str | None = None) -> list[tuple[str, str]]:
    """Every card as (id, label) in the language, in the order of their labels."""
    return list(_names(i18n.language(locale), i18n.catalogue))


@lru_cache(maxsize=8)
def _names(lang: str, catalogue: object) -> tuple[tuple[str, str], ...]:
    # (the catalogue loader is part of the key: a test may replace it)
    pairs = [(card, lookup_label(card, lang)) for card in CARDS]
    return tuple(sorted(pairs, key=lambda p: (_plain(p[1]), p[0])))


def lookup_find(text: str, locale: str | None = None) -> list[str]:
    """The cards `text` names: a card's id (the list's value) or its label; else every card
    whose name in the language (or in English) is the text, or failing that contains it,
    without regard to case or diacritics. Empty when nothing matches."""
    typed = text.strip()
    if typed in CARDS:
        return [typed]
    needle = _plain(typed)
    if not needle:
        return []
    names = lookup_names(locale)
    exact = [card for card, label in names if _plain(label) == needle]
    if exact:
        return exact
    spoken = [(card, _plain(card_name(card, locale)), _plain(CARDS[card].name))
              for card, _ in names]
    named = [card for card, name, english in spoken if needle in (name, english)]
    return named or [card for card, name, english in spoken
                     if needle in name or needle in english]


def lookup_text(card: str, locale: str | None = None) -> str:
    """The card in words: its name, kind and age, its cost, its figures and its effect."""
    lines = [t("tta.lookup.head", locale, name=card_name(card, locale),
               kind=kind_name(card, locale), age=CARDS[card].age)]
    cost = card_cost(card, locale)
    if cost:
        lines.append(cost)
    figs = figures(card, locale)
    if figs:
        lines.append(" · ".join(figs))
    lines.append(card_effect(card, locale))
    return "\n".join(lines)
