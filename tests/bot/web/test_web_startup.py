"""The web companion's settings at start-up, as `agora run` and `agora web` read them: a bad
port, URL or secret, or a port that is taken, is one line on standard error and exit code 2
(like every other setting); `agora web` serves a database alone and stops on SIGTERM."""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import subprocess
import sys

import aiohttp

from bot.discord.config import Config
from bot.host.links import Links
from bot.host.lobby import Lobby
from bot.host.turns import Games
from bot.store import open_store
from tests.bot.discord.test_bot_run import agora_run
from tests.paths import ROOT

SECRET = "s" * 40


def web_env(**env: str) -> dict[str, str]:
    return {"AGORA_WEB_PORT": "8123", "AGORA_WEB_URL": "https://agora.example.org",
            "AGORA_WEB_SECRET": SECRET, **env}


def test_the_web_is_off_unless_a_port_is_set():
    assert Config.from_env({"DISCORD_TOKEN": "x"}).web is None
    web = Config.from_env({"DISCORD_TOKEN": "x", **web_env(
        AGORA_WEB_URL="https://agora.example.org/games/")}).web
    assert web is not None
    assert (web.port, web.url, web.host) == (8123, "https://agora.example.org/games", "0.0.0.0")
    assert SECRET not in repr(web)  # the secret stays out of logs and tracebacks


def test_bad_web_settings_are_one_line_and_exit_2(tmp_path):
    cases = [
        (web_env(AGORA_WEB_PORT="http"), "agora: AGORA_WEB_PORT must be a port number from 1 "
                                         "to 65535, not 'http'."),
        (web_env(AGORA_WEB_PORT="70000"), "agora: AGORA_WEB_PORT must be a port number from 1 "
                                          "to 65535, not '70000'."),
        (web_env(AGORA_WEB_URL=""), "agora: AGORA_WEB_URL must be the public http:// or "
                                    "https:// address"),
        (web_env(AGORA_WEB_URL="agora.example.org"), "agora: AGORA_WEB_URL must be"),
        (web_env(AGORA_WEB_SECRET=""), "agora: AGORA_WEB_SECRET must hold a random secret of "
                                       "at least 32 characters"),
        (web_env(AGORA_WEB_SECRET="short"), "agora: AGORA_WEB_SECRET must hold"),
    ]
    for env, start in cases:
        code, lines = agora_run(AGORA_DB=str(tmp_path / "a.db"), **env)
        assert (code, len(lines)) == (2, 1), (env, lines)
        assert lines[0].startswith(start), lines


def test_a_taken_port_is_one_line_and_exit_2_before_discord_is_asked(tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        code, lines = agora_run(AGORA_DB=str(tmp_path / "a.db"),
                                **web_env(AGORA_WEB_PORT=str(port), AGORA_WEB_HOST="127.0.0.1"))
    assert (code, len(lines)) == (2, 1), lines
    assert lines[0].startswith(f"agora: cannot serve the web pages on port {port} "
                               "(AGORA_WEB_PORT): "), lines


def agora_web(env: dict[str, str]) -> subprocess.Popen[str]:
    full = {k: v for k, v in os.environ.items() if not k.startswith(("AGORA_", "DISCORD_"))}
    full.update(env, PYTHONPATH=str(ROOT))
    return subprocess.Popen([sys.executable, "-m", "bot.cli", "web"], cwd=ROOT, env=full,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def test_agora_web_needs_its_settings(tmp_path):
    done = agora_web({"AGORA_DB": str(tmp_path / "a.db")})
    _, err = done.communicate(timeout=60)
    assert done.returncode == 2
    assert err.splitlines() == ["agora: agora web needs AGORA_WEB_PORT, AGORA_WEB_URL and "
                                "AGORA_WEB_SECRET (README.md, \"The web companion\")."]


async def test_agora_web_serves_the_database_alone(tmp_path):
    db = str(tmp_path / "agora.db")
    store = await open_store(db)
    lobby = Lobby(Games(store))
    await lobby.start(game="pantheon", guild_id=1, channel_id=5, user_id=1, name="Ann",
                      options={"seed": 2})
    await lobby.join(game="pantheon", channel_id=5, user_id=2, name="Bob")
    table = await lobby.begin(game="pantheon", channel_id=5, user_id=1, can_manage=False)
    await store.close()
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    url = f"http://127.0.0.1:{port}"
    proc = agora_web({"AGORA_DB": db, **web_env(AGORA_WEB_PORT=str(port), AGORA_WEB_URL=url,
                                                AGORA_WEB_HOST="127.0.0.1")})
    try:
        page = Links(url, SECRET).game_url(table.game.id)
        async with aiohttp.ClientSession() as http:
            for _ in range(200):  # until it listens
                try:
                    async with http.get(page) as r:
                        status, html = r.status, await r.text()
                    break
                except aiohttp.ClientConnectionError:
                    await asyncio.sleep(0.1)
            else:
                raise AssertionError(proc.stderr.read() if proc.poll() is not None else "")
        assert status == 200 and "Ann" in html and "Bob" in html
    finally:
        proc.send_signal(signal.SIGTERM)
        _, err = await asyncio.to_thread(proc.communicate, timeout=30)
    assert proc.returncode == 0, err
