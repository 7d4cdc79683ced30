"""`agora play <game>`: a whole game in the terminal, human seats against AI seats, for any
game in engine.registry.

Human seats answer numbered menus (the game's `options` labelled by its `describe`) or, when
the game offers the optional `parse_notation(state, seat, text)` hook, type a whole turn in its
text notation (applied atomically: all of it or nothing). AI seats play through the game's AI
part and each of their decisions is printed as log lines. After every turn (the game's
`post_boundaries` events), and before a human seat decides whenever the game changed since,
the public board picture from its render part is written to a folder, with the game's extra
public pictures (`extra_pngs`, e.g. each player's own board: `player1.png`, ..., the latest
kept), and the deciding human seat's hand picture (`hand_png`) beside it whenever that hand
changed.

Several seats may be pending at once (a secret choice every player makes): they are asked one at
a time in seat order, AI seats answering by themselves. A hand is printed only to the seat whose
decision it is, after a line naming that seat (several people may share one terminal); private
log lines are shown only when one person plays every human seat. End of input stops the game
cleanly (exit code 0).

Besides a decision a human may type `rules [topic]` (the game's `<id>.rules.<topic>` summaries),
`undo` (the Discord policy: only your own steps since your last prompt, never past a step that
revealed hidden information (`reveals`), never another seat's or an AI's decision), `status`,
`options`, `hint`, `help` and `quit`.

The game's own options are given as `--option KEY=VALUE` (bot/cli.py checks them against the
game's OptionSpecs, as the Discord lobby does); they are saved with the game, and a resumed game
keeps them (`--option` with `--resume` is refused rather than ignored).

The game is saved after every decision (to `--save FILE`, else `game.json` in the pictures
folder, `game-2.json` if that one holds another game) and `agora play --resume FILE` continues
it exactly; an existing `--save FILE` is never overwritten (the game is refused). Without
`--out` the pictures folder is a new one under `$XDG_DATA_HOME/agora/play/` (by default
`~/.local/share/agora/play/`), which a reboot keeps. The save file is small JSON:

    {"format": "agora-offline-save", "version": 1, "game": "pantheon", "seed": 11,
     "options": {},                          # new_game's engine options
     "seats": ["Player", "AI 1 (normal)"],   # names in seat order
     "humans": [0],                          # the seats played at the terminal; the rest are AI
     "level": "normal",                      # the AI level
     "pictures": "/home/.../agora/play/pantheon-11-..." | null,   # the pictures folder
     "decisions": [[0, {"kind": "action", "args": {"action": "move"}}], ...]}

The decisions are engine/record.py's [seat, decision] pairs; its record format itself holds
seeds and decisions only for finished games, so an unfinished game gets this file instead. An AI
seat's randomness is drawn from the seed, the seat and the decision number, so replaying the
decisions and playing on is the same game as one never interrupted.
"""

from __future__ import annotations

import json
import os
import random
import re
import sys
import tempfile
import textwrap
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

from data.i18n import t
from engine import registry
from engine.core import Decision, Event, IllegalDecision, Prompt
from engine.record import full_record, load_record, public_record
from engine.simulate import player_names

from ..host.kinds import kind
from .options import options_text

COLUMNS = 3  # menu entries per line, at most
WIDTH = 80  # the terminal's columns a menu line keeps within
SAVE_FORMAT = "agora-offline-save"
SAVE_VERSION = 1
SAVE_NAME = "game.json"
MARKUP = re.compile(r"\*\*|`")


class Stop(Exception):
    """The player ended the session (quit or end of input)."""


def colour_name(game_id: str, colour: str) -> str:
    """A seat colour in words: the host's name for it (`colour.<id>`, as the Discord posts say
    it), else the game's, else the colour id."""
    for key in (f"colour.{colour}", f"{game_id}.render.colour.{colour}"):
        text = t(key)
        if text != key:
            return text
    return colour


