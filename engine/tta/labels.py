"""Through the Ages option labels (engine.core.GameText.describe, group_key, menu_title): every
label names its card, with the price where the option has one — the option carries it
(quotes.py), since a label is worded from the decision alone — and the actions written out
("Take Iron (space 4, 1 civil action)", "Build Irrigation (resources −3, 1 civil action)"),
cut down to the card alone rather than cut off when a language's words run past Discord's 80
characters."""

from __future__ import annotations

from typing import Any

from data.i18n import t
from data.tta import CARDS, COPY_TACTIC_MA, row_cost
from engine.core import Decision

from . import attacktext, pacttext
from .leaders3 import CHURCHILL, CHURCHILL_CULTURE, CHURCHILL_RESOURCES, CHURCHILL_SCIENCE
from .text import _cards as cards_words  # one wording of a list of cards everywhere
from .text import card_name, party_words

LABEL_MAX = 80  # Discord's button label; a select option allows 100


def describe(d: Decision, locale: str | None = None) -> str:
    """A short label for a decision, e.g. for a button (at most 80 characters): the card named
    every time, with the price where the option carries one (quotes.py) — the label is cut
    down to the card alone rather than cut off in the middle."""
    label, costs = _label(d, locale)
    for parts in (costs, costs[:1], []):
        text = t("tta.decision.priced", locale, label=label, cost=", ".join(parts)) \
            if parts else label
        if len(text) <= LABEL_MAX:
            return text
    return label[:LABEL_MAX - 1] + "…"


def _actions(kind: str, n: int, locale: str | None) -> str:
    """"1 civil action", "2 military actions"."""
    return t(f"tta.cost.{kind}", locale, n=n, count=n)


def _spent(what: str, a: dict[str, Any], locale: str | None) -> list[str]:
    """"resources −3" from a quoted cost."""
    n = a.get("cost")
    return [t(f"tta.cost.{what}", locale, n=n)] if isinstance(n, int) and n > 0 else []


def _unit_action(card: Any, locale: str | None) -> str:
    c = CARDS.get(str(card))
    return _actions("military" if c is not None and c.kind == "unit" else "civil", 1, locale)


def _label(d: Decision, locale: str | None) -> tuple[str, list[str]]:
    """The label and its price parts."""
    a = d.args
    k = d.kind
    if attacktext.worded(d):  # aggressions, wars, a defence, spoils, resignation
        return attacktext.label(d, locale)
    if pacttext.worded(d):  # offering, answering, cancelling a pact; Trade Routes
        return pacttext.label(d, locale)
    card = card_name(a.get("card"), locale) if "card" in a else ""
    if k == "take":
        return _take(a, locale)
    if k in ("build", "upgrade"):
        label = t(f"tta.decision.{k}", locale, card=card, to=card_name(a.get("to"), locale))
        return label, _spent("resources", a, locale) + [_unit_action(a.get("card"), locale)]
    if k in ("destroy", "disband"):
        return t(f"tta.decision.{k}", locale, card=card), [_unit_action(a.get("card"), locale)]
    if k == "population":
        return t("tta.decision.population", locale), (_spent("food", a, locale)
                                                        + [_actions("civil", 1, locale)])
    if k == "develop":
        return t("tta.decision.develop", locale, card=card), (_spent("science", a, locale)
                                                               + [_actions("civil", 1, locale)])
    if k == "revolution":
        return (t("tta.decision.revolution", locale, card=card),
                _spent("science", a, locale) + [t("tta.cost.all_civil", locale)])
    if k == "bach":
        return t("tta.decision.bach", locale, card=card, to=card_name(a.get("to"), locale)), []
    if k == "wonder":
        n = a.get("stages")
        key = "tta.decision.wonder_of" if "card" in a else "tta.decision.wonder"
        label = t(key, locale, n=n, card=card, count=n if isinstance(n, int) else 2)
        return label, _spent("resources", a, locale) + [_actions("civil", 1, locale)]
    if k == "leader":
        key = "tta.decision.leader_tuck" if a.get("tuck") else "tta.decision.leader"
        return t(key, locale, card=card), [_actions("civil", 1, locale)]
    if k == "play":
        return _play(a, card, locale), [_actions("civil", 1, locale)]
    if k in ("tactic", "copy"):
        c = CARDS.get(str(a.get("card")))
        n = COPY_TACTIC_MA if k == "copy" else (c.cost_military_actions if c else 0)
        return t(f"tta.decision.{k}", locale, card=card), ([_actions("military", n, locale)]
                                                            if n else [])
    if k == "bid":
        n = a.get("amount")
        return t("tta.decision.bid", locale, n=n, count=n if isinstance(n, int) else 2), []
    if k == "send":
        return _send(a, locale), []
    if k == "add":
        return _add(a, locale), []
    if k == "choose":
        return _choose(a, locale), []
    if k == "churchill":
        return _churchill(a, locale), []
    label = t(f"tta.decision.{k}", locale, card=card)
    return (k if label == f"tta.decision.{k}" else label), []  # an unknown kind as it is


