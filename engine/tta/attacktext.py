"""Words for attacks and resignation (F-AGGR, F-WAR, F-RES): the labels of their decisions and
the prompts of their frames. Labels are worded from the decision alone, so the options carry
what they name (the target's name, the military-action cost, a defence value); a prompt is
shown in the channel too, so it names only public facts (never a defender's picks)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from data.i18n import t
from data.tta import CARDS
from engine.core import Decision

from .cardtext import card_name
from .state import State
from .text import _cards as cards_words

# decision kinds worded here (labels.py asks), besides a defence's "discard" and "done"
KINDS = frozenset({"aggression", "war", "bonus", "plunder", "raid", "annex", "infiltrate",
                   "steal", "science", "resign", "resign_confirm", "back"})
PROMPTS = frozenset({"defend", "spoils", "tech_war", "resign"})
# names printed on the military cards of several ages (Plunder I/II/III): labels add the age
_SHARED = {n for n, k in Counter(c.name for c in CARDS.values() if c.deck == "military").items()
           if k > 1}


def named(card: Any, locale: str | None) -> str:
    """The card's name, with its age when several ages print the same name ("Raid I")."""
    name = card_name(card, locale)
    c = CARDS.get(str(card))
    return f"{name} {c.age}" if c is not None and c.name in _SHARED else name


def worded(d: Decision) -> bool:
    """Whether this module words the decision's label."""
    return d.kind in KINDS or (d.kind in ("discard", "done") and "defence" in d.args)


def label(d: Decision, locale: str | None) -> tuple[str, list[str]]:
    """The label and its price parts (labels.describe adds the parentheses)."""
    a = d.args
    k = d.kind
    card = named(a.get("card"), locale) if "card" in a else ""
    if k in ("aggression", "war"):
        target = a.get("name") or t("tta.text.seat", locale, n=_seat(a.get("target")))
        cost = a.get("cost")
        price = [t("tta.cost.military", locale, n=cost, count=cost)] \
            if isinstance(cost, int) else []
        # the shorter game's war named War over Culture (V-SHORT-12): the label names both
        key = "war_culture" if a.get("which") == "war_over_culture" else k
        return t(f"tta.decision.{key}", locale, card=card, target=target), price
    if k == "done":
        return t("tta.decision.defend_done", locale), []
    if k in ("bonus", "discard"):
        return t(f"tta.decision.defend_{k}", locale, card=card, n=a.get("defence", "?")), []
    if k == "plunder":
        return t("tta.decision.plunder", locale, food=a.get("food", "?"),
                 resources=a.get("resources", "?")), []
    if k == "raid":
        return t("tta.decision.raid", locale, cards=cards_words(a.get("cards") or [], locale)), []
    if k == "steal":
        return t("tta.decision.steal", locale, card=card, n=a.get("cost", "?")), []
    if k == "science":
        return t("tta.decision.war_science", locale, n=a.get("amount", "?")), []
    return t(f"tta.decision.{k}", locale, card=card), []


def _seat(value: Any) -> Any:
    return value + 1 if isinstance(value, int) else "?"


def prompt(state: State, kind: str, frame: dict[str, Any]) -> str:
    """What the awaited step asks, from the frame's public facts."""
    names = [p.name for p in state.players]

    def name(seat: Any) -> str:
        return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "?"
    if kind == "defend":
        return t("tta.prompt.defend", card=named(frame.get("card"), None),
                 name=name(frame.get("attacker")), attack=frame.get("s_att"),
                 defence=frame.get("s_def"), n=frame.get("limit"))
    if kind == "spoils":
        return t("tta.prompt.spoils", card=named(frame.get("card"), None),
                 name=name(frame.get("defender")))
    if kind == "tech_war":
        return t("tta.prompt.tech_war", name=name(frame.get("loser")), n=frame.get("left"))
    return t("tta.prompt.resign")
