"""`agora play pantheon` (bot/offline.py): a whole game at the terminal driven by a script on
standard input, the notation, illegal input, end of input, private hands."""

from __future__ import annotations

import io
import subprocess
import sys
from argparse import Namespace
from pathlib import Path

from bot.offline import main

ROOT = Path(__file__).resolve().parents[1]


def run(stdin_text: str, *, players: int = 2, ai: int = 1, seed: int = 4,
        level: str = "easy", out: str | None = None) -> tuple[int, str]:
    """main() in-process with a scripted stdin; no board pictures (they are tested through the
    real command line below)."""
    args = Namespace(game="pantheon", players=players, ai=ai, level=level, seed=seed, out=out,
                     pictures=False)
    stdout = io.StringIO()
    code = main(args, stdin=io.StringIO(stdin_text), stdout=stdout)
    return code, stdout.getvalue()


def test_command_line_plays_a_whole_game_from_a_script(tmp_path: Path) -> None:
    # the human answers "1" at every prompt; more lines than the game needs
    script = "1\n" * 3000
    proc = subprocess.run(
        [sys.executable, "-m", "bot.cli", "play", "pantheon", "--players", "2", "--ai", "1",
         "--level", "easy", "--seed", "3", "--out", str(tmp_path)],
        input=script, capture_output=True, text=True, timeout=240, cwd=ROOT)
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert "Game over. Final scores:" in out
    assert "Winner(s):" in out
    assert str(tmp_path.resolve()) in out
    pictures = sorted(tmp_path.glob("board-*.png"))
    if "Board pictures are not available" not in out:
        assert len(pictures) > 20  # one after every turn
        assert pictures[0].read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_notation_and_illegal_input_get_a_message_and_a_new_prompt() -> None:
    # "draw deck deck deck" is a whole Draw turn at an action prompt and illegal elsewhere;
    # the "1" after it answers the prompt repeated after the error
    script = "draw deck deck deck\n1\n" * 2000
    code, out = run(script, seed=8)
    assert code == 0
    assert "Game over. Final scores:" in out
    assert "Player chooses: Draw 3 cards." in out  # the notation was applied
    assert "Not possible:" in out  # and refused where it does not fit
    assert "Choose a number from 1 to" in run("99\n", seed=8)[1]


def test_end_of_input_stops_cleanly() -> None:
    code, out = run("", seed=2)
    assert code == 0
    assert "End of input: the game stops here" in out
    code, out = run("1\n1\n", seed=2)
    assert code == 0 and "End of input" in out


def test_quit_stops_with_the_seed_to_replay() -> None:
    code, out = run("quit\n", seed=6)
    assert code == 0
    assert "Game stopped (seed 6" in out


def test_bad_arguments_are_refused(capsys) -> None:
    assert main(Namespace(game="pantheon", players=3, ai=4, level="normal", seed=1,
                          out=None)) == 2
    assert "--ai must be between 0 and the number of players" in capsys.readouterr().err
    assert main(Namespace(game="pantheon", players=5, ai=1, level="normal", seed=1,
                          out=None)) == 2
    assert "2 to 4 players" in capsys.readouterr().err


def test_hands_are_shown_only_after_saying_whose_turn_it_is() -> None:
    # two people share the terminal with one AI seat: every hand line follows a header
    # naming the seat that decides, and the AI's hand is never printed
    code, out = run("1\n" * 120, players=3, ai=1, seed=9)
    assert code == 0
    lines = out.splitlines()
    hands = [i for i, line in enumerate(lines) if line.startswith("Your hand")]
    assert hands
    for i in hands:
        header = next(lines[j] for j in range(i, -1, -1) if lines[j].startswith("=== "))
        assert header.startswith(("=== Player 1", "=== Player 2")), header
    assert not any(line.startswith("=== AI") for line in lines)
