"""The full game's options and decks: F-SETUP-1..3 (the lobby options; the eight decks and their
sizes), F-PACT-1 (no pacts at 2 players), V-PEACE-3/4 (the peaceful settings and their deck
sizes), V-OPT-1; the tutorial stays the default and deals exactly as before (T-SETUP-8)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import engine.tta as T
from data.tta import CARDS, PEACEFUL_PACTS, deck
from engine.core import Decision, IllegalDecision
from engine.tta import ai
from engine.tta.modes import final_age, mode
from tests.engine.tta.tta_helpers import end_round_one, fingerprint

LOCALES = Path(__file__).parents[3] / "data" / "tta" / "locale"
FULL = {"mode": "full"}


def sizes(family: str, age: str, **opts: str) -> list[int]:
    """The deck's size at 4, 3 and 2 players."""
    return [len(deck(age, family, n, opts.get("mode", "full"), opts.get("peaceful", "off")))
            for n in (4, 3, 2)]


def test_full_deck_sizes() -> None:
    """F-SETUP-2: civil A 20; I, II and III 53 / 50 / 44 at 4 / 3 / 2 players; military I
    45 / 45 / 43, II 50 / 50 / 46, III 45 / 45 / 41 (Age A: only players + 2 become events)."""
    assert sizes("civil", "A") == [20, 20, 20]
    for age in ("I", "II", "III"):
        assert sizes("civil", age) == [53, 50, 44]
    assert sizes("military", "I") == [45, 45, 43]
    assert sizes("military", "II") == [50, 50, 46]
    assert sizes("military", "III") == [45, 45, 41]


def test_full_military_decks_hold_every_kind_and_no_pacts_at_two() -> None:
    """F-SETUP-1: all military cards, aggressions, wars and pacts included; F-PACT-1: with 2
    players the pacts are removed."""
    kinds = {CARDS[c].kind for c in deck("II", "military", 3, "full")}
    assert kinds == {"event", "territory", "tactic", "bonus", "aggression", "war", "pact"}
    for age in ("I", "II", "III"):
        assert not [c for c in deck(age, "military", 2, "full") if CARDS[c].kind == "pact"]
        assert [c for c in deck(age, "military", 3, "full") if CARDS[c].kind == "pact"]


def test_peaceful_deck_sizes() -> None:
    """V-PEACE-4: strict (any player count) and keep_pacts at 2 players: I 37, II 33, III 27;
    keep_pacts at 3-4 players: I 38, II 35, III 28."""
    expect = {"I": 37, "II": 33, "III": 27}
    for age, size in expect.items():
        assert sizes("military", age, peaceful="strict") == [size] * 3
    assert sizes("military", "I", peaceful="keep_pacts") == [38, 38, 37]
    assert sizes("military", "II", peaceful="keep_pacts") == [35, 35, 33]
    assert sizes("military", "III", peaceful="keep_pacts") == [28, 28, 27]


def test_peaceful_settings_keep_what_v_peace_3_says() -> None:
    """V-PEACE-3: strict removes every aggression, war and pact; keep_pacts keeps only Trade
    Routes Agreement, International Trade Agreement, Scientific Cooperation and International
    Tourism. The civil decks do not change."""
    for age in ("I", "II", "III"):
        strict = {CARDS[c].kind for c in deck(age, "military", 4, "full", "strict")}
        assert not strict & {"aggression", "war", "pact"}
        kept = {c for c in deck(age, "military", 4, "full", "keep_pacts")
                if CARDS[c].kind in ("aggression", "war", "pact")}
        assert kept <= PEACEFUL_PACTS and kept
        assert deck(age, "civil", 3, "full", "strict") == deck(age, "civil", 3, "full")
    assert {c for age in ("I", "II", "III")
            for c in deck(age, "military", 4, "full", "keep_pacts")} >= PEACEFUL_PACTS


