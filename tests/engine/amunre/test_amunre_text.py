"""Amun-Re meets the host's contract (engine.core.GameRules and GameText) and speaks only through
the translation hook: every `amunre.*` key it uses exists in data/amunre/locale/en.json, every
event and decision of whole games has words, private events stay private, and the channel
texts are drawn from the spectator view (A-INFO)."""

from __future__ import annotations

import ast
import json
import re
from functools import cache

import engine.amunre as A
from data.amunre import BONUS_CARDS, CARD_TYPES, PROVINCE_NAMES
from data.i18n import catalogue, load, t
from engine.amunre.state import COLOUR_ORDER
from engine.core import Decision, GameRules, GameText, OptionSpec
from tests.engine.amunre.test_amunre_helpers import random_play
from tests.paths import ROOT

LOCALE = ROOT / "data" / "amunre" / "locale" / "en.json"
KEY = re.compile(r"amunre(\.\w+)+")


@cache
def game(n: int = 4, seed: int = 8):
    return random_play(n, seed)


def test_the_module_meets_the_contract():
    assert isinstance(A, GameRules) and isinstance(A, GameText)
    info = A.INFO
    assert (info.id, info.name, info.min_players, info.max_players) == ("amunre", "Amun-Re", 3, 5)
    assert info.colours == COLOUR_ORDER and len(set(info.colours)) == 5
    assert info.ai_levels == ("easy", "normal", "strong") and info.policies == ("ask",)
    assert info.ai_default == "normal"  # the strong level thinks a second: asked for by name
    assert (info.player_rule, info.turn_rule, info.end_rule, info.shared_win_rule) == (
        "A-SETUP-9", "A-FLOW-4", "A-END-1", "A-END-3")
    assert set(info.turn_prompts) <= {"bid", "buy"}
    assert all(isinstance(o, OptionSpec) for o in info.options)
    assert info.check_options({"bid_cap": 36, "correction_may_abstain": True}) == {
        "bid_cap": 36, "correction_may_abstain": True}
    for colour in info.colours:  # the host names each colour
        assert t(f"colour.{colour}") != f"colour.{colour}"


def test_locale_file_is_in_the_amunre_namespace_and_loads():
    entries = json.loads(LOCALE.read_text(encoding="utf-8"))
    assert entries and all(k.startswith("amunre.") for k in entries)
    merged = load("en")
    assert all(merged[k] == v for k, v in entries.items())
    for topic in A.INFO.rules_topics:
        assert f"amunre.rules.{topic}" in entries
    for option in A.INFO.options:
        assert option.help and not option.help.startswith("amunre.")


def test_every_literal_amunre_key_exists():
    files = sorted((ROOT / "engine" / "amunre").rglob("*.py"))
    used: dict[str, str] = {}
    for path in files:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        in_f = {id(v) for node in ast.walk(tree) if isinstance(node, ast.JoinedStr)
                for v in node.values}
        for node in ast.walk(tree):
            if (isinstance(node, ast.Constant) and isinstance(node.value, str)
                    and id(node) not in in_f and KEY.fullmatch(node.value)):
                used[node.value] = f"{path.name}:{node.lineno}"
    assert len(used) > 20
    en = catalogue("en")
    # a key used with a count is stored in its plural forms (data.i18n): "<key>_other" at least
    assert {k: w for k, w in used.items() if k not in en and f"{k}_other" not in en} == {}


def test_keys_built_at_run_time_exist():
    en = catalogue("en")
    keys = [f"amunre.card.{c}" for c in CARD_TYPES]
    keys += [f"amunre.province.{x}" for x in PROVINCE_NAMES]
    keys += [f"amunre.kingdom.{k}" for k in ("old", "new")]
    keys += [f"amunre.phase.{p}" for p in ("setup", "reveal", "auction", "buy", "sacrifice",
                                           "income", "scoring", "over")]
    keys += [f"amunre.item.{i}" for i in ("card", "cards", "farmer", "farmers", "stone",
                                          "stones")]
    keys += [f"amunre.score.{k}" for k in ("pyramids", "rows", "west", "east", "temples",
                                           "bonus", "gold")]
    keys += [f"amunre.material.{k}" for k in ("cards", "gold", "stones", "won_cards",
                                              "won_gold")]
    keys += [f"amunre.err.too_many_{k}" for k in ("cards", "farmers", "stones")]
    keys += [f"amunre.event.sealed_{w}" for w in ("sacrifice", "bonus")]
    keys += [f"amunre.event.pyramid_{h}" for h in ("stones", "MB")]
    keys += [f"amunre.event.my_step_{k}" for k in ("play", "sell")]
    keys += [f"amunre.prompt.{k}" for k in ("bid", "buy", "place", "reward", "cover",
                                            "sacrifice", "correction", "income", "bonus")]
    keys += [f"amunre.verify.subject_{w}" for w in ("sacrifice", "bonus")]
    keys += [f"amunre.render.colour_letter.{c}" for c in COLOUR_ORDER]
    # a text with plural forms exists as <key>_one / <key>_other (data/i18n.py)
    assert [k for k in keys if k not in en and f"{k}_other" not in en] == []
    assert len(BONUS_CARDS) == 5


