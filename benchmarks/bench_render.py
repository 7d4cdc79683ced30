"""Pantheon picture speed: median time to draw and encode the board PNG, the focus PNG (the
last turn's fields, cropped) and a hand PNG.

    python3 benchmarks/bench_render.py [--runs 30] [--decisions 300]

Targets on the project's 2-core machine: board at most 80 ms, focus at most 40 ms, hand at
most 30 ms (median, background cache warm). Prints wall-clock and CPU medians (they differ when
other processes load the machine), the first (cold) board render, which builds the cached static
background, and the PNG sizes, for 2, 3 and 4 players (the focus where the position has one).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from engine.pantheon import view  # noqa: E402
from render.cli import simulate  # noqa: E402
from render.pantheon import board_png, focus_png, hand_png  # noqa: E402


def timed(fn, runs: int) -> tuple[float, float, float, int]:
    """(median wall ms, max wall ms, median CPU ms, size in bytes) over `runs` calls. CPU time
    leaves out the time other processes on a busy machine took from this one."""
    wall, cpu = [], []
    size = 0
    for _ in range(runs):
        start, start_cpu = time.perf_counter(), time.process_time()
        size = len(fn())
        cpu.append((time.process_time() - start_cpu) * 1000)
        wall.append((time.perf_counter() - start) * 1000)
    return statistics.median(wall), max(wall), statistics.median(cpu), size


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--decisions", type=int, default=300)
    args = parser.parse_args()
    print(f"load average (1 min): {os.getloadavg()[0]:.2f} on {os.cpu_count()} CPUs")
    print(f"{'players':>7} {'picture':>8} {'median ms':>10} {'max ms':>8} {'CPU ms':>7} {'kB':>6}")
    for n in (2, 3, 4):
        state, _ = simulate("pantheon", n, 1, args.decisions)
        public = view(state, None)
        start = time.perf_counter()
        board_png(public)
        cold = (time.perf_counter() - start) * 1000
        med, worst, cpu, size = timed(lambda public=public: board_png(public), args.runs)
        print(f"{n:>7} {'board':>8} {med:>10.1f} {worst:>8.1f} {cpu:>7.1f} {size / 1000:>6.0f}"
              f"   (cold, with background: {cold:.0f} ms)")
        if focus_png(public) is not None:
            med, worst, cpu, size = timed(lambda public=public: focus_png(public) or b"",
                                          args.runs)
            print(f"{n:>7} {'focus':>8} {med:>10.1f} {worst:>8.1f} {cpu:>7.1f} "
                  f"{size / 1000:>6.0f}")
        own = view(state, 0)
        med, worst, cpu, size = timed(lambda own=own: hand_png(own), args.runs)
        print(f"{n:>7} {'hand':>8} {med:>10.1f} {worst:>8.1f} {cpu:>7.1f} {size / 1000:>6.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
