"""Helpers for the bot's end-to-end tests: start the unmodified Agora bot against the Discord
test double and act like players, through slash commands (with autocomplete), clicks on the
DM prompt, and the channel's "Take your turn" button with its ephemeral panel."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import json
import logging
import os
import random
import signal
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from bot.discord.app import AgoraBot, create_bot
from bot.discord.config import Config
from bot.host.turns import Games, Refusal, StepResult, Table
from engine.core import Decision
from engine.pantheon import apply, new_game, options, pending, reveals
from tests.discord_double import DiscordDouble
from tests.discord_double.models import Message
from tests.paths import ROOT

CHANNEL = "game-1"
PREFERRED = ("Draw 3 cards", "Top card of the deck", "Draw 1 card instead", "Draw 2 cards",
             "Skip", "Decline")


def config_for(double: DiscordDouble, db: Path, **overrides: Any) -> Config:
    env = {"DISCORD_TOKEN": double.token, "AGORA_DB": str(db),
           "DISCORD_API_BASE": double.api_base, "AGORA_AI_DELAY": "0"}
    return dataclasses.replace(Config.from_env(env), **overrides)


async def start_agora(bot_starter, double: DiscordDouble, db: Path, **overrides: Any
                      ) -> AgoraBot:
    bot = create_bot(config_for(double, db, **overrides))
    await bot_starter(bot)
    await double.wait_for_commands("pantheon")
    return bot


async def slash(double: DiscordDouble, user: str, *names: str, channel: str = CHANNEL,
                **options: Any):
    """Run a /pantheon command and wait for its (ephemeral) answer."""
    inter = await double.slash(user, channel, "pantheon", *names, options=options)
    await inter.wait_done(10)
    return inter


async def settle(bot: AgoraBot) -> None:
    """Let the bot finish publishing and playing automatic seats."""
    for _ in range(3):
        await asyncio.sleep(0)
        await bot.publisher.idle()


def option_buttons(message: Message) -> list[dict[str, Any]]:
    return [b for b in message.buttons if str(b.get("custom_id", "")).startswith("ag:o:")]


def option_labels(message: Message) -> list[str]:
    labels = [str(b.get("label")) for b in option_buttons(message)]
    for c in message.walk_components():
        if str(c.get("custom_id", "")).startswith("ag:s:"):
            labels += [str(o["label"]) for o in c.get("options") or []]
    return labels


def has_prompt(message: Message) -> bool:
    return any(cid.startswith(("ag:o:", "ag:s:", "ag:c:")) for cid in message.custom_ids)


def button_id(message: Message, prefix: str) -> str | None:
    return next((cid for cid in message.custom_ids if cid.startswith(prefix)), None)


def newest(messages: list[Message], predicate: Callable[[Message], bool] | None = None
           ) -> Message | None:
    for m in reversed(messages):
        if predicate is None or predicate(m):
            return m
    return None


def prefer(labels: list[str], preferred: tuple[str, ...] = PREFERRED) -> int:
    for want in preferred:
        for i, label in enumerate(labels):
            if label == want:
                return i
    return 0


async def click_choice(double: DiscordDouble, user: str, message: Message,
                       preferred: tuple[str, ...] = PREFERRED):
    """Click the preferred option of a prompt (a button or a select value), or Confirm when the
    prompt offers only Confirm / Undo step. Returns the finished interaction."""
    message = double.message(message.id)
    buttons = option_buttons(message)
    labels = option_labels(message)
    if not labels:
        cid = button_id(message, "ag:c:")
        assert cid, f"prompt without options or Confirm: {message.content!r}"
        inter = await double.click(user, message, cid)
    else:
        i = prefer(labels, preferred)
        if i < len(buttons):
            inter = await double.click(user, message, buttons[i]["custom_id"])
        else:
            label = labels[i]
            select = next(c for c in message.walk_components()
                          if str(c.get("custom_id", "")).startswith("ag:s:")
                          and any(o["label"] == label for o in c.get("options") or []))
            value = next(o["value"] for o in select["options"] if o["label"] == label)
            inter = await double.select(user, message, select["custom_id"], [value])
    await inter.wait_done(10)
    return inter


async def click_random(games: Games, game_id: int, rng: random.Random
                       ) -> StepResult | None:
    """One click of the awaited seat through the turn service, as a button does: Confirm when
    its part is complete, else a random option of its panel. None when the game is not in play
    or the click was refused."""
    table = await games.table(game_id)
    if table.game.status != "playing":
        return None
    seat = table.seats[table.awaited()[0].seat]
    panel = await games.panel(table, seat.seat)
    try:
        if panel.complete:
            return await games.confirm(game_id, seat.user_id, token=panel.token,
                                       number=panel.number)
        return await games.choose(game_id, seat.user_id, token=panel.token,
                                  number=panel.number, index=rng.randrange(len(panel.options)))
    except Refusal:
        return None


def user_names(double: DiscordDouble, names: list[str]) -> dict[int, str]:
    return {double.user(n).id: n for n in names}


async def waiting_user(bot: AgoraBot, game_id: int, ids: dict[int, str]
                       ) -> tuple[Table, str | None]:
    table = await bot.games.table(game_id)
    awaited = table.awaited()
    w = awaited[0] if awaited else None
    if w is None or table.game.status != "playing":
        return table, None
    uid = table.seats[w.seat].user_id
    return table, ids.get(uid) if uid is not None else None


def quiet_move(seed: int, players: int = 3) -> list[Decision] | None:
    """A Move turn for the first player that reveals nothing and hands the prompt to another
    seat (placements off loot, follow-up that is a real choice), if this seed allows one."""
    s = new_game(players, seed)
    seat = pending(s)[0].seat
    steps = [Decision("action", {"action": "move"})]
    if steps[0] not in options(s, seat):
        return None
    s, _ = apply(s, seat, steps[0])
    cards = [d for d in options(s, seat) if d.kind == "cards"]
    if not cards:
        return None
    steps.append(cards[-1])
    s, _ = apply(s, seat, cards[-1])
    while pending(s) and pending(s)[0].seat == seat and pending(s)[0].kind == "move_place":
        quiet = [d for d in options(s, seat) if d.kind == "place" and d.args["field"] not in s.loot]
        d = quiet[0] if quiet and len(steps) < 4 else Decision("stop")
        before = s
        s, _ = apply(s, seat, d)
        if reveals(before, s, seat):
            return None
        steps.append(d)
    if not pending(s) or pending(s)[0].seat == seat or steps[-1].kind != "stop":
        return None
    return steps


def follow_on_seed(players: int = 3) -> tuple[int, int, list[Decision], Decision, Decision]:
    """A seed whose first turn can be a quiet Move after which the next player can follow with
    a movement card: (seed, mover, the Move's steps, the follower's cards step, a placement)."""
    for seed in range(1, 400):
        s = new_game(players, seed)
        if pending(s)[0].kind != "action":
            continue
        steps = quiet_move(seed, players)
        if not steps:
            continue
        mover = pending(s)[0].seat
        for d in steps:
            s, _ = apply(s, mover, d)
        prompt = pending(s)[0]
        cards = [d for d in options(s, prompt.seat) if d.kind == "cards"]
        if prompt.kind != "move_cards" or not cards:
            continue
        s2, _ = apply(s, prompt.seat, cards[0])
        places = [d for d in options(s2, prompt.seat)
                  if d.kind == "place" and d.args["field"] not in s2.loot]
        if places:
            return seed, mover, steps, cards[0], places[0]
    raise AssertionError("no seed with a follow-up move")


async def click_label(double: DiscordDouble, user: str, message: Message, label: str):
    """Click the option showing `label` (a button, or a value of a select menu)."""
    message = double.message(message.id)
    labels = option_labels(message)
    assert label in labels, f"{label!r} not offered; offered: {labels}"
    return await click_choice(double, user, message, (label,))


def action_seed(players: int = 3, after: int = 0) -> int:
    """A seed whose epoch 1 asks nobody anything before the first turn (no people effect)."""
    for seed in range(after + 1, after + 300):
        if pending(new_game(players, seed))[0].kind == "action":
            return seed
    raise AssertionError("no such seed")


class Records(logging.Handler):
    """Every record of the bot's logger, so tests can check what the logs hold."""

    def __init__(self) -> None:
        super().__init__(logging.INFO)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)

    @property
    def errors(self) -> list[logging.LogRecord]:
        return [r for r in self.records if r.levelno >= logging.ERROR]


