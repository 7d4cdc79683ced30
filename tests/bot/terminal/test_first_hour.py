"""The terminal's first hour (issue 27): what a person meets in `agora play` on every game —
current pictures, saves that are never overwritten silently, menus that fit 80 columns, the
final ranking, replaying and verifying what the terminal saves, and the small words."""

from __future__ import annotations

import io
import json
import re
from argparse import Namespace
from pathlib import Path
from types import SimpleNamespace

import pytest

from bot.terminal import offline
from engine import registry

GAMES = {"pantheon": 3, "amunre": 3, "tta": 2}  # a seat count each game takes


def play(game: str, script: str, *, seed: int = 3, out: Path | None = None,
         pictures: bool = False, save: str | bool = False, players: int | None = None,
         ai: int | None = None) -> tuple[int, str]:
    n = players or GAMES[game]
    args = Namespace(game=game, players=n, ai=n - 1 if ai is None else ai,
                     level=registry.info(game).ai_levels[0], seed=seed,
                     out=str(out) if out else None, pictures=pictures, save=save, resume=None)
    stdout = io.StringIO()
    code = offline.main(args, stdin=io.StringIO(script), stdout=stdout)
    return code, stdout.getvalue()


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_board_picture_is_current_whenever_a_person_decides(game: str, tmp_path: Path,
                                                                   monkeypatch) -> None:
    """After an AI's move and before the follow-up prompt, and lap by lap in Amun-Re's
    auction: the latest board picture is the public view of the state the person decides on
    (it used to still say "Waiting for AI 1")."""
    real = registry.part
    fake = SimpleNamespace(board_png=lambda view: repr(view).encode())
    monkeypatch.setattr(registry, "part",
                        lambda g, which: fake if which == "render" else real(g, which))
    checked: list[int] = []
    read = offline.Session.read

    def checking_read(self: offline.Session, prompt: str) -> str:
        latest = (self.folder / "board-latest.png").read_bytes()
        assert latest == repr(self.rules.view(self.state, None)).encode(), len(self.log)
        checked.append(len(self.log))
        return read(self, prompt)

    monkeypatch.setattr(offline.Session, "read", checking_read)
    code, out = play(game, "1\n" * 60, out=tmp_path, pictures=True)
    assert code == 0
    assert len(checked) > 20


def saved_count(path: Path) -> int:
    return len(json.loads(path.read_text(encoding="utf-8"))["decisions"])


def test_a_save_is_never_overwritten(tmp_path: Path, capsys) -> None:
    """Reusing --save refuses the new game in one line; reusing --out saves the new game
    beside the old one and says so (an 18-decision game used to be replaced silently)."""
    save = tmp_path / "mine.json"
    play("pantheon", "1\n" * 30, save=str(save))
    kept = save.read_text(encoding="utf-8")
    code, out = play("pantheon", "1\n" * 5, seed=9, save=str(save))
    assert code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "already exists and is not overwritten" in err
    assert f"agora play --resume {save}" in err
    assert save.read_text(encoding="utf-8") == kept
    folder = tmp_path / "pics"
    play("pantheon", "1\n" * 30, out=folder, save=None)
    first = saved_count(folder / "game.json")
    code, out = play("pantheon", "1\n" * 5, seed=9, out=folder, save=None)
    assert code == 0
    assert "holds another game and is kept: this game is saved as game-2.json" in out
    assert saved_count(folder / "game.json") == first
    assert (folder / "game-2.json").exists()


