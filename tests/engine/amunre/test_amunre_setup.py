"""Setup (A-SETUP), the game's structure (A-FLOW), phase 1 (A-REV), the kingdom change (A-KING)
and the end (A-END) of Amun-Re."""

from __future__ import annotations

import pytest

import engine.amunre as A
from data.amunre import BOARD, PROVINCE_NAMES
from engine.amunre.setup import _end, _kingdom
from engine.core import Decision, Event, IllegalDecision
from tests.engine.amunre.test_amunre_helpers import (
    NAMES4,
    all_power_cards,
    clear_owners,
    game,
    passive,
    play_out,
    put,
    run_until,
    step,
)

STONY = next(x for x in PROVINCE_NAMES if BOARD.provinces[x].free_stones)
PLAIN = [x for x in PROVINCE_NAMES if not BOARD.provinces[x].free_stones
         and not BOARD.provinces[x].free_cards]


@pytest.mark.parametrize("n", [3, 4, 5])
def test_setup_gives_each_player_gold_a_master_builder_and_the_minus3_card(n):
    s = A.new_game(n, 11)
    # A-SETUP-4: 20 gold, a "-3" card; A-SETUP-1: one Master Builder each
    for p in s.players:
        assert p.gold == BOARD["start_gold"] and p.cards == ["MB"] and p.minus3 and p.score == 0
    # A-SETUP-1, A-SETUP-9: the rest of the cards (Master Builders left: total - n) face down
    under = sum(len(m["cards"]) for m in s.material.values())
    assert len(s.power_deck) + under + n == all_power_cards()
    assert s.power_deck.count("MB") + sum(m["cards"].count("MB") for m in s.material.values()) \
        == BOARD["power_cards"]["MB"] - n
    # A-SETUP-2, A-SETUP-9, A-REV-1: n provinces on offer, the rest in the deck
    assert len(s.on_offer) == n and len(s.province_deck) == len(PROVINCE_NAMES) - n
    assert sorted(s.on_offer + s.province_deck) == sorted(PROVINCE_NAMES)
    # A-SETUP-7: the temple is on no numbered space
    assert s.temple is None
    # A-SETUP-3, A-GAP-8: the general supply
    pyr = BOARD["pyramids"]
    assert s.supply["stones"] + sum(p.stones for p in s.provinces.values()) == BOARD["stones"]
    assert s.supply["farmers"] == BOARD["farmers"]
    assert s.supply["pyramids"] + sum(p.pyramids for p in s.provinces.values()) == (
        pyr["single"] + 2 * pyr["double"])
    # A-FLOW-1/2: round 1 of the Old Kingdom; the auction awaits the Pharaoh (A-AUCT-6)
    assert s.round == 1 and step(s) == ("bid", s.pharaoh)


def test_player_count_and_options_are_checked():
    with pytest.raises(IllegalDecision) as e:  # A-SETUP-9: 3 to 5 players
        A.new_game(2, 1)
    assert e.value.rule == "A-SETUP-9"
    with pytest.raises(IllegalDecision):
        A.new_game(6, 1)
    with pytest.raises(IllegalDecision):
        A.new_game(3, 1, {"no_such_option": True})
    with pytest.raises(IllegalDecision) as e:  # A-GAP-15
        A.new_game(3, 1, {"start_player": 4})
    assert e.value.rule == "A-GAP-15"
    assert "seats 0 to 2." in str(e.value)  # the last seat's number, not "3-1"
    with pytest.raises(IllegalDecision):  # A-GAP-3: a cap lets someone bid (0 would not)
        A.new_game(3, 1, {"bid_cap": 0})


def test_first_pharaoh_is_the_option_or_drawn_by_lot():
    # A-SETUP-8, A-GAP-15
    assert all(A.new_game(4, 5, {"start_player": k}).pharaoh == k for k in range(4))
    assert {A.new_game(4, seed).pharaoh for seed in range(40)} == {0, 1, 2, 3}


def test_reveal_places_the_free_material_of_the_data():
    # A-REV-1..3, A-EX-2: free material only where the province shows it
    s = game(first=["BAHARYA", "DAKHLA", "ABYDOS", "SAWU"])
    for name in s.on_offer:
        prov = BOARD.provinces[name]
        assert len(s.material[name]["cards"]) == prov.free_cards
        assert s.material[name]["gold"] == prov.free_gold
        assert s.provinces[name].stones == prov.free_stones
    v = A.view(s, None)
    assert v.provinces["DAKHLA"].free_cards == BOARD.provinces["DAKHLA"].free_cards
    assert v.provinces["DAKHLA"].free_gold == BOARD.provinces["DAKHLA"].free_gold
    # A-REV-1: the free cards come face down from the power deck (A-GAP-25)
    assert len(s.power_deck) == all_power_cards() - 4 - BOARD.provinces["DAKHLA"].free_cards


def test_free_stones_complete_a_pyramid_at_once():
    # A-REV-4, A-PYR-1: a province already holding stones converts in phase 1
    need = BOARD["stones_per_pyramid"]
    before = need - BOARD.provinces[STONY].free_stones
    s = game(first=[STONY, *PLAIN[:3]], before=lambda s: put(s, STONY, stones=before))
    assert s.provinces[STONY].pyramids == 1 and s.provinces[STONY].stones == 0


