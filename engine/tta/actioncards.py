"""Action cards (T-ACARD): each card's effect, written once as a small named function and
looked up by card id. Playing one costs 1 CA and is not allowed in the turn it was taken
(T-ACARD-1); an ordered action is performed by the normal rules without its civil action, its
food/resource cost reduced by the card's discount, never below 0 (T-ACARD-2/4); a card whose
action cannot be performed cannot be played (T-ACARD-3). Gains that follow an ordered action
come after it and cannot pay for it (G-ACARD-1).

Decision: {"kind": "play", "args": {"card": id, ...}} with, per card, "gain" ("food" or
"resources"), "target" (the technology or building) and "to" (an upgrade's higher card)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from data.tta import CARDS, LEVEL
from engine.core import Event

from . import actions
from .flow import err
from .modes import remaining
from .state import Player, State
from .stats import stats
from .tokens import gain

Effect = Callable[[State, Player, dict[str, Any], list[Event], bool], None]


@dataclass(frozen=True)
class ActionCard:
    effect: Effect
    variants: Callable[[State, Player, str], Iterator[dict[str, Any]]]


def _none(s: State, p: Player, card: str) -> Iterator[dict[str, Any]]:
    yield {}


def points(science: int, culture: int) -> Effect:
    """Cultural Heritage, Revolutionary Idea: science and/or culture points (T-ACARD-5a)."""
    def effect(s: State, p: Player, args: dict[str, Any], events: list[Event], commit: bool
               ) -> None:
        if commit:
            p.science += science
            p.culture += culture
    return effect


def stockpile(food: int, resources: int) -> Effect:
    """Stockpile: food and resources (T-ACARD-5b, T-GAIN-1)."""
    def effect(s: State, p: Player, args: dict[str, Any], events: list[Event], commit: bool
               ) -> None:
        if commit:
            gain(p, "farm", food)
            gain(p, "mine", resources)
    return effect


def reserves(amount: int) -> Effect:
    """Reserves: `amount` food or `amount` resources, the player's choice."""
    def effect(s: State, p: Player, args: dict[str, Any], events: list[Event], commit: bool
               ) -> None:
        choice = args.get("gain")
        if choice not in ("food", "resources"):
            raise err("card_choice", "T-ACARD-3")
        if commit:
            gain(p, "farm" if choice == "food" else "mine", amount)
    return effect


def _food_or_resources(s: State, p: Player, card: str) -> Iterator[dict[str, Any]]:
    yield {"gain": "food"}
    yield {"gain": "resources"}


def frugality(food: int) -> Effect:
    """Frugality: increase population at the normal food price, then gain food."""
    def effect(s: State, p: Player, args: dict[str, Any], events: list[Event], commit: bool
               ) -> None:
        actions.population(s, p, {}, events, commit, paid=False)
        if commit:
            gain(p, "farm", food)
    return effect


def breakthrough(science: int) -> Effect:
    """Breakthrough: develop a technology at the full science price, then gain science."""
    def effect(s: State, p: Player, args: dict[str, Any], events: list[Event], commit: bool
               ) -> None:
        actions.develop(s, p, {"card": args.get("target")}, events, commit, paid=False)
        if commit:
            p.science += science
    return effect


def _techs_in_hand(s: State, p: Player, card: str) -> Iterator[dict[str, Any]]:
    for c in dict.fromkeys(p.hand):
        if CARDS[c].is_technology:
            yield {"target": c}


def build_or_upgrade(kinds: tuple[str, ...], discount: int, build: bool = True) -> Effect:
    """Rich Land, Urban Growth (build or upgrade), Efficient Upgrade (upgrade only): one
    building of the given kinds at `discount` resources less."""
    def effect(s: State, p: Player, args: dict[str, Any], events: list[Event], commit: bool
               ) -> None:
        target = actions.card_arg(args, "target")
        if CARDS[target].kind not in kinds:
            raise err("card_choice", "T-ACARD-3")
        if "to" in args:
            actions.upgrade(s, p, {"card": target, "to": args["to"]}, events, commit,
                            paid=False, discount=discount)
        elif build:
            actions.build(s, p, {"card": target}, events, commit, paid=False, discount=discount)
        else:
            raise err("card_choice", "T-ACARD-3")
    return effect