def test_every_event_and_decision_of_whole_games_has_words():
    for n, seed in ((3, 8), (4, 8), (5, 8)):
        states, decisions, events = game(n, seed)
        names = [p.name for p in states[0].players]
        log = A.start_events(states[0]) + [e for ev in events for e in ev]
        for e in log:
            for viewer in [None, *range(n)]:
                text = A.event_text(e, names, viewer)
                if text is not None:
                    assert "amunre." not in text and "{" not in text, (e, text)
            if e.private_to is not None:
                assert A.event_text(e, names, None) is None
                assert A.event_text(e, names, e.private_to)
        for i, s in enumerate(states[:-1]):
            for p in A.pending(s):
                text = A.prompt_text(s, p)
                assert text and "amunre." not in text and "{" not in text
            seat, d = decisions[i]
            label = A.describe(d)
            assert label and "amunre." not in label and len(label) <= 80, (d, label)
            for d2 in A.options(s, seat)[:40]:
                assert A.group_key(d2) and A.menu_title(A.group_key(d2))


def test_host_texts_come_from_views():
    states, _, _ = game()
    names = [p.name for p in states[0].players]
    for s in states[::20] + [states[-1]]:
        v = A.view(s, None)
        for text in [A.post_head(v), A.status_head(v), *A.status_lines(v), *A.table_lines(v)]:
            assert text and "amunre." not in text
        assert A.scores(v) == [p.score for p in s.players]
        for q in range(len(names)):
            own = A.view(s, q)
            hand = A.hand_text(own, q)
            assert f"{s.players[q].gold}" in hand
            assert all(line for line in A.panel_lines(own, q))
            assert A.hand_signature(s, q)
        # the spectator's lines never hold anyone's gold
        public = " ".join(A.status_lines(v) + A.table_lines(v))
        assert "Gold:" not in public
    res = A.result(states[-1])
    lines = A.result_lines(res, names)
    assert len(lines) >= len(names) and all("amunre." not in x for x in lines)


def test_a_sealed_choice_is_never_described_in_public():
    s, decisions, events = game()
    names = [p.name for p in s[0].players]
    for (seat, d), before, ev in zip(decisions, s, events, strict=False):
        if A.sealed(before, seat, d):
            public = [e for e in ev if e.private_to is None]
            # a seal publishes its receipt; the last one runs the reveal, opened for all
            assert all(e.template in ("sealed", "sacrifices", "choices", "temple", "thief",
                                      "corrected", "gold_ranking", "scored", "game_over",
                                      "round", "revealed", "auction", "kingdom", "reshuffled",
                                      "pyramid", "phase", "income", "forced")
                       for e in public), [e.template for e in public]
            for e in public:
                if e.template == "sealed":
                    assert set(e.args) == {"seat", "round", "what", "receipt"}
                    assert A.event_text(e, names, None)


def test_describe_names_every_kind_of_decision():
    for d in [Decision("bid", {"province": "ABU", "value": 6}),
              Decision("play", {"card": "BB"}), Decision("play", {"card": "MB",
                                                                   "province": "EDFU"}),
              Decision("sell", {"card": "G8"}), Decision("buy_cards", {"n": 2}),
              Decision("buy_farmers", {"n": 3}), Decision("buy_stones", {"n": 1}),
              Decision("place", {"province": "MENDES"}), Decision("end_turn"),
              Decision("sacrifice", {"gold": 5, "minus3": False, "correction": True}),
              Decision("sacrifice", {"gold": 0, "minus3": True, "correction": False}),
              Decision("correction", {"delta": 3}), Decision("correction", {"delta": -3}),
              Decision("take", {"item": "card"}), Decision("take", {"item": "stone",
                                                                     "province": "ABU"}),
              Decision("stop"), Decision("done")]:
        label = A.describe(d)
        assert label and "amunre." not in label and label != d.kind
    assert A.describe(Decision("buy_cards", {"n": 2})).endswith("3 gold")
    assert A.describe(Decision("mystery")) == "mystery"


def test_the_locale_file_keeps_the_repositorys_layout():
    """Sorted keys, one space of indent, readable non-ASCII (as data/pantheon's file)."""
    text = LOCALE.read_text(encoding="utf-8")
    assert json.dumps(json.loads(text), indent=1, ensure_ascii=False, sort_keys=True) == text


def test_counts_read_as_words_and_the_buy_steps_say_what_is_left():
    # issue 31: no "1 points", "1 stones", "up to 0 power cards" or "Step A (A cards, ...)"
    res = {"scores": [1, 12, 0], "pyramids": [1, 2, 0], "stones": [1, 0, 3]}
    lines = A.result_lines(res, ["ann", "bob", "cy"])
    assert lines[0] == "1. bob: 12 points (pyramids 2, stones 0)"
    assert lines[1] == "2. ann: 1 point (pyramids 1, stones 1)"
    s = game()[0][0]
    seat = 0
    v = A.view(s, seat)
    for step, done, limit_line in (("A", [], True), ("A", ["cards"], False), ("B", [], False),
                                   ("C", [], False)):
        v.frame = {"t": "buy", "who": seat, "step": step, "done": done}
        v.players[seat].provinces = ["AMARNA"]  # a card limit of 2 (A-BUY-6)
        lines = A.panel_lines(v, seat)
        assert lines[0].startswith(f"Step {step} of 3: "), lines
        assert any("power card" in x and "at most" in x for x in lines) == limit_line, lines
        assert not any("(A cards" in x for x in lines)
