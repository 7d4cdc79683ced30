"""The Pantheon AI (engine/pantheon/ai): every decision is legal, games finish, decisions are
deterministic and never depend on hidden information (P-GAP-HIDDEN)."""

from __future__ import annotations

import random

import pytest

from engine.core import Decision, IllegalDecision
from engine.pantheon import apply, new_game, options, pending, result, view
from engine.pantheon.ai import choose, decide
from engine.pantheon.ai.belief import from_view
from engine.pantheon.ai.planner import Planner, cover
from engine.pantheon.ai.values import Valuer
from engine.pantheon.placement import IS_COLUMN_FIELD, NEIGHBOURS
from engine.pantheon.state import COLUMN, FOOT, State


def play(levels: list[str], seed: int, opts: dict | None = None,
         limit: int = 5000) -> tuple[State, int]:
    """Play a game with the given level per seat; every AI decision is checked against
    options() and must come from the level's own logic (no fallback)."""
    s = new_game([f"{lv}{i}" for i, lv in enumerate(levels)], seed, opts)
    rngs = [random.Random(seed * 10 + i) for i in range(len(levels))]
    checked = 0
    for _ in range(limit):
        prompts = pending(s)
        if not prompts:
            break
        seat = prompts[0].seat
        d, own = decide(s, seat, levels[seat], rngs[seat])
        if levels[seat] != "random":
            legal = options(s, seat)
            assert d in legal, (prompts[0].kind, d, legal)
            assert own, f"{levels[seat]} fell back at a {prompts[0].kind} prompt"
            checked += 1
        s, _ = apply(s, seat, d, in_place=True)
    return s, checked


@pytest.mark.parametrize(("levels", "seed", "opts"), [
    (["normal", "easy"], 11, None),
    (["normal", "random", "easy"], 12, {"bonus_draft": True}),
    (["easy", "random", "normal", "random"], 13, None),
    (["random", "normal", "random", "easy"], 14, {"start_supply_by_player_count": True}),
    (["normal", "normal", "random"], 15, {"stall_guard_rounds": 3}),
])
def test_ai_decisions_are_always_legal(levels: list[str], seed: int, opts: dict | None) -> None:
    # mixed tables: random seats push the AI into odd positions (few feet, empty hands, ...)
    s, checked = play(levels, seed, opts)
    assert result(s) is not None
    assert checked > 150


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_all_ai_game_finishes(level: str) -> None:
    s, _ = play([level] * 3, 21)
    res = result(s)
    assert res is not None and res["winners"]
    assert s.epoch == 6  # P-END-1: the game ends after the sixth epoch's scoring
    # the AI builds: every seat has columns on the board at the end (P-SCORE-2)
    for seat in range(3):
        assert any([seat, COLUMN] in ps for ps in s.pieces.values())


def test_same_rng_same_decisions() -> None:
    a, _ = play(["normal", "easy", "normal"], 31)
    b, _ = play(["normal", "easy", "normal"], 31)
    assert a.to_json() == b.to_json()


def test_choose_without_rng_is_deterministic() -> None:
    s = new_game(3, 5)
    seat = pending(s)[0].seat
    assert choose(s, seat) == choose(s, seat)
    assert choose(s, seat, "easy") == choose(s, seat, "easy")


def test_choose_refuses_a_seat_that_is_not_deciding_and_unknown_levels() -> None:
    s = new_game(3, 5)
    seat = pending(s)[0].seat
    with pytest.raises(IllegalDecision):
        choose(s, (seat + 1) % 3)  # P-TURN-1
    with pytest.raises(ValueError):
        choose(s, seat, "grandmaster")


def hide_and_reshuffle(s: State, seat: int, rng: random.Random) -> State:
    """The same position as `seat` sees it, with every hidden thing dealt differently: the
    deck order, other hands (same sizes), the god stack, the bag, the demigod stack and other
    players' demigod values."""
    t = s.clone()
    others = [p for p in t.players if p.seat != seat]
    pool = list(t.deck)
    for p in others:
        pool += [c for c, n in p.hand.items() for _ in range(n)]
    rng.shuffle(pool)
    for p in others:
        size = p.hand_size()
        p.hand = {}
        for c in pool[:size]:
            p.hand[c] = p.hand.get(c, 0) + 1
        pool = pool[size:]
    t.deck = pool
    demi = list(t.demigod_stack) + [v for p in others for v in p.demigods]
    rng.shuffle(demi)
    for p in others:
        k = len(p.demigods)
        p.demigods, demi = demi[:k], demi[k:]
    t.demigod_stack = demi
    rng.shuffle(t.god_stack)
    rng.shuffle(t.bag)
    return t


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_ai_does_not_look_at_hidden_information(level: str) -> None:
    s = new_game(4, 41)
    rngs = [random.Random(i) for i in range(4)]
    shuffler = random.Random(7)
    compared = 0
    while pending(s) and compared < 150:
        seat = pending(s)[0].seat
        d = choose(s, seat, level, random.Random(s.decisions))
        other = hide_and_reshuffle(s, seat, shuffler)
        assert choose(other, seat, level, random.Random(s.decisions)) == d
        compared += 1
        s, _ = apply(s, seat, choose(s, seat, level, rngs[seat]), in_place=True)
    assert compared == 150


def at_first_action(seed: int) -> tuple[State, int]:
    s = new_game(2, seed)
    while pending(s)[0].kind != "action":
        seat = pending(s)[0].seat
        s, _ = apply(s, seat, choose(s, seat, "easy"))
    return s, pending(s)[0].seat


def test_movement_plan_builds_a_column_and_replays_legally() -> None:
    # P-PLACE-7/8: feet out from the temple, a column next to an own foot
    s, seat = at_first_action(3)
    p = s.players[seat]
    p.hand = {"move": 2}
    p.supply = {FOOT: 4, COLUMN: 3}
    plan = Planner(Valuer(from_view(view(s, seat)), seat), active=True).movement(5)
    cols = [st.where for st in plan.steps if st.what == COLUMN]
    assert cols, plan
    s, _ = apply(s, seat, Decision("action", {"action": "move"}))
    assert s.queue[0]["t"] == "move_cards"
    while pending(s) and pending(s)[0].seat == seat and s.queue[0]["t"] in ("move_cards",
                                                                           "move_place"):
        d = choose(s, seat, "normal")
        assert d in options(s, seat)
        s, _ = apply(s, seat, d)
    mine = {label for label, ps in s.pieces.items() if [seat, COLUMN] in ps}
    assert mine, "the Move placed a column"
    for label in mine:
        assert IS_COLUMN_FIELD[label]
        assert any([seat, FOOT] in s.pieces.get(nb, []) for nb in NEIGHBOURS[label])


def test_cover_picks_the_cheapest_money_without_change() -> None:
    # P-BUY-2: no change is given, so the smallest sum that covers the need
    assert cover(2, [1, 1, 5]) == [1, 1]
    assert cover(3, [1, 1, 5]) == [5]
    assert cover(0, [2]) == []
    assert cover(9, [1, 2]) is None