@pytest.mark.parametrize("n", [2, 3, 4])
def test_full_setup_uses_the_eight_decks(n: int) -> None:
    """F-SETUP-1: the full game is set up with the Age III decks and every military card."""
    s = T.new_game(n, 4, {**FULL, "peaceful": "off"})
    assert mode(s) == "full" and final_age(s) == "IV"
    for age in ("I", "II", "III"):
        assert sorted(s.civil[age]) == deck(age, "civil", n, "full")
        assert sorted(s.military_deck[age]) == deck(age, "military", n, "full")
    strict = T.new_game(n, 4, {**FULL, "peaceful": "strict"})
    assert sorted(strict.military_deck["III"]) == deck("III", "military", n, "full", "strict")


def test_the_tutorial_stays_the_default() -> None:
    """F-SETUP-3 (this project: the tutorial is the default until the full game is complete):
    a game without options is the tutorial, dealt exactly as a game that names it."""
    plain, named = T.new_game(3, 9), T.new_game(3, 9, {"mode": "tutorial"})
    assert mode(plain) == "tutorial" and final_age(plain) == "III"
    assert "III" not in plain.civil and "III" not in plain.military_deck
    one, other = json.loads(fingerprint(plain)), json.loads(fingerprint(named))
    one.pop("options"), other.pop("options")
    assert one == other


def test_mode_options_in_the_lobby() -> None:
    """F-SETUP-3, V-OPT-1: mode (full | tutorial | short, V-SHORT),
    peaceful (off | strict | keep_pacts) and global_conflict, in the lobby; anything else is
    refused before a game exists."""
    spec = {o.name: o for o in T.INFO.options}
    assert spec["mode"].choices == ("full", "tutorial", "short")
    assert spec["mode"].default == "full"
    assert spec["peaceful"].choices == ("off", "strict", "keep_pacts")
    assert spec["global_conflict"].kind == "bool"
    assert all(spec[k].in_lobby for k in ("mode", "peaceful", "global_conflict"))
    for bad in ({"mode": "long"}, {"peaceful": "yes"}, {"global_conflict": 1}):
        with pytest.raises(IllegalDecision):
            T.new_game(3, 1, bad)


def test_option_words_in_four_languages() -> None:
    """Every lobby option has its help, its parameter name and its choices' names in en, cs, de
    and pl (the bot's slash command and lobby read them)."""
    keys = ["tta.option.mode", "tta.option.peaceful", "tta.option.global_conflict",
            "tta.option.name.mode", "tta.option.name.peaceful",
            "tta.option.name.global_conflict", "tta.choice.mode.full",
            "tta.choice.mode.tutorial", "tta.choice.peaceful.off",
            "tta.choice.peaceful.strict", "tta.choice.peaceful.keep_pacts"]
    texts = {}
    for lang in ("en", "cs", "de", "pl"):
        catalogue = json.loads((LOCALES / f"{lang}.json").read_text(encoding="utf-8"))
        texts[lang] = [catalogue[k] for k in keys]
    assert texts["cs"] != texts["en"] and texts["de"] != texts["en"] and texts["pl"] != texts["en"]


def test_political_cards_in_hand_count_for_the_limit_and_are_discardable() -> None:
    """F-SETUP-1 with T-HAND-2 / T-MDISC-1: aggressions, wars and pacts in a military hand
    count for the hand limit and may be discarded at the end of the turn (face down, to their
    age's discard pile); the AI answers that discard too."""
    s = end_round_one(T.new_game(3, 3, {"mode": "full", "start_player": 0}))
    p = s.players[0]
    p.military = ["raid_i", "plunder_i", "open_borders_agreement_i"]  # limit: 2 (Despotism)
    s, _ = T.apply(s, 0, Decision("end", {}))
    assert [d.args["card"] for d in T.options(s, 0)] == sorted(set(p.military))
    assert ai.choose(s, 0, "easy") in T.options(s, 0)
    s, _ = T.apply(s, 0, Decision("discard", {"card": "open_borders_agreement_i"}))
    hand = s.players[0].military  # (then the end of turn drew 2 new cards, T-MDRAW-1)
    assert "open_borders_agreement_i" not in hand and {"plunder_i", "raid_i"} <= set(hand)
    assert s.military_discard["I"] == ["open_borders_agreement_i"]
