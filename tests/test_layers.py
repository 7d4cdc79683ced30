"""The layer contracts (pyproject.toml, [tool.importlinter]; run by `lint-imports` in .ci/run)
stay complete: every room and module of bot/ but the games' command modules is a source of the
"host-neutral" contract and a layer of "bot-rooms", and every registered game's packages are
forbidden to the host. A new room, module or game that is not added there would otherwise slip
past the check. And the contracts hold."""

from __future__ import annotations

import subprocess
import sys
import tomllib

from engine import registry
from tests.paths import ROOT

CONTRACTS = 6


def contract(contract_id: str) -> dict:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    contracts = config["tool"]["importlinter"]["contracts"]
    return next(c for c in contracts if c["id"] == contract_id)


def rooms() -> set[str]:
    """Every module and package directly in bot/ (its rooms), but bot.games."""
    bot = ROOT / "bot"
    modules = {p.stem for p in bot.glob("*.py") if p.stem != "__init__"}
    packages = {p.name for p in bot.iterdir() if (p / "__init__.py").is_file()}
    return (modules | packages) - {"games"}


def test_every_room_of_the_bot_is_checked() -> None:
    assert set(contract("host-neutral")["source_modules"]) == {f"bot.{r}" for r in rooms()}
    layers = {name.strip() for layer in contract("bot-rooms")["layers"]
              for name in layer.split("|")}
    assert layers == rooms() | {"games"}


def test_only_the_discord_room_may_talk_to_discord() -> None:
    sources = set(contract("discord-side")["source_modules"])
    assert sources == {f"bot.{r}" for r in rooms() | {"games"}} - {"bot.discord", "bot.cli"}


def test_every_registered_game_is_forbidden_to_the_host() -> None:
    forbidden = set(contract("host-neutral")["forbidden_modules"])
    assert "bot.games" in forbidden  # every game's command module at once
    for game in registry.GAMES:
        entry = registry.entry(game)
        parts = {entry.rules, entry.render, f"data.{game}"}
        assert parts <= forbidden, f"add {sorted(parts - forbidden)} to the host-neutral contract"


def test_the_contracts_hold() -> None:
    run = "from importlinter.cli import lint_imports_command; lint_imports_command()"
    out = subprocess.run([sys.executable, "-c", run, "--no-logo", "--no-cache"], cwd=ROOT,
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stdout + out.stderr
    assert f"{CONTRACTS} kept, 0 broken" in out.stdout
