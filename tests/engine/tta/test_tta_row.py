"""The card row (T-ROW-1..6) and the ends of the ages it triggers (T-AGE, T-TEND)."""

from __future__ import annotations

import pytest

from data.tta import CARDS
from engine.core import Event
from engine.tta.row import end_age, replenish
from engine.tta.stats import civil_available
from tests.engine.tta.tta_helpers import end_round_one, game, play, refused


@pytest.mark.parametrize(("slot", "cost"), [(0, 1), (4, 1), (5, 2), (8, 2), (9, 3), (12, 3)])
def test_taking_costs_by_position(slot: int, cost: int) -> None:
    """T-ROW-1, T-TAKE-1: the price printed under the space, the same for every count."""
    s = game(4, start=0)
    s.players[0].ca_spent = 0  # 4 CA for the test
    s.row[slot] = "cultural_heritage_a"
    s = play(s, 0, "take", slot=slot)
    assert civil_available(s.players[0]) == 4 - cost
    assert s.row[slot] is None and s.players[0].hand == ["cultural_heritage_a"]


def test_a_price_above_the_actions_left_is_refused() -> None:
    """T-ACT-5: the starting player has 1 CA in round 1; a 2-CA space is refused."""
    s = game(3)
    refused(s, 0, "take", "T-ACT-5", slot=5)
    refused(s, 0, "take", "T-ROW-1", slot=13)


@pytest.mark.parametrize(("n", "swept"), [(2, 3), (3, 2), (4, 1)])
def test_sweep_slide_refill(n: int, swept: int) -> None:
    """T-ROW-2: only the marked spaces are cleared (even when some are already empty), the
    rest slides left in order, the gaps are filled from the current deck."""
    s = game(n)
    s.age = "I"
    row = [f"c{i}" for i in range(13)]
    row[1] = None  # an empty marked space
    row[7] = None  # a gap further right
    s.row = [None if c is None else "frugality_i" for c in row]
    s.row[10] = "breakthrough_i"
    kept = [c for c in s.row[swept:] if c is not None]
    s.civil["I"] = ["reserves_i"] * 30
    events: list[Event] = []
    replenish(s, events)
    assert s.row[:len(kept)] == kept
    assert s.row[len(kept):] == ["reserves_i"] * (13 - len(kept))
    assert len(s.civil["I"]) == 30 - (13 - len(kept))


def test_first_replenishment_ends_age_a() -> None:
    """T-ROW-3/4, T-AGE-1: the starting player's first replenishment in round 2 uses the
    Age A deck, continues with Age I if it runs out, then Age I begins; nobody loses yellow
    tokens and no leader is antiquated."""
    s = game(2)
    left_a = len(s.civil["A"])
    s = end_round_one(s)
    assert s.age == "I" and s.civil["A"] == []
    assert all(c is not None for c in s.row)
    ages = [CARDS[c].age for c in s.row]
    assert ages.count("I") == max(0, 3 - left_a)  # 2 players sweep 3 spaces
    assert all(p.yellow_bank == 18 for p in s.players)


def test_the_last_card_of_the_deck_ends_age_i_at_once() -> None:
    """T-ROW-5, T-AGE-2/3: the replenishment that takes the last Age I card ends Age I even
    if it exactly fills the row; Age A cards in hand are discarded, an Age A leader and an
    unfinished Age A wonder leave play (its tokens back to the blue bank), everybody loses 2
    yellow tokens; the gaps are filled from Age II."""
    s = game(4)
    s.age = "I"
    p = s.players[1]
    p.hand = ["frugality_a", "breakthrough_i"]
    p.leader = "moses_a"
    p.wonder, p.wonder_stages, p.blue_bank = "pyramids_a", 2, 14
    s.row = ["reserves_i"] * 11 + [None, None]
    s.civil["I"] = ["frugality_i"]  # sweep 1 + 2 gaps: 3 needed, the deck has 1
    replenish(s, [])
    assert s.age == "II" and s.civil["I"] == []
    assert s.row[-1] is not None and CARDS[s.row[-1]].age == "II"
    assert p.hand == ["breakthrough_i"] and p.leader is None and p.wonder is None
    assert p.blue_bank == 16 and p.yellow_bank == 16
    assert all(q.yellow_bank == 16 for q in s.players)
    assert s.military_deck["I"] == []


def test_age_ii_end_sets_the_last_round() -> None:
    """T-TEND-1..3: Age II ends, Age III has no cards; if it ended in the starting player's
    turn this round is the last, otherwise the next one; the row is swept and slid but never
    refilled again (T-ROW-6)."""
    s = game(3, start=0)
    s.age, s.round, s.turn = "II", 9, 0
    end_age(s, [])
    assert s.age == "III" and s.last_round == 9
    s2 = game(3, start=0)
    s2.age, s2.round, s2.turn = "II", 9, 2
    end_age(s2, [])
    assert s2.last_round == 10
    s2.row = ["reserves_i"] * 13
    replenish(s2, [])
    assert s2.row == ["reserves_i"] * 11 + [None, None]


def test_the_last_turn_is_the_player_right_of_the_start() -> None:
    """T-TEND-3/4: the game ends after the turn of the seat before the starting player in the
    last round; everybody has had the same number of turns."""
    s = game(3, start=1)
    s = end_round_one(s)
    s.age, s.last_round = "III", s.round
    seats = []
    while s.result is None:
        seat = s.turn
        seats.append(seat)
        s = play(s, seat, "end")
        while s.result is None and s.queue and s.queue[0]["t"] == "discard":
            s = play(s, seat, "discard", card=s.players[seat].military[0])
    assert seats == [1, 2, 0]
    assert s.result is not None and s.queue == []
