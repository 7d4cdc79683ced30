"""`agora run`: configuration from the environment, a clear message and exit code 2 for a
missing or rejected token, and log lines that are JSON and hold no hidden information."""

from __future__ import annotations

import asyncio
import json
import logging

import pytest

from bot.discord.app import EXIT_CONFIG, EXIT_NETWORK, run_from_env
from bot.discord.config import Config, ConfigError
from bot.logs import JsonLines, log
from tests.bot.bot_helpers import bot_log_records


@pytest.fixture
def quiet_root():
    """run_from_env installs a JSON handler on the root logger; take it off again."""
    root = logging.getLogger()
    before, level = list(root.handlers), root.level
    yield
    root.handlers[:] = before
    root.setLevel(level)


def test_config_reads_the_environment():
    cfg = Config.from_env({"DISCORD_TOKEN": " abc ", "AGORA_DB": "/data/agora.db",
                           "DISCORD_API_BASE": "http://127.0.0.1:9/api/v10/",
                           "AGORA_GUILD_ID": "123", "AGORA_AI_DELAY": "0.5",
                           "AGORA_REMIND_HOURS": "2"})
    assert (cfg.token, cfg.db_path, cfg.api_base, cfg.guild_id) == (
        "abc", "/data/agora.db", "http://127.0.0.1:9/api/v10", 123)
    assert cfg.ai_delay == 0.5 and cfg.remind_after == 7200.0
    assert Config.from_env({"DISCORD_TOKEN": "x"}).db_path == "./agora.db"
    with pytest.raises(ConfigError, match="AGORA_GUILD_ID"):
        Config.from_env({"DISCORD_TOKEN": "x", "AGORA_GUILD_ID": "general"})
    with pytest.raises(ConfigError, match="negative"):
        Config.from_env({"DISCORD_TOKEN": "x", "AGORA_AI_DELAY": "-1"})


def test_missing_token_exits_with_2(monkeypatch, capsys, quiet_root):
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    assert run_from_env() == EXIT_CONFIG == 2
    assert "DISCORD_TOKEN is not set" in capsys.readouterr().err


async def test_rejected_token_exits_with_2(discord_double, monkeypatch, tmp_path, capsys,
                                           quiet_root):
    monkeypatch.setenv("DISCORD_TOKEN", "not-the-token")
    monkeypatch.setenv("AGORA_DB", str(tmp_path / "a.db"))
    code = await asyncio.to_thread(run_from_env)  # its own event loop, like the CLI
    assert code == 2
    assert "rejected the token" in capsys.readouterr().err


def test_log_lines_are_json_objects():
    with bot_log_records() as kept:
        log("commit", game=3, seat=1, level="easy")
    records = kept.records
    line = json.loads(JsonLines().format(records[0]))
    assert line["event"] == "commit" and line["game"] == 3 and line["level"] == "info"
    assert line["level_"] == "easy"  # a field never overwrites the line's own keys


def test_no_network_prints_one_line_and_exits_with_3(monkeypatch, tmp_path, capsys, quiet_root):
    """Discord out of reach (here: a closed port on this machine) is one clear line, not a
    traceback."""
    monkeypatch.setenv("DISCORD_TOKEN", "abc")
    monkeypatch.setenv("AGORA_DB", str(tmp_path / "a.db"))
    monkeypatch.setenv("DISCORD_API_BASE", "http://127.0.0.1:9/api/v10")
    assert run_from_env() == EXIT_NETWORK == 3
    err = capsys.readouterr().err
    plain = [line for line in err.splitlines() if not line.startswith("{")]  # not a JSON log
    assert len(plain) == 1 and plain[0].startswith("agora: cannot reach Discord")
    assert "Traceback" not in err
