"""Words for decisions (button labels, menus) and events (the game log), in any language
through the translation hook. Events a viewer may not see give None."""

from __future__ import annotations

from typing import Any

from data.i18n import t
from data.pantheon import COMPONENTS
from engine.core import Decision, Event

GODS = COMPONENTS.gods
INTERNAL = {"forced", "big_foot_returned"}  # bookkeeping, not worth a log line


def card_name(card: str, locale: str | None = None) -> str:
    return t(f"pantheon.card.{card}", locale)


def tile_name(tile: str, locale: str | None = None) -> str:
    prefix = "loot" if tile in COMPONENTS.loot else "bonus"
    return t(f"pantheon.{prefix}.{tile}", locale)


def kind_name(kind: str, locale: str | None = None) -> str:
    """An offering kind's name ("Gifts")."""
    return t(f"pantheon.kind.{kind}", locale)


def kinds_list(locale: str | None = None) -> str:
    """Every offering kind, named: "Gifts, Priests, Dancers, Temples"."""
    return ", ".join(kind_name(k, locale) for k in COMPONENTS.kinds)


def pieces_name(piece: str, locale: str | None = None) -> str:
    """A piece kind in the plural ("feet", "columns")."""
    return t(f"pantheon.pieces.{piece}", locale)


def is_card(card: object) -> bool:
    """Is `card` the id of a card (an action card or a special money card)? Otherwise a refusal
    quotes it as it was given."""
    return isinstance(card, str) and (card in COMPONENTS.raw["action_cards"]
                                      or card in COMPONENTS.money_values)


def god_name(god: str) -> str:
    return GODS[god].name + (f" +{GODS[god].money}" if GODS[god].money else "")


def requirement(god: str, locale: str | None = None) -> str:
    req = "+".join(map(str, GODS[god].requirement))
    return t("pantheon.decision.cards_only", locale, req=req) if GODS[god].cards_only else req


def describe(d: Decision, locale: str | None = None) -> str:
    """A short label for a decision, e.g. for a button (at most 80 characters)."""
    a = d.args
    k = d.kind
    if k == "action":
        return t(f"pantheon.decision.action.{a.get('action')}", locale)
    if k == "cards":
        if a.get("n") == 0:
            return t("pantheon.decision.cards0", locale)
        return t("pantheon.decision.cards", locale, count=a.get("n"))
    if k == "place":
        piece = t(f"pantheon.piece.{a.get('piece')}", locale).capitalize()
        key = "pantheon.decision.place_via" if a.get("via") else "pantheon.decision.place"
        return t(key, locale, piece=piece, field=a.get("field"), via=a.get("via"))
    if k == "money":
        return t("pantheon.decision.money", locale, card=card_name(str(a.get("card")), locale))
    if k in ("tile", "upgrade"):
        return t(f"pantheon.decision.{k}", locale, kind=t(f"pantheon.kind.{a.get('kind')}", locale),
                 level=a.get("level"))
    if k == "buy_piece":
        return t("pantheon.decision.buy_piece", locale,
                 piece=t(f"pantheon.piece.{a.get('piece')}", locale))
    if k == "god":
        god = str(a.get("god"))
        if god in GODS:
            return t("pantheon.decision.god", locale, god=god_name(god),
                     requirement=requirement(god, locale))
    if k == "offer":
        kinds = a.get("kinds") if isinstance(a.get("kinds"), list) else []
        return t("pantheon.decision.offer", locale,
                 kinds=" / ".join(t(f"pantheon.kind.{x}", locale) for x in kinds))
    if k == "take":
        if a.get("from") == "deck":
            return t("pantheon.decision.take_deck", locale)
        return t("pantheon.decision.take_display", locale,
                 card=card_name(str(a.get("card")), locale))
    if k == "loot":
        return t("pantheon.decision.loot", locale, tile=tile_name(str(a.get("tile")), locale))
    if k == "supply":
        return t("pantheon.decision.supply", locale,
                 pieces="2 " + t(f"pantheon.pieces.{a.get('piece')}", locale))
    if k == "bonus":
        return tile_name(str(a.get("tile")), locale)
    if k == "gallia":
        return t(f"pantheon.decision.gallia.{a.get('choice')}", locale)
    if k == "discard":
        return t("pantheon.decision.discard", locale, card=card_name(str(a.get("card")), locale))
    if k == "swap":
        to = a.get("to")
        give = "foot" if to == "column" else "column"
        return t("pantheon.decision.swap", locale, n=a.get("n"),
                 give=t(f"pantheon.pieces.{give}", locale), to=t(f"pantheon.pieces.{to}", locale))
    label = t(f"pantheon.decision.{k}", locale)
    return k if label == f"pantheon.decision.{k}" else label  # an unknown kind is named as it is


