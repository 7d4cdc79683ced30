"""The Age III leaders' own rules that are not a statistic (C-50…C-55; their symbols and
bonuses to the ratings are tables in effects.py):

- Winston Churchill (C-50, G-LEAD-2, G-ASYNC-13), decision "churchill" {"choice": "culture" |
  "military"}: once in each of his owner's turns, in the action phase and at no action cost,
  3 culture points, or this turn 3 science toward developing unit technologies and 3 resources
  toward building and upgrading units (the unit allowance, G-ACARD-2). Not chosen by the end
  of the action phase: the 3 culture points then (`churchill_default`);
- Bill Gates (C-52): `bill_gates_award` is the culture final scoring gives him (F-END-7 step
  2); his lab resources are in production.economy, his culture on leaving play in
  cards.remove_leader;
- Albert Einstein's culture per technology developed is actions.developed (C-51)."""

from __future__ import annotations

from typing import Any

from engine.core import Event

from . import actions
from .effects import LAB_RESOURCES, lab_levels
from .flow import err
from .state import Player, State

CHURCHILL = "winston_churchill_iii"
CHURCHILL_CULTURE = 3  # culture points, the choice and the default
CHURCHILL_SCIENCE = 3  # science toward unit technologies, this turn
CHURCHILL_RESOURCES = 3  # resources toward units, this turn
CHURCHILL_CHOICES = ("culture", "military")


def churchill(s: State, p: Player, args: dict[str, Any], events: list[Event], commit: bool
              ) -> None:
    """C-50: the owner's choice, once per turn, no action spent."""
    actions.not_round_one(s)
    if p.leader != CHURCHILL:
        raise err("not_your_leader", "C-50")
    if CHURCHILL in p.turn_used:
        raise err("once_per_turn", "C-50")
    choice = args.get("choice")
    if choice not in CHURCHILL_CHOICES:
        raise err("card_choice", "C-50")
    if not commit:
        return
    p.turn_used.append(CHURCHILL)
    if choice == "culture":
        p.culture += CHURCHILL_CULTURE
        events.append(Event("tta.churchill_culture", {"seat": p.seat, "card": CHURCHILL,
                                                      "culture": CHURCHILL_CULTURE}))
    else:
        p.unit_science += CHURCHILL_SCIENCE
        p.allowance += CHURCHILL_RESOURCES
        events.append(Event("tta.churchill_military", {
            "seat": p.seat, "card": CHURCHILL, "science": CHURCHILL_SCIENCE,
            "resources": CHURCHILL_RESOURCES}))


def churchill_default(p: Player, events: list[Event]) -> None:
    """G-LEAD-2: the action phase ended without a choice — the culture points (an uprising
    does not prevent them)."""
    if p.leader != CHURCHILL or CHURCHILL in p.turn_used:
        return
    p.turn_used.append(CHURCHILL)
    p.culture += CHURCHILL_CULTURE
    events.append(Event("tta.churchill_default", {"seat": p.seat, "card": CHURCHILL,
                                                  "culture": CHURCHILL_CULTURE}))


def bill_gates_award(s: State, p: Player) -> int:
    """C-52, F-END-7 step 2: the culture Bill Gates gives at game end — the sum of the levels
    of the owner's lab buildings at that moment; 0 without him in play. Pure: the caller adds
    it (final scoring sums the awards, then floors once, G-END-6)."""
    return lab_levels(p) if p.leader in LAB_RESOURCES else 0
