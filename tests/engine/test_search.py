"""engine/search.py, the strong level's determinized search, on a toy game whose best move is
known: Nim with one pile, take 1 to 3, who takes the last wins (leave a multiple of 4)."""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from engine import search
from engine.core import Decision, IllegalDecision, Prompt


@dataclass
class Pile:
    left: int
    turn: int = 0
    winner: int | None = None
    decisions: int = 0


class Nim:
    @staticmethod
    def pending(s: Pile) -> list[Prompt]:
        return [] if s.winner is not None else [Prompt(s.turn, "take")]

    @staticmethod
    def options(s: Pile) -> list[Decision]:
        return [Decision("take", {"n": n}) for n in (1, 2, 3) if n <= s.left]

    @staticmethod
    def apply(s: Pile, seat: int, d: Decision, *, in_place: bool = False):
        n = d.args["n"]
        if seat != s.turn or not 1 <= n <= min(3, s.left):
            raise IllegalDecision("no")
        w = s if in_place else replace(s)
        w.left -= n
        w.decisions += 1
        if w.left == 0:
            w.winner = seat
        w.turn = 1 - seat
        return w, []

    @staticmethod
    def result(s: Pile):
        return None if s.winner is None else {"winners": [s.winner]}


def perfect(s: Pile, seat: int, rng: random.Random) -> Decision:
    return Decision("take", {"n": s.left % 4 or 1})


def game(samples: list, budget: int = 60) -> search.Game:
    def sample(seen: Pile, rng: random.Random) -> Pile:
        samples.append(seen)
        return replace(seen)
    return search.Game(rules=Nim, sample=sample, rollout=perfect,
                       value=lambda s, seat: 1.0 if s.winner == seat else -1.0,
                       stop=lambda start, now, steps: steps > 40, budget=budget)


def test_the_search_finds_the_winning_move_and_samples_the_view() -> None:
    samples: list = []
    seen = Pile(7)
    opts = Nim.options(seen)
    stats = search.Stats()
    d = search.search(game(samples), seen, 0, opts, random.Random(1), stats=stats)
    assert d.args == {"n": 3}  # 7 - 3 = 4: the opponent cannot win
    assert samples and all(s is seen for s in samples)  # every world comes from the view
    assert stats.candidates == 3 and stats.worlds == len(samples)
    assert stats.means is not None and stats.means[d.canonical()] == 1.0


def test_the_budget_bounds_the_work_and_the_seed_fixes_the_answer() -> None:
    seen = Pile(10)
    runs = []
    for _ in range(2):
        stats = search.Stats()
        d = search.search(game([], budget=30), seen, 0, Nim.options(seen), random.Random(5),
                          stats=stats)
        runs.append((d, stats.worlds, stats.simulated))
    assert runs[0] == runs[1]
    # the last world of a round may overrun the budget by at most one world's roll-outs
    assert runs[0][2] <= 30 + 3 * 11


def test_the_budget_factor_comes_from_the_environment(monkeypatch) -> None:
    monkeypatch.setenv(search.BUDGET_ENV, "2.5")
    assert search.factor() == 2.5
    for bad in ("0", "-1", "nan", "fast"):
        monkeypatch.setenv(search.BUDGET_ENV, bad)
        assert search.factor() == 1.0


def test_a_move_the_sampled_world_refuses_is_never_chosen() -> None:
    # a sampler that (wrongly) leaves fewer counters than the view shows: taking 3 is refused
    # there, so it scores worst, and the search still answers with a legal option
    g = replace(game([]), sample=lambda seen, rng: Pile(2))
    seen = Pile(7)
    d = search.search(g, seen, 0, Nim.options(seen), random.Random(2))
    assert d.args["n"] != 3
