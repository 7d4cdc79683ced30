"""The whole-turn text notation (README "Text notation") parses into the engine's decisions and
is applied atomically."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core import Decision, IllegalDecision
from engine.pantheon import apply, new_game, options, pending
from engine.pantheon.notation import apply_text, parse
from engine.pantheon.placement import NEIGHBOURS
from engine.pantheon.state import State


def at_first_action(seed: int = 11) -> State:
    """A 3-player game advanced to the start player's first action, with a known hand."""
    s = new_game(3, seed)
    while pending(s)[0].kind != "action":
        seat = pending(s)[0].seat
        s, _ = apply(s, seat, options(s, seat)[-1])
    seat = pending(s)[0].seat
    s.players[seat].hand = {"move": 2, "money1": 3, "money3": 1, "dancers": 3, "priests": 2}
    return s


def frozen(s: State) -> str:
    return json.dumps(s.to_json(), sort_keys=True)


def test_move_with_cards_places_feet_and_column_then_stops() -> None:
    s = at_first_action()
    seat = pending(s)[0].seat
    temple = s.temple
    a, b = NEIGHBOURS[temple][0], NEIGHBOURS[temple][1]
    decisions = parse(s, seat, f"move 1: {a} {b}")
    assert decisions[:2] == [Decision("action", {"action": "move"}), Decision("cards", {"n": 1})]
    assert Decision("place", {"piece": "foot", "field": a}) in decisions
    s2, _ = apply_text(s, seat, f"move 1: {a} {b}")
    assert [seat, "foot"] in s2.pieces[a] and [seat, "foot"] in s2.pieces[b]
    # P-MOVE-14: the played movement card went to the discard pile; the hand kept the other
    assert s2.players[seat].hand["move"] == 1
    assert pending(s2)[0].seat != seat  # P-MOVE-15: the follow-up moves begin


def test_buy_notation_plays_money_and_buys() -> None:
    s = at_first_action()
    seat = pending(s)[0].seat
    s2, _ = apply_text(s, seat, "buy 1 3: dancers 1, priests 2")  # P-BUY-10: 1 + 3
    assert s2.players[seat].tiles == {"dancers": 1, "priests": 2}
    assert s2.players[seat].hand.get("money1") == 2 and "money3" not in s2.players[seat].hand


def test_god_and_draw_notation() -> None:
    s = at_first_action()
    seat = pending(s)[0].seat
    s2, _ = apply_text(s, seat, "draw display:" + next(c for c in s.display if c) + " deck deck")
    assert s2.players[seat].hand_size() == s.players[seat].hand_size() + 3


@pytest.mark.parametrize("text, fragment", [
    ("move 1: Z99", "not a field label"),
    ("move 9: B2", "movement card"),
    ("buy 7: +foot", "money card value"),
    ("god zeus", "not a god"),
    ("fly away", "do not understand"),
    ("", "Write a turn"),
])
def test_bad_notation_gives_a_message_and_changes_nothing(text: str, fragment: str) -> None:
    s = at_first_action()
    seat = pending(s)[0].seat
    before = frozen(s)
    with pytest.raises(IllegalDecision) as err:
        apply_text(s, seat, text)
    assert fragment in err.value.message
    assert frozen(s) == before


def test_illegal_second_half_leaves_state_untouched() -> None:
    """A text whose first placement is legal but second is not is rejected whole."""
    s = at_first_action()
    seat = pending(s)[0].seat
    a = NEIGHBOURS[s.temple][0]
    before = frozen(s)
    with pytest.raises(IllegalDecision) as err:
        apply_text(s, seat, f"move 2: {a} A1")
    assert err.value.rule == "P-PLACE-7"
    assert frozen(s) == before


def test_not_your_turn() -> None:
    s = at_first_action()
    other = (pending(s)[0].seat + 1) % 3
    with pytest.raises(IllegalDecision) as err:
        parse(s, other, "draw")
    assert err.value.rule == "P-TURN-1"


WORDS = ["move", "buy", "god", "draw", "col", ":", ";", ",", "²", "1", "3", "99999", "F12",
         "Q29", "Z1", "dancers", "+foot", "+col", "display:move", "deck", "traitera", "end",
         "vinthrad", ">", "swap", "tile", "skip", "", " "]


