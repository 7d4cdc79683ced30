"""Whole games with uniformly random legal decisions: for fuzzing, property tests, benchmarks
and `agora simulate`. Pure: the caller prints."""

from __future__ import annotations

import random
from dataclasses import dataclass

from .game import apply, new_game, options, pending
from .state import State


@dataclass
class GameRecord:
    seed: int
    players: int
    decisions: int
    scores: list[int]
    winners: list[int]
    epochs: int


def random_game(players: int, seed: int, game_options: dict | None = None,
                max_decisions: int = 20_000) -> tuple[State, GameRecord]:
    """Play one game to the end; the decision chooser is seeded from the game seed."""
    rng = random.Random(seed)
    s = new_game(players, seed, game_options)
    count = 0
    while True:
        prompts = pending(s)
        if not prompts:
            break
        seat = prompts[0].seat
        s, _ = apply(s, seat, rng.choice(options(s, seat)), in_place=True)
        count += 1
        if count >= max_decisions:
            raise RuntimeError(f"game with seed {seed} did not end in {max_decisions} decisions")
    res = s.result or {"scores": [], "winners": []}
    return s, GameRecord(seed, players, count, res["scores"], res["winners"], s.epoch)
