"""Words for decisions (button labels, menus) and events (the game log), through the translation
hook (`amunre.*` keys in data/amunre/locale/<locale>.json). Events a viewer may not see give
None: a private event is shown to its seat only, and public events never hold a player's gold,
cards or sealed choice (A-INFO)."""

from __future__ import annotations

from typing import Any

from data.amunre import BOARD
from data.i18n import t
from engine.core import Decision, Event

from .receipts import SHORT

INTERNAL = {"forced"}  # bookkeeping: the step's own events say what happened
# the events whose text counts gold, and the argument holding the amount: their catalogue texts
# are plural (the word for gold follows the number's CLDR category)
GOLD_COUNTED = {"sold": "gold", "thief": "gold", "won": "paid", "income": "total",
                "bought": "cost"}


def card_name(card: Any, locale: str | None = None) -> str:
    key = f"amunre.card.{card}"
    text = t(key, locale)
    return str(card) if text == key else text


def province_name(name: Any, locale: str | None = None) -> str:
    key = f"amunre.province.{name}"
    text = t(key, locale)
    return str(name) if text == key else text


def item_name(item: Any, n: int = 1, locale: str | None = None) -> str:
    return t(f"amunre.item.{item}{'' if n == 1 else 's'}", locale)


def offer_text(o: dict[str, Any], locale: str | None = None) -> str:
    """One sacrifice as words: "9 gold", "the -3 card", "+ Sacrifice Correction"."""
    text = (t("amunre.offer.minus3", locale) if o.get("minus3")
            else t("amunre.offer.gold", locale, gold=o.get("gold"), count=o.get("gold")))
    if o.get("correction"):
        text += t("amunre.offer.correction", locale)
    return text


def describe(d: Decision, locale: str | None = None) -> str:
    """A short label for a decision, e.g. for a button (at most 80 characters)."""
    a = d.args
    k = d.kind
    if k == "bid":
        return t("amunre.decision.bid", locale, value=a.get("value"),
                 province=province_name(a.get("province"), locale))
    if k == "play":
        if "province" in a:
            return t("amunre.decision.play_on", locale, card=card_name(a.get("card"), locale),
                     province=province_name(a.get("province"), locale))
        return t("amunre.decision.play", locale, card=card_name(a.get("card"), locale))
    if k == "sell":
        return t("amunre.decision.sell", locale, card=card_name(a.get("card"), locale))
    if k in ("buy_cards", "buy_farmers", "buy_stones"):
        n = a.get("n")
        cost = BOARD.price(n) if type(n) is int and n > 0 else "?"
        return t(f"amunre.decision.{k}", locale, n=n, cost=cost,
                 count=n if type(n) is int else 2)
    if k == "place":
        return t("amunre.decision.place", locale,
                 province=province_name(a.get("province"), locale))
    if k == "sacrifice":
        return t("amunre.decision.sacrifice", locale, offer=offer_text(a, locale))
    if k == "correction":
        delta = a.get("delta")
        if delta == 0:
            return t("amunre.decision.correction_none", locale)
        return t("amunre.decision.correction", locale,
                 delta=f"+{delta}" if isinstance(delta, int) and delta > 0 else delta)
    if k == "take":
        item = a.get("item")
        if item == "card":
            return t("amunre.decision.take_card", locale)
        return t(f"amunre.decision.take_{item}", locale,
                 province=province_name(a.get("province"), locale))
    label = t(f"amunre.decision.{k}", locale)
    return k if label == f"amunre.decision.{k}" else label  # an unknown kind is named as it is


def _name(names: list[str], seat: Any) -> str:
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "?"


def _names(names: list[str], seats: list[int]) -> str:
    return ", ".join(_name(names, q) for q in seats) or "-"


