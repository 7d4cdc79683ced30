"""Action I, Move (P-MOVE-*), the placement rules it uses (P-PLACE-*) and the rulebook's
movement examples, on the real map around Gallia's start field D9 (and Roma's J16 for water).

Colours are the engine's seat colours (0 red, 1 blue, 2 yellow, 3 green). Where a rulebook
example names other colours, the comment says which seat plays that role."""

from __future__ import annotations

import pytest

from engine.pantheon.state import COLUMN, FOOT
from tests.engine.pantheon.pantheon_helpers import (
    BLUE,
    RED,
    YELLOW,
    at_turn,
    blank,
    board_at,
    hand,
    has,
    illegal,
    is_column_field,
    kinds_offered,
    neighbours,
    places_offered,
    play,
    put,
    waiting,
)

TEMPLE = "D9"  # Gallia's start field


def move(s, seat, cards):
    """Start `seat`'s turn and choose Move with `cards` movement cards."""
    at_turn(s, seat)
    s = play(s, seat, "action", action="move")
    if waiting(s) == (seat, "move_cards"):
        return play(s, seat, "cards", n=cards)
    assert cards == 0 and waiting(s) == (seat, "move_place")  # no card to choose: forced
    return s


def frame(s):
    return s.queue[0]


def place(s, seat, piece, field, **kw):
    return play(s, seat, "place", piece=piece, field=field, **kw)


def foot(s, seat, field, **kw):
    return place(s, seat, FOOT, field, **kw)


def col(s, seat, field, **kw):
    return place(s, seat, COLUMN, field, **kw)


# --- step budget ------------------------------------------------------------------------------

def test_big_foot_alone_gives_one_step():
    # P-MOVE-1 / P-MOVE-4: the big foot is worth 1 step, no card needed
    s = blank(3)
    hand(s, RED, money1=1)
    hand(s, BLUE, move=1)
    s = move(s, RED, 0)
    assert frame(s)["budget"] == 1 and frame(s)["big"]
    s = foot(s, RED, "D10")
    # nothing left to spend: the movement ends by itself and the follow-ups start
    assert waiting(s) == (BLUE, "move_cards")


def test_movement_cards_give_two_steps_each_and_are_discarded_at_the_end():
    # P-MOVE-2 / P-MOVE-14
    s = blank(3)
    hand(s, RED, move=3)
    discard = len(s.discard)
    s = move(s, RED, 2)
    assert frame(s)["budget"] == 5
    assert s.players[RED].hand == {"move": 1}  # committed before placing
    assert len(s.discard) == discard  # ... but discarded only when the movement ends
    s = foot(s, RED, "D10")
    s = play(s, RED, "stop")
    assert s.discard[-2:] == ["move", "move"] and len(s.discard) == discard + 2


def test_cannot_play_more_movement_cards_than_held():
    s = blank(3)
    hand(s, RED, move=1)
    at_turn(s, RED)
    s = play(s, RED, "action", action="move")
    illegal(s, RED, "cards", "P-MOVE-2", n=2)
    assert not has(s, RED, "cards", n=2) and has(s, RED, "cards", n=1)


def test_vinthrad_and_steps_tiles_add_to_every_move():
    # P-MOVE-3 / P-MOVE-4 / P-VINT-1 / P-TILE-STEP-1: they combine and need no card
    s = blank(3)
    s.players[RED].gods = ["vinthrad", "vinthrad"]
    s.players[RED].steps_tiles = ["steps2", "b_steps1"]
    s = move(s, RED, 0)
    assert frame(s)["budget"] == 1 + 2 + 2 + 1
    # ... and in a follow-up move too, without the big foot (P-MOVE-15)
    s2 = blank(3)
    s2.players[BLUE].gods = ["vinthrad"]
    s2.players[BLUE].steps_tiles = ["steps1"]
    hand(s2, RED, move=1)
    s2 = move(s2, RED, 0)
    s2 = foot(s2, RED, "D10")
    assert waiting(s2) == (BLUE, "move_cards")
    s2 = play(s2, BLUE, "cards", n=0)
    assert frame(s2)["budget"] == 2 and not frame(s2)["big"]


