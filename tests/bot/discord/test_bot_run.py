"""`agora run`: configuration from the environment, a clear message and exit code 2 for a
missing or rejected token, and log lines that are JSON and hold no hidden information."""

from __future__ import annotations

import asyncio
import json
import logging
import os
import shutil
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from bot.discord.app import EXIT_CONFIG, EXIT_NETWORK, run_from_env
from bot.discord.config import Config, ConfigError
from bot.logs import JsonLines, log
from tests.bot.bot_helpers import BotProcess, bot_log_records
from tests.paths import ROOT


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


# --- start-up errors: one line, exit code 2, before Discord is contacted -------------------------

CLOSED_PORT = "http://127.0.0.1:9/api/v10"  # Discord out of reach: settings fail first anyway


def agora_run(**env: str) -> tuple[int, list[str]]:
    """`agora run` as a real process with this environment (Discord out of reach unless
    given): its exit code and its standard error's lines."""
    full = {k: v for k, v in os.environ.items() if not k.startswith(("AGORA_", "DISCORD_"))}
    full.update(DISCORD_TOKEN="abc", DISCORD_API_BASE=CLOSED_PORT,
                PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT),
                                                         os.environ.get("PYTHONPATH")])))
    full.update(env)
    done = subprocess.run([sys.executable, "-c",
                           "from bot.cli import main; raise SystemExit(main(['run']))"],
                          cwd=ROOT, env=full, capture_output=True, text=True, timeout=60)
    return done.returncode, done.stderr.splitlines()


def sqlite_file(path: Path) -> Path:
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("CREATE TABLE t (x)")
    conn.executemany("INSERT INTO t VALUES (?)", [("x" * 500,)] * 200)
    conn.commit()
    conn.close()
    return path


def garbage(tmp: Path) -> str:
    (tmp / "agora.db").write_text("this is not a database\n" * 100)
    return str(tmp / "agora.db")


def truncated(tmp: Path) -> str:
    db = sqlite_file(tmp / "agora.db")
    db.write_bytes(db.read_bytes()[:100])
    return str(db)


def overwritten(tmp: Path) -> str:
    db = sqlite_file(tmp / "agora.db")
    data = bytearray(db.read_bytes())
    data[:4096] = bytes(range(256)) * 16
    db.write_bytes(bytes(data))
    return str(db)


def directory(tmp: Path) -> str:
    (tmp / "agora.db").mkdir()
    return str(tmp / "agora.db")


def missing_folder(tmp: Path) -> str:
    return str(tmp / "no" / "such" / "folder" / "agora.db")


@pytest.mark.parametrize("make", [garbage, truncated, overwritten, directory, missing_folder])
def test_a_bad_database_is_one_line_and_exit_2(tmp_path, make):
    code, lines = agora_run(AGORA_DB=make(tmp_path))
    assert (code, len(lines)) == (2, 1), lines
    assert lines[0].startswith("agora: cannot open the database in AGORA_DB"), lines


def test_a_database_on_a_read_only_mount_is_one_line_and_exit_2(tmp_path):
    mount = tmp_path / "ro"
    mount.mkdir()
    if os.geteuid() != 0:  # CI and the project's machines run as root: there it always runs
        pytest.skip("mounting a file system needs root (CAP_SYS_ADMIN)")
    subprocess.run(["mount", "-t", "tmpfs", "tmpfs", str(mount)], check=True)
    try:
        sqlite_file(mount / "agora.db")
        subprocess.run(["mount", "-o", "remount,ro", str(mount)], check=True)
        code, lines = agora_run(AGORA_DB=str(mount / "agora.db"))
    finally:
        subprocess.run(["umount", str(mount)], check=True)
    assert (code, len(lines)) == (2, 1), lines
    assert lines[0].startswith("agora: cannot open the database in AGORA_DB"), lines


def test_an_unsupported_database_url_is_one_line_and_exit_2():
    code, lines = agora_run(AGORA_DB="mysql://agora:secret@db/agora")
    assert (code, lines) == (2, ["agora: AGORA_DB is a mysql:// URL, which Agora does not "
                                 "support: use the path of an SQLite file or a postgresql:// "
                                 "URL."])


