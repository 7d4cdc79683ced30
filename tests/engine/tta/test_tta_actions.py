"""The civil and military actions of the action phase (T-ACT, T-TAKE, T-HAND, T-POP, T-BUILD,
T-UPG, T-DEST, T-LEAD, T-WOND, T-TECH, T-GOV): each legal, and refused with the rule named and
the state untouched."""

from __future__ import annotations

import pytest

from engine.tta.state import State
from engine.tta.stats import civil_available, military_available, stats
from engine.tta.tokens import stored
from tests.engine.tta.tta_helpers import actor, arrange, end_round_one, game, play, refused


def round_two(n: int = 3) -> State:
    """The starting player (seat 0) at the start of his round-2 action phase: 4 CA, 2 MA,
    2 food on Agriculture and 2 resources on Bronze."""
    return end_round_one(game(n, start=0))


def test_round_two_begins_with_all_actions() -> None:
    """T-ACT-1, T-R1-4."""
    s = round_two()
    p = actor(s)
    assert p.seat == 0 and (civil_available(p), military_available(p)) == (4, 2)
    assert stored(p, "farm") == 2 and stored(p, "mine") == 2


# --- taking cards ---------------------------------------------------------------------------------

def test_civil_hand_limit_but_wonders_still_allowed() -> None:
    """T-HAND-1: no more civil cards in hand than civil actions; a wonder is still taken."""
    s = round_two()
    p = actor(s)
    p.hand = ["frugality_i"] * 4
    s.row[0], s.row[1] = "breakthrough_i", "pyramids_a"
    refused(s, 0, "take", "T-HAND-1", slot=0)
    s = play(s, 0, "take", slot=1)
    assert actor(s).wonder == "pyramids_a"


def test_one_unfinished_wonder_and_the_surcharge() -> None:
    """T-TAKE-3: no second wonder while one is unfinished; T-TAKE-4: +1 CA per completed
    wonder."""
    s = round_two()
    p = actor(s)
    p.wonder = "colossus_a"
    s.row[0] = "pyramids_a"
    refused(s, 0, "take", "T-TAKE-3", slot=0)
    p.wonder, p.wonders = None, ["colossus_a", "hanging_gardens_a"]
    s = play(s, 0, "take", slot=0)
    assert civil_available(actor(s)) == 4 + 0 - 3  # 1 + 2 for two completed wonders


def test_no_technology_of_a_name_already_held() -> None:
    """T-TAKE-5: not the same name as one in hand or in play."""
    s = round_two()
    p = actor(s)
    p.hand = ["irrigation_i"]
    s.row[0], s.row[1] = "irrigation_i", "iron_i"
    refused(s, 0, "take", "T-TAKE-5", slot=0)
    p.hand, p.techs = [], [*p.techs, "iron_i"]
    refused(s, 0, "take", "T-TAKE-5", slot=1)


# --- population -----------------------------------------------------------------------------------

def test_increase_population_costs_by_the_yellow_bank() -> None:
    """T-POP-1/4: 1 CA, the rightmost token, 2 food for the first two, then 3."""
    s = round_two()
    arrange(actor(s), blue={"agriculture_a": 9})
    s = play(s, 0, "population")
    p = actor(s)
    assert (p.yellow_bank, p.pool, stored(p, "farm"), civil_available(p)) == (17, 2, 7, 3)
    s = play(s, 0, "population")
    s = play(s, 0, "population")
    p = actor(s)
    assert (p.yellow_bank, p.pool, stored(p, "farm")) == (15, 4, 2)  # 9 - 2 - 2 - 3


def test_population_refusals() -> None:
    """T-POP-3: not enough food; an empty yellow bank."""
    s = round_two()
    arrange(actor(s), blue={"agriculture_a": 1})
    refused(s, 0, "population", "T-POP-3")
    arrange(actor(s), blue={"agriculture_a": 5}, yellow_bank=0)
    refused(s, 0, "population", "T-POP-3")