def test_saves_and_pictures_go_where_a_reboot_keeps_them(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    code, out = play("pantheon", "1\n" * 3, save=None)
    assert code == 0
    saves = list((tmp_path / "data" / "agora" / "play").glob("pantheon-3-*/game.json"))
    assert len(saves) == 1 and str(saves[0].resolve()) in out
    monkeypatch.delenv("XDG_DATA_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert offline.data_home() == tmp_path / "home" / ".local" / "share" / "agora"


def test_line_editing_and_history_at_a_terminal(tmp_path: Path) -> None:
    """At a terminal the prompt edits lines (Ctrl-A goes to the start) and keeps a history
    (Ctrl-P brings back the last answer), through the standard library's readline."""
    import os
    import select
    import subprocess
    import sys

    from tests.paths import ROOT

    master, slave = os.openpty()
    proc = subprocess.Popen(
        [sys.executable, "-m", "bot.cli", "play", "pantheon", "--players", "3", "--ai", "2",
         "--seed", "5", "--no-pictures", "--save", str(tmp_path / "g.json")],
        stdin=slave, stdout=slave, stderr=slave, cwd=ROOT,
        env={**os.environ, "TERM": "xterm", "AGORA_LOCALE": "en"})
    os.close(slave)
    seen = b""

    def expect(text: bytes, count: int = 1) -> None:
        nonlocal seen
        while seen.count(text) < count:
            ready, _, _ = select.select([master], [], [], 60)
            assert ready, seen.decode(errors="replace")[-2000:]
            try:
                seen += os.read(master, 65536)
            except OSError:  # the other end closed
                break
        assert seen.count(text) >= count, seen.decode(errors="replace")[-2000:]

    try:
        expect(b"> ")
        os.write(master, b"rules\r")
        expect(b"Rules topics:")
        expect(b"> ", 2)
        os.write(master, b"\x10\r")  # Ctrl-P: the last answer again
        expect(b"Rules topics:", 2)
        expect(b"> ", 3)
        os.write(master, b"uit\x01q\r")  # typed "uit", Ctrl-A, then "q" at the start
        expect(b"Game stopped")
        assert proc.wait(timeout=60) == 0
    finally:
        proc.kill()
        os.close(master)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_menu_fits_80_columns(game: str) -> None:
    """Every menu of random games, at every position, for every pending seat: no line is
    longer than 80 columns, and every label is there in full (wrapped, never cut)."""
    import random

    from engine.simulate import player_names, random_step

    rules = registry.rules(game)
    menus = 0
    for seed in (1, 2):
        state = rules.new_game(player_names(GAMES[game] + 1), seed)
        rng = random.Random(seed)
        while (step := random_step(rules, state, rng)) is not None:
            for seat in sorted({p.seat for p in rules.pending(state)}):
                labels = [rules.describe(d) for d in rules.options(state, seat)]
                lines = offline.menu_lines(labels)
                assert all(len(line) <= 80 for line in lines), "\n".join(lines)
                text = " ".join(" ".join(lines).split())
                assert all(" ".join(label.split()) in text for label in labels), text
                menus += 1
            state, _ = rules.apply(state, *step)
    assert menus > 100


def test_a_played_menu_fits_80_columns() -> None:
    code, out = play("amunre", "1\n" * 30)
    menu = [line for line in out.splitlines() if re.match(r"\s+\d+\. ", line)]
    assert menu and max(len(line) for line in menu) <= 80


@pytest.mark.parametrize(("game", "res"), [
    ("pantheon", {"scores": [76, 76, 40], "winners": [1], "demigods": [3, 5, 0],
                  "tie_break": True}),
    ("amunre", {"scores": [30, 30, 12], "winners": [1], "pyramids": [4, 4, 1],
                "stones": [2, 2, 0], "tie_break": True}),
    ("tta", {"scores": [50, 50, 20], "winners": [1]}),
])
def test_the_final_ranking_puts_the_tie_break_winner_first(game: str, res: dict) -> None:
    """Pantheon printed "1. AI 2 76 (3 demigods) / 2. AI 3 76 (5 demigods)" with AI 3 the
    winner: a tie is listed with the winner first."""
    names = ["AI 1", "AI 2", "AI 3"]
    lines = registry.rules(game).result_lines(res, names)
    assert "AI 2" in lines[0] and "AI 1" in lines[1], lines


def test_replay_and_verify_read_what_the_terminal_saves(tmp_path: Path, capsys) -> None:
    """`agora replay` and `agora verify` take a game `agora play` saved: a finished one as its
    full record (rebuilt decision by decision), an unfinished one as its public record."""
    from bot.cli import main as agora

    save = tmp_path / "amunre.json"
    code, out = play("amunre", "", seed=5, ai=3, save=str(save))  # every seat an AI
    assert code == 0 and "Game over" in out
    assert f"agora replay {save.resolve()}" in out and f"agora verify {save.resolve()}" in out
    capsys.readouterr()
    assert agora(["replay", str(save)]) == 0
    shown = capsys.readouterr().out
    assert "(Amun-Re, finished)" in shown and "=== Decision 1: AI 1" in shown
    winner = next(line for line in out.splitlines() if line.startswith("Winner"))
    assert shown.splitlines()[-1] == winner  # the same game, rebuilt
    assert agora(["verify", str(save)]) == 0
    assert "Every receipt checks out" in capsys.readouterr().out
    half = tmp_path / "half.json"
    data = json.loads(save.read_text(encoding="utf-8"))
    data["decisions"] = data["decisions"][:40]
    half.write_text(json.dumps(data), encoding="utf-8")
    assert agora(["replay", str(half)]) == 0
    assert "(Amun-Re, in play)" in capsys.readouterr().out
    assert agora(["verify", str(half)]) == 0
    assert "Every receipt checks out" in capsys.readouterr().out
    data["decisions"][3][1]["kind"] = "fly"
    half.write_text(json.dumps(data), encoding="utf-8")
    assert agora(["verify", str(half)]) == 2
    assert "decision 4 of 40 does not apply" in capsys.readouterr().err


def test_the_readme_shows_the_sample_record_as_it_replays(capsys) -> None:
    """The README's replay and verify output is what the commands print for the sample."""
    from bot.cli import main as agora
    from tests.paths import ROOT

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    sample = str(ROOT / "docs" / "sample-amunre.record.json")
    assert agora(["replay", sample, "--lang", "en"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert f"Its replay ({len(lines)} lines;" in readme
    assert "\n".join(lines[:9]) in readme and "\n".join(lines[-7:]) in readme
    assert agora(["verify", sample, "--lang", "en"]) == 0
    assert capsys.readouterr().out.strip() in readme


def test_agora_render_numbers_the_hands_as_the_players(tmp_path: Path, capsys) -> None:
    """`agora render tta` wrote hand-0.png beside player1.png: both count from 1 now."""
    from bot.cli import main as agora

    assert agora(["render", "tta", "--players", "2", "--seed", "1", "--decisions", "10",
                  "--out", str(tmp_path)]) == 0
    names = {p.name for p in tmp_path.glob("*.png")}
    assert {"player1.png", "player2.png", "hand1.png", "hand2.png"} <= names, names


@pytest.mark.parametrize(("argv", "said"), [
    (["play", "pantheon", "--players", "3", "--ai", "2", "--seed", "5", "--no-pictures",
      "--save", "{tmp}/g.json"], "Game stopped (seed 5"),
    (["replay", "{sample}", "--step"], "Interrupted (Ctrl-C)."),
])
def test_ctrl_c_exits_with_130_and_no_traceback(argv: list[str], said: str,
                                                tmp_path: Path) -> None:
    import signal
    import subprocess
    import sys

    from tests.paths import ROOT

    sample = str(ROOT / "docs" / "sample-amunre.record.json")
    argv = [a.format(tmp=tmp_path, sample=sample) for a in argv]
    proc = subprocess.Popen([sys.executable, "-m", "bot.cli", *argv, "--lang", "en"],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, cwd=ROOT)
    assert proc.stdout is not None
    seen = b""
    while not seen.endswith((b"> ", b"[Enter: next turn] ")):  # waiting for the person
        chunk = proc.stdout.read1(4096)
        assert chunk, seen
        seen += chunk
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130
    assert "Traceback" not in err.decode() and "KeyboardInterrupt" not in err.decode()
    assert said in (seen + out + err).decode()


def test_a_reader_that_stops_early_ends_the_command_quietly() -> None:
    """`agora simulate ... | head -1`: once the reader has gone, the command ends with the
    shell's code for it (141) and no BrokenPipeError traceback."""
    import subprocess
    import sys

    from tests.paths import ROOT

    proc = subprocess.Popen([sys.executable, "-m", "bot.cli", "simulate", "pantheon",
                             "--players", "3", "--games", "20", "--seed", "1"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT)
    assert proc.stdout is not None and proc.stderr is not None
    first = proc.stdout.readline()
    proc.stdout.close()  # the reader stops, as `head -1` does
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=120) == 141
    assert first.startswith(b"game    1") and "Traceback" not in err and err == ""


@pytest.mark.parametrize("lang", ["en", "cs", "de", "pl"])
@pytest.mark.parametrize("game", ["amunre", "tta"])
def test_a_prompt_after_another_seats_turn_says_what_happened_in_the_log_s_words(
        game: str, lang: str, capsys, monkeypatch) -> None:
    """ "AI 2 chose End your turn" read the menu label as a deed: the line now starts with the
    game's own log line of that decision ("AI 2 (normal) ends the turn. Now: ...")."""
    from bot.cli import main as agora
    from data.i18n import t

    n = GAMES[game]
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n" * 300))
    assert agora(["play", game, "--players", str(n), "--ai", str(n - 1), "--seed", "1",
                  "--no-pictures", "--lang", lang]) == 0
    out = capsys.readouterr().out
    marker = t("offline.waiting_after", lang, done="@", text="@").split("@")[1]
    lines = [line for line in out.splitlines() if marker in line and line[:1] != " "]
    assert lines, out[-3000:]
    logged = {line.strip() for line in out.splitlines() if line.startswith("  ")}
    for line in lines:
        done = line.split(marker)[0]
        assert any(log.startswith(done) for log in logged), line
        assert not line.endswith(".."), line


def test_the_readme_documents_the_terminal() -> None:
    """The quick start names every game with its seat counts; --resume, --save, rules and
    undo are documented; the commands_synced line is the one the bot logs (one command per
    game, /mygames, /away, /ranking, /stats and /history, and the guild)."""
    from tests.paths import ROOT

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    start = readme[readme.index("## Quick start"):readme.index("## Create the Discord")]
    for game in registry.ids():
        info = registry.info(game)
        assert f"agora play {game} " in start
        assert f"{info.name}: {info.min_players}-{info.max_players} seats" in start
    offline_part = " ".join(readme[readme.index("## Playing offline"):].split())
    for word in ("--resume FILE", "--save FILE", "`rules [topic]`", "`undo`"):
        assert word in offline_part, word
    app = (ROOT / "bot" / "discord" / "app.py").read_text(encoding="utf-8")
    assert 'log("commands_synced", count=len(synced), guild=' in app
    # bot.discord.app: every game and /mygames (commands.build), /away (bot.discord.away),
    # /ranking, /stats and /history (bot.discord.history)
    count = len(registry.ids()) + 5
    assert f'"commands_synced", "count": {count}, "guild": null}}' in " ".join(readme.split())
