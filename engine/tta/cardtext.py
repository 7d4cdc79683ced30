"""Every Through the Ages card's name and effect text (issue 29), in the reader's language.

Texts live in data/tta/locale/cards/<lang>.json (namespace "tta."):
- `tta.card.<id>`: the card's name;
- `tta.effect.<id>`: the card's own effect, for the cards that have one (leaders, wonders with a
  rule of their own, action cards, events, aggressions, wars, pacts, Air Forces);
- `tta.effect.type.*`: the sentences built from a card's data for a whole card type (farm, mine,
  urban building, unit, government, special technology, tactic, military bonus, territory, the
  symbols a leader or wonder gives) and the frames of some kinds ("Aggression. If it succeeds:
  {effect}");
- `tta.effect.part.<thing>`: an amount, a plural text read with count=n, its number in {n}
  ("+2 culture per turn", "3 resources", "1 happy face"); a part is put into a sentence whole.

Placeholders (all filled here; a translation keeps each one its English text has):
- {output}, {list}, {units}, {discounts}: parts joined with ", " / " + ";
- {building}, {unit}: the type's name (`tta.effect.type.building.*`, `tta.effect.type.unit.*`);
- {civil}, {military}, {limit} (government), {strength}, {outdated} (tactic), {defense},
  {colonization} (bonus), {stages}, {age}, {n}: bare numbers from cards.csv (data.tta.CARDS) or an
  engine constant, written as a label ("civil actions 5", "+8 strength");
- {amount}, {yellow}, {science_pts}, {culture_pts}, {culture_rate}, {food_amt}, {resources},
  {actions}, {mcards}, {draw}, {discard}, {win}, {loss}: a whole part ("1 yellow token",
  "3 culture points") filled from an engine constant (engine/tta/effects.py, politics.py,
  colonize.py, eventcards.py);
- {two}, {three}, {four}: Wave of Nationalism's figures per player count (actioncards.py);
- {effect}: the card's own text inside its kind's frame.
Numbers are never retyped where cards.csv or the engine holds them. The figures of cards whose
effect the engine does not write as a table (most action cards and events, written as small
functions with their figures inside; the full game's Age III cards, aggressions, wars and
pacts) are written in the texts themselves, from the rules spec (C-50…C-117) and cards.csv's
effect summaries; the Age III civil texts' figures are checked against the engine's
(tests/engine/tta/test_tta_full_age3_texts.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from data.i18n import catalogue, t
from data.tta import CARDS, Card

from . import actioncards, colonize, effects, eventcards, politics

# the symbols a card in play gives once (T-STAT-2), in the order they are listed
SYMBOLS = ("civil_actions", "military_actions", "culture", "science", "strength", "happiness",
           "colonization", "blue_tokens", "yellow_tokens")
# culture and science symbols are per turn (a rating), not points scored once
RATE = {"culture": "culture_rate", "science": "science_rate"}
UNITS = ("infantry", "cavalry", "artillery")
# kinds with a text of their own per card; their symbols are added from the data
OWN = ("leader", "wonder", "action", "event", "aggression", "war", "pact")
FRAMED = {"aggression": "tta.effect.type.aggression", "war": "tta.effect.type.war",
          "pact": "tta.effect.type.pact"}


def card_id(card: Any) -> str:
    return str(getattr(card, "id", card))


def card_name(card: Any, locale: str | None = None) -> str:
    """A card's name in the locale (`tta.card.<id>`), else its printed English name."""
    cid = card_id(card)
    key = f"tta.card.{cid}"
    text = t(key, locale)
    if text != key:
        return text
    c = CARDS.get(cid)
    return c.name if c is not None else cid


def amount(thing: str, n: int, locale: str | None = None, signed: bool = False) -> str:
    """One amount as the language writes it: "3 resources", "+1 happy face"."""
    shown = (f"+{n}" if n > 0 else f"−{-n}" if n < 0 else "0") if signed else str(n)
    return t(f"tta.effect.part.{thing}", locale, n=shown, count=abs(n))


