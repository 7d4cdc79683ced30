"""Action III (Acquire a god, P-ACQ), sacrifices (P-SAC) with the rulebook's examples, the ten
gods (section 5) and the exhaustion of the god and demigod stacks (P-GODDECK, P-GAP-DEMI-EX)."""

from __future__ import annotations

import pytest

from engine.pantheon.state import COLUMN, FOOT
from tests.engine.pantheon.pantheon_helpers import (
    BLUE,
    GREEN,
    RED,
    YELLOW,
    at_frame,
    at_turn,
    blank,
    board_at,
    hand,
    has,
    illegal,
    opts,
    play,
    put,
    waiting,
)


def acquire(s, seat, god, kinds=None):
    """Start `seat`'s turn and acquire `god` with the offering kinds `kinds` (one per number),
    letting the engine take the steps that have a single option."""
    at_turn(s, seat)
    s = play(s, seat, "action", action="god")
    if waiting(s) == (seat, "god_choose"):
        s = play(s, seat, "god", god=god)
    if waiting(s) == (seat, "god_pay"):
        assert kinds is not None, [o.args for o in opts(s, seat)]
        s = play(s, seat, "offer", kinds=kinds)
    return s


def game_with_display(*gods, n=3, epoch=2):
    s = blank(n, epoch=epoch)
    s.god_display = list(gods)
    for g in gods:
        s.god_stack.remove(g)
    return s


# --- acquiring and paying ---------------------------------------------------------------------

def test_acquire_scores_epoch_points_and_keeps_blue_gods():
    # P-ACQ-1 / P-ACQ-2 / P-GODS-2 / DE example: in epoch 2 a god is worth 2 points
    s = game_with_display("vinthrad", "gadicea")
    hand(s, RED, dancers=3, temples=2)
    s = acquire(s, RED, "vinthrad")
    p = s.players[RED]
    assert p.gods == ["vinthrad"] and p.score == 2 and p.hand == {}
    assert s.god_display == ["gadicea"]
    assert s.discard[-5:].count("dancers") == 3 and s.discard[-5:].count("temples") == 2


def test_sacrifice_examples_p_sac_7():
    # P-SAC-7 (a)-(c): a 4+1 god (Gaiviles, as in CZ) paid three ways
    s = game_with_display("gaiviles", "vinthrad")
    hand(s, RED, dancers=4, temples=1)  # (a) cards only
    a = acquire(s, RED, "gaiviles", ["dancers", "temples"])
    assert a.players[RED].gods == ["gaiviles"] and a.players[RED].hand == {}
    s = game_with_display("gaiviles", "vinthrad")  # (b) tiles only: level 4 + level 2
    s.players[RED].tiles = {"dancers": 4, "temples": 2}
    hand(s, RED, money1=1)
    b = acquire(s, RED, "gaiviles", ["dancers", "temples"])
    assert b.players[RED].gods == ["gaiviles"] and b.players[RED].hand == {"money1": 1}
    assert b.players[RED].tiles == {"dancers": 4, "temples": 2}  # P-SAC-5: tiles are kept
    s = game_with_display("gaiviles", "vinthrad")  # (c) level-2 tile + 2 cards + 1 card
    s.players[RED].tiles = {"dancers": 2}
    hand(s, RED, dancers=3, temples=1)
    c = acquire(s, RED, "gaiviles", ["dancers", "temples"])
    assert c.players[RED].hand == {"dancers": 1}  # exactly the shortfall is paid (P-SAC-4)


def test_taksator_example_p_sac_7d():
    # P-SAC-7 (d), the CZ example: 2 Priests cards; Dancers tile level 2; Temples tile level 1
    # + 1 Temples card; 1 Gifts card
    s = game_with_display("taksator", "vinthrad", epoch=1)
    s.players[RED].tiles = {"dancers": 2, "temples": 1}
    hand(s, RED, priests=2, temples=1, gifts=1)
    s = acquire(s, RED, "taksator", ["priests", "dancers", "temples", "gifts"])
    p = s.players[RED]
    assert p.hand == {"money2": 1}  # Taksator: the top special money card
    assert "taksator" in s.god_box and p.gods == [] and p.score == 1


