"""`agora simulate` plays whole random games and prints scores, decision counts and speed."""

from __future__ import annotations

import json
import subprocess
import sys


def test_simulate_json_output() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "bot.cli", "simulate", "pantheon", "--players", "3", "--games",
         "2", "--seed", "5", "--json"], capture_output=True, text=True, timeout=120, check=True)
    rows = [json.loads(line) for line in out.stdout.splitlines()]
    games, summary = rows[:-1], rows[-1]["summary"]
    assert len(games) == 2 and summary["games"] == 2
    for g in games:
        assert g["players"] == 3 and len(g["scores"]) == 3 and g["epochs"] == 6
        # seats count from 1, as in the text ("winner 2")
        assert g["winner_seats"] and max(g["scores"]) == g["scores"][g["winner_seats"][0] - 1]
        assert g["decisions"] > 50
        # every decision counted by its kind; Pantheon's turns begin with an action choice
        assert sum(g["decisions_by_kind"].values()) == g["decisions"]
        assert g["decisions_by_kind"]["action"] > 0
    assert summary["decisions"] == sum(g["decisions"] for g in games)
    assert summary["games_per_second"] > 0


def test_simulate_text_and_json_count_seats_alike() -> None:
    cmd = [sys.executable, "-m", "bot.cli", "simulate", "amunre", "--players", "3", "--games",
           "3", "--seed", "1"]
    text = subprocess.run(cmd, capture_output=True, text=True, timeout=120, check=True).stdout
    rows = subprocess.run(cmd + ["--json"], capture_output=True, text=True, timeout=120,
                          check=True).stdout.splitlines()
    for line, row in zip(text.splitlines()[:3], rows[:3], strict=True):
        seats = json.loads(row)["winner_seats"]
        assert line.rstrip().endswith(" " + ",".join(map(str, seats))), (line, seats)


def test_simulate_is_deterministic_and_rejects_bad_counts() -> None:
    cmd = [sys.executable, "-m", "bot.cli", "simulate", "pantheon", "--players", "2", "--games",
           "1", "--seed", "9", "--json"]
    a = subprocess.run(cmd, capture_output=True, text=True, timeout=60, check=True)
    b = subprocess.run(cmd, capture_output=True, text=True, timeout=60, check=True)
    assert a.stdout.splitlines()[0] == b.stdout.splitlines()[0]
    bad = subprocess.run([sys.executable, "-m", "bot.cli", "simulate", "pantheon", "--players",
                          "5"], capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2 and "2 to 4 players" in bad.stdout


def test_game_commands_offer_the_registered_games(tmp_path) -> None:
    """`agora simulate|render|play <game>`: the games and their player range come from
    engine.registry; `agora render pantheon` draws the board and every hand."""
    out = tmp_path / "pics"
    ok = subprocess.run(
        [sys.executable, "-m", "bot.cli", "render", "pantheon", "--players", "2", "--seed", "3",
         "--decisions", "25", "--out", str(out)], capture_output=True, text=True, timeout=120,
        check=True)
    assert "after 25 decisions:" in ok.stdout
    for name in ("board.png", "hand1.png", "hand2.png"):
        assert (out / name).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    bad = subprocess.run([sys.executable, "-m", "bot.cli", "render", "pantheon", "--players",
                          "1"], capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2 and "Pantheon is for 2 to 4 players" in bad.stdout
    unknown = subprocess.run([sys.executable, "-m", "bot.cli", "simulate", "chess"],
                             capture_output=True, text=True, timeout=60)
    assert unknown.returncode == 2 and "pantheon" in unknown.stderr
    level = subprocess.run([sys.executable, "-m", "bot.cli", "play", "pantheon", "--level",
                            "grandmaster"], capture_output=True, text=True, timeout=60)
    assert level.returncode == 2 and "'easy', 'normal'" in level.stderr
