"""The Age III events, "Impact of …" (C-75…C-89), each on an arranged civilisation; the ranking
cards' tables and tie rule (F-END-8, G-EVT-1, G-END-5); an Age III event revealed during play
(F-END-3, F-END-8: a negative award floored at once)."""

from __future__ import annotations

import pytest

import engine.tta as T
from engine.core import Event
from engine.tta import eventcards, impacts, pacts
from engine.tta.impacts import EVERY_PLAYER, IMPACTS, RANKING, awards
from engine.tta.state import Player, State
from tests.engine.tta.tta_helpers import arrange, end_round_one

GATES = "bill_gates_iii"


def full(n: int = 3, start: int = 0) -> State:
    return end_round_one(T.new_game(n, 6, {"mode": "full", "start_player": start}))


def award(card: str, p: Player, s: State) -> int:
    return awards(s, card, s.turn)[p.seat]


@pytest.fixture
def table() -> tuple[State, Player]:
    """A full game at round 2 and its seat 0: the printed start (2 farms, 2 mines, 1 lab, 1
    infantry on Age A technologies, Despotism, 1 unused worker, 18 yellow in the bank)."""
    s = full()
    return s, s.players[0]


def test_every_age_iii_event_is_written() -> None:
    """C-75…C-89: the fifteen Age III events, each once."""
    assert len(IMPACTS) == 15 and len(EVERY_PLAYER) == 13 and len(RANKING) == 2
    assert all(card.endswith("_iii") and card.startswith("impact_of_") for card in IMPACTS)


def test_impact_of_agriculture(table: tuple[State, Player]) -> None:
    """C-75: food production (2 farms × 1 + 1 Irrigation × 2 = 4), 4 more when strictly above
    consumption (0 with 18 yellow tokens in the bank; 4 with 4 tokens)."""
    s, p = table
    arrange(p, techs=["irrigation_i"], workers={**p.workers, "irrigation_i": 1})
    assert award("impact_of_agriculture_iii", p, s) == 8
    arrange(p, yellow_bank=4)
    assert award("impact_of_agriculture_iii", p, s) == 4


def test_impact_of_architecture(table: tuple[State, Player]) -> None:
    """C-76: the levels of the urban buildings (Age A 0, two Alchemy 2, Journalism 2,
    Computers 3); farms and mines do not count."""
    s, p = table
    arrange(p, techs=["alchemy_i", "journalism_ii", "computers_iii", "iron_i"],
            workers={**p.workers, "alchemy_i": 2, "journalism_ii": 1, "computers_iii": 1,
                     "iron_i": 1})
    assert award("impact_of_architecture_iii", p, s) == 7


def test_impact_of_balance_and_bill_gates_production(table: tuple[State, Player]) -> None:
    """C-77: twice the lowest of food production (3), resource production (2), science (3) and
    culture (3) ratings: 4; Bill Gates' lab resources are resource production (C-52: the
    Alchemy lab's level 1, the Age A lab 0): the lowest becomes 3, so 6."""
    s, p = table
    arrange(p, techs=["alchemy_i"], workers={"agriculture_a": 3, "bronze_a": 2,
                                             "philosophy_a": 1, "alchemy_i": 1,
                                             "religion_a": 3, "warriors_a": 1})
    assert award("impact_of_balance_iii", p, s) == 4
    p.leader = GATES
    assert award("impact_of_balance_iii", p, s) == 6


def test_final_production_counts_the_pacts(table: tuple[State, Player]) -> None:
    """F-END-9: production as a production phase computes it, pacts included — International
    Trade Agreement gives side A a resource and side B a food (C-111), Acceptance of Supremacy
    takes one of side B's mined resources (C-110): Impact of Agriculture and of Balance read
    them."""
    s, p = table
    arrange(p, workers={**p.workers, "agriculture_a": 2, "bronze_a": 2}, yellow_bank=18)
    food = award("impact_of_agriculture_iii", p, s)
    s.pacts.append({"card": "international_trade_agreement_ii", "owner": 1, "partner": 0,
                    "side": "A"})  # seat 0 takes side B: +1 food
    pacts.refresh(s)
    assert award("impact_of_agriculture_iii", p, s) == food + 1
    assert impacts.resource_production(s, p) == 2
    s.pacts.append({"card": "acceptance_of_supremacy_ii", "owner": 2, "partner": 0,
                    "side": "A"})  # seat 0 takes side B: one mined resource less
    pacts.refresh(s)
    assert impacts.resource_production(s, p) == 1


