"""Setup for 2, 3 and 4 players (T-SETUP-1..15) and round 1 (T-R1)."""

from __future__ import annotations

import pytest

import engine.tta as T
from data.tta import CARDS, deck
from engine.core import IllegalDecision
from engine.tta.stats import civil_available, military_available, stats
from tests.engine.tta.tta_helpers import fingerprint, game, play, refused


@pytest.mark.parametrize("n", [2, 3, 4])
def test_each_player_starts_alike(n: int) -> None:
    """T-SETUP-2..5: 18 yellow in the bank, 1 in the pool, 6 on the printed technologies; 16
    blue in the bank; science rating 1, culture 0, strength 1, happiness 0; no points."""
    s = game(n)
    for p in s.players:
        assert (p.yellow_bank, p.pool, p.blue_bank) == (18, 1, 16)
        assert p.workers == {"agriculture_a": 2, "bronze_a": 2, "philosophy_a": 1,
                             "warriors_a": 1}
        assert p.government == "despotism_a" and p.leader is None and p.blue == {}
        rating = stats(p)
        assert (rating.science, rating.culture, rating.strength, rating.happiness) == (1, 0, 1, 0)
        assert (rating.civil_actions, rating.military_actions) == (4, 2)
        assert (p.science, p.culture) == (0, 0)


@pytest.mark.parametrize(("n", "start"), [(2, 1), (3, 0), (4, 2)])
def test_first_round_civil_actions_by_seat(n: int, start: int) -> None:
    """T-SETUP-15, T-R1-1: 1, 2, 3, 4 civil actions clockwise from the starting player; no
    military actions."""
    s = game(n, start=start)
    got = [civil_available(s.players[(start + k) % n]) for k in range(n)]
    assert got == list(range(1, n + 1))
    assert all(military_available(p) == 0 for p in s.players)
    assert T.pending(s)[0].seat == start


@pytest.mark.parametrize("n", [2, 3, 4])
def test_decks_row_and_events(n: int) -> None:
    """T-SETUP-10..13: 13 Age A cards in the row, the rest of Age A as the civil deck; no
    Age A military deck; players + 2 Age A events face down."""
    s = game(n)
    assert len(s.row) == 13 and all(CARDS[c].age == "A" for c in s.row)
    assert len(s.civil["A"]) == len(deck("A", "civil", n)) - 13
    assert sorted(s.civil["I"]) == deck("I", "civil", n)
    assert sorted(s.military_deck["I"]) == deck("I", "military", n)
    assert s.military_deck["A"] == []
    assert len(s.events) == n + 2 and all(CARDS[c].kind == "event" and CARDS[c].age == "A"
                                          for c in s.events)
    assert s.future_events == [] and s.past_events == []


def test_setup_is_deterministic_from_the_seed() -> None:
    """G-SETUP-4: the same seed deals the same game; another seed another one."""
    assert fingerprint(T.new_game(3, 5)) == fingerprint(T.new_game(3, 5))
    assert fingerprint(T.new_game(3, 5)) != fingerprint(T.new_game(3, 6))


def test_bad_player_counts_and_start_player() -> None:
    """T-COMP-1: 2-4 players; T-SETUP-14: the starting player is one of the seats."""
    for n in (1, 5):
        with pytest.raises(IllegalDecision) as caught:
            T.new_game(n, 1)
        assert caught.value.rule == "T-COMP-1"
    with pytest.raises(IllegalDecision) as caught:
        T.new_game(2, 1, {"start_player": 3})
    assert caught.value.rule == "T-SETUP-14"


def test_first_round_only_takes_cards() -> None:
    """T-R1-2, G-TURN-1: the starting player's only options are taking cards and ending."""
    s = game(3)
    kinds = {d.kind for d in T.options(s, 0)}
    assert kinds == {"take", "end"}
    refused(s, 0, "population", "T-R1-2")
    refused(s, 0, "build", "T-R1-2", card="agriculture_a")


def test_first_round_example_of_the_guide() -> None:
    """T-R1-5: player 1 (1 CA) takes Moses from a 1-CA space; player 2 takes Colossus (put in
    play unfinished) and Engineering Genius; player 3 may take Hammurabi (2 CA) but then no
    1-CA Age A leader (T-TAKE-2), or Aristotle (1 CA) and the Library of Alexandria (2 CA).
    (Hammurabi only goes to hand here, where a leader has no effect, T-LEAD-1.)"""
    s = game(3)
    s.row[:7] = ["moses_a", "colossus_a", "engineering_genius_a", "aristotle_a",
                 "cultural_heritage_a", "hammurabi_a", "library_of_alexandria_a"]
    refused(s, 0, "take", "T-ACT-5", slot=5)
    s = play(s, 0, "take", slot=0)
    # no action left: "end" is the only option, a forced move the agenda takes (T-R1-2)
    assert s.players[0].hand == ["moses_a"] and T.pending(s)[0].seat == 1
    s = play(s, 1, "take", slot=1)
    s = play(s, 1, "take", slot=2)
    p1 = s.players[1]
    assert p1.wonder == "colossus_a" and p1.wonder_stages == 0
    assert p1.hand == ["engineering_genius_a"] and T.pending(s)[0].seat == 2
    first = play(s, 2, "take", slot=5)
    assert civil_available(first.players[2]) == 1
    refused(first, 2, "take", "T-TAKE-2", slot=3)
    second = play(play(s, 2, "take", slot=3), 2, "take", slot=6)
    p2 = second.players[2]
    assert p2.hand == ["aristotle_a"] and p2.wonder == "library_of_alexandria_a"
    assert second.round == 2  # his actions used up, the first round is over


def test_one_leader_per_age() -> None:
    """T-TAKE-2: a second Age A leader is refused even with actions left."""
    s = game(3)
    s.row[:2] = ["moses_a", "aristotle_a"]
    s = play(s, 0, "end")
    s = play(s, 1, "end")
    s = play(s, 2, "take", slot=0)
    refused(s, 2, "take", "T-TAKE-2", slot=1)


def test_round_one_end_of_turn() -> None:
    """T-R1-4: +1 science point, no culture; 2 blue tokens on Agriculture, 2 on Bronze; no
    military cards; all actions back, so 4 CA and 2 MA from round 2."""
    s = game(3)
    s = play(s, 0, "end")
    p = s.players[0]
    assert (p.science, p.culture) == (1, 0)
    assert p.blue == {"agriculture_a": 2, "bronze_a": 2} and p.blue_bank == 12
    assert p.military == []
    assert (civil_available(p), military_available(p)) == (4, 2)
