"""Several bot processes: the shard settings (AGORA_SHARD_IDS, AGORA_SHARD_COUNT, `agora run
--shards --shard-count`), and the leases that give each piece of background work to exactly one
process (bot/store.py `claim`/`release`, bot/leases.py)."""

from __future__ import annotations

import asyncio
import os
import sqlite3
import subprocess
import sys

import pytest

from bot.discord.app import create_bot
from bot.discord.config import Config, ConfigError, parse_shard_ids
from bot.host.leases import Leases, process_owner
from bot.store.sqlite import Store
from tests.paths import ROOT


def test_shard_ids_are_ranges_and_lists():
    assert parse_shard_ids("0-3") == (0, 1, 2, 3)
    assert parse_shard_ids("0,2,5") == (0, 2, 5)
    assert parse_shard_ids("1") == (1,)
    assert parse_shard_ids(" 4-5, 0 ,5") == (0, 4, 5)  # each once, in order
    for bad in ("", "a", "3-1", "-1", "1-", "0,,2", "1.5"):
        with pytest.raises(ConfigError, match="AGORA_SHARD_IDS"):
            parse_shard_ids(bad)


def test_shard_settings_from_the_environment():
    env = {"DISCORD_TOKEN": "x"}
    cfg = Config.from_env(env)
    assert (cfg.shard_ids, cfg.shard_count, cfg.sweep_every) == (None, None, 30.0)
    cfg = Config.from_env({**env, "AGORA_SHARD_IDS": "0-3", "AGORA_SHARD_COUNT": "8",
                           "AGORA_SWEEP_SECONDS": "2"})
    assert (cfg.shard_ids, cfg.shard_count, cfg.sweep_every) == ((0, 1, 2, 3), 8, 2.0)
    assert Config.from_env({**env, "AGORA_SHARD_COUNT": "2"}).shard_ids is None
    refused = {
        ("0-3", ""): "needs AGORA_SHARD_COUNT",
        ("0-8", "8"): "no shard 8 when AGORA_SHARD_COUNT (--shard-count) is 8",
        ("", "0"): "at least 1, not '0'",
        ("", "two"): "at least 1, not 'two'",
        ("x", "2"): "such as 0-3",
    }
    for (ids, count), message in refused.items():
        with pytest.raises(ConfigError, match=message.replace("(", r"\(").replace(")", r"\)")):
            Config.from_env({**env, "AGORA_SHARD_IDS": ids, "AGORA_SHARD_COUNT": count})


def test_the_bot_runs_the_shards_it_is_given():
    bot = create_bot(Config.from_env({"DISCORD_TOKEN": "x", "AGORA_SHARD_IDS": "0,2",
                                      "AGORA_SHARD_COUNT": "4"}))
    assert (bot.shard_ids, bot.shard_count) == ([0, 2], 4)
    automatic = create_bot(Config.from_env({"DISCORD_TOKEN": "x"}))
    assert (automatic.shard_ids, automatic.shard_count) == (None, None)


def agora_run(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    """`agora run ...` as a real process, with only the given AGORA_/DISCORD_ settings."""
    base = {k: v for k, v in os.environ.items() if not k.startswith(("AGORA_", "DISCORD_"))}
    return subprocess.run([sys.executable, "-m", "bot.cli", "run", *args], cwd=ROOT,
                          env={**base, "DISCORD_TOKEN": "x", "AGORA_DB": ":memory:", **env},
                          capture_output=True, text=True, timeout=60)


def test_bad_shard_settings_stop_agora_run_with_one_line_and_code_2():
    cases = [
        (("--shards", "0-3"), {}, "agora: AGORA_SHARD_IDS (--shards) needs AGORA_SHARD_COUNT"),
        (("--shards", "0-3", "--shard-count", "2"), {}, "agora: there is no shard 3 when"),
        (("--shard-count", "0"), {}, "agora: AGORA_SHARD_COUNT (--shard-count) must be a whole"),
        ((), {"AGORA_SHARD_IDS": "1", "AGORA_SHARD_COUNT": "1"}, "agora: there is no shard 1"),
        # the command line overrides the environment
        (("--shard-count", "1"), {"AGORA_SHARD_IDS": "1", "AGORA_SHARD_COUNT": "4"},
         "agora: there is no shard 1 when AGORA_SHARD_COUNT (--shard-count) is 1"),
    ]
    for args, env, message in cases:
        done = agora_run(*args, **env)
        plain = [line for line in done.stderr.splitlines() if not line.startswith("{")]
        assert done.returncode == 2, (args, env, done.stderr)
        assert len(plain) == 1 and plain[0].startswith(message), (args, env, plain)


# --- leases ---------------------------------------------------------------------------------

@pytest.fixture
async def store(tmp_path):
    s = await Store.open(tmp_path / "agora.db")
    yield s
    await s.close()


async def test_a_lease_has_one_owner_until_it_runs_out(store):
    assert await store.claim("pump:1", "a", 30, now=100.0)
    assert not await store.claim("pump:1", "b", 30, now=110.0)  # a holds it until 130
    assert await store.claim("pump:1", "a", 30, now=120.0)  # a renews: until 150
    assert not await store.claim("pump:1", "b", 30, now=140.0)
    assert await store.claim("pump:2", "b", 30, now=140.0)  # another lease is another matter
    assert await store.claim("pump:1", "b", 30, now=151.0)  # a ran out: b takes it over
    assert not await store.claim("pump:1", "a", 30, now=152.0)
    await store.release("pump:1", "a")  # not a's any more: nothing happens
    assert not await store.claim("pump:1", "a", 30, now=153.0)
    await store.release("pump:1", "b")
    assert await store.claim("pump:1", "a", 30, now=154.0)  # free at once


async def test_two_processes_racing_for_a_lease_get_it_once(tmp_path):
    """Two stores on one database file, as two processes would be: of many simultaneous
    claims exactly one wins."""
    path = tmp_path / "agora.db"
    first, second = await Store.open(path), await Store.open(path)
    try:
        wins = await asyncio.gather(*(s.claim("reminders", f"owner-{i}", 30)
                                      for i, s in enumerate([first, second] * 5)))
        assert wins.count(True) == 1
    finally:
        await first.close()
        await second.close()


async def test_a_held_lease_is_renewed_until_released(tmp_path):
    path = tmp_path / "agora.db"
    store = await Store.open(path)
    watch = sqlite3.connect(path)  # reads the stored lease beside the store

    def until() -> float:
        return watch.execute("SELECT until FROM leases WHERE name = 'pump:7'").fetchone()[0]

    try:
        mine, theirs = Leases(store), Leases(store)
        assert mine.owner != theirs.owner and mine.owner.count(":") == 2
        assert process_owner() != process_owner()
        lease = await mine.take("pump:7", 1.5)
        assert lease is not None and await theirs.take("pump:7", 1.5) is None
        first = until()
        # the holder renews it in the background while it works: the lease moves on
        deadline = asyncio.get_running_loop().time() + 20
        while until() == first and asyncio.get_running_loop().time() < deadline:
            await asyncio.sleep(0.05)
        renewed = until()
        assert renewed > first and not lease.lost
        # when it would have run out unrenewed, it is still mine
        assert not await store.claim("pump:7", theirs.owner, 1.5, now=first + 0.1)
        await lease.release()
        taken = await theirs.take("pump:7", 60)
        assert taken is not None
        await taken.stop()  # not released: it runs out by itself
        assert not await mine.claim("pump:7", 1.5)
        assert await store.claim("pump:7", mine.owner, 1.5, now=until() + 0.1)
    finally:
        watch.close()
        await store.close()
