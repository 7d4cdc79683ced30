"""`agora play pantheon`: a whole game in the terminal, human seats against AI seats.

Human seats answer numbered menus (labels from engine.pantheon.text.describe) or type the turn
notation (engine.pantheon.notation). AI seats play by themselves and each of their decisions is
printed as one line. After every turn the public board picture is written to a folder. A hand
is printed only to the seat whose decision it is, after a line saying whose turn it is (several
people may share one terminal). End of input stops the game cleanly (exit code 0).
"""

from __future__ import annotations

import random
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO

from data.i18n import t
from data.pantheon import COMPONENTS
from engine.core import Event, IllegalDecision
from engine.pantheon import apply, new_game, options, pending, result, view
from engine.pantheon.ai import choose
from engine.pantheon.game import start_events
from engine.pantheon.state import State

COLUMNS = 3  # menu entries per line


class Stop(Exception):
    """The player ended the session (quit or end of input)."""


class Pictures:
    """Writes the public board picture after every turn; the renderer is imported lazily so
    the terminal game still works (text only) when it is missing or broken."""

    def __init__(self, folder: Path, out: Callable[[str], None]) -> None:
        self.folder = folder
        self.out = out
        self.count = 0
        self.render: Callable[[Any], bytes] | None = None
        self.disabled: str | None = None
        try:
            from render.pantheon import board_png
            self.render = board_png
        except Exception as exc:  # any import problem: play on without pictures
            self.disable(exc)

    def disable(self, exc: BaseException) -> None:
        self.disabled = f"{type(exc).__name__}: {exc}"
        self.out(t("offline.no_pictures", reason=self.disabled))

    def save(self, s: State) -> str | None:
        if self.render is None or self.disabled:
            return None
        self.count += 1
        name = f"board-{self.count:03d}-epoch{max(s.epoch, 1)}.png"
        try:
            data = self.render(view(s, None))  # the public view only: no hand, no demigods
            (self.folder / name).write_bytes(data)
        except Exception as exc:  # a drawing bug must not end the game
            self.disable(exc)
            return None
        (self.folder / "board-latest.png").write_bytes(data)
        return name


