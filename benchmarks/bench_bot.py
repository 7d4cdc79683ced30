"""The Discord bot's speed, end to end: whole games played by clicking the DM prompts of the
real bot (discord.py) against the local Discord test double, with the time to acknowledge each
interaction (Discord allows 3 s), the time until the prompt shows the next step, and the game's
wall-clock time.

    python3 -m benchmarks.bench_bot [--games 2] [--players 3] [--seed 11] [--stall 1]

(run from the repository root: it uses the test double in tests/discord_double)
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the tests' Discord double

from bot.discord.app import create_bot  # noqa: E402
from tests.bot.bot_helpers import (
    CHANNEL,
    click_choice,
    config_for,
    has_prompt,
    newest,
    settle,
    user_names,
    waiting_user,
)
from tests.discord_double import DiscordDouble
from tests.discord_double.botrunner import start_bot

NAMES = ["alice", "bob", "carol", "dave"]


async def slash(double: DiscordDouble, user: str, *names: str, **options) -> None:
    inter = await double.slash(user, CHANNEL, "pantheon", *names, options=options)
    await inter.wait_done(10)


async def one_game(players: int, seed: int, stall: int | None) -> dict[str, float]:
    names = NAMES[:players]
    double = DiscordDouble(interaction_deadline=None)
    await double.start()
    with tempfile.TemporaryDirectory() as tmp:
        bot = create_bot(config_for(double, Path(tmp) / "bench.db"))
        runner = await start_bot(double, bot)
        try:
            start = time.perf_counter()
            await slash(double, names[0], "start", seed=seed,
                        **({"stall_guard_rounds": stall} if stall else {}))
            for name in names[1:]:
                await slash(double, name, "join")
            await slash(double, names[0], "begin")
            await double.wait_for_message(CHANNEL, lambda m: bool(m.attachments), timeout=10)
            game_id = (await bot.store.open_game(double.channel(CHANNEL).id)).id
            ids = user_names(double, names)
            acks: list[float] = []
            dones: list[float] = []
            while True:
                await settle(bot)
                _, user = await waiting_user(bot, game_id, ids)
                if user is None:
                    break
                t0 = time.perf_counter()
                inter = await click_choice(double, user, newest(double.dms(user), has_prompt))
                dones.append(time.perf_counter() - t0)
                acks.append(inter.answered_after or 0.0)
            await settle(bot)
            seconds = time.perf_counter() - start
            decisions = len(await bot.store.log(game_id))
            posts = sum(1 for m in double.messages(CHANNEL)
                        if any(a.filename == "board.png" for a in m.attachments))
        finally:
            await runner.stop()
            await double.stop()
    q = statistics.quantiles
    return {"seconds": seconds, "clicks": len(acks), "decisions": decisions, "posts": posts,
            "ack_p50": q(acks, n=100)[49], "ack_p95": q(acks, n=100)[94], "ack_max": max(acks),
            "done_p50": q(dones, n=100)[49], "done_p95": q(dones, n=100)[94]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--players", type=int, default=3, choices=[2, 3, 4])
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--stall", type=int, default=1,
                        help="stall_guard_rounds (0: off, a full game of drawing never ends)")
    args = parser.parse_args()
    print(f"{'seed':>5} {'s':>6} {'clicks':>6} {'decis.':>6} {'posts':>5} "
          f"{'ack p50':>8} {'ack p95':>8} {'ack max':>8} {'step p50':>8} {'step p95':>8}")
    for i in range(args.games):
        r = asyncio.run(one_game(args.players, args.seed + i, args.stall or None))
        print(f"{args.seed + i:>5} {r['seconds']:6.1f} {r['clicks']:6d} {r['decisions']:6d} "
              f"{r['posts']:5d} {r['ack_p50'] * 1000:6.1f}ms {r['ack_p95'] * 1000:6.1f}ms "
              f"{r['ack_max'] * 1000:6.1f}ms {r['done_p50'] * 1000:6.1f}ms "
              f"{r['done_p95'] * 1000:6.1f}ms")


if __name__ == "__main__":
    main()