def symbols(card: Card, locale: str | None = None, fields: tuple[str, ...] = SYMBOLS) -> str:
    """The card's symbols: "+1 civil action, +2 culture per turn" ("" without any)."""
    return ", ".join(amount(RATE.get(f, f), getattr(card, f), locale, signed=True)
                     for f in fields if getattr(card, f))


# --- figures the engine holds, by card ---------------------------------------------------------

def _table(table: str, thing: str, name: str) -> Callable[[str, str | None], dict[str, str]]:
    """A figure from a table of engine/tta/effects.py, read when the text is made."""
    return lambda cid, loc: {name: amount(thing, getattr(effects, table)[cid], loc)}


FIGURES: dict[str, Callable[[str, str | None], dict[str, Any]]] = {
    "alexander_the_great_a": lambda cid, loc: {
        "yellow": amount("yellow_tokens", politics.ALEXANDER_YELLOW, loc)},
    "aristotle_a": _table("SCIENCE_PER_TECH_TAKEN", "science", "science_pts"),
    "hammurabi_a": _table("LEADER_TAKE_DISCOUNT", "civil_actions", "actions"),
    "homer_a": _table("UNIT_ALLOWANCE", "resources", "resources"),
    "moses_a": _table("POPULATION_DISCOUNT", "food", "food_amt"),
    "genghis_khan_i": _table("STRONG_CULTURE", "culture", "culture_pts"),
    "leonardo_da_vinci_i": _table("DEVELOP_RESOURCES", "resources", "resources"),
    "isaac_newton_ii": _table("DEVELOP_CIVIL_BACK", "civil_actions", "actions"),
    "j_s_bach_ii": _table("THEATER_SCIENCE_DISCOUNT", "science", "science_pts"),
    "james_cook_ii": _table("COOK", "military_cards", "mcards"),
    "maximilien_robespierre_ii": _table("REVOLUTION_BY_MILITARY", "culture", "culture_pts"),
    "taj_mahal_i": lambda cid, loc: {
        "actions": amount("civil_actions", effects.TAJ_MAHAL_DISCOUNT, loc)},
    "wave_of_nationalism_ii": lambda cid, loc: {
        "two": actioncards.NATIONALISM[2], "three": actioncards.NATIONALISM[3],
        "four": actioncards.NATIONALISM[4]},
    "politics_of_strength_ii": lambda cid, loc: {
        "draw": amount("military_cards", eventcards.STRENGTH_DRAW, loc),
        "discard": amount("military_cards", eventcards.STRENGTH_DISCARD, loc),
        "win": amount("culture", eventcards.STRENGTH_WIN, loc),
        "loss": amount("culture", eventcards.STRENGTH_LOSS, loc)},
    "ravages_of_time_ii": lambda cid, loc: {
        "culture_rate": amount("culture_rate", effects.RUIN_CULTURE, loc, signed=True)},
}


# --- texts by kind -----------------------------------------------------------------------------

def _farm(c: Card, loc: str | None) -> list[str]:
    return [t("tta.effect.type.farm", loc, output=amount("food", c.food, loc))]


def _mine(c: Card, loc: str | None) -> list[str]:
    return [t("tta.effect.type.mine", loc, output=amount("resources", c.resources, loc))]


def _urban(c: Card, loc: str | None) -> list[str]:
    return [t("tta.effect.type.urban", loc,
              building=t(f"tta.effect.type.building.{c.subtype}", loc), output=symbols(c, loc))]


def _unit(c: Card, loc: str | None) -> list[str]:
    return [t("tta.effect.type.unit", loc, unit=t(f"tta.effect.type.unit.{c.subtype}", loc),
              output=amount("strength", c.strength, loc, signed=True))]


