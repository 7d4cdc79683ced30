"""The action-phase powers of leaders and wonders (cards.csv summaries):
- Hammurabi, "convert" {}: once per turn 1 MA spent as 1 CA. G-LEAD-HAM: written as "the
  military action pays back a spent civil action", so it needs a civil action already spent
  — the same result as converting first, without a store of temporary civil actions;
- Frederick Barbarossa, "barbarossa" {"card": unit}: for 1 MA, a population increase at 1 food
  less and then a unit build at 1 resource less (both parts, population first: the new worker
  may be the one that builds; G-LEAD-FB, a choice of this engine);
- J. S. Bach, "bach" {"card", "to"}: once per turn for 1 CA, one urban building becomes a
  theatre of the same or a later age (the theatre limit holds);
- Ocean Liner Service, "liner" {}: once per turn +1 population, free.
Homer's allowance and tucking, Hammurabi's and Taj Mahal's row discounts are in actions.py and
turn.py; Genghis Khan's culture in turn.py."""

from __future__ import annotations

from typing import Any

from data.tta import CARDS, LEVEL
from engine.core import Event

from . import actions
from .colonize import free_population
from .flow import err
from .state import Player, State
from .stats import buildings_of, stats

HAMMURABI = "hammurabi_a"
BARBAROSSA = "frederick_barbarossa_i"
BACH = "j_s_bach_ii"
LINER = "ocean_liner_service_ii"


def _once(p: Player, key: str) -> None:
    if key in p.turn_used:
        raise err("once_per_turn", "T-ACT-5")


def convert(s: State, p: Player, args: dict[str, Any], events: list[Event], commit: bool
            ) -> None:
    actions.not_round_one(s)
    if p.leader != HAMMURABI:
        raise err("not_your_leader", "T-ACT-5")
    _once(p, HAMMURABI)
    actions.need_military(p, 1)
    if p.ca_spent < 1:
        raise err("nothing_to_convert", "T-ACT-5")
    if not commit:
        return
    p.ma_spent += 1
    p.ca_spent -= 1
    p.turn_used.append(HAMMURABI)
    events.append(Event("tta.convert", {"seat": p.seat}))


def barbarossa(s: State, p: Player, args: dict[str, Any], events: list[Event], commit: bool
               ) -> None:
    actions.not_round_one(s)
    if p.leader != BARBAROSSA:
        raise err("not_your_leader", "T-ACT-5")
    unit = actions.card_arg(args)
    if CARDS[unit].kind != "unit":
        raise err("not_in_play", "T-BUILD-1")
    actions.need_military(p, 1)
    if not commit:
        # check both parts in order on a scratch copy of the player (they change nothing
        # else): the build may need the new worker
        _both(s, Player(**p.to_json()), unit, [])
        return
    _both(s, p, unit, events)
    events.append(Event("tta.barbarossa", {"seat": p.seat, "card": unit}))


def _both(s: State, p: Player, unit: str, events: list[Event]) -> None:
    actions.population(s, p, {}, events, False, paid=False, discount=1)
    actions.population(s, p, {}, events, True, paid=False, discount=1)
    p.ma_spent += 1
    actions.build(s, p, {"card": unit}, events, False, paid=False, discount=1)
    actions.build(s, p, {"card": unit}, events, True, paid=False, discount=1)


def bach(s: State, p: Player, args: dict[str, Any], events: list[Event], commit: bool) -> None:
    actions.not_round_one(s)
    if p.leader != BACH:
        raise err("not_your_leader", "T-ACT-5")
    _once(p, BACH)
    low, high = actions.card_arg(args), actions.card_arg(args, "to")
    if CARDS[low].kind != "urban" or p.workers.get(low, 0) < 1:
        raise err("no_building", "T-ACT-5")
    if high not in p.techs or CARDS[high].kind != "urban" or CARDS[high].subtype != "theater" \
            or low == high or LEVEL[CARDS[high].age] < LEVEL[CARDS[low].age]:
        raise err("bach_target", "T-ACT-5")
    if CARDS[low].subtype != "theater" and buildings_of(p, "theater") >= stats(p).urban_limit:
        raise err("urban_limit", "T-BUILD-2", limit=stats(p).urban_limit,
                  count=stats(p).urban_limit)
    actions.need_civil(p, 1)
    if not commit:
        return
    p.ca_spent += 1
    p.turn_used.append(BACH)
    actions.move_worker(p, low, -1)
    actions.move_worker(p, high, 1)
    events.append(Event("tta.bach", {"seat": p.seat, "card": low, "to": high}))


def liner(s: State, p: Player, args: dict[str, Any], events: list[Event], commit: bool
          ) -> None:
    actions.not_round_one(s)
    if LINER not in p.wonders:
        raise err("not_your_wonder", "T-ACT-5")
    _once(p, LINER)
    if p.yellow_bank < 1:
        raise err("population_empty", "T-POP-3")
    if not commit:
        return
    p.turn_used.append(LINER)
    free_population(p, 1)
    events.append(Event("tta.liner", {"seat": p.seat}))
