"""Storage and the turn service: whole games played through the bot's own layers (the lobby, the
turn service with its drafts and commits, the SQLite store), without Discord.

    python3 benchmarks/bench_store.py [--game pantheon|amunre|tta|all] [--games 3] [--seed 1]
                                      [--all-cpus] [--option KEY=VALUE ...] [--players N ...]
                                      [--no-resign]

The process runs on one CPU, as the issue states its figures (per process, on one core): its
threads (the event loop's, the store's) take turns on that core, and handing work to the
store's thread and back wakes no other core (on this project's virtual machine, whose idle
cores halt, an empty round trip to a thread costs 0.09-0.13 ms across its two cores and
0.04 ms on one). `--all-cpus` runs it on every CPU.

Every seat is a human clicking a random option of its panel, exactly as a button click does
(`Games.choose` with the panel's token, `Games.confirm` when the part is complete). Prints, per
game and player count:
- decisions per second through the turn service, without pictures, and with the publisher's
  pictures (as bot/host/pictures.py draws them: the board, the close-up of the last turn and the
  game's extra pictures, such as Through the Ages' board of each player, for each channel post
  — a commit after which the acting seat is no longer awaited — and a hand
  picture whenever that seat's hand changed);
- the floor, measured in the same run: one SQLite WAL commit (synchronous=FULL, as the store) of
  a snapshot-sized row, plus one PNG encode (level 1) of the board; and a turn — the legal
  options, apply, commit, and the board picture — as a ratio to that floor: the median over
  `--games` games played after a first one (the first game's ratio, whose turns also fill the
  picture caches, and that of all the games, are printed beside it);
- the database bytes per finished game (the file after a checkpoint, divided by the games).

`--option KEY=VALUE` (repeatable) opens every game with that lobby option, e.g. `--option
mode=full` for Through the Ages' full game; `--players` picks player counts (default: the
game's least and most); `--no-resign` leaves the resignation out of the random clicks (F-RES:
a random seat of the full game otherwise resigns within a few turns and the game is short).
"""

from __future__ import annotations

import argparse
import asyncio
import io
import os
import random
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from PIL import Image  # noqa: E402

from benchmarks.cli_options import parse_option  # noqa: E402
from bot.host import messages  # noqa: E402
from bot.host.lobby import Lobby  # noqa: E402
from bot.host.pictures import render_hand, spectator_view  # noqa: E402
from bot.host.turns import Games, Refusal  # noqa: E402
from bot.store.sqlite import Store  # noqa: E402
from engine import registry  # noqa: E402

CHANNEL = 100


OPTIONS: dict[str, object] = {}  # --option: the lobby options of every game opened


async def open_game(lobby: Lobby, game: str, players: int, seed: int, channel: int) -> int:
    table = await lobby.start(game=game, guild_id=1, channel_id=channel, user_id=1,
                              name="p1", options={**OPTIONS, "seed": seed})
    for u in range(2, players + 1):
        await lobby.join(game=game, channel_id=channel, user_id=u, name=f"p{u}")
    await lobby.begin(game=game, channel_id=channel, user_id=1, can_manage=True)
    return table.game.id


class Floor:
    """The least a turn can cost, measured beside each turn (so both see the same machine):
    one SQLite WAL commit (synchronous=FULL) of a snapshot-sized row, plus one PNG encode
    (level 1) of the board that turn posted."""

    def __init__(self, folder: str, row_bytes: int = 3500) -> None:  # a state's JSON: ~3.5 kB
        self.con = sqlite3.connect(Path(folder) / "floor.db", isolation_level=None)
        self.con.execute("PRAGMA journal_mode=WAL")
        self.con.execute("PRAGMA synchronous=FULL")
        self.con.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, data TEXT)")
        self.row = "x" * row_bytes
        self.spent = 0.0  # seconds spent measuring, left out of the decisions per second

    def measure(self, board: bytes) -> float:
        began = time.perf_counter()
        image = Image.open(io.BytesIO(board))
        image.load()  # decoding is not part of the floor
        start = time.perf_counter()
        self.con.execute("BEGIN IMMEDIATE")
        self.con.execute("INSERT INTO t (data) VALUES (?)", (self.row,))
        self.con.execute("COMMIT")
        image.save(io.BytesIO(), format="PNG", compress_level=1, optimize=False)
        end = time.perf_counter()
        self.spent += end - began
        return end - start


NO_RESIGN = {"resign"}  # decision kinds left out of the clicks with --no-resign
SKIPPED: set[str] = set()


