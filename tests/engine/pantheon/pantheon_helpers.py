"""Helpers for the Pantheon rules tests: build a position by editing a fresh game's State, put a
chosen frame on the agenda, apply decisions, and check the conservation laws of the components.

The board is the real one (data/pantheon/map.txt); fields are named by label, "D9" = row D,
column 9. Seat colours are fixed by seat order: 0 red, 1 blue, 2 yellow, 3 green."""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest

from data.pantheon import BOARD, COMPONENTS
from engine.core import Decision, Event, IllegalDecision
from engine.pantheon import apply, flow, new_game, options, pending
from engine.pantheon.placement import IS_COLUMN_FIELD, NEIGHBOURS
from engine.pantheon.state import COLUMN, FOOT, State

RED, BLUE, YELLOW, GREEN = 0, 1, 2, 3
NAMES = ["Ann", "Bob", "Cy", "Di"]
# people letter by id, and each people's start field label
PEOPLE = {spec["id"]: letter for letter, spec in COMPONENTS.peoples.items()}
START = {pid: BOARD.label(BOARD.start_field[letter]) for pid, letter in PEOPLE.items()}


def symbol_field(people: str, number: int) -> str:
    """Label of a people's symbol field with the printed number (0-4)."""
    return BOARD.label(BOARD.symbol_fields[PEOPLE[people]][number])


def neighbours(label: str) -> tuple[str, ...]:
    return NEIGHBOURS[label]


def is_column_field(label: str) -> bool:
    return IS_COLUMN_FIELD[label]


# --- building positions ---------------------------------------------------------------------

def game(n: int = 3, seed: int = 1, **opts: Any) -> State:
    """A real new game (epoch 1 prepared up to the first decision)."""
    return new_game(NAMES[:n], seed, opts or None)


def blank(n: int = 3, seed: int = 1, *, people: str = "gallia", epoch: int = 1,
          start: int = 0, feet: int = 4, columns: int = 3) -> State:
    """A game in the turn phase of `epoch` with `people` active and the temple on its start
    field, but otherwise empty: no hands, tiles, gods, pieces, loot or gods on display, and
    nothing on the agenda. Hand cards go back under the deck so the deck stays realistic."""
    s = new_game(NAMES[:n], seed, None)
    for p in s.players:
        for card, k in sorted(p.hand.items()):
            s.deck[0:0] = [card] * k
        p.hand = {}
        p.supply = {FOOT: feet, COLUMN: columns}
        p.tiles, p.gods, p.steps_tiles, p.demigods = {}, [], [], []
        p.bonus, p.placed, p.score = None, [], 0
    letter = PEOPLE[people]
    s.epoch = epoch
    s.peoples_played = [letter]
    if letter in s.people_deck:
        s.people_deck.remove(letter)
    s.temple = START[people]
    s.start_player = start
    s.loot_box.extend(s.loot.values())
    s.pieces, s.loot = {}, {}
    s.god_box.extend(s.god_display)
    s.god_display = []
    s.demigod_box.extend(s.demigod_pool)
    s.demigod_pool = []
    s.queue, s.turn, s.phase_end, s.stall_turns, s.result = [], None, False, 0, None
    return s


def hand(s: State, seat: int, **cards: int) -> State:
    """Set a hand exactly: hand(s, 0, move=2, money1=3)."""
    s.players[seat].hand = {c: k for c, k in cards.items() if k}
    return s


def put(s: State, seat: int, piece: str, label: str, *, this_epoch: bool = True) -> State:
    """Put a piece straight on the board (it comes from the general supply). A column with
    `this_epoch=False` is an old column from an earlier epoch (P-PLACE-6 rule 3)."""
    s.pieces.setdefault(label, []).append([seat, piece])
    if this_epoch:
        s.players[seat].placed.append(label)
    return s


def at_frame(s: State, *frames: dict[str, Any]) -> State:
    """Replace the agenda with `frames` and run it up to the first real decision."""
    s.queue = [dict(f) for f in frames]
    flow.advance(s, [])
    return s


def at_turn(s: State, seat: int) -> State:
    """Start `seat`'s turn in the turn phase."""
    s.turn = None
    return at_frame(s, {"t": "turn", "seat": seat})


# --- decisions ------------------------------------------------------------------------------

def d(kind: str, /, **args: Any) -> Decision:
    return Decision(kind, args)


def play(s: State, seat: int, kind: str, /, **args: Any) -> State:
    """Apply one decision; the engine must accept it."""
    s2, _ = apply(s, seat, Decision(kind, args))
    return s2


def play_ev(s: State, seat: int, kind: str, /, **args: Any
            ) -> tuple[State, list[Event]]:
    return apply(s, seat, Decision(kind, args))


def run(s: State, seat: int, *steps: tuple) -> State:
    """Apply several decisions of one seat: run(s, 0, ("cards", {"n": 1}), ("stop", {}))."""
    for kind, args in steps:
        s = play(s, seat, kind, **args)
    return s


def snapshot(s: State) -> str:
    return json.dumps(s.to_json(), sort_keys=True)


def illegal(s: State, seat: int, kind: str, rule: str | None = None, /, **args: Any
            ) -> IllegalDecision:
    """The decision must be refused with a message (and `rule` if given); `s` is unchanged."""
    before = snapshot(s)
    with pytest.raises(IllegalDecision) as info:
        apply(s, seat, Decision(kind, args))
    assert info.value.message
    if rule is not None:
        assert info.value.rule == rule, info.value
    assert snapshot(s) == before
    return info.value


