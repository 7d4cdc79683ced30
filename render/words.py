"""`data.i18n.t` for the pictures, remembered.

A board draws a hundred short texts (colour letters, province names, "3 harvest", the epoch
points), mostly the same every turn; looking each up again costs about a fifth of drawing the
board in its palette. The texts are a pure function of the key, the language, the arguments and
the catalogues (loaded once), so each is kept after its first use. The catalogue loader is part
of the memo's key, so that a test replacing it gets fresh texts."""

from __future__ import annotations

from typing import Any

from data import i18n

MEMO_MAX = 8192  # texts kept; all of them are forgotten at once when it is full
_MEMO: dict[tuple[Any, ...], str] = {}


def t(key: str, locale: str | None = None, **args: Any) -> str:
    """The text of `key` in `locale` (the current language if None), as `data.i18n.t` gives."""
    lang = locale if locale in i18n.LANGUAGES else i18n.language(locale)
    # the argument types count: True and 1 (or 1 and 1.0) are equal keys but different texts
    memo_key = (key, lang, i18n.catalogue, *((k, v.__class__, v) for k, v in args.items()))
    try:
        return _MEMO[memo_key]
    except KeyError:
        pass
    except TypeError:  # an argument that cannot be a key (never drawn so far)
        return i18n.t(key, lang, **args)
    text = i18n.t(key, lang, **args)
    if len(_MEMO) >= MEMO_MAX:
        _MEMO.clear()
    _MEMO[memo_key] = text
    return text
