"""Picture speed: for each game and player count, the median cost of every picture a turn posts,
split into drawing, conversion to the palette and PNG encoding, against encoding alone.

    python3 benchmarks/bench_render.py [--game pantheon|amunre|tta|all] [--runs 30]
                                       [--decisions 300] [--turns 40] [--turns-from 100]

A turn's cost target (issue "Storage and speed") is at most 1.5x a floor of one SQLite commit
(~1 ms) plus one PNG encode (level 1) of the board. So a whole picture (draw + conversion +
encode, the render hook end to end) should cost at most about 1.3x encoding its final palette
image alone: the "ratio" column. The pictures are drawn straight into their palette
(render.png.Palette), so the conversion column is ~0; a picture drawn in RGB would show its
quantize there.

All times are CPU milliseconds (time.process_time), medians over --runs rounds, so that other
processes on the shared 2-core machine do not count; each round runs every stage once (draw,
conversion, encode alone, the whole hook), so that a busy spell weighs on all of them alike.
"wall" is the picture's wall-clock median. Drawing and encoding in one call costs a little more
than the two apart (each evicts what the other keeps in the caches), so "total" is the figure.
The cached static backgrounds are warm (the first, cold board of each count is printed apart).
Positions: `render.cli.simulate(game, players, seed=1, decisions)` for every player count; the
board (and Pantheon's focus on the last turn) from the spectator's view, the hand of seat 0.
Then turn by turn (see bench_turns): the same pictures after each of the next --turns decisions
from --turns-from, each drawn once (the caches of text stamps and shapes meet new entries every
turn, as in a game): median CPU of the hook, of encoding its final image alone, their ratio.
"""

from __future__ import annotations

import argparse
import importlib
import io
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from PIL import Image  # noqa: E402

from engine import registry  # noqa: E402
from engine.simulate import play_random, player_names  # noqa: E402
from render.cli import simulate  # noqa: E402
from render.png import save_png, to_palette  # noqa: E402


def cpu_medians(stages: list[Callable[[], Any]], runs: int) -> list[tuple[float, float]]:
    """(median CPU ms, median wall ms) of each stage over `runs` rounds; each round calls every
    stage once, in turn, so that the load of the machine weighs on all of them alike."""
    cpu: list[list[float]] = [[] for _ in stages]
    wall: list[list[float]] = [[] for _ in stages]
    for _ in range(runs):
        for i, fn in enumerate(stages):
            start, start_cpu = time.perf_counter(), time.process_time()
            fn()
            cpu[i].append((time.process_time() - start_cpu) * 1000)
            wall[i].append((time.perf_counter() - start) * 1000)
    return [(statistics.median(c), statistics.median(w)) for c, w in zip(cpu, wall, strict=True)]


# where a game's shared-table drawing lives, when not in render.<game>.board
BOARD_MODULE = {"tta": "render.tta.table"}

# the two steps of render.png.encode, timed apart
convert = to_palette
encode_alone = save_png


def pictures(game: str, state: Any, n: int) -> list[tuple[str, Callable, Callable, Any]]:
    """(name, draw, hook, view) for each picture of a turn: `draw(view)` gives the image the
    hook encodes (RGB or palette), `hook(view)` the PNG bytes."""
    rules, hooks = registry.rules(game), registry.part(game, "render")
    public, own = rules.view(state, None), rules.view(state, 0)
    board = importlib.import_module(BOARD_MODULE.get(game, f"render.{game}.board"))
    hand = importlib.import_module(f"render.{game}.hand")
    out = [("board", board.draw_board, hooks.board_png, public)]
    if hasattr(hooks, "player_png"):  # one board per player (TtA): the first seat's
        out.append(("player", lambda v: hooks.draw_player(v, 0),
                    lambda v: hooks.player_png(v, 0), public))
    if game == "pantheon":
        focus = importlib.import_module("render.pantheon.focus")
        if focus.draw_focus(public) is not None:
            out.append(("focus", focus.draw_focus, hooks.focus_png, public))
    out.append(("hand", hand.draw_hand, hooks.hand_png, own))
    return out


def palette_of(game: str) -> Image.Image:
    module = "render.pantheon.board" if game == "pantheon" else f"render.{game}.common"
    return importlib.import_module(module).PALETTE


