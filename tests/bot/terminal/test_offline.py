"""`agora play pantheon` (bot/offline.py): a whole game at the terminal driven by a script on
standard input, the notation, illegal input, end of input, private hands."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
from argparse import Namespace
from pathlib import Path
from types import SimpleNamespace

from bot.terminal.offline import main
from tests.paths import ROOT


def run(stdin_text: str, *, players: int = 2, ai: int = 1, seed: int = 4,
        level: str = "easy", out: str | None = None, pictures: bool = False,
        save: str | bool = False, resume: str | None = None) -> tuple[int, str]:
    """main() in-process with a scripted stdin; by default no board pictures (they are tested
    through the real command line below) and no save file."""
    args = Namespace(game="pantheon", players=players, ai=ai, level=level, seed=seed, out=out,
                     pictures=pictures, save=save, resume=resume)
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
    assert "Winner: " in out or "Winners: " in out  # a plural form, no "(s)"
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


def test_a_digit_that_is_no_number_is_refused_not_a_crash() -> None:
    # "²" passes str.isdigit() but not int(): it used to end the game with a traceback
    code, out = run("²\nquit\n", players=3, ai=2, seed=11)
    assert code == 0
    assert "Not possible:" in out and "“²”" in out
    assert "Game stopped (seed 11" in out


def test_one_card_too_many_is_refused_whole_with_the_rule() -> None:
    # seed 5: the human answers Aegyptus with skip, then holds the first turn
    code, out = run("skip\ndraw deck deck deck deck\nquit\n", players=3, ai=2, seed=5,
                    level="normal")
    assert code == 0
    assert "has one card too many: a Draw takes 3 cards" in out
    assert "(P-DRAW-1)" in out
    assert "not your turn" not in out
    assert "Player chooses: Draw" not in out  # nothing was applied


def test_placements_typed_mid_move_are_applied_whole_or_refused() -> None:
    # Move without cards (1 step): three placements are two too many, and none is made
    code, out = run("skip\n1\n1\nP24 P25 Q26\nquit\n", players=3, ai=2, seed=5,
                    level="normal")
    assert "has 2 placements too many" in out and "(P-MOVE-11)" in out
    assert "Player places a foot on P24" not in out
    # with 1 movement card (3 steps) all three are placed
    code, out = run("skip\n1\n2\nP24 P25 Q26\nquit\n", players=3, ai=2, seed=5,
                    level="normal")
    assert "Player places a foot on P24. Player places a foot on P25. " \
           "Player places a foot on Q26." in out


def test_steps_left_are_shown_during_a_move() -> None:
    code, out = run("skip\n1\n2\nquit\n", players=3, ai=2, seed=5, level="normal")
    assert "Steps left: 3 of 3." in out  # the game's panel_lines


def test_rules_summaries() -> None:
    code, out = run("rules\nrules move\nrules nothing\nquit\n", seed=6)
    assert "On your turn you take exactly one action" in out  # the overview
    assert "Rules topics: overview, turn, move" in out
    assert "Move (P-MOVE): take the big foot" in out  # no chat markup
    assert "There is no rules topic 'nothing'" in out


def test_undo_takes_back_only_your_own_steps_and_never_hidden_information() -> None:
    script = ("undo\n"      # the AI seats acted since the human's last prompt
              "skip\n"      # Aegyptus; then the human's turn
              "3\n"         # Draw 3 cards
              "undo\n"      # taken back: nothing was revealed
              "3\n"
              "draw deck\n"  # a card from the deck: hidden information
              "undo\n"
              "quit\n")
    code, out = run(script, players=3, ai=2, seed=5, level="normal")
    refusals = [line for line in out.splitlines() if line.startswith("Cannot undo:")]
    assert len(refusals) == 2
    assert "no step of yours to take back" in refusals[0]
    assert "revealed hidden information" in refusals[1]
    assert "Taken back: Draw 3 cards." in out
    assert out.count("Player chooses: Draw 3 cards.") == 2


def test_a_follow_up_prompt_says_whose_move_caused_it() -> None:
    code, out = run("1\n" * 150, players=3, ai=2, seed=5)
    prompts = [line for line in out.splitlines() if "follow-up move" in line
               and "move with cards or draw a card" in line]
    assert prompts
    # the game's prompt names the mover (P-MOVE-15), so the terminal adds no second mention
    assert all(re.search(r"follow-up move after .+'s Move", line) for line in prompts), prompts
    assert not any("chose Move; now:" in line for line in prompts)


def test_the_hand_picture_is_written_beside_the_board(tmp_path: Path, monkeypatch) -> None:
    """The deciding human seat's hand_png (from its own view) next to the board pictures; a
    stand-in render part keeps this fast and independent of the drawing code."""
    from engine import registry

    drawn: list[int | None] = []

    def hand_png(view) -> bytes:
        drawn.append(view.seat)
        return b"hand of seat %d" % view.seat

    fake = SimpleNamespace(board_png=lambda view: b"board", hand_png=hand_png)
    real = registry.part
    monkeypatch.setattr(registry, "part",
                        lambda game, which: fake if which == "render" else real(game, which))
    code, out = run("1\n1\nquit\n", players=3, ai=2, seed=11, out=str(tmp_path),
                    pictures=True)
    assert code == 0
    assert "[hand picture of Player, private: hand-red.png]" in out
    assert (tmp_path / "hand-red.png").read_bytes() == b"hand of seat 0"
    assert set(drawn) == {0}  # only the human seat's own view, never an AI seat's hand
    assert (tmp_path / "board-latest.png").read_bytes() == b"board"


def test_each_players_board_is_written_after_every_turn(tmp_path: Path, monkeypatch) -> None:
    """The render part's extra public pictures (Through the Ages draws each player's own
    board) beside every board picture, from the spectator's view only, the latest kept under
    the names the game gives (issue 29)."""
    from engine import registry

    views: list[int | None] = []

    def extra_pngs(view) -> list[tuple[str, bytes]]:
        views.append(view.seat)
        n = len(views)
        return [("player1.png", b"first %d" % n), ("player2.png", b"second %d" % n)]

    fake = SimpleNamespace(board_png=lambda view: b"board", extra_pngs=extra_pngs)
    real = registry.part
    monkeypatch.setattr(registry, "part",
                        lambda game, which: fake if which == "render" else real(game, which))
    code, out = run("1\n" * 6 + "quit\n", players=3, ai=2, seed=11, out=str(tmp_path),
                    pictures=True)
    assert code == 0
    boards = sorted(tmp_path.glob("board-0*.png"))
    assert len(boards) == len(views) > 1  # one set per board picture
    assert out.count("[each player's board: player1.png, player2.png]") == len(views)
    assert set(views) == {None}  # the spectator's view: no hand in it
    assert (tmp_path / "player2.png").read_bytes() == b"second %d" % len(views)


def test_a_card_is_looked_up_by_name_at_the_terminal(tmp_path: Path) -> None:
    """`card NAME` in a Through the Ages game: the card's text, and the card drawn large in
    the pictures folder; a name that fits none or several says what to do (issue 29)."""
    from data.i18n import t
    from engine.tta.lookup import lookup_label, lookup_text

    args = Namespace(game="tta", players=2, ai=1, level="easy", seed=4, out=str(tmp_path),
                     pictures=True, save=False, resume=None)
    stdout = io.StringIO()
    script = "help\ncard iron\ncard xyzzy\ncard engineering genius\nquit\n"
    assert main(args, stdin=io.StringIO(script), stdout=stdout) == 0
    out = stdout.getvalue()
    assert t("offline.help_card") in out
    assert lookup_text("iron_i", "en").replace("**", "") in out
    assert "[card picture: card-iron_i.png]" in out
    assert (tmp_path / "card-iron_i.png").read_bytes().startswith(b"\x89PNG")
    assert t("offline.card.unknown", text="xyzzy") in out
    assert lookup_label("engineering_genius_ii", "en") in out


def saved_decisions(path: Path) -> list:
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["format"] == "agora-offline-save"
    return data["decisions"]


def test_a_saved_game_resumes_exactly(tmp_path: Path) -> None:
    whole, half = tmp_path / "whole.json", tmp_path / "half.json"
    run("1\n" * 40, players=3, ai=2, seed=7, save=str(whole))
    code, out = run("1\n" * 20, players=3, ai=2, seed=7, save=str(half))
    assert f"agora play --resume {half.resolve()}" in out
    assert len(saved_decisions(half)) < len(saved_decisions(whole))
    # closing the terminal and coming back: the arguments come from the file
    args = Namespace(resume=str(half), pictures=False)
    stdout = io.StringIO()
    assert main(args, stdin=io.StringIO("1\n" * 20), stdout=stdout) == 0
    assert "Resumed from" in stdout.getvalue()
    assert saved_decisions(half) == saved_decisions(whole)


def test_a_bad_save_file_is_refused(tmp_path: Path, capsys) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{}", encoding="utf-8")
    assert main(Namespace(resume=str(bad)), stdin=io.StringIO("")) == 2
    assert "Cannot resume" in capsys.readouterr().err
    good = tmp_path / "good.json"
    run("1\n" * 5, players=3, ai=2, seed=7, save=str(good))
    data = json.loads(good.read_text(encoding="utf-8"))
    data["decisions"].append([0, {"kind": "fly", "args": {}}])
    bad.write_text(json.dumps(data), encoding="utf-8")
    assert main(Namespace(resume=str(bad)), stdin=io.StringIO("")) == 2
    assert "does not apply" in capsys.readouterr().err
