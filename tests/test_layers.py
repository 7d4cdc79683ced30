"""The layer contracts (pyproject.toml, [tool.importlinter]; run by `lint-imports` in .ci/run)
stay complete: every host module of bot/ is a source of the "host-neutral" contract, and every
registered game's packages are forbidden to it. A new host module or a new game that is not
added there would otherwise slip past the check."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

from engine import registry

ROOT = Path(__file__).resolve().parent.parent


def contract(contract_id: str) -> dict:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    contracts = config["tool"]["importlinter"]["contracts"]
    return next(c for c in contracts if c["id"] == contract_id)


def test_every_host_module_is_checked() -> None:
    host = {f"bot.{p.stem}" for p in (ROOT / "bot").glob("*.py") if p.stem != "__init__"}
    assert set(contract("host-neutral")["source_modules"]) == host


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
    assert "3 kept, 0 broken" in out.stdout
