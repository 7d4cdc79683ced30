"""The `agora` command line: run the bot, simulate games, draw pictures, play offline, replay a
game record. Every game comes from engine.registry: `agora simulate|render|play <game>` offers
the registered ids, and each game's own player range, default player count and AI levels."""

from __future__ import annotations

import argparse
import os
import sys

from data.i18n import LANGUAGES, t, use_language
from engine import registry
from engine.core import GameInfo, IllegalDecision

from .terminal.options import game_options, option_allowed

EXIT_BROKEN_PIPE = 141  # what a shell reports for a command its reader stopped (128 + SIGPIPE)


def default_players(info: GameInfo, wanted: int) -> int:
    """`wanted` seats, moved into the game's player range."""
    return min(max(wanted, info.min_players), info.max_players)


def players_help(info: GameInfo) -> str:
    return f"number of seats ({info.min_players} to {info.max_players})"


def _lang_option() -> argparse.ArgumentParser:
    """`--lang cs|de|pl|en`: the language of the texts and pictures (default AGORA_LOCALE, then
    English). SUPPRESS: a game's sub-parser must not reset a value given before the game."""
    parent = argparse.ArgumentParser(add_help=False)
    parent.add_argument("--lang", choices=LANGUAGES, default=argparse.SUPPRESS,
                        help="language of the texts and pictures (default: AGORA_LOCALE, "
                             "else en)")
    return parent


LANG = _lang_option()


def _option_flag(parser: argparse.ArgumentParser, info: GameInfo) -> None:
    """`--option KEY=VALUE`, repeatable: one of the game's own options (GameInfo.options, the
    lobby's and the command line's alike)."""
    known = ", ".join(f"{o.name}={option_allowed(o)}" for o in info.options) or "none"
    parser.add_argument("--option", metavar="KEY=VALUE", action="append", default=[],
                        help=f"a game option, repeatable ({known})")


