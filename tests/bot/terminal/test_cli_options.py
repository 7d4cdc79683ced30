"""`--option KEY=VALUE` of `agora play|simulate|render` (issue 28): a game's own options
(GameInfo.options) from the command line, checked as the Discord lobby checks them, handed to
new_game as the lobby hands them, saved with a terminal game and kept on `--resume`, and named
per game by `agora simulate --json`.

Pantheon declares lobby options today (bonus_draft, P-VAR-DRAFT; stall_guard_rounds,
P-GAP-STALL; start_supply_by_player_count, P-SETUP-12) and a command-line-only one
(start_player, P-SETUP-13): the tests play them. No game declares a "choice" option yet, so that
kind is tested on a GameInfo made here."""

from __future__ import annotations

import io
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from bot.cli import main
from bot.host.lobby import engine_options
from bot.terminal.options import game_options
from engine import registry
from engine.core import GameInfo, IllegalDecision, OptionSpec
from engine.simulate import random_game
from render.cli import simulate
from tests.paths import ROOT

PANTHEON_KNOWN = "bonus_draft, stall_guard_rounds, start_supply_by_player_count, start_player"
DRAFT_PROMPT = "Now: pick a bonus tile."  # P-VAR-DRAFT-2: only a game with bonus_draft asks it


def play(argv: list[str], script: str, monkeypatch: pytest.MonkeyPatch,
         capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """`agora play ...` in-process (bot/cli.py's main), answering from `script`."""
    monkeypatch.setattr(sys, "stdin", io.StringIO(script))
    code = main(["play", *argv])
    out = capsys.readouterr()
    return code, out.out, out.err


def pantheon(tmp_path: Path, save: str, *options: str) -> list[str]:
    return ["pantheon", "--players", "2", "--ai", "1", "--level", "easy", "--seed", "3",
            "--no-pictures", "--save", str(tmp_path / save),
            *[x for o in options for x in ("--option", o)]]


def saved(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def test_a_game_option_is_taken_and_applied(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    # the same seed and answers: only the option differs, and with it the game (P-VAR-DRAFT)
    code, out, err = play(pantheon(tmp_path, "draft.json", "bonus_draft=true"), "1\n" * 8,
                          monkeypatch, capsys)
    assert code == 0, err
    assert "Options: bonus_draft=true" in out.splitlines()
    assert DRAFT_PROMPT in out
    assert saved(tmp_path / "draft.json")["options"] == {"bonus_draft": True}
    code, out, err = play(pantheon(tmp_path, "plain.json"), "1\n" * 8, monkeypatch, capsys)
    assert code == 0, err
    assert DRAFT_PROMPT not in out and "Options:" not in out
    assert saved(tmp_path / "plain.json")["options"] == {}


def test_options_reach_new_game_as_from_the_lobby() -> None:
    """The typed values the slash command hands the lobby, and the lobby to new_game: a yes/no
    as a bool (off: left to the engine's default), a number as an int."""
    info = registry.info("pantheon")
    typed = game_options(info, ["bonus_draft=yes", "stall_guard_rounds=5",
                                "start_supply_by_player_count=off"])
    assert typed == {"bonus_draft": True, "stall_guard_rounds": 5}
    lobby = engine_options(info, {"bonus_draft": True, "stall_guard_rounds": 5,
                                  "start_supply_by_player_count": False})
    assert typed == lobby
    assert game_options(info, ["bonus_draft"]) == {"bonus_draft": True}  # a bare yes/no key
    assert game_options(info, ["stall_guard_rounds=3", "stall_guard_rounds=7"]) == {
        "stall_guard_rounds": 7}  # the last one given
    # a command-line-only option (in_lobby=False) is the command line's too (P-SETUP-13)
    state = registry.rules("pantheon").new_game(["a", "b"], 3, game_options(
        info, ["start_player=1"]))
    assert state.start_player == 1


def test_a_choice_option_takes_one_of_its_choices() -> None:
    info = GameInfo(id="choosy", name="Choosy", min_players=2, max_players=2,
                    colours=("red", "blue"),
                    options=(OptionSpec("mode", "choice", "full", "the mode",
                                        choices=("full", "tutorial", "short")),))
    assert game_options(info, ["mode=short"]) == {"mode": "short"}
    # left out, the choice's default is written in: the game meant now is stored with it
    assert game_options(info, []) == {"mode": "full"}
    assert info.with_defaults({"seed": 3}) == {"seed": 3, "mode": "full"}
    for pairs in (["mode=long"], ["mode"], ["mode=Short"]):
        with pytest.raises(IllegalDecision) as exc:
            game_options(info, pairs)
        assert exc.value.text == "Option mode is one of: full, tutorial, short."


def commands(tmp_path: Path) -> dict[str, list[str]]:
    """Each command with an output folder that nothing may create when it is refused."""
    out = str(tmp_path / "out")
    return {"play": ["play", "pantheon", "--players", "2", "--out", out, "--save",
                     str(tmp_path / "out" / "g.json")],
            "simulate": ["simulate", "pantheon", "--players", "2", "--games", "1", "--json"],
            "render": ["render", "pantheon", "--players", "2", "--decisions", "3", "--out", out]}


@pytest.mark.parametrize("command", ["play", "simulate", "render"])
def test_an_unknown_key_is_refused_with_the_known_ones(command: str, tmp_path: Path) -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "bot.cli", *commands(tmp_path)[command], "--option", "colour=red"],
        input="1\n", capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert proc.returncode == 2
    assert proc.stderr.splitlines() == [f"Unknown option: colour. Known: {PANTHEON_KNOWN}."]
    assert proc.stdout == ""  # nothing started
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize(("option", "message"), [
    ("stall_guard_rounds=0", "Option stall_guard_rounds is a whole number from 1 to 50."),
    ("stall_guard_rounds=many", "Option stall_guard_rounds is a whole number from 1 to 50."),
    ("stall_guard_rounds", "Option stall_guard_rounds is a whole number from 1 to 50."),
    ("bonus_draft=maybe", "Option bonus_draft is yes or no (true/false)."),
    # allowed by the option's range (0 to 3) but not by a 2-seat game: the engine says so
    ("start_player=2", "The start player must be a seat number from 0 to 1. (P-SETUP-13)"),
])
@pytest.mark.parametrize("command", ["play", "simulate", "render"])
def test_a_bad_value_is_refused_naming_the_key_and_what_it_takes(
        command: str, option: str, message: str, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n"))
    assert main([*commands(tmp_path)[command], "--option", option]) == 2
    out = capsys.readouterr()
    assert out.err.splitlines() == [message]
    assert out.out == ""
    assert not (tmp_path / "out").exists()


def test_the_lobby_language_is_the_command_lines(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "pantheon", "--lang", "cs", "--option", "bonus_draft=snad"]) == 2
    assert capsys.readouterr().err.strip() == "Možnost bonus_draft je ano, nebo ne (true/false)."


def test_resume_keeps_the_options(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                  capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))  # the resumed game's pictures
    opts = ("bonus_draft=true", "stall_guard_rounds=4")
    play(pantheon(tmp_path, "whole.json", *opts), "1\n" * 30, monkeypatch, capsys)
    play(pantheon(tmp_path, "half.json", *opts), "1\n" * 4, monkeypatch, capsys)
    half = tmp_path / "half.json"
    assert len(saved(half)["decisions"]) < len(saved(tmp_path / "whole.json")["decisions"])
    # --option with --resume would be another game: refused, the save untouched
    before = half.read_bytes()
    code, out, err = play(["--resume", str(half), "pantheon", "--option", "bonus_draft=false"],
                          "1\n", monkeypatch, capsys)
    assert code == 2 and out == ""
    assert err.splitlines() == ["--option is not taken with --resume: a saved game keeps the "
                                "options it was started with."]
    assert half.read_bytes() == before
    code, out, err = play(["--resume", str(half)], "1\n" * 26, monkeypatch, capsys)
    assert code == 0, err
    assert "Options: bonus_draft=true, stall_guard_rounds=4" in out.splitlines()
    assert saved(half)["options"] == {"bonus_draft": True, "stall_guard_rounds": 4}
    # the draft went on where it stopped: the same game as one never interrupted
    assert saved(half)["decisions"] == saved(tmp_path / "whole.json")["decisions"]


def test_simulate_json_names_the_options_of_every_game() -> None:
    cmd = [sys.executable, "-m", "bot.cli", "simulate", "pantheon", "--players", "3",
           "--games", "2", "--seed", "5", "--json"]
    opts = ["--option", "bonus_draft=true", "--option", "stall_guard_rounds=5"]
    rows = [json.loads(line) for line in subprocess.run(
        cmd + opts, capture_output=True, text=True, timeout=120, check=True,
        cwd=ROOT).stdout.splitlines()]
    games = rows[:-1]
    assert len(games) == 2 and "summary" in rows[-1]
    rules = registry.rules("pantheon")
    options = {"bonus_draft": True, "stall_guard_rounds": 5}
    for g in games:
        assert g["options"] == options
        # played with them: the same game as the engine's own random game with these options
        _, rec = random_game(rules, 3, g["seed"], options)
        assert (g["scores"], g["decisions"]) == (rec["scores"], rec["decisions"])
    plain = json.loads(subprocess.run(cmd, capture_output=True, text=True, timeout=120,
                                      check=True, cwd=ROOT).stdout.splitlines()[0])
    assert plain["options"] == {}
    assert (plain["scores"], plain["decisions"]) != (games[0]["scores"], games[0]["decisions"])


def test_render_draws_the_game_with_its_options(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "pics"
    assert main(["render", "pantheon", "--players", "2", "--seed", "3", "--decisions", "4",
                 "--out", str(out), "--option", "bonus_draft=true"]) == 0
    pictures, rules = registry.part("pantheon", "render"), registry.rules("pantheon")
    drafted, _ = simulate("pantheon", 2, 3, 4, {"bonus_draft": True})
    dealt, _ = simulate("pantheon", 2, 3, 4)
    board = (out / "board.png").read_bytes()
    assert board == pictures.board_png(rules.view(drafted, None))
    assert board != pictures.board_png(rules.view(dealt, None))


def test_render_plays_the_ai_at_a_level(tmp_path: Path) -> None:
    """`agora render --level L`: every seat's decisions are the game's AI at that level, seeded
    by the game seed (the README's pictures of a full Through the Ages game in Age III are drawn
    so: random seats of the full game resign early)."""
    rules, ai = registry.rules("tta"), registry.part("tta", "ai")
    state, played = simulate("tta", 3, 5, 40, {"mode": "full"}, "easy")
    expected = rules.new_game(["Player 1", "Player 2", "Player 3"], 5, {"mode": "full"})
    rng = random.Random(5)
    for _ in range(40):
        seat = rules.pending(expected)[0].seat
        expected, _ = rules.apply(expected, seat, ai.choose(expected, seat, "easy", rng),
                                  in_place=True)
    assert played == 40 and rules.dump(state) == rules.dump(expected)
    out = tmp_path / "out"
    assert main(["render", "tta", "--players", "2", "--decisions", "5", "--level", "normal",
                 "--out", str(out)]) == 0
    assert (out / "board.png").exists()
