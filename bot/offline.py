"""`agora play <game>`: a whole game in the terminal, human seats against AI seats, for any
game in engine.registry.

Human seats answer numbered menus (the game's `options` labelled by its `describe`) or, when
the game offers the optional `parse_notation(state, seat, text)` hook, type a whole turn in its
text notation (applied atomically: all of it or nothing). AI seats play through the game's AI
part and each of their decisions is printed as log lines. After every turn (the game's
`post_boundaries` events) the public board picture from its render part is written to a folder.

Several seats may be pending at once (a secret choice every player makes): they are asked one at
a time in seat order, AI seats answering by themselves. A hand is printed only to the seat whose
decision it is, after a line naming that seat (several people may share one terminal); private
log lines are shown only when one person plays every human seat. End of input stops the game
cleanly (exit code 0).
"""

from __future__ import annotations

import random
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO

from data.i18n import t
from engine import registry
from engine.core import Decision, Event, IllegalDecision, Prompt

COLUMNS = 3  # menu entries per line


class Stop(Exception):
    """The player ended the session (quit or end of input)."""


def colour_name(game_id: str, colour: str) -> str:
    """A seat colour in words: the host's name for it, else the game's, else the colour id."""
    for key in (f"bot.colour.{colour}", f"{game_id}.render.colour.{colour}"):
        text = t(key)
        if text != key:
            return text
    return colour


class Pictures:
    """Writes the public board picture after every turn; the game's render part is imported
    lazily so the terminal game still works (text only) when it is missing or broken."""

    def __init__(self, game_id: str, folder: Path, out: Callable[[str], None]) -> None:
        self.folder = folder
        self.out = out
        self.count = 0
        self.render: Callable[[Any], bytes] | None = None
        self.disabled: str | None = None
        try:
            self.render = registry.part(game_id, "render").board_png
        except Exception as exc:  # any import problem: play on without pictures
            self.disable(exc)

    def disable(self, exc: BaseException) -> None:
        self.disabled = f"{type(exc).__name__}: {exc}"
        self.out(t("offline.no_pictures", reason=self.disabled))

    def save(self, public_view: Any) -> str | None:
        if self.render is None or self.disabled:
            return None
        self.count += 1
        name = f"board-{self.count:03d}.png"
        try:
            data = self.render(public_view)  # the spectator's view only: nothing private
            (self.folder / name).write_bytes(data)
        except Exception as exc:  # a drawing bug must not end the game
            self.disable(exc)
            return None
        (self.folder / "board-latest.png").write_bytes(data)
        return name


