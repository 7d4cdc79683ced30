"""Every catalogue in every language (issue 10): the same keys as English, the same
placeholders, every CLDR plural form of the language, and review marks that point at real keys.

A catalogue is the host's data/locale/<lang>.json or a game's data/<game>/locale/<lang>.json.
Plural texts follow the i18next JSON v4 convention (data/i18n.py): `<key>_<category>`; a
language must give every category Babel's CLDR rules name for it, and `_zero` where English has
one."""

from __future__ import annotations

import json
import re
import string
from pathlib import Path

import pytest
from babel import Locale

from data.i18n import DATA_DIR, LANGUAGES, catalogue, plural_category, t

CATEGORIES = ("zero", "one", "two", "few", "many", "other")
OTHER_LANGS = [lang for lang in LANGUAGES if lang != "en"]
DIRS = [DATA_DIR / "locale", *sorted(p.parent for p in DATA_DIR.glob("*/locale/en.json")),
        *sorted(p.parent for p in DATA_DIR.glob("*/locale/*/en.json"))]


def _read(path: Path) -> dict[str, str]:
    return json.loads(path.read_text(encoding="utf-8"))


def _split(key: str) -> tuple[str, str | None]:
    base, _, tail = key.rpartition("_")
    return (base, tail) if base and tail in CATEGORIES else (key, None)


def _groups(texts: dict[str, str]) -> tuple[dict[str, str], dict[str, dict[str, str]]]:
    """(plain keys, plural base -> {category: text})."""
    plain: dict[str, str] = {}
    plural: dict[str, dict[str, str]] = {}
    for key, text in texts.items():
        base, cat = _split(key)
        if cat is None:
            plain[key] = text
        else:
            plural.setdefault(base, {})[cat] = text
    return plain, plural


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def _lang_categories(lang: str) -> set[str]:
    return set(Locale.parse(lang).plural_form.tags) | {"other"}


CASES = [(d, lang) for d in DIRS for lang in OTHER_LANGS]
IDS = [f"{'-'.join(d.relative_to(DATA_DIR).parts) if d != DATA_DIR / 'locale' else 'host'}-{lang}"
       for d, lang in CASES]


@pytest.mark.parametrize(("folder", "lang"), CASES, ids=IDS)
def test_catalogue_matches_english(folder: Path, lang: str) -> None:
    path = folder / f"{lang}.json"
    assert path.is_file(), f"{path} is missing"
    en_plain, en_plural = _groups(_read(folder / "en.json"))
    plain, plural = _groups(_read(path))
    assert sorted(set(en_plain) - set(plain)) == [], "keys missing"
    assert sorted(set(plain) - set(en_plain)) == [], "keys English does not have"
    assert sorted(set(en_plural) - set(plural)) == [], "plural texts missing"
    assert sorted(set(plural) - set(en_plural)) == [], "plural texts English does not have"
    for key, text in plain.items():
        assert text.strip(), f"{key} is empty"
        assert _fields(text) == _fields(en_plain[key]), f"{key}: placeholders differ"
    wanted = _lang_categories(lang)
    for base, forms in plural.items():
        need = wanted | ({"zero"} if "zero" in en_plural[base] else set())
        assert set(forms) == need, f"{base}: forms {sorted(forms)}, {lang} needs {sorted(need)}"
        en_fields = set().union(*(_fields(x) for x in en_plural[base].values()))
        mine = set().union(*(_fields(x) for x in forms.values()))
        assert mine == en_fields, f"{base}: placeholders differ"
        assert all(x.strip() for x in forms.values()), f"{base}: an empty form"


@pytest.mark.parametrize(("folder", "lang"), CASES, ids=IDS)
def test_review_marks_name_real_keys(folder: Path, lang: str) -> None:
    """Terms no rulebook gives in a language are translated and marked for review in
    <lang>.review.json beside the catalogue ({key: note})."""
    review = folder / f"{lang}.review.json"
    if not review.is_file():
        return
    marks = _read(review)
    keys = set(_read(folder / f"{lang}.json"))
    assert sorted(set(marks) - keys) == []
    assert all(isinstance(v, str) and v.strip() for v in marks.values())


@pytest.mark.parametrize(("lang", "expected"), [
    ("cs", {1: "one", 2: "few", 5: "other", 22: "other", 25: "other"}),
    ("pl", {1: "one", 2: "few", 5: "many", 22: "few", 25: "many"}),
    ("de", {1: "one", 2: "other", 5: "other", 22: "other", 25: "other"}),
])
def test_plural_forms_of_each_count(lang: str, expected: dict[int, str]) -> None:
    """Czech: 1 / 2–4 / 5+ (22 too); Polish: 1 / 2–4, 22–24 / 5–21, 25+ (CLDR, through Babel). Every
    plural text of every catalogue answers each count with its own form."""
    assert {n: plural_category(n, lang) for n in expected} == expected
    texts = catalogue(lang)
    bases = {_split(k)[0] for k in texts if _split(k)[1] is not None}
    assert bases
    for base in sorted(bases):
        for n, category in expected.items():
            template = texts[f"{base}_{category}"]
            args = {f: n for f in _fields(template)} | {"count": n}
            assert t(base, lang, **args) == template.format(**args), (base, n)


def test_czech_and_polish_forms_really_differ() -> None:
    """The languages' own words: 2 and 5 cards are different texts in Czech and in Polish."""
    for lang in ("cs", "pl"):
        two = t("pantheon.decision.cards", lang, count=2)
        five = t("pantheon.decision.cards", lang, count=5)
        assert re.sub(r"\d", "", two) != re.sub(r"\d", "", five), lang
