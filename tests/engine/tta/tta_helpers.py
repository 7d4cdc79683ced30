"""Helpers for the Through the Ages tests (shared/rules/through-the-ages.md): games moved to a
chosen point, a player arranged by hand, the whole-state fingerprint used to check that a
refused decision changes nothing, and the conservation checks of the property tests."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest

import engine.tta as T
from data.tta import START
from engine.core import Decision, IllegalDecision
from engine.tta.state import Player, State
from engine.tta.stats import stats
from render.tta.common import stored


def fingerprint(s: State) -> str:
    return json.dumps(T.dump(s), sort_keys=True)


def game(n: int = 3, seed: int = 1, start: int = 0) -> State:
    return T.new_game(n, seed, {"start_player": start})


def play(s: State, seat: int, kind: str, **args: Any) -> State:
    s, _ = T.apply(s, seat, Decision(kind, args))
    return s


def end_round_one(s: State) -> State:
    """Every seat ends its first turn without acting: the game is at round 2, the starting
    player's action phase (the row replenished, Age I begun)."""
    while s.round == 1:
        s = play(s, T.pending(s)[0].seat, "end")
    return s


def refused(s: State, seat: int, kind: str, rule: str, **args: Any) -> IllegalDecision:
    """The decision is refused with `rule` and the state is untouched."""
    before = fingerprint(s)
    with pytest.raises(IllegalDecision) as caught:
        T.apply(s, seat, Decision(kind, args))
    assert caught.value.rule == rule, caught.value
    assert fingerprint(s) == before
    return caught.value


def actor(s: State) -> Player:
    """The player whose action phase is awaited."""
    return s.players[T.pending(s)[0].seat]


def arrange(p: Player, *, techs: list[str] | None = None, workers: dict[str, int] | None = None,
            blue: dict[str, int] | None = None, **fields: Any) -> None:
    """Put cards in play and tokens on them, keeping the token totals consistent: workers come
    from the yellow bank side (pool and cards together stay 7 unless `pool` is given), blue
    tokens on cards come out of the blue bank."""
    if techs is not None:
        for card in techs:
            if card not in p.techs:
                p.techs.append(card)
    if workers is not None:
        had = sum(p.workers.values())
        p.workers = {c: n for c, n in workers.items() if n}
        p.pool -= sum(p.workers.values()) - had
    if blue is not None:
        p.blue_bank += sum(p.blue.values()) - sum(blue.values())
        p.blue = {c: n for c, n in blue.items() if n}
    for key, value in fields.items():
        if key == "yellow_bank":
            p.pool += p.yellow_bank - value  # tokens move between the bank and the pool
        setattr(p, key, value)


def conserved(s: State) -> None:
    """Tokens are conserved between the banks, the pool and the cards (T-TOK-2: the box
    balance counts what cards added or removed); no count is negative."""
    for p in s.players:
        yellow = p.yellow_bank + p.pool + sum(p.workers.values())
        assert yellow == START.yellow_bank + START.pool + 6 + p.yellow_box, p.seat
        blue = p.blue_bank + sum(p.blue.values()) + p.wonder_stages
        assert blue == START.blue_bank + p.blue_box, p.seat
        counts = [p.yellow_bank, p.blue_bank, p.pool, p.ca_spent, p.ma_spent, p.science,
                  p.culture, p.wonder_stages, *p.workers.values(), *p.blue.values()]
        assert min(counts) >= 0, p.seat
        rating = stats(p)
        assert p.ca_spent <= rating.civil_actions
        assert p.ma_spent <= rating.military_actions + p.temp_ma


def random_game(n: int, seed: int, check: Any = None, act: float = 0.9) -> State:
    """A whole game of random legal decisions (an action rather than "end" with probability
    `act`); `check(before, after, seat)` runs after every step."""
    s = T.new_game(n, seed)
    rng = random.Random(seed)
    for _ in range(20_000):
        if s.result is not None:
            return s
        seat = T.pending(s)[0].seat
        opts = T.options(s, seat)
        acting = [d for d in opts if d.kind != "end"]
        d = rng.choice(acting) if acting and rng.random() < act else rng.choice(opts)
        after, _ = T.apply(s, seat, d)
        if check is not None:
            check(s, after, seat)
        s = after
    raise AssertionError("the game did not end")


