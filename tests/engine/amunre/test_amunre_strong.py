"""The strong level of Amun-Re (engine/amunre/ai/strong.py, worlds.py): the worlds it searches
are drawn from the seat's view and keep it (A-INFO-1..6) with the seat's options; scrambling
every hidden part of the real state leaves its decision unchanged; games against the normal AI
finish with legal decisions only. Small budgets keep the file fast: the benchmark measures the
strength (benchmarks/bench_ai.py --game amunre --pairing strong-vs-2-normal)."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import asdict

import pytest

import engine.amunre as A
from data.amunre import BOARD
from engine import search
from engine.amunre import ai
from engine.amunre.ai import strong, worlds
from engine.amunre.state import State
from tests.engine.amunre.test_amunre_ai import altered, hidden_differs, recorded

SMALL = 0.03  # AGORA_AI_BUDGET for the tests: 60 simulated decisions a search


def positions(n: int, seed: int, step: int) -> list[tuple[State, int]]:
    """Every `step`-th position of a recorded all-AI game, with each seat awaited there."""
    states = recorded(n, seed)
    return [(s, seat) for s in states[::step] for seat in sorted({p.seat for p in A.pending(s)})]


def cards_in_play(s: State) -> Counter[str]:
    """Every power card wherever it lies: decks, hands, free material, sealed offerings and
    phase-6 choices."""
    out = Counter(s.power_deck) + Counter(s.power_discard)
    for p in s.players:
        out.update(p.cards)
        if p.offer and p.offer["correction"]:
            out["SC"] += 1
        if p.choice:
            out.update(p.choice.get("bonus", []))
            out.update(p.choice.get("sell", []))
    for m in s.material.values():
        out.update(m["cards"])
    return out


@pytest.mark.parametrize("n", [3, 4, 5])
def test_a_sampled_world_keeps_the_view_and_the_options(n):
    # A-INFO-1..3: what the seat sees is as it is; the seat's legal options are the real ones
    kinds = Counter()
    rng = random.Random(n)
    for s, seat in positions(n, 11, 3):
        seen = A.view(s, seat)
        w = worlds.sample(seen, rng)
        assert asdict(A.view(w, seat)) == asdict(seen), (s.phase, seat)
        assert sorted(d.canonical() for d in A.options(w, seat)) == sorted(
            d.canonical() for d in A.options(s, seat))
        assert A.pending(w) == A.pending(s)
        # the box's cards, no more and no fewer (A-SETUP-1), wherever the world put them
        assert cards_in_play(w) == Counter(BOARD["power_cards"])
        kinds[seen.frame["t"]] += 1
    assert {"bid", "buy", "place", "sacrifice", "reward", "income", "bonus"} <= set(kinds)


def test_a_sampled_world_plays_by_the_games_options():
    # the options are public (the lobby posts them, and the view carries them): a capped bid
    # (A-GAP bid_cap) is as capped in every world as in the game, or a searched bid the real
    # game allows would be refused there
    opts = {"bid_cap": 2, "correction_may_abstain": True}
    s = A.new_game(3, 5, opts)
    rng = random.Random(5)
    bids = 0
    for _ in range(60):
        waiting = A.pending(s)
        if not waiting:
            break
        seat = waiting[0].seat
        seen = A.view(s, seat)
        assert seen.options == opts
        w = worlds.sample(seen, rng)
        assert w.options == opts
        assert sorted(d.canonical() for d in A.options(w, seat)) == sorted(
            d.canonical() for d in A.options(s, seat))
        bids += waiting[0].kind == "bid"
        s, _ = A.apply(s, seat, ai.choose(s, seat, "normal", random.Random(1)))
    assert bids > 3


def test_the_hidden_parts_are_drawn_not_copied():
    # A-INFO-1/2: other hands, gold and the decks' order differ from world to world
    s, seat = next((s, q) for s, q in positions(4, 11, 1) if s.phase == "auction" and s.round == 2)
    seen = A.view(s, seat)
    a, b = (worlds.sample(seen, random.Random(k)) for k in (1, 2))
    assert hidden_differs(a, b, seat)
    assert a.province_deck != b.province_deck and sorted(a.province_deck) == sorted(
        s.province_deck)  # the contents are public, the order is not (A-INFO-2/3)


def test_other_seats_sealed_sacrifices_are_drawn_again():
    # A-SAC-3: another seat's sealed offering is not in the view; the world makes one for it
    found = 0
    for s, seat in positions(4, 11, 1):
        seen = A.view(s, seat)
        if seen.frame["t"] != "sacrifice" or not any(p.sealed for p in seen.players):
            continue
        w = worlds.sample(seen, random.Random(found))
        for p in w.players:
            if p.seat != seat and seen.players[p.seat].sealed:
                assert p.offer is not None and "receipt" in p.offer and "nonce" in p.offer
        found += 1
    assert found


def test_a_sampled_world_plays_to_the_end():
    # a roll-out must never get stuck: every seat can always answer (A-AUCT-5, A-GAP-6)
    rng = random.Random(4)
    for s, seat in positions(3, 11, 25):
        w = worlds.sample(A.view(s, seat), rng)
        for _ in range(3000):
            if A.result(w) is not None:
                break
            q = A.pending(w)[0].seat
            d = ai.choose(w, q, "normal", rng)
            assert d in A.options(w, q)
            w, _ = A.apply(w, q, d, in_place=True)
        assert A.result(w) is not None


def test_strong_ignores_every_hidden_part(monkeypatch):
    # A-INFO-1/2: other seats' gold, cards, sealed choices, the decks and the free cards are
    # all changed; for a fixed seed the strong decision is the same
    monkeypatch.setenv(search.BUDGET_ENV, str(SMALL))
    rng = random.Random(7)
    kinds = set()
    for i, (s, seat) in enumerate(positions(4, 11, 9)):
        t = altered(s, seat, rng)
        assert hidden_differs(s, t, seat)
        assert ai.choose(s, seat, "strong", random.Random(i)) == ai.choose(
            t, seat, "strong", random.Random(i))
        kinds.add(A.view(s, seat).frame["t"])
    assert {"bid", "buy", "sacrifice"} <= kinds


def test_the_search_runs_where_it_matters_and_keeps_its_budget():
    s, seat = next((s, q) for s, q in positions(3, 11, 1) if s.phase == "auction")
    seen, opts = A.view(s, seat), A.options(s, seat)
    stats = search.Stats()
    d = strong.decide(seen, opts, random.Random(1), budget=300, stats=stats)
    assert d in opts and stats.candidates > 1 and stats.worlds >= 2
    # the budget bounds the work, up to one world's roll-outs of overrun
    assert stats.simulated <= 300 + stats.candidates * 200
    cands = strong.candidates(seen, opts, random.Random(1))
    normal = ai.choose(s, seat, "normal", random.Random(1))
    assert cands[0] == normal and len(cands) <= strong.MAX_CANDIDATES


@pytest.mark.parametrize("seed", [3])
def test_strong_against_normal_finishes_legally(monkeypatch, seed):
    monkeypatch.setenv(search.BUDGET_ENV, str(SMALL))
    levels = ["strong", "normal", "normal"]
    s = A.new_game(3, seed)
    rngs = [random.Random(seed + q) for q in range(3)]
    for _ in range(3000):
        if A.result(s) is not None:
            break
        seat = A.pending(s)[0].seat
        d, own = ai.decide(s, seat, levels[seat], rngs[seat])
        assert own and d in A.options(s, seat)
        s, _ = A.apply(s, seat, d, in_place=True)
    res = A.result(s)
    assert res is not None and s.round == 6  # A-END-1: after round 6