def level_name(level: str) -> str:
    """An AI level in words ("normal" is "normální" in Czech): the host's `bot.choice.level.<id>`,
    else the id as it is (a level the host has no name for, or "-" for none)."""
    key = f"bot.choice.level.{level}"
    text = t(key)
    return level if text == key else text


def is_number(line: str) -> bool:
    """A menu number: plain ASCII digits only ("²" is a digit to str.isdigit, not to int)."""
    return line.isascii() and line.isdigit()


def menu_lines(labels: list[str], width: int = WIDTH) -> list[str]:
    """The numbered menu in lines of at most `width` columns: up to COLUMNS entries a line
    while they fit, else one a line, a long label wrapped under its number."""
    items = [f"{i:>3}. {label}" for i, label in enumerate(labels, 1)]
    cell = max((len(x) for x in items), default=0) + 2
    columns = max(1, min(COLUMNS, (width + 2) // cell))
    if columns > 1:
        return ["".join(x.ljust(cell) for x in items[row:row + columns]).rstrip()
                for row in range(0, len(items), columns)]
    indent = " " * (len(items[-1]) - len(labels[-1]))
    return [line for item in items for line in textwrap.wrap(
        item, width, subsequent_indent=indent, break_on_hyphens=False)]


def readline_loaded() -> bool:
    """Load the standard library's `readline` (arrow keys, Ctrl-A/E, history for input());
    False where it is missing (e.g. Windows)."""
    try:
        import readline  # noqa: F401  (importing it is what switches input() over)
    except ImportError:
        return False
    return True


def data_home() -> Path:
    """Where the terminal keeps its games and pictures: `$XDG_DATA_HOME/agora`, else
    `~/.local/share/agora` (kept across reboots, unlike the system's temporary folder)."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "agora"


def new_folder(room: str, prefix: str) -> Path:
    """A new, empty folder under `data_home()/room` whose name starts with `prefix`."""
    parent = data_home() / room
    parent.mkdir(parents=True, exist_ok=True)
    return Path(tempfile.mkdtemp(prefix=prefix, dir=parent))


def free_name(path: Path) -> Path:
    """`path` if nothing is there yet, else the first free `<stem>-2<suffix>`, `-3`, ..."""
    candidate, n = path, 1
    while candidate.exists():
        n += 1
        candidate = path.with_name(f"{path.stem}-{n}{path.suffix}")
    return candidate


class Pictures:
    """Writes the public board picture after every turn and a human seat's hand picture beside
    it; the game's render part is imported lazily so the terminal game still works (text only)
    when it is missing or broken."""

    def __init__(self, game_id: str, folder: Path, out: Callable[[str], None]) -> None:
        self.folder = folder
        self.out = out
        self.count = max((int(m.group(1)) for f in folder.glob("board-*.png")
                          if (m := re.fullmatch(r"board-(\d+)\.png", f.name))), default=0)
        self.render: Callable[[Any], bytes] | None = None
        self.hand: Callable[[Any], bytes] | None = None
        self.extra: Callable[[Any], list[tuple[str, bytes]]] | None = None
        self.lookup: Callable[[str], bytes] | None = None
        self.disabled: str | None = None
        try:
            part = registry.part(game_id, "render")
            self.render = part.board_png
            self.hand = getattr(part, "hand_png", None)
            self.extra = getattr(part, "extra_pngs", None)
            self.lookup = getattr(part, "lookup_png", None)
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

    def save_extra(self, public_view: Any) -> list[str]:
        """The game's extra public pictures (each player's own board), drawn from the
        spectator's view like the board and written under their own names (the latest of
        each kept); the names written."""
        if self.extra is None or self.disabled:
            return []
        try:
            files = list(self.extra(public_view))
            for name, data in files:
                (self.folder / Path(name).name).write_bytes(data)
        except Exception as exc:  # a drawing bug must not end the game
            self.disable(exc)
            return []
        return [Path(name).name for name, _ in files]

    def save_lookup(self, value: str) -> str | None:
        """A looked-up piece drawn large (the render part's optional `lookup_png`)."""
        if self.lookup is None or self.disabled:
            return None
        name = f"card-{re.sub(r'[^a-z0-9_]', '_', value.lower())}.png"
        try:
            (self.folder / name).write_bytes(self.lookup(value))
        except Exception as exc:  # a drawing bug must not end the game
            self.disable(exc)
            return None
        return name

    def save_hand(self, seat_view: Any, name: str) -> str | None:
        """The hand picture of the seat whose view this is (the caller passes only the view of
        the human seat deciding now)."""
        if self.hand is None or self.disabled:
            return None
        try:
            (self.folder / name).write_bytes(self.hand(seat_view))
        except Exception as exc:
            self.disable(exc)
            return None
        return name


@dataclass
class UndoEntry:
    """One answer of a human seat: the state before it and what it did."""

    seat: int
    before: Any
    decisions: list[Decision]
    logged: int  # len(log) before the answer
    holder: tuple[int, str] | None  # who held the turn before the answer


class SaveError(ValueError):
    """A save file that cannot be resumed; the message is fit to print."""


def load_save(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise SaveError(str(exc)) from None
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise SaveError(t("offline.save.not_json", error=str(exc))) from None
    return check_save(data)


def check_save(data: Any) -> dict[str, Any]:
    """The checks of `load_save` on already parsed JSON (SaveError, fit to print)."""
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise SaveError(t("offline.save.not_a_save", format=SAVE_FORMAT))
    if data.get("version") != SAVE_VERSION:
        raise SaveError(t("offline.save.version", version=repr(data.get("version")),
                          reads=SAVE_VERSION))
    game = data.get("game")
    if game not in registry.ids():
        raise SaveError(t("core.record.unknown_game", game=repr(game),
                          games=", ".join(registry.ids())))
    info = registry.info(game)
    seats, humans = data.get("seats"), data.get("humans")
    if (not isinstance(seats, list) or not all(isinstance(x, str) for x in seats)
            or not info.min_players <= len(seats) <= info.max_players):
        raise SaveError(t("offline.save.seats", min=info.min_players, max=info.max_players))
    if (not isinstance(humans, list) or any(type(h) is not int or not 0 <= h < len(seats)
                                            for h in humans)):
        raise SaveError(t("offline.save.humans"))
    if len(humans) < len(seats) and data.get("level") not in info.ai_levels:
        raise SaveError(t("offline.save.level", levels=", ".join(info.ai_levels) or "-"))
    if type(data.get("seed")) is not int or not isinstance(data.get("options", {}), dict):
        raise SaveError(t("offline.save.seed"))
    try:
        info.check_options(data.get("options", {}))
    except IllegalDecision as exc:
        raise SaveError(t("core.record.bad_options", error=str(exc))) from None
    decisions = data.get("decisions")
    if not isinstance(decisions, list) or not all(
            isinstance(x, list) and len(x) == 2 and type(x[0]) is int and isinstance(x[1], dict)
            for x in decisions):
        raise SaveError(t("core.record.bad_decisions"))
    return data


def save_record(data: dict[str, Any]) -> dict[str, Any]:
    """A checked save as a game record (engine/record.py), for `agora replay` and `agora
    verify`: the full record of a finished game, else the public record of a game in play
    (its log and public events). ValueError, fit to print, for a decision that does not
    apply."""
    game, names, options = data["game"], list(data["seats"]), dict(data.get("options", {}))
    title = t("offline.save.title", game=registry.info(game).name, seed=data["seed"])
    rules = registry.rules(game)
    state = rules.new_game(names, data["seed"], options)
    entries = [rules.start_events(state)]
    pairs = data["decisions"]
    for i, (seat, dj) in enumerate(pairs, 1):
        try:
            state, events = rules.apply(state, seat, Decision.from_json(dj), in_place=True)
        except IllegalDecision as exc:
            raise ValueError(t("offline.save.not_applied", i=i, n=len(pairs),
                               error=str(exc))) from None
        entries.append(events)
    if rules.result(state) is None:
        return public_record(game, names, options, "playing", title, entries)
    return full_record(game, names, options, data["seed"], pairs, title)


def read_record(text: str) -> dict[str, Any]:
    """A game record from the text of a record or of a terminal save (`save_record`);
    ValueError with a message fit to print otherwise."""
    try:
        data = json.loads(text)
    except ValueError:
        data = None  # load_record says what is wrong
    if isinstance(data, dict) and data.get("format") == SAVE_FORMAT:
        try:
            return save_record(check_save(data))
        except SaveError as exc:
            raise ValueError(str(exc)) from None
    return load_record(text)


class Session:
    def __init__(self, args: Any, stdin: TextIO, stdout: TextIO,
                 saved: dict[str, Any] | None = None, saved_from: Path | None = None) -> None:
        self.game = saved["game"] if saved else args.game
        self.rules = registry.rules(self.game)
        self.info = self.rules.INFO
        self.stdin = stdin
        self.interactive = bool(getattr(stdin, "isatty", lambda: False)())
        self.stdout = stdout
        # line editing and history at a terminal (input() with readline); a script is read as
        # it is
        self.line_editing = (self.interactive and stdin is sys.stdin and stdout is sys.stdout
                             and readline_loaded())
        if saved:
            self.seed = saved["seed"]
            self.names = list(saved["seats"])
            self.humans = sorted(set(saved["humans"]))
            self.level = saved.get("level") or "-"
            self.engine_options = dict(saved.get("options", {}))
            out = getattr(args, "out", None) or saved.get("pictures")
        else:
            self.seed = (args.seed if args.seed is not None
                         else random.SystemRandom().randrange(10**6))
            n, ai = args.players, args.ai
            self.humans = list(range(n - ai))
            self.level = getattr(args, "level", None) or self.info.default_level or "-"
            self.names = [t("offline.human_name", n=i + 1) if len(self.humans) > 1
                          else t("offline.you_name") for i in self.humans]
            self.names += [t("offline.ai_name", n=i + 1, level=level_name(self.level))
                           for i in range(ai)]
            # the `--option` pairs, checked by bot/cli.py as the lobby checks its options
            self.engine_options = dict(getattr(args, "options", None) or {})
            out = getattr(args, "out", None)
        self.ai = [seat for seat in range(len(self.names)) if seat not in self.humans]
        self.ai_part: Any = registry.part(self.game, "ai") if self.ai else None
        try:
            self.state = self.rules.new_game(self.names, self.seed, self.engine_options)
        except IllegalDecision as exc:  # a saved option the seats do not allow
            if not saved:
                raise
            raise SaveError(t("core.record.bad_options", error=exc.text)) from None
        self.log: list[tuple[int, Decision]] = []  # every decision since the start
        self.parse = getattr(self.rules, "parse_notation", None)
        self._folder = Path(out) if out else None
        self.pictures_on = getattr(args, "pictures", True)
        self.pictures: Pictures | None = None
        save = getattr(args, "save", None)
        self.save_path: Path | None = (
            None if save is False else Path(save) if save else saved_from)
        self.saving = save is not False
        # private events are shown only when one person plays all human seats
        self.viewer = self.humans[0] if len(self.humans) == 1 else None
        self.last_turn_seat: int | None = None
        self.last_awaited: tuple[int, ...] = ()
        self.undo_stack: list[UndoEntry] = []
        self.undo_block = "none"  # why the stack is empty: none, hidden or other
        self.last_actor: int | None = None
        self.turn_holder: tuple[int, str] | None = None  # (seat, what it did) this turn
        self.hand_signatures: dict[int, str] = {}
        self.changes = 0  # how often the state changed (a decision or an undo)
        self.drawn = 0  # `changes` when the board picture was last drawn
        if saved:
            self.replay(saved["decisions"])

    @property
    def folder(self) -> Path:
        """The pictures folder (and the default save folder), made on first use: a new folder
        under `data_home()/play`, which a reboot keeps."""
        if self._folder is None:
            self._folder = new_folder("play", f"{self.game}-{self.seed}-")
        return self._folder

    # --- output -------------------------------------------------------------------------------

    def say(self, text: str = "") -> None:
        self.stdout.write(text + "\n")
        self.stdout.flush()

    def read(self, prompt: str) -> str:
        if self.line_editing:
            try:
                return input(prompt).strip()
            except EOFError:
                raise Stop("eof") from None
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
        if picture and self.boundary(events):
            self.picture()

    def boundary(self, events: list[Event]) -> bool:
        return any(e.template in self.rules.post_boundaries for e in events)

    def picture(self) -> None:
        self.drawn = self.changes
        if self.pictures is not None:
            public = self.rules.view(self.state, None)
            name = self.pictures.save(public)
            if name:
                self.say(t("offline.picture_saved", file=name))
                extra = self.pictures.save_extra(public)
                if extra:
                    self.say(t("offline.extra_saved", files=", ".join(extra)))

    def hand_picture(self, seat: int) -> None:
        """The deciding human seat's hand picture, written again whenever that hand changed."""
        if self.pictures is None:
            return
        signature = self.rules.hand_signature(self.state, seat)
        if self.hand_signatures.get(seat) == signature:
            return
        name = self.pictures.save_hand(self.rules.view(self.state, seat),
                                       f"hand-{self.info.colours[seat]}.png")
        if name:
            self.hand_signatures[seat] = signature
            self.say(t("offline.hand_picture", name=self.names[seat], file=name))

    # --- saving -------------------------------------------------------------------------------

    def save(self) -> None:
        """Write the save file (atomically: a crash mid-write keeps the previous one)."""
        if not self.saving:
            return
        if self.save_path is None:
            self.save_path = free_name(self.folder / SAVE_NAME)
            if self.save_path.name != SAVE_NAME:  # never overwrite another game's save
                self.say(t("offline.save_renamed", old=str(self.folder.resolve() / SAVE_NAME),
                           name=self.save_path.name))
        data = {"format": SAVE_FORMAT, "version": SAVE_VERSION, "game": self.game,
                "seed": self.seed, "options": self.engine_options, "seats": self.names,
                "humans": self.humans, "level": self.level,
                "pictures": str(self._folder.resolve()) if self._folder else None,
                "decisions": [[seat, d.to_json()] for seat, d in self.log]}
        path = self.save_path
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            tmp = path.with_name(path.name + ".tmp")
            tmp.write_text(json.dumps(data, ensure_ascii=False) + "\n", encoding="utf-8")
            os.replace(tmp, path)
        except OSError as exc:
            self.saving = False
            self.say(t("offline.save_failed", path=str(path), reason=str(exc)))

    def replay(self, pairs: list[list[Any]]) -> None:
        """Rebuild a saved game from its decisions (SaveError when one does not apply)."""
        state = self.state
        for i, (seat, dj) in enumerate(pairs, 1):
            kind = next((p.kind for p in self.rules.pending(state) if p.seat == seat), None)
            try:
                d = Decision.from_json(dj)
                state, events = self.rules.apply(state, seat, d, in_place=i > 1)
            except IllegalDecision as exc:
                raise SaveError(t("offline.save.not_applied", i=i, n=len(pairs),
                                  error=str(exc))) from None
            self.log.append((seat, d))
            if kind in self.info.turn_prompts:  # who holds the turn, as `done` keeps it
                self.turn_holder = (seat, self.what_happened(seat, d, events))
            if self.boundary(events):
                self.turn_holder = None
        self.state = state

    # --- the game -----------------------------------------------------------------------------

    def run(self, resumed: Path | None = None) -> int:
        n = len(self.names)
        self.say(t("offline.start_game", game=self.info.name, players=n,
                   humans=len(self.humans), ai=len(self.ai), level=level_name(self.level),
                   seed=self.seed))
        self.say(t("offline.seats", seats=", ".join(
            f"{name} ({self.colour(seat)})" for seat, name in enumerate(self.names))))
        if self.engine_options:  # also on --resume: the saved game keeps its options
            self.say(t("bot.lobby.options", options=options_text(self.engine_options)))
        if self.pictures_on:
            self.folder.mkdir(parents=True, exist_ok=True)
            self.say(t("offline.pictures", path=str(self.folder.resolve())))
            self.pictures = Pictures(self.game, self.folder, self.say)
        self.save()
        if self.saving and self.save_path is not None:
            self.say(t("offline.save_file", path=str(self.save_path.resolve())))
        self.say(t("offline.help_short") if self.parse else t("offline.help_short_numbers"))
        if resumed is not None:
            self.say(t("offline.resumed", path=str(resumed), decisions=len(self.log)))
        else:
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
            self.stopped(key)
            return 0
        self.final()
        return 0

    def stopped(self, key: str) -> None:
        self.say(t(key, seed=self.seed, decisions=len(self.log)))
        if self.saving and self.save_path is not None:
            self.say(t("offline.resume_hint", path=str(self.save_path.resolve())))

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
            self.ai_step(seat, prompt)
        else:
            self.human_step(seat, prompt)

    def ai_step(self, seat: int, prompt: Prompt) -> None:
        rng = random.Random(f"{self.seed}:{seat}:{len(self.log)}")
        d = kind(self.game).salted(self.state, seat,
                                   self.ai_part.choose(self.state, seat, self.level, rng))
        self.state, events = self.rules.apply(self.state, seat, d)
        self.done(seat, prompt, [d], events)
        self.last_turn_seat = None  # the next human prompt starts with the table again
        self.events(events, prefix="  ")

    def what_happened(self, seat: int, decision: Decision, events: list[Event]) -> str:
        """A seat's turn-starting decision in the words of the game's public log ("AI 2 ends
        the turn."), else its menu label quoted."""
        for e in events:
            line = self.rules.event_text(e, self.names, None) if e.private_to is None else None
            if line:
                return line
        return t("offline.chose", name=self.names[seat], action=self.rules.describe(decision))

    def done(self, seat: int, prompt: Prompt, decisions: list[Decision],
             events: list[Event]) -> None:
        """Book-keeping after a seat's answer: the log, the save file, who holds the turn."""
        self.log += [(seat, d) for d in decisions]
        if prompt.kind in self.info.turn_prompts and decisions:
            self.turn_holder = (seat, self.what_happened(seat, decisions[0], events))
        if self.boundary(events):
            self.turn_holder = None  # a new turn (or epoch) begins
        if seat in self.ai or seat != self.last_actor:  # undo never reaches past another seat
            self.undo_stack.clear()
            self.undo_block = "other"
        self.last_actor = seat
        self.changes += 1
        self.save()

    def human_step(self, seat: int, prompt: Prompt) -> None:
        s = self.state
        opts = self.rules.options(s, seat)
        if self.last_turn_seat != seat or len(self.humans) > 1:
            # say whose decision it is before anything private is printed
            self.say("")
            self.say(t("offline.turn_of", name=self.names[seat], colour=self.colour(seat)))
            self.status(seat)
        self.last_turn_seat = seat
        if self.drawn != self.changes:  # the board as it is now, whenever a person decides
            self.picture()
        self.hand_picture(seat)
        self.say(self.now_text(seat, prompt))
        for lines in self.rules.panel_lines(self.rules.view(s, seat), seat):
            for line in lines.splitlines():  # steps or money left, the hand in short
                self.say("  " + line)
        for line in kind(self.game).turn_preview(s, seat):  # what ending the turn would bring
            self.say("  " + line)
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
            if word == "rules" or word.startswith("rules "):
                self.show_rules(word[len("rules"):].strip())
                continue
            if kind(self.game).has_lookup and (word == "card" or word.startswith("card ")):
                self.show_card(line[len("card"):].strip())
                continue
            if word == "undo":
                if self.undo(seat):
                    return
                continue
            if is_number(line):
                k = int(line)
                if not 1 <= k <= len(opts):
                    self.say(t("offline.bad_number", n=len(opts)))
                    continue
                if self.try_apply(seat, prompt, [opts[k - 1]]):
                    return
                continue
            if self.try_notation(seat, prompt, line):
                return

    def now_text(self, seat: int, prompt: Prompt) -> str:
        """What the prompt asks; a prompt inside another seat's turn (a follow-up move) first
        says whose turn and which choice caused it."""
        text = self.rules.prompt_text(self.state, prompt).rstrip(".")  # the line adds its own
        holder = self.turn_holder
        if (holder is not None and holder[0] != seat and prompt.kind not in self.info.turn_prompts
                and self.names[holder[0]] not in text):  # unless the game's text names it
            return t("offline.waiting_after", done=holder[1], text=text)
        return t("offline.waiting", text=text)

    def try_notation(self, seat: int, prompt: Prompt, line: str) -> bool:
        if self.parse is None:
            self.say(t("offline.no_notation_game", game=self.info.name))
            return False
        try:
            decisions = self.parse(self.state, seat, line)
        except IllegalDecision as exc:
            self.say(t("offline.illegal", message=exc.text))
            return False
        return self.try_apply(seat, prompt, decisions)

    def try_apply(self, seat: int, prompt: Prompt, decisions: list[Decision]) -> bool:
        """Apply the decisions atomically (all or none) and print their events."""
        before = state = self.state
        events: list[Event] = []
        made: list[Decision] = []  # as they enter the game: a seal with its fresh nonce
        try:
            for i, d in enumerate(decisions):
                made.append(kind(self.game).salted(state, seat, d))
                # the first apply copies the state, the rest work on that copy
                state, ev = self.rules.apply(state, seat, made[-1], in_place=i > 0)
                events += ev
        except IllegalDecision as exc:
            self.say(t("offline.illegal", message=exc.text))
            return False
        decisions = made
        logged, holder = len(self.log), self.turn_holder
        self.state = state
        self.done(seat, prompt, decisions, events)
        if self.rules.reveals(before, state, seat):
            self.undo_stack.clear()  # never undo past revealed hidden information
            self.undo_block = "hidden"
        else:
            self.undo_stack.append(UndoEntry(seat, before, decisions, logged, holder))
        self.events(events, prefix="  ")
        return True

    def undo(self, seat: int) -> bool:
        """Take back this seat's last answer, if the undo policy allows it."""
        if not self.undo_stack or self.undo_stack[-1].seat != seat:
            key = "offline.undo.hidden" if self.undo_block == "hidden" else "offline.undo.nothing"
            self.say(t("offline.undo.refused", reason=t(key), policy=t("offline.undo.policy")))
            return False
        entry = self.undo_stack.pop()
        self.state = entry.before
        del self.log[entry.logged:]
        self.turn_holder = entry.holder
        self.changes += 1
        self.save()
        self.say(t("offline.undo.done", steps=", ".join(
            self.rules.describe(d) for d in entry.decisions)))
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

    def show_rules(self, topic: str) -> None:
        """The game's rules summary on `topic` (`<id>.rules.<topic>`), else the list."""
        topics = self.info.rules_topics
        if topic and topic not in topics:
            self.say(t("offline.rules.unknown", topic=topic, topics=", ".join(topics)))
            return
        self.say(MARKUP.sub("", t(f"{self.game}.rules.{topic or topics[0]}")))
        if not topic:
            self.say(t("offline.rules.topics", topics=", ".join(topics),
                       example=topics[min(1, len(topics) - 1)]))

    def show_card(self, typed: str) -> None:
        """A piece of the game looked up by name (the rules' lookup hooks): its text, and its
        picture written to the pictures folder; a name that fits none or several says so."""
        k = kind(self.game)
        found = k.lookup_find(typed) if typed else []
        if len(found) != 1:
            labels = dict(k.lookup_names())
            self.say(t("offline.card.several", names="; ".join(labels[v] for v in found[:8]))
                     if found else t("offline.card.unknown", text=typed))
            return
        self.say(MARKUP.sub("", k.lookup_text(found[0])))
        if self.pictures is not None:
            name = self.pictures.save_lookup(found[0])
            if name:
                self.say(t("offline.card.picture", file=name))

    def help(self) -> None:
        """The answers every game takes, then the game's own words on its notation: its
        `<id>.offline.notation` text if it has one, else its `notation` rules topic (without
        the chat markup)."""
        self.say(t("offline.help_game"))
        if kind(self.game).has_lookup:
            self.say(t("offline.help_card"))
        if self.parse is None:
            return
        self.say(t("offline.help_notation", game=self.info.name))
        for key in (f"{self.game}.offline.notation", f"{self.game}.rules.notation"):
            text = t(key)
            if text != key:
                self.say(MARKUP.sub("", text))
                return

    def menu(self, opts: list[Decision]) -> None:
        for line in menu_lines([self.rules.describe(d) for d in opts]):
            self.say(line)

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
        self.say(t("offline.winners", names=", ".join(self.names[w] for w in res["winners"]),
                   count=len(res["winners"])))
        if self.pictures is not None and self.pictures.count:
            self.say(t("offline.pictures", path=str(self.folder.resolve())))
        if self.saving and self.save_path is not None:
            key = ("offline.replay_hint" if hasattr(self.rules, "verify_receipts")
                   else "offline.replay_hint_only")  # only a game with sealed choices
            self.say(t(key, path=str(self.save_path.resolve())))


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
    try:  # the options against these seats (a starting seat beyond them), as the lobby tries
        registry.rules(args.game).new_game(player_names(args.players), 0,
                                           getattr(args, "options", None))
    except IllegalDecision as exc:
        return exc.text
    return None


def main(args: Any, stdin: TextIO | None = None, stdout: TextIO | None = None) -> int:
    """Entry point of `agora play <game>` and `agora play --resume FILE` (bot/cli.py parses
    the arguments; `args.resume`, `args.save` and `args.out` may be absent)."""
    out = stdout or sys.stdout
    resume = getattr(args, "resume", None)
    saved: dict[str, Any] | None = None
    save = getattr(args, "save", None)
    if save and Path(save).exists() and not (
            resume and Path(save).resolve() == Path(resume).resolve()):
        print(t("offline.save.exists", path=save), file=sys.stderr)  # never overwrite a game
        return 2
    try:
        if resume:
            path = Path(resume)
            if getattr(args, "option", None):  # never a silently different game
                print(t("offline.resume_options"), file=sys.stderr)
                return 2
            try:
                saved = load_save(path)
                game = getattr(args, "game", None)
                if game and game != saved["game"]:
                    raise SaveError(t("offline.save.other_game", game=saved["game"],
                                      wanted=game))
                session = Session(args, stdin or sys.stdin, out, saved, path)
            except SaveError as exc:
                print(t("offline.resume_error", path=str(path), message=str(exc)),
                      file=sys.stderr)
                return 2
        else:
            problem = check_args(args)
            if problem:
                print(problem, file=sys.stderr)
                return 2
            session = Session(args, stdin or sys.stdin, out)
    except BrokenPipeError:
        return 0
    try:
        return session.run(Path(resume) if resume else None)
    except KeyboardInterrupt:  # Ctrl-C: what `quit` says, and the shell's code for it
        session.say("")
        session.stopped("offline.quit")
        return 130
    except BrokenPipeError:
        return 0  # the reader went away (e.g. piped into head): nothing more to say


__all__ = ["main"]