def test_moses_lowers_the_food_cost() -> None:
    """T-POP-5, T-LEAD-5: Moses, population increases cost 1 food less."""
    s = round_two()
    arrange(actor(s), blue={"agriculture_a": 1}, leader="moses_a")
    s = play(s, 0, "population")
    assert stored(actor(s), "farm") == 0 and actor(s).pool == 2


# --- building -------------------------------------------------------------------------------------

@pytest.mark.parametrize(("card", "cost", "rating"), [
    ("agriculture_a", 2, None), ("bronze_a", 2, None), ("philosophy_a", 3, "science"),
    ("religion_a", 3, "happiness")])
def test_build_on_the_printed_technologies(card: str, cost: int, rating: str | None) -> None:
    """T-BUILD-1/2/5: 1 CA, the printed cost, an unused worker onto the card."""
    s = round_two()
    arrange(actor(s), blue={"bronze_a": 4, "agriculture_a": 2})
    before = stats(actor(s))
    s = play(s, 0, "build", card=card)
    p = actor(s)
    assert stored(p, "mine") == 4 - cost and p.pool == 0 and civil_available(p) == 3
    if rating:
        assert getattr(stats(p), rating) == getattr(before, rating) + 1


def test_build_a_unit_costs_a_military_action() -> None:
    """T-BUILD-3: 1 MA, Warriors cost 2, strength +1."""
    s = round_two()
    s = play(s, 0, "build", card="warriors_a")
    p = actor(s)
    assert (military_available(p), civil_available(p), stats(p).strength) == (1, 4, 2)


def test_build_refusals() -> None:
    """T-BUILD-4 no unused worker; T-BUILD-2 urban limit; T-ACT-5 resources; T-BUILD-1 a
    technology not in play."""
    s = round_two()
    arrange(actor(s), blue={"bronze_a": 8}, pool=0)
    refused(s, 0, "build", "T-BUILD-4", card="agriculture_a")
    arrange(actor(s), pool=1, workers={"philosophy_a": 2, "agriculture_a": 2, "bronze_a": 2,
                                       "warriors_a": 1})
    actor(s).pool = 1
    refused(s, 0, "build", "T-BUILD-2", card="philosophy_a")
    arrange(actor(s), blue={"bronze_a": 1})
    refused(s, 0, "build", "T-ACT-5", card="agriculture_a")
    refused(s, 0, "build", "T-BUILD-1", card="irrigation_i")


# --- upgrading ------------------------------------------------------------------------------------

@pytest.mark.parametrize(("low", "high", "cost"), [
    ("agriculture_a", "selective_breeding_ii", 4), ("bronze_a", "iron_i", 3),
    ("iron_i", "coal_ii", 3), ("bronze_a", "coal_ii", 6), ("philosophy_a", "alchemy_i", 3),
    ("philosophy_a", "scientific_method_ii", 5), ("alchemy_i", "scientific_method_ii", 2),
    ("bread_and_circuses_i", "team_sports_ii", 2)])
def test_upgrade_values_of_the_guide(low: str, high: str, cost: int) -> None:
    """T-UPG-1, T-UPG-5: pay the difference, move the worker up."""
    s = round_two()
    p = actor(s)
    arrange(p, techs=[low, high], workers={**p.workers, low: 1}, blue={"bronze_a": 10})
    p.pool = 1
    before = stats(p)
    s = play(s, 0, "upgrade", card=low, to=high)
    p = actor(s)
    assert stored(p, "mine") == 10 - cost and p.workers.get(high) == 1
    if high == "team_sports_ii":  # arena I -> II: strength +1, happiness +1
        assert stats(p).strength == before.strength + 1
        assert stats(p).happiness == before.happiness + 1