def waiting(s: State) -> tuple[int, str] | None:
    """(seat, prompt kind) of the decision the game waits for, or None."""
    p = pending(s)
    return (p[0].seat, p[0].kind) if p else None


def opts(s: State, seat: int) -> list[Decision]:
    return options(s, seat)


def has(s: State, seat: int, kind: str, /, **args: Any) -> bool:
    return Decision(kind, args) in options(s, seat)


def kinds_offered(s: State, seat: int) -> set[str]:
    return {o.kind for o in options(s, seat)}


def places_offered(s: State, seat: int, piece: str = FOOT) -> set[str]:
    return {o.args["field"] for o in options(s, seat)
            if o.kind == "place" and o.args["piece"] == piece and "via" not in o.args}


def board_at(s: State, label: str) -> list[list[Any]]:
    return s.pieces.get(label, [])


# --- conservation laws (used by the property tests) -----------------------------------------

ACTION_CARDS = Counter(COMPONENTS.raw["action_cards"])
SPECIAL = Counter(COMPONENTS.raw["special_money"])
ALL_CARDS = ACTION_CARDS + SPECIAL


def cards_everywhere(s: State) -> Counter:
    """Every action and special money card: deck, display, discard, hands, special stack and
    cards committed in the current Move or Buy (still on the table, not yet discarded)."""
    c = Counter(s.deck)
    c.update(x for x in s.display if x is not None)
    c.update(s.discard)
    c.update(s.special_money)
    for p in s.players:
        c.update(p.hand)
    for f in s.queue:
        if f["t"] == "move_place" and f["cards"]:
            c["move"] += f["cards"]
        if f["t"] == "buy":
            c.update(f["played"])
    return c


def gods_everywhere(s: State) -> Counter:
    c = Counter(s.god_stack)
    c.update(s.god_display)
    c.update(s.god_box)
    for p in s.players:
        c.update(p.gods)
    for f in s.queue:
        if f["t"] == "gallia_buy":
            c[f["god"]] += 1
    return c


def loot_everywhere(s: State) -> Counter:
    c = Counter(s.bag)
    c.update(s.loot.values())
    c.update(s.loot_box)
    for p in s.players:
        c.update(t for t in p.steps_tiles if t in COMPONENTS.loot)
    for f in s.queue:  # taken this movement or Buy, effect not yet resolved (P-MOVE-13)
        if f["t"] in ("move_place", "buy"):
            c.update(f["loot"])
        if f["t"] in ("loot_resolve", "loot_order"):
            c.update(f["tiles"])
    return c


GOD_COUNTS = Counter({g: gt.count for g, gt in COMPONENTS.gods.items()})
DEMIGOD_COUNTS = Counter({int(v): k for v, k in COMPONENTS.raw["demigods"].items()})
LOOT_COUNTS = Counter({t: spec["count"] for t, spec in COMPONENTS.loot.items()})


def check_conservation(s: State) -> None:
    """P-COMP-2/3/9/10/11/14/15 and P-GAP-SUPPLYOUT, at any point of a game."""
    assert cards_everywhere(s) == ALL_CARDS
    assert len([x for x in s.display if x is not None]) <= 4
    assert gods_everywhere(s) == GOD_COUNTS
    demigods = Counter(s.demigod_stack)
    demigods.update(s.demigod_pool)
    demigods.update(s.demigod_box)
    for p in s.players:
        demigods.update(p.demigods)
    assert demigods == DEMIGOD_COUNTS
    assert loot_everywhere(s) == LOOT_COUNTS
    on_board: Counter = Counter()
    for label, ps in s.pieces.items():  # P-PLACE-5 / P-PLACE-2 / P-PLACE-4
        assert 1 <= len(ps) <= 2 and len({x[0] for x in ps}) == len(ps), (label, ps)
        want = COLUMN if IS_COLUMN_FIELD[label] else FOOT
        assert all(x[1] == want for x in ps), (label, ps)
        assert label != s.temple
        on_board.update((x[0], x[1]) for x in ps)
    for p in s.players:
        for piece in (FOOT, COLUMN):  # 12 per colour: the rest is in the general supply
            assert p.supply[piece] >= 0 and p.supply[piece] + on_board[p.seat, piece] <= 12
        assert all(1 <= v <= 4 for v in p.tiles.values()) and len(p.tiles) <= 4


# --- random whole games -------------------------------------------------------------------

def random_play(n: int, seed: int, opts_: dict | None = None, *, every=None,
                max_decisions: int = 20_000) -> tuple[State, list[tuple[int, Decision]]]:
    """Play a game with uniformly random legal decisions. `every(state)` runs before each
    decision. Returns the final state and the decision log."""
    rng = random.Random(seed)
    s = new_game(NAMES[:n], seed, opts_)
    log: list[tuple[int, Decision]] = []
    while pending(s):
        if every is not None:
            every(s)
        seat = pending(s)[0].seat
        choice = rng.choice(options(s, seat))
        s, _ = apply(s, seat, choice, in_place=True)
        log.append((seat, choice))
        assert len(log) < max_decisions, "the game does not end"
    return s, log