def event_text(e: Event, names: list[str], viewer: int | None,
               locale: str | None = None) -> str | None:
    """One log line for an event, or None when the viewer may not see it."""
    if e.private_to is not None and e.private_to != viewer:
        return None
    if e.template in INTERNAL:
        return None
    a: dict[str, Any] = dict(e.args)
    if "seat" in a:
        a["name"] = _name(names, a["seat"])
    if "province" in a:
        a["province"] = province_name(a["province"], locale)
    if "card" in a:
        a["card"] = card_name(a["card"], locale)
    key = f"amunre.event.{e.template}"
    tpl = e.template
    if tpl == "round":
        a["kingdom"] = t(f"amunre.kingdom.{a['kingdom']}", locale)
        a["pharaoh"] = _name(names, a["pharaoh"])
    elif tpl == "revealed":
        parts = []
        for x in a["provinces"]:
            m = a["material"].get(x, {})
            extra = [t(f"amunre.material.{k}", locale, n=m[k], count=m[k])
                     for k in ("cards", "gold", "stones")
                     if m.get(k)]
            parts.append(province_name(x, locale) + (f" ({', '.join(extra)})" if extra else ""))
        a["provinces"] = "; ".join(parts)
    elif tpl == "auction":
        a["pharaoh"] = _name(names, a["pharaoh"])
        a["provinces"] = ", ".join(province_name(x, locale) for x in a["provinces"])
    elif tpl == "bid":
        if a.get("outbid"):
            key = "amunre.event.bid_outbids"
            a["outbid"] = _names(names, a["outbid"])
    elif tpl == "played" and "province" in a:
        key = "amunre.event.played_on"
    elif tpl == "auction_over":
        a["bids"] = "; ".join(f"{_name(names, b['seat'])} {b['value']} "
                              f"{province_name(b['province'], locale)}" for b in a["bids"])
    elif tpl == "won":
        extra = [t(f"amunre.material.won_{k}", locale, n=a[k], count=a[k])
                 for k in ("cards", "gold") if a[k]]
        a["extra"] = t("amunre.event.won_extra", locale, what=", ".join(extra)) if extra else ""
    elif tpl in ("got_cards", "drew"):
        a["cards"] = ", ".join(card_name(c, locale) for c in a["cards"]) or "-"
    elif tpl == "phase":
        a["phase"] = t(f"amunre.phase.{a['phase']}", locale)
    elif tpl in ("bought", "placed", "took"):
        a["item"] = item_name(a["item"], a.get("n", 1), locale)
        if tpl == "took" and "province" in a:
            key = "amunre.event.took_on"
    elif tpl == "sealed":
        a["short"] = a["receipt"][:SHORT]
        key = f"amunre.event.sealed_{a['what']}"
    elif tpl == "my_sacrifice":
        a["offer"] = offer_text(a, locale)
    elif tpl == "sacrifices":
        a["offers"] = "; ".join(f"{_name(names, o['seat'])} {offer_text(o['choice'], locale)}"
                                for o in a["opened"])
    elif tpl == "corrected":
        a["delta"] = f"+{a['delta']}" if a["delta"] > 0 else str(a["delta"])
    elif tpl == "temple":
        a["ranking"] = _names(names, a["ranking"])
        a["thieves"] = _names(names, a["thieves"])
        a["pharaoh"] = _name(names, a["pharaoh"])
    elif tpl == "income":
        a["parts"] = ", ".join(f"{province_name(x, locale)} {g}" for x, g in a["parts"].items())
    elif tpl in ("my_choice",):
        a["bonus"] = ", ".join(card_name(c, locale) for c in a["bonus"]) or "-"
        a["sell"] = ", ".join(card_name(c, locale) for c in a["sell"]) or "-"
    elif tpl == "my_step":
        key = f"amunre.event.my_step_{a['kind']}"
    elif tpl == "choices":
        a["choices"] = "; ".join(
            f"{_name(names, o['seat'])}: "
            + t("amunre.event.choice_line", locale,
                bonus=", ".join(card_name(c, locale) for c in o["choice"]["bonus"]) or "-",
                sell=", ".join(card_name(c, locale) for c in o["choice"]["sell"]) or "-")
            for o in a["opened"])
    elif tpl == "gold_ranking":
        a["ranking"] = "; ".join(f"{_name(names, q)} {g} → {p}"
                                 for q, (g, p) in enumerate(zip(a["gold"], a["points"],
                                                                strict=True)))
    elif tpl == "scored":
        # "gold: 4" is four points for gold; "gold 4" would read as four gold
        a["parts"] = ", ".join(f"{t(f'amunre.score.{k}', locale)}: {v}"
                               for k, v in a["parts"].items() if v)
    elif tpl == "kingdom":
        a["removed"] = ", ".join(province_name(x, locale) for x in a["removed"]) or "-"
    elif tpl == "game_over":
        a["count"] = len(a["winners"])
        a["winners"] = _names(names, a["winners"])
    elif tpl == "pyramid":
        key = f"amunre.event.pyramid_{a['how']}"
    if tpl in GOLD_COUNTED:  # "1 zlatý / 2 zlaté / 5 zlatých", "1 złoto / 2 złota"
        a["count"] = a[GOLD_COUNTED[tpl]]
    return t(key, locale, **a)