def test_masonry_discounts_both_costs() -> None:
    """T-UPG-3: with Masonry an Age I lab costs 5, so A -> I costs 2; I -> II as without."""
    s = round_two()
    p = actor(s)
    arrange(p, techs=["masonry_i", "alchemy_i", "scientific_method_ii"],
            blue={"bronze_a": 10})
    s1 = play(s, 0, "upgrade", card="philosophy_a", to="alchemy_i")
    assert stored(actor(s1), "mine") == 8
    s2 = play(s1, 0, "upgrade", card="alchemy_i", to="scientific_method_ii")
    assert stored(actor(s2), "mine") == 6


def test_upgrade_refusals() -> None:
    """T-UPG-1: same type and a higher level; T-UPG-2: units keep their type."""
    s = round_two()
    arrange(actor(s), techs=["knights_i", "iron_i"], blue={"bronze_a": 9})
    refused(s, 0, "upgrade", "T-UPG-2", card="warriors_a", to="knights_i")
    refused(s, 0, "upgrade", "T-UPG-1", card="bronze_a", to="agriculture_a")
    refused(s, 0, "upgrade", "T-UPG-1", card="religion_a", to="iron_i")


def test_upgrade_with_the_urban_limit_full() -> None:
    """T-UPG-4: the urban limit never prevents an upgrade."""
    s = round_two()
    p = actor(s)
    arrange(p, techs=["alchemy_i"], workers={**p.workers, "philosophy_a": 2},
            blue={"bronze_a": 5})
    p.pool = 1
    s = play(s, 0, "upgrade", card="philosophy_a", to="alchemy_i")
    assert actor(s).workers["alchemy_i"] == 1


# --- destroying and disbanding ------------------------------------------------------------------

def test_destroy_and_disband() -> None:
    """T-DEST-1 (1 CA) and T-DEST-2 (1 MA): the worker goes to the pool, no refund."""
    s = round_two()
    s = play(s, 0, "destroy", card="philosophy_a")
    p = actor(s)
    assert p.pool == 2 and "philosophy_a" not in p.workers and civil_available(p) == 3
    assert stats(p).science == 0
    s = play(s, 0, "disband", card="warriors_a")
    p = actor(s)
    assert p.pool == 3 and military_available(p) == 1 and stats(p).strength == 0
    refused(s, 0, "destroy", "T-DEST-1", card="religion_a")
    refused(s, 0, "disband", "T-DEST-2", card="agriculture_a")


# --- leaders --------------------------------------------------------------------------------------

def test_leader_replacement_scenario() -> None:
    """T-LEAD-5: Moses in play, 4 CA: increase population (with Moses' discount), take an
    Age I leader from a 2-CA space, play it with the last CA: Moses leaves the game and 1 CA
    comes back."""
    s = round_two()
    arrange(actor(s), leader="moses_a", leader_ages=["A"], blue={"agriculture_a": 2})
    s.row[5] = "michelangelo_i"
    s = play(s, 0, "population")
    s = play(s, 0, "take", slot=5)
    assert civil_available(actor(s)) == 1
    s = play(s, 0, "leader", card="michelangelo_i")
    p = actor(s)
    assert p.leader == "michelangelo_i" and "moses_a" in s.removed
    assert civil_available(p) == 1


def test_no_civil_action_no_replacement() -> None:
    """T-LEAD-5 (second half), T-LEAD-4: with no CA left the leader cannot be played."""
    s = round_two()
    p = actor(s)
    arrange(p, leader="moses_a", hand=["michelangelo_i"])
    p.ca_spent = 4
    refused(s, 0, "leader", "T-ACT-5", card="michelangelo_i")
    p.ca_spent = 0
    refused(s, 0, "leader", "T-LEAD-2", card="frugality_i")


# --- wonders --------------------------------------------------------------------------------------