def test_impact_of_colonies(table: tuple[State, Player]) -> None:
    """C-78: 3 per colony."""
    s, p = table
    p.colonies = ["strategic_territory_i", "wealthy_territory_ii"]
    assert award("impact_of_colonies_iii", p, s) == 6
    assert award("impact_of_colonies_iii", s.players[1], s) == 0


def test_impact_of_competition(table: tuple[State, Player]) -> None:
    """C-79: the levels of the military units (Warriors 0, two Swordsmen 2, Cannon 2, Air
    Forces 3) and of the arenas (Team Sports 2); labs do not count."""
    s, p = table
    arrange(p, techs=["swordsmen_i", "cannon_ii", "air_forces_iii", "team_sports_ii",
                      "computers_iii"],
            workers={**p.workers, "swordsmen_i": 2, "cannon_ii": 1, "air_forces_iii": 1,
                     "team_sports_ii": 1, "computers_iii": 1})
    assert award("impact_of_competition_iii", p, s) == 9


def test_impact_of_government(table: tuple[State, Player]) -> None:
    """C-80: 2 per civil action and 1 per military action of the totals: Despotism 4 / 2 →
    10; Monarchy 5 / 3 → 13."""
    s, p = table
    assert award("impact_of_government_iii", p, s) == 10
    p.government = "monarchy_i"
    assert award("impact_of_government_iii", p, s) == 13


def test_impact_of_happiness(table: tuple[State, Player]) -> None:
    """C-81: min(16, 2 × happiness) − 2 × discontent workers: 8 happy faces give 16; 3 happy
    faces with 8 required (an empty yellow bank) give 6 − 10 = −4."""
    s, p = table
    arrange(p, workers={**p.workers, "religion_a": 8}, pool=0)
    assert award("impact_of_happiness_iii", p, s) == 16
    arrange(p, workers={**p.workers, "religion_a": 3}, yellow_bank=0)
    assert award("impact_of_happiness_iii", p, s) == -4


def test_impact_of_industry(table: tuple[State, Player]) -> None:
    """C-82, G-END-7: the mines (2 Bronze × 1 + Iron × 2 = 4), with the Transcontinental
    Railroad's extra worker on the best mine (+2); Bill Gates' lab resources do not count."""
    s, p = table
    arrange(p, techs=["iron_i", "alchemy_i"],
            workers={**p.workers, "iron_i": 1, "alchemy_i": 1})
    p.leader = GATES
    assert award("impact_of_industry_iii", p, s) == 4
    p.wonders = ["transcontinental_railroad_ii"]
    assert award("impact_of_industry_iii", p, s) == 6


def test_impact_of_population_counts_unused_workers(table: tuple[State, Player]) -> None:
    """C-83, G-END-3: 2 per content worker above 10, where all workers (on cards and unused)
    count, less the discontent ones: 6 on cards + 8 unused = 14 → 8; with 2 discontent
    workers (11 yellow tokens left in the bank, no happy face) 12 → 4."""
    s, p = table
    arrange(p, pool=8)
    assert award("impact_of_population_iii", p, s) == 8
    p.yellow_bank = 11
    assert award("impact_of_population_iii", p, s) == 4


def test_impact_of_progress(table: tuple[State, Player]) -> None:
    """C-84: twice the level of the government (Monarchy 1) plus the special technologies'
    levels (Code of Laws 1, Navigation 2, Engineering 3)."""
    s, p = table
    p.government = "monarchy_i"
    arrange(p, techs=["code_of_laws_i", "navigation_ii", "engineering_iii"])
    assert award("impact_of_progress_iii", p, s) == 14