@contextlib.contextmanager
def bot_log_records() -> Iterator[Records]:
    """Collect the "agora" logger's records (at INFO and above) for the duration."""
    handler = Records()
    logger = logging.getLogger("agora")
    level = logger.level
    logger.setLevel(logging.INFO)
    logger.addHandler(handler)
    try:
        yield handler
    finally:
        logger.removeHandler(handler)
        logger.setLevel(level)


# --- the bot as a real process -------------------------------------------------------------------

class BotProcess:
    """`agora run ARGS` as a real process against the double (or `code`, the Python it runs
    instead: a test game registered first), with more settings in `env`; its JSON log lines
    are collected from standard error."""

    def __init__(self, double: DiscordDouble, db: Path | str, *, code: str | None = None,
                 args: tuple[str, ...] = (), env: dict[str, str] | None = None,
                 prefix: tuple[str, ...] = ()) -> None:
        self.double = double
        self.prefix = prefix  # a command the bot runs under, e.g. ("unshare", "--fork", ...)
        self.db = db
        self.code = code or (f"from bot.cli import main; "
                             f"raise SystemExit(main({['run', *args]!r}))")
        self.env = env or {}
        self.proc: asyncio.subprocess.Process | None = None
        self.lines: list[dict[str, Any]] = []
        self.other: list[str] = []  # anything that is not a JSON log line (a traceback)
        self._reader: asyncio.Task[None] | None = None

    async def start(self, timeout: float = 30.0) -> None:
        env = {k: v for k, v in os.environ.items() if not k.startswith(("AGORA_", "DISCORD_"))}
        env.update(DISCORD_TOKEN=self.double.token, DISCORD_API_BASE=self.double.api_base,
                   AGORA_DB=str(self.db), AGORA_AI_DELAY="0",
                   PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT),
                                                            os.environ.get("PYTHONPATH")])))
        env.update(self.env)
        self.proc = await asyncio.create_subprocess_exec(
            *self.prefix, sys.executable, "-c", self.code, cwd=ROOT, env=env,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        self._reader = asyncio.create_task(self._read())
        await self.double.wait_until(
            lambda: self.logged("ready") or self.proc.returncode is not None,
            timeout=timeout, what="the bot process reports ready")
        assert self.proc.returncode is None, f"the bot process ended: {self.other[-20:]}"

    async def _read(self) -> None:
        assert self.proc is not None and self.proc.stderr is not None
        async for raw in self.proc.stderr:
            text = raw.decode(errors="replace").rstrip("\n")
            try:
                line = json.loads(text)
            except ValueError:
                line = None
            if isinstance(line, dict):
                self.lines.append(line)
            elif text:
                self.other.append(text)

    def logged(self, event: str) -> list[dict[str, Any]]:
        return [line for line in self.lines if line.get("event") == event]

    @property
    def errors(self) -> list[Any]:
        return [x for x in self.lines if x.get("level") in ("error", "critical")] + self.other

    def bot_pid(self) -> int:
        """The bot's own process id: under a prefix (`unshare --fork`), the prefix's child."""
        assert self.proc is not None
        if not self.prefix:
            return self.proc.pid
        children = Path(f"/proc/{self.proc.pid}/task/{self.proc.pid}/children").read_text()
        return int(children.split()[0])

    async def signal_and_wait(self, sig: int, timeout: float) -> int:
        """Send `sig` to the bot itself and wait for the process to end (TimeoutError if it
        does not within `timeout` seconds); its exit code."""
        assert self.proc is not None
        os.kill(self.bot_pid(), sig)
        code = await asyncio.wait_for(self.proc.wait(), timeout)
        if self._reader is not None:
            with contextlib.suppress(asyncio.CancelledError):
                await asyncio.wait_for(self._reader, 5)
        return code

    async def kill(self) -> int:
        """SIGKILL, to this process only: no shutdown code of the bot runs."""
        if self.proc is None:
            return 0
        if self.proc.returncode is None:
            self.proc.send_signal(signal.SIGKILL)
        code = await self.proc.wait()
        if self._reader is not None:
            with contextlib.suppress(asyncio.CancelledError):
                await asyncio.wait_for(self._reader, 5)
        return code


async def quiet(d: DiscordDouble, seconds: float = 0.5, timeout: float = 10.0) -> None:
    """Wait until the bot has made no request to the double for `seconds` (its publishing after
    a commit runs in the background, perhaps in another process)."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    count, since = len(d.requests), loop.time()
    while loop.time() < end:
        await asyncio.sleep(0.05)
        if len(d.requests) != count:
            count, since = len(d.requests), loop.time()
        elif loop.time() - since >= seconds:
            return
    raise AssertionError("the bot never went quiet")