# --- where pieces may go ----------------------------------------------------------------------

def test_first_foot_must_stand_next_to_the_temple():
    # P-PLACE-7 / DE: "Der Spieler muss seinen ersten Fuß auf ein Nachbarfeld des Tempels setzen"
    s = blank(3)
    hand(s, RED, move=1)
    s = move(s, RED, 1)
    assert places_offered(s, RED) == set(neighbours(TEMPLE))
    illegal(s, RED, "place", "P-PLACE-7", piece=FOOT, field="D11")
    illegal(s, RED, "place", "P-PLACE-7", piece=FOOT, field="A1")


def test_later_feet_extend_any_end_branch_or_restart_at_the_temple():
    # P-PLACE-7 (DE "weitere Beispiele"): from the temple again, branching, any end
    s = blank(3, feet=7)
    hand(s, RED, move=3)
    s = move(s, RED, 3)  # 7 steps
    s = foot(s, RED, "D10")
    s = foot(s, RED, "D11")  # extends the route
    s = foot(s, RED, "C9")  # a new branch from the temple
    s = foot(s, RED, "E10")  # branches off D10 (and touches the temple)
    s = foot(s, RED, "B9")  # extends the other route
    assert "B8" in places_offered(s, RED) and "E12" in places_offered(s, RED)
    illegal(s, RED, "place", "P-PLACE-7", piece=FOOT, field="A6")


def test_feet_never_on_column_fields_columns_only_on_column_fields():
    # P-PLACE-2 / P-MOVE-6
    s = blank(3)
    hand(s, RED, move=2)
    s = move(s, RED, 2)
    s = foot(s, RED, "E10")
    assert is_column_field("F10") and "F10" in neighbours("E10")
    illegal(s, RED, "place", "P-PLACE-2", piece=FOOT, field="F10")
    illegal(s, RED, "place", "P-PLACE-2", piece=COLUMN, field="E11")
    s = col(s, RED, "F10")
    assert board_at(s, "F10") == [[RED, COLUMN]]


def test_feet_may_stand_on_water():
    # P-PLACE-3: water is an ordinary feet field (Roma's start J16 lies by the sea)
    s = blank(3, people="roma")
    assert s.temple == "J16"
    hand(s, RED, move=1)
    s = move(s, RED, 1)
    s = foot(s, RED, "J15")
    assert "J14" in neighbours("J15")
    s = foot(s, RED, "J14")  # a water field
    assert board_at(s, "J14") == [[RED, FOOT]]


def test_nothing_is_placed_on_the_temple_field():
    # P-PLACE-4
    s = blank(3)
    hand(s, RED, move=1)
    s = move(s, RED, 1)
    s = foot(s, RED, "D10")
    illegal(s, RED, "place", "P-PLACE-4", piece=FOOT, field=TEMPLE)


def test_column_needs_an_own_foot_next_to_it():
    # P-PLACE-8: neither the temple, nor own columns, nor other players' feet are enough
    s = blank(3)
    put(s, BLUE, FOOT, "E10")
    put(s, RED, COLUMN, "D12", this_epoch=False)
    hand(s, RED, move=2)
    s = move(s, RED, 2)
    illegal(s, RED, "place", "P-PLACE-8", piece=COLUMN, field="F10")  # only Blue's foot
    s = foot(s, RED, "D10")
    s = foot(s, RED, "D11")  # D11 touches the old column D12: it joins the route
    # the only column field next to Red's feet is D12, which already holds Red's column
    assert places_offered(s, RED, COLUMN) == set()
    illegal(s, RED, "place", "P-PLACE-5", piece=COLUMN, field="D12")
    illegal(s, RED, "place", "P-PLACE-8", piece=COLUMN, field="C14")  # next to the old column


