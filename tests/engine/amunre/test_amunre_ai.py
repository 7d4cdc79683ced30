"""The Amun-Re AI (engine/amunre/ai): its decisions are always legal, whole all-AI games finish at
3, 4 and 5 players, it decides from its own seat's view and options only (A-INFO-1/2: another
seat's gold, power cards and sealed sacrifice, the decks and the free cards under a province card
never change its choice), and it is deterministic across processes (PYTHONHASHSEED). The strong
level is covered with a small search budget (AGORA_AI_BUDGET); test_amunre_strong.py tests it
more."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from dataclasses import asdict
from functools import cache

import pytest

import engine.amunre as A
from data.amunre import CARD_TYPES
from engine import search
from engine.amunre import ai
from engine.amunre.state import State
from engine.core import Decision, IllegalDecision
from tests.paths import ROOT

MIXES = {3: ["normal", "easy", "random"], 4: ["normal", "easy", "normal", "random"],
         5: ["easy", "normal", "random", "normal", "easy"]}


def play(n: int, seed: int, levels: list[str] | None = None, *, check: bool = True,
         keep: bool = False) -> tuple[State, list[State]]:
    """One whole game of AI seats; every decision is checked against options() and must come
    from the level's own logic (no fallback to the first option)."""
    levels = levels or MIXES[n]
    s = A.new_game(n, seed)
    pick = random.Random(seed)
    rngs = [random.Random(seed * 10 + q) for q in range(n)]
    states = []
    for _ in range(5000):
        if A.result(s) is not None:
            return s, states
        seat = pick.choice(sorted({p.seat for p in A.pending(s)}))
        if keep:
            states.append(s)
        d, own = ai.decide(s, seat, levels[seat], rngs[seat])
        if check:
            assert d in A.options(s, seat), (d, seat)
            assert own or levels[seat] == "random", (d, s.phase)
        s, _ = A.apply(s, seat, d)
    raise AssertionError("the game does not end")


@cache
def recorded(n: int, seed: int) -> list[State]:
    return play(n, seed, keep=True)[1]


# --- legal decisions; whole games finish ----------------------------------------------------------

@pytest.mark.parametrize("n", [3, 4, 5])
@pytest.mark.parametrize("seed", [1, 2])
def test_ai_decisions_are_legal_and_games_finish(n, seed):
    end, _ = play(n, seed)
    res = A.result(end)
    assert res is not None and res["winners"] and set(res["winners"]) <= set(range(n))
    assert end.round == 6 and end.phase == "over"


@pytest.mark.parametrize("level", ["easy", "normal"])
@pytest.mark.parametrize("n", [3, 5])
def test_all_seats_of_one_level_finish(level, n):
    end, _ = play(n, 7, [level] * n)
    assert A.result(end) is not None


def test_normal_beats_random_in_a_few_games():
    # a smoke test of strength; the benchmark measures it (benchmarks/bench_ai.py --game amunre)
    wins = 0
    for seed in range(4):
        end, _ = play(4, 100 + seed, ["normal", "random", "random", "random"], check=False)
        wins += 0 in A.result(end)["winners"]
    assert wins >= 3


def test_unknown_level_and_no_options():
    s = A.new_game(4, 3)
    seat = A.pending(s)[0].seat
    with pytest.raises(ValueError):
        ai.choose(s, seat, "hard", random.Random(1))
    end, _ = play(3, 4, check=False)  # after the end no seat has an option
    with pytest.raises(IllegalDecision):
        ai.choose(end, 0, "normal", random.Random(1))


# --- view only ------------------------------------------------------------------------------------

def altered(s: State, keep: int, rng: random.Random) -> State:
    """Every hidden part of the state changed except `keep`'s own: the other seats' gold, power
    cards (identities and number), "-3" card, sealed sacrifice and bonus choice; the power deck's
    contents, the province deck's order, the free cards under the cards on offer; the secret key
    and the RNG."""
    t = s.clone()
    for p in t.players:
        if p.seat == keep:
            continue
        p.gold += 23
        p.cards = [rng.choice(CARD_TYPES) for _ in range(len(p.cards) + 3)]
        p.minus3 = not p.minus3
        if p.offer:
            p.offer = {**p.offer, "gold": p.offer["gold"] + 7, "minus3": False,
                       "correction": not p.offer["correction"]}
        if p.choice:
            p.choice = {**p.choice, "bonus": ["BNB"], "sell": ["G8"]}
    t.power_deck = [rng.choice(CARD_TYPES) for _ in t.power_deck]
    rng.shuffle(t.province_deck)
    for m in t.material.values():
        m["cards"] = [rng.choice(CARD_TYPES) for _ in m["cards"]]
    t.secret = "feedface" * 4
    t.rng ^= 0x1234567
    t.seed += 99
    return t