def test_each_number_needs_a_different_kind_and_the_assignment_is_checked():
    # P-SAC-2 / P-SAC-4 / P-SAC-8
    s = game_with_display("surparit", "vinthrad")
    s.players[RED].tiles = {"dancers": 4}
    hand(s, RED, priests=3, gifts=1, temples=3)
    at_turn(s, RED)
    s = play(s, RED, "action", action="god")
    s = play(s, RED, "god", god="surparit")  # 3+3
    assert waiting(s) == (RED, "god_pay")
    offered = [sorted(o.args["kinds"]) for o in opts(s, RED)]
    # P-SAC-8: the two 3-card payments (the Dancers tile covers one number) before the 6-card one
    assert sorted(offered[:2]) == [["dancers", "priests"], ["dancers", "temples"]]
    assert offered[2:] == [["priests", "temples"]]
    illegal(s, RED, "offer", "P-SAC-2", kinds=["dancers", "dancers"])  # one tile, one number
    illegal(s, RED, "offer", "P-SAC-4", kinds=["dancers", "gifts"])  # 1 Gifts card < 3
    illegal(s, RED, "offer", "P-SAC-2", kinds=["dancers"])
    illegal(s, RED, "offer", "P-SAC-2", kinds=["dancers", "gold"])
    s = play(s, RED, "offer", kinds=["priests", "dancers"])
    assert s.players[RED].hand == {"gifts": 1, "temples": 3}


def test_fewest_cards_first_and_other_assignments_allowed():
    # P-SAC-8: the cheapest assignment first; the player may choose another valid one
    s = game_with_display("gaiviles", "vinthrad")
    s.players[RED].tiles = {"priests": 3}
    hand(s, RED, dancers=4, priests=1, gifts=1)
    at_turn(s, RED)
    s = play(s, RED, "action", action="god")
    s = play(s, RED, "god", god="gaiviles")
    offered = [o.args["kinds"] for o in opts(s, RED)]
    assert offered[0] == ["priests", "dancers"] or offered[0] == ["priests", "gifts"]
    s = play(s, RED, "offer", kinds=["dancers", "gifts"])  # 4 + 1 cards instead of 1 + 0
    assert s.players[RED].hand == {"priests": 1}


def test_only_payable_gods_are_offered_and_one_god_per_action():
    # P-ACQ-1
    s = game_with_display("gadicea", "vinthrad", "stonkus1")
    hand(s, RED, dancers=3, temples=2, gifts=2, priests=2)
    at_turn(s, RED)
    s = play(s, RED, "action", action="god")
    assert {o.args["god"] for o in opts(s, RED)} == {"vinthrad", "stonkus1"}
    illegal(s, RED, "god", "P-SAC-8", god="gadicea")
    illegal(s, RED, "god", "P-ACQ-1", god="plaesiris")
    s = play(s, RED, "god", god="stonkus1")
    if waiting(s) == (RED, "god_pay"):
        s = play(s, RED, "offer", kinds=opts(s, RED)[0].args["kinds"])
    assert s.players[RED].gods == ["stonkus1"] and waiting(s)[1] == "action"
    assert waiting(s)[0] == BLUE


def test_acquire_not_offered_without_a_payable_god():
    s = game_with_display("gadicea", "vinthrad")
    hand(s, RED, dancers=2, move=1)
    at_turn(s, RED)
    assert "god" not in {o.args["action"] for o in opts(s, RED)}
    illegal(s, RED, "action", "P-TURN-3", action="god")


# --- Pietalte ---------------------------------------------------------------------------------

def test_pietalte_cards_only_3_2_1():
    # P-PIET-1 / P-SAC-6: tiles do not count; three different kinds 3+2+1 in cards
    s = game_with_display("pietalte")
    s.players[RED].tiles = {"dancers": 4, "priests": 4, "gifts": 4}
    hand(s, RED, dancers=2, priests=2, gifts=1, money1=1)
    at_turn(s, RED)
    assert not has(s, RED, "action", action="god")
    s2 = game_with_display("pietalte", "vinthrad")
    hand(s2, RED, dancers=3, priests=2, gifts=1)
    s2 = acquire(s2, RED, "pietalte", ["dancers", "priests", "gifts"])
    assert s2.players[RED].gods == ["pietalte"] and s2.players[RED].hand == {}


