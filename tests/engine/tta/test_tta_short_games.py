"""Whole shorter games (shared/rules/through-the-ages.md §4.1, V-SHORT-1…14) for 2, 3 and 4
players, played by the easy AI with fixed seeds (a war named War over Culture now and then, to
exercise V-SHORT-12): after every step the tokens are conserved (T-TOK-2), no view shows a
dealt or kept event to anyone but its owner and to him only after Age I (V-SHORT-14); the keep
frame is asked once (V-SHORT-10), the game ends in the card-less Age III (V-SHORT-11) and the
result reveals every kept event (G-ASYNC-15)."""

from __future__ import annotations

import json
import random
from functools import cache
from typing import Any

import pytest
from tta_helpers import conserved
from tta_short_helpers import short

import engine.tta as T
from engine.tta.ai import choose
from engine.tta.cardtext import card_name
from engine.tta.shortgame import END_GAME_EVENTS
from engine.tta.state import State


def secrets_kept(s: State) -> None:
    """V-SHORT-14: each view shows the public events, and its own seat's from the end of Age
    I; never another seat's."""
    public = set(s.short["public"])
    for seat in (*range(s.n), None):
        text = json.dumps(T.view(s, seat))
        shown = {c for c in END_GAME_EVENTS if f'"{c}"' in text}
        own: set[str] = set()
        if seat is not None and s.age not in ("A", "I"):
            own = set(s.short["dealt"][seat]) | {s.short["kept"][seat]} - {None}
        if s.result is None:
            assert shown == public | own, (seat, s.age)


@cache  # each game is played once for the module's tests
def play_out(n: int, seed: int) -> tuple[State, dict[str, Any]]:
    s = short(n, seed)
    rng = random.Random(seed)
    seen: dict[str, Any] = {"keep_frames": 0, "culture_wars": 0}
    for _ in range(5_000):
        if s.result is not None:
            return s, seen
        seat = T.pending(s)[0].seat
        front = s.queue[0]["t"]
        if front == "keep_event" and s.queue[0]["seats"] == [p.seat for p in s.players]:
            seen["keep_frames"] += 1
        culture = [d for d in T.options(s, seat) if d.args.get("which") == "war_over_culture"]
        if culture and rng.random() < 0.5:
            d = rng.choice(culture)
            seen["culture_wars"] += 1
        else:
            d = choose(s, seat, "easy", random.Random(rng.random()))
        s, events = T.apply(s, seat, d, in_place=True)
        for e in events:
            if e.template == "tta.game_over":
                seen["over"] = e
        for p in s.players:
            if not p.resigned:
                conserved(State(**{**s.__dict__, "players": [p]}))
        secrets_kept(s)
    raise AssertionError("the game did not end")


@pytest.mark.parametrize(("n", "seed"), [(2, 11), (3, 12), (4, 13)])
def test_a_whole_short_game(n: int, seed: int) -> None:
    s, seen = play_out(n, seed)
    assert seen["keep_frames"] == 1
    assert s.age == "III" and s.last_round is not None
    assert s.civil == {"A": [], "I": [], "II": []} or not any(s.civil.values())
    res = s.result
    assert res is not None and len(res["scores"]) == n
    assert all(c in s.short["dealt"][q] for q, c in enumerate(res["kept"]))
    assert res["public_events"] == s.short["public"]
    assert set(res["revealed"]) == set(res["public_events"]) | set(res["kept"])
    names = [p.name for p in s.players]
    text = T.event_text(seen["over"], names, None)
    for q, card in enumerate(res["kept"]):  # G-ASYNC-15: the kept events revealed
        assert f"Event kept by {names[q]}: {card_name(card)}" in text
    for q in range(n):  # every public and kept event is in every remaining player's breakdown
        assert set(res["revealed"]) <= set(res["breakdown"][q])
        assert res["scores"][q] == res["before"][q] + sum(res["breakdown"][q].values())


def test_the_games_declare_wars_over_culture() -> None:
    """The fixed seeds do exercise V-SHORT-12 (at least one game names War over Culture)."""
    assert sum(play_out(n, seed)[1]["culture_wars"] for n, seed in [(3, 12), (4, 13)]) > 0