def hidden_differs(a: State, b: State, keep: int) -> bool:
    return (a.power_deck != b.power_deck or a.province_deck != b.province_deck
            or any(p.gold != q.gold or p.cards != q.cards
                   for p, q in zip(a.players, b.players, strict=True) if p.seat != keep))


@pytest.mark.parametrize("level", ["easy", "normal", "strong"])
@pytest.mark.parametrize("n", [3, 4, 5])
def test_choice_unchanged_when_others_hidden_parts_change(level, n, monkeypatch):
    # the strong level searches worlds drawn from the view: a small budget keeps this fast
    monkeypatch.setenv(search.BUDGET_ENV, "0.02")
    states = recorded(n, 11)
    rng = random.Random(n)
    step = max(1, len(states) // (12 if level == "strong" else 60))
    kinds = set()
    for i in range(0, len(states), step):
        s = states[i]
        for seat in sorted({p.seat for p in A.pending(s)}):
            t = altered(s, seat, rng)
            assert hidden_differs(s, t, seat)
            # the seat's view and options are the same: the alteration touched only secrets
            assert asdict(A.view(s, seat)) == asdict(A.view(t, seat))
            assert A.options(s, seat) == A.options(t, seat)
            d1 = ai.choose(s, seat, level, random.Random(i))
            d2 = ai.choose(t, seat, level, random.Random(i))
            assert d1 == d2, (s.phase, seat)
            # without an rng too: the default rng is seeded from the view only
            assert ai.choose(s, seat, level) == ai.choose(t, seat, level)
            kinds.add(A.pending(s)[0].kind)
    # the sample covers the steps where secrets matter most (strong: fewer, searches are slow)
    assert ({"bid", "buy", "sacrifice"} if level == "strong"
            else {"bid", "buy", "sacrifice", "reward", "income", "bonus"}) <= kinds


def test_the_decision_code_gets_only_the_view_and_options(monkeypatch):
    """By construction: `decide` reads the state through view() and options() and hands only
    those to `decide_seen`."""
    got = []
    real = ai.decide_seen

    def spy(seen, opts, level="normal", rng=None):
        got.append((seen, opts))
        return real(seen, opts, level, rng)

    monkeypatch.setattr(ai, "decide_seen", spy)
    s = recorded(4, 11)[40]
    seat = A.pending(s)[0].seat
    d = ai.choose(s, seat, "normal", random.Random(3))
    (seen, opts), = got
    assert type(seen) is type(A.view(s, seat)) and asdict(seen) == asdict(A.view(s, seat))
    assert opts == A.options(s, seat)
    assert all(p.gold is None and p.cards is None and p.offer is None
               for p in seen.players if p.seat != seat)
    assert d == real(A.view(s, seat), A.options(s, seat), "normal", random.Random(3))[0]


# --- deterministic across processes ---------------------------------------------------------------

SCRIPT = """
import hashlib, json, random
import engine.amunre as A
from engine.amunre import ai
s = A.new_game(3, 5)
levels = ["normal", "easy", "strong"]
rngs = [random.Random(50 + q) for q in range(3)]
h = hashlib.sha256()
while A.result(s) is None and s.round <= 2:
    seat = sorted({p.seat for p in A.pending(s)})[0]
    d = ai.choose(s, seat, levels[seat], rngs[seat])
    h.update(json.dumps([seat, d.to_json()], sort_keys=True).encode())
    s, _ = A.apply(s, seat, d, in_place=True)
print(s.decisions, h.hexdigest())
"""


def test_deterministic_across_hash_seeds():
    outs = []
    for hash_seed in ("0", "12345"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed, "PYTHONPATH": str(ROOT),
               search.BUDGET_ENV: "0.05"}  # the strong seat searches with a small budget
        run = subprocess.run([sys.executable, "-c", SCRIPT], cwd=ROOT, env=env,
                             capture_output=True, text=True, timeout=60, check=True)
        outs.append(run.stdout.strip())
    assert outs[0] == outs[1] and int(outs[0].split()[0]) > 50


def test_same_rng_same_decision(monkeypatch):
    monkeypatch.setenv(search.BUDGET_ENV, "0.02")
    s = recorded(5, 11)[25]
    seat = A.pending(s)[0].seat
    for level in ("easy", "normal", "strong", "random"):
        assert ai.choose(s, seat, level, random.Random(9)) == ai.choose(
            s, seat, level, random.Random(9))
    assert isinstance(ai.choose(s, seat), Decision)