def _buildings(kinds: tuple[str, ...], build: bool = True):
    def variants(s: State, p: Player, card: str) -> Iterator[dict[str, Any]]:
        mine = [c for c in p.techs if CARDS[c].kind in kinds]
        for low in mine:
            if build:
                yield {"target": low}
            if p.workers.get(low, 0):
                for high in mine:
                    if (CARDS[high].type == CARDS[low].type
                            and LEVEL[CARDS[high].age] > LEVEL[CARDS[low].age]):
                        yield {"target": low, "to": high}
    return variants


def engineering_genius(discount: int) -> Effect:
    """Engineering Genius: exactly one stage of the own wonder, `discount` resources less
    (T-ACARD-6)."""
    def effect(s: State, p: Player, args: dict[str, Any], events: list[Event], commit: bool
               ) -> None:
        actions.wonder(s, p, {"stages": 1}, events, commit, paid=False, discount=discount,
                       most=1)
    return effect


def patriotism(allowance: int) -> Effect:
    """Patriotism: this turn 1 more military action and `allowance` resources toward building
    and upgrading units (G-ACARD-2: one pool for the turn; the extra action is drawn for if
    unspent but does not raise the military hand limit)."""
    def effect(s: State, p: Player, args: dict[str, Any], events: list[Event], commit: bool
               ) -> None:
        if commit:
            p.temp_ma += 1
            p.allowance += allowance
    return effect


# Wave of Nationalism, Military Build-Up: unit allowance per stronger civilisation; Endowment
# for the Arts: culture per civilisation with more culture points — by the number of remaining
# players (G-ACARD-3)
NATIONALISM = {2: 6, 3: 3, 4: 2}
BUILD_UP = {2: 8, 3: 5, 4: 3}  # C-65
ENDOWMENT = {2: 6, 3: 3, 4: 2}  # C-62


def ahead(s: State, p: Player, measure: Callable[[Player], int]) -> int:
    """The remaining players strictly ahead of `p` by `measure`: a tie does not put another
    civilisation ahead, the player using the card counts as the better (T-EVT-6, G-ACARD-3)."""
    mine = measure(p)
    return sum(1 for q in remaining(s) if q.seat != p.seat and measure(q) > mine)


def _strength(p: Player) -> int:
    return stats(p).strength


def _culture_points(p: Player) -> int:
    return p.culture


def unit_allowance_per_stronger(table: dict[int, int]) -> Effect:
    """Wave of Nationalism (2 with 4 players, 3 with 3, 6 with 2) and Military Build-Up
    (C-65: 3, 5, 8): this turn an allowance for units of that many resources per remaining
    civilisation stronger than the player's (G-ACARD-2/3)."""
    def effect(s: State, p: Player, args: dict[str, Any], events: list[Event], commit: bool
               ) -> None:
        if commit:
            p.allowance += table[len(remaining(s))] * ahead(s, p, _strength)
    return effect


def endowment_for_the_arts(s: State, p: Player, args: dict[str, Any], events: list[Event],
                           commit: bool) -> None:
    """Endowment for the Arts (C-62): culture points per remaining player with strictly more
    culture points (2 with 4 remaining players, 3 with 3, 6 with 2; G-ACARD-3)."""
    if commit:
        p.culture += ENDOWMENT[len(remaining(s))] * ahead(s, p, _culture_points)


FARM_MINE = ("farm", "mine")
URBAN = ("urban",)
ECONOMY = ("farm", "mine", "urban")