def test_pietalte_paid_with_tiles_is_refused():
    # P-SAC-6: the Dancers tile (level 3) cannot stand in for 3 Dancers cards
    s = game_with_display("pietalte", "vinthrad")
    s.players[RED].tiles = {"dancers": 3}
    hand(s, RED, temples=4, priests=3, gifts=2)
    at_turn(s, RED)
    s = play(s, RED, "action", action="god")
    s = play(s, RED, "god", god="pietalte")
    illegal(s, RED, "offer", "P-SAC-6", kinds=["dancers", "priests", "gifts"])
    s = play(s, RED, "offer", kinds=["temples", "priests", "gifts"])
    assert s.players[RED].hand == {"temples": 1, "priests": 1, "gifts": 1}
    assert s.players[RED].gods == ["pietalte"]


# --- Surparit ---------------------------------------------------------------------------------

@pytest.mark.parametrize("drawn", ["stonkus1", "plaesiris", "surparit"])
def test_surparit_examples_p_surp_5(drawn):
    # P-SURP-1..5: Surparit takes the top god of the stack; no chain; points for both
    s = game_with_display("surparit", "vinthrad", epoch=3)
    s.god_stack.remove(drawn)
    s.god_stack.append(drawn)  # top of the stack
    stack = len(s.god_stack)
    s.demigod_stack[-2:] = [1, 3]
    s.demigod_pool = [6, 5]
    hand(s, RED, priests=3, gifts=3)
    s = acquire(s, RED, "surparit", ["priests", "gifts"])
    p = s.players[RED]
    assert p.score == 3 + 3  # epoch points for Surparit and for the drawn god
    assert len(s.god_stack) == stack - 1  # exactly one tile drawn, even when it is Surparit
    assert s.god_box.count("surparit") >= 1
    if drawn == "stonkus1":
        assert p.gods == ["stonkus1"]  # kept; Surparit boxed
    elif drawn == "plaesiris":
        # the 2 top face-down demigods, not the face-up pool (P-PLAE-3)
        assert sorted(p.demigods) == [1, 3] and s.demigod_pool == [6, 5]
        assert "plaesiris" in s.god_box and p.gods == []
    else:
        assert p.gods == [] and s.god_box[-2:] == ["surparit", "surparit"]


def test_surparit_does_not_draw_itself_when_the_stack_is_rebuilt():
    # P-SURP-4: Surparit goes to the box afterwards, so a rebuild of the empty stack from
    # the box (P-GODDECK-1) cannot hand the player the same Surparit again. With stack and box
    # both empty the draw yields nothing (P-GODDECK-3).
    s = game_with_display("surparit", "vinthrad", epoch=2)
    s.god_box = s.god_box + s.god_stack
    s.god_stack = []
    s.god_box = []
    hand(s, RED, priests=3, gifts=3)
    s = acquire(s, RED, "surparit", ["priests", "gifts"])
    assert s.players[RED].score == 2  # only Surparit's own points
    assert s.god_box == ["surparit"] and s.god_stack == []


# --- Plaesiris --------------------------------------------------------------------------------

def test_plaesiris_acquired_takes_the_two_highest_face_up_demigods():
    # P-PLAE-2
    s = game_with_display("plaesiris", "vinthrad")
    s.demigod_pool = [2, 6, 1, 5]
    hand(s, RED, dancers=4, priests=1, gifts=1)
    s = acquire(s, RED, "plaesiris", ["dancers", "priests", "gifts"])
    assert sorted(s.players[RED].demigods) == [5, 6] and sorted(s.demigod_pool) == [1, 2]
    assert "plaesiris" in s.god_box


def test_plaesiris_with_a_short_pool_takes_the_rest_from_the_stack():
    # P-PLAE-6: pool first, then the top of the face-down stack, nothing for the rest
    s = game_with_display("plaesiris", "vinthrad")
    s.demigod_pool = [4]
    s.demigod_stack = [2]
    hand(s, RED, dancers=4, priests=1, gifts=1)
    s = acquire(s, RED, "plaesiris", ["dancers", "priests", "gifts"])
    assert sorted(s.players[RED].demigods) == [2, 4] and s.demigod_stack == []
    s = game_with_display("plaesiris", "vinthrad")
    s.demigod_pool, s.demigod_stack = [], []
    hand(s, RED, dancers=4, priests=1, gifts=1)
    s = acquire(s, RED, "plaesiris", ["dancers", "priests", "gifts"])
    assert s.players[RED].demigods == [] and s.players[RED].score == 2  # P-GODDECK-2


# --- Taksator ---------------------------------------------------------------------------------