def test_pieces_come_from_the_personal_supply():
    # P-PLACE-10
    s = blank(3, feet=1, columns=0)
    hand(s, RED, move=2)
    s = move(s, RED, 2)
    s = foot(s, RED, "E10")
    assert s.players[RED].supply == {FOOT: 0, COLUMN: 0}
    # no piece left: the movement ends on its own, the follow-ups begin
    assert waiting(s)[0] != RED


def test_occupied_field_costs_two_and_full_or_own_fields_are_refused():
    # P-MOVE-8 / P-MOVE-9 / P-PLACE-5
    s = blank(4)
    put(s, BLUE, FOOT, "D10")
    put(s, BLUE, FOOT, "C10")
    put(s, YELLOW, FOOT, "C10")  # full
    hand(s, RED, move=1)
    s = move(s, RED, 1)  # 3 steps
    illegal(s, RED, "place", "P-PLACE-5", piece=FOOT, field="C10")
    s = foot(s, RED, "D10")
    assert frame(s)["spent"] == 2 and board_at(s, "D10") == [[BLUE, FOOT], [RED, FOOT]]
    illegal(s, RED, "place", "P-PLACE-5", piece=FOOT, field="D10")
    s = foot(s, RED, "E9")  # 2 + 1 = all 3 steps: the movement ends by itself
    assert board_at(s, "E9") == [[RED, FOOT]] and waiting(s)[0] == BLUE


def test_total_cost_must_fit_the_budget():
    # P-MOVE-11: with 1 step left an occupied field (2) is out of reach
    s = blank(3)
    put(s, BLUE, FOOT, "D10")
    s = move(s, RED, 0)
    illegal(s, RED, "place", "P-MOVE-9", piece=FOOT, field="D10")
    assert "D10" not in places_offered(s, RED)


def test_move_must_place_a_piece():
    # P-TURN-3: no "stop" before the first placement; no Move without a placeable piece
    s = blank(3)
    hand(s, RED, move=1, money1=1)
    s = move(s, RED, 1)
    assert "stop" not in kinds_offered(s, RED)
    illegal(s, RED, "stop", "P-TURN-3")
    s2 = blank(3, feet=0, columns=2)
    hand(s2, RED, move=1, money1=1)
    at_turn(s2, RED)
    assert not has(s2, RED, "action", action="move")
    illegal(s2, RED, "action", "P-TURN-3", action="move")


# --- loot -------------------------------------------------------------------------------------

def test_foot_on_loot_takes_it_and_effect_comes_after_the_movement():
    # P-MOVE-12 (mandatory pickup, D2) and P-MOVE-13: a steps tile taken now cannot help now
    s = blank(3)
    s.loot = {"C10": "steps2", "G11": "feet2"}
    hand(s, BLUE, move=1)
    s = move(s, RED, 0)
    s = foot(s, RED, "C10")
    assert "C10" not in s.loot  # left the board at once
    assert s.players[RED].steps_tiles == ["steps2"]  # resolved after the 1-step movement
    assert waiting(s) == (BLUE, "move_cards")


def test_loot_effect_waits_for_stop_and_cards_are_discarded_first():
    # P-MOVE-13: "Zuletzt legt der Spieler seine ausgespielten Bewegungskarten auf den
    # Ablagestapel und erhält jetzt den Bonus des Beuteplättchens"
    s = blank(3)
    s.loot = {"C10": "draw2", "G11": "feet2"}
    hand(s, RED, move=1)
    s.deck.append("gifts")
    s = move(s, RED, 1)
    s = foot(s, RED, "C10")
    assert s.players[RED].hand == {} and "draw2" not in s.loot_box
    s = play(s, RED, "stop")
    # the movement card was discarded, then both cards were drawn (the discarded card is not
    # among them: it went to the discard pile first)
    assert s.discard[-1] == "move"
    assert s.players[RED].hand_size() == 2 and s.players[RED].hand.get("gifts") == 1
    assert "draw2" in s.loot_box  # P-TILE-2 / P-GAP-LOOTRES


