"""The one translation hook: every text a player sees goes through `t()`.

Strings live in data/locale/<locale>.json as flat keys ("event.placed": "{name} placed ...").
A missing key falls back to English, then to the key itself, so nothing ever crashes on text."""

from __future__ import annotations

import json
import os
from functools import cache
from pathlib import Path
from typing import Any

LOCALE_DIR = Path(__file__).parent / "locale"
DEFAULT_LOCALE = os.environ.get("AGORA_LOCALE", "en")


@cache
def catalogue(locale: str) -> dict[str, str]:
    path = LOCALE_DIR / f"{locale}.json"
    if not path.is_file():
        return {}
    return json.loads(path.read_text(encoding="utf-8"))


def t(key: str, locale: str | None = None, **args: Any) -> str:
    loc = locale or DEFAULT_LOCALE
    template = catalogue(loc).get(key) or catalogue("en").get(key) or key
    try:
        return template.format(**args)
    except (KeyError, IndexError, ValueError):
        return template