def test_wonder_stages_and_completion() -> None:
    """T-WOND-4..6: 1 CA and the stage's cost; a blue bank token marks the stage (and counts
    toward corruption, T-WOND-5); on completion the tokens return and the Pyramids' +1 CA is
    available at once."""
    s = round_two()
    arrange(actor(s), wonder="pyramids_a", blue={"bronze_a": 6})
    s = play(s, 0, "wonder", stages=1)
    p = actor(s)
    assert p.wonder_stages == 1 and stored(p, "mine") == 3 and p.blue_bank == 16 - 3 - 1
    refused(s, 0, "wonder", "G-WOND-1", stages=2)
    s = play(s, 0, "wonder", stages=1)
    s = play(s, 0, "wonder", stages=1)
    p = actor(s)
    assert p.wonder is None and p.wonders == ["pyramids_a"] and p.blue_bank == 16
    assert stats(p).civil_actions == 5 and civil_available(p) == 2


def test_masonry_builds_two_stages_for_one_action() -> None:
    """G-WOND-1: Masonry up to 2 stages per civil action, paying both."""
    s = round_two()
    arrange(actor(s), wonder="pyramids_a", techs=["masonry_i"], blue={"bronze_a": 6})
    s = play(s, 0, "wonder", stages=2)
    p = actor(s)
    assert p.wonder_stages == 2 and stored(p, "mine") == 1 and civil_available(p) == 3


def test_wonder_refusals() -> None:
    """T-WOND-4: no unfinished wonder; not enough resources."""
    s = round_two()
    refused(s, 0, "wonder", "T-WOND-4", stages=1)
    arrange(actor(s), wonder="colossus_a", blue={"bronze_a": 2})
    refused(s, 0, "wonder", "T-ACT-5", stages=1)


# --- technologies and governments -----------------------------------------------------------------

def test_develop_a_technology() -> None:
    """T-TECH-2: 1 CA and the science cost; the card goes into play (workers later)."""
    s = round_two()
    arrange(actor(s), hand=["irrigation_i"], science=5)
    s = play(s, 0, "develop", card="irrigation_i")
    p = actor(s)
    assert "irrigation_i" in p.techs and p.hand == [] and p.science == 2
    assert civil_available(p) == 3
    arrange(p, hand=["iron_i"], science=4)
    refused(s, 0, "develop", "T-TECH-2", card="iron_i")
    refused(s, 0, "develop", "T-TECH-2", card="coal_ii")


def test_special_technology_replaces_the_lower_of_its_type() -> None:
    """T-TECH-4, G-TECH-2: Architecture replaces Masonry (both construction)."""
    s = round_two()
    arrange(actor(s), techs=["masonry_i"], hand=["architecture_ii"], science=6)
    s = play(s, 0, "develop", card="architecture_ii")
    p = actor(s)
    assert "architecture_ii" in p.techs and "masonry_i" not in p.techs
    assert "masonry_i" in s.removed


def test_peaceful_change_of_government() -> None:
    """T-TECH-5, G-GOV-1: the higher cost; the new actions are available at once."""
    s = round_two()
    arrange(actor(s), hand=["monarchy_i"], science=8)
    s = play(s, 0, "develop", card="monarchy_i")
    p = actor(s)
    assert p.government == "monarchy_i" and p.science == 0
    assert (civil_available(p), military_available(p)) == (4, 3)
    assert stats(p).urban_limit == 3


def test_revolution_scenario() -> None:
    """T-GOV-5: Despotism, 4 CA unspent, Monarchy in hand: all 4 CA and 2 science; 5 CA and
    3 MA: the new red token available, the new white one spent."""
    s = round_two()
    arrange(actor(s), hand=["monarchy_i"], science=3)
    s = play(s, 0, "revolution", card="monarchy_i")
    p = actor(s)
    assert p.government == "monarchy_i" and p.science == 1
    assert (civil_available(p), military_available(p)) == (0, 3)
    assert stats(p).civil_actions == 5


def test_revolution_needs_every_civil_action() -> None:
    """T-GOV-3/4: refused once a civil action was spent this turn (so never right after
    taking the government from the row)."""
    s = round_two()
    s.row[0] = "monarchy_i"
    arrange(actor(s), science=9)
    s = play(s, 0, "take", slot=0)
    refused(s, 0, "revolution", "T-GOV-3", card="monarchy_i")
    refused(s, 0, "revolution", "T-GOV-3", card="frugality_i")
