"""The bot's memory, measured on the real thing: `agora run` as its own process against the
local Discord test double (tests/discord_double), with every picture drawn and posted, and
players who click their DM prompts as people do. The bot process's resident memory (RSS) is
read from /proc: its peak (the kernel's high-water mark, VmHWM) and its value at the end.

    python3 -m benchmarks.bench_memory [--scenario active|pace|sequence|all]
                                       [--games N] [--players 3] [--seconds S] [--pace 60]

(run from the repository root: it uses the test double in tests/)

Scenarios (issue 27's targets):
- `active`: 50 games (Pantheon, Amun-Re and Through the Ages in turn), every seat a person who
  clicks a random option of their prompt as soon as it arrives, for `--seconds` (default 300)
  or until the games end. Target: peak RSS <= 300 MB.
- `pace`: 1,000 games set up (in 10 servers of 100 channels, every seat a person), then each
  awaited person clicks once a minute on average (`--pace`), for `--seconds` (default 300).
  Target: peak RSS <= 500 MB.
- `sequence`: 100 games played to the end one after another (one person and two AI seats, so
  that a game takes seconds), each ending with its final post and replay. Target: RSS after the
  last <= 1.1 x RSS after the first (a finished game leaves nothing behind). With the three
  games in turn, "the first" is the first of each game (after game 3): the first Amun-Re and
  Through the Ages games fill those games' own picture memos, which a Pantheon game never
  touched; both ratios are printed.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import signal
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the tests' Discord double

from bot.store.sqlite import Store  # noqa: E402
from tests.bot.bot_helpers import BotProcess, has_prompt, newest  # noqa: E402
from tests.discord_double import DiscordDouble  # noqa: E402
from tests.discord_double.models import Message  # noqa: E402

GAMES = ("pantheon", "amunre", "tta")
STUCK = 10.0  # seconds without a prompt to click while the game waits for a person
REFUSALS = 5  # clicks refused in a row before a person opens the prompt again with /turn
MB = 1024 * 1024


def rss(pid: int) -> tuple[float, float]:
    """The process's resident memory now and its peak so far, in MB (from /proc)."""
    fields = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        key, _, value = line.partition(":")
        fields[key] = value
    return int(fields["VmRSS"].split()[0]) / 1024, int(fields["VmHWM"].split()[0]) / 1024


@dataclass
class Table:
    """One game as the bench sees it: its channel, its people (by seat) and its id."""

    game: str
    channel: Any
    people: list[str]
    gid: int = 0
    # per person: the prompt (message, edits) last clicked, and the private answers then (a
    # refused click leaves the prompt as it was: the person clicks it again)
    clicked: dict[str, tuple[int, int, int]] = field(default_factory=dict)
    clicks: int = 0
    reopened: int = 0  # prompts reopened with /<game> turn after one did nothing (see `play`)
    last: Any = None  # the last interaction a person of this table sent (for `stall`)
    refused: dict[str, int] = field(default_factory=dict)  # per person: clicks refused in a row


async def command(d: DiscordDouble, user: str, table: Table, *names: str, **options: Any
                  ) -> None:
    inter = await d.slash(user, table.channel, table.game, *names, options=options)
    await inter.wait_done(60)


async def open_table(d: DiscordDouble, store: Store, table: Table, seed: int, ai: int) -> None:
    """`/<game> start`, the others join (and AI seats are added), `/<game> begin`."""
    host = table.people[0]
    await command(d, host, table, "start", seed=seed)
    for person in table.people[1:]:
        await command(d, person, table, "join")
    for _ in range(ai):
        await command(d, host, table, "addbot")
    await command(d, host, table, "begin")
    game = await store.open_game(table.channel.id)
    assert game is not None, f"{table.game} in {table.channel.name} did not begin"
    table.gid = game.id


def world(d: DiscordDouble, games: int, players: int, per_guild: int,
          kinds: tuple[str, ...] = GAMES) -> list[Table]:
    """Servers of `per_guild` channels each, one game per channel, `players` people per game
    (every one a member of the game's server)."""
    tables = []
    guild = None
    for i in range(games):
        if i % per_guild == 0:
            guild = d.add_guild(f"server-{i // per_guild}", channels=())
        channel = d.add_channel(guild, f"game-{i}")
        people = [f"p{i}-{k}" for k in range(players)]
        for name in people:
            d.add_user(name, guild=guild)
        tables.append(Table(kinds[i % len(kinds)], channel, people))
    return tables


async def click_random(d: DiscordDouble, user: str, message: Message, rng: random.Random
                       ) -> Any:
    """A random option of the prompt (a button or a menu's value), or Confirm when the part is
    complete, as a person would click it."""
    buttons = [c for c in message.walk_components()
               if str(c.get("custom_id", "")).startswith(("ag:o:", "ag:c:"))]
    menus = [(c, o) for c in message.walk_components()
             if str(c.get("custom_id", "")).startswith("ag:s:") for o in c.get("options") or []]
    options = [b for b in buttons if b["custom_id"].startswith("ag:o:")]
    if options or menus:
        i = rng.randrange(len(options) + len(menus))
        if i < len(options):
            inter = await d.click(user, message, options[i]["custom_id"])
        else:
            menu, option = menus[i - len(options)]
            inter = await d.select(user, message, menu["custom_id"], [option["value"]])
    else:
        inter = await d.click(user, message, buttons[0]["custom_id"])
    await inter.wait_done(60)
    return inter


