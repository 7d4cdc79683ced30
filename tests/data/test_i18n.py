"""The translation hook: the host's texts and every game's texts merge into one catalogue per
locale, each game's keys in its own namespace ("pantheon."), a key defined twice is refused at
load, and a missing text falls back to English, then to the key itself."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest

import data.i18n as i18n
from data.i18n import LocaleError, catalogue, load, locale_files, t
from data.pantheon import COMPONENTS
from engine.pantheon.state import COLOUR_ORDER
from tests.paths import ROOT

PANTHEON_FILE = ROOT / "data" / "pantheon" / "locale" / "en.json"
HOST_FILE = ROOT / "data" / "locale" / "en.json"
KEY = re.compile(r"pantheon(\.\w+)+")


def literal_keys(paths: list[Path]) -> dict[str, list[str]]:
    """Every string literal in `paths` that is a whole Pantheon key, with where it is used; the
    constant parts of f-strings are keys built at run time and are left out."""
    found: dict[str, list[str]] = {}
    for path in paths:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        in_fstrings = {id(v) for node in ast.walk(tree) if isinstance(node, ast.JoinedStr)
                       for v in node.values}
        for node in ast.walk(tree):
            if (isinstance(node, ast.Constant) and isinstance(node.value, str)
                    and id(node) not in in_fstrings and KEY.fullmatch(node.value)):
                found.setdefault(node.value, []).append(f"{path.relative_to(ROOT)}:{node.lineno}")
    return found


def write(path: Path, entries: dict[str, str]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(entries, indent=1, ensure_ascii=False), encoding="utf-8")


def test_every_literal_pantheon_key_exists() -> None:
    files = sorted((ROOT / "engine" / "pantheon").rglob("*.py"))
    files += sorted((ROOT / "render" / "pantheon").glob("*.py"))
    used = literal_keys(files)
    assert len(used) > 80  # the scan finds the keys at all
    en = catalogue("en")
    missing = {k: where for k, where in used.items()
               if k not in en and f"{k}_other" not in en}  # or plural forms
    assert not missing


def test_keys_built_at_run_time_exist() -> None:
    """The families engine/pantheon/text.py and render/pantheon/names.py build with f-strings."""
    cards = [*COMPONENTS.raw["action_cards"], *COMPONENTS.money_values]
    peoples = [v["id"] for v in COMPONENTS.peoples.values()]
    keys = [f"pantheon.{p}.{c}" for c in cards for p in ("card", "render.card")]
    keys += [f"pantheon.{p}.{x}" for x in COMPONENTS.loot for p in ("loot", "render.loot")]
    keys += [f"pantheon.{p}.{x}" for x in COMPONENTS.bonus
             for p in ("bonus", "render.bonus", "render.bonus_short")]
    keys += [f"pantheon.{p}.{x}" for x in COMPONENTS.kinds for p in ("kind", "render.kind")]
    keys += [f"pantheon.{p}.{x}" for x in peoples for p in ("people", "render.people")]
    keys += [f"pantheon.{p}.{g}" for g in COMPONENTS.gods
             for p in ("render.god", "render.god_effect")]
    keys += [f"pantheon.{p}.{c}" for c in COLOUR_ORDER
             for p in ("render.colour", "render.colour_letter")]
    keys += [f"pantheon.{p}.{x}" for x in ("foot", "column") for p in ("piece", "pieces")]
    keys += [f"pantheon.decision.action.{a}" for a in ("move", "buy", "god", "draw")]
    keys += [f"pantheon.decision.gallia.{x}" for x in ("draw", "reveal")]
    en = catalogue("en")
    assert [k for k in keys if k not in en] == []
    assert all(t(k) != k for k in keys)


def test_pantheon_texts_live_in_the_pantheon_namespace_and_folder() -> None:
    game = json.loads(PANTHEON_FILE.read_text(encoding="utf-8"))
    assert game and all(k.startswith("pantheon.") for k in game)
    host = json.loads(HOST_FILE.read_text(encoding="utf-8"))
    # the host's words (the bot's, the terminal's, the web companion's), the shared colour names
    # and the engine core's (engine/core.py, record.py)
    host_spaces = ("bot", "offline", "web", "colour", "core")
    assert all(k.split(".")[0] in host_spaces for k in host), \
        [k for k in host if k.split(".")[0] not in host_spaces]
    assert (None, HOST_FILE) in locale_files("en") and ("pantheon", PANTHEON_FILE) in \
        locale_files("en")
    en = catalogue("en")
    games = [json.loads(path.read_text(encoding="utf-8")) for g, path in locale_files("en") if g]
    assert len(en) == len(host) + sum(len(x) for x in games)  # no key lost or doubled
    assert en["pantheon.render.board.none"] == game["pantheon.render.board.none"]
    assert en["bot.none"] == host["bot.none"]


def test_the_locale_files_keep_their_layout() -> None:
    """Sorted keys, one space of indent, readable non-ASCII (e.g. "×"): diffs stay small."""
    for path in (HOST_FILE, PANTHEON_FILE):
        text = path.read_text(encoding="utf-8")
        assert json.dumps(json.loads(text), indent=1, ensure_ascii=False, sort_keys=True) == text


def test_a_key_in_two_files_is_refused_at_load(tmp_path: Path) -> None:
    write(tmp_path / "locale" / "en.json", {"bot.x": "x", "pantheon.a": "host's"})
    write(tmp_path / "pantheon" / "locale" / "en.json", {"pantheon.a": "game's"})
    with pytest.raises(LocaleError) as err:
        load("en", tmp_path)
    message = str(err.value)
    assert "'pantheon.a'" in message
    assert str(tmp_path / "locale" / "en.json") in message
    assert str(tmp_path / "pantheon" / "locale" / "en.json") in message


def test_a_key_twice_in_one_file_is_refused_at_load(tmp_path: Path) -> None:
    path = tmp_path / "pantheon" / "locale" / "en.json"
    path.parent.mkdir(parents=True)
    path.write_text('{"pantheon.a": "one", "pantheon.a": "two"}', encoding="utf-8")
    with pytest.raises(LocaleError, match=r"'pantheon\.a' is defined twice"):
        load("en", tmp_path)


def test_a_game_key_outside_its_namespace_is_refused(tmp_path: Path) -> None:
    write(tmp_path / "amunre" / "locale" / "en.json", {"event.placed": "x"})
    with pytest.raises(LocaleError, match=r"'event\.placed'.*'amunre'"):
        load("en", tmp_path)


def test_every_game_folder_is_merged_without_naming_it(tmp_path: Path) -> None:
    write(tmp_path / "locale" / "en.json", {"bot.x": "host"})
    write(tmp_path / "pantheon" / "locale" / "en.json", {"pantheon.x": "P"})
    write(tmp_path / "amunre" / "locale" / "en.json", {"amunre.x": "A"})
    write(tmp_path / "amunre" / "locale" / "de.json", {"amunre.x": "A (de)"})
    assert load("en", tmp_path) == {"bot.x": "host", "pantheon.x": "P", "amunre.x": "A"}
    assert load("de", tmp_path) == {"amunre.x": "A (de)"}
    assert load("fr", tmp_path) == {}


def test_missing_texts_fall_back_to_english_then_to_the_key(tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch
                                                            ) -> None:
    write(tmp_path / "locale" / "en.json", {"bot.hi": "Hello {name}", "bot.only_en": "English"})
    write(tmp_path / "locale" / "de.json", {"bot.hi": "Hallo {name}"})
    write(tmp_path / "pantheon" / "locale" / "en.json", {"pantheon.x": "P {n}"})
    monkeypatch.setattr(i18n, "catalogue", lambda loc: load(loc, tmp_path))
    assert i18n.t("bot.hi", "de", name="Ann") == "Hallo Ann"
    assert i18n.t("bot.hi", "en", name="Ann") == "Hello Ann"
    assert i18n.t("bot.only_en", "de") == "English"
    assert i18n.t("pantheon.x", "de", n=3) == "P 3"
    assert i18n.t("pantheon.missing", "de") == "pantheon.missing"
    assert i18n.t("bot.hi", "xx") == "Hello {name}"  # a placeholder without its value stays


def test_the_real_catalogue_falls_back_too() -> None:
    assert t("pantheon.render.board.none", "xx") == t("pantheon.render.board.none", "en") != \
        "pantheon.render.board.none"
    assert t("pantheon.no_such.key") == "pantheon.no_such.key"
    assert t("render.board.none") == "render.board.none"  # the old flat key is gone


def test_engine_refusals_and_the_terminal_speak_the_players_language() -> None:
    """engine/core.py's refusals are made with `t()` when raised (in the context's language, a
    real plural for unknown options), and the terminal names the AI level in words."""
    import io
    from argparse import Namespace

    from bot.terminal.offline import main as play
    from data.i18n import use_language
    from engine import registry
    from engine.core import Decision, IllegalDecision

    with use_language("cs"), pytest.raises(IllegalDecision) as refused:
        Decision.from_json("move")
    assert refused.value.message == "Takové rozhodnutí tahle hra nezná."
    info = registry.info("amunre")
    with use_language("pl"), pytest.raises(IllegalDecision) as refused:
        info.check_options({"speed": 2, "colour_blind": True})
    assert refused.value.message.startswith("Nieznane opcje: colour_blind, speed.")
    with pytest.raises(IllegalDecision, match=r"^Unknown option: speed\. Known: bid_cap, "):
        info.check_options({"speed": 2})
    out = io.StringIO()
    args = Namespace(game="amunre", players=3, ai=2, level="easy", seed=5, pictures=False,
                     save=False)
    with use_language("cs"):
        assert play(args, stdin=io.StringIO("quit\n"), stdout=out) == 0
    text = out.getvalue()
    assert "AI 1 (snadná)" in text and "AI 2 (snadná)" in text
    assert "na úrovni snadná" in text
    assert "(easy)" not in text and "úrovni easy" not in text
    assert "(červená)" in text  # the host's colour names, as in the Discord posts
