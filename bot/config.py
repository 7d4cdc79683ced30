"""The bot's configuration, read once from the environment (README.md, section
"Configuration", lists every variable).
AGORA_LOCALE is read by the translation hook itself (data/i18n.py)."""

from __future__ import annotations

import os
from dataclasses import dataclass

from data.i18n import t


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

    @classmethod
    def from_env(cls, env: dict[str, str] | None = None) -> Config:
        env = dict(os.environ if env is None else env)
        token = env.get("DISCORD_TOKEN", "").strip()
        if not token:
            raise ConfigError(t("bot.run.no_token"))
        return cls(
            token=token,
            db_path=env.get("AGORA_DB") or "./agora.db",
            api_base=(env.get("DISCORD_API_BASE") or "").rstrip("/") or None,
            guild_id=_int(env, "AGORA_GUILD_ID"),
            ai_delay=_float(env, "AGORA_AI_DELAY", 2.0),
            remind_after=_float(env, "AGORA_REMIND_HOURS", 12.0) * 3600.0,
            remind_every=_float(env, "AGORA_REMIND_CHECK_SECONDS", 300.0),
        )


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