async def step(d: DiscordDouble, store: Store, table: Table, rng: random.Random) -> bool | None:
    """Each awaited person whose prompt is new clicks it once. True: someone clicked; False:
    nobody could yet (the prompt is on its way); None: the game is over."""
    game = await store.game(table.gid)
    if game is None or game.status != "playing":
        return None
    acted = False
    for seat in game.awaited:
        if seat >= len(table.people):
            continue  # an AI seat: the bot plays it
        person = table.people[seat]
        # the newest prompt: by DM, or the private one /<game> turn opened in the channel
        prompts = [m for m in (newest(d.dms(person), has_prompt),
                               newest(d.ephemeral_messages(person), has_prompt)) if m]
        prompt = max(prompts, key=lambda m: m.id) if prompts else None
        seen = (prompt.id, prompt.edits, len(d.ephemeral_messages(person))) if prompt else None
        if seen is None or table.clicked.get(person) == seen:
            continue
        table.clicked[person] = seen
        table.last = await click_random(d, person, prompt, rng)
        table.clicks += 1
        acted = True
        refused = (d.message(prompt.id).edits == prompt.edits
                   and len(d.ephemeral_messages(person)) > seen[2])
        table.refused[person] = table.refused.get(person, 0) + 1 if refused else 0
        if refused:
            REFUSED[d.ephemeral_messages(person)[-1].content[:90]] += 1
        if table.refused[person] >= REFUSALS:  # as the refusals say: reopen it with /turn
            await command(d, person, table, "turn")
            table.reopened += 1
            table.refused[person] = 0
    return acted


async def play(d: DiscordDouble, store: Store, table: Table, rng: random.Random, until: float,
               pace: float) -> None:
    """Click `table`'s prompts until the game ends or `until` (wall clock): at once, or after
    a random wait of `pace` seconds on average (a person's pace)."""
    idle_since = time.monotonic()
    progress = (-1, 0)  # (decisions, clicks since they last changed)
    while time.monotonic() < until:
        acted = await step(d, store, table, rng)
        if acted is None:
            return
        if acted:
            idle_since = time.monotonic()
            game = await store.game(table.gid)
            clicks = 0 if game.decisions != progress[0] else progress[1] + 1
            progress = (game.decisions, clicks)
            if clicks == 30:
                stall(d, table, game, table.people[game.awaited[0]] if game.awaited else "?")
            if pace:
                await asyncio.sleep(min(rng.expovariate(1 / pace),
                                        max(0.0, until - time.monotonic())))
            continue
        if time.monotonic() - idle_since > STUCK:
            # a person whose prompt did nothing for so long opens it again, as the bot's
            # refusals tell them to; the count is printed (a prompt should never need it)
            game = await store.game(table.gid)
            people = [table.people[s] for s in game.awaited if s < len(table.people)]
            if people:
                stall(d, table, game, people[0])
                await command(d, people[0], table, "turn")
                table.reopened += 1
            idle_since = time.monotonic()
        await asyncio.sleep(0.05)


def _message(m: Any) -> str:
    if m is None:
        return "none"
    labels = [f"{c.get('label') or ''}<{c.get('custom_id')}>" for c in m.walk_components()
              if c.get("custom_id")]
    return f"#{m.id} edits={m.edits} {m.content[:300]!r} {labels}"


def stall(d: DiscordDouble, table: Table, game: Any, person: str) -> None:
    """What a person whose prompt did nothing sees, and what the bot logged (to stderr)."""
    out = [f"STALL {table.game} game {table.gid} decisions={game.decisions} "
           f"posted={game.posted} awaited={game.awaited} person={person}"]
    out.append(f"  newest DM prompt: {_message(newest(d.dms(person), has_prompt))}")
    out.append(f"  newest DM: {_message(newest(d.dms(person)))}")
    out.append("  newest ephemeral: "
               f"{_message(newest(d.ephemeral_messages(person)))}")
    last = table.last
    if last is not None:
        out.append(f"  last interaction {last.label} {last.data} callback={last.callback_type} "
                   f"{last.callback_data} answered_after={last.answered_after} "
                   f"original={_message(last.original)} "
                   f"followups={[_message(m) for m in last.followups]} problems={last.problems}")
    if BOT is not None:
        out += [f"  log {x}" for x in BOT.lines[-15:]]
    print("\n".join(out), file=sys.stderr, flush=True)


REFUSED: Counter[str] = Counter()  # the refusals' texts, for the scenario's summary
BOT: BotProcess | None = None  # the bot of the running scenario (its log lines for `stall`)


