"""The terminal in every language (issue 10): `agora play <game> --lang`, `agora render --lang`.

A Czech group plays Pantheon and a Polish group Amun-Re at the terminal from the first prompt to
the final scores; a German player starts a game and stops it; `agora render --lang de` draws
the German pictures."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from bot.cli import main
from data.i18n import t, use_language
from engine import registry
from render.cli import simulate
from tests.paths import ROOT


def play(game: str, lang: str, script: str) -> str:
    """One human and the fewest AI seats the game allows, answering from `script`."""
    players = registry.info(game).min_players
    proc = subprocess.run(
        [sys.executable, "-m", "bot.cli", "play", game, "--lang", lang, "--players",
         str(players), "--ai", str(players - 1), "--level", "easy", "--seed", "3",
         "--no-pictures"],
        input=script, capture_output=True, text=True, timeout=240, cwd=ROOT)
    assert proc.returncode == 0, proc.stderr
    return proc.stdout


@pytest.mark.parametrize(("game", "lang"), [("pantheon", "cs"), ("amunre", "pl")])
def test_a_whole_game_at_the_terminal_in_the_groups_language(game: str, lang: str) -> None:
    out = play(game, lang, "1\n" * 3000)
    assert t("offline.final", lang) in out
    assert t("offline.final", "en") not in out
    name = registry.info(game).name
    assert t("offline.turn_of", lang, name="", colour="").split("(")[0].strip("= ") in out
    assert name in out


def test_a_german_player_starts_and_stops() -> None:
    out = play("pantheon", "de", "quit\n")
    assert t("offline.quit", "de", seed=3, decisions=0) in out


def test_agora_render_draws_the_pictures_in_the_chosen_language(tmp_path: Path) -> None:
    assert main(["render", "pantheon", "--lang", "de", "--players", "3", "--seed", "2",
                 "--decisions", "40", "--out", str(tmp_path)]) == 0
    with use_language("de"):  # the seats are named as `agora render --lang de` names them
        state, _ = simulate("pantheon", 3, 2, 40)
    assert state.players[0].name == "Spieler 1"
    rules, pictures = registry.rules("pantheon"), registry.part("pantheon", "render")
    view = rules.view(state, None)
    drawn = (tmp_path / "board.png").read_bytes()
    assert drawn == pictures.board_png(view, "de")
    assert drawn != pictures.board_png(view, "en")
    hand = (tmp_path / "hand2.png").read_bytes()
    assert hand == pictures.hand_png(rules.view(state, 1), "de")