def _take(a: dict[str, Any], locale: str | None) -> tuple[str, list[str]]:
    """"Take Iron (space 4, 1 civil action)": the price is inside the parentheses."""
    slot = a.get("slot")
    space = slot + 1 if isinstance(slot, int) else "?"
    cost = a.get("cost")
    if not isinstance(cost, int):  # a decision without its quote (typed, or from a replay)
        cost = row_cost(slot) if isinstance(slot, int) and 0 <= slot < 13 else 1
    price = _actions("civil", cost, locale)
    if "card" not in a:
        return t("tta.decision.take_space", locale, space=space, cost=price), []
    card = card_name(a["card"], locale)
    label = t("tta.decision.take", locale, card=card, space=space, cost=price)
    if len(label) > LABEL_MAX:  # a long name keeps its space, the price goes
        label = t("tta.decision.take_short", locale, card=card, space=space)
    return label, []


def _play(a: dict[str, Any], card: str, locale: str | None) -> str:
    if "gain" in a:
        return t("tta.decision.play_gain", locale, card=card,
                 gain=t(f"tta.text.{a['gain']}", locale))
    if "to" in a:
        return t("tta.decision.play_upgrade", locale, card=card,
                 target=card_name(a.get("target"), locale), to=card_name(a["to"], locale))
    if "target" in a:
        return t("tta.decision.play_on", locale, card=card,
                 target=card_name(a["target"], locale))
    return t("tta.decision.play", locale, card=card)


def _churchill(a: dict[str, Any], locale: str | None) -> str:
    """Winston Churchill's choice (C-50), the card and its amounts named."""
    choice = "military" if a.get("choice") == "military" else "culture"
    return t(f"tta.decision.churchill_{choice}", locale, card=card_name(CHURCHILL, locale),
             culture=CHURCHILL_CULTURE, science=CHURCHILL_SCIENCE,
             resources=CHURCHILL_RESOURCES)


def _send(a: dict[str, Any], locale: str | None) -> str:
    force = a.get("force")
    if isinstance(force, int):
        return t("tta.decision.send_force", locale, party=party_words(a, locale), force=force)
    return t("tta.decision.send", locale, party=party_words(a, locale))


def _add(a: dict[str, Any], locale: str | None) -> str:
    """A step of forming the colonisation force (colonize.py)."""
    if "unit" in a:
        return t("tta.decision.add_unit", locale, card=card_name(a["unit"], locale))
    if "bonus" in a:
        return t("tta.decision.add_bonus", locale, card=card_name(a["bonus"], locale))
    return t("tta.decision.add_discard", locale, card=card_name(a.get("discard"), locale))


def _choose(a: dict[str, Any], locale: str | None) -> str:
    """An answer to an event's question: what it does (the step's own words), else its
    arguments in words."""
    step = a.get("step")
    card = card_name(a.get("card"), locale) if "card" in a else ""
    if step == "civilization" or "do" in a:
        do = a.get("do")
        if do == "population":
            return t("tta.decision.ev.population", locale)
        return t(f"tta.decision.ev.{do}", locale, card=card)
    if step == "markets" or "gain" in a:
        what = "food" if a.get("gain") == "food" else "resources"
        return t(f"tta.decision.ev.gain_{what}", locale, n=a.get("amount", "?"))
    if step == "mix":
        key = "tta.decision.ev.lose_mix" if a.get("lose") else "tta.decision.ev.gain_mix"
        return t(key, locale, food=a.get("food"), resources=a.get("resources"))
    if step in ("free_build", "lose_pop", "destroy", "colony", "ruin"):
        return t(f"tta.decision.ev.{step}", locale, card=card)
    if step == "agreement":
        slot = a.get("slot")
        return t("tta.decision.ev.agreement", locale, card=card,
                 space=slot + 1 if isinstance(slot, int) else "?")
    return t("tta.decision.choose", locale, what=_choice(a, locale))


def _choice(a: dict[str, Any], locale: str | None) -> str:
    """The arguments of an event's choice in words ("2 food", "space 4", a card)."""
    parts = []
    for key, value in sorted(a.items()):
        if key in ("card", "target", "to"):
            parts.append(card_name(value, locale))
        elif key == "slot" and isinstance(value, int):
            parts.append(t("tta.text.space", locale, space=value + 1))
        elif key in ("food", "resources", "science", "culture") and isinstance(value, int):
            parts.append(t(f"tta.text.amount_{key}", locale, n=value, count=value))
        elif isinstance(value, list):
            parts.append(cards_words(value, locale))
        else:
            parts.append(str(value))
    return ", ".join(parts) or t("tta.text.none", locale)


def group_key(d: Decision) -> str:
    """Options in menus: taking by the cost of the space, building and its undoing apart, the
    rest by kind."""
    if d.kind == "take":
        cost, slot = d.args.get("cost"), d.args.get("slot")
        if not isinstance(cost, int) and isinstance(slot, int) and 0 <= slot < 13:
            cost = row_cost(slot)
        return f"take:{cost}" if isinstance(cost, int) else "take"
    if d.kind in ("destroy", "disband"):
        return "destroy"
    if d.kind in ("develop", "revolution"):
        return "develop"
    if d.kind == "churchill":
        return "leader"
    if d.kind in ("population", "end", "done", "pass"):
        return "other"
    return d.kind


def menu_title(key: str) -> str:
    if key.startswith("take:") and key[5:].isdigit():
        return t("tta.menu.take", cost=_actions("civil", int(key[5:]), None))
    name = f"tta.menu.{key}"
    text = t(name)
    return t("bot.menu.other") if text == name else text
