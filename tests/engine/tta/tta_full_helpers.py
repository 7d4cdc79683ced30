"""Helpers for the full game's attack tests (shared/rules/through-the-ages.md §3.4-3.7): a game
in the full mode at the starting player's politics phase, with strength arranged by warriors."""

from __future__ import annotations

from typing import Any

from tta_helpers import end_round_one, game, open_politics

from engine.tta.state import Player, State


def full(n: int = 3, seed: int = 1) -> State:
    """Round 2, seat 0's politics phase, in a full game (F-SETUP-1: every military card)."""
    s = end_round_one(game(n, seed))
    s.options["mode"] = "full"
    return open_politics(s)


def warriors(p: Player, n: int) -> None:
    """Strength n from n warriors (Warriors: 1 strength each, T-STAT); the workers come
    from (or go back to) the yellow bank."""
    p.yellow_bank -= n - p.workers.get("warriors_a", 0)
    p.workers = {**p.workers, "warriors_a": n}


def armed(s: State, seat: int, strength: int, military: list[str] | None = None,
          **fields: Any) -> Player:
    p = s.players[seat]
    warriors(p, strength)
    if military is not None:
        p.military = list(military)
    for key, value in fields.items():
        setattr(p, key, value)
    return p
