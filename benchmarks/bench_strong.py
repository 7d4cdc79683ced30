"""Other games' latency while strong AI seats think (issue 25): the real bot (discord.py)
against the local Discord test double, two games in two channels.

    python3 -m benchmarks.bench_strong [--seconds 60] [--game pantheon] [--seed 5]

(run from the repository root: it uses the test double in tests/discord_double)

Game A: one person (alice) and two AI seats; she clicks her DM prompt as soon as she has one,
so the AI seats think most of the time. Game B, in another channel: three people (bob, carol,
dave) clicking their prompts one after another, as fast as the bot answers. For B's clicks it
prints the time until Discord got the acknowledgement (Discord allows 3 s) and until the
prompt showed the next step, p50/p95/max, in three set-ups, each for `--seconds`:

- `normal, thread`: A's AI seats at level normal (milliseconds a decision, in a thread): the
  usual latency;
- `strong, process`: at level strong, thought in a worker process (bot/host/thinking.py: what
  the bot does);
- `strong, thread`: at level strong, thought in a thread of the bot's process (what the bot
  would do without the worker: the search holds the interpreter lock).

And, per set-up, how many decisions A's AI seats made (a star: A ended within the time, and
B's clicks went on alone). The times are this machine's; the
ratios between set-ups are the figure.
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
from bot.host.thinking import Thinker  # noqa: E402
from tests.bot.bot_helpers import (  # noqa: E402
    click_choice,
    config_for,
    has_prompt,
    newest,
    settle,
    user_names,
    waiting_user,
)
from tests.discord_double import DiscordDouble  # noqa: E402
from tests.discord_double.botrunner import start_bot  # noqa: E402

A, B = "game-1", "game-2"
SETUPS = (("normal", True), ("strong", True), ("strong", False))


async def open_game(d: DiscordDouble, bot, game: str, channel: str, people: list[str],
                    seed: int, ai: int = 0, level: str = "normal") -> int:
    async def run(user: str, *names: str, **options) -> None:
        inter = await d.slash(user, channel, game, *names, options=options)
        await inter.wait_done(30)
    await run(people[0], "start", seed=seed)
    for name in people[1:]:
        await run(name, "join")
    for _ in range(ai):
        await run(people[0], "addbot", level=level)
    game_id = (await bot.store.open_game(d.channel(channel).id)).id
    await run(people[0], "begin")
    await d.wait_for_message(channel, lambda m: bool(m.attachments), timeout=30)
    return game_id


async def clicker(d: DiscordDouble, bot, channel: str, people: list[str], until: float,
                  acks: list[float] | None, steps: list[float] | None) -> None:
    """The people of one game click their prompts until `until` (or the game's end)."""
    game_id = (await bot.store.open_game(d.channel(channel).id)).id
    ids = user_names(d, people)
    while time.perf_counter() < until:
        _, user = await waiting_user(bot, game_id, ids)
        if user is None:
            await asyncio.sleep(0.05)  # an AI seat's turn, or the game is over
            game = await bot.store.game(game_id)
            if game is None or game.status != "playing":
                return
            continue
        prompt = newest(d.dms(user), has_prompt)
        if prompt is None:
            await asyncio.sleep(0.05)
            continue
        t0 = time.perf_counter()
        inter = await click_choice(d, user, prompt)
        if acks is not None and steps is not None:
            steps.append(time.perf_counter() - t0)
            acks.append(inter.answered_after or 0.0)


async def one_setup(game: str, level: str, isolate: bool, seconds: float, seed: int
                    ) -> dict[str, float]:
    d = DiscordDouble(interaction_deadline=None)  # measured here, not enforced
    await d.start()
    with tempfile.TemporaryDirectory() as tmp:
        bot = create_bot(config_for(d, Path(tmp) / "bench.db"))
        runner = await start_bot(d, bot)
        bot.games.thinker = Thinker(1, isolate=isolate)
        try:
            a = await open_game(d, bot, game, A, ["alice"], seed, ai=2, level=level)
            await open_game(d, bot, game, B, ["bob", "carol", "dave"], seed + 1)
            await settle(bot)
            acks: list[float] = []
            steps: list[float] = []
            until = time.perf_counter() + seconds
            await asyncio.gather(clicker(d, bot, A, ["alice"], until, None, None),
                                 clicker(d, bot, B, ["bob", "carol", "dave"], until, acks,
                                         steps))
            ai_decisions = sum(1 for e in await bot.store.log(a) if e.source == "ai")
            a_over = (await bot.store.game(a)).status == "over"
        finally:
            bot.games.thinker.close()
            await runner.stop()
            await d.stop()
    q = statistics.quantiles
    return {"clicks": len(acks), "ai": ai_decisions, "over": a_over,
            "ack_p50": q(acks, n=100)[49], "ack_p95": q(acks, n=100)[94], "ack_max": max(acks),
            "step_p50": q(steps, n=100)[49], "step_p95": q(steps, n=100)[94],
            "step_max": max(steps)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--game", default="pantheon")
    parser.add_argument("--seed", type=int, default=5)
    args = parser.parse_args()
    print(f"game {args.game}, {args.seconds:.0f} s a set-up; game B's clicks:")
    print(f"{'set-up':18} {'clicks':>6} {'A: AI':>6} {'ack p50':>9} {'ack p95':>9} "
          f"{'ack max':>9} {'step p50':>9} {'step p95':>9} {'step max':>9}")
    for level, isolate in SETUPS:
        r = asyncio.run(one_setup(args.game, level, isolate, args.seconds, args.seed))
        name = f"{level}, {'process' if isolate and level == 'strong' else 'thread'}"
        print(f"{name:18} {r['clicks']:6d} {r['ai']:6d}{'*' if r['over'] else ' '}"
              + " ".join(f"{r[k] * 1000:7.1f}ms" for k in (
                  "ack_p50", "ack_p95", "ack_max", "step_p50", "step_p95", "step_max")),
              flush=True)
    print("(*: game A ended within the time; B went on alone)")


if __name__ == "__main__":
    main()
