"""Pantheon's hook for simulated games (engine/simulate.py) and the random game the property
tests and benchmarks know: a thin wrapper over the game-neutral random play."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine import simulate

from .state import State


@dataclass
class GameRecord:
    seed: int
    players: int
    decisions: int
    scores: list[int]
    winners: list[int]
    epochs: int


def record_extras(s: State) -> dict[str, Any]:
    """Pantheon's fields in the summary of a simulated game: the epochs played."""
    return {"epochs": s.epoch}


def random_game(players: int, seed: int, game_options: dict | None = None,
                max_decisions: int = simulate.MAX_DECISIONS) -> tuple[State, GameRecord]:
    """Play one game to the end; the decision chooser is seeded from the game seed."""
    from engine import pantheon  # the package imports this module

    state, summary = simulate.random_game(pantheon, players, seed, game_options, max_decisions)
    return state, GameRecord(**summary)
