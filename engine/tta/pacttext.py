"""Words for pacts (F-PACT, G-ASYNC-9/10/13): the labels of their decisions and the wording of
their events. Labels are worded from the decision alone, so the options carry what they name
(the partner's name, the offerer's name, the side: pactoffer.py, turn.candidates); the events
carry seats, which the log turns into names."""

from __future__ import annotations

from typing import Any

from data.i18n import t
from engine.core import Decision

from .cardtext import card_name

KINDS = frozenset({"offer", "cancel_pact", "accept", "refuse", "trade_routes"})
EVENTS = frozenset({"pact_offer", "pact_accepted", "pact_refused", "pact_ended", "trade_routes",
                    "cooperation"})
REASONS = ("cancel", "attack", "replaced", "age", "resign")  # pacts.cancel's reasons
TRADE_ROUTES = "trade_routes_agreement_i"
EFFECT_OF = {"trade_routes": TRADE_ROUTES, "cooperation": "scientific_cooperation_ii"}


def worded(d: Decision) -> bool:
    """Whether this module words the decision's label."""
    return d.kind in KINDS


def _who(a: dict[str, Any], key: str, locale: str | None) -> str:
    """The name a label carries, else "player N" from the seat."""
    name = a.get("name")
    if isinstance(name, str) and name:
        return name
    seat = a.get(key)
    return t("tta.text.pact_seat", locale, n=seat + 1 if isinstance(seat, int) else "?")


def label(d: Decision, locale: str | None) -> tuple[str, list[str]]:
    """The label and its price parts (none: a pact costs no action, F-PACT-10, C-109)."""
    a = d.args
    k = d.kind
    card = card_name(a.get("card"), locale) if "card" in a else ""
    side = a.get("side")
    if k == "offer":
        key = "tta.decision.offer_side" if side else "tta.decision.offer"
        return t(key, locale, card=card, partner=_who(a, "partner", locale), side=side), []
    if k == "accept":
        key = "tta.decision.accept_side" if side else "tta.decision.accept"
        return t(key, locale, card=card, name=_who(a, "from", locale), side=side), []
    if k == "cancel_pact":
        return t("tta.decision.cancel_pact", locale, card=card, name=_who(a, "", locale)), []
    if k == "trade_routes":
        key = f"tta.decision.trade_routes_{side}" if side in ("A", "B") \
            else "tta.decision.trade_routes"
        return t(key, locale, card=card_name(TRADE_ROUTES, locale)), []
    return t("tta.decision.refuse", locale), []


def event_key(tpl: str, raw: dict[str, Any], a: dict[str, Any], names: list[str],
              locale: str | None) -> str:
    """The catalogue key of a pact event, its arguments `a` filled in place: the other parties'
    names, the sides and the pact an effect comes from (the card and the acting seat are
    already worded)."""
    a.setdefault("name", "?")
    if tpl in EFFECT_OF:
        a["card"] = card_name(EFFECT_OF[tpl], locale)
    for field in ("partner", "owner"):
        if isinstance(raw.get(field), int):
            seat = raw[field]
            a[field] = names[seat] if 0 <= seat < len(names) else "?"
    if tpl in ("pact_accepted", "pact_refused") and raw.get("side"):
        a["owner_side"] = raw["side"]
        a["partner_side"] = "B" if raw["side"] == "A" else "A"
        return f"tta.event.{tpl}_sides"
    if tpl == "pact_ended":
        reason = raw.get("reason")
        return f"tta.event.pact_ended_{reason if reason in REASONS else 'cancel'}"
    if tpl == "trade_routes":
        return f"tta.event.trade_routes_{raw.get('side')}"
    return f"tta.event.{tpl}"