class Session:
    def __init__(self, args: Any, stdin: TextIO, stdout: TextIO) -> None:
        self.game = args.game
        self.rules = registry.rules(self.game)
        self.info = self.rules.INFO
        self.stdin = stdin
        self.interactive = bool(getattr(stdin, "isatty", lambda: False)())
        self.stdout = stdout
        levels = self.info.ai_levels
        self.level = getattr(args, "level", None) or (levels[-1] if levels else "-")
        self.seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**6)
        n, ai = args.players, args.ai
        self.humans = list(range(n - ai))
        self.ai = {seat: random.Random(self.seed * 101 + seat) for seat in range(n - ai, n)}
        self.ai_part: Any = None
        if self.ai:
            self.ai_part = registry.part(self.game, "ai")
        self.names = [t("offline.human_name", n=i + 1) if len(self.humans) > 1
                      else t("offline.you_name") for i in self.humans]
        self.names += [t("offline.ai_name", n=i + 1, level=self.level) for i in range(ai)]
        self.state = self.rules.new_game(self.names, self.seed)
        self.played = 0  # decisions taken at this terminal or by the AI seats
        self.parse = getattr(self.rules, "parse_notation", None)
        folder = Path(args.out) if args.out else Path(
            tempfile.mkdtemp(prefix=f"agora-play-{self.game}-{self.seed}-"))
        self.pictures_on = getattr(args, "pictures", True)
        self.folder = folder
        self.pictures: Pictures | None = None
        # private events are shown only when one person plays all human seats
        self.viewer = self.humans[0] if len(self.humans) == 1 else None
        self.last_turn_seat: int | None = None
        self.last_awaited: tuple[int, ...] = ()

    # --- output -------------------------------------------------------------------------------

    def say(self, text: str = "") -> None:
        self.stdout.write(text + "\n")
        self.stdout.flush()

    def read(self, prompt: str) -> str:
        self.stdout.write(prompt)
        self.stdout.flush()
        line = self.stdin.readline()
        if not line:
            raise Stop("eof")
        if not self.interactive:
            self.stdout.write(line if line.endswith("\n") else line + "\n")  # echo a script
        return line.strip()

    def colour(self, seat: int) -> str:
        return colour_name(self.game, self.info.colours[seat])

    def events(self, events: list[Event], prefix: str = "", picture: bool = True) -> None:
        lines = [x for x in (self.rules.event_text(e, self.names, self.viewer) for e in events)
                 if x]
        if lines:
            self.say(prefix + " ".join(lines))
        if picture and any(e.template in self.rules.post_boundaries for e in events):
            self.picture()

    def picture(self) -> None:
        if self.pictures is not None:
            name = self.pictures.save(self.rules.view(self.state, None))
            if name:
                self.say(t("offline.picture_saved", file=name))

    # --- the game -----------------------------------------------------------------------------

    def run(self) -> int:
        n = len(self.names)
        self.say(t("offline.start_game", game=self.info.name, players=n,
                   humans=len(self.humans), ai=len(self.ai), level=self.level, seed=self.seed))
        self.say(t("offline.seats", seats=", ".join(
            f"{name} ({self.colour(seat)})" for seat, name in enumerate(self.names))))
        if self.pictures_on:
            self.folder.mkdir(parents=True, exist_ok=True)
            self.say(t("offline.pictures", path=str(self.folder.resolve())))
            self.pictures = Pictures(self.game, self.folder, self.say)
        self.say(t("offline.help_short") if self.parse else t("offline.help_short_numbers"))
        self.events(self.rules.start_events(self.state), picture=False)
        self.picture()
        try:
            while True:
                prompts = self.rules.pending(self.state)
                if not prompts:
                    break
                self.step(prompts)
        except Stop as stop:
            key = "offline.eof" if str(stop) == "eof" else "offline.quit"
            self.say("")
            self.say(t(key, seed=self.seed, decisions=self.played))
            return 0
        self.final()
        return 0

    def step(self, prompts: list[Prompt]) -> None:
        """One decision of the first pending seat in seat order. When several seats are
        pending, the others are asked on the next steps (while they are still pending)."""
        awaited = tuple(sorted({p.seat for p in prompts}))
        if len(awaited) > 1 and awaited != self.last_awaited:
            self.say("")
            self.say(t("offline.several", names=", ".join(self.names[s] for s in awaited)))
        self.last_awaited = awaited
        seat = awaited[0]
        prompt = next(p for p in prompts if p.seat == seat)
        if seat in self.ai:
            self.ai_step(seat)
        else:
            self.human_step(seat, prompt)

    def ai_step(self, seat: int) -> None:
        d = self.ai_part.choose(self.state, seat, self.level, self.ai[seat])
        self.state, events = self.rules.apply(self.state, seat, d)
        self.played += 1
        self.last_turn_seat = None  # the next human prompt starts with the table again
        self.events(events, prefix="  ")

    def human_step(self, seat: int, prompt: Prompt) -> None:
        s = self.state
        opts = self.rules.options(s, seat)
        if self.last_turn_seat != seat or len(self.humans) > 1:
            # say whose decision it is before anything private is printed
            self.say("")
            self.say(t("offline.turn_of", name=self.names[seat], colour=self.colour(seat)))
            self.status(seat)
        self.last_turn_seat = seat
        self.say(t("offline.waiting", text=self.rules.prompt_text(s, prompt)))
        self.menu(opts)
        while True:
            line = self.read(t("offline.prompt"))
            if not line:
                continue
            word = line.lower()
            if word in ("quit", "exit"):
                raise Stop("quit")
            if word in ("help", "?"):
                self.help()
                continue
            if word in ("status", "hand"):
                self.status(seat)
                continue
            if word in ("options", "menu"):
                self.menu(opts)
                continue
            if word == "hint":
                self.hint(seat)
                continue
            if line.isdigit():
                k = int(line)
                if not 1 <= k <= len(opts):
                    self.say(t("offline.bad_number", n=len(opts)))
                    continue
                if self.try_apply(seat, [opts[k - 1]]):
                    return
                continue
            if self.try_notation(seat, line):
                return

    def try_notation(self, seat: int, line: str) -> bool:
        if self.parse is None:
            self.say(t("offline.no_notation_game", game=self.info.name))
            return False
        try:
            decisions = self.parse(self.state, seat, line)
        except IllegalDecision as exc:
            self.say(t("offline.illegal", message=exc.text))
            return False
        return self.try_apply(seat, decisions)

    def try_apply(self, seat: int, decisions: list[Decision]) -> bool:
        """Apply the decisions atomically (all or none) and print their events."""
        state, events = self.state, []
        try:
            for i, d in enumerate(decisions):
                # the first apply copies the state, the rest work on that copy
                state, ev = self.rules.apply(state, seat, d, in_place=i > 0)
                events += ev
        except IllegalDecision as exc:
            self.say(t("offline.illegal", message=exc.text))
            return False
        self.state = state
        self.played += len(decisions)
        self.events(events, prefix="  ")
        return True

    def hint(self, seat: int) -> None:
        levels = self.info.ai_levels
        try:
            ai = self.ai_part or registry.part(self.game, "ai")
        except LookupError:
            ai = None
        if ai is None or not levels:
            self.say(t("offline.no_hint", game=self.info.name))
            return
        d = ai.choose(self.state, seat, levels[-1], random.Random(self.seed))
        self.say(t("offline.hint", label=self.rules.describe(d)))

    def help(self) -> None:
        """The answers every game takes, then the game's own words on its notation: its
        `<id>.offline.notation` text if it has one, else its `notation` rules topic (without
        the chat markup)."""
        self.say(t("offline.help_game"))
        if self.parse is None:
            return
        self.say(t("offline.help_notation", game=self.info.name))
        for key in (f"{self.game}.offline.notation", f"{self.game}.rules.notation"):
            text = t(key)
            if text != key:
                self.say(text.replace("**", "").replace("`", ""))
                return

    def menu(self, opts: list[Decision]) -> None:
        labels = [self.rules.describe(d) for d in opts]
        items = [f"{i:>3}. {label}" for i, label in enumerate(labels, 1)]
        width = max((len(x) for x in items), default=0) + 2
        for row in range(0, len(items), COLUMNS):
            self.say("".join(x.ljust(width) for x in items[row:row + COLUMNS]).rstrip())

    def status(self, seat: int) -> None:
        """The public table from the seat's view, then that seat's private hand (only its
        own: the view of `seat` holds no other hand)."""
        v = self.rules.view(self.state, seat)
        table = getattr(self.rules, "table_lines", None)  # optional: a fuller public table
        for line in table(v) if table else [self.rules.post_head(v)]:
            self.say(line)
        self.say(t("offline.scores", scores=", ".join(
            f"{name} {score}" for name, score in zip(self.names, self.rules.scores(v),
                                                      strict=True))))
        for other, line in enumerate(self.rules.status_lines(v)):
            self.say(t("offline.status_player", name=self.names[other],
                       colour=self.colour(other), line=line))
        self.say(t("offline.hand_head", name=self.names[seat]))
        for line in self.rules.hand_text(v, seat).splitlines():
            self.say("  " + line)

    def final(self) -> None:
        res = self.rules.result(self.state)
        assert res is not None
        self.say("")
        self.say(t("offline.final"))
        for line in self.rules.result_lines(res, self.names):
            self.say("  " + line)
        self.say(t("offline.winners", names=", ".join(self.names[w] for w in res["winners"])))
        if self.pictures is not None and self.pictures.count:
            self.say(t("offline.pictures", path=str(self.folder.resolve())))