def test_impact_of_technology(table: tuple[State, Player]) -> None:
    """C-87: 4 per Age III technology card in play, the government and special technologies
    included, with or without workers (Democracy, Computers, Satellites); Age II cards
    nothing."""
    s, p = table
    p.government = "democracy_iii"
    arrange(p, techs=["computers_iii", "satellites_iii", "coal_ii"])
    assert award("impact_of_technology_iii", p, s) == 12


def test_impact_of_variety(table: tuple[State, Player]) -> None:
    """C-88: twice the number of urban building types and unit types with a building or unit
    (lab, theater; infantry, cavalry) plus the special technologies (Cartography); the temple
    technology without a worker, farms and mines do not count."""
    s, p = table
    assert award("impact_of_variety_iii", p, s) == 4  # lab, infantry
    arrange(p, techs=["drama_i", "knights_i", "cartography_i"],
            workers={**p.workers, "drama_i": 1, "knights_i": 1})
    assert award("impact_of_variety_iii", p, s) == 10


def test_impact_of_wonders(table: tuple[State, Player]) -> None:
    """C-89: per completed wonder 5 / 4 / 3 / 2 for Ages A / I / II / III, flipped ones
    included; the unfinished wonder nothing."""
    s, p = table
    p.wonders = ["great_wall_i", "eiffel_tower_ii", "internet_iii"]
    p.ruins = ["colossus_a"]
    p.wonder = "hollywood_iii"
    assert award("impact_of_wonders_iii", p, s) == 4 + 3 + 2 + 5


def _strength(p: Player, warriors: int) -> None:
    arrange(p, workers={**p.workers, "warriors_a": warriors}, pool=1)


@pytest.mark.parametrize(("n", "table_"), [(2, [10, 0]), (3, [14, 7, 0]),
                                           (4, [15, 10, 5, 0])])
def test_ranking_tables(n: int, table_: list[int]) -> None:
    """C-86, F-END-8, G-END-5: the amounts by the number of remaining players; the strongest
    first."""
    s = full(n)
    for p in s.players:
        _strength(p, p.seat + 1)
    got = awards(s, "impact_of_strength_iii", 0)
    assert [got[q] for q in reversed(range(n))] == table_


def test_ranking_ties_go_to_the_current_player_then_in_turn_order() -> None:
    """C-85, F-END-8, G-EVT-1: tied players get different amounts — the current player ranks
    first, then whoever plays earlier after him. Science ratings all 1: current seat 2 gets 14, seat
    0 (next) 7, seat 1 0."""
    s = full(3)
    got = awards(s, "impact_of_science_iii", 2)
    assert got == {2: 14, 0: 7, 1: 0}


def test_ranking_skips_resigned_players() -> None:
    """F-GEN-2, G-END-5: a resigned player is not ranked and the table is that of the
    remaining players (2 remaining of 3: 10 / 0)."""
    s = full(3)
    s.players[1].resigned = True
    assert awards(s, "impact_of_science_iii", 0) == {0: 10, 2: 0}
    assert 1 not in awards(s, "impact_of_colonies_iii", 0)


def test_revealed_during_play_negative_award_floored() -> None:
    """F-END-3, F-END-8: an Age III event revealed during play gives every remaining player
    its award at once; a negative one (Impact of Happiness) lowers culture, floored at 0; the
    card goes to the past events pile and a public event names the awards."""
    s = full(3)
    p = s.players[0]
    arrange(p, workers={**p.workers, "religion_a": 3}, yellow_bank=0)  # −4
    p.culture = 3
    s.players[1].culture = 10
    events: list[Event] = []
    eventcards.resolve(s, 0, "impact_of_happiness_iii", events)
    assert p.culture == 0 and s.players[1].culture == 10
    assert s.past_events[-1] == "impact_of_happiness_iii"
    impact = [e.args for e in events if e.template == "tta.impact"]
    assert impact == [{"card": "impact_of_happiness_iii", "awards": [[0, -4], [1, 0], [2, 0]]}]


def test_revealed_ranking_uses_the_player_whose_turn_it_is() -> None:
    """F-END-8: during play the tie rule starts from the player who revealed the event."""
    s = full(3)
    eventcards.resolve(s, 1, "impact_of_science_iii", [])
    assert [p.culture for p in s.players] == [0, 14, 7]
