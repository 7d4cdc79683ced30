"""Action II, Buy (P-BUY-*), with the rulebook's purchase example (P-BUY-12)."""

from __future__ import annotations

import pytest

from engine.pantheon.state import COLUMN, FOOT
from tests.engine.pantheon.pantheon_helpers import (
    BLUE,
    GREEN,
    RED,
    YELLOW,
    at_turn,
    blank,
    board_at,
    hand,
    has,
    illegal,
    kinds_offered,
    play,
    put,
    waiting,
)


def buy(s, seat):
    at_turn(s, seat)
    return play(s, seat, "action", action="buy")


def budget_left(s):
    f = s.queue[0]
    assert f["t"] == "buy"
    return f["budget"] - f["spent"]


def test_purchase_example_p_buy_12():
    # Green plays five 1-money cards and a 3 (CZ): 8 money. Dancers level 1 and Priests level 2
    # (4), a foot and a column from the general supply (2), and that column placed on the column
    # field already holding Yellow's column (2).
    s = blank(4, feet=0, columns=0)
    put(s, GREEN, FOOT, "E10")  # Green's foot from an earlier action
    put(s, YELLOW, COLUMN, "F10")
    hand(s, GREEN, money1=5, money3=1)
    s = buy(s, GREEN)
    for card in ["money1"] * 5 + ["money3"]:
        s = play(s, GREEN, "money", card=card)
    assert budget_left(s) == 8
    s = play(s, GREEN, "tile", kind="dancers", level=1)
    s = play(s, GREEN, "tile", kind="priests", level=2)
    assert budget_left(s) == 4
    s = play(s, GREEN, "buy_piece", piece=FOOT)
    s = play(s, GREEN, "buy_piece", piece=COLUMN)
    assert s.players[GREEN].supply == {FOOT: 1, COLUMN: 1}
    s = play(s, GREEN, "place", piece=COLUMN, field="F10")
    # all 8 spent: the Buy is over, the cards are on the discard pile
    assert board_at(s, "F10") == [[YELLOW, COLUMN], [GREEN, COLUMN]]
    assert s.players[GREEN].tiles == {"dancers": 1, "priests": 2}
    assert s.players[GREEN].hand == {} and sorted(s.discard[-6:]) == ["money1"] * 5 + ["money3"]
    assert waiting(s)[0] == RED  # Red's turn: no follow-ups after a Buy (P-BUY-8)


@pytest.mark.parametrize("level,cost", [(1, 1), (2, 3), (3, 6), (4, 10)])
def test_offering_tile_costs(level, cost):
    # P-BUY-10: 1, 3, 6 (DE example) and 10 (P-GAP-OFFCOST)
    s = blank(3)
    hand(s, RED, money1=10, money5=1)
    s = buy(s, RED)
    s = play(s, RED, "money", card="money5")
    for _ in range(5):
        s = play(s, RED, "money", card="money1")
    left = budget_left(s)
    s = play(s, RED, "tile", kind="temples", level=level)
    if s.queue[0]["t"] == "buy":
        assert budget_left(s) == left - cost
    assert s.players[RED].tiles == {"temples": level}


def test_upgrade_costs_the_difference_also_in_stages():
    # P-BUY-5: DE example: Temples 1 -> 3 costs 5; 1 -> 2 -> 4 costs 2 + 7 = 9 like 1 -> 4
    s = blank(3)
    s.players[RED].tiles = {"temples": 1, "gifts": 1}
    hand(s, RED, money5=1, money4=1, money3=1, money2=1)
    s = buy(s, RED)
    for card in ("money5", "money4", "money3", "money2"):
        s = play(s, RED, "money", card=card)
    assert budget_left(s) == 14
    s = play(s, RED, "upgrade", kind="temples", level=3)
    assert budget_left(s) == 9
    s = play(s, RED, "upgrade", kind="gifts", level=2)
    s = play(s, RED, "upgrade", kind="gifts", level=4)  # 2 + 7: all 14 spent, the Buy ends
    assert waiting(s) == (BLUE, "action")
    assert s.players[RED].tiles == {"temples": 3, "gifts": 4}


def test_upgrade_refusals():
    s = blank(3)
    s.players[RED].tiles = {"temples": 3}
    hand(s, RED, money5=1, money4=1)
    s = buy(s, RED)
    s = play(s, RED, "money", card="money5")
    illegal(s, RED, "upgrade", "P-BUY-5", kind="temples", level=3)  # not higher
    illegal(s, RED, "upgrade", "P-BUY-5", kind="gifts", level=2)  # no such tile
    illegal(s, RED, "upgrade", "P-COMP-8", kind="temples", level=5)  # max level 4
    illegal(s, RED, "tile", "P-BUY-11", kind="temples", level=4)  # one tile per kind


def test_one_tile_per_kind_and_every_purchase_priced():
    # P-BUY-11 / P-BUY-2: nothing costs more than the budget left
    s = blank(3)
    s.players[RED].tiles = {"dancers": 1}
    hand(s, RED, money2=1, money1=1)
    s = buy(s, RED)
    s = play(s, RED, "money", card="money2")
    illegal(s, RED, "tile", "P-BUY-11", kind="dancers", level=1)
    illegal(s, RED, "tile", "P-BUY-2", kind="gifts", level=2)  # 3 > 2
    assert not has(s, RED, "tile", kind="gifts", level=2) and has(s, RED, "tile", kind="gifts",
                                                                   level=1)


