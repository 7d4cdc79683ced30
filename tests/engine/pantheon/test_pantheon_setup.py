"""Setup (section 2 of shared/rules/pantheon.md): P-SETUP-*, P-VAR-DRAFT-1, the start supply
option and the option checks of new_game."""

from __future__ import annotations

from collections import Counter

import pytest

from data.pantheon import COMPONENTS
from engine.core import IllegalDecision
from engine.pantheon import new_game
from engine.pantheon.epoch import setup
from engine.pantheon.state import COLUMN, FOOT
from tests.engine.pantheon.pantheon_helpers import ACTION_CARDS, NAMES, game


@pytest.mark.parametrize("n", [2, 3, 4])
def test_setup_components_and_player_areas(n):
    # P-SETUP-2..12: all counts right before the preparation of epoch 1 starts
    s = setup(NAMES[:n], 11, {})
    assert [p.colour for p in s.players] == ["red", "blue", "yellow", "green"][:n]
    assert len(s.god_stack) == 40 and Counter(s.god_stack) == Counter(
        {g: gt.count for g, gt in COMPONENTS.gods.items()})  # P-SETUP-5
    assert len(s.bag) == 40  # P-SETUP-4
    assert len(s.people_deck) == 8 and set(s.people_deck) == set(COMPONENTS.peoples)
    # P-SETUP-6: the 1-3 demigods lie on top of the 4-6 ones (the end of the list is the top)
    assert len(s.demigod_stack) == 21
    assert all(v <= 3 for v in s.demigod_stack[-12:]) and all(v >= 4 for v in s.demigod_stack[:9])
    # P-SETUP-10: special money face up, 2 on top, 5 at the bottom
    assert s.special_money == ["money2", "money2", "money3", "money3", "money4", "money4",
                               "money5"]
    # P-SETUP-11/12: 75 action cards: 4 on display, 5 in every hand, the rest in the deck
    assert len(s.display) == 4 and None not in s.display
    dealt = Counter(s.deck) + Counter(s.display)
    for p in s.players:
        assert p.hand_size() == 5
        dealt += Counter(p.hand)
        assert p.score == 0
        assert p.supply == {FOOT: 4, COLUMN: 3}  # 4 feet and 3 columns
        assert p.bonus in COMPONENTS.bonus  # one face-down bonus tile each
    assert dealt == ACTION_CARDS
    assert len(s.deck) == 75 - 4 - 5 * n
    # the other bonus tiles are out of the game
    assert sorted(s.bonus_box + [p.bonus for p in s.players]) == sorted(COMPONENTS.bonus)
    assert s.bonus_stack == [] and s.pieces == {} and s.temple is None
    assert s.queue == [{"t": "epoch_start"}]


def test_setup_is_deterministic_per_seed():
    a, b = setup(NAMES[:3], 5, {}), setup(NAMES[:3], 5, {})
    assert a.to_json() == b.to_json()
    c = setup(NAMES[:3], 6, {})
    assert (a.deck, a.god_stack, a.bag) != (c.deck, c.god_stack, c.bag)


@pytest.mark.parametrize("n", [2, 3, 4])
def test_start_player_random_from_seed_and_set_by_host(n):
    # P-SETUP-13 / P-GAP-START: random (from the seed) unless the host sets one
    seen = {setup(NAMES[:n], seed, {}).start_player for seed in range(40)}
    assert seen == set(range(n))
    for seat in range(n):
        s = new_game(NAMES[:n], 3, {"start_player": seat})
        assert s.start_player == seat
        # P-SETUP-15 / P-TURN-1: the start player makes the first turn decision of the game
        first_turn = [f for f in s.queue if f["t"] == "turn"]
        assert s.queue[0].get("seat") == seat or first_turn[0]["seat"] == seat


@pytest.mark.parametrize("bad", [7, -1, "1", 1.5])
def test_invalid_start_player_is_refused(bad):
    # P-SETUP-13: a start player the host names must be one of the seats
    with pytest.raises(IllegalDecision):
        new_game(NAMES[:3], 1, {"start_player": bad})


@pytest.mark.parametrize("n,feet,columns", [(2, 6, 5), (3, 5, 4), (4, 4, 3)])
def test_start_supply_by_player_count_option(n, feet, columns):
    # P-SETUP-12 optional variant: 6/5/4 feet and one column fewer with 2/3/4 players
    s = setup(NAMES[:n], 2, {"start_supply_by_player_count": True})
    assert all(p.supply == {FOOT: feet, COLUMN: columns} for p in s.players)
    plain = setup(NAMES[:n], 2, {})
    assert all(p.supply == {FOOT: 4, COLUMN: 3} for p in plain.players)


@pytest.mark.parametrize("n", [2, 3, 4])
def test_bonus_draft_setup_lays_all_six_face_up(n):
    # P-VAR-DRAFT-1: no bonus tile dealt; all 6 lie face up until the draft
    s = setup(NAMES[:n], 4, {"bonus_draft": True})
    assert sorted(s.bonus_stack) == sorted(COMPONENTS.bonus)
    assert all(p.bonus is None for p in s.players) and s.bonus_box == []


@pytest.mark.parametrize("count", [0, 1, 5, 6])
def test_player_count_limits(count):
    # P-COMP-18: 2 to 4 players
    with pytest.raises(IllegalDecision):
        new_game(count, 1)


def test_unknown_option_is_refused():
    with pytest.raises(IllegalDecision) as info:
        new_game(3, 1, {"bonus_drafts": True})
    assert "bonus_drafts" in info.value.message


def test_new_game_accepts_names_or_a_count():
    s = new_game(["A", "B"], 1)
    assert [p.name for p in s.players] == ["A", "B"]
    assert new_game(4, 1).n == 4


def test_new_game_runs_epoch_one_preparation():
    # P-SETUP-15: the game begins with the preparation of epoch 1
    s = game(3, 8)
    assert s.epoch == 1 and len(s.peoples_played) == 1 and len(s.people_deck) == 7
    assert s.queue and s.queue[0]["t"] != "epoch_start"


@pytest.mark.parametrize("bad", ["3", -1, 1.5, [2]])
def test_invalid_stall_guard_is_refused(bad):
    # P-GAP-STALL: the guard is a number of full rounds
    with pytest.raises(IllegalDecision):
        new_game(NAMES[:2], 1, {"stall_guard_rounds": bad})
