"""Pacts in play (F-PACT-12, F-PACT-14): who is party to which pact and what a pact means for
an attack between two players. `State.pacts` holds each pact in play as {"card", "owner",
"partner", "side"}: the owner offered it (at most one of his own, F-PACT-4) and `side` is the
owner's side of an asymmetric pact ("A" or "B"; None for a symmetric one, F-PACT-10).

Offering, answering and cancelling are political actions (pactoffer.py); what a pact adds to a
party's statistics and production is data (pactmods.py), summed per player into
`Player.pact_mods` by `refresh` — called here whenever a pact enters or leaves play, and at the
end of every applied decision (game.apply), which catches the other input, a wonder completed
(International Tourism, C-104). The statistics read that field only, so stats(p) needs no state,
the listing's memo of them (listing.py) lives inside one check where nothing changes, and a
view or a mirrored state shows the same figures."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from data.tta import CARDS
from engine.core import Event

from . import pactmods
from .cards import changing_totals
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


def other_party(pact: Pact, seat: int) -> int:
    """The party of `pact` who is not `seat` (`seat` is a party)."""
    return pact["partner"] if pact["owner"] == seat else pact["owner"]


def named(s: State, seat: int, card: str) -> Pact | None:
    """The pact `card` if it is in play with `seat` as a party (one copy of each pact)."""
    return next((p for p in of(s, seat) if p["card"] == card), None)


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


def cancel(s: State, pact: Pact, events: list[Event], reason: str, by: int | None = None
           ) -> None:
    """The pact leaves play to its age's military discard pile (F-PACT-13); its effects end at
    once for both parties (`refresh`; a lowered military-action total returns spent tokens
    first, T-GOV-2). `reason` names why, for the log: "cancel" (by the party `by`, F-PACT-5),
    "attack", "replaced", "age" or "resign"."""
    def leave() -> None:
        s.pacts.remove(pact)
        refresh(s)
    _settled(s, pact, leave)
    s.military_discard.setdefault(CARDS[pact["card"]].age, []).append(pact["card"])
    args = {"card": pact["card"], "owner": pact["owner"], "partner": pact["partner"],
            "reason": reason}
    if by is not None:
        args["seat"] = by
    events.append(Event("tta.pact_ended", args))


def add(s: State, pact: Pact) -> None:
    """F-PACT-11: the pact comes into play in the owner's area; its effects apply at once (new
    red tokens are available, T-GOV-2)."""
    def enter() -> None:
        s.pacts.append(pact)
        refresh(s)
    _settled(s, pact, enter)


def without(s: State, gone: list[Pact]) -> State:
    """A copy of `s` without the pacts `gone`, their figures refreshed: the table as it will be
    once they are cancelled (an attack that ends them compares strengths without them,
    F-PACT-14). Removing a pact from `State.pacts` by hand would leave the figures stale."""
    s = s.clone()
    for pact in gone:
        s.pacts.remove(pact)
    refresh(s)
    return s


def _settled(s: State, pact: Pact, change: Callable[[], None]) -> None:
    """Run `change` and settle both parties' action totals by T-GOV-2 (cards.py)."""
    owner, partner = (s.players[seat] for seat in parties(pact))
    changing_totals(owner, lambda: changing_totals(partner, change))


def refresh(s: State) -> None:
    """Recompute every player's `pact_mods` from the pacts in play (F-PACT-12: each party by
    his side) and the other parties' tables (pactmods.py)."""
    mods: list[dict[str, int]] = [{} for _ in s.players]
    for pact in s.pacts:
        for seat in parties(pact):
            other = s.players[other_party(pact, seat)]
            for key, value in pactmods.effect(pact["card"], side_of(pact, seat), other).items():
                mods[seat][key] = mods[seat].get(key, 0) + value
    for p, m in zip(s.players, mods, strict=True):
        p.pact_mods = {k: v for k, v in sorted(m.items()) if v}