class Session:
    def __init__(self, args: Any, stdin: TextIO, stdout: TextIO) -> None:
        self.stdin = stdin
        self.interactive = bool(getattr(stdin, "isatty", lambda: False)())
        self.stdout = stdout
        self.level = getattr(args, "level", None) or "normal"
        self.seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**6)
        n, ai = args.players, args.ai
        self.humans = list(range(n - ai))
        self.ai = {seat: random.Random(self.seed * 101 + seat) for seat in range(n - ai, n)}
        self.names = [t("offline.human_name", n=i + 1) if len(self.humans) > 1
                      else t("offline.you_name") for i in self.humans]
        self.names += [t("offline.ai_name", n=i + 1, level=self.level) for i in range(ai)]
        self.state = new_game(self.names, self.seed)
        folder = Path(args.out) if args.out else Path(
            tempfile.mkdtemp(prefix=f"agora-play-{self.seed}-"))
        self.pictures_on = getattr(args, "pictures", True)
        self.folder = folder
        self.pictures: Pictures | None = None
        # private events are shown only when one person plays all human seats
        self.viewer = self.humans[0] if len(self.humans) == 1 else None
        self.last_turn_seat: int | None = None

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

    def events(self, events: list[Event], prefix: str = "") -> None:
        from engine.pantheon.text import event_text

        lines = [x for x in (event_text(e, self.names, self.viewer) for e in events) if x]
        if lines:
            self.say(prefix + " ".join(lines))
        if any(e.template in ("turn", "game_over", "epoch_end") for e in events):
            self.picture()

    def picture(self) -> None:
        if self.pictures is not None:
            name = self.pictures.save(self.state)
            if name:
                self.say(t("offline.picture_saved", file=name))

    # --- the game -----------------------------------------------------------------------------

    def run(self) -> int:
        n = len(self.names)
        self.say(t("offline.start", players=n, humans=len(self.humans), ai=len(self.ai),
                   level=self.level, seed=self.seed))
        self.say(t("offline.seats", seats=", ".join(
            f"{nm} ({t(f'render.colour.{p.colour}')})"
            for nm, p in zip(self.names, self.state.players, strict=True))))
        if self.pictures_on:
            self.folder.mkdir(parents=True, exist_ok=True)
            self.say(t("offline.pictures", path=str(self.folder.resolve())))
            self.pictures = Pictures(self.folder, self.say)
        self.say(t("offline.help_short"))
        self.events(start_events(self.state))
        self.picture()
        try:
            while True:
                prompts = pending(self.state)
                if not prompts:
                    break
                seat = prompts[0].seat
                if seat in self.ai:
                    self.ai_step(seat)
                else:
                    self.human_step(seat)
        except Stop as stop:
            key = "offline.eof" if str(stop) == "eof" else "offline.quit"
            self.say("")
            self.say(t(key, seed=self.seed, decisions=self.state.decisions))
            return 0
        self.final()
        return 0

    def ai_step(self, seat: int) -> None:
        d = choose(self.state, seat, self.level, self.ai[seat])
        self.state, events = apply(self.state, seat, d)
        self.last_turn_seat = None  # the next human prompt starts with the table again
        self.events(events, prefix="  ")

    def human_step(self, seat: int) -> None:
        from engine.pantheon.text import describe

        s = self.state
        opts = options(s, seat)
        prompt = pending(s)[0]
        if self.last_turn_seat != seat or len(self.humans) > 1:
            # say whose decision it is before anything private is printed
            self.say("")
            self.say(t("offline.turn_of", name=self.names[seat],
                       colour=t(f"render.colour.{s.players[seat].colour}")))
            self.status(seat)
        self.last_turn_seat = seat
        self.say(t("offline.waiting", text=prompt.args.get("text", prompt.kind)))
        self.menu([describe(d) for d in opts])
        while True:
            line = self.read(t("offline.prompt"))
            if not line:
                continue
            word = line.lower()
            if word in ("quit", "exit"):
                raise Stop("quit")
            if word in ("help", "?"):
                self.say(t("offline.help"))
                continue
            if word in ("status", "hand"):
                self.status(seat)
                continue
            if word in ("options", "menu"):
                self.menu([describe(d) for d in opts])
                continue
            if word == "hint":
                self.say(t("offline.hint", label=describe(choose(s, seat, "normal"))))
                continue
            if line.isdigit():
                k = int(line)
                if not 1 <= k <= len(opts):
                    self.say(t("offline.bad_number", n=len(opts)))
                    continue
                if self.try_apply(seat, lambda st, k=k: apply(st, seat, opts[k - 1])):
                    return
                continue
            if self.try_notation(seat, line):
                return

    def try_notation(self, seat: int, line: str) -> bool:
        try:
            from engine.pantheon.notation import apply_text
        except ImportError as exc:
            self.say(t("offline.no_notation", reason=str(exc)))
            return False
        return self.try_apply(seat, lambda st: apply_text(st, seat, line))

    def try_apply(self, seat: int, fn: Callable[[State], tuple[State, list[Event]]]) -> bool:
        try:
            self.state, events = fn(self.state)
        except IllegalDecision as exc:
            self.say(t("offline.illegal", message=exc.text))
            return False
        self.events(events, prefix="  ")
        return True

    def menu(self, labels: list[str]) -> None:
        items = [f"{i:>3}. {label}" for i, label in enumerate(labels, 1)]
        width = max(len(x) for x in items) + 2
        for row in range(0, len(items), COLUMNS):
            self.say("".join(x.ljust(width) for x in items[row:row + COLUMNS]).rstrip())

    def status(self, seat: int) -> None:
        """The public table, then this seat's private hand (P-GAP-HIDDEN: only its own)."""
        v = view(self.state, seat)
        people = t(f"people.{v.people}") if v.people else "-"
        self.say(t("offline.table", epoch=v.epoch, people=people, temple=v.temple or "-",
                   loot=", ".join(f"{f} {t(f'loot.{x}')}" for f, x in sorted(v.loot.items()))
                   or "-",
                   gods=", ".join(COMPONENTS.gods[g].name for g in v.god_display) or "-",
                   pool=", ".join(map(str, v.demigod_pool)) or "-",
                   display=", ".join(t(f"card.{c}") for c in v.display if c) or "-"))
        self.say(t("offline.scores", scores=", ".join(
            f"{p.name} {p.score}" for p in v.players)))
        me = v.players[seat]
        tiles = ", ".join(f"{t(f'kind.{k}')} {lv}" for k, lv in sorted(me.tiles.items())) or "-"
        gods = ", ".join(COMPONENTS.gods[g].name for g in me.gods) or "-"
        self.say(t("offline.you", feet=me.supply["foot"], columns=me.supply["column"],
                   tiles=tiles, gods=gods, steps=me.steps,
                   demigods=", ".join(map(str, me.demigods or [])) or "-"))
        hand = me.hand or {}
        cards = ", ".join(f"{n}× {t(f'card.{c}')}" for c, n in sorted(hand.items()))
        self.say(t("offline.hand", cards=cards) if cards else t("offline.hand_empty"))

    def final(self) -> None:
        res = result(self.state)
        assert res is not None
        self.say("")
        self.say(t("offline.final"))
        for seat, score in sorted(enumerate(res["scores"]), key=lambda x: -x[1]):
            self.say(t("offline.final_line", name=self.names[seat], score=score,
                       demigods=res["demigods"][seat]))
        self.say(t("offline.winners", names=", ".join(self.names[w] for w in res["winners"])))
        if res["tie_break"]:
            self.say(t("offline.tie_break"))
        if self.pictures is not None and self.pictures.count:
            self.say(t("offline.pictures", path=str(self.folder.resolve())))


def check_args(args: Any) -> str | None:
    if not 2 <= args.players <= 4:
        return t("offline.bad_players", n=args.players)
    if not 0 <= args.ai <= args.players:
        return t("offline.bad_ai", ai=args.ai, players=args.players)
    if getattr(args, "level", None) not in (None, "easy", "normal"):
        return t("offline.bad_level", level=args.level)
    return None


def main(args: Any, stdin: TextIO | None = None, stdout: TextIO | None = None) -> int:
    """Entry point of `agora play pantheon` (bot/cli.py parses the arguments)."""
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
        session.say(t("offline.quit", seed=session.seed, decisions=session.state.decisions))
        return 0
    except BrokenPipeError:
        return 0  # the reader went away (e.g. piped into head): nothing more to say


__all__ = ["main"]
