"""Whole games of random legal decisions with aggressions and wars in the military decks
(F-AGGR, F-WAR, F-RES): every step keeps the tokens conserved for the remaining players
(T-TOK-2), a defender's picks exist only while his secret frame is awaited and never reach
another seat's view (G-ASYNC-6/7), pending wars name remaining players (F-RES-5), and the game
ends."""

from __future__ import annotations

import random

import pytest
from tta_helpers import conserved

import engine.tta as T
from data.tta import CARDS
from engine.core import Decision, Rng
from engine.tta.state import State

ATTACKS = {"I": ["enslave_i", "plunder_i", "raid_i"] * 4,
           "II": ["annex_ii", "infiltrate_ii", "plunder_ii", "raid_ii", "spy_ii",
                  "war_over_technology_ii", "war_over_territory_ii"] * 4}


def full_game(n: int, seed: int) -> State:
    """A game whose military decks of Ages I and II also hold aggressions and wars (the
    full game's decks are another engineer's; these are enough to exercise every step)."""
    s = T.new_game(n, seed)
    s.options["mode"] = "full"
    rng = Rng(seed)
    for age, cards in ATTACKS.items():
        s.military_deck[age] += cards
        rng.shuffle(s.military_deck[age])
    return s


def check(before: State, after: State) -> None:
    for p in after.players:
        if not p.resigned:
            conserved(State(**{**after.__dict__, "players": [p]}))
    front = after.queue[0] if after.queue else None
    if after.defence is not None:
        assert front is not None and front["t"] == "defend"
        for seat in range(after.n):
            if seat != after.defence["seat"]:
                assert T.view(after, seat)["defence"] is None
    for war in after.wars:
        assert not after.players[war["attacker"]].resigned
        assert not after.players[war["defender"]].resigned
        assert CARDS[war["card"]].kind == "war"


def play_out(n: int, seed: int) -> set[str]:
    """A whole game; returns the kinds of decision taken."""
    s = full_game(n, seed)
    rng = random.Random(seed)
    kinds: set[str] = set()
    for _ in range(20_000):
        if s.result is not None:
            return kinds
        seat = T.pending(s)[0].seat
        opts = T.options(s, seat)
        attacks = [d for d in opts if d.kind in ("aggression", "war")]
        quiet = [d for d in opts if d.kind not in ("resign", "resign_confirm")]
        if attacks and rng.random() < 0.7:
            d = rng.choice(attacks)
        elif any(d.kind == "resign_confirm" for d in opts):
            d = Decision("back", {}) if rng.random() < 0.5 else Decision("resign_confirm", {})
        elif any(d.kind == "resign" for d in opts) and rng.random() < 0.03:
            d = Decision("resign", {})
        else:
            pool = [d for d in quiet if d.kind != "end"] or quiet
            d = rng.choice(pool) if rng.random() < 0.9 else rng.choice(quiet)
        kinds.add(d.kind)
        after, _ = T.apply(s, seat, d)
        check(s, after)
        s = after
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("n", [3, 4])
def test_random_full_games(n: int) -> None:
    kinds: set[str] = set()
    for seed in range(5, 9):
        kinds |= play_out(n, seed)
    assert {"aggression", "war", "bonus", "resign_confirm"} <= kinds