def event_text(e: Event, names: list[str], viewer: int | None,
               locale: str | None = None) -> str | None:
    """One log line for an event, or None when the viewer may not see it."""
    if e.private_to is not None and e.private_to != viewer:
        return None
    if e.template in INTERNAL:
        return None
    a: dict[str, Any] = dict(e.args)
    if "seat" in a and isinstance(a["seat"], int) and 0 <= a["seat"] < len(names):
        a["name"] = names[a["seat"]]
    key = f"pantheon.event.{e.template}"
    if e.template == "epoch":
        a["people"] = t(f"pantheon.people.{a['people']}", locale)
        a["start"] = names[a["start_player"]]
    elif e.template == "prepared":
        a["gods"] = ", ".join(god_name(g) for g in a["gods"]) or "-"
        a["loot"] = ", ".join(f"{f} {tile_name(x, locale)}" for f, x in sorted(a["loot"].items()))
    elif e.template in ("took_loot", "resolved_tile", "drafted_bonus"):
        a["tile"] = tile_name(a["tile"], locale)
    elif e.template in ("gained_god", "gallia_revealed", "gallia_declined"):
        a["god"] = god_name(a["god"]) if a.get("god") else "-"
    elif e.template == "took_demigods" and "values" in a:
        key = "pantheon.event.took_demigods_values"
        a["count"] = len(a["values"])
        a["values"] = " + ".join(map(str, a["values"]))
    elif e.template in ("placed",):
        a["piece"] = t(f"pantheon.piece.{a['piece']}", locale)
    elif e.template == "gained_pieces":
        a["pieces"] = t(f"pantheon.pieces.{a['piece']}", locale)
    elif e.template == "swapped":
        a["gave"], a["got"] = (t(f"pantheon.pieces.{a['gave']}", locale),
                               t(f"pantheon.pieces.{a['got']}", locale))
    elif e.template == "offering_tile":
        a["kind"] = t(f"pantheon.kind.{a['kind']}", locale)
    elif e.template == "took_display_card":
        a["card"] = card_name(a["card"], locale)
    elif e.template == "action":
        a["action"] = t(f"pantheon.decision.action.{a['action']}", locale)
    elif e.template == "sacrificed":
        a["cards"] = ", ".join(f"{n} {t(f'pantheon.kind.{k}', locale)}"
                               for k, n in a["cards"].items()) or t(
                                   "pantheon.event.tiles_only", locale)
    elif e.template == "game_over":
        a["count"] = len(a["winners"])
        a["winners"] = ", ".join(names[w] for w in a["winners"])
    elif e.template == "stall_guard":
        a["count"] = a["rounds"]
    elif e.template == "move_started":
        a["cards"] = t("pantheon.unit.movement_cards", locale, count=a["cards"])
        a["steps"] = t("pantheon.unit.steps", locale, count=a["steps"])
    elif e.template == "move_done":
        a["pieces"] = t("pantheon.unit.pieces", locale, count=a["placed"])
        a["steps"] = t("pantheon.unit.steps", locale, count=a["spent"])
    return t(key, locale, **a)