def test_taksator_takes_the_top_special_money_card_or_only_points():
    # P-TAKS-1 / P-TAKS-2 / P-GODDECK-2
    s = game_with_display("taksator", "vinthrad")
    s.special_money = ["money3", "money4"]
    hand(s, RED, priests=2, dancers=2, temples=2, gifts=1)
    a = acquire(s, RED, "taksator", ["priests", "dancers", "temples", "gifts"])
    assert a.players[RED].hand == {"money3": 1} and a.special_money == ["money4"]
    s.special_money = []
    b = acquire(s, RED, "taksator", ["priests", "dancers", "temples", "gifts"])
    assert b.players[RED].hand == {} and b.players[RED].score == 2


# --- Depraccus --------------------------------------------------------------------------------

def test_depraccus_draws_two_per_tile_after_the_temple_in_turn_order():
    # P-DEPR-1 / P-DEPR-2 / P-PREP-7
    s = blank(3, epoch=2, start=1)
    s.players[RED].gods = ["depraccus"]
    s.players[BLUE].gods = ["depraccus", "depraccus"]
    s.people_deck.remove("P") if "P" in s.people_deck else None
    s.people_deck.append("P")  # Persia: no choices in its ability
    s.deck += ["gifts", "gifts", "priests", "priests", "move", "move"]
    s = at_frame(s, {"t": "epoch_end"})
    # Blue is the start player: Blue draws 4 first (move, move, priests, priests), then Red
    assert s.players[BLUE].hand == {"move": 2, "priests": 2}
    assert s.players[RED].hand == {"gifts": 2}
    assert s.temple == "C27"  # drawn after the temple stands on Persia's start field


# --- Vinthrad, Stonkus, Gadicea (the "in every action" gods) ----------------------------------

def test_vinthrad_does_not_help_a_buy():
    # P-VINT-2 / P-BUY-8
    s = blank(3)
    s.players[RED].gods = ["vinthrad", "vinthrad"]
    hand(s, RED, money1=1, money2=1)
    at_turn(s, RED)
    s = play(s, RED, "action", action="buy")
    s = play(s, RED, "money", card="money1")
    assert s.queue[0]["budget"] == 1


def test_stonkus_adds_printed_money_and_allows_a_buy_without_cards():
    # P-STON-1: 1 or 2 per tile, stacking
    s = blank(3)
    s.players[RED].gods = ["stonkus1", "stonkus2"]
    hand(s, RED, move=1)
    at_turn(s, RED)
    assert has(s, RED, "action", action="buy")
    s = play(s, RED, "action", action="buy")
    assert s.queue[0]["budget"] == 3
    s = play(s, RED, "tile", kind="gifts", level=2)  # spends all 3: the Buy ends by itself
    assert s.players[RED].tiles == {"gifts": 2} and s.players[RED].hand == {"move": 1}
    assert waiting(s) == (BLUE, "action")


def test_stonkus_cannot_buy_steps():
    # P-STON-2: no steps in a Move from Stonkus
    s = blank(3)
    s.players[RED].gods = ["stonkus2"]
    at_turn(s, RED)
    s = play(s, RED, "action", action="move")
    assert s.queue[0]["budget"] == 1


def test_gadicea_adds_a_card_to_draw_three_only():
    # P-GADI-1 / P-GADI-2
    s = blank(3)
    s.players[RED].gods = ["gadicea", "gadicea"]
    at_turn(s, RED)
    s = play(s, RED, "action", action="draw")
    assert s.queue[0]["left"] == 5
    for _ in range(5):
        s = play(s, RED, "take", **{"from": "deck"})
    assert s.players[RED].hand_size() == 5
    # a follow-up draw stays 1 card
    s2 = blank(3)
    s2.players[BLUE].gods = ["gadicea"]
    at_turn(s2, RED)
    s2 = play(s2, RED, "action", action="move")
    s2 = play(s2, RED, "place", piece=FOOT, field="D10")
    assert s2.players[BLUE].hand_size() == 1


# --- Pietalte scoring (P-PIET-3) is in test_pantheon_epoch.py ---------------------------------

# --- Gaiviles ---------------------------------------------------------------------------------

TEMPLE = "D9"


