"""Czech, German and Polish as a native speaker reads them (issue 30), checked over every
catalogue (the host's data/locale and each game's data/<game>/locale), so that a new text of
the same kind is caught too:

- a number put before a counted word has CLDR plural forms (`<key>_one`/`_few`/`_many`/
  `_other`, read with `count=`), or is written as a label ("Karten: 3");
- Czech speaks to the player with "ty", never the formal "vy";
- no gender slashes ("odkryl(a)", "dokonał(a)") and no masculine-only Polish "you" past forms
  ("Wygrałeś"): the texts avoid gender;
- no doubled full stops;
- each game's terms file names the alternatives it rejected, and they do not occur in that
  game's catalogue of that language;
- slash-command names are valid for Discord and unique within their command group."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from data.i18n import DATA_DIR, LANGUAGES

PLURAL = re.compile(r"_(zero|one|two|few|many|other)$")
FOLDERS = [DATA_DIR / "locale", *sorted(p.parent for p in DATA_DIR.glob("*/locale/en.json")),
           *sorted(p.parent for p in DATA_DIR.glob("*/locale/*/en.json"))]


def _name(folder: Path) -> str:
    """host, pantheon, tta, tta-cards (a game's part catalogue in a folder of its own)."""
    if folder == DATA_DIR / "locale":
        return "host"
    parts = folder.relative_to(DATA_DIR).parts
    return "-".join(parts[:1] + parts[2:])


def _game(folder: Path) -> str:
    return folder.relative_to(DATA_DIR).parts[0]


def _texts(folder: Path, lang: str) -> dict[str, str]:
    return json.loads((folder / f"{lang}.json").read_text(encoding="utf-8"))


CASES = [(folder, lang) for folder in FOLDERS for lang in LANGUAGES]
IDS = [f"{_name(folder)}-{lang}" for folder, lang in CASES]

# Placeholders that hold a count or an amount (not an ordinal such as {round} or {epoch}, not a
# name). A new placeholder of this kind belongs here.
COUNTS = {
    "n", "count", "cost", "gold", "left", "cards", "need", "total", "pyramids", "provinces",
    "stones", "farmers", "paid", "have", "budget", "spent", "feet", "columns", "column_count",
    "demigods", "tiles", "hand", "price", "points", "culture", "food", "science", "revolution",
    "civil", "military", "ca", "ma", "current", "future", "discontent", "idle", "most", "limit",
    "amount", "events", "due", "cap", "step", "delta", "bid", "force", "score",
}
# A game's player limits are 2 to 5: the plural noun after them is right in English, German and
# Polish ("for 2 to 4 players", "4 graczy"), but Czech says "4 hráči" and "5 hráčů".
COUNTS_CS = COUNTS | {"min", "max"}
# Words whose form does not depend on the number before them: prepositions and conjunctions
# ("3 of 5"), abbreviations written the same for every count ("3 VP"), nouns and adjectives
# that read the same in every number of the language ("3 Gold", "3 Spieler", English "3 civil"),
# and the verbs and adverbs of a sentence that goes on after a number ("{n} does not apply").
INVARIANT = {
    "en": {"of", "to", "for", "or", "and", "with", "more", "gold", "culture", "food", "science",
           "money", "strength", "colonization", "urban", "CA", "MA", "VP", "left", "sci.", "revol.",
           "civil", "military", "current", "future", "does", "there", "in", "but", "per"},
    "cs": {"z", "ze", "do", "až", "a", "nebo", "na", "za", "od", "ks", "zl.", "b.", "VB", "vč.",
           "civ.", "voj.", "rev.", "nejde"},
    "de": {"von", "bis", "für", "gegen", "und", "oder", "zu", "auf", "Gold", "Geld", "Kultur",
           "Nahrung", "Wissenschaft", "Stärke", "Kolonisierung", "Gebäudelimit", "ZA", "MA",
           "P.", "Pkt.", "Wiss.", "Rev.", "zivil", "mil.", "Spieler", "Plättchen", "Opfer",
           "Gebäude", "Namen", "weitere", "Arbeiter", "ist", "lässt", "ändern", "begrenzt", "nicht",
           "erreichen", "ungenutzt", "je", "ab"},
    "pl": {"z", "do", "na", "za", "i", "lub", "albo", "od", "szt.", "PZ", "AC", "AW", "cyw.",
           "wojsk.", "rew.", "pkt", "więcej", "kultury", "nauki", "żywności", "siły",
           "kolonizacji", "nie", "o"},
}
WORD_AFTER = re.compile(r"\{(\w+)\}\s+([^\s{}()·,:;]+)")


def _counted_words(text: str, lang: str) -> list[str]:
    """"{n} word" pairs where the word's form depends on the number."""
    found = []
    invariant = INVARIANT.get(lang, set())
    for name, word in WORD_AFTER.findall(text):
        if word not in invariant:
            word = word.rstrip(".!?")
        counts = COUNTS_CS if lang == "cs" else COUNTS
        if name in counts and word[:1].isalpha() and word not in invariant:
            found.append(f"{{{name}}} {word}")
    return found


@pytest.mark.parametrize(("folder", "lang"), CASES, ids=IDS)
def test_a_number_before_a_word_has_plural_forms(folder: Path, lang: str) -> None:
    """"1 Provinzen", "zbývá 3 civilních", "1 złota": a text that puts a count before a word
    it governs is a plural text (read with count=) or a label ("Provinzen: 1")."""
    bad = {key: _counted_words(text, lang) for key, text in _texts(folder, lang).items()
           if not PLURAL.search(key)}
    assert {k: v for k, v in bad.items() if v} == {}


@pytest.mark.parametrize(("folder", "lang"), CASES, ids=IDS)
def test_a_plural_text_counts_one_thing(folder: Path, lang: str) -> None:
    """A plural text takes the forms of one number (`count=`); a second number before a word in
    it cannot follow its own count ("masz 1 złota i 2 karty"), so it is written as a label."""
    bad = {key: words for key, text in _texts(folder, lang).items()
           if PLURAL.search(key) and len(words := _counted_words(text, lang)) > 1}
    assert bad == {}


# The formal "vy": verbs in the 2nd person plural (present, imperative, "jste" with a past
# participle) and the pronouns. Czech words ending in -te that are not verbs of address are
# listed apart. Slash-command and placeholder names are English and skipped.
VY_WORDS = re.compile(r"\b(vy|vás|vám|vámi|váš|vaše|vaši|vašeho|vašemu|vašem|vaší|vašich|vašim|"
                      r"vašimi|jste|nejste)\b", re.IGNORECASE)
VY_VERB = re.compile(r"\b\w+te\b", re.IGNORECASE)
NOT_VY = {"vezme", "převezme", "nevezme", "čte", "přečte",
          "pietalte", "sqlite", "migrate", "create",  # a god's name, English names
          "bonaparte"}  # Napoleon Bonaparte, a Through the Ages leader


def _formal(text: str) -> list[str]:
    plain = re.sub(r"`[^`]*`|\{[^}]*\}|/\w[\w-]*", " ", text)
    words = VY_WORDS.findall(plain)
    words += [m.group(0) for m in VY_VERB.finditer(plain) if m.group(0).lower() not in NOT_VY]
    return sorted(set(words))


@pytest.mark.parametrize("folder", FOLDERS, ids=[_name(f) for f in FOLDERS])
def test_czech_says_ty(folder: Path) -> None:
    """Czech speaks to one player with the informal "ty" (issue 30: "Nemáte dost jídla",
    "Vyhráli jste aukci", "veďte civilizaci" were formal)."""
    bad = {key: _formal(text) for key, text in _texts(folder, "cs").items()}
    assert {k: v for k, v in bad.items() if v} == {}


def test_the_vy_word_list_finds_the_reported_forms() -> None:
    for text in ("Nemáte dost jídla.", "Máte plnou ruku.", "Vyhráli jste aukci.",
                 "Rozhodněte se.", "veďte civilizaci", "Vaše zřízení"):
        assert _formal(text), text
    for text in ("Nemáš dost jídla.", "Vyhrál jsi aukci.", "Kdo vezme kartu", "veď civilizaci"):
        assert _formal(text) == [], text


GENDER_SLASH = re.compile(r"\w\((a|o|y|i|ła|łaś|aś|am|in|innen|e|es|ka)\)|\w/(in|innen|a)\b")
MASCULINE_YOU = re.compile(r"\b\w+łeś\b|\b\w+łbyś\b", re.IGNORECASE)


@pytest.mark.parametrize(("folder", "lang"), CASES, ids=IDS)
def test_no_gender_slashes(folder: Path, lang: str) -> None:
    """"odkryl(a)", "dokonał(a)", "Wygrałeś": the texts avoid gender instead (present tense,
    nouns, "Wygrana")."""
    bad = {}
    for key, text in _texts(folder, lang).items():
        found = [m.group(0) for m in GENDER_SLASH.finditer(text)]
        if lang == "pl":
            found += MASCULINE_YOU.findall(text)
        if found:
            bad[key] = found
    assert bad == {}


@pytest.mark.parametrize(("folder", "lang"), CASES, ids=IDS)
def test_no_doubled_full_stops(folder: Path, lang: str) -> None:
    """"zl.." where an abbreviation ends a sentence, ".." by mistake; an ellipsis is "…"."""
    bad = [key for key, text in _texts(folder, lang).items()
           if re.search(r"(?<!\.)\.\.(?!\.)", text)]
    assert bad == []


def _rejected(terms: Path) -> list[str]:
    """The words a terms file's "Rejected alternatives" table rules out (first column)."""
    text = terms.read_text(encoding="utf-8")
    part = text.split("## Rejected alternatives", 1)
    if len(part) == 1:
        return []
    words = []
    for line in part[1].splitlines():
        if line.startswith("## "):
            break
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.startswith("|") and len(cells) >= 2 and not set(cells[0]) <= {"-", " "} \
                and cells[0].lower() != "rejected":
            words.extend(w.strip().strip("“”\"") for w in cells[0].split(","))
    return [w for w in words if w]


TERMS = sorted(DATA_DIR.glob("*/locale/*.terms.md"))


@pytest.mark.parametrize("terms", TERMS, ids=[f"{p.parent.parent.name}-{p.name}" for p in TERMS])
def test_rejected_terms_do_not_occur(terms: Path) -> None:
    """One thing, one word: an alternative the terms file rejected appears nowhere in that
    game's catalogue of that language (as a whole word, case-insensitive)."""
    lang = terms.name.split(".")[0]
    texts = _texts(terms.parent, lang)
    found = {}
    for word in _rejected(terms):
        pattern = re.compile(rf"(?<!\w){re.escape(word)}(?!\w)", re.IGNORECASE)
        keys = [k for k, v in texts.items() if pattern.search(v)]
        if keys:
            found[word] = keys
    assert found == {}


def test_every_game_and_language_has_a_terms_file() -> None:
    """Per language and game a terms file lists each game term once with its source."""
    games = sorted(p.parent.parent.name for p in DATA_DIR.glob("*/locale/en.json"))
    missing = [f"{g}/{lang}" for g in games for lang in LANGUAGES if lang != "en"
               if not (DATA_DIR / g / "locale" / f"{lang}.terms.md").is_file()]
    assert missing == []


def test_terms_files_list_each_term_once() -> None:
    for terms in TERMS:
        table = terms.read_text(encoding="utf-8").split("## Rejected alternatives")[0]
        rows = [line.split("|")[1].strip().lower() for line in table.splitlines()
                if line.startswith("|") and not line.startswith("|-")]
        dupes = sorted({r for r in rows if rows.count(r) > 1})
        assert dupes == [], terms


NAME_OK = re.compile(r"^[-_\w]{1,32}$")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_command_names_valid_and_unique(lang: str) -> None:
    """A localized slash-command name is lower case, 1–32 characters, no spaces, and unique in
    its group (the host's verbs plus one game's verbs share `/<game>`)."""
    host = {k: v for k, v in _texts(DATA_DIR / "locale", lang).items() if ".cmd.name." in k}
    for folder in FOLDERS[1:]:
        game = {k: v for k, v in _texts(folder, lang).items() if ".cmd.name." in k}
        names = list(host.values()) + list(game.values())
        assert all(NAME_OK.match(n) and n == n.lower() for n in names), names
        assert len(names) == len(set(names)), sorted(n for n in names if names.count(n) > 1)


GAMES = [f for f in FOLDERS if f != DATA_DIR / "locale"]
GAME_CASES = [(folder, lang) for folder in GAMES for lang in LANGUAGES if lang != "en"]
GAME_IDS = [f"{_name(folder)}-{lang}" for folder, lang in GAME_CASES]


@pytest.mark.parametrize(("folder", "lang"), GAME_CASES, ids=GAME_IDS)
def test_standing_answers_are_named_as_the_client_shows_them(folder: Path, lang: str) -> None:
    """"/pantheon auto navazujici:ask": the client lists the choices in the player's language
    ("ptát se"), so a text telling the player what to pick names that choice."""
    texts = _texts(folder, lang)
    game = _game(folder)
    options = {v for k, v in texts.items() if k.startswith(f"{game}.cmd.auto.name.")}
    choices = sorted((v for k, v in texts.items() if k.startswith(f"{game}.choice.policy.")),
                     key=len, reverse=True)
    bad = []
    for key, text in texts.items():
        for option in options:
            for m in re.finditer(rf"auto {re.escape(option)}:", text):
                rest = text[m.end():]
                if not any(rest.startswith(c) for c in choices):
                    bad.append(f"{key}: {rest[:20]}")
    assert bad == []


@pytest.mark.parametrize(("folder", "lang"), GAME_CASES, ids=GAME_IDS)
def test_rules_topics_are_listed_in_the_language(folder: Path, lang: str) -> None:
    """The rules overview lists its topics by the names the `/rules` choice shows in that
    language, not by the English ones ("Themen: turn, move, …")."""
    game = _game(folder)
    english = _texts(folder, "en")
    texts = _texts(folder, lang)
    overview = texts.get(f"{game}.rules.overview", "")
    topics = [k for k in english if k.startswith(f"{game}.choice.topic.")]
    local = {texts[k].lower() for k in topics}
    stray = [english[k] for k in topics if english[k].lower() not in local
             and re.search(rf"(?<![\w-]){re.escape(english[k])}(?![\w-])", overview)]
    assert stray == []


# the category of "5 things" in each language with more than two forms (CLDR): Czech "other",
# Polish "many"; its word is never the word for one thing when the word for two differs
FIVE = {"cs": "other", "pl": "many"}


@pytest.mark.parametrize(("folder", "lang"), [(f, lang) for f in FOLDERS for lang in FIVE],
                         ids=[f"{_name(f)}-{lang}" for f in FOLDERS for lang in FIVE])
def test_the_form_for_five_is_not_the_form_for_one(folder: Path, lang: str) -> None:
    """"traci 5 robotnika", "(5 karty)": a plural text whose 2–4 form differs from its 1 form
    has a 5+ form of its own (the review found Polish `_many` and `_other` swapped)."""
    groups: dict[str, dict[str, str]] = {}
    for key, text in _texts(folder, lang).items():
        m = PLURAL.search(key)
        if m:
            groups.setdefault(key[:m.start()], {})[m.group(1)] = text
    bad = [base for base, forms in groups.items()
           if forms["few"] != forms["one"] and forms[FIVE[lang]] == forms["one"]]
    assert bad == []
