"""`agora render <game> [--option KEY=VALUE ...]`: play random legal decisions (in a game with
those engine options), then draw the public board (and the game's extra public pictures, if it
draws any) and every seat's hand from the engine's views, with the game's render part
(engine.registry). Files count seats from 1: hand1.png is the first seat's hand, as player1.png
is its board."""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path
from typing import Any

from data.i18n import t
from engine import registry
from engine.core import IllegalDecision
from engine.simulate import play_random, player_names


def simulate(game_id: str, players: int, seed: int, decisions: int,
             options: dict[str, Any] | None = None, level: str | None = None
             ) -> tuple[Any, int]:
    """The game with these engine options after `decisions` legal decisions (fewer if it ends
    first), and how many were played: random ones, or every seat's AI at `level` (a game played
    as people would play it: random seats of Through the Ages' full game resign early). The
    chooser is seeded from the game seed."""
    rules = registry.rules(game_id)
    state = rules.new_game(player_names(players), seed, options)
    rng = random.Random(seed)
    if level is None:
        return play_random(rules, state, rng, decisions)
    ai = registry.part(game_id, "ai")
    played = 0
    while played < decisions and rules.result(state) is None and rules.pending(state):
        seat = rules.pending(state)[0].seat
        state, _ = rules.apply(state, seat, ai.choose(state, seat, level, rng), in_place=True)
        played += 1
    return state, played


def main(args: argparse.Namespace) -> int:
    info = registry.info(args.game)
    if not info.min_players <= args.players <= info.max_players:
        print(t("offline.bad_players_game", game=info.name, min=info.min_players,
                max=info.max_players, n=args.players))
        return 2
    rules = registry.rules(args.game)
    try:
        pictures = registry.part(args.game, "render")
    except LookupError as exc:
        print(exc)
        return 2
    options = getattr(args, "options", None)  # the `--option` pairs bot/cli.py checked
    try:  # what depends on the seats too (a starting seat beyond them), before any drawing
        rules.new_game(player_names(args.players), args.seed, options)
    except IllegalDecision as exc:
        print(exc.text, file=sys.stderr)
        return 2
    state, played = simulate(args.game, args.players, args.seed, args.decisions, options,
                             getattr(args, "level", None))
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    paths = [out / "board.png"]
    paths[0].write_bytes(pictures.board_png(rules.view(state, None)))
    focus = getattr(pictures, "focus_png", None)  # optional: the last turn, close up
    data = focus(rules.view(state, None)) if focus is not None else None
    if data:
        paths.append(out / "focus.png")
        paths[-1].write_bytes(data)
    extras = getattr(pictures, "extra_pngs", None)  # optional: e.g. one board per player
    for name, data in extras(rules.view(state, None)) if extras is not None else []:
        paths.append(out / name)
        paths[-1].write_bytes(data)
    for seat in range(args.players):
        path = out / f"hand{seat + 1}.png"  # counted from 1, as player1.png and the seats
        path.write_bytes(pictures.hand_png(rules.view(state, seat)))
        paths.append(path)
    print(t("offline.render.after", count=played))
    for path in paths:
        print(path)
    return 0