def follow_move(s, seat, cards, active=RED):
    """Put `seat` into a follow-up move with `cards` movement cards."""
    hand(s, seat, move=cards)
    s = at_frame(s, {"t": "move_cards", "seat": seat, "big": False},
                 {"t": "turn_end", "seat": active})
    return play(s, seat, "cards", n=cards)


def test_gaiviles_example_1_p_gaiv_6():
    # Yellow has 2 steps and 1 Gaiviles: jumps diagonally straight from the temple over a
    # green foot, lands a foot (1 step) and then places a column next to it (1 step)
    s = blank(4)
    put(s, GREEN, FOOT, "E10")
    s.players[YELLOW].gods = ["gaiviles"]
    s = follow_move(s, YELLOW, 1)
    assert s.queue[0]["budget"] == 2 and s.queue[0]["jumps"] == 1
    illegal(s, YELLOW, "place", "P-PLACE-7", piece=FOOT, field="E11")  # not without a jump
    s = play(s, YELLOW, "place", piece=FOOT, field="E11", via="E10")
    assert s.queue[0]["spent"] == 1 and s.queue[0]["jumps"] == 0  # the jump costs nothing
    s = play(s, YELLOW, "place", piece=COLUMN, field="F10")
    assert board_at(s, "E11") == [[YELLOW, FOOT]] and board_at(s, "F10") == [[YELLOW, COLUMN]]


def test_gaiviles_example_2_one_field_per_jump():
    # P-GAIV-4 / DE example 2: Green, 2 steps, 2 Gaiviles, may not jump both yellow pieces at
    # once, but may jump twice over one piece each
    s = blank(4)
    put(s, YELLOW, FOOT, "E10")
    put(s, YELLOW, COLUMN, "F10")
    s.players[GREEN].gods = ["gaiviles", "gaiviles"]
    s = follow_move(s, GREEN, 1)
    assert s.queue[0]["jumps"] == 2
    illegal(s, GREEN, "place", "P-GAIV-2", piece=FOOT, field="G10", via="F10")  # F10 too far
    illegal(s, GREEN, "place", "P-GAIV-2", piece=FOOT, field="G10", via="E10")  # not adjacent
    s = play(s, GREEN, "place", piece=FOOT, field="E11", via="E10")
    s = play(s, GREEN, "place", piece=FOOT, field="G11", via="F10")
    assert board_at(s, "G11") == [[GREEN, FOOT]] and board_at(s, "E11") == [[GREEN, FOOT]]


def test_gaiviles_jump_conditions():
    # P-GAIV-2: not over an empty field, not over an own piece, not over the temple; a full
    # field may be jumped; the landing field may hold one other piece (2 steps)
    s = blank(4)
    put(s, BLUE, FOOT, "E10")
    put(s, GREEN, FOOT, "E10")  # full
    put(s, BLUE, FOOT, "C9")
    put(s, YELLOW, FOOT, "C10")
    put(s, BLUE, FOOT, "B8")
    s.players[YELLOW].gods = ["gaiviles"]
    s = follow_move(s, YELLOW, 2)
    illegal(s, YELLOW, "place", "P-GAIV-2", piece=FOOT, field="D11", via="D10")  # empty
    illegal(s, YELLOW, "place", "P-GAIV-2", piece=FOOT, field="B9", via="C10")  # own piece
    illegal(s, YELLOW, "place", "P-GAIV-2", piece=FOOT, field="D10", via="D9")  # the temple
    illegal(s, YELLOW, "place", "P-GAIV-2", piece=FOOT, field="A1", via="E10")  # not next to J
    illegal(s, YELLOW, "place", "P-PLACE-1", piece=FOOT, field="E11", via="Z99")
    s2 = play(s, YELLOW, "place", piece=FOOT, field="E11", via="E10")  # over a full field
    assert s2.queue[0]["spent"] == 1
    s3 = play(s, YELLOW, "place", piece=FOOT, field="B8", via="C9")  # lands beside Blue: 2
    assert s3.queue[0]["spent"] == 2 and board_at(s3, "B8") == [[BLUE, FOOT], [YELLOW, FOOT]]


