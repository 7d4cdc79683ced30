"""Whole random games (hypothesis, fixed-seed): every game ends, every component is always
somewhere (P-COMP-*), replays and JSON round trips are exact, options are always real choices,
and no view leaks hidden information (P-GAP-HIDDEN)."""

from __future__ import annotations

import json
import random
from dataclasses import asdict
from itertools import permutations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.agenda import Choice, Frame
from engine.pantheon import apply, new_game, options, pending, replay, result, view
from engine.pantheon.cards import KINDS
from engine.pantheon.flow import CHOICES
from engine.pantheon.sacrifice import payments
from engine.pantheon.state import Player, State
from tests.engine.pantheon.pantheon_helpers import NAMES, check_conservation

SETTINGS = settings(max_examples=15, deadline=None, derandomize=True)

game_options = st.fixed_dictionaries({
    "bonus_draft": st.booleans(),
    "start_supply_by_player_count": st.booleans(),
    "stall_guard_rounds": st.sampled_from([None, 3]),
})


def spectator_json(s: State) -> str:
    return json.dumps(asdict(view(s, None)), sort_keys=True)


def scramble_hidden(s: State, rng: random.Random) -> State:
    """The same public position with different hidden information: other hand contents of the
    same sizes, other demigod values of the same counts, other unresolved bonus tiles, other
    orders of every face-down stack."""
    t = s.clone()
    cards = [c for p in t.players for c, k in p.hand.items() for _ in range(k)]
    rng.shuffle(cards)
    for p in t.players:
        size = p.hand_size()
        p.hand = {}
        for c in cards[:size]:
            p.hand[c] = p.hand.get(c, 0) + 1
        cards = cards[size:]
        p.demigods = [rng.randint(1, 6) for _ in p.demigods]
        if p.bonus is not None:
            p.bonus = rng.choice(["b_god", "b_demigod", "b_draw3"])
    for stack in (t.deck, t.god_stack, t.demigod_stack, t.bag, t.people_deck):
        rng.shuffle(stack)
    return t


def check_views(s: State, rng: random.Random) -> None:
    for i in range(s.n):
        v = view(s, i)
        for pv in v.players:
            if pv.seat == i:
                assert pv.hand == s.players[i].hand
                assert pv.demigods == sorted(s.players[i].demigods)
            else:
                assert pv.hand is None and pv.demigods is None and pv.bonus is None
                assert pv.payable_gods is None and pv.max_steps is None and pv.money is None
            assert pv.hand_size == s.players[pv.seat].hand_size()
            assert pv.demigod_count == len(s.players[pv.seat].demigods)
    spectator = view(s, None)
    for pv in spectator.players:
        assert (pv.hand, pv.demigods, pv.bonus, pv.payable_gods, pv.max_steps, pv.money) == (
            None, None, None, None, None, None)
    text = spectator_json(s)
    assert "deck\": [" not in text  # counts only, never the stacks themselves
    assert spectator_json(scramble_hidden(s, rng)) == text


def check_public_events(events) -> None:
    """Events everyone may see carry counts, never hand cards or face-down demigod values."""
    for ev in events:
        if ev.private_to is not None:
            continue
        assert "hand" not in ev.args
        # card lists only for cards played face up (a sacrifice); elsewhere just a number
        assert isinstance(ev.args.get("cards", 0), int) or ev.template == "sacrificed", ev
        if ev.template == "took_demigods" and ev.args.get("from") == "stack":
            assert "values" not in ev.args


def play_checked(n: int, seed: int, opts: dict) -> tuple[State, list]:
    rng = random.Random(seed)
    s = new_game(NAMES[:n], seed, opts)
    log = []
    check_conservation(s)
    while pending(s):
        (prompt,) = pending(s)
        seat = prompt.seat
        choices = options(s, seat)
        # a forced choice is taken by the engine, so every prompt is a real choice
        assert len(choices) >= 2, (prompt, choices)
        assert all(options(s, other) == [] for other in range(n) if other != seat)
        if len(log) % 60 == 0:
            check_views(s, rng)
            back = State.from_json(json.loads(json.dumps(s.to_json())))
            assert back.to_json() == s.to_json() and options(back, seat) == choices
        choice = rng.choice(choices)
        s, events = apply(s, seat, choice, in_place=True)
        check_public_events(events)
        log.append((seat, choice))
        check_conservation(s)
        assert len(log) < 20_000, "the game does not end"
    return s, log


