"""What an action-phase option costs, carried in the option itself so that its label can name
the card and the price ("Take Iron (space 4, 1 civil action)", "Build Irrigation (3
resources)") without the state: a label is worded from the decision alone (GameText.describe).

The quote is information, not a choice: a decision without it is the same action (replays and
typed decisions name only the slot or the card). A decision that carries a quote must match the
state it is applied to — a stale label (the row slid, a price changed) is refused, naming the
rule, rather than silently doing something the player did not read."""

from __future__ import annotations

from typing import Any

from data.tta import CARDS
from engine.core import Decision

from . import effects
from .actions import population_food, take_price, upgrade_cost
from .flow import err
from .state import Player, State

# the arguments each kind of option may carry as a quote
QUOTE_KEYS: dict[str, tuple[str, ...]] = {
    "take": ("card", "cost"), "build": ("cost",), "upgrade": ("cost",), "population": ("cost",),
    "develop": ("cost",), "revolution": ("cost",), "wonder": ("card", "cost"),
}


def quote(s: State, p: Player, d: Decision) -> dict[str, Any]:
    """The card and price of a legal option (raises on arguments that name nothing)."""
    a = d.args
    if d.kind == "take":
        if type(a["slot"]) is not int or not 0 <= a["slot"] < len(s.row):
            raise IndexError(a["slot"])
        return {"card": s.row[a["slot"]], "cost": take_price(s, p, a["slot"])}
    if d.kind == "build":
        return {"cost": effects.build_cost(p, a["card"])}
    if d.kind == "upgrade":
        return {"cost": upgrade_cost(p, a["card"], a["to"])}
    if d.kind == "population":
        return {"cost": population_food(p)}
    if d.kind == "develop":
        return {"cost": effects.science_cost(p, a["card"])}
    if d.kind == "revolution":
        return {"cost": effects.revolution_cost(p, a["card"])}
    if d.kind == "wonder" and p.wonder is not None:
        done = p.wonder_stages
        return {"card": p.wonder,
                "cost": sum(CARDS[p.wonder].stages[done:done + a.get("stages", 1)])}
    return {}


def quoted(s: State, p: Player, d: Decision) -> Decision:
    """The option with its quote added."""
    extra = quote(s, p, d)
    return Decision(d.kind, {**d.args, **extra}) if extra else d


def check_quote(s: State, p: Player, d: Decision) -> Decision:
    """The decision without its quote, once the quote is found to match the state (T-ACT-3:
    an action is taken as the player read it)."""
    keys = [k for k in QUOTE_KEYS.get(d.kind, ()) if k in d.args]
    if not keys:
        return d
    bare = Decision(d.kind, {k: v for k, v in d.args.items() if k not in keys})
    try:
        actual = quote(s, p, bare)
    except (KeyError, TypeError, IndexError, ValueError, AttributeError):
        return bare  # arguments that name nothing: the action itself refuses them
    if any(k in actual and actual[k] != d.args[k] for k in keys):
        raise err("quote", "T-ACT-3")
    return bare
