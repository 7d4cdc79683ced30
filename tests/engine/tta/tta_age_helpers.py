"""Full games moved to a chosen age by the real flow (the Through the Ages full-game tests):
the decks are cut before the last turn of round 1 ends, so that round 2's first refill deals
the last cards of an age and the game goes on from there as in play (F-AGE-1, F-AGE-8)."""

from __future__ import annotations

from typing import Any

import engine.tta as T
from engine.core import Decision
from engine.tta.state import State

AGES = ("I", "II", "III")


def game_ending(age: str, players: list[str] | int = 3, seed: int = 7, start: int = 0,
                left: int = 1, **opts: Any) -> State:
    """A full game at round 2, the starting player's turn, right after the turn's refill dealt
    the last `left` cards of `age`'s civil deck (so `age` has just ended, in the starting
    player's turn); the starting player's first decision is awaited."""
    s = T.new_game(players, seed, {"mode": "full", "start_player": start, **opts})
    last = (start - 1) % s.n
    while not (s.round == 1 and T.pending(s)[0].seat == last and s.queue[0]["t"] == "action"):
        s, _ = T.apply(s, T.pending(s)[0].seat, Decision("end", {}))
    s.civil["A"] = []
    for old in AGES[:AGES.index(age)]:
        s.civil[old] = []
        s.military_deck[old] = []
    s.age = age
    s.civil[age] = s.civil[age][:left]
    s, _ = T.apply(s, last, Decision("end", {}))
    return s
