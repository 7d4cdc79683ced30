"""A seat's hand in words (engine.tta.handtext, issue 29): each card with its name, its cost
and what it does, in every language; a hand too long for one Discord message keeps its names
and costs (the hand picture carries the effects)."""

from __future__ import annotations

import pytest

from data.i18n import LANGUAGES, use_language
from data.tta import CARDS
from engine.tta import hand_text
from engine.tta.cardinfo import card_cost
from engine.tta.cardtext import card_effect, card_name
from engine.tta.handtext import ROOM, hand_lines


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_card_of_a_hand_with_its_cost_and_effect(lang):
    civil = ["iron_i", "michelangelo_i", "iron_i"]
    military = ["legion_i"]
    lines = hand_lines(civil, military, lang)
    text = "\n".join(lines)
    for card in ("iron_i", "michelangelo_i", "legion_i"):
        assert card_name(card, lang) in text
        assert card_effect(card, lang) in text
    assert card_cost("iron_i", lang) in text and "×2" in text
    assert len(lines) == 2 + 3  # two heads, a line per different card


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_long_hand_keeps_names_and_costs_within_a_message(lang):
    civil = sorted(c for c in CARDS if CARDS[c].deck == "civil")[:24]
    text = "\n".join(hand_lines(civil, [], lang))
    assert all(card_name(c, lang) in text for c in civil)
    assert not any(card_effect(c, lang) in text for c in civil if card_effect(c, lang))
    short = "\n".join(hand_lines(civil[:4], [], lang))
    assert len(short) <= ROOM and all(card_effect(c, lang) in short for c in civil[:4])


def test_the_hand_text_hook_reads_the_seats_view():
    view = {"players": [{"hand": ["iron_i"], "military": []}]}
    with use_language("de"):
        assert card_effect("iron_i") in hand_text(view, 0)
        assert card_name("iron_i") in hand_text(view, 0)
