"""The bot's configuration, read once from the environment (README.md, section
"Configuration", lists every variable).
AGORA_LOCALE is read by the translation hook itself (data/i18n.py)."""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from urllib.parse import urlsplit

from data.i18n import t

from ..web import settings as web_settings


class ConfigError(Exception):
    """A setting is missing or malformed; the message says which and how to fix it."""


@dataclass(frozen=True)
class Config:
    token: str
    db_path: str = "./agora.db"
    api_base: str | None = None  # REST base URL, e.g. http://127.0.0.1:8080/api/v10
    guild_id: int | None = None  # sync the commands to this guild only (development)
    ai_delay: float = 2.0  # seconds before an AI seat plays its turn
    remind_after: float = 12 * 3600.0  # idle seconds before the player to act is reminded
    remind_every: float = 300.0  # how often the reminder task looks for idle games
    # the shards this process runs (None: discord.py asks Discord how many, and runs them all)
    shard_ids: tuple[int, ...] | None = None
    shard_count: int | None = None
    sweep_every: float = 30.0  # how often pending work (posts, AI turns) is looked for
    web: web_settings.WebSettings | None = None  # the web companion (AGORA_WEB_PORT), or off
    # the game clocks' time source (reminders, deadlines, vacations): tests pass their own
    clock: Callable[[], float] = field(default=time.time, compare=False)

    @classmethod
    def from_env(cls, env: dict[str, str] | None = None) -> Config:
        env = dict(os.environ if env is None else env)
        token = env.get("DISCORD_TOKEN", "").strip()
        if not token:
            raise ConfigError(t("bot.run.no_token"))
        return cls(
            token=token,
            db_path=env.get("AGORA_DB") or "./agora.db",
            api_base=_api_base(env),
            guild_id=_int(env, "AGORA_GUILD_ID"),
            ai_delay=_float(env, "AGORA_AI_DELAY", 2.0),
            remind_after=_float(env, "AGORA_REMIND_HOURS", 12.0) * 3600.0,
            remind_every=_float(env, "AGORA_REMIND_CHECK_SECONDS", 300.0),
            sweep_every=_float(env, "AGORA_SWEEP_SECONDS", 30.0),
            web=_web(env),
            **_shards(env),
        )


def _web(env: dict[str, str]) -> web_settings.WebSettings | None:
    try:
        return web_settings.from_env(env)
    except web_settings.WebSettingsError as exc:
        raise ConfigError(str(exc)) from None


def parse_shard_ids(raw: str) -> tuple[int, ...]:
    """"0-3", "0,2,5", "1", "0-1,4": the sorted shard ids, each once."""
    ids: set[int] = set()
    try:
        for part in raw.split(","):
            first, dash, last = part.strip().partition("-")
            low = int(first)
            high = int(last) if dash else low
            if low < 0 or high < low:
                raise ValueError(part)
            ids.update(range(low, high + 1))
    except ValueError:
        raise ConfigError(t("bot.run.bad_shards", value=repr(raw))) from None
    return tuple(sorted(ids))


def _shards(env: dict[str, str]) -> dict[str, object]:
    """AGORA_SHARD_IDS and AGORA_SHARD_COUNT (or `agora run --shards/--shard-count`): both, or
    a count alone (this process runs every shard of that many), or neither (discord.py's
    automatic sharding). Ids without a count are refused: each process must agree on it."""
    raw_count = env.get("AGORA_SHARD_COUNT", "").strip()
    count = None
    if raw_count:
        try:
            count = int(raw_count)
        except ValueError:
            count = 0
        if count < 1:
            raise ConfigError(t("bot.run.bad_shard_count", value=repr(raw_count)))
    raw = env.get("AGORA_SHARD_IDS", "").strip()
    if not raw:
        return {"shard_count": count}
    if count is None:
        raise ConfigError(t("bot.run.shards_without_count"))
    ids = parse_shard_ids(raw)
    if ids[-1] >= count:
        raise ConfigError(t("bot.run.shard_out_of_range", shard=ids[-1], count=count,
                            last=count - 1))
    return {"shard_ids": ids, "shard_count": count}


def _api_base(env: dict[str, str]) -> str | None:
    """DISCORD_API_BASE: an http(s) URL with a host, such as http://127.0.0.1:8080/api/v10."""
    raw = (env.get("DISCORD_API_BASE") or "").strip().rstrip("/")
    if not raw:
        return None
    parts = urlsplit(raw)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ConfigError(t("bot.run.bad_api_base", value=repr(raw)))
    return raw


def _int(env: dict[str, str], name: str) -> int | None:
    raw = env.get(name, "").strip()
    if not raw:
        return None
    try:
        return int(raw)
    except ValueError:
        raise ConfigError(t("bot.run.bad_id", name=name, value=repr(raw))) from None


def _float(env: dict[str, str], name: str, default: float) -> float:
    raw = env.get(name, "").strip()
    if not raw:
        return default
    try:
        value = float(raw)
    except ValueError:
        raise ConfigError(t("bot.run.bad_number", name=name, value=repr(raw))) from None
    if value < 0:
        raise ConfigError(t("bot.run.negative", name=name))
    return value