def test_several_loot_tiles_are_resolved_in_the_players_order():
    # P-MOVE-13 / P-GAP-MULTILOOT
    s = blank(3)
    s.loot = {"C10": "money", "C9": "feet2", "G11": "draw2"}
    hand(s, RED, move=1)
    hand(s, BLUE, move=1)
    s = move(s, RED, 1)
    s = foot(s, RED, "C10")
    s = foot(s, RED, "C9")
    s = play(s, RED, "stop")
    assert waiting(s) == (RED, "loot_order")
    s = play(s, RED, "loot", tile="feet2")
    assert s.players[RED].supply[FOOT] == 4 - 2 + 2
    assert s.players[RED].hand == {"money2": 1}  # the second tile followed on its own
    assert waiting(s) == (BLUE, "move_cards")


def test_column_on_loot_field_does_not_take_loot():
    # P-MOVE-12 speaks of feet; columns never stand on symbol fields (P-GAP-FIELDS)
    from data.pantheon import BOARD
    for f in BOARD.fields:
        if f.people is not None:
            assert not f.is_column_field


# --- follow-up moves --------------------------------------------------------------------------

def test_follow_ups_in_turn_order_then_the_turn_passes():
    # P-MOVE-15 / P-MOVE-16 / P-MOVE-17. (CZ: a player who does not move "may" take a card;
    # DE: "zieht er eine Karte" - the draw is not optional, as the spec reads it.)
    s = blank(4, start=2)
    hand(s, YELLOW, move=1)
    hand(s, 3, move=1)
    hand(s, RED, move=2)
    hand(s, BLUE, money1=1)
    s.deck += ["temples", "priests"]  # the top of the deck is the end of the list
    s = move(s, YELLOW, 1)
    s = foot(s, YELLOW, "D10")
    s = play(s, YELLOW, "stop")
    # the player to the left moves first: green (3), then red (0), then blue (1)
    assert waiting(s) == (3, "move_cards")
    assert has(s, 3, "follow_draw")
    s = play(s, 3, "follow_draw")  # P-MOVE-16: the top card of the deck, never the display
    assert s.players[3].hand == {"move": 1, "priests": 1}
    assert waiting(s) == (RED, "move_cards")
    s = play(s, RED, "cards", n=2)
    assert frame(s)["budget"] == 4  # no big foot in a follow-up
    s = foot(s, RED, "C9")
    s = play(s, RED, "stop")
    # Blue cannot move (no card, no steps): the draw is its only option and happens at once
    assert s.players[BLUE].hand == {"money1": 1, "temples": 1}
    # P-MOVE-17: only now is Yellow's turn over; green (3) is next
    assert waiting(s) == (3, "action")


def test_follow_up_may_move_without_cards_using_permanent_steps():
    # P-MOVE-15: Vinthrad or steps tiles alone are enough for a follow-up move
    s = blank(3)
    s.players[BLUE].steps_tiles = ["steps1"]
    s = move(s, RED, 0)
    s = foot(s, RED, "D10")
    assert has(s, BLUE, "cards", n=0) and has(s, BLUE, "follow_draw")
    s = play(s, BLUE, "cards", n=0)
    s = foot(s, BLUE, "D8")
    assert board_at(s, "D8") == [[BLUE, FOOT]]


def test_follow_up_loot_is_taken_and_resolved_before_the_next_player():
    # P-MOVE-15: loot works the same in follow-up moves
    s = blank(3)
    s.loot = {"C10": "feet2", "G11": "draw2"}
    hand(s, BLUE, move=1)
    hand(s, YELLOW, move=1)
    s = move(s, RED, 0)
    s = foot(s, RED, "D10")
    s = play(s, BLUE, "cards", n=1)
    s = foot(s, BLUE, "C10")
    s = play(s, BLUE, "stop")
    assert waiting(s) == (YELLOW, "move_cards")
    assert s.players[BLUE].supply[FOOT] == 4 - 1 + 2


# --- old columns and the worked examples ------------------------------------------------------