def test_gaiviles_jumped_field_is_not_part_of_the_route():
    # P-GAIV-4: after jumping over E10 to E11, F9 (next to E10 only) is still out of reach
    s = blank(4)
    put(s, BLUE, FOOT, "E10")
    s.players[YELLOW].gods = ["gaiviles"]
    s = follow_move(s, YELLOW, 2)
    s = play(s, YELLOW, "place", piece=FOOT, field="E11", via="E10")
    assert "E10" not in s.players[YELLOW].placed
    illegal(s, YELLOW, "place", "P-PLACE-7", piece=FOOT, field="F9")
    # ... and the jump is used up: one jump per Gaiviles per movement (P-GAIV-1)
    illegal(s, YELLOW, "place", "P-GAIV-1", piece=FOOT, field="F9", via="E10")
    s = play(s, YELLOW, "place", piece=FOOT, field="F11")  # the route continues from E11
    assert board_at(s, "F11") == [[YELLOW, FOOT]]


def test_gaiviles_over_a_foot_may_land_a_column():
    # P-GAIV-5 / AMB-20: the jumped foot counts as the jumper's own foot
    s = blank(4)
    put(s, GREEN, FOOT, "E10")
    s.players[YELLOW].gods = ["gaiviles"]
    s = follow_move(s, YELLOW, 1)
    s = play(s, YELLOW, "place", piece=COLUMN, field="F10", via="E10")
    assert board_at(s, "F10") == [[YELLOW, COLUMN]]


def test_gaiviles_over_a_column_counts_as_an_own_column():
    # P-GAIV-5: over a field with only a column, a foot may land but not a column
    # (no two column fields touch on this map, so a column can never land next to a jumped
    # column field anyway)
    s = blank(4)
    put(s, GREEN, COLUMN, "F10")
    s.players[YELLOW].gods = ["gaiviles"]
    s = follow_move(s, YELLOW, 2)
    s = play(s, YELLOW, "place", piece=FOOT, field="E9")
    s = play(s, YELLOW, "place", piece=FOOT, field="F9")
    illegal(s, YELLOW, "place", "P-PLACE-7", piece=FOOT, field="F11")
    s = play(s, YELLOW, "place", piece=FOOT, field="F11", via="F10")
    assert board_at(s, "F11") == [[YELLOW, FOOT]]


def test_gaiviles_not_in_a_buy():
    # P-GAIV-7 / P-BUY-8
    s = blank(4)
    put(s, GREEN, FOOT, "E10")
    s.players[YELLOW].gods = ["gaiviles"]
    hand(s, YELLOW, money1=3)
    at_turn(s, YELLOW)
    s = play(s, YELLOW, "action", action="buy")
    s = play(s, YELLOW, "money", card="money1")
    assert not any("via" in o.args for o in opts(s, YELLOW) if o.kind == "place")
    illegal(s, YELLOW, "place", "P-GAIV-1", piece=FOOT, field="E11", via="E10")


def test_gaiviles_opens_a_move_that_would_otherwise_be_impossible():
    # P-MOVE-10 with P-TURN-3: a Move is possible when only a jump reaches a free field
    s = blank(4)
    for label in ("D8", "D10", "C9", "C10", "E9", "E10"):  # every neighbour of the temple full
        put(s, BLUE, FOOT, label)
        put(s, GREEN, FOOT, label)
    hand(s, YELLOW, money1=1)
    at_turn(s, YELLOW)
    assert not has(s, YELLOW, "action", action="move")
    s.players[YELLOW].gods = ["gaiviles"]
    at_turn(s, YELLOW)
    assert has(s, YELLOW, "action", action="move")


# --- Traitera ---------------------------------------------------------------------------------

def test_traitera_extra_action_same_or_different():
    # P-TRAI-1 / P-TRAI-7 / P-TRAI-9: a Buy with Stonkus, Traitera, another Buy with Stonkus
    s = blank(3)
    s.players[RED].gods = ["traitera", "stonkus2"]
    at_turn(s, RED)
    s = play(s, RED, "action", action="buy")
    s = play(s, RED, "tile", kind="gifts", level=1)
    s = play(s, RED, "done")
    assert waiting(s) == (RED, "traitera")
    s = play(s, RED, "traitera")
    assert s.players[RED].gods == ["stonkus2"] and s.god_box[-1] == "traitera"
    assert has(s, RED, "action", action="buy")
    s = play(s, RED, "action", action="buy")
    assert s.queue[0]["budget"] == 2  # Stonkus again (P-TRAI-3)
    s = play(s, RED, "upgrade", kind="gifts", level=2)  # costs 2: all spent, the Buy ends
    assert s.players[RED].tiles == {"gifts": 2}
    assert waiting(s) == (BLUE, "action")  # no Traitera left: the turn ended


