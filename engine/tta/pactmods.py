"""What each pact adds to a party's statistics and production (F-PACT-17, C-104…C-113), each
effect written once: as data where it is a fixed figure per side, as a small named function where
it depends on the other party (International Tourism).

The figures are summed per player into `Player.pact_mods` by pacts.refresh; stats.py adds
`culture`, `strength` and `military_actions` to the ratings before their floors (T-STAT-5 applies
to the total, F-PACT-17), production.py adds `food` and `resources` in the production steps and
takes `resources_lost` right after resource production (G-PACT-3), effects.science_cost takes off
`science_discount` (C-113). The pacts' other effects are rules, not figures: attacks
(pacts.forbids_attack, no_war_on, attack_bonus, ending_on_attack: C-105…C-108, C-110, C-112),
the Trade Routes exchange and the Scientific Cooperation payment (pactuse.py: C-109, C-113)."""

from __future__ import annotations

from collections.abc import Callable

from .state import Player

Mods = dict[str, int]

# card -> side ("A" / "B"; None for a symmetric pact, F-PACT-10) -> figures
FIXED: dict[str, dict[str | None, Mods]] = {
    # C-105: side A culture +2, side B culture -2
    "loss_of_sovereignty_iii": {"A": {"culture": 2}, "B": {"culture": -2}},
    # C-106: each party +3 strength
    "military_pact_iii": {None: {"strength": 3}},
    # C-107: each party culture +1
    "peace_treaty_iii": {None: {"culture": 1}},
    # C-108: each party +1 military action
    "open_borders_agreement_i": {None: {"military_actions": 1}},
    # C-110: side A +1 resource in resource production, side B -1 right after it (G-PACT-3)
    "acceptance_of_supremacy_ii": {"A": {"resources": 1}, "B": {"resources_lost": 1}},
    # C-111: side A +1 resource in resource production, side B +1 food in food production
    "international_trade_agreement_ii": {"A": {"resources": 1}, "B": {"food": 1}},
    # C-112: side A culture +1; side B +4 strength, culture -1
    "promise_of_military_protection_ii": {"A": {"culture": 1},
                                          "B": {"strength": 4, "culture": -1}},
    # C-113: a technology costs each party 2 science less (the partner's 1 science: pactuse)
    "scientific_cooperation_ii": {None: {"science_discount": 2}},
    # C-109: the exchange is a decision (pactuse.trade_routes); no figure
    "trade_routes_agreement_i": {"A": {}, "B": {}},
}

TOURISM = "international_tourism_iii"


def tourism(other: Player) -> Mods:
    """C-104: culture rating +1 per completed wonder of the other party, flipped ones (Ravages
    of Time) included."""
    return {"culture": len(other.wonders) + len(other.ruins)}


DEPENDENT: dict[str, Callable[[Player], Mods]] = {TOURISM: tourism}


def effect(card: str, side: str | None, other: Player) -> Mods:
    """The figures `card` gives the party on `side`, whose other party is `other`."""
    if card in DEPENDENT:
        return DEPENDENT[card](other)
    return dict(FIXED.get(card, {}).get(side, {}))
