"""The strong level of the Through the Ages AI (engine/tta/ai/strong.py, worlds.py): its worlds
are sampled from the seat's view only and keep that view and the seat's options; its decision
does not change when anything hidden from the seat changes (T-POL-5: the future events are
face down; the other hands and the decks' order are unseen); it is deterministic across
processes; strong seats play whole games legally to the final scoring (T-TEND-4, T-TSCORE-1).

The searches here run on a small budget (AGORA_AI_BUDGET or an explicit one) to keep the file
fast; the budget changes how many worlds are tried, not what a search is allowed to read."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from collections import Counter
from functools import cache
from pathlib import Path

import pytest

import engine.tta as T
from data.tta import CARDS, deck
from engine import search
from engine.tta import ai
from engine.tta.ai import strong, worlds
from engine.tta.state import State
from tests.engine.tta.test_tta_ai import scrambled

ROOT = Path(__file__).resolve().parents[3]
SMALL = 30  # simulated decisions per search in these tests (the level's own is strong.BUDGET)


@cache
def recorded(n: int, seed: int) -> list[State]:
    """Every position of one game of normal seats."""
    s = T.new_game(n, seed)
    rngs = [random.Random(seed + q) for q in range(n)]
    states = []
    while T.result(s) is None:
        seat = T.pending(s)[0].seat
        states.append(s)
        s, _ = T.apply(s, seat, ai.choose(s, seat, "normal", rngs[seat]))
    return states


def positions(step: int) -> list[tuple[State, int]]:
    out = []
    for n, seed in ((2, 4), (3, 5), (4, 6)):
        for s in recorded(n, seed)[::step]:
            out.append((s, T.pending(s)[0].seat))
    return out


# --- the worlds ----------------------------------------------------------------------------

def test_a_sampled_world_keeps_the_view_and_the_options() -> None:
    """view(sample, seat) == seen and options(sample, seat) == the real options, over positions
    of every phase, table size and age (T-OVER-1: a round of turns; T-AGE: the ages)."""
    rng = random.Random(1)
    kinds: Counter[str] = Counter()
    for s, seat in positions(3):
        seen = T.view(s, seat)
        world = worlds.sample(seen, rng)
        assert T.view(world, seat) == seen
        assert T.options(world, seat) == T.options(s, seat)
        kinds[seen["pending"]["t"]] += 1
    assert {"action", "politics", "discard"} <= set(kinds)
    assert sum(kinds.values()) > 150


def test_the_hidden_parts_are_drawn_from_the_unseen_cards() -> None:
    """The other hands, the decks and the events piles hold the public counts (T-POL-5: events
    by age), and no card appears more often than its copies for the player count (T-SETUP-7)."""
    rng = random.Random(2)
    for s, seat in positions(11):
        seen = T.view(s, seat)
        world = worlds.sample(seen, rng)
        n = s.n
        for p, real in zip(world.players, s.players, strict=True):
            assert len(p.hand) == len(real.hand) and len(p.military) == len(real.military)
        assert len(world.civil.get(world.age, [])) == len(s.civil.get(s.age, []))
        assert len(world.military_deck.get(world.age, [])) == len(s.military_deck.get(s.age, []))
        assert Counter(CARDS[c].age for c in world.events) == Counter(seen["event_ages"])
        assert all(CARDS[c].kind in ("event", "territory") for c in world.future_events)
        civil = Counter(c for p in world.players for c in p.hand) + Counter(
            c for pile in world.civil.values() for c in pile) + Counter(
            c for c in world.row if c is not None)
        copies = Counter(c for a in ("A", "I", "II") for c in deck(a, "civil", n))
        assert all(k <= copies[c] for c, k in civil.items()), seen["round"]


def test_worlds_differ_and_the_seat_never_sees_the_real_hidden_parts() -> None:
    """Two worlds of one view differ in what is hidden; the real state is never an input."""
    s, seat = next((s, q) for s, q in positions(5) if s.round > 3)
    seen = T.view(s, seat)
    a, b = worlds.sample(seen, random.Random(1)), worlds.sample(seen, random.Random(2))
    assert T.dump(a) != T.dump(b)
    assert T.view(a, seat) == T.view(b, seat) == seen


# --- the decision ---------------------------------------------------------------------------

def searched(step: int) -> list[tuple[State, int]]:
    """Positions where the strong level searches: action phases with a choice (T-ACT-1)."""
    return [(s, q) for s, q in positions(step)
            if T.pending(s)[0].kind == "action" and len(T.options(s, q)) > 1]


def test_scrambled_hidden_parts_leave_the_strong_decision_unchanged(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(search.BUDGET_ENV, str(SMALL / strong.BUDGET))
    rng = random.Random(3)
    checked = changed = 0
    for s, seat in searched(9)[:12]:
        other = scrambled(s, seat, rng)
        assert T.view(other, seat) == T.view(s, seat)
        changed += T.dump(other) != T.dump(s)
        mine = ai.decide(s, seat, "strong", random.Random(7))
        theirs = ai.decide(other, seat, "strong", random.Random(7))
        assert mine == theirs and mine[1]
        checked += 1
    assert checked >= 10 and changed >= 10


def test_the_search_ranks_the_normal_choice_first_and_spends_its_budget() -> None:
    s, seat = searched(13)[4]
    seen, opts = T.view(s, seat), T.options(s, seat)
    pool = strong.candidates(seen, opts, random.Random(1))
    assert pool[0] == ai.choose(s, seat, "normal", random.Random(1))
    assert len(pool) <= strong.WIDTH + 1 and all(d in opts for d in pool)
    stats = search.Stats()
    d = strong.decide(seen, opts, random.Random(4), budget=60, stats=stats)
    assert d in pool and stats.candidates == len(pool)
    assert 60 <= stats.simulated <= 60 + stats.candidates * strong.HORIZON
    assert stats.means is not None and stats.means[d.canonical()] == max(stats.means.values())


def test_other_steps_are_answered_like_normal() -> None:
    """Politics (T-POL-3), discards (T-EOT-1) and events: the normal level's answer."""
    for s, seat in positions(7):
        if T.pending(s)[0].kind == "action":
            continue
        assert ai.choose(s, seat, "strong", random.Random(2)) == \
            ai.choose(s, seat, "normal", random.Random(2))


