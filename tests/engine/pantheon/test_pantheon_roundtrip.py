"""The bot stores the state as sorted-key JSON after every commit and plays on from the loaded
copy; a replay (the export, the migration, undo) applies the same decisions without ever
serialising. Both roads must reach the identical state (the engine contract: seed + decisions
replay exactly). Epoch ends once put the loot box in dict order, which JSON sorting changed."""

from __future__ import annotations

import json
import pickle
import random
from dataclasses import asdict, fields

import pytest

from engine.pantheon import apply, dump, load, new_game, options, pending
from engine.pantheon.state import State


def test_play_through_json_equals_play_in_memory() -> None:
    for players, seed in ((3, 4), (4, 9)):
        rng = random.Random(seed)
        live = new_game(players, seed)
        stored = load(json.loads(json.dumps(dump(live), sort_keys=True)))
        while pending(live):
            seat = pending(live)[0].seat
            d = rng.choice(options(live, seat))
            live, _ = apply(live, seat, d, in_place=True)
            stored, _ = apply(stored, seat, d)
            stored = load(json.loads(json.dumps(dump(stored), sort_keys=True)))
        assert live.result is not None
        assert dump(stored) == json.loads(json.dumps(dump(live)))


# --- the hand-written serialisation and copy equal the generic ones they replace ------------------

def _random_states(players: int, seed: int, opts: dict | None = None):
    """Every state of a seeded random game, as it is reached (the game goes on in place)."""
    rng = random.Random(seed)
    s = new_game(players, seed, opts)
    yield s
    while pending(s):
        seat = pending(s)[0].seat
        s, _ = apply(s, seat, rng.choice(options(s, seat)), in_place=True)
        yield s


GAMES = [(2, 1, None), (3, 2, {"bonus_draft": True}), (4, 3, {"stall_guard_rounds": 3}),
         (4, 4, {"start_supply_by_player_count": True, "bonus_draft": True})]


@pytest.mark.parametrize("players,seed,opts", GAMES)
def test_dump_is_asdict_byte_for_byte(players, seed, opts) -> None:
    for s in _random_states(players, seed, opts):
        data, generic = dump(s), asdict(s)
        assert data == generic
        assert json.dumps(data) == json.dumps(generic)  # the same key order, too
        assert (json.dumps(data, sort_keys=True, separators=(",", ":"))
                == json.dumps(generic, sort_keys=True, separators=(",", ":")))


@pytest.mark.parametrize("players,seed,opts", GAMES)
def test_clone_is_a_deep_copy(players, seed, opts) -> None:
    for k, s in enumerate(_random_states(players, seed, opts)):
        if k % 10:
            continue
        copy = s.clone()
        assert type(copy) is State and asdict(copy) == asdict(s)
        assert asdict(pickle.loads(pickle.dumps(s))) == asdict(copy)
        before = json.dumps(dump(s))
        for p in copy.players:  # change every container of the copy: the original keeps its own
            p.hand["x"] = 1
            p.supply["foot"] += 1
            p.tiles["x"] = 1
            for part in (p.gods, p.steps_tiles, p.demigods, p.placed, p.used_gods):
                part.append(0)
        for part in (copy.deck, copy.display, copy.discard, copy.bag, copy.god_stack,
                     copy.demigod_pool, copy.special_money, copy.people_deck):
            part.append("x")
        copy.options["x"] = 1
        copy.loot["x"] = "x"
        for ps in copy.pieces.values():  # (the [seat, piece] pairs are shared: never changed)
            ps.append([9, "foot"])
            del ps[0]
        for frame in copy.queue:
            frame["x"] = 1
        copy.last_changes["x"] = [1]
        assert json.dumps(dump(s)) == before


class Marked(State):
    """A State subclass with an attribute of its own, as the AI's Belief is."""


def test_dump_and_clone_of_a_subclass_keep_working() -> None:
    s = new_game(3, 5)
    marked = Marked(**{f.name: getattr(s, f.name) for f in fields(State)})
    marked.note = "extra"  # type: ignore[attr-defined]
    copy = marked.clone()
    assert type(copy) is Marked and copy.note == "extra" and asdict(copy) == asdict(s)
