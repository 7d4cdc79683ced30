"""`agora render pantheon`: play random legal decisions, then draw the board and every hand."""

from __future__ import annotations

import argparse
import random
from pathlib import Path

from engine.pantheon import apply, new_game, options, pending, view

from .board import board_png
from .hand import hand_png


def simulate(players: int, seed: int, decisions: int):
    """The game after `decisions` random legal decisions (fewer if it ends first)."""
    names = [f"Player {i + 1}" for i in range(players)]
    state = new_game(names, seed)
    rng = random.Random(seed)
    for _ in range(decisions):
        prompts = pending(state)
        if not prompts:
            break
        seat = prompts[0].seat
        state, _ = apply(state, seat, rng.choice(options(state, seat)))
    return state


def main(args: argparse.Namespace) -> int:
    if args.game != "pantheon":
        print(f"unknown game {args.game!r}")
        return 2
    if not 2 <= args.players <= 4:
        print("Pantheon is for 2 to 4 players.")
        return 2
    state = simulate(args.players, args.seed, args.decisions)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    paths = [out / "board.png"]
    paths[0].write_bytes(board_png(view(state, None)))
    for seat in range(args.players):
        path = out / f"hand-{seat}.png"
        path.write_bytes(hand_png(view(state, seat)))
        paths.append(path)
    print(f"after {state.decisions} decisions:")
    for path in paths:
        print(path)
    return 0
