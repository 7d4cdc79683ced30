"""The web companion's settings, read from the environment (README.md, "The web companion"):
AGORA_WEB_PORT turns it on; AGORA_WEB_URL is the public base URL its links use;
AGORA_WEB_SECRET signs them; AGORA_WEB_HOST (optional) is the address it listens on."""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urlsplit

from data.i18n import t

MIN_SECRET = 32  # characters: an HMAC key short enough to guess would make every link guessable


class WebSettingsError(ValueError):
    """A web setting is missing or malformed; the message says which and how to fix it."""


@dataclass(frozen=True)
class WebSettings:
    port: int
    url: str  # the public base URL, without a trailing slash
    secret: str = ""  # signs the links (bot.host.links); never logged
    host: str = "0.0.0.0"  # every interface: in a container the proxy reaches it from outside

    def __repr__(self) -> str:  # the secret stays out of logs and tracebacks
        return f"WebSettings(port={self.port}, url={self.url!r}, host={self.host!r})"


def from_env(env: dict[str, str]) -> WebSettings | None:
    """The web settings, or None when AGORA_WEB_PORT is unset (the web is off)."""
    raw_port = (env.get("AGORA_WEB_PORT") or "").strip()
    if not raw_port:
        return None
    try:
        port = int(raw_port)
    except ValueError:
        port = 0
    if not 1 <= port <= 65535:
        raise WebSettingsError(t("bot.run.web_bad_port", value=repr(raw_port)))
    raw_url = (env.get("AGORA_WEB_URL") or "").strip().rstrip("/")
    parts = urlsplit(raw_url)
    if parts.scheme not in ("http", "https") or not parts.hostname or parts.query \
            or parts.fragment:
        raise WebSettingsError(t("bot.run.web_bad_url", value=repr(raw_url)))
    secret = (env.get("AGORA_WEB_SECRET") or "").strip()
    if len(secret) < MIN_SECRET:
        raise WebSettingsError(t("bot.run.web_no_secret", length=MIN_SECRET))
    host = (env.get("AGORA_WEB_HOST") or "").strip() or "0.0.0.0"
    return WebSettings(port=port, url=raw_url, secret=secret, host=host)