def test_old_column_next_to_the_temple_only_is_not_connected():
    # P-PLACE-6 rule 3: an old column joins only through a field placed this epoch. (Whether
    # an old column right next to the temple counts as "connected to the temple" - DE "erneut
    # mit dem Tempel verbunden" - cannot arise on this map: no column field touches a start
    # field, checked below.)
    from data.pantheon import BOARD
    for start in BOARD.start_field.values():
        assert not any(BOARD.fields[i].is_column_field for i in BOARD.neighbours[start])
    s = blank(3)
    put(s, RED, COLUMN, "B10", this_epoch=False)  # two fields from the temple
    put(s, RED, COLUMN, "F10", this_epoch=False)
    hand(s, RED, move=1)
    s = move(s, RED, 1)
    assert "B9" not in places_offered(s, RED)  # B9 touches only the old column B10
    s = foot(s, RED, "C10")  # C10 touches B10: now B10 is part of the route
    assert "B9" in places_offered(s, RED) and "A10" in places_offered(s, RED)


def test_reconnecting_an_old_column_rulebook_example():
    # P-PLACE-11 (DE example): Yellow (big foot + 2 cards = 5 steps) sets 2 feet from the
    # temple next to an old yellow column, then 2 more feet and a new column beyond it
    s = blank(3)
    put(s, YELLOW, COLUMN, "D12", this_epoch=False)
    hand(s, YELLOW, move=2)
    s = move(s, YELLOW, 2)
    assert frame(s)["budget"] == 5
    illegal(s, YELLOW, "place", "P-PLACE-7", piece=FOOT, field="D13")  # not connected yet
    s = foot(s, YELLOW, "D10")
    s = foot(s, YELLOW, "D11")
    assert "D12" in neighbours("D11") and "D13" in neighbours("D12")
    assert "D13" not in neighbours("D11")
    s = foot(s, YELLOW, "D13")  # legal only because D12 is reconnected
    s = foot(s, YELLOW, "D14")
    assert "C14" in neighbours("D13")
    s = col(s, YELLOW, "C14")
    assert frame(s)["t"] != "move_place" or frame(s)["seat"] != YELLOW  # all 5 steps used
    assert s.players[YELLOW].supply == {FOOT: 0, COLUMN: 2}