async def play(games: Games, game_id: int, rng: random.Random, pictures: bool,
               turn_times: list[float] | None = None, floor: Floor | None = None,
               floors: list[float] | None = None) -> int:
    """Click random options until the game is over; returns the decisions committed."""
    clicks = 0
    hands: dict[int, str] = {}
    while True:
        table = await games.table(game_id)
        if table.game.status != "playing":
            return table.game.decisions
        awaited = table.awaited()
        seat = table.seats[awaited[0].seat]
        start = time.perf_counter()
        panel = await games.panel(table, seat.seat)
        if panel.complete:
            res = await games.confirm(game_id, seat.user_id, token=panel.token,
                                      number=panel.number)
        else:
            allowed = [i for i, d in enumerate(panel.options) if d.kind not in SKIPPED]
            try:
                res = await games.choose(game_id, seat.user_id, token=panel.token,
                                         number=panel.number,
                                         index=rng.choice(allowed) if allowed
                                         else rng.randrange(len(panel.options)))
            except Refusal:
                continue
        if res.commit is not None and pictures:
            fresh = await games.table(game_id)
            if seat.seat not in {p.seat for p in fresh.awaited()}:  # the channel post
                # as bot.host.pictures.render_post draws them: from one spectator view
                view = spectator_view(fresh)
                board = fresh.kind.board_png(view)
                if turn_times is not None:  # a turn: options, apply, commit and the board
                    turn_times.append(time.perf_counter() - start)
                if floor is not None and floors is not None and board is not None:
                    floors.append(floor.measure(board))
                fresh.kind.focus_png(view)
                fresh.kind.extra_pngs(view)  # e.g. Through the Ages' board of each player
            for other in fresh.seats:  # the publisher sends a hand that changed
                sig = messages.hand_signature(fresh, other.seat)
                if hands.get(other.seat) != sig:
                    hands[other.seat] = sig
                    render_hand(fresh, other.seat)
        clicks += 1
        if clicks > 20000:
            raise RuntimeError("the game does not end")


async def bench(game: str, players: int, n_games: int, seed: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "bench.db"
        store = await Store.open(db)
        games = Games(store)
        lobby = Lobby(games)
        rng = random.Random(seed)
        decisions = 0
        start = time.perf_counter()
        ids = []
        for i in range(n_games):
            gid = await open_game(lobby, game, players, seed + i, CHANNEL + i)
            ids.append(gid)
            decisions += await play(games, gid, rng, pictures=False)
        plain = decisions / (time.perf_counter() - start)
        await store.wal_checkpoint()
        size = db.stat().st_size / n_games
        # with the publisher's pictures, and the turn (options, apply, commit, board) timed
        turns: list[float] = []
        floors: list[float] = []
        decisions = 0
        floor = Floor(tmp)
        start = time.perf_counter()
        first = 0  # turns of the first game drawn, while the picture caches are still cold
        # the first game drawn and then as many as without pictures: the turn is measured in
        # those, as a bot that has drawn a game since it started pays it; the first game's
        # turns also pay once for what a process draws the first time (each card face, text
        # and number, each shape and ground colour), and are printed apart
        for i in range(n_games + 1):
            gid = await open_game(lobby, game, players, seed + 1000 + i, CHANNEL + 1000 + i)
            decisions += await play(games, gid, rng, pictures=True, turn_times=turns,
                                    floor=floor, floors=floors)
            first = first or len(turns)
        drawn = decisions / (time.perf_counter() - start - floor.spent)  # the first included
        floor.con.close()
        await store.close()
    # the turn (pictures included: the floor is what they cannot avoid) beside its floor
    ratios = [t / f for t, f in zip(turns, floors, strict=True)]
    ratio = statistics.median(ratios[first:])
    turn = statistics.median(turns[first:]) * 1000
    floor_ms = statistics.median(floors[first:]) * 1000
    print(f"{game:>8} {players}p  {plain:8.0f} dec/s  {drawn:8.0f} dec/s with pictures  "
          f"turn {turn:6.1f} ms = {ratio:4.2f}x floor ({floor_ms:.1f} ms; first game "
          f"{statistics.median(ratios[:first]):.2f}x, all {statistics.median(ratios):.2f}x)  "
          f"{size / 1000:8.0f} KB per finished game")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="all", choices=["all", *registry.ids()])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--all-cpus", action="store_true",
                        help="run on every CPU instead of one")
    parser.add_argument("--option", action="append", type=parse_option, default=[],
                        metavar="KEY=VALUE", help="a lobby option of every game, e.g. mode=full")
    parser.add_argument("--players", type=int, action="append",
                        help="player counts (default: the game's least and most)")
    parser.add_argument("--no-resign", action="store_true",
                        help="random clicks never resign (F-RES)")
    args = parser.parse_args()
    OPTIONS.update(dict(args.option))
    if args.no_resign:
        SKIPPED.update(NO_RESIGN)
    if OPTIONS:
        print(f"options {OPTIONS}" + (", no resignation" if args.no_resign else ""))
    print(f"load average (1 min): {os.getloadavg()[0]:.2f} on {os.cpu_count()} CPUs")
    if not args.all_cpus and hasattr(os, "sched_setaffinity"):  # (Linux)
        # before any thread starts: the threads started later inherit it
        cpu = max(os.sched_getaffinity(0))
        os.sched_setaffinity(0, {cpu})
        print(f"on CPU {cpu} alone (--all-cpus for every CPU)")
    for game in registry.ids() if args.game == "all" else [args.game]:
        info = registry.info(game)
        for players in args.players or sorted({info.min_players, info.max_players}):
            asyncio.run(bench(game, players, args.games, args.seed))
    return 0


if __name__ == "__main__":
    sys.exit(main())