@pytest.mark.parametrize("n", [2, 3, 4])
@SETTINGS
@given(seed=st.integers(0, 2**32 - 1), opts=game_options)
def test_random_games_end_conserve_components_and_replay(n, seed, opts):
    s, log = play_checked(n, seed, opts)
    # P-END-1: the game ended after epoch 6 with a result
    r = result(s)
    assert s.epoch == 6 and r is not None and pending(s) == []
    assert r["scores"] == [p.score for p in s.players]
    best = max(r["scores"])
    assert r["winners"] and all(r["scores"][w] == best for w in r["winners"])
    # replay from the decision log equals the live state, and the state survives JSON
    again = replay(NAMES[:n], seed, opts, log)
    assert again.to_json() == s.to_json()
    assert State.from_json(json.loads(json.dumps(s.to_json()))).to_json() == s.to_json()
    # all feet went home at the end of epoch 6 (P-EPOCHEND-1)
    assert all(pc[1] == "column" for ps in s.pieces.values() for pc in ps)


# --- the agenda's shortcuts never change what is asked ------------------------------------------

@pytest.mark.parametrize("players,seed,opts", [(2, 11, {}), (3, 12, {"bonus_draft": True}),
                                               (4, 13, {"stall_guard_rounds": 3}),
                                               (4, 14, {})])
def test_several_hooks_only_claim_real_choices(monkeypatch, players, seed, opts) -> None:
    """A choice's `several` hook lets the agenda skip listing the options when it surely has two
    or more (engine/agenda.py): whenever a hook says so in a random game, there are."""
    asked = 0

    def checked(name: str, choice: Choice):
        def several(s: State, frame: Frame) -> bool:
            nonlocal asked
            sure = choice.several(s, frame)
            if sure:
                asked += 1
                assert len(list(choice.options(s, frame))) > 1, (name, frame)
            return sure
        return Choice(choice.options, choice.apply, several)

    for name, choice in list(CHOICES.items()):
        if choice.several is not None:
            monkeypatch.setitem(CHOICES, name, checked(name, choice))
    rng = random.Random(seed)
    s = new_game(players, seed, opts)
    while pending(s):
        seat = pending(s)[0].seat
        s, _ = apply(s, seat, rng.choice(options(s, seat)), in_place=True)
    assert asked > 100


def _reference_payments(player: Player, numbers: tuple[int, ...], tiles_allowed: bool
                        ) -> list[list[str]]:
    """sacrifice.payments as it was first written: every assignment of kinds to numbers."""
    level = {k: (player.tiles.get(k, 0) if tiles_allowed else 0) for k in KINDS}
    found: dict[tuple, tuple[int, list[str]]] = {}
    for kinds in permutations(KINDS, len(numbers)):
        spent = 0
        for number, kind in zip(numbers, kinds, strict=True):
            missing = number - level[kind]
            if missing > 0:
                if player.hand.get(kind, 0) < missing:
                    break
                spent += missing
        else:
            key = tuple(sorted(zip(numbers, kinds, strict=True)))
            found.setdefault(key, (spent, list(kinds)))
    return [k for _, k in sorted(found.values(), key=lambda t: (t[0], t[1]))]


def test_cached_payments_equal_the_full_search() -> None:
    rng = random.Random(8)
    for _ in range(5000):
        p = Player(0, "Ann", "red",
                   hand={k: rng.randint(0, 6) for k in KINDS if rng.random() < 0.8},
                   tiles={k: rng.randint(1, 4) for k in KINDS if rng.random() < 0.5})
        numbers = tuple(rng.randint(1, 5) for _ in range(rng.randint(0, 4)))
        tiles_allowed = rng.random() < 0.7
        assert payments(p, numbers, tiles_allowed) == _reference_payments(p, numbers,
                                                                          tiles_allowed)
        assert payments(p, list(numbers), tiles_allowed) == payments(p, numbers, tiles_allowed)
