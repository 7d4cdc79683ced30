"""The shared engine core: the game contract, decisions as data and the seeded RNG."""

from __future__ import annotations

import json

import engine.pantheon
from engine.core import Decision, GameRules, IllegalDecision, Rng


def test_pantheon_meets_the_game_contract() -> None:
    assert isinstance(engine.pantheon, GameRules)


def test_decisions_round_trip_and_compare() -> None:
    d = Decision("place", {"piece": "foot", "field": "F12", "via": "F13"})
    back = Decision.from_json(json.loads(json.dumps(d.to_json())))
    assert back == d and hash(back) == hash(d)
    for junk in (None, [], {"kind": 3}, {"kind": "x", "args": []}):
        try:
            Decision.from_json(junk)
        except IllegalDecision as err:
            assert err.message
        else:
            raise AssertionError(f"{junk!r} was accepted")


def test_rng_is_seeded_uniform_enough_and_restartable() -> None:
    a, b = Rng(42), Rng(42)
    assert [a.below(6) for _ in range(50)] == [b.below(6) for _ in range(50)]
    c = Rng(a.state)  # the whole RNG state is one integer kept in the game state
    assert [a.next64() for _ in range(5)] == [c.next64() for _ in range(5)]
    counts = [0] * 6
    rng = Rng(7)
    for _ in range(6000):
        counts[rng.below(6)] += 1
    assert all(850 < n < 1150 for n in counts), counts
    items = list(range(10))
    rng.shuffle(items)
    assert sorted(items) == list(range(10)) and items != list(range(10))