def _game_parsers(parent: argparse.ArgumentParser, helps: str, required: bool = True) -> list[
        tuple[GameInfo, argparse.ArgumentParser]]:
    """One sub-parser per registered game under `parent` (the `game` argument)."""
    games = parent.add_subparsers(dest="game", required=required, metavar="game",
                                  help=f"{helps}: {', '.join(registry.ids())}")
    out = []
    for game_id in registry.ids():
        info = registry.info(game_id)
        out.append((info, games.add_parser(game_id, help=info.name, parents=[LANG])))
    return out


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="agora", description="Agora: board games in Discord.")
    sub = parser.add_subparsers(dest="command", required=True)

    run = sub.add_parser("run", help="run the Discord bot (reads DISCORD_TOKEN, AGORA_DB, ...)")
    # strings, checked with the environment's values by bot.discord.config (the same one-line
    # errors)
    run.add_argument("--shards", metavar="IDS", default=None,
                     help="the shards this process runs, e.g. 0-3 or 0,2,5 (overrides "
                          "AGORA_SHARD_IDS; needs --shard-count)")
    run.add_argument("--shard-count", metavar="N", default=None,
                     help="the total number of shards of every process (overrides "
                          "AGORA_SHARD_COUNT)")

    sub.add_parser("web", help="serve the web companion alone on the database in AGORA_DB "
                               "(reads AGORA_WEB_PORT, AGORA_WEB_URL, AGORA_WEB_SECRET)")

    sub.add_parser("health", help="the container's health check: exit 0 when the database in "
                                  "AGORA_DB opens and answers, else 1 (README.md, 'Docker')")

    sim = sub.add_parser("simulate", help="play whole games with random legal decisions")
    for info, p in _game_parsers(sim, "the game"):
        p.add_argument("--players", type=int, default=default_players(info, 4),
                       help=players_help(info))
        p.add_argument("--games", type=int, default=10)
        p.add_argument("--seed", type=int, default=1)
        p.add_argument("--json", action="store_true",
                       help="one JSON object per game (winner_seats count from 1)")
        _option_flag(p, info)

    ren = sub.add_parser("render", help="draw the board and every hand of a simulated game")
    for info, p in _game_parsers(ren, "the game"):
        p.add_argument("--players", type=int, default=default_players(info, 4),
                       help=players_help(info))
        p.add_argument("--seed", type=int, default=1)
        p.add_argument("--decisions", type=int, default=100)
        p.add_argument("--out", default="out")
        p.add_argument("--level", choices=list(info.ai_levels), default=None,
                       help="every seat plays the AI at this level (default: random decisions)")
        _option_flag(p, info)

    play = sub.add_parser("play", help="play in the terminal against AI seats", parents=[LANG])
    play.add_argument("--resume", metavar="FILE", default=None,
                      help="continue a saved game (the file is written after every decision)")
    for info, p in _game_parsers(play, "the game", required=False):
        players = default_players(info, 3)
        p.add_argument("--players", type=int, default=players, help=players_help(info))
        p.add_argument("--ai", type=int, default=players - 1,
                       help="how many seats the AI plays")
        if info.ai_levels:
            p.add_argument("--level", choices=list(info.ai_levels), default=info.default_level,
                           help="the AI's strength")
        p.add_argument("--seed", type=int, default=None)
        p.add_argument("--out", default=None,
                       help="folder for the board pictures (default: a new folder under "
                            "$XDG_DATA_HOME/agora/play, else ~/.local/share/agora/play)")
        p.add_argument("--no-pictures", dest="pictures", action="store_false",
                       help="text only: draw no board pictures")
        p.add_argument("--save", metavar="FILE", default=None,
                       help="save the game here after every decision; never overwrites a "
                            "file (default: game.json in the pictures folder)")
        _option_flag(p, info)

    rep = sub.add_parser("replay", help="replay a game record (agora-record JSON)",
                         parents=[LANG])
    rep.add_argument("file", help="the record file (- for standard input)")
    rep.add_argument("--out", default=None, help="write board-NNN.png after every turn here")
    rep.add_argument("--pictures", action=argparse.BooleanOptionalAction, default=None,
                     help="draw the board after every turn (default: when --out is given)")
    rep.add_argument("--step", action="store_true", help="wait for Enter after every turn")
    ver = sub.add_parser("verify", help="check the receipts of sealed choices in a game record",
                         parents=[LANG])
    ver.add_argument("file", help="the record file (- for standard input)")

    mig = sub.add_parser("migrate-db", help="copy an SQLite database into an empty PostgreSQL"
                                            " database (README.md, 'Operators')")
    mig.add_argument("source", help="the SQLite file (left unchanged)")
    mig.add_argument("target", help="postgresql://user:password@host:port/database (empty)")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    with use_language(getattr(args, "lang", None)):
        try:
            return _dispatch(args)
        except KeyboardInterrupt:  # Ctrl-C: a short line, no traceback, the shell's code
            print(t("offline.interrupted"), file=sys.stderr)
            return 130
        except BrokenPipeError:  # `agora simulate | head`: the reader has all it wanted
            # (stdout goes to /dev/null, so that Python's own flush at exit does not fail)
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            return EXIT_BROKEN_PIPE


def _dispatch(args: argparse.Namespace) -> int:
    if getattr(args, "game", None) is not None and hasattr(args, "option"):
        try:  # nothing starts with an option the game does not take
            args.options = game_options(registry.info(args.game), args.option)
        except IllegalDecision as exc:
            print(exc.text, file=sys.stderr)
            return 2
    if args.command == "run":
        from bot.discord.app import run_from_env

        return run_from_env(shards=args.shards, shard_count=args.shard_count)
    if args.command == "web":
        from bot.web.standalone import run_from_env as web

        return web()
    if args.command == "health":
        from bot.store.health import main as health

        return health()
    if args.command == "simulate":
        from bot.terminal.simulate import main as simulate

        return simulate(args)
    if args.command == "render":
        from render.cli import main as render

        return render(args)
    if args.command == "verify":
        from bot.terminal.verify import main as verify

        return verify(args)
    if args.command == "migrate-db":
        from bot.store.migrate_db import main as migrate_db

        return migrate_db(args)
    if args.command == "replay":
        from bot.terminal.replay import main as replay

        return replay(args)
    if args.game is None and not args.resume:
        build_parser().error("play needs a game (for example: agora play pantheon), or "
                             "--resume FILE")
    from bot.terminal.offline import main as play

    return play(args)


if __name__ == "__main__":
    sys.exit(main())
