"""The full game's public view (engine.tta.view.full_game_view): the mode and the final age
(F-AGE-4), whether this round is the last (F-AGE-5), the pacts in force with each party's side
(F-PACT-10, F-PACT-12), the pending wars with the round they resolve in (F-WAR-6, F-WAR-7) and
each player's resignation (F-RES); and none of it lets a hand card leak to another seat or a
spectator (the military cards held show only as a count)."""

from __future__ import annotations

import json

import engine.tta as T
from engine.tta.state import State

HIDDEN_CIVIL = ("internet_iii", "sid_meier_iii")
HIDDEN_MILITARY = ("military_pact_iii", "raid_iii", "war_over_culture_iii")


def _full(age: str = "III") -> State:
    """A tutorial game's start turned into the full game's Age III or IV, with an asymmetric
    pact, a symmetric one and a pending war."""
    s = T.new_game(3, 4)
    s.options["mode"] = "full"
    s.age = age
    s.round = 9
    s.pacts = [{"card": "international_trade_agreement_ii", "owner": 0, "partner": 1,
                "side": "B"},
               {"card": "peace_treaty_iii", "owner": 2, "partner": 0, "side": None}]
    s.wars = [{"card": "war_over_technology_ii", "attacker": 1, "defender": 2, "round": 9}]
    return s


def test_pacts_show_both_parties_and_their_sides():
    """F-PACT-10: the owner's side is the one he offered, the partner takes the other; a
    symmetric pact has no sides."""
    v = T.view(_full(), None)
    assert v["pacts"] == [
        {"card": "international_trade_agreement_ii", "owner": 0, "partner": 1, "side": "B",
         "owner_side": "B", "partner_side": "A"},
        {"card": "peace_treaty_iii", "owner": 2, "partner": 0, "side": None,
         "owner_side": None, "partner_side": None}]


def test_a_war_resolves_at_the_attackers_next_turn():
    """F-WAR-7: declared in round 9, resolved at the start of the attacker's turn of round 10."""
    v = T.view(_full(), 0)
    assert v["wars"] == [{"card": "war_over_technology_ii", "attacker": 1, "defender": 2,
                          "round": 9, "resolves": 10}]


def test_mode_final_age_and_last_round():
    """F-AGE-4: the full game's final age is IV, the tutorial's III; F-AGE-5: the last round
    is known once it comes."""
    s = _full("IV")
    s.last_round = 10
    v = T.view(s, None)
    assert (v["mode"], v["final_age"], v["last_round"], v["last_round_now"]) == \
        ("full", "IV", 10, False)
    s.round = 10
    assert T.view(s, None)["last_round_now"] is True
    tutorial = T.view(T.new_game(3, 4), None)
    assert (tutorial["mode"], tutorial["final_age"], tutorial["pacts"], tutorial["wars"]) == \
        ("tutorial", "III", [], [])


def test_resigned_is_public():
    s = _full()
    s.players[2].resigned = True
    v = T.view(s, 0)
    assert [p["resigned"] for p in v["players"]] == [False, False, True]


def test_the_view_is_a_copy():
    s = _full()
    v = T.view(s, None)
    v["pacts"][0]["partner"] = 2
    v["wars"][0]["defender"] = 0
    assert s.pacts[0]["partner"] == 1 and s.wars[0]["defender"] == 2


def test_no_hand_card_leaks_to_another_seat_or_a_spectator():
    """Seat 0 holds civil and military cards seen nowhere else: its own view names them, seat
    1's and the spectator's views do not (only the counts)."""
    s = _full()
    p = s.players[0]
    p.hand, p.military = list(HIDDEN_CIVIL), list(HIDDEN_MILITARY)
    s.row = [c if c not in HIDDEN_CIVIL else None for c in s.row]
    own = json.dumps(T.view(s, 0))
    assert all(c in own for c in HIDDEN_CIVIL + HIDDEN_MILITARY)
    for seat in (1, None):
        seen = T.view(s, seat)
        text = json.dumps(seen)
        assert not any(c in text for c in HIDDEN_CIVIL + HIDDEN_MILITARY), seat
        theirs = seen["players"][0]
        assert "hand" not in theirs and "military" not in theirs
        assert (theirs["hand_count"], theirs["military_count"]) == (2, 3)
