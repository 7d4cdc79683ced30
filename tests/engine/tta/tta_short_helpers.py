"""Helpers for the shorter game's tests (shared/rules/through-the-ages.md §4.1, V-SHORT-1…14): a
short game, and the way to the end of Age I (V-SHORT-10)."""

from __future__ import annotations

from typing import Any

from tta_helpers import end_round_one, play

import engine.tta as T
from engine.tta.state import State


def short(n: int = 3, seed: int = 1, start: int = 0, **options: Any) -> State:
    """A new shorter game (V-SHORT-8/9), seat `start` the starting player."""
    return T.new_game(n, seed, {"mode": "short", "start_player": start, **options})


def quietly(s: State, seat: int) -> State:
    """`seat` passes his awaited step (no political action, no action, the first discard)."""
    opts = T.options(s, seat)
    kinds = {d.kind: d for d in opts}
    d = kinds.get("done") or kinds.get("end") or opts[0]
    return T.apply(s, seat, d)[0]


def to_keep(n: int = 3, seed: int = 1, **options: Any) -> State:
    """A short game at the end of Age I: the Age I civil deck is cut to one card after round
    1, so the next turn's replenishment deals it and ends the age (T-ROW-5, V-SHORT-10)."""
    s = end_round_one(short(n, seed, **options)).clone()
    s.civil["I"] = s.civil["I"][-1:]
    for _ in range(200):
        front = s.queue[0]
        if front["t"] == "keep_event":
            return s
        s = quietly(s, T.pending(s)[0].seat)
    raise AssertionError("Age I did not end")


def keep_all(s: State) -> State:
    """Every seat keeps his first dealt event (the default, G-VAR-5)."""
    while s.queue and s.queue[0]["t"] == "keep_event":
        seat = s.queue[0]["seats"][0]
        s = play(s, seat, "keep", card=s.short["dealt"][seat][0])
    return s