def test_a_malformed_api_base_is_one_line_and_exit_2(tmp_path):
    code, lines = agora_run(AGORA_DB=str(tmp_path / "a.db"), DISCORD_API_BASE="notaurl")
    assert (code, len(lines)) == (2, 1), lines
    assert lines[0].startswith("agora: DISCORD_API_BASE must be an http:// or https:// URL")


def test_an_unreachable_postgresql_says_postgresql():
    code, lines = agora_run(AGORA_DB="postgresql://agora:secret@127.0.0.1:9/agora")
    assert (code, len(lines)) == (3, 1), lines
    assert lines[0].startswith("agora: cannot reach PostgreSQL (postgresql://agora:***@"), lines
    assert "secret" not in lines[0]


# --- deployment: docker stop, the health check, what stays out of git and the image ---------------

def unshare_works() -> bool:
    return shutil.which("unshare") is not None and subprocess.run(
        ["unshare", "--fork", "--pid", "true"], capture_output=True).returncode == 0


@pytest.mark.parametrize("pid1", [False, True], ids=["child", "pid1"])
async def test_sigterm_closes_the_gateway_and_the_database(discord_double, tmp_path, pid1):
    """`docker stop` sends SIGTERM, then SIGKILL 10 s later: the bot closes its gateway and its
    database and exits with 0 well within that, also as PID 1 of its own PID namespace (as in
    a container), where the kernel drops a signal the process has no handler for."""
    if pid1 and os.geteuid() != 0:  # as root (CI, the project's machines) it always runs
        pytest.skip("a PID namespace needs root (unshare --pid)")
    assert not pid1 or unshare_works(), "unshare --pid failed as root"
    db = tmp_path / "agora.db"
    bot = BotProcess(discord_double, db,
                     prefix=("unshare", "--fork", "--pid", "--kill-child") if pid1 else ())
    try:
        await bot.start()
        if pid1:
            status = Path(f"/proc/{bot.bot_pid()}/status").read_text().splitlines()
            nspid = next(line for line in status if line.startswith("NSpid:")).split()
            assert nspid[-1] == "1", nspid  # PID 1 in its own namespace
        started = asyncio.get_running_loop().time()
        code = await bot.signal_and_wait(signal.SIGTERM, 8)
    finally:
        await bot.kill()  # nothing left behind if it did not stop (a no-op if it did)
    assert code == 0, bot.other[-20:]
    assert asyncio.get_running_loop().time() - started < 8
    assert bot.logged("stopping") and bot.logged("closed"), bot.lines[-5:]
    assert not bot.errors
    await discord_double.wait_for_disconnect()
    assert all(s.ended for s in discord_double.gateway.sessions)  # closed with 1000, not lost
    assert not Path(f"{db}-wal").exists()  # the last connection closed: WAL checkpointed


def agora_health(db: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("AGORA_", "DISCORD_"))}
    env.update(AGORA_DB=db, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-m", "bot.cli", "health"], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=60)


def test_health_says_whether_the_database_answers(tmp_path):
    from bot.store import open_store

    async def make() -> None:
        await (await open_store(str(tmp_path / "agora.db"))).close()

    asyncio.run(make())
    ok = agora_health(str(tmp_path / "agora.db"))
    assert ok.returncode == 0 and ok.stdout.startswith("agora: healthy"), ok
    missing = agora_health(str(tmp_path / "none.db"))
    assert missing.returncode == 1 and len(missing.stderr.splitlines()) == 1, missing
    assert not (tmp_path / "none.db").exists()  # a health check never makes a database
    bad = agora_health(garbage(tmp_path))
    assert bad.returncode == 1 and "not_a_database" in bad.stderr, bad


def test_secrets_and_environments_stay_out_of_git_and_the_image():
    for name in (".gitignore", ".dockerignore"):
        lines = {line.strip().rstrip("/") for line in (ROOT / name).read_text().splitlines()}
        assert {".env", ".venv"} <= lines, name
    dockerfile = (ROOT / "Dockerfile").read_text()
    assert 'HEALTHCHECK' in dockerfile and '"agora", "health"' in dockerfile
