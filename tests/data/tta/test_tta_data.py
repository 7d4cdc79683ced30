"""The card data and board constants (data/tta): shared/rules/through-the-ages.md §1, G-BANK,
G-SETUP, T-SETUP-7/8."""

from __future__ import annotations

import pytest

from data.tta import (
    CARDS,
    SWEEP,
    YELLOW_TABLE,
    corruption,
    deck,
    events_count,
    row_cost,
)


def test_board_technologies_are_age_a_civil_cards_with_the_guides_costs() -> None:
    """T-COMP-9, T-BUILD-5: Agriculture 2, Bronze 2, Philosophy 3, Religion 3; Warriors 2
    (G-DATA-2); Despotism 4 CA / 2 MA / limit 2 (T-GOV-1)."""
    costs = {c: CARDS[c].cost_resources for c in
             ("agriculture_a", "bronze_a", "philosophy_a", "religion_a", "warriors_a")}
    assert costs == {"agriculture_a": 2, "bronze_a": 2, "philosophy_a": 3, "religion_a": 3,
                     "warriors_a": 2}
    gov = CARDS["despotism_a"]
    assert (gov.civil_actions, gov.military_actions, gov.urban_limit) == (4, 2, 2)
    assert all(CARDS[c].copies == (0, 0, 0) for c in costs)


def test_upgrade_values_of_the_guide_fit_the_data() -> None:
    """T-UPG-5: Age I mine 5, Age II mine 8, Age II farm 6, Age I lab 6, Age II lab 8."""
    assert CARDS["iron_i"].cost_resources == 5
    assert CARDS["coal_ii"].cost_resources == 8
    assert CARDS["selective_breeding_ii"].cost_resources == 6
    assert CARDS["alchemy_i"].cost_resources == 6
    assert CARDS["scientific_method_ii"].cost_resources == 8
    assert CARDS["pyramids_a"].stages == (3, 2, 1)  # T-WOND-2
    assert (CARDS["monarchy_i"].cost_revolution, CARDS["monarchy_i"].civil_actions,
            CARDS["monarchy_i"].military_actions) == (2, 5, 3)  # T-GOV-5


def test_yellow_bank_table() -> None:
    """G-BANK-1: the first two increases cost 2, then 3 with consumption 1 and one happy face
    required (T-POP-4); the empty bank consumes 6 and needs 8 faces."""
    assert YELLOW_TABLE[18] == (2, 0, 0) and YELLOW_TABLE[17] == (2, 0, 0)
    assert YELLOW_TABLE[16] == (3, 1, 1) and YELLOW_TABLE[13] == (3, 1, 1)
    assert YELLOW_TABLE[12] == (4, 2, 2) and YELLOW_TABLE[10] == (4, 2, 3)
    assert YELLOW_TABLE[8] == (5, 3, 4) and YELLOW_TABLE[6] == (5, 3, 5)
    assert YELLOW_TABLE[4] == (7, 4, 6) and YELLOW_TABLE[2] == (7, 4, 7)
    assert YELLOW_TABLE[0] == (None, 6, 8)


@pytest.mark.parametrize(("bank", "lost"), [(16, 0), (11, 0), (10, 2), (6, 2), (5, 4), (1, 4),
                                            (0, 6), (20, 0)])
def test_corruption_table(bank: int, lost: int) -> None:
    """T-CORR-1, G-BANK-2: no corruption with at least 11 tokens in the blue bank."""
    assert corruption(bank) == lost


def test_row_costs_and_sweep() -> None:
    """T-ROW-1: spaces 1-5 cost 1, 6-9 cost 2, 10-13 cost 3; T-ROW-2: 3/2/1 spaces swept."""
    assert [row_cost(i) for i in range(13)] == [1] * 5 + [2] * 4 + [3] * 4
    assert dict(SWEEP) == {2: 3, 3: 2, 4: 1}
    assert [events_count(n) for n in (2, 3, 4)] == [4, 5, 6]  # T-SETUP-13


def test_player_count_trimming() -> None:
    """T-SETUP-7, G-SETUP-2: cards marked "4" leave with 3 players, "3+" also with 2; Age A
    is not trimmed (G-SETUP-1)."""
    assert deck("I", "civil", 4).count("iron_i") == 3
    assert deck("I", "civil", 3).count("iron_i") == 2
    assert deck("I", "civil", 2).count("monarchy_i") == 1
    assert deck("I", "civil", 3).count("monarchy_i") == 2
    assert deck("II", "civil", 2).count("republic_ii") == 1
    assert deck("II", "civil", 4).count("republic_ii") == 2
    assert deck("A", "civil", 2) == deck("A", "civil", 4)
    sizes = [len(deck("I", "civil", n)) for n in (2, 3, 4)]
    assert sizes[0] < sizes[1] < sizes[2]


def test_tutorial_deck_changes() -> None:
    """T-SETUP-8: no Age III decks; the military decks of Ages I and II keep only events,
    territories, tactics and bonus cards (no aggressions, wars, pacts)."""
    assert deck("III", "civil", 4) == [] and deck("III", "military", 4) == []
    for age in ("I", "II"):
        kinds = {CARDS[c].kind for c in deck(age, "military", 4)}
        assert kinds == {"event", "territory", "tactic", "bonus"}
    assert {CARDS[c].kind for c in deck("A", "military", 3)} == {"event"}


def test_the_decks_are_the_tutorials_real_decks() -> None:
    """A-2: no card is kept out any more — every Age A-II civil card of the player count is
    dealt (T-SETUP-7), among them the twelve whose effects came with milestone 2."""
    import data.tta as D
    assert not hasattr(D, "NEXT_MILESTONE_CIVIL")
    assert not hasattr(D, "NEXT_MILESTONE_MILITARY_PLAY")
    for n in (2, 3, 4):
        dealt = {c for age in ("A", "I", "II") for c in deck(age, "civil", n)}
        expected = {c.id for c in CARDS.values()
                    if c.deck == "civil" and c.age in ("A", "I", "II") and c.count(n)}
        assert dealt == expected
    assert {"alexander_the_great_a", "taj_mahal_i", "ocean_liner_service_ii"} <= dealt