@settings(max_examples=300, deadline=None, derandomize=True)
@given(st.one_of(st.text(max_size=60),
                 st.lists(st.sampled_from(WORDS), max_size=12).map(" ".join)))
def test_any_typed_text_is_refused_cleanly_or_applied(text: str) -> None:
    """Nothing a user types crashes the parser: it is applied, or refused with a message."""
    s = at_first_action()
    seat = pending(s)[0].seat
    before = frozen(s)
    try:
        apply_text(s, seat, text)
    except IllegalDecision as err:
        assert err.message
    assert frozen(s) == before


def draw_size(s: State, seat: int) -> int:
    return 3 + s.players[seat].gods.count("gadicea")  # P-DRAW-1, P-GADI-1


def test_a_draw_with_one_card_too_many_is_refused_whole_naming_the_rule() -> None:
    """The last "deck" used to be judged against the next seat: "It is not your turn"."""
    s = at_first_action()
    seat = pending(s)[0].seat
    n = draw_size(s, seat)
    before = frozen(s)
    with pytest.raises(IllegalDecision) as err:
        apply_text(s, seat, "draw" + " deck" * (n + 1))
    assert err.value.rule == "P-DRAW-1"
    assert "one card too many" in err.value.message
    assert f"a Draw takes {n} cards" in err.value.message
    assert "not your turn" not in err.value.message
    with pytest.raises(IllegalDecision) as err:
        apply_text(s, seat, "draw" + " deck" * (n + 2))
    assert "2 cards too many" in err.value.message
    assert frozen(s) == before
    s2, _ = apply_text(s, seat, "draw" + " deck" * n)  # exactly enough: applied
    assert s2.players[seat].hand_size() == s.players[seat].hand_size() + n


def at_move_place(cards: int) -> tuple[State, int]:
    s = at_first_action()
    seat = pending(s)[0].seat
    s, _ = apply(s, seat, Decision("action", {"action": "move"}))
    s, _ = apply(s, seat, Decision("cards", {"n": cards}))
    assert pending(s)[0].kind == "move_place"
    return s, seat


def test_placements_typed_during_a_move_are_all_applied_or_none() -> None:
    """ "P24 P25 Q26" in the middle of a move placed P24 and silently dropped the rest."""
    s, seat = at_move_place(cards=1)  # 3 steps (P-MOVE-4)
    a, b = NEIGHBOURS[s.temple][0], NEIGHBOURS[s.temple][1]
    s2, _ = apply_text(s, seat, f"{a} {b}")
    assert [seat, "foot"] in s2.pieces[a] and [seat, "foot"] in s2.pieces[b]
    s, seat = at_move_place(cards=0)  # 1 step: one placement, not two
    before = frozen(s)
    with pytest.raises(IllegalDecision) as err:
        apply_text(s, seat, f"{a} {b}")
    assert err.value.rule == "P-MOVE-11"
    assert "one placement too many" in err.value.message
    assert "cannot be applied whole" in err.value.message
    assert frozen(s) == before


def test_words_left_over_are_refused_not_ignored() -> None:
    s, seat = at_move_place(cards=1)
    before = frozen(s)
    for text in ("stop here", "end now please", "traitera twice"):
        with pytest.raises(IllegalDecision) as err:
            apply_text(s, seat, text)
        assert "left over" in err.value.message, text
    # "column <field>" is a placement, not the supply choice "columns"
    with pytest.raises(IllegalDecision) as err:
        apply_text(s, seat, "column Z99")
    assert "not a field label" in err.value.message
    assert frozen(s) == before


def test_a_clause_after_the_turn_is_over_is_refused_whole() -> None:
    s = at_first_action()
    seat = pending(s)[0].seat
    before = frozen(s)
    with pytest.raises(IllegalDecision) as err:
        apply_text(s, seat, "draw" + " deck" * draw_size(s, seat) + "; draw")
    assert err.value.rule == "P-TURN-1"
    assert "cannot be applied whole" in err.value.message
    assert frozen(s) == before