ACTION_CARDS: dict[str, ActionCard] = {
    "cultural_heritage_a": ActionCard(points(1, 4), _none),
    "cultural_heritage_i": ActionCard(points(2, 2), _none),
    "revolutionary_idea_ii": ActionCard(points(4, 0), _none),
    "stockpile_a": ActionCard(stockpile(1, 1), _none),
    "reserves_i": ActionCard(reserves(2), _food_or_resources),
    "reserves_ii": ActionCard(reserves(3), _food_or_resources),
    "frugality_a": ActionCard(frugality(1), _none),
    "frugality_i": ActionCard(frugality(2), _none),
    "frugality_ii": ActionCard(frugality(3), _none),
    "breakthrough_i": ActionCard(breakthrough(2), _techs_in_hand),
    "breakthrough_ii": ActionCard(breakthrough(3), _techs_in_hand),
    "rich_land_a": ActionCard(build_or_upgrade(FARM_MINE, 1), _buildings(FARM_MINE)),
    "rich_land_i": ActionCard(build_or_upgrade(FARM_MINE, 2), _buildings(FARM_MINE)),
    "rich_land_ii": ActionCard(build_or_upgrade(FARM_MINE, 3), _buildings(FARM_MINE)),
    "urban_growth_a": ActionCard(build_or_upgrade(URBAN, 1), _buildings(URBAN)),
    "urban_growth_i": ActionCard(build_or_upgrade(URBAN, 2), _buildings(URBAN)),
    "urban_growth_ii": ActionCard(build_or_upgrade(URBAN, 3), _buildings(URBAN)),
    "efficient_upgrade_ii": ActionCard(build_or_upgrade(ECONOMY, 3, build=False),
                                       _buildings(ECONOMY, build=False)),
    "engineering_genius_a": ActionCard(engineering_genius(2), _none),
    "engineering_genius_i": ActionCard(engineering_genius(3), _none),
    "engineering_genius_ii": ActionCard(engineering_genius(4), _none),
    "patriotism_a": ActionCard(patriotism(1), _none),
    "patriotism_i": ActionCard(patriotism(2), _none),
    "patriotism_ii": ActionCard(patriotism(3), _none),
    "wave_of_nationalism_ii": ActionCard(unit_allowance_per_stronger(NATIONALISM), _none),
    # Age III (C-60…C-67)
    "reserves_iii": ActionCard(reserves(4), _food_or_resources),
    "efficient_upgrade_iii": ActionCard(build_or_upgrade(ECONOMY, 4, build=False),
                                        _buildings(ECONOMY, build=False)),
    "endowment_for_the_arts_iii": ActionCard(endowment_for_the_arts, _none),
    "engineering_genius_iii": ActionCard(engineering_genius(5), _none),
    "urban_growth_iii": ActionCard(build_or_upgrade(URBAN, 4), _buildings(URBAN)),
    "military_build_up_iii": ActionCard(unit_allowance_per_stronger(BUILD_UP), _none),
    "patriotism_iii": ActionCard(patriotism(4), _none),
    "revolutionary_idea_iii": ActionCard(points(6, 0), _none),
}


def play(s: State, p: Player, args: dict[str, Any], events: list[Event], commit: bool) -> None:
    """T-ACARD-1..4: 1 CA, then the card's effect; the card is discarded for good."""
    actions.not_round_one(s)
    card_id = actions.card_arg(args)
    if card_id not in p.hand:
        raise err("not_in_hand", "T-ACARD-2")
    if CARDS[card_id].kind != "action" or card_id not in ACTION_CARDS:
        raise err("not_action_card", "T-ACARD-2")
    if card_id in p.taken:
        raise err("taken_this_turn", "T-ACARD-1")
    actions.need_civil(p, 1)
    effect = ACTION_CARDS[card_id].effect
    effect(s, p, args, events, False)
    if not commit:
        return
    p.ca_spent += 1
    p.hand.remove(card_id)
    s.removed.append(card_id)
    effect(s, p, args, events, True)
    events.append(Event("tta.action_card", {"seat": p.seat, "card": card_id}))


def variants(s: State, p: Player, card_id: str) -> Iterator[dict[str, Any]]:
    return ACTION_CARDS[card_id].variants(s, p, card_id)