def open_politics(s: State) -> State:
    """The actor's politics phase, opened in front of his action phase (the turn opens it
    only when he holds a political card at the start of his turn, T-TURN-1)."""
    s = s.clone()
    s.queue.insert(0, {"t": "politics", "seat": actor(s).seat, "done": 0})
    return s


FILLER = "rats_i"  # the card prepared when a test wants a chosen current event revealed


def trigger(s: State, card: str) -> State:
    """Reveal `card` as the actor's current event: it is put on top of the current events deck
    and the actor prepares FILLER (T-POL-3); the prepared card scores 1 culture."""
    s = s.clone()
    p = actor(s)
    p.military.append(FILLER)
    s.events.append(card)
    s = open_politics(s)
    return play(s, p.seat, "prepare", card=FILLER)


def answer(s: State, kind: str = "choose", **args: Any) -> State:
    """The awaited seat's decision."""
    return play(s, T.pending(s)[0].seat, kind, **args)


def frame(s: State) -> dict[str, Any]:
    return s.queue[0]


# decision kinds a picture test's random game prefers, so its boards fill up (others weigh 0.6)
BUILDER_WEIGHT = {"build": 5, "develop": 4, "population": 3, "wonder": 3, "leader": 3,
                  "take": 2, "upgrade": 2, "play": 2, "revolution": 2}


def builder_game(n: int, seed: int) -> Iterator[tuple[int, State]]:
    """A seeded random game that prefers building: (decisions made, state) at its start and
    after every decision, to its end. The state is changed in place between two yields: keep
    a clone or a view, not the state itself."""
    s = T.new_game(n, seed)
    rng = random.Random(seed)
    yield 0, s
    k = 0
    while s.result is None and k < 5000:
        seat = T.pending(s)[0].seat
        opts = T.options(s, seat)
        d = rng.choices(opts, [BUILDER_WEIGHT.get(o.kind, 0.6) for o in opts])[0]
        s, _ = T.apply(s, seat, d, in_place=True)
        k += 1
        yield k, s
    assert s.result is not None, "the game did not end"


# player-view fields -> the part of a board they are drawn in (view_changes)
VIEW_PARTS = {
    "culture": "culture", "culture_rating": "culture", "science": "science",
    "science_rating": "science", "strength": "strength", "happiness": "happiness",
    "discontent": "happiness", "civil_actions": "civil", "civil_total": "civil",
    "military_actions": "military", "military_total": "military", "government": "government",
    "leader": "leader", "tactic": "tactic", "yellow_bank": "yellow", "pool": "yellow",
    "blue_bank": "blue", "wonder": "wonder", "wonder_stages": "wonder", "wonders": "wonder",
    "hand_count": "hand", "military_count": "hand",
}


def view_changes(before: dict[str, Any], after: dict[str, Any]) -> dict[str, Any]:
    """The `last` summary derived from two spectator views of the same game (public fields
    only): an oracle the engine's own summary (engine.tta.last) and the rings are checked
    against."""
    slots = [i for i, (a, b) in enumerate(zip(before["row"], after["row"], strict=False))
             if a != b]
    seats: dict[int, dict[str, list[str]]] = {}
    for pb, pa in zip(before["players"], after["players"], strict=True):
        parts = sorted({part for key, part in VIEW_PARTS.items() if pb.get(key) != pa.get(key)})
        cards = [c for c in pa["techs"] if c not in pb["techs"]
                 or pb["workers"].get(c, 0) != pa["workers"].get(c, 0)
                 or pb["blue"].get(c, 0) != pa["blue"].get(c, 0)]
        if stored(pb, "food") != stored(pa, "food"):
            parts.append("food")
        if stored(pb, "resources") != stored(pa, "resources"):
            parts.append("resources")
        if parts or cards:
            seats[pa["seat"]] = {"cards": cards, "parts": sorted(parts)}
    return {"slots": slots, "seats": seats}
