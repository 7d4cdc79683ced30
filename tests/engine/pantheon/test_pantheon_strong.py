"""The strong level of Pantheon (engine/pantheon/ai/strong.py, worlds.py): determinized search
over worlds sampled from the seat's view (P-GAP-HIDDEN), at the turn's action prompt (P-TURN-1).

* The sampler keeps the view: the seat sees in a sampled world exactly what it sees in the
  real game, and has the same options there; every component is somewhere (P-COMP), and what is
  hidden really is drawn anew.
* Scrambling every hidden zone of the real state changes no strong decision for a fixed seed.
* Games of strong against normal finish with legal decisions of the strong level's own.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine import search
from engine.pantheon import apply, new_game, options, pending, result, view
from engine.pantheon.ai import STRONG, decide, decide_seen, strong
from engine.pantheon.ai.worlds import ALL_BONUS, ALL_CARDS, ALL_GODS, ALL_LOOT, sample
from engine.pantheon.state import State
from tests.engine.pantheon.test_ai_fair import nonsense

SMALL = 40  # simulated decisions per search in these tests (the real budget: strong.BUDGET)


def played(n: int, seed: int, levels: list[str], opts: dict | None = None):
    """Every position of a seeded game of these levels, with the seat asked."""
    s = new_game(n, seed, opts)
    rngs = [random.Random(seed * 10 + i) for i in range(n)]
    while pending(s):
        seat = pending(s)[0].seat
        yield s, seat
        s, _ = apply(s, seat, decide(s, seat, levels[seat], rngs[seat])[0], in_place=True)


def components(w: State) -> tuple[Counter, Counter, Counter, Counter]:
    """Cards, god tiles, loot tiles and bonus tiles wherever they lie in `w`."""
    cards = Counter(w.deck) + Counter(w.discard) + Counter(w.special_money)
    cards.update(c for c in w.display if c is not None)
    gods = Counter(w.god_stack) + Counter(w.god_display) + Counter(w.god_box)
    loot = Counter(w.bag) + Counter(w.loot.values()) + Counter(w.loot_box)
    bonus = Counter(w.bonus_stack) + Counter(w.bonus_box)
    for p in w.players:
        cards.update(p.hand)
        gods.update(p.gods)
        loot.update(t for t in p.steps_tiles if t in ALL_LOOT)
        bonus.update(t for t in p.steps_tiles if t in ALL_BONUS)
        if p.bonus is not None:
            bonus[p.bonus] += 1
    return cards, gods, loot, bonus


@pytest.mark.parametrize(("n", "seed", "opts"), [
    (2, 11, None),
    (3, 12, {"bonus_draft": True}),
    (4, 13, None),
])
def test_a_sampled_world_shows_the_seat_its_view_and_gives_it_its_options(
        n: int, seed: int, opts: dict | None) -> None:
    rng = random.Random(seed)
    actions = hidden_differs = 0
    for k, (s, seat) in enumerate(played(n, seed, ["normal", "easy"] * 2, opts)):
        seen = view(s, seat)
        w = sample(seen, rng)
        # P-GAP-HIDDEN: the seat cannot tell the world from the real game
        assert view(w, seat) == seen
        if pending(s)[0].kind != "action":
            continue
        actions += 1
        assert options(w, seat) == options(s, seat)
        # the turn's agenda is rebuilt as the turn frame pushed it (P-TURN-1, P-TRAI-2)
        assert w.queue == s.queue
        assert s.turn is not None and w.turn is not None
        if s.turn["used"] == 0:
            assert w.turn == s.turn
        # every card is somewhere (the special money cards taken are cards like the others)
        cards, gods, loot, _ = components(w)
        assert cards == ALL_CARDS == components(s)[0]
        assert loot == components(s)[2]
        assert sum(gods.values()) + sum(len(p.used_gods) for p in w.players) >= sum(
            ALL_GODS.values()) - 1  # a used Traitera lies in the box, so twice at most once
        assert sorted(w.demigod_stack + w.demigod_box + w.demigod_pool
                      + [d for p in w.players for d in p.demigods]) == sorted(
            s.demigod_stack + s.demigod_box + s.demigod_pool
            + [d for p in s.players for d in p.demigods])
        # what is hidden is drawn, not copied: another draw deals other cards somewhere
        other = sample(seen, random.Random(k))
        hidden_differs += (other.deck, [p.hand for p in other.players]) != (
            w.deck, [p.hand for p in w.players])
    assert actions > 40
    assert hidden_differs > actions * 0.9


def test_the_same_view_and_seed_sample_the_same_world() -> None:
    s, seat = next(pos for k, pos in enumerate(played(3, 21, ["normal"] * 3)) if k == 80)
    seen = view(s, seat)
    a = sample(seen, random.Random(4))
    assert a.to_json() == sample(seen, random.Random(4)).to_json()
    # the world comes from the view alone: a real state with other hidden zones, same world
    scrambled = nonsense(s, seat, random.Random(1))
    assert sample(view(scrambled, seat), random.Random(4)).to_json() == a.to_json()


def test_candidates_put_the_normal_choice_first_and_the_end_is_valued_exactly() -> None:
    checked = 0
    for s, seat in played(2, 31, ["strong", "normal"]):
        seen = view(s, seat)
        opts = options(s, seat)
        if not strong.searched(seen) or len(opts) < 2:
            continue
        pool = strong.candidates(seen, opts, random.Random(0))
        assert sorted(d.canonical() for d in pool) == sorted(d.canonical() for d in opts)
        assert pool[0] == decide_seen(seen, opts, "normal", random.Random(0))[0]
        checked += 1
        if checked == 10:
            break
    assert checked == 10
    # once the game is over (P-END-1) the value is the exact final margin
    *_, (end, _) = played(2, 32, ["normal", "normal"])  # played on in place to the end
    assert result(end) is not None
    scores = [p.score for p in end.players]
    assert strong.value(end, 0) == scores[0] - scores[1] == -strong.value(end, 1)


def test_hidden_zones_rewritten_to_nonsense_change_no_strong_decision() -> None:
    """P-GAP-HIDDEN: the search samples its worlds from the view, so rewriting every hidden
    zone of the real state (other hands, demigods, bonus tiles, deck, stacks, bag, boxes, seed)
    changes neither the worlds nor the decision."""
    scrambler = random.Random(5)
    compared = 0
    for s, seat in played(3, 41, ["strong", "normal", "easy"]):
        seen = view(s, seat)
        if not strong.searched(seen) or len(options(s, seat)) < 2:
            continue
        other = nonsense(s, seat, scrambler)
        assert view(other, seat) == seen
        runs = []
        for st in (s, other):
            stats = search.Stats()
            d = strong.decide(STRONG[3], view(st, seat), options(st, seat), random.Random(compared),
                              stats=stats, budget=SMALL)
            runs.append((d, stats.means, stats.simulated))
        assert runs[0] == runs[1]
        assert runs[0][2] >= SMALL  # the search ran
        compared += 1
        if compared == 12:
            break
    assert compared == 12


def test_strong_against_normal_plays_legal_decisions_of_its_own(monkeypatch) -> None:
    monkeypatch.setenv(search.BUDGET_ENV, str(SMALL / strong.BUDGET[2]))
    searched = 0
    for game in range(2):
        levels = ["strong", "normal"] if game == 0 else ["normal", "strong"]
        s = new_game(2, 51 + game)
        rngs = [random.Random(game), random.Random(game + 7)]
        while pending(s):
            seat = pending(s)[0].seat
            opts = options(s, seat)
            d, own = decide(s, seat, levels[seat], rngs[seat])
            assert own and d in opts
            searched += levels[seat] == "strong" and strong.searched(view(s, seat)) \
                and len(opts) > 1
            s, _ = apply(s, seat, d, in_place=True)
        assert result(s) is not None
    assert searched > 20
