"""Through the Ages words (engine/tta/text.py): every decision kind the engine offers described
in every language, every event of seeded games given a line (none for a viewer who may not see
it), the end-of-turn summary in a few compact lines, prompts, heads, status and result lines,
hand texts and menus; no card of a hand named in a public text."""

from __future__ import annotations

import random
import re
from functools import cache
from typing import Any

import pytest

import engine.tta as T
from data.i18n import LANGUAGES, catalogue, t, use_language
from data.tta import CARDS
from engine.core import Decision
from engine.tta import text as X

KNOWN = ("take", "population", "build", "upgrade", "destroy", "disband", "leader", "wonder",
         "develop", "revolution", "play", "end", "discard")
LEFTOVER = re.compile(r"\{[a-z_]+\}|tta\.[a-z_]+\.")  # an unfilled placeholder or a raw key


@cache
def _game(n: int, seed: int) -> tuple[list[Any], list[tuple[Any, int, Decision, list[Any],
                                                            list[Decision]]]]:
    """A whole random game: the steps (state before, seat, decision, events, options)."""
    s = T.new_game(n, seed)
    rng = random.Random(seed)
    steps = []
    starts = T.start_events(s)
    while s.result is None and len(steps) < 6000:
        prompt = T.pending(s)[0]
        opts = T.options(s, prompt.seat)
        acting = [d for d in opts if d.kind != "end"]
        d = rng.choice(acting) if acting and rng.random() < 0.85 else rng.choice(opts)
        after, events = T.apply(s, prompt.seat, d)
        steps.append((s, prompt.seat, d, events, opts))
        s = after
    assert s.result is not None
    return [starts, s], steps


GAMES = [(2, 1), (3, 2), (4, 3)]


def _names(n: int) -> list[str]:
    return [f"Name{q}" for q in range(n)]


def _clean(text: str) -> bool:
    return bool(text.strip()) and LEFTOVER.search(text) is None


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_offered_decision_is_described(lang):
    seen = set()
    for n, seed in GAMES:
        for _, _, _, _, opts in _game(n, seed)[1]:
            for d in opts:
                text = X.describe(d, lang)
                assert _clean(text) and text != d.kind, (d, text)
                assert len(text) <= 80, text
                seen.add(d.kind)
    assert {"take", "population", "build", "develop", "end"} <= seen


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_known_kind_has_its_own_words(lang):
    card = "bronze_a"
    for kind in KNOWN:
        args: dict[str, Any] = {"slot": 4} if kind == "take" else {"card": card}
        if kind == "upgrade":
            args["to"] = "iron_i"
        if kind == "wonder":
            args = {"stages": 2}
        text = X.describe(Decision(kind, args), lang)
        assert _clean(text) and text != kind, (kind, text)
    assert "5" in X.describe(Decision("take", {"slot": 4}), lang)  # the space as numbered
    assert X.describe(Decision("play", {"card": "reserves_i", "gain": "food"}), lang) != \
        X.describe(Decision("play", {"card": "reserves_i", "gain": "resources"}), lang)


def test_languages_differ():
    d = Decision("population", {})
    assert len({X.describe(d, lang) for lang in LANGUAGES}) == len(LANGUAGES)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_event_gets_a_line_or_none_when_hidden(lang):
    """Public events of the first milestone all have words; private ones are None for
    everybody but their seat, who gets words."""
    english = catalogue("en")
    for n, seed in GAMES:
        names = _names(n)
        for _, _, _, events, _ in _game(n, seed)[1]:
            for e in events:
                public = X.event_text(e, names, None, lang)
                if e.private_to is not None:
                    assert public is None
                    assert all(X.event_text(e, names, q, lang) is None
                               for q in range(n) if q != e.private_to)
                key = f"tta.event.{e.template.removeprefix('tta.')}"
                has_words = any(k == key or k.startswith(key + "_") for k in english)
                if e.template == "tta.production" or has_words:
                    mine = X.event_text(e, names, e.private_to, lang)
                    assert mine is not None and _clean(mine), (e, mine)


def test_no_hidden_card_in_a_public_line():
    """A military draw or discard names its cards to its seat only; the public lines of the
    same step name none of the cards they moved."""
    for n, seed in GAMES:
        names = _names(n)
        for _, _, _, events, _ in _game(n, seed)[1]:
            secret = set()
            for e in events:
                if e.private_to is not None:
                    moved = e.args.get("cards") or [e.args.get("card")]
                    secret.update(CARDS[c].name for c in moved if c in CARDS)
            if not secret:
                continue
            for e in events:
                text = X.event_text(e, names, None, "en") or ""
                assert not any(name in text for name in secret), (e, text, secret)