def _government(c: Card, loc: str | None) -> list[str]:
    out = [t("tta.effect.type.government", loc, civil=c.civil_actions,
             military=c.military_actions, limit=c.urban_limit)]
    extra = symbols(c, loc, tuple(f for f in SYMBOLS if f not in ("civil_actions",
                                                                  "military_actions")))
    return out + ([t("tta.effect.type.symbols", loc, list=extra)] if extra else [])


def _special(c: Card, loc: str | None) -> list[str]:
    if c.subtype == "construction":
        discounts = effects.URBAN_DISCOUNT[c.id]
        return [t("tta.effect.type.construction", loc, stages=effects.WONDER_STAGES[c.id],
                  discounts=", ".join(t("tta.effect.part.age_discount", loc, age=age, n=n)
                                      for age, n in discounts.items()))]
    out = [t("tta.effect.type.special", loc, list=symbols(c, loc))]
    if c.strength:  # T-COL-6: strength effects never count for colonization
        out.append(t("tta.effect.type.no_colonization", loc))
    return out


def _tactic(c: Card, loc: str | None) -> list[str]:
    units = " + ".join(amount(u, getattr(c, f"tactic_{u}"), loc) for u in UNITS
                       if getattr(c, f"tactic_{u}"))
    key = "tta.effect.type.tactic_outdated" if c.tactic_strength_outdated else \
        "tta.effect.type.tactic"
    return [t(key, loc, units=units, strength=c.tactic_strength,
              outdated=c.tactic_strength_outdated)]


def _bonus(c: Card, loc: str | None) -> list[str]:
    return [t("tta.effect.type.bonus", loc, defense=c.defense, colonization=c.colonization)]


def _territory(c: Card, loc: str | None) -> list[str]:
    out = []
    for thing, n in colonize.IMMEDIATE[c.id].items():
        part = {"draw": "military_cards", "population": "workers"}.get(thing, thing)
        out.append(t(f"tta.effect.type.territory.{thing}", loc, amount=amount(part, n, loc)))
    out.append(t("tta.effect.type.colony", loc, list=symbols(c, loc)))
    return out


def _own(c: Card, loc: str | None) -> list[str]:
    args = FIGURES[c.id](c.id, loc) if c.id in FIGURES else {}
    text = t(f"tta.effect.{c.id}", loc, **args)
    if c.kind in FRAMED:
        text = t(FRAMED[c.kind], loc, effect=text)
    elif c.kind == "event" and c.id.startswith("impact_of_"):
        text = t("tta.effect.type.impact", loc, effect=text)
    out = [text]
    listed = symbols(c, loc)
    if listed and c.kind == "wonder":
        out.insert(0, t("tta.effect.type.wonder", loc, list=listed))
    elif listed:
        out.append(t("tta.effect.type.symbols", loc, list=listed))
    return out


def _wonder(c: Card, loc: str | None) -> list[str]:
    if f"tta.effect.{c.id}" in _keys():
        return _own(c, loc)
    return [t("tta.effect.type.wonder", loc, list=symbols(c, loc))]


def _keys() -> dict[str, str]:
    """The English catalogue: it says which cards have a text of their own."""
    return catalogue("en")


BY_KIND: dict[str, Callable[[Card, str | None], list[str]]] = {
    "farm": _farm, "mine": _mine, "urban": _urban, "unit": _unit, "government": _government,
    "special": _special, "tactic": _tactic, "bonus": _bonus, "territory": _territory,
    "wonder": _wonder,
}


def card_effect(card: Any, locale: str | None = None) -> str:
    """What the card does, in one to three short sentences of the locale."""
    c = CARDS[card_id(card)]
    out = BY_KIND[c.kind](c, locale) if c.kind in BY_KIND else _own(c, locale)
    if c.kind == "unit" and f"tta.effect.{c.id}" in _keys():  # Air Forces' own rule
        out.append(t(f"tta.effect.{c.id}", locale))
    return " ".join(out)
