"""Pantheon's refusals and prompt texts in the player's language: each is made from the
catalogue (data/pantheon/locale) when it is raised or shown, in the language of that moment
(`data.i18n.use_language`, set per interaction by the bot), never frozen in English at import
or stored in a prompt. Names the rules give (offering kinds, pieces) are translated; what the
player typed is quoted as typed. The rule numbers stay the same in every language."""

from __future__ import annotations

import json
import re

import pytest

from data.i18n import catalogue, t, use_language
from engine.core import Decision, IllegalDecision
from engine.pantheon import apply, pending, prompt_text, view
from engine.pantheon.flow import CHOICES
from engine.pantheon.notation import apply_text
from engine.pantheon.state import State
from render.pantheon import names
from tests.engine.pantheon.pantheon_helpers import at_turn, blank, hand, play

OTHERS = ("cs", "de", "pl")


def refusal(s: State, seat: int, decision: Decision) -> IllegalDecision:
    with pytest.raises(IllegalDecision) as info:
        apply(s, seat, decision)
    return info.value


def at_move_cards(moves: int) -> State:
    s = hand(at_turn(blank(), 0), 0, move=moves)
    return play(s, 0, "action", action="move")


@pytest.mark.parametrize("lang", OTHERS)
def test_a_refusal_is_worded_in_the_language_of_the_moment(lang: str) -> None:
    """P-MOVE-2: you play only movement cards you hold. The refusal is the catalogue's text in
    the player's language, with the language's own plural form, and the same rule."""
    s = at_move_cards(1)
    english = refusal(s, 0, Decision("cards", {"n": 2}))
    assert english.message == "You hold only 1 movement card." == t(
        "pantheon.err.held_move_cards", "en", count=1)
    with use_language(lang):
        err = refusal(s, 0, Decision("cards", {"n": 2}))
    assert err.rule == english.rule == "P-MOVE-2"
    assert err.message == t("pantheon.err.held_move_cards", lang, count=1)
    assert err.message != english.message
    # the language's plural forms: 2 and 5 cards held are worded differently in Czech and
    # Polish (the fake plural "card(s)" is gone)
    if lang in ("cs", "pl"):
        two = t("pantheon.err.held_move_cards", lang, count=2)
        five = t("pantheon.err.held_move_cards", lang, count=5)
        assert re.sub(r"\d", "", two) != re.sub(r"\d", "", five)


@pytest.mark.parametrize(("lang", "gifts"), [("cs", "Dary"), ("de", "Gaben"), ("pl", "Dary")])
def test_names_in_a_refusal_are_translated(lang: str, gifts: str) -> None:
    """P-BUY-5: only an offering tile you own can be upgraded; the kind is named in the
    player's language (the catalogue's pantheon.kind.gifts), not as the engine's id."""
    s = hand(at_turn(blank(), 0), 0, money1=1, money3=1)
    s = play(s, 0, "action", action="buy")
    s = play(s, 0, "money", card="money3")
    with use_language(lang):
        err = refusal(s, 0, Decision("upgrade", {"kind": "gifts", "level": 2}))
    assert err.rule == "P-BUY-5"
    assert err.message == t("pantheon.err.no_tile", lang, kind=gifts)
    assert gifts in err.message and "gifts" not in err.message


@pytest.mark.parametrize("lang", OTHERS)
def test_what_the_player_typed_is_quoted_as_typed(lang: str) -> None:
    """P-PLACE-1: a field is named by its label; a wrong label is quoted as it was written."""
    s = hand(at_turn(blank(), 0), 0, move=1)
    with use_language(lang), pytest.raises(IllegalDecision) as info:
        apply_text(s, 0, "move 1: X77")
    assert info.value.rule == "P-PLACE-1"
    assert info.value.message.endswith(t("pantheon.err.not_a_label", lang, word="x77"))
    assert "not a field label" not in info.value.message


@pytest.mark.parametrize("lang", OTHERS)
def test_a_decision_out_of_turn_names_what_is_awaited_in_that_language(lang: str) -> None:
    """P-TURN-2: one action per turn; a decision that does not fit the step is refused with
    what the seat may do now, both in the player's language."""
    s = at_move_cards(1)
    with use_language(lang):
        err = refusal(s, 0, Decision("action", {"action": "buy"}))
        waiting = t("pantheon.waiting.move_cards", lang)
    assert err.rule == "P-TURN-2"
    assert waiting in err.message
    assert err.message == t("pantheon.err.not_now", lang, decision=t(
        "pantheon.decision.action.buy", lang), waiting=waiting)


@pytest.mark.parametrize("lang", OTHERS)
def test_a_prompt_is_worded_when_shown_not_when_made(lang: str) -> None:
    """P-TURN-2: the start of a turn asks for one action. The prompt carries no text (its args
    stay JSON); the words come from the catalogue each time it is shown, so a prompt made while
    one player's language was set reads in another player's language later."""
    s = at_turn(blank(), 0)
    with use_language("en"):
        prompt = pending(s)[0]
    assert prompt.kind == "action"
    json.dumps(prompt.args)
    assert "text" not in prompt.args
    english = prompt_text(s, prompt)
    assert english == "choose your action (move, buy, god or draw)"
    with use_language(lang):
        shown = prompt_text(s, prompt)
    assert shown == t("pantheon.waiting.action", lang) != english
    # the picture's waiting line is the picture's own catalogue text, in the language asked for
    entry = view(s, None).waiting[0]
    assert "text" not in entry
    assert names.waiting(entry, lang) == t("pantheon.render.waiting.action", lang)


def test_every_prompt_kind_has_its_text_in_every_language() -> None:
    for lang in ("en", *OTHERS):
        texts = catalogue(lang)
        missing = [k for k in CHOICES if f"pantheon.waiting.{k}" not in texts]
        assert missing == [], (lang, missing)
