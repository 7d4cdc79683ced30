"""A seat's hand in words (its DM and the terminal; never a channel): each card with its name,
what it costs and what it does, as the hand picture shows them. A Discord message holds 2,000
characters: a hand whose effects would not fit is given with names and costs only (the hand
picture beside it carries every effect)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from data.i18n import t

from .cardinfo import card_cost
from .cardtext import card_effect, card_name

ROOM = 1700  # characters for the hand's lines, under Discord's 2,000 with the DM's head


def card_line(card: str, locale: str | None = None, effect: bool = True,
              copies: int = 1) -> str:
    """"• Iron ×2 (Costs 5 science and 1 civil action): +2 resources per worker …"."""
    name = card_name(card, locale) + (f" ×{copies}" if copies > 1 else "")
    cost = card_cost(card, locale)
    head = t("tta.hand.card_cost", locale, name=name, cost=cost) if cost else name
    if not effect:
        return t("tta.hand.card", locale, card=head)
    return t("tta.hand.card_effect", locale, card=head, effect=card_effect(card, locale))


def _section(title: str, cards: Iterable[str], locale: str | None, effect: bool) -> list[str]:
    counts = Counter(cards)
    lines = [title]
    lines += [card_line(c, locale, effect, n) for c, n in counts.items()]
    return lines if counts else [f"{title} {t('tta.text.none', locale)}"]


def hand_lines(civil: list[str], military: list[str], locale: str | None = None) -> list[str]:
    """The civil cards, then the military cards, one line each."""
    for effect in (True, False):
        lines = (_section(t("tta.hand.civil_head", locale), civil, locale, effect)
                 + _section(t("tta.hand.military_head", locale), military, locale, effect))
        if effect and sum(len(x) + 1 for x in lines) > ROOM:
            continue  # too long for one message: names and costs
        return lines
    return lines