def check_args(args: Any) -> str | None:
    if getattr(args, "game", None) not in registry.ids():
        return t("offline.bad_game", game=getattr(args, "game", None),
                 games=", ".join(registry.ids()))
    info = registry.info(args.game)
    if not info.min_players <= args.players <= info.max_players:
        return t("offline.bad_players_game", game=info.name, min=info.min_players,
                 max=info.max_players, n=args.players)
    if not 0 <= args.ai <= args.players:
        return t("offline.bad_ai", ai=args.ai, players=args.players)
    if args.ai and not info.ai_levels:
        return t("offline.no_ai", game=info.name)
    level = getattr(args, "level", None)
    if level is not None and level not in info.ai_levels:
        return t("offline.bad_level_game", level=level, game=info.name,
                 levels=", ".join(info.ai_levels))
    return None


def main(args: Any, stdin: TextIO | None = None, stdout: TextIO | None = None) -> int:
    """Entry point of `agora play <game>` (bot/cli.py parses the arguments)."""
    out = stdout or sys.stdout
    problem = check_args(args)
    if problem:
        print(problem, file=sys.stderr)
        return 2
    session = Session(args, stdin or sys.stdin, out)
    try:
        return session.run()
    except KeyboardInterrupt:
        session.say("")
        session.say(t("offline.quit", seed=session.seed, decisions=session.played))
        return 0
    except BrokenPipeError:
        return 0  # the reader went away (e.g. piped into head): nothing more to say


__all__ = ["main"]
