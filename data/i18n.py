"""The one translation hook: every text a player sees goes through `t()`.

Strings live in flat-key JSON files, one per locale: the host's own texts (the bot, the offline
client) in data/locale/<locale>.json, and each game's texts in data/<game>/locale/<locale>.json
with every key in the game's namespace ("pantheon.event.placed": "{name} placed ..."), a large
part of a game's texts possibly in a folder of its own (data/<game>/locale/<part>/<locale>.json,
same namespace). A game
added under data/ is picked up by its folder alone. A key defined in two files is an error at
load. A missing key falls back to English, then to the key itself, so nothing ever crashes on
text.

Plurals follow the i18next JSON v4 convention, which translators' tools open: a text that
depends on a number is stored as `<key>_<category>` with the CLDR plural categories of the locale
(zero, one, two, few, many, other; English has one and other), and `t(key, count=n)` picks the
category through Babel's CLDR rules. As in i18next, `<key>_zero` (when present) is used for a
count of 0 even in a language without a zero category. A missing form falls back to
`<key>_other`, then to `<key>`.

Which language: `t(key, "cs")` names it; without one, the language of the current context
(`use_language`, a ContextVar, so each Discord interaction and each background task carries its
own), then AGORA_LOCALE, then English. A float argument is written with the language's decimal
sign (Babel): 1.5 hours is "1,5" in Czech, German and Polish."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from numbers import Number
from pathlib import Path
from typing import Any

from babel import Locale, UnknownLocaleError
from babel.numbers import format_decimal

DATA_DIR = Path(__file__).parent
LOCALE_DIR = DATA_DIR / "locale"
# the languages every catalogue is written in (tests/test_locales.py keeps them complete)
LANGUAGES = ("en", "cs", "de", "pl")


def supported(locale: object) -> str | None:
    """Our language for a Discord or POSIX locale ("cs", "de", "pl", "en-US", "en-GB",
    "de_AT.UTF-8", discord.Locale.czech), or None when we have no catalogue for it."""
    text = str(getattr(locale, "value", locale) or "").strip().lower()
    head = text.replace("_", "-").split("-")[0].split(".")[0]
    return head if head in LANGUAGES else None


DEFAULT_LOCALE = supported(os.environ.get("AGORA_LOCALE")) or "en"
_LANGUAGE: ContextVar[str | None] = ContextVar("agora_language", default=None)


def language(locale: str | None = None) -> str:
    """The language a text is written in: `locale` if given, else the context's, else
    AGORA_LOCALE, else English."""
    return supported(locale) or _LANGUAGE.get() or DEFAULT_LOCALE


def set_language(locale: object) -> None:
    """The language of every text made from here on in this context (an interaction's task)."""
    _LANGUAGE.set(supported(locale) or _LANGUAGE.get())


@contextmanager
def use_language(locale: object) -> Iterator[str]:
    """Texts made inside the block are in `locale` (when we have it; else the current one)."""
    token = _LANGUAGE.set(supported(locale) or language())
    try:
        yield language()
    finally:
        _LANGUAGE.reset(token)


def number(value: float, locale: str | None = None) -> str:
    """A number as the language writes it (decimal sign and grouping, through Babel)."""
    return format_decimal(value, locale=language(locale))


class LocaleError(ValueError):
    """A locale file that cannot be merged: a key defined twice, or outside its game's namespace."""


def locale_files(locale: str, root: Path = DATA_DIR) -> list[tuple[str | None, Path]]:
    """(game, file) for every file of `locale`: the host's first (game None), then each game's
    data/<game>/locale/<locale>.json in name order, then each game's part catalogues
    data/<game>/locale/<part>/<locale>.json."""
    files: list[tuple[str | None, Path]] = []
    host = root / "locale" / f"{locale}.json"
    if host.is_file():
        files.append((None, host))
    for path in sorted(root.glob(f"*/locale/{locale}.json")):
        files.append((path.parent.parent.name, path))
    # a game's big catalogues (Through the Ages' card names and effects) in their own folder:
    # data/<game>/locale/<part>/<locale>.json, same namespace
    for path in sorted(root.glob(f"*/locale/*/{locale}.json")):
        files.append((path.parent.parent.parent.name, path))
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
    return str(_plural_form(language(locale))(count))


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
    loc = language(locale)
    template = _template(key, loc, args) or _template(key, "en", args) or key
    shown = {k: number(v, loc) if isinstance(v, float) else v for k, v in args.items()}
    try:
        return template.format(**shown)
    except (KeyError, IndexError, ValueError):
        return template
