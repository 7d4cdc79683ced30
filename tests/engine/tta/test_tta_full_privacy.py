"""Whole games of every mode, played by the normal AI with a push towards the political
actions (aggressions, wars, pact offers): at every step no view shows another seat's hands, a
defender's picks (F-AGGR-8, G-ASYNC-7), a pact offer's card to anyone but its two parties
(G-ASYNC-9) or a shorter game's dealt events to anyone but their owner (V-SHORT-14); changing
what a seat may not see leaves its view unchanged; tokens are conserved (T-TOK-2); every game
ends with a result (F-END-1, T-TEND-4, V-SHORT-11). Fixed seeds, a small slice of the random
games the benchmarks play."""

from __future__ import annotations

import json
import random

import pytest

import engine.tta as T
from engine.core import Decision
from engine.tta import ai
from engine.tta.politics import peeker
from engine.tta.state import State
from tests.engine.tta.tta_helpers import conserved

POLITICAL = ("aggression", "war", "offer")
GAMES = [("full", 3, 11), ("full", 4, 12), ("full", 2, 13), ("short", 3, 14),
         ("full_keep_pacts", 4, 15)]


def _choose(s: State, seat: int, rng: random.Random) -> Decision:
    opts = T.options(s, seat)
    political = [d for d in opts if d.kind in POLITICAL]
    if political and rng.random() < 0.5:
        return rng.choice(political)
    return ai.choose(s, seat, "normal", rng)


def _public(v: dict) -> str:
    return json.dumps(v, sort_keys=True)


def _hidden_from(s: State, seat: int | None) -> State:
    """`s` with everything `seat` may not see changed: the others' hands (same counts), a
    defender's picks and a pact offer not his own, the decks' order."""
    other = s.clone()
    for p in other.players:
        if p.seat != seat:
            p.hand = ["frugality_i"] * len(p.hand)
            p.military = ["raiders_i"] * len(p.military)
    if other.defence is not None and other.defence.get("seat") != seat:
        other.defence = {**other.defence, "bonus": [], "discard": []}
    offer = other.pact_offer
    if offer is not None and seat not in (offer["owner"], offer["partner"]):
        other.pact_offer = {**offer, "card": "peace_treaty_iii", "side": None}
    if other.short is not None:  # the shorter game's events: the owner's, after Age I only
        mine = seat is not None and other.age not in ("A", "I")
        for q in range(other.n):
            if not (mine and q == seat):
                other.short["dealt"][q] = ["impact_of_balance_iii"] * len(other.short["dealt"][q])
                if other.short["kept"][q] is not None:
                    other.short["kept"][q] = "impact_of_balance_iii"
    seen = [other.events] if peeker(s) == seat else []  # Joan of Arc sees the top event
    for pile in (*other.civil.values(), *other.military_deck.values(), other.events,
                 other.future_events):
        if not any(pile is p for p in seen):
            pile.reverse()
    return other


@pytest.mark.parametrize(("mode", "n", "seed"), GAMES)
def test_views_keep_every_secret_over_whole_games(mode: str, n: int, seed: int) -> None:
    options = {"mode": mode.split("_")[0]}
    if mode.endswith("keep_pacts"):
        options["peaceful"] = "keep_pacts"
    s = T.new_game(n, seed, options)
    rng = random.Random(seed)
    kinds: set[str] = set()
    for step in range(6000):
        if s.result is not None:
            break
        if step % 7 == 0 or s.defence is not None or s.pact_offer is not None:
            for seat in [*range(n), None]:
                view = T.view(s, seat)
                assert _public(T.view(_hidden_from(s, seat), seat)) == _public(view)
                for pv in view["players"]:
                    assert ("hand" in pv) is (pv["seat"] == seat)
        seat = T.pending(s)[0].seat
        d = _choose(s, seat, rng)
        kinds.add(d.kind)
        s, _ = T.apply(s, seat, d, in_place=True)
        conserved(s)
    assert s.result is not None and s.result["winners"]
    if options.get("peaceful") is None and n > 2:
        assert kinds & {"aggression", "war"} and "offer" in kinds, kinds
