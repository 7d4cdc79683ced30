"""`agora simulate <game> --players N --games K --seed S [--json] [--option KEY=VALUE ...]`:
whole games with random legal decisions (engine/simulate.py), for any registered game. Seats
count from 1 in the text ("winner 2") and in the JSON ("winner_seats": [2]; the first of
"scores" is seat 1). Every JSON game names the engine options it was played with ("options")
and how many decisions of each kind it applied ("decisions_by_kind")."""

from __future__ import annotations

import argparse
import json
import sys
import time

from data.i18n import t
from engine import registry
from engine.core import IllegalDecision
from engine.simulate import player_names, random_game

from .options import options_text


def players_problem(game_id: str, players: int) -> str | None:
    """The message for a player count outside the game's range, else None."""
    info = registry.info(game_id)
    if info.min_players <= players <= info.max_players:
        return None
    return t("offline.bad_players_game", game=info.name, min=info.min_players,
             max=info.max_players, n=players)


def main(args: argparse.Namespace) -> int:
    problem = players_problem(args.game, args.players)
    if problem:
        print(problem)
        return 2
    if args.games < 1:
        print(t("offline.simulate.bad_games"))
        return 2
    rules = registry.rules(args.game)
    options = dict(getattr(args, "options", None) or {})  # bot/cli.py: checked --option pairs
    try:  # what depends on the seats too (a starting seat beyond them), before any game
        rules.new_game(player_names(args.players), args.seed, options)
    except IllegalDecision as exc:
        print(exc.text, file=sys.stderr)
        return 2
    if options and not args.json:
        print(t("bot.lobby.options", options=options_text(options)))
    start = time.perf_counter()
    total = 0
    for i in range(args.games):
        _, rec = random_game(rules, args.players, args.seed + i, options)
        total += rec["decisions"]
        if args.json:  # seats count from 1, as in the text
            rec = {("winner_seats" if k == "winners" else k):
                   ([w + 1 for w in v] if k == "winners" else v) for k, v in rec.items()}
            rec["options"] = options
            print(json.dumps(rec))
        else:
            scores = " ".join(f"{s:3d}" for s in rec["scores"])
            winners = ",".join(str(w + 1) for w in rec["winners"])
            print(t("offline.simulate.game", n=f"{i + 1:4d}", seed=f"{rec['seed']:6d}",
                    decisions=f"{rec['decisions']:5d}", scores=scores, winners=winners,
                    count=len(rec["winners"])))
    elapsed = time.perf_counter() - start
    summary = {"games": args.games, "players": args.players, "decisions": total,
               "seconds": round(elapsed, 3), "games_per_second": round(args.games / elapsed, 2),
               "microseconds_per_decision": round(1e6 * elapsed / max(1, total), 1)}
    if args.json:
        print(json.dumps({"summary": summary}))
    else:
        print(t("offline.simulate.summary", count=args.games, decisions=total,
                seconds=round(elapsed, 2), per_second=float(summary["games_per_second"]),
                micros=float(summary["microseconds_per_decision"])))
    return 0