def test_traitera_end_turn_keeps_it_for_later_epochs():
    # P-TRAI-7: unused it stays, carries over and scores nothing
    s = blank(3)
    s.players[RED].gods = ["traitera"]
    at_turn(s, RED)
    s = play(s, RED, "action", action="draw")
    for _ in range(3):
        s = play(s, RED, "take", **{"from": "deck"})
    s = play(s, RED, "end_turn")
    assert s.players[RED].gods == ["traitera"] and waiting(s) == (BLUE, "action")


def test_traitera_gained_this_turn_cannot_be_used_this_turn():
    # P-TRAI-2
    s = game_with_display("traitera", "vinthrad")
    hand(s, RED, dancers=4, temples=2)
    s = acquire(s, RED, "traitera", ["dancers", "temples"])
    assert s.players[RED].gods == ["traitera"]
    assert waiting(s) == (BLUE, "action")  # no Traitera prompt
    # P-TRAI-2: from the next own turn on it can be used
    s = at_turn(s, RED)
    s = play(s, RED, "action", action="draw")
    for _ in range(3):
        s = play(s, RED, "take", **{"from": "deck"})
    assert waiting(s) == (RED, "traitera")


def test_traitera_from_loot_in_anothers_turn_waits_for_own_turn():
    # P-TRAI-2: a tile gained in another player's turn (follow-up move loot) works from the
    # holder's next turn on
    s = blank(3)
    s.god_stack.remove("traitera")
    s.god_stack.append("traitera")
    s.loot = {"C10": "god", "G11": "draw2"}
    hand(s, BLUE, move=1)
    at_turn(s, RED)
    s = play(s, RED, "action", action="move")
    s = play(s, RED, "place", piece=FOOT, field="D10")
    s = play(s, BLUE, "cards", n=1)
    s = play(s, BLUE, "place", piece=FOOT, field="C10")
    s = play(s, BLUE, "stop")
    assert s.players[BLUE].gods == ["traitera"]
    assert waiting(s) == (BLUE, "action")
    s = play(s, BLUE, "action", action="draw")
    for _ in range(3):
        s = play(s, BLUE, "take", **{"from": "deck"})
    assert waiting(s) == (BLUE, "traitera")


def test_two_traitera_in_one_turn_and_gains_carry_into_the_next_action():
    # P-TRAI-4 / P-TRAI-5 / P-TRAI-6: a steps tile from the first Move adds to the second; the
    # big foot and the follow-ups come again
    s = blank(3, feet=6)
    s.players[RED].gods = ["traitera", "traitera"]
    s.loot = {"C10": "steps2", "G11": "draw2"}
    hand(s, BLUE, move=2)
    at_turn(s, RED)
    s = play(s, RED, "action", action="move")
    s = play(s, RED, "place", piece=FOOT, field="C10")
    s = play(s, BLUE, "follow_draw")
    assert waiting(s) == (RED, "traitera")
    s = play(s, RED, "traitera")
    s = play(s, RED, "action", action="move")
    assert s.queue[0]["budget"] == 1 + 2  # big foot again + the steps tile just taken
    s = play(s, RED, "place", piece=FOOT, field="C11")
    s = play(s, RED, "place", piece=FOOT, field="B11")
    s = play(s, RED, "stop")  # the third step is left unused
    assert waiting(s) == (BLUE, "move_cards")  # follow-ups again
    s = play(s, BLUE, "follow_draw")
    assert waiting(s) == (RED, "traitera")  # the second Traitera
    s = play(s, RED, "traitera")
    assert s.players[RED].gods == []
    s = play(s, RED, "action", action="draw")
    for _ in range(3):
        s = play(s, RED, "take", **{"from": "deck"})
    assert waiting(s) == (BLUE, "action")


def test_gaiviles_jumps_renew_in_a_traitera_second_move():
    # P-GAIV-1 / P-TRAI-3
    s = blank(4)
    put(s, GREEN, FOOT, "E10")
    put(s, GREEN, FOOT, "C9")
    s.players[YELLOW].gods = ["gaiviles", "traitera"]
    at_turn(s, YELLOW)
    s = play(s, YELLOW, "action", action="move")
    s = play(s, YELLOW, "place", piece=FOOT, field="E11", via="E10")
    # nobody else holds a movement card: their follow-ups are the forced 1-card draws
    assert waiting(s) == (YELLOW, "traitera")
    s = play(s, YELLOW, "traitera")
    s = play(s, YELLOW, "action", action="move")
    assert s.queue[0]["jumps"] == 1
    s = play(s, YELLOW, "place", piece=FOOT, field="B8", via="C9")
    assert board_at(s, "B8") == [[YELLOW, FOOT]]


