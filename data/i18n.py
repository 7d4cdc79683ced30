"""The one translation hook: every text a player sees goes through `t()`.

Strings live in flat-key JSON files, one per locale: the host's own texts (the bot, the offline
client) in data/locale/<locale>.json, and each game's texts in data/<game>/locale/<locale>.json
with every key in the game's namespace ("pantheon.event.placed": "{name} placed ..."). A game
added under data/ is picked up by its folder alone. A key defined in two files is an error at
load. A missing key falls back to English, then to the key itself, so nothing ever crashes on
text.

Plurals follow the i18next JSON v4 convention, which translators' tools open: a text that
depends on a number is stored as `<key>_<category>` with the CLDR plural categories of the locale
(zero, one, two, few, many, other; English has one and other), and `t(key, count=n)` picks the
category through Babel's CLDR rules. As in i18next, `<key>_zero` (when present) is used for a
count of 0 even in a language without a zero category. A missing form falls back to
`<key>_other`, then to `<key>`."""

from __future__ import annotations

import json
import os
from functools import cache
from numbers import Number
from pathlib import Path
from typing import Any

from babel import Locale, UnknownLocaleError

DATA_DIR = Path(__file__).parent
LOCALE_DIR = DATA_DIR / "locale"
DEFAULT_LOCALE = os.environ.get("AGORA_LOCALE", "en")


class LocaleError(ValueError):
    """A locale file that cannot be merged: a key defined twice, or outside its game's namespace."""


def locale_files(locale: str, root: Path = DATA_DIR) -> list[tuple[str | None, Path]]:
    """(game, file) for every file of `locale`: the host's first (game None), then each game's
    data/<game>/locale/<locale>.json in name order."""
    files: list[tuple[str | None, Path]] = []
    host = root / "locale" / f"{locale}.json"
    if host.is_file():
        files.append((None, host))
    for path in sorted(root.glob(f"*/locale/{locale}.json")):
        files.append((path.parent.parent.name, path))
    return files


def _read(path: Path) -> dict[str, str]:
    def unique(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        seen: dict[str, Any] = {}
        for key, value in pairs:
            if key in seen:
                raise LocaleError(f"locale key {key!r} is defined twice in {path}")
            seen[key] = value
        return seen

    return json.loads(path.read_text(encoding="utf-8"), object_pairs_hook=unique)


def load(locale: str, root: Path = DATA_DIR) -> dict[str, str]:
    """The merged catalogue of `locale` under `root`, checked: no key twice, a game's keys all
    start with "<game>."."""
    merged: dict[str, str] = {}
    origin: dict[str, Path] = {}
    for game, path in locale_files(locale, root):
        for key, text in _read(path).items():
            if game is not None and not key.startswith(f"{game}."):
                raise LocaleError(f"locale key {key!r} in {path} is outside the {game!r} "
                                  f"namespace (it must start with {game + '.'!r})")
            if key in merged:
                raise LocaleError(f"locale key {key!r} is defined in both {origin[key]} and {path}")
            merged[key] = text
            origin[key] = path
    return merged


@cache
def catalogue(locale: str) -> dict[str, str]:
    return load(locale)


@cache
def _plural_form(locale: str) -> Any:
    try:
        return Locale.parse(locale.replace("-", "_")).plural_form
    except (UnknownLocaleError, ValueError, TypeError):
        return Locale.parse("en").plural_form


def plural_category(count: Any, locale: str | None = None) -> str:
    """The CLDR plural category of `count` in `locale`: zero, one, two, few, many or other."""
    return str(_plural_form(locale or DEFAULT_LOCALE)(count))


def _keys(key: str, locale: str, args: dict[str, Any]) -> list[str]:
    count = args.get("count")
    if not isinstance(count, Number) or isinstance(count, bool):
        return [key]
    keys = [f"{key}_zero"] if count == 0 else []
    return [*keys, f"{key}_{plural_category(count, locale)}", f"{key}_other", key]


def _template(key: str, locale: str, args: dict[str, Any]) -> str | None:
    texts = catalogue(locale)
    return next((texts[k] for k in _keys(key, locale, args) if texts.get(k)), None)


def t(key: str, locale: str | None = None, **args: Any) -> str:
    """The text of `key` in `locale`, formatted with `args`; with a numeric `count`, the plural
    form of that count (see the module's notes)."""
    loc = locale or DEFAULT_LOCALE
    template = _template(key, loc, args) or _template(key, "en", args) or key
    try:
        return template.format(**args)
    except (KeyError, IndexError, ValueError):
        return template
