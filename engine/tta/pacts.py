"""Pacts in play (F-PACT-12, F-PACT-14): who is party to which pact and what a pact means for
an attack between two players. `State.pacts` holds each pact in play as {"card", "owner",
"partner", "side"}: the owner offered it (at most one of his own, F-PACT-4) and `side` is the
owner's side of an asymmetric pact ("A" or "B"; None for a symmetric one, F-PACT-10).

Offering, answering, cancelling and each pact's own effects build on these queries."""

from __future__ import annotations

from typing import Any

from data.tta import CARDS
from engine.core import Event

from .state import State

Pact = dict[str, Any]

# F-PACT-10: pacts whose two sides differ (the offer names the offerer's side)
ASYMMETRIC = frozenset({"trade_routes_agreement_i", "acceptance_of_supremacy_ii",
                        "international_trade_agreement_ii", "promise_of_military_protection_ii",
                        "loss_of_sovereignty_iii"})
# F-PACT-14: no attacks between the parties, in either direction
FORBID_ATTACKS = frozenset({"acceptance_of_supremacy_ii", "peace_treaty_iii",
                            "loss_of_sovereignty_iii"})
# F-PACT-14: an attack by one party on the other cancels the pact, whatever the outcome
END_ON_ATTACK = frozenset({"military_pact_iii", "promise_of_military_protection_ii"})
OPEN_BORDERS = "open_borders_agreement_i"
OPEN_BORDERS_STRENGTH = 2  # C-108: the attacker's strength in an attack between the parties
SOVEREIGNTY = "loss_of_sovereignty_iii"  # C-105: nobody may declare war on its side B


def other_side(side: str | None) -> str | None:
    return {"A": "B", "B": "A"}.get(side or "")


def side_of(pact: Pact, seat: int) -> str | None:
    """The side `seat` takes in `pact` (None: symmetric, or not a party)."""
    if pact["owner"] == seat:
        return pact.get("side")
    if pact["partner"] == seat:
        return other_side(pact.get("side"))
    return None


def parties(pact: Pact) -> tuple[int, int]:
    return pact["owner"], pact["partner"]


def of(s: State, seat: int) -> list[Pact]:
    """Every pact `seat` is a party to (his own and those naming him as partner)."""
    return [p for p in s.pacts if seat in parties(p)]


def own(s: State, seat: int) -> Pact | None:
    """The one pact `seat` offered and has in play (F-PACT-4)."""
    return next((p for p in s.pacts if p["owner"] == seat), None)


def between(s: State, a: int, b: int) -> list[Pact]:
    """The pacts linking `a` and `b` (at most two: one owned by each, F-PACT-12)."""
    return [p for p in s.pacts if set(parties(p)) == {a, b}]


def forbids_attack(s: State, attacker: int, target: int) -> bool:
    """F-PACT-14: a pact between the two forbids any attack."""
    return any(p["card"] in FORBID_ATTACKS for p in between(s, attacker, target))


def no_war_on(s: State, target: int) -> bool:
    """C-105: nobody may declare war on side B of a Loss of Sovereignty."""
    return any(p["card"] == SOVEREIGNTY and side_of(p, target) == "B" for p in s.pacts)


def attack_bonus(s: State, attacker: int, target: int) -> int:
    """C-108: the attacker's extra strength when an Open Borders Agreement links the two."""
    linked = any(p["card"] == OPEN_BORDERS for p in between(s, attacker, target))
    return OPEN_BORDERS_STRENGTH if linked else 0


def ending_on_attack(s: State, attacker: int, target: int) -> list[Pact]:
    """The pacts an attack between the two cancels (F-PACT-14), before strengths are compared."""
    return [p for p in between(s, attacker, target) if p["card"] in END_ON_ATTACK]


def cancel(s: State, pact: Pact, events: list[Event], reason: str) -> None:
    """The pact leaves play to its age's military discard pile (F-PACT-13); its effects end at
    once because they are read from `State.pacts`. `reason` names why, for the log: "cancel",
    "attack", "replaced", "age" or "resign"."""
    s.pacts.remove(pact)
    s.military_discard.setdefault(CARDS[pact["card"]].age, []).append(pact["card"])
    events.append(Event("tta.pact_ended", {"card": pact["card"], "owner": pact["owner"],
                                           "partner": pact["partner"], "reason": reason}))