def test_free_material_is_capped_by_the_supply():
    # A-REV-6: only what is available is placed
    def empty_supply(s):
        s.supply["stones"] = 0

    s = game(first=[STONY, *PLAIN[:3]], before=empty_supply)
    assert s.provinces[STONY].stones == 0


def test_a_round_runs_its_phases_in_order_and_phase_6_only_after_rounds_3_and_6():
    # A-FLOW-2, A-INC-8, A-SCORE-1, A-END-1
    s = A.new_game(3, 2)
    phases: dict[int, list[str]] = {}
    events: list[Event] = A.start_events(s)
    while A.result(s) is None:
        seat = sorted({p.seat for p in A.pending(s)})[0]
        s, ev = A.apply(s, seat, passive(s, seat))
        events += ev
    for e in events:
        if e.template == "round":
            r = e.args["round"]
        if e.template == "phase":
            phases.setdefault(r, []).append(e.args["phase"])
    for r in range(1, 7):
        want = ["buy", "sacrifice", "income"] + (["scoring"] if r in (3, 6) else [])
        assert phases[r] == want
    assert [e.args["round"] for e in events if e.template == "round"] == [1, 2, 3, 4, 5, 6]
    assert s.phase == "over" and s.round == 6


def test_every_player_gains_one_province_per_round():
    # A-FLOW-3, A-AUCT-1
    s = A.new_game(5, 4)
    for r in (1, 2, 3):
        s = run_until(s, "buy", round_no=r)
        assert [len(s.owned(q)) for q in range(5)] == [r] * 5


def test_the_kingdom_change_clears_markers_and_farmers_and_keeps_the_rest():
    # A-KING-1..5
    s = A.new_game(4, 6)
    s = run_until(s, "sacrifice", round_no=3)
    baharya = BOARD.provinces["BAHARYA"]
    put(s, "BAHARYA", owner=0, farmers=baharya.free_fields, plain=1, stones=2, pyramids=3)
    gold = [p.gold for p in s.players]
    cards = [list(p.cards) for p in s.players]
    scores = [p.score for p in s.players]
    deck_left = list(s.province_deck)
    used = sorted(s.province_used)
    events: list[Event] = []
    _kingdom(s, {}, events)
    assert all(p.owner is None and p.farmers == 0 and p.plain_farmers == 0
               for p in s.provinces.values())
    assert s.supply["farmers"] == BOARD["farmers"]  # printed farmers are no supply
    assert s.provinces["BAHARYA"].pyramids == 3 and s.provinces["BAHARYA"].stones == 2
    assert sorted(s.province_deck) == used and s.province_used == []  # A-KING-4
    assert sorted(s.province_removed) == sorted(deck_left)
    assert [p.gold for p in s.players] == gold and [p.cards for p in s.players] == cards
    assert [p.score for p in s.players] == scores
    assert events[0].template == "kingdom"


@pytest.mark.parametrize("n", [3, 4, 5])
def test_the_new_kingdom_reuses_the_old_kingdoms_provinces(n):
    # A-KING-4/6, A-SETUP-9
    s = run_until(A.new_game(n, 6), "bid", round_no=4)
    revealed = sorted(s.province_deck + s.on_offer)
    assert len(revealed) == 3 * n
    assert sorted(s.province_removed) == sorted(set(PROVINCE_NAMES) - set(revealed))
    assert len(s.province_removed) == len(PROVINCE_NAMES) - 3 * n
    assert step(s) == ("bid", s.pharaoh)  # the Pharaoh starts round 4


def _owners_for_tie_break(s):
    clear_owners(s)
    owners = {0: ["ABU", "ABYDOS", "AMARNA"], 1: ["AVARIS", "BAHARYA", "BERENIKE"],
              2: ["BUTO", "DAKHLA", "DAMANHUR"], 3: ["EDFU", "KHARGA", "MEMPHIS"]}
    for q, names in owners.items():
        for x in names:
            put(s, x, owner=q, pyramids=0, stones=0)


def test_end_tie_break_by_pyramids_then_stones_then_shared():
    # A-END-2/3, A-GAP-19
    s = A.new_game(4, 1)
    _owners_for_tie_break(s)
    for q, score in enumerate([30, 30, 30, 12]):
        s.players[q].score = score
    put(s, "ABU", pyramids=2)
    put(s, "AVARIS", pyramids=2)
    put(s, "BUTO", pyramids=1)
    shared = s.clone()
    _end(shared, {}, [])
    assert shared.result["winners"] == [0, 1] and shared.result["tie_break"]
    put(s, "BAHARYA", stones=1)
    _end(s, {}, [])
    assert s.result["winners"] == [1]
    assert s.result["pyramids"][:3] == [2, 2, 1] and s.result["stones"][1] == 1
    assert A.result_lines(s.result, NAMES4)[0].startswith("1. Black")


def test_after_the_end_nothing_is_accepted():
    # A-END-1
    s = play_out(A.new_game(3, 9))
    assert A.pending(s) == [] and all(A.options(s, q) == [] for q in range(3))
    with pytest.raises(IllegalDecision) as e:
        A.apply(s, 0, Decision("end_turn"))
    assert e.value.rule == "A-END-1"