def test_no_change_is_given():
    # P-BUY-2: a 5 spent on a 1-money tile: the rest is lost, the card is discarded
    s = blank(3)
    s.special_money.remove("money5")  # Red took it earlier (through a loot tile, say)
    hand(s, RED, money5=1, move=1)
    s = buy(s, RED)  # the only money card is played at once (a forced choice)
    assert budget_left(s) == 5
    s = play(s, RED, "tile", kind="gifts", level=1)
    s = play(s, RED, "done")
    assert s.players[RED].hand == {"move": 1} and s.discard[-1] == "money5"
    assert s.special_money.count("money5") == 0  # it circulates now (P-DECK-7)


def test_buy_must_purchase_something_and_needs_money():
    # P-TURN-3
    s = blank(3)
    hand(s, RED, money1=1, money2=1)
    s = buy(s, RED)
    assert "done" not in kinds_offered(s, RED)
    illegal(s, RED, "done", "P-TURN-3")
    s2 = blank(3)
    hand(s2, RED, move=1)
    at_turn(s2, RED)
    assert not has(s2, RED, "action", action="buy")
    illegal(s2, RED, "action", "P-TURN-3", action="buy")


def test_money_card_must_be_held():
    s = blank(3)
    hand(s, RED, money1=1, money2=1)
    s = buy(s, RED)
    illegal(s, RED, "money", "P-BUY-1", card="money5")
    illegal(s, RED, "money", "P-BUY-1", card="move")


def test_pieces_cost_one_and_the_general_supply_limits_them():
    # P-BUY-6 / P-GAP-SUPPLYOUT: 12 of each per colour in all
    s = blank(3, feet=10, columns=0)
    put(s, RED, FOOT, "D10")
    hand(s, RED, money5=1, money1=1)
    s = buy(s, RED)
    s = play(s, RED, "money", card="money5")
    s = play(s, RED, "buy_piece", piece=FOOT)  # 10 + 1 on the board + 1 = 12
    illegal(s, RED, "buy_piece", "P-BUY-6", piece=FOOT)
    assert not has(s, RED, "buy_piece", piece=FOOT)
    s = play(s, RED, "buy_piece", piece=COLUMN)
    assert s.players[RED].supply == {FOOT: 11, COLUMN: 1} and budget_left(s) == 3


def test_placing_costs_one_or_two_money_like_a_move_without_extras():
    # P-BUY-7 / P-BUY-8: no big foot, no Vinthrad or steps tiles, no follow-ups
    s = blank(3)
    s.players[RED].gods = ["vinthrad"]
    s.players[RED].steps_tiles = ["steps2"]
    put(s, BLUE, FOOT, "D10")
    hand(s, RED, money2=1, money1=1)
    s = buy(s, RED)
    s = play(s, RED, "money", card="money2")
    assert budget_left(s) == 2
    illegal(s, RED, "place", "P-PLACE-7", piece=FOOT, field="D11")
    s = play(s, RED, "place", piece=FOOT, field="D10")  # beside Blue: 2
    assert budget_left(s) == 0 and board_at(s, "D10") == [[BLUE, FOOT], [RED, FOOT]]
    s = play(s, RED, "done")
    assert s.players[RED].hand == {"money1": 1}
    assert waiting(s) == (BLUE, "action")


def test_loot_taken_in_a_buy_resolves_after_the_money_is_discarded():
    # P-BUY-9: foot on loot takes it; the effect comes at the end of the Buy
    s = blank(3)
    s.loot = {"C10": "draw3", "G11": "feet2"}
    s.deck = s.deck + ["money1", "money1", "money1"]
    hand(s, RED, money1=2)
    s = buy(s, RED)  # the first money card is a forced choice: played at once
    assert budget_left(s) == 1
    s = play(s, RED, "place", piece=FOOT, field="C10")
    assert "C10" not in s.loot and s.players[RED].hand == {"money1": 1}
    s = play(s, RED, "money", card="money1")
    s = play(s, RED, "buy_piece", piece=COLUMN)
    # all spent: the Buy ends, both money cards are discarded, then 3 cards are drawn
    assert s.discard[-2:] == ["money1", "money1"]
    assert s.players[RED].hand == {"money1": 3}


def test_special_money_cards_pay_their_value():
    # P-COMP-15 / P-DECK-7
    s = blank(3)
    hand(s, RED, money4=1, money3=1, money2=1)
    s = buy(s, RED)
    for card in ("money4", "money3", "money2"):
        s = play(s, RED, "money", card=card)
    assert budget_left(s) == 9
    s = play(s, RED, "tile", kind="priests", level=3)
    s = play(s, RED, "tile", kind="gifts", level=2)
    assert s.players[RED].tiles == {"priests": 3, "gifts": 2}
    assert sorted(s.discard[-3:]) == ["money2", "money3", "money4"]


def test_buy_offers_no_jumps_and_no_placement_without_money():
    s = blank(3)
    hand(s, RED, money1=1, money2=1)
    s = buy(s, RED)
    assert kinds_offered(s, RED) == {"money"}  # no money played yet: nothing to buy
