"""Properties of whole full games (F-AGE-1..8, F-END-1..7, V-GLOBAL, V-PEACE) with 2, 3 and 4
players and fixed seeds: every game reaches Age IV and ends with the full game's scoring, tokens
are conserved at every step (T-TOK-2), the global conflict breaks out at the ends of Ages I, II
and III (V-GLOBAL-3). Random legal decisions and the easy AI; aggressions, wars and pacts that
nobody can play yet still count for the military hand limit and are discarded like any other
military card (T-MDISC-1)."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from functools import cache

import pytest

import engine.tta as T
from data.i18n import LANGUAGES
from data.tta import CARDS
from engine.core import Decision, Event
from engine.tta import ai
from engine.tta import text as X
from engine.tta.state import State
from tests.engine.tta.tta_helpers import conserved

Chooser = Callable[[State, int, random.Random], Decision]


# resigning ends a game early (F-RES-7): these games play the whole game to its end
RESIGN = ("resign", "resign_confirm")


def _random(s: State, seat: int, rng: random.Random) -> Decision:
    opts = [d for d in T.options(s, seat) if d.kind not in RESIGN]
    acting = [d for d in opts if d.kind != "end"]
    return rng.choice(acting) if acting and rng.random() < 0.9 else rng.choice(opts)


def _easy(s: State, seat: int, rng: random.Random) -> Decision:
    return ai.choose(s, seat, "easy", rng)


def play_full(n: int, seed: int, choose: Chooser, peaceful: str = "strict"
              ) -> tuple[State, list[Event], set[str]]:
    """A whole full game; returns the end, every event and the ages seen. Tokens are checked
    after every step."""
    s = T.new_game(n, seed, {"mode": "full", "peaceful": peaceful, "global_conflict": True})
    rng = random.Random(seed)
    events: list[Event] = []
    ages = {s.age}
    for _ in range(20_000):
        if s.result is not None:
            return s, events, ages
        seat = T.pending(s)[0].seat
        s, new = T.apply(s, seat, choose(s, seat, rng), in_place=True)
        events += new
        ages.add(s.age)
        conserved(s)
    raise AssertionError("the game did not end")


def _ended_as_a_full_game(s: State, events: list[Event], ages: set[str]) -> None:
    res = T.result(s)
    assert res is not None and T.pending(s) == [] and T.options(s, 0) == []
    assert ages == {"A", "I", "II", "III", "IV"} and s.age == "IV"  # F-AGE-1/2
    assert s.round == s.last_round  # F-AGE-3, F-END-1
    best = max(res["scores"])
    assert res["winners"] == [q for q, v in enumerate(res["scores"]) if v == best]
    assert "before" in res and all(set(b) <= {*CARDS, "floor"} for b in res["breakdown"])
    conflicts = [e.args["age"] for e in events if e.template == "tta.global_conflict"]
    assert conflicts == ["I", "II", "III"]  # V-GLOBAL-3
    assert [e.args["age"] for e in events if e.template == "tta.age"] == ["I", "II", "III", "IV"]


@pytest.mark.parametrize(("n", "seed"), [(n, seed) for n in (2, 3, 4) for seed in (41, 42)])
def test_random_full_games_reach_age_iv_and_end(n: int, seed: int) -> None:
    s, events, ages = play_full(n, seed, _random)
    _ended_as_a_full_game(s, events, ages)


@cache
def _easy_game(n: int) -> tuple[State, list[Event], set[str]]:
    return play_full(n, 50 + n, _easy)


@pytest.mark.parametrize("n", [2, 3, 4])
def test_easy_ai_plays_full_games_to_the_end(n: int) -> None:
    _ended_as_a_full_game(*_easy_game(n))


LEFTOVER = re.compile(r"\{[a-z_]+\}|tta\.[a-z_]+\.")  # an unfilled placeholder or a raw key


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_event_of_a_full_game_has_words(lang: str) -> None:
    """The log words every public event of a full game (the new age, the global conflict, the
    Age III events revealed, the game over with its breakdown) in every language; "forced"
    (the agenda's record of a step taken alone) is the one event without words."""
    s, events, _ = _easy_game(4)
    names = [p.name for p in s.players]
    templates = set()
    for e in events:
        if e.template == "forced":  # (the agenda's own, no "tta." prefix)
            continue
        line = X.event_text(e, names, e.private_to, lang)
        assert line is not None and line.strip() and not LEFTOVER.search(line), (e, line)
        templates.add(e.template)
    assert {"tta.age", "tta.global_conflict", "tta.impact", "tta.game_over"} <= templates


def test_political_cards_in_hand_count_for_the_limit_and_are_discarded() -> None:
    """F-SETUP-1: with peaceful off the military decks hold aggressions, wars and pacts; the
    games still end, and such cards are discarded for the hand limit (T-MDISC-1)."""
    discarded: set[str] = set()
    for n, seed in ((3, 61), (4, 62)):
        s, events, ages = play_full(n, seed, _random, peaceful="off")
        assert s.result is not None and "IV" in ages
        discarded |= {CARDS[e.args["card"]].kind for e in events
                      if e.template == "tta.discard"}
    assert discarded & {"aggression", "war", "pact"}
