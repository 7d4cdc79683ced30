"""Every word the Pantheon pictures show, through the one translation hook `data.i18n.t`."""

from __future__ import annotations

from typing import Any

from data.pantheon import COMPONENTS
from engine.pantheon.flow import waiting_text
from render.words import t

ROMAN = ("I", "II", "III", "IV", "V", "VI")


def roman(epoch: int) -> str:
    return ROMAN[epoch - 1] if 1 <= epoch <= len(ROMAN) else str(epoch)


def colour(name: str, locale: str | None) -> str:
    return t(f"pantheon.render.colour.{name}", locale)


def colour_letter(name: str, locale: str | None) -> str:
    """The second cue beside colour, printed on every piece of that seat."""
    return t(f"pantheon.render.colour_letter.{name}", locale)


def people(people_id: str, locale: str | None) -> str:
    return t(f"pantheon.render.people.{people_id}", locale)


def people_letter(people_id: str) -> str:
    """The letter that marks a people's start and symbol fields on the map."""
    return next(k for k, v in COMPONENTS.peoples.items() if v["id"] == people_id)


def god(god_id: str, locale: str | None) -> str:
    return t(f"pantheon.render.god.{god_id}", locale)


def god_effect(god_id: str, locale: str | None) -> str:
    return t(f"pantheon.render.god_effect.{god_id}", locale)


def requirement(god_id: str) -> tuple[int, ...]:
    return COMPONENTS.gods[god_id].requirement


def card(card_id: str, locale: str | None) -> str:
    return t(f"pantheon.render.card.{card_id}", locale)


def kind(kind_id: str, locale: str | None) -> str:
    return t(f"pantheon.render.kind.{kind_id}", locale)


def loot(loot_id: str, locale: str | None) -> str:
    return t(f"pantheon.render.loot.{loot_id}", locale)


def bonus(bonus_id: str, locale: str | None) -> str:
    return t(f"pantheon.render.bonus.{bonus_id}", locale)


def waiting(entry: dict[str, Any], locale: str | None) -> str:
    """What a waiting seat must decide (the picture's wording); the engine's prompt text
    (pantheon.waiting.<kind>, in the same language) for a kind the picture has no text for."""
    key = f"pantheon.render.waiting.{entry['kind']}"
    text = t(key, locale)
    return waiting_text(entry["kind"], locale) if text == key else text


def progress(step: dict[str, Any] | None, locale: str | None) -> str:
    """Public progress of the current step, e.g. "3 of 5 steps left"."""
    if not step:
        return ""
    kind = step.get("kind")
    if kind == "move_place" and "budget" in step:
        return t("pantheon.render.progress.steps", locale,
                 left=step["budget"] - step.get("spent", 0), budget=step["budget"])
    if kind == "buy" and "budget" in step:
        return t("pantheon.render.progress.money", locale,
                 left=step["budget"] - step.get("spent", 0), budget=step["budget"])
    if kind == "draw_pick" and "left" in step:
        return t("pantheon.render.progress.draw", locale, left=step["left"])
    if kind == "god_pay" and "god" in step:
        return t("pantheon.render.progress.god", locale, god=god(step["god"], locale))
    if kind == "gallia_buy" and "god" in step:
        return t("pantheon.render.progress.gallia", locale, god=god(step["god"], locale),
                 n=requirement(step["god"])[0])
    return ""