def test_traitera_allowed_after_the_phase_end_trigger():
    # P-TRAI-8 / P-PHASEEND-2: the last god is taken, the player may still act again
    s = game_with_display("vinthrad")
    s.players[RED].gods = ["traitera"]
    s.loot = {"G11": "draw2"}
    hand(s, RED, dancers=3, temples=2, money1=1)
    s = acquire(s, RED, "vinthrad")
    assert s.phase_end and waiting(s) == (RED, "traitera")
    # Acquire is impossible now (the display is empty), other actions are fine
    s = play(s, RED, "traitera")
    assert not has(s, RED, "action", action="god")
    s = play(s, RED, "action", action="buy")  # the only money card is played at once
    assert s.queue[0]["budget"] == 1
    s = play(s, RED, "buy_piece", piece="foot")  # the money is spent: the Buy ends by itself
    # then the epoch ends: 3 points for Red (P-PHASEEND-4) and Blue starts the next epoch
    assert s.players[RED].score == 2 + 3 and s.start_player == BLUE and s.epoch == 3


# --- god stack and demigod stack exhaustion ---------------------------------------------------

def test_god_stack_rebuilt_from_the_box_when_empty():
    # P-GODDECK-1: the preparation reveals from a stack rebuilt from the box
    s = blank(3, epoch=2)
    s.god_box = s.god_box + s.god_stack[:-2]
    s.god_stack = s.god_stack[-2:]
    total = len(s.god_box) + len(s.god_stack)
    s.people_deck.remove("R") if "R" in s.people_deck else None
    s.people_deck.append("R")
    s = at_frame(s, {"t": "epoch_end"})
    assert len(s.god_display) == 4  # 2 from the old stack, 2 from the rebuilt one
    assert len(s.god_stack) + len(s.god_display) + len(s.god_box) == total


def test_gods_run_out_completely():
    # P-GODDECK-3: stack and box empty: the display gets fewer tiles, a god loot gives nothing
    s = blank(3, epoch=2)
    s.god_stack, s.god_box = ["vinthrad"], []
    s.people_deck.append("R")
    s = at_frame(s, {"t": "epoch_end"})
    assert s.god_display == ["vinthrad"]
    s2 = blank(3)
    s2.god_stack, s2.god_box = [], []
    s2.loot = {"C10": "god", "G11": "feet2"}
    at_turn(s2, RED)
    s2 = play(s2, RED, "action", action="move")
    s2 = play(s2, RED, "place", piece=FOOT, field="C10")
    assert s2.players[RED].gods == [] and s2.players[RED].score == 0


def test_demigod_stack_exhausted_gives_nothing():
    # P-GAP-DEMI-EX: reveals and takes from an empty stack yield nothing
    s = blank(3, epoch=2)
    s.demigod_stack = [3]
    s.god_stack += ["plaesiris", "plaesiris"]  # revealed first: 2 demigods each
    s.people_deck.append("R")
    s = at_frame(s, {"t": "epoch_end"})
    assert s.god_display[:2] == ["plaesiris", "plaesiris"]
    assert s.demigod_pool == [3] and s.demigod_stack == []


def test_loot_demigod_takes_the_highest_face_up_one():
    # P-TILE-DEMI-2 (D4: the highest value)
    s = blank(3)
    s.demigod_pool = [2, 5, 3]
    s.loot = {"C10": "demigod", "G11": "feet2"}
    at_turn(s, RED)
    s = play(s, RED, "action", action="move")
    s = play(s, RED, "place", piece=FOOT, field="C10")
    assert s.players[RED].demigods == [5] and sorted(s.demigod_pool) == [2, 3]
    # with an empty pool it gives nothing (P-GAP-DEMI-EX)
    s = blank(3)
    s.loot = {"C10": "demigod", "G11": "feet2"}
    at_turn(s, RED)
    s = play(s, RED, "action", action="move")
    s = play(s, RED, "place", piece=FOOT, field="C10")
    assert s.players[RED].demigods == []
