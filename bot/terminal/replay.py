"""`agora replay FILE [--out DIR] [--pictures/--no-pictures] [--step]`: show a game record
(engine/record.py) of any registered game, or a game `agora play` saved (its full record once
it is over, else its public record).

A full record is rebuilt decision by decision: its public log is printed turn by turn (a header
at every `turn` event; a game without turn events gets a header per decision), then the final
result. With --out (or --pictures) the spectator's board picture is written after every turn as
board-NNN.png. --step waits for Enter after every turn (end of input plays on to the end). A
public record holds no decisions: its log is printed as it is, and nothing is redrawn. Nor is a
full record played under other rules than this Agora's (engine.record.replayable): it says so,
then prints its log and result as recorded."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, TextIO

from data.i18n import t
from engine import registry
from engine.record import public_lines, replay, replayable

from .offline import colour_name, new_folder, read_record


class Replayer:
    def __init__(self, record: dict[str, Any], args: Any, stdin: TextIO, stdout: TextIO) -> None:
        self.record = record
        self.game = record["game"]
        self.rules = registry.rules(self.game)
        self.info = self.rules.INFO
        self.names = list(record["seats"])
        self.stdin = stdin
        self.stdout = stdout
        self.step = bool(getattr(args, "step", False))
        self.folder: Path | None = None
        self.render: Any = None
        self.count = 0
        pictures = getattr(args, "pictures", None)
        out = getattr(args, "out", None)
        if pictures is not False and (out or pictures):
            self.folder = Path(out) if out else new_folder("replay", f"{self.game}-")

    def say(self, text: str = "") -> None:
        self.stdout.write(text + "\n")
        self.stdout.flush()

    def lines(self, events: list) -> None:
        for line in public_lines(self.game, events, self.names):
            self.say("  " + line)

    def head(self) -> None:
        r = self.record
        seats = ", ".join(f"{name} ({colour_name(self.game, self.info.colours[i])})"
                          for i, name in enumerate(self.names))
        self.say(t("offline.replay.head", game=self.info.name,
                   title=r.get("title") or self.info.name,
                   status=t(f"offline.replay.status.{r['status']}"), seats=seats))

    def public_only(self) -> int:
        for line in self.record["public_log"]:
            self.say("  " + line)
        self.say("")
        self.say(t("offline.replay.public_only"))
        return 0

    def as_recorded(self, why: str) -> int:
        """A record of other rules: why it is not replayed, then its log and result as
        recorded."""
        self.say(why)
        self.say(t("offline.replay.as_recorded"))
        for line in self.record["public_log"]:
            self.say("  " + line)
        self.say("")
        self.say(t("offline.final"))
        res = self.record["result"]
        for line in self.rules.result_lines(res, self.names):
            self.say("  " + line)
        self.say(t("offline.winners", names=", ".join(self.names[w] for w in res["winners"]),
                   count=len(res["winners"])))
        return 0

    def open_pictures(self) -> None:
        if self.folder is None:
            return
        try:
            self.render = registry.part(self.game, "render").board_png
        except Exception as exc:  # no render part, or it cannot be imported: text only
            self.no_pictures(exc)
            return
        self.folder.mkdir(parents=True, exist_ok=True)
        self.say(t("offline.pictures", path=str(self.folder.resolve())))

    def no_pictures(self, exc: BaseException) -> None:
        self.render = None
        self.say(t("offline.no_pictures", reason=f"{type(exc).__name__}: {exc}"))

    def end_of_turn(self, state: Any) -> None:
        """The turn shown so far is over: its picture, then wait for Enter with --step."""
        if self.render is not None and self.folder is not None:
            self.count += 1
            name = f"board-{self.count:03d}.png"
            try:
                (self.folder / name).write_bytes(self.render(self.rules.view(state, None)))
                self.say(t("offline.picture_saved", file=name))
            except Exception as exc:  # a drawing bug must not end the replay
                self.no_pictures(exc)
        if self.step:
            self.stdout.write(t("offline.replay.step"))
            self.stdout.flush()
            line = self.stdin.readline()
            if not line:
                self.step = False  # end of input: play on to the end
            if not line or not getattr(self.stdin, "isatty", lambda: False)():
                self.say("")  # the Enter a terminal would have echoed

    def run(self) -> int:
        if "decisions" not in self.record:
            self.head()
            return self.public_only()
        other = replayable(self.record)
        if other is not None:
            self.head()
            return self.as_recorded(other)
        # a first pass checks every decision before anything is printed, and finds out
        # whether the game marks its turns
        turns = False
        for _, _, _, events in replay(self.record):
            turns = turns or any(e.template == "turn" for e in events)
        self.head()
        self.open_pictures()
        turn = 0
        state: Any = None
        for state, seat, _decision, events in replay(self.record):
            if seat is None:
                self.say(t("offline.replay.start"))
            elif not turns:
                turn += 1
                self.say(t("offline.replay.decision", n=turn, name=self.names[seat]))
            batch: list = []
            for e in events:
                if not (turns and e.template == "turn"):
                    batch.append(e)
                    continue
                self.lines(batch)
                batch = []
                self.end_of_turn(state)
                turn += 1
                self.say(t("offline.replay.turn", n=turn, name=self.seat_name(e.args.get("seat"))))
            self.lines(batch)
            if not turns:
                self.end_of_turn(state)
        if turns:
            self.end_of_turn(state)
        self.final(state)
        return 0

    def seat_name(self, seat: Any) -> str:
        return self.names[seat] if isinstance(seat, int) and 0 <= seat < len(self.names) else "-"

    def final(self, state: Any) -> None:
        res = self.rules.result(state)
        self.say("")
        self.say(t("offline.final"))
        for line in self.rules.result_lines(res, self.names):
            self.say("  " + line)
        self.say(t("offline.winners", names=", ".join(self.names[w] for w in res["winners"]),
                   count=len(res["winners"])))
        if self.render is not None and self.count:
            self.say(t("offline.pictures", path=str(self.folder.resolve())))


def read_text(file: str, stdin: TextIO) -> str:
    if file == "-":
        return stdin.read()
    return Path(file).read_text(encoding="utf-8")


def main(args: Any, stdin: TextIO | None = None, stdout: TextIO | None = None) -> int:
    """Entry point of `agora replay` (bot/cli.py parses the arguments). Exit code 2 and one
    clear line on standard error for a file that cannot be read or replayed."""
    inp = stdin or sys.stdin
    out = stdout or sys.stdout
    try:
        record = read_record(read_text(args.file, inp))
        return Replayer(record, args, inp, out).run()
    except BrokenPipeError:
        return 0  # the reader went away (e.g. piped into head)
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        print(t("offline.replay.error", file=args.file, message=str(exc)), file=sys.stderr)
        return 2