def bench(game: str, runs: int, decisions: int) -> None:
    info = registry.info(game)
    holder = palette_of(game)
    print(f"\n{game} (position after {decisions} random decisions, seed 1)")
    print(f"{'players':>7} {'picture':>8} {'draw':>6} {'conv':>6} {'encode':>6} {'total':>6} "
          f"{'ratio':>6} {'wall':>6} {'kB':>5}")
    for n in range(info.min_players, info.max_players + 1):
        state, _ = simulate(game, n, 1, decisions)
        cold = None
        for name, draw, hook, view in pictures(game, state, n):
            if name == "board":
                start = time.process_time()
                hook(view)  # the first board of a count draws and caches its background
                cold = (time.process_time() - start) * 1000
            image = draw(view)
            final = convert(image, holder)
            data = hook(view)
            if data != encode_alone(final):
                raise AssertionError(f"{game} {name}: the hook's PNG is not the drawn image's")
            (t_draw, _), (t_conv, _), (t_enc, _), (t_all, wall) = cpu_medians(
                [lambda d=draw, v=view: d(v), lambda i=image: convert(i, holder),
                 lambda f=final: encode_alone(f), lambda h=hook, v=view: h(v)], runs)
            print(f"{n:>7} {name:>8} {t_draw:>6.1f} {t_conv:>6.1f} {t_enc:>6.1f} {t_all:>6.1f} "
                  f"{t_all / t_enc:>6.2f} {wall:>6.1f} {len(data) / 1000:>5.0f}"
                  + (f"   {final.width}x{final.height}, cold {cold:.0f}" if cold else ""))
            cold = None


def bench_turns(game: str, start: int, turns: int) -> None:
    """Turn by turn: the pictures after each of `turns` decisions from the position after
    `start`, each drawn once, as a game posts them. Unlike the repeated position above, every
    turn brings texts and shapes the caches have not seen yet (a new score, the last turn's
    line, a piece on a new field)."""
    info = registry.info(game)
    rules, hooks = registry.rules(game), registry.part(game, "render")
    print(f"\n{game} turn by turn: the {turns} decisions after {start}, each position drawn once")
    print(f"{'players':>7} {'picture':>8} {'turns':>6} {'encode':>6} {'total':>6} {'ratio':>6} "
          f"{'max':>6}")
    for n in range(info.min_players, info.max_players + 1):
        state = rules.new_game(player_names(n), 1)  # as render.cli.simulate(game, n, 1, ...)
        rng = random.Random(1)
        state, _ = play_random(rules, state, rng, start)
        hooks.board_png(rules.view(state, None))  # the background, drawn once per count
        times: dict[str, tuple[list[float], list[float]]] = {}
        for _ in range(turns):
            state, played = play_random(rules, state, rng, 1)
            if not played:
                break
            public = rules.view(state, None)
            shots = [("board", hooks.board_png, public), ("hand", hooks.hand_png,
                                                          rules.view(state, 0))]
            if getattr(hooks, "focus_png", None) is not None:
                shots.insert(1, ("focus", hooks.focus_png, public))
            for name, hook, view in shots:
                start_cpu = time.process_time()
                data = hook(view)
                total = (time.process_time() - start_cpu) * 1000
                if not data:
                    continue
                final = Image.open(io.BytesIO(data))
                final.load()
                start_cpu = time.process_time()
                encode_alone(final)
                encode = (time.process_time() - start_cpu) * 1000
                times.setdefault(name, ([], []))
                times[name][0].append(total)
                times[name][1].append(encode)
        for name, (total, encode) in times.items():
            t_all, t_enc = statistics.median(total), statistics.median(encode)
            print(f"{n:>7} {name:>8} {len(total):>6} {t_enc:>6.1f} {t_all:>6.1f} "
                  f"{t_all / t_enc:>6.2f} {max(total):>6.1f}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=(*registry.ids(), "all"), default="all")
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--decisions", type=int, default=300)
    parser.add_argument("--turns", type=int, default=40,
                        help="decisions drawn one by one (0: leave the turn-by-turn part out)")
    parser.add_argument("--turns-from", type=int, default=100)
    args = parser.parse_args()
    print(f"load average (1 min): {os.getloadavg()[0]:.2f} on {os.cpu_count()} CPUs")
    print("CPU ms medians: draw, conversion to the palette, encode alone of the final image, "
          "total = the render hook end to end; ratio = total / encode alone")
    for game in registry.ids() if args.game == "all" else (args.game,):
        bench(game, args.runs, args.decisions)
        if args.turns:
            bench_turns(game, args.turns_from, args.turns)
    return 0


if __name__ == "__main__":
    sys.exit(main())
