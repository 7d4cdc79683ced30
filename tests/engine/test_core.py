"""The shared engine core: the game contract, decisions as data and the seeded RNG."""

from __future__ import annotations

import json
import random
from dataclasses import FrozenInstanceError, asdict, replace

import pytest

import engine.pantheon
from engine.core import Decision, GameRules, IllegalDecision, Prompt, Rng, copy_json


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


# --- the fast paths of the core types must give what the generic code gave ------------------------

def _reference_canonical(d: Decision) -> str:
    return json.dumps(d.to_json(), sort_keys=True, separators=(",", ":"))


def _reference_key(d: Decision) -> tuple:
    def freeze(v):
        if isinstance(v, list):
            return tuple(freeze(x) for x in v)
        if isinstance(v, dict):
            return tuple(sorted((k, freeze(x)) for k, x in v.items()))
        return v
    return (d.kind, tuple(sorted((k, freeze(v)) for k, v in d.args.items())))


ODD_DECISIONS = [
    Decision("stop"),
    Decision("place", {"piece": "foot", "field": "F12", "via": "G13"}),
    Decision("place", {"via": "G13", "field": "F12", "piece": "foot"}),  # another key order
    # equal values with other JSON texts
    Decision("x", {"n": 1}), Decision("x", {"n": True}), Decision("x", {"n": 1.0}),
    Decision("x", {"n": False}), Decision("x", {"n": 0}), Decision("x", {"n": None}),
    Decision("x", {"n": -7, "big": 10**30, "e": [], "t": (1, 2), "f": 2.5}),
    Decision("offer", {"kinds": ["gifts", "priests"]}),
    Decision("x", {"deep": {"b": [1, {"c": None}], "a": True}}),
    Decision("é", {"ü": "ø\n\"\\\t\u2603", "z": ["\x00"]}),
    Decision("x", {"1": "a"}), Decision("x", {1: "a"}), Decision(1, {"a": "b"}),  # type: ignore[arg-type]
]


def test_canonical_is_the_sorted_compact_json_of_the_decision() -> None:
    rng = random.Random(3)
    values = ["foot", "F12", "", "ü", 0, 1, -1, True, False, None, 1.5, [], ["a", 2], {"k": 1}]
    made = [Decision(rng.choice(["place", "take", "x"]),
                     {rng.choice("abcdef"): rng.choice(values) for _ in range(rng.randint(0, 4))})
            for _ in range(3000)]
    for d in ODD_DECISIONS + made + ODD_DECISIONS:  # twice: the second time from the table
        assert d.canonical() == _reference_canonical(d), d


def test_a_decision_key_freezes_its_arguments() -> None:
    for d in ODD_DECISIONS:
        assert d.key() == _reference_key(d), d
        assert hash(d) == hash(_reference_key(d))
    assert Decision("x", {"a": 1, "b": 2}).key() == Decision("x", {"b": 2, "a": 1}).key()


def test_copy_json_copies_every_container() -> None:
    data = {"a": [1, [2, {"b": (3, [4])}]], "c": {"d": None}, "e": "f"}
    copied = copy_json(data)
    assert copied == data and json.dumps(copied) == json.dumps(data)
    copied["a"][1][1]["b"][1].append(5)
    copied["c"]["d"] = 1
    assert data == {"a": [1, [2, {"b": (3, [4])}]], "c": {"d": None}, "e": "f"}


def test_prompt_keeps_its_dataclass_behaviour() -> None:
    p = Prompt(1, "action")
    assert (p.seat, p.kind, p.args) == (1, "action", {})
    assert Prompt(1, "x", None).args is None
    assert Prompt(seat=2, kind="y", args={"a": 1}).args == {"a": 1}
    assert p == Prompt(1, "action", {"ignored": True}) and hash(p) == hash(Prompt(1, "action"))
    assert p.args is not Prompt(1, "action").args  # each its own dict, as the factory gave
    assert replace(p, seat=3) == Prompt(3, "action")
    assert asdict(p) == {"seat": 1, "kind": "action", "args": {}}
    assert repr(p) == "Prompt(seat=1, kind='action', args={})"
    with pytest.raises(FrozenInstanceError):
        p.seat = 2  # type: ignore[misc]
