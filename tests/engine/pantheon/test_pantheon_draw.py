"""Action IV, Draw 3 cards (P-DRAW-*), and the deck rules every draw uses (P-DECK-*)."""

from __future__ import annotations

from collections import Counter

from tests.engine.pantheon.pantheon_helpers import (
    BLUE,
    RED,
    YELLOW,
    at_turn,
    blank,
    hand,
    has,
    illegal,
    play,
    waiting,
)


def draw(s, seat):
    at_turn(s, seat)
    return play(s, seat, "action", action="draw")


def take_deck(s, seat):
    return play(s, seat, "take", **{"from": "deck"})


def take_display(s, seat, card):
    return play(s, seat, "take", **{"from": "display", "card": card})


def test_draw_three_from_display_and_deck_with_refill():
    # P-DRAW-1 / P-DRAW-2: one at a time; a display card is replaced at once from the deck
    s = blank(3)
    s.display = ["move", "gifts", "priests", "money1"]
    s.deck = s.deck + ["dancers", "temples", "move"]  # "move" is the top
    s = draw(s, RED)
    s = take_display(s, RED, "gifts")
    assert s.display == ["move", "move", "priests", "money1"]  # refilled from the top
    s = take_display(s, RED, "move")
    assert s.display == ["temples", "move", "priests", "money1"]
    s = take_deck(s, RED)
    assert s.players[RED].hand == {"gifts": 1, "move": 1, "dancers": 1}
    assert waiting(s) == (BLUE, "action")


def test_only_cards_on_display_can_be_taken_from_it():
    s = blank(3)
    s.display = ["move", "gifts", "priests", "money1"]
    s = draw(s, RED)
    illegal(s, RED, "take", "P-DRAW-1", **{"from": "display", "card": "temples"})
    assert not has(s, RED, "take", **{"from": "display", "card": "temples"})


def test_draw_three_is_always_possible():
    # P-TURN-3: even with nothing else to do; here it is the only action, so it starts at once
    s = blank(3, feet=0, columns=0)
    at_turn(s, RED)
    assert waiting(s) == (RED, "draw_pick")


def test_empty_deck_is_rebuilt_from_the_discard_pile():
    # P-DECK-1
    s = blank(3)
    s.deck = []
    s.discard = ["gifts", "gifts", "gifts"]
    s.display = ["move", "move", "move", "move"]
    s = draw(s, RED)
    s = take_deck(s, RED)
    assert s.players[RED].hand == {"gifts": 1} and s.discard == [] and len(s.deck) == 2


def test_everyone_gives_up_hands_when_no_deck_can_be_formed():
    # P-DECK-2 / AMB-16: all hands, including the drawer's and the cards just drawn, are
    # shuffled into a new deck; the drawer then gets the cards still owed
    s = blank(3)
    s.deck = ["priests"]
    s.discard = []
    s.display = ["move", "move", "move", "move"]
    hand(s, RED, money1=1)
    hand(s, BLUE, gifts=2)
    hand(s, YELLOW, temples=1, dancers=1)
    s = draw(s, RED)
    s = take_deck(s, RED)  # the last card of the deck
    assert s.players[RED].hand == {"money1": 1, "priests": 1}
    s = take_deck(s, RED)  # no deck, no discard: every hand is collected
    assert s.players[BLUE].hand == {} and s.players[YELLOW].hand == {}
    assert s.players[RED].hand_size() == 1 and len(s.deck) == 5
    everything = Counter(s.deck) + Counter(s.players[RED].hand)
    assert everything == Counter({"money1": 1, "priests": 1, "gifts": 2, "temples": 1,
                                  "dancers": 1})
    s = take_deck(s, RED)
    assert s.players[RED].hand_size() == 2 and len(s.deck) == 4


def test_display_refill_can_also_collect_the_hands():
    # P-DECK-3: the same procedure for a display refill
    s = blank(3)
    s.deck, s.discard = [], []
    s.display = ["move", "gifts", "gifts", "gifts"]
    hand(s, BLUE, temples=1)
    s = draw(s, RED)
    s = take_display(s, RED, "move")
    # Red's new "move" and Blue's "temples" went into the new deck; one refilled the display
    assert s.players[RED].hand_size() + s.players[BLUE].hand_size() == 0
    assert sorted(s.deck + [s.display[0]]) == ["move", "temples"]


def test_no_card_anywhere_the_rest_of_the_draw_is_lost():
    # P-DECK-4: no card in the deck, the discard pile, the display or any hand: nothing to take
    s = blank(3)
    s.players[RED].supply = {"foot": 0, "column": 0}
    s.deck, s.discard = [], []
    s.display = [None, None, None, None]
    at_turn(s, RED)  # Draw is the only action, and there is no card to take: the turn ends
    assert waiting(s)[0] == BLUE and s.players[RED].hand == {}
    # with a single card on display, it is taken and comes straight back (the refill collects
    # the hands again): the owed cards are lost, nothing is created
    s = blank(3)
    s.players[RED].supply = {"foot": 0, "column": 0}
    s.deck, s.discard = [], []
    s.display = ["move", None, None, None]
    at_turn(s, RED)
    assert waiting(s)[0] == BLUE
    assert s.players[RED].hand_size() + len(s.deck) + len([c for c in s.display if c]) == 1


def test_follow_up_draw_takes_the_deck_top_not_the_display():
    # P-DECK-5 / P-MOVE-16
    s = blank(3)
    s.display = ["move", "move", "move", "move"]
    s.deck = s.deck + ["gifts"]
    at_turn(s, RED)
    s = play(s, RED, "action", action="move")
    s = play(s, RED, "place", piece="foot", field="D10")
    assert s.players[BLUE].hand == {"gifts": 1}
    assert s.display == ["move", "move", "move", "move"]


def test_an_empty_display_slot_cannot_be_taken():
    # P-DECK-4: a slot left empty holds no card; "None" is not a card
    s = blank(3)
    s.deck, s.discard = [], []
    s.display = ["move", None, "gifts", None]
    s = draw(s, RED)
    illegal(s, RED, "take", "P-DRAW-1", **{"from": "display", "card": None})
