"""The `agora` command line: run the bot, simulate games, draw pictures, play offline."""

from __future__ import annotations

import argparse
import sys


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="agora", description="Agora: board games in Discord.")
    sub = parser.add_subparsers(dest="command", required=True)

    sub.add_parser("run", help="run the Discord bot (reads DISCORD_TOKEN, AGORA_DB, ...)")

    sim = sub.add_parser("simulate", help="play whole games with random legal decisions")
    sim.add_argument("game", choices=["pantheon"])
    sim.add_argument("--players", type=int, default=4)
    sim.add_argument("--games", type=int, default=10)
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument("--json", action="store_true", help="one JSON object per game")

    ren = sub.add_parser("render", help="draw the board and every hand of a simulated game")
    ren.add_argument("game", choices=["pantheon"])
    ren.add_argument("--players", type=int, default=4)
    ren.add_argument("--seed", type=int, default=1)
    ren.add_argument("--decisions", type=int, default=100)
    ren.add_argument("--out", default="out")

    play = sub.add_parser("play", help="play in the terminal against AI seats")
    play.add_argument("game", choices=["pantheon"])
    play.add_argument("--players", type=int, default=3)
    play.add_argument("--ai", type=int, default=2, help="how many seats the AI plays")
    play.add_argument("--level", choices=["easy", "normal"], default="normal")
    play.add_argument("--seed", type=int, default=None)
    play.add_argument("--out", default=None, help="folder for the board pictures")
    play.add_argument("--no-pictures", dest="pictures", action="store_false",
                      help="text only: draw no board pictures")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.command == "run":
        from bot.app import run_from_env

        return run_from_env()
    if args.command == "simulate":
        from bot.simulate import main as simulate

        return simulate(args)
    if args.command == "render":
        from render.pantheon.cli import main as render

        return render(args)
    from bot.offline import main as play

    return play(args)


if __name__ == "__main__":
    sys.exit(main())
