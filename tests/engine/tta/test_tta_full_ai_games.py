"""The AI in the full game (F-END-1, F-END-7): it values what the full game scores, not the
tutorial's final items (T-TSCORE-1), the Age III events by what impacts.py would award
(F-END-2/3/8), and a fixed slice of 3-player full games is won by the normal level against
two random seats (the full benchmark is benchmarks/bench_ai.py --option mode=full)."""

from __future__ import annotations

import random

import pytest
from tta_full_helpers import armed, full
from tta_helpers import game

import engine.tta as T
from engine.tta import ai
from engine.tta.ai.policy import Ctx
from engine.tta.ai.values import NORMAL, impact_award, impact_value
from engine.tta.impacts import EVERY_PLAYER, RANKING, awards


def test_full_game_values_no_tutorial_items() -> None:
    """F-END-1: the full game's AI leaves the tutorial's final items out; the tutorial's keeps
    them (T-TSCORE-1)."""
    s = full()
    seat = T.pending(s)[0].seat
    assert Ctx(T.view(s, seat), seat, T.options(s, seat), "normal",
               random.Random(1)).k.tutorial_items is False
    t = game()
    seat = T.pending(t)[0].seat
    assert Ctx(T.view(t, seat), seat, T.options(t, seat), "normal",
               random.Random(1)).k.tutorial_items is True


def test_impact_award_is_what_the_event_gives_now() -> None:
    """F-END-8: the AI reads each Age III event's award as impacts.py computes it (ranking
    cards C-85/C-86 with the starting player current, F-END-5); before Age II nothing is
    expected of them."""
    s = full(4, seed=3)
    for card in (*EVERY_PLAYER, *RANKING):
        given = awards(s, card, s.start)
        for seat in range(4):
            assert impact_award(s, seat, card) == given[seat], card
    assert s.age in ("A", "I") and impact_value(s, 0, NORMAL) == 0.0  # too early to read
    s.age = "III"
    expected = NORMAL.impact * sum(awards(s, c, s.start)[0] for c in (*EVERY_PLAYER, *RANKING))
    assert impact_value(s, 0, NORMAL) == pytest.approx(expected)


def play_out(levels: list[str], seed: int) -> tuple[list[int], list[int], int]:
    s = T.new_game([f"{lv}-{i}" for i, lv in enumerate(levels)], seed, {"mode": "full"})
    rngs = [random.Random(seed * 7 + i) for i in range(len(levels))]
    fallbacks = 0
    while prompts := T.pending(s):
        seat = prompts[0].seat
        d, own = ai.decide(s, seat, levels[seat], rngs[seat])
        fallbacks += levels[seat] != "random" and not own
        s, _ = T.apply(s, seat, d, in_place=True)
    res = T.result(s)
    assert res is not None
    return res["scores"], res["winners"], fallbacks


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_normal_beats_two_random_seats_in_full_games(seed: int) -> None:
    """A fixed slice of 3-player full games (F-SETUP-3): the normal seat (rotating) wins
    alone, with no fallback to the first option."""
    levels = ["random", "random", "random"]
    levels[seed % 3] = "normal"
    scores, winners, fallbacks = play_out(levels, seed)
    assert winners == [seed % 3], scores
    assert fallbacks == 0


def test_an_aggression_beats_preparing_a_newer_event() -> None:
    """F-AGGR: an Age I aggression's spoils (SPOILS: twice its age) are worth more than the
    2 culture of preparing an Age II event (T-POL-3) when the margin is safe; without the
    aggression card the event is prepared."""
    s = full()
    armed(s, 0, 5, ["raid_i", "civil_unrest_ii"])
    armed(s, 1, 1, [])
    armed(s, 2, 4, [])
    d = ai.choose(s, 0, "normal", random.Random(1))
    assert d.kind == "aggression" and d.args["card"] == "raid_i" and d.args["target"] == 1
    s = full()
    armed(s, 0, 5, ["civil_unrest_ii"])
    armed(s, 1, 1, [])
    d = ai.choose(s, 0, "normal", random.Random(1))
    assert d.kind == "prepare" and d.args["card"] == "civil_unrest_ii"