def test_movement_examples_p_move_19():
    """P-MOVE-19 (DE/CZ examples) with 3 players: Red (seat 0) plays Red, Blue (seat 1) plays
    the example's Green, Yellow (seat 2) plays Yellow."""
    s = blank(3, feet=6, columns=4)
    s.loot = {"A9": "feet2", "G11": "draw2"}  # A9 is Gallia's symbol field 0
    s.god_display = ["vinthrad"]
    hand(s, RED, move=2)
    hand(s, BLUE, move=3)
    hand(s, YELLOW, move=6)
    # (a) Red takes the big foot and plays 1 card: 3 steps. A foot next to the temple, a second
    # next to the first, and a column on the column field next to the second foot.
    s = move(s, RED, 1)
    assert frame(s)["budget"] == 3
    s = foot(s, RED, "D10")
    s = foot(s, RED, "C11")
    assert is_column_field("B10") and "B10" in neighbours("C11")
    s = col(s, RED, "B10")
    # (b) the follow-ups: Blue plays 1 card (2 steps) and sets 2 feet starting at the temple
    assert waiting(s) == (BLUE, "move_cards")
    s = play(s, BLUE, "cards", n=1)
    s = foot(s, BLUE, "E9")
    s = foot(s, BLUE, "F9")
    # Yellow plays 3 cards (6 steps): 2 feet, the column on a field holding Red's column
    # (2 steps) and a foot on the loot field (1 step); the 6th step is forfeited
    assert waiting(s) == (YELLOW, "move_cards")
    s = play(s, YELLOW, "cards", n=3)
    assert frame(s)["budget"] == 6
    s = foot(s, YELLOW, "C10")
    s = foot(s, YELLOW, "B9")
    s = col(s, YELLOW, "B10")
    assert frame(s)["spent"] == 4 and board_at(s, "B10") == [[RED, COLUMN], [YELLOW, COLUMN]]
    s = foot(s, YELLOW, "A9")
    assert frame(s)["spent"] == 5 and "A9" not in s.loot
    feet_before = s.players[YELLOW].supply[FOOT]
    s = play(s, YELLOW, "stop")  # forgoes the 6th step; then discards, then the loot effect
    assert s.players[YELLOW].supply[FOOT] == feet_before + 2
    assert s.discard[-3:] == ["move"] * 3
    # the Move is over: Blue's turn
    assert waiting(s) == (BLUE, "action")
    # (c) Blue (the example's Green) takes the big foot with 2 cards: 5 steps. A column next to
    # the foot from the earlier action, then 2 feet and a column on the other side of the temple
    s = play(s, BLUE, "action", action="move")
    s = play(s, BLUE, "cards", n=2)
    assert frame(s)["budget"] == 5
    s = col(s, BLUE, "F10")
    s = foot(s, BLUE, "D8")
    s = foot(s, BLUE, "D7")
    s = col(s, BLUE, "D6")
    assert frame(s)["spent"] == 4
    s = play(s, BLUE, "stop")
    # Yellow plays 3 cards (6 steps) and follows Blue's route: 2 + 1 + 2 = 5 steps
    s = play(s, YELLOW, "cards", n=3)
    s = foot(s, YELLOW, "E9")  # Blue's foot is there: 2 steps
    s = foot(s, YELLOW, "E10")  # free: 1 step
    s = col(s, YELLOW, "F10")  # Blue's column is there: 2 steps
    assert frame(s)["spent"] == 5
    s = play(s, YELLOW, "stop")
    # Red holds only 1 movement card and draws 1 card instead (P-MOVE-16)
    assert waiting(s) == (RED, "move_cards")
    top = s.deck[-1]
    s = play(s, RED, "follow_draw")
    assert s.players[RED].hand == {"move": 1, top: 1} or s.players[RED].hand == {"move": 2}
    assert s.players[RED].hand_size() == 2
    assert waiting(s) == (YELLOW, "action")


@pytest.mark.parametrize("cards", [0, 1])
def test_follow_up_choice_is_offered_only_to_players_who_could_move(cards):
    # P-MOVE-16: a player who cannot move just draws (a forced choice is not asked)
    s = blank(3)
    hand(s, BLUE, move=cards)
    hand(s, YELLOW, move=1)
    s = move(s, RED, 0)
    deck = len(s.deck)
    s = foot(s, RED, "D10")
    if cards:
        assert waiting(s) == (BLUE, "move_cards")
    else:
        assert s.players[BLUE].hand_size() == 1 and len(s.deck) == deck - 1
        assert waiting(s) == (YELLOW, "move_cards")


def test_turn_after_move_is_not_over_until_follow_ups():
    # P-MOVE-17 / P-TURN-2: the big foot returns only after the follow-ups
    s = blank(3)
    hand(s, BLUE, move=1)
    hand(s, YELLOW, move=1)
    s = move(s, RED, 0)
    s = foot(s, RED, "D10")
    assert s.turn is not None and s.turn["seat"] == RED
    assert [f["t"] for f in s.queue][:3] == ["move_cards", "move_cards", "move_end"]


def test_placed_pieces_never_move_during_an_epoch():
    # P-PLACE-10: pieces stay where they are; the board only grows during a Move
    s = blank(3)
    put(s, BLUE, FOOT, "E9")
    hand(s, RED, move=1)
    s = move(s, RED, 1)
    s = foot(s, RED, "E9")
    assert board_at(s, "E9") == [[BLUE, FOOT], [RED, FOOT]]


def test_move_frame_keeps_count_of_steps():
    s = blank(3)
    hand(s, RED, move=2)
    s = move(s, RED, 2)
    s = foot(s, RED, "D10")
    s = foot(s, RED, "D11")
    s = col(s, RED, "D12")
    f = frame(s)
    assert (f["budget"], f["spent"], f["placed"]) == (5, 3, 3)