def test_public_texts_do_not_depend_on_the_hands():
    """The same public position with other cards in every hand gives the same texts."""
    for n, seed in GAMES:
        steps = _game(n, seed)[1]
        for s, *_ in steps[:: max(1, len(steps) // 12)]:
            other = s.clone()
            for p in other.players:
                p.hand = ["code_of_laws_i"] * len(p.hand)
                p.military = ["barbarians_i"] * len(p.military)
            for lang in LANGUAGES:
                with use_language(lang):
                    a, b = T.view(s, None), T.view(other, None)
                    assert X.status_lines(a) == X.status_lines(b)
                    assert X.status_head(a) == X.status_head(b)
                    assert X.table_lines(a) == X.table_lines(b)
                    assert X.post_head(a) == X.post_head(b)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_end_of_turn_summary_is_compact(lang):
    for n, seed in GAMES:
        names = _names(n)
        found = 0
        for _, _, _, events, _ in _game(n, seed)[1]:
            if not any(e.template == "tta.production" for e in events):
                continue
            lines = X.summary_lines(events, names, None, lang)
            assert 1 <= len(lines) <= 5, lines
            for line in lines:
                assert "\n" not in line and len(line) <= 160 and _clean(line), line
            found += 1
        assert found >= 3 * n


def test_summary_names_the_numbers():
    e = T.game.Event("tta.production", {"seat": 1, "science": 2, "culture": 3,
                                         "corruption": 4, "corruption_unpaid": 0, "food": 5,
                                         "consumption": 2, "famine": 4, "resources": 6})
    line = X.event_text(e, ["A", "B"], None, "en")
    assert line is not None and line.startswith("B:")
    for number in ("+3", "+2", "−4", "+5", "+6"):
        assert number in line, line


@pytest.mark.parametrize("lang", LANGUAGES)
def test_prompts_heads_status_and_result(lang):
    for n, seed in GAMES:
        (_, end), steps = _game(n, seed)
        with use_language(lang):
            for s, *_ in steps[:: max(1, len(steps) // 20)]:
                for prompt in T.pending(s):
                    text = X.prompt_text(s, prompt)
                    assert _clean(text)
                    # every prompt kind of the first milestone has its own words
                    if prompt.kind in ("action", "discard"):
                        assert text != t("tta.prompt.other"), prompt
                v = T.view(s, None)
                assert _clean(X.post_head(v)) and _clean(X.status_head(v))
                assert X.scores(v) == [p.culture for p in s.players]
                lines = X.status_lines(v)
                assert len(lines) == n and all(_clean(x) for x in lines)
                assert all(_clean(x) for x in X.table_lines(v))
            result = T.result(end)
            lines = X.result_lines(result, _names(n))
            assert len(lines) == n and all(_clean(x) for x in lines)
            best = max(result["scores"])
            assert lines[0].startswith("1.") and str(best) in lines[0]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_hand_text_panel_and_signature(lang):
    n, seed = GAMES[1]
    steps = _game(n, seed)[1]
    s = steps[len(steps) // 2][0]
    with use_language(lang):
        for q in range(n):
            own = T.view(s, q)
            text = X.hand_text(own, q)
            for card in s.players[q].hand:
                assert X.card_name(card, lang) in text
            panel = X.panel_lines(own, q)
            assert panel and all(_clean(x) for x in panel)
    changed = s.clone()
    changed.players[0].hand.append("code_of_laws_i")
    assert X.hand_signature(s, 0) != X.hand_signature(changed, 0)
    assert X.hand_signature(s, 1) == X.hand_signature(changed, 1)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_menus_have_titles(lang):
    keys = set()
    for n, seed in GAMES:
        for _, _, _, _, opts in _game(n, seed)[1]:
            keys.update(X.group_key(d) for d in opts)
    assert {"take:1", "take:2", "take:3", "build"} <= keys
    with use_language(lang):
        for key in keys:
            title = X.menu_title(key)
            assert _clean(title), key
        assert X.menu_title("take:2") != X.menu_title("take:3")


def test_boundaries_are_event_templates():
    assert X.post_boundaries <= {"tta.age", "tta.game_over"}
    assert "tta.age" in X.post_boundaries