_CHILD = """
import json, random, sys
import engine.tta as T
from engine.tta.ai import strong
data = json.loads(sys.stdin.read())
s, seat = T.load(data["state"]), data["seat"]
d = strong.decide(T.view(s, seat), T.options(s, seat), random.Random(9), budget=40)
print(d.canonical())
"""


def test_the_same_view_and_seed_decide_alike_in_another_process() -> None:
    s, seat = searched(17)[2]
    here = strong.decide(T.view(s, seat), T.options(s, seat), random.Random(9), budget=40)
    env = {**os.environ, "PYTHONHASHSEED": "123", "PYTHONPATH": str(ROOT)}
    out = subprocess.run([sys.executable, "-c", _CHILD], cwd=ROOT, env=env, check=True,
                         input=json.dumps({"state": T.dump(s), "seat": seat}),
                         capture_output=True, text=True).stdout.strip()
    assert out == here.canonical()


# --- whole games ------------------------------------------------------------------------------

def test_strong_against_normal_plays_a_whole_game_legally(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """T-TEND-4: the game reaches the final scoring (T-TSCORE-1); every strong decision is one
    of the options and comes from its own logic (no fallback)."""
    n, seed = 2, 21
    monkeypatch.setenv(search.BUDGET_ENV, str(12 / strong.BUDGET))
    levels = ["strong", *["normal"] * (n - 1)]
    s = T.new_game(n, seed)
    rngs = [random.Random(seed + q) for q in range(n)]
    for _ in range(3000):
        if T.result(s) is not None:
            break
        seat = T.pending(s)[0].seat
        d, own = ai.decide(s, seat, levels[seat], rngs[seat])
        assert d in T.options(s, seat) and own
        s, _ = T.apply(s, seat, d, in_place=True)
    res = T.result(s)
    assert res is not None and len(res["scores"]) == n and res["winners"]