async def with_bot(players: int, games: int, per_guild: int, body: Any,
                   kinds: tuple[str, ...] = GAMES) -> None:
    d = DiscordDouble(interaction_deadline=None, users=(), channels=())
    await d.start()
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "memory.db"
        tables = world(d, games, players, per_guild, kinds)
        bot = BotProcess(d, db)
        await bot.start(timeout=120)
        global BOT
        BOT = bot
        store = await Store.open(db, cache=False)  # the bot process writes
        try:
            await d.wait_for_commands(*GAMES)
            await body(d, store, bot, tables)
            if REFUSED:
                print(f"  refused clicks: {sum(REFUSED.values())}, most often:")
                for text, n in REFUSED.most_common(5):
                    print(f"    {n} × {text}")
            problems = bot.errors
            if problems:
                print(f"  the bot logged {len(problems)} errors, e.g. {problems[:3]}")
        finally:
            await store.close()
            await bot.signal_and_wait(signal.SIGTERM, 60)
            await d.stop()


def line(what: str, pid: int) -> str:
    now, peak = rss(pid)
    return f"{what}: RSS {now:.0f} MB, peak {peak:.0f} MB"


async def setup(d: DiscordDouble, store: Store, tables: list[Table], ai: int = 0,
                batch: int = 25) -> None:
    for start in range(0, len(tables), batch):
        await asyncio.gather(*(open_table(d, store, t, seed=i + 1, ai=ai)
                               for i, t in enumerate(tables[start:start + batch], start)))


async def many(args: argparse.Namespace, games: int, pace: float, target: int) -> None:
    """`games` games set up at once, then played for `args.seconds`: each awaited person
    clicks at once (`pace` 0) or after `pace` seconds on average."""

    async def body(d: DiscordDouble, store: Store, bot: BotProcess, tables: list[Table]) -> None:
        pid = bot.bot_pid()
        print(line("  ready", pid))
        began = time.monotonic()
        await setup(d, store, tables)
        print(line(f"  {games} games begun ({time.monotonic() - began:.0f} s)", pid))
        until = time.monotonic() + args.seconds
        rng = random.Random(args.seed)
        await asyncio.gather(*(play(d, store, t, random.Random(rng.random()), until, pace)
                               for t in tables))
        over = [(await store.game(t.gid)).status for t in tables].count("over")
        clicks = sum(t.clicks for t in tables)
        reopened = sum(t.reopened for t in tables)
        print(f"  {clicks} clicks in {args.seconds:.0f} s, {over} games over, "
              f"{reopened} prompts reopened with /turn")
        print(line("  end", pid) + f"  (target: peak <= {target} MB)")

    await with_bot(args.players, games, 100, body, args.kinds)


async def active(args: argparse.Namespace) -> None:
    games = args.games or 50
    print(f"active: {games} games, {args.players} people each, clicking at once")
    await many(args, games, 0.0, 300)


async def pace(args: argparse.Namespace) -> None:
    games = args.games or 1000
    print(f"pace: {games} games, {args.players} people each, a click every {args.pace:.0f} s")
    await many(args, games, args.pace, 500)


async def sequence(args: argparse.Namespace) -> None:
    games = args.games or 100

    async def body(d: DiscordDouble, store: Store, bot: BotProcess, tables: list[Table]) -> None:
        pid = bot.bot_pid()
        print(line("  ready", pid))
        after: list[float] = []
        rng = random.Random(args.seed)
        for i, table in enumerate(tables):
            await open_table(d, store, table, seed=args.seed + i, ai=2)
            await play(d, store, table, rng, time.monotonic() + 3600, 0.0)
            await finished(d, store, table)
            after.append(rss(pid)[0])
            if i == 0 or (i + 1) % 10 == 0:
                print(line(f"  after game {i + 1} ({table.game}, {table.clicks} clicks, "
                           f"{sum(t.reopened for t in tables[:i + 1])} reopened)", pid))
        first = after[min(len(args.kinds), len(after)) - 1]  # the first game of each kind
        print(f"  RSS after the last / after the first of each game: {after[-1] / first:.2f} "
              f"(target: <= 1.10); / after game 1: {after[-1] / after[0]:.2f}")

    print(f"sequence: {games} games to the end, one person and two AI seats each")
    await with_bot(1, games, 100, body, args.kinds)


async def finished(d: DiscordDouble, store: Store, table: Table, timeout: float = 600) -> None:
    """Until the game is over and its final post (with the replay, where the game draws one)
    is out: the store's posted mark reaches the last decision."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        game = await store.game(table.gid)
        if game is not None and game.status == "over" and game.posted == game.decisions:
            await asyncio.sleep(0.5)  # the post's upload and DMs
            return
        await asyncio.sleep(0.1)
    raise TimeoutError(f"{table.game} game {table.gid} did not end")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scenario", choices=["active", "pace", "sequence", "all"],
                        default="all")
    parser.add_argument("--games", type=int, default=0, help="default: the scenario's")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=300)
    parser.add_argument("--pace", type=float, default=60, help="seconds between a person's clicks")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--game", choices=[*GAMES, "all"], default="all",
                        help="the games played (default: the three in turn)")
    args = parser.parse_args()
    args.kinds = GAMES if args.game == "all" else (args.game,)
    for name in ("active", "pace", "sequence"):
        if args.scenario in (name, "all"):
            asyncio.run(globals()[name](args))


if __name__ == "__main__":
    main()
