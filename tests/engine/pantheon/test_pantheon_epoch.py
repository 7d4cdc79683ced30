"""The epoch cycle: preparation (P-PREP-*), the eight peoples (P-PEOPLE-*), the epoch-1 bonus
tiles and the draft (P-BONUS-*, P-VAR-DRAFT-*), the end of the turn phase (P-PHASEEND-*), the
end of an epoch (P-EPOCHEND-*), the scorings (P-SCORE-*, P-PIET-3) and the game end (P-END-*)."""

from __future__ import annotations

from collections import Counter

import pytest

from data.pantheon import BOARD, COMPONENTS
from engine.core import Event
from engine.pantheon import flow, options, pending, result
from engine.pantheon.epoch import setup
from engine.pantheon.state import COLUMN, FOOT
from tests.engine.pantheon.pantheon_helpers import (
    BLUE,
    GREEN,
    NAMES,
    PEOPLE,
    RED,
    START,
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
    symbol_field,
    waiting,
)


def next_epoch(s, people, *, gods=(), loot=()):
    """Run the end of the current epoch into the preparation of the next one, with `people`
    on top of the people deck, `gods` on top of the god stack (first = revealed first) and
    `loot` on top of the bag (first = drawn first)."""
    if PEOPLE[people] in s.people_deck:
        s.people_deck.remove(PEOPLE[people])
    s.people_deck.append(PEOPLE[people])
    stack_top(s, gods)
    for t in loot:
        (s.bag if t in s.bag else s.loot_box).remove(t)
    s.bag.extend(reversed(loot))
    return at_frame(s, {"t": "epoch_end"})


def stack_top(s, gods):
    """Put `gods` on top of the god stack (the first one on the very top), taking each tile
    from the stack or the box."""
    for g in gods:
        (s.god_stack if g in s.god_stack else s.god_box).remove(g)
    s.god_stack.extend(reversed(gods))


# --- preparation ------------------------------------------------------------------------------

@pytest.mark.parametrize("n,allowed", [(2, {0, 1, 2}), (3, {0, 1, 2, 3}), (4, {0, 1, 2, 3, 4})])
def test_preparation_gods_loot_and_temple(n, allowed):
    # P-PREP-1..6: people revealed, players + 1 gods, players + 1 loot tiles on the active
    # people's symbol fields (2p: not 3 and 4; 3p: not 4), the temple on the start field
    s = blank(n, epoch=1)
    s = next_epoch(s, "roma", loot=["feet2"] * 0)
    assert s.epoch == 2 and s.peoples_played[-1] == "R"
    assert len(s.god_display) == n + 1
    assert len(s.loot) == n + 1
    assert set(s.loot) == {symbol_field("roma", i) for i in allowed}
    assert s.temple == START["roma"]
    demigod_loot = sum(1 for t in s.loot.values() if COMPONENTS.loot[t]["effect"] == "demigod")
    assert len(s.demigod_pool) == demigod_loot + 2 * s.god_display.count("plaesiris")


def test_preparation_reveals_demigods_for_plaesiris_and_demigod_loot():
    # P-PREP-3 / P-PLAE-1 (2 per Plaesiris) and P-PREP-4 / P-TILE-DEMI-1 (1 per demigod loot)
    s = blank(4, epoch=1)
    top = list(reversed(s.demigod_stack[-6:]))
    s = next_epoch(s, "roma", gods=["plaesiris", "plaesiris", "vinthrad", "vinthrad", "vinthrad"],
                   loot=["demigod", "demigod", "feet2", "feet2", "money"])
    assert s.god_display[:2] == ["plaesiris", "plaesiris"]
    assert sorted(s.demigod_pool) == sorted(top[:6])
    assert list(s.loot.values()).count("demigod") == 2


def test_loot_is_placed_in_random_order():
    # P-PREP-4: a uniformly random assignment of the drawn tiles to the allowed fields
    placements = set()
    for seed in range(12):
        s = blank(4, seed=seed, epoch=1)
        s = next_epoch(s, "roma", loot=["money", "god", "draw2", "feet2", "steps1"])
        placements.add(tuple(sorted(s.loot.items())))
    assert len(placements) > 6


def test_ability_runs_before_the_temple_is_placed():
    # P-PREP-5 before P-PREP-6: during Gallia's choice the temple is not on the board yet
    s = blank(3, epoch=1, start=BLUE)
    s = next_epoch(s, "gallia")
    assert waiting(s) == (BLUE, "gallia") and s.temple is None
    assert s.epoch == 2 and s.start_player == BLUE


# --- the peoples ------------------------------------------------------------------------------

def test_gallia_each_player_draws_two_or_reveals_a_god():
    # P-PEOPLE-GAL-1..3, in turn order from the start player
    s = blank(3, epoch=1, start=BLUE)
    for seat in range(3):
        hand(s, seat, dancers=5)
    s = next_epoch(s, "gallia", gods=["vinthrad", "vinthrad", "vinthrad", "vinthrad",
                                      "gadicea", "pietalte"])
    # the display took 4 gods; the next tops of the stack are Gadicea then Pietalte
    assert waiting(s) == (BLUE, "gallia")
    s = play(s, BLUE, "gallia", choice="reveal")
    assert waiting(s) == (BLUE, "gallia_buy")  # Gadicea: only its top number 5
    assert has(s, BLUE, "offer", kinds=["dancers"]) and has(s, BLUE, "decline")
    s = play(s, BLUE, "offer", kinds=["dancers"])
    assert s.players[BLUE].gods == ["gadicea"] and s.players[BLUE].score == 2
    assert s.players[BLUE].hand == {}
    assert waiting(s) == (YELLOW, "gallia")
    deck = len(s.deck)
    s = play(s, YELLOW, "gallia", choice="draw")
    assert s.players[YELLOW].hand_size() == 7 and len(s.deck) == deck - 2
    s = play(s, RED, "gallia", choice="reveal")  # Pietalte: 3 cards of one kind, cards only
    s = play(s, RED, "decline")
    assert "pietalte" in s.god_box and s.players[RED].gods == []
    assert s.temple == START["gallia"] and waiting(s) == (BLUE, "action")


def test_gallia_pietalte_needs_three_cards_and_no_tiles():
    # P-PEOPLE-GAL-4 / AMB-11
    s = blank(3, epoch=1)
    s.players[RED].tiles = {"dancers": 4}
    hand(s, RED, priests=2, money1=1)
    s = next_epoch(s, "gallia", gods=["vinthrad"] * 4 + ["pietalte"])
    s = play(s, RED, "gallia", choice="reveal")
    # nothing payable: the only option, declining, is taken at once
    assert "pietalte" in s.god_box and waiting(s)[0] == BLUE
    s = blank(3, epoch=1)
    s.players[RED].tiles = {"dancers": 4}
    hand(s, RED, priests=3)
    s = next_epoch(s, "gallia", gods=["vinthrad"] * 4 + ["pietalte"])
    s = play(s, RED, "gallia", choice="reveal")
    illegal(s, RED, "offer", "P-SAC-6", kinds=["dancers"])
    s = play(s, RED, "offer", kinds=["priests"])
    assert s.players[RED].gods == ["pietalte"]


def test_gallia_plaesiris_surparit_and_depraccus():
    # P-PEOPLE-GAL-4 / P-PLAE-4 / P-DEPR-3: Plaesiris gives the top 2 face-down demigods;
    # Depraccus bought now draws in this same preparation; Surparit draws as usual
    s = blank(3, epoch=2)
    for seat in range(3):
        hand(s, seat, temples=4)
    s = next_epoch(s, "gallia", gods=["vinthrad"] * 4 + ["plaesiris", "depraccus", "surparit",
                                                          "stonkus1"])
    down = s.demigod_stack[-2:]
    s = play(s, RED, "gallia", choice="reveal")
    s = play(s, RED, "offer", kinds=["temples"])
    assert sorted(s.players[RED].demigods) == sorted(down) and s.players[RED].score == 3
    s = play(s, BLUE, "gallia", choice="reveal")
    s = play(s, BLUE, "offer", kinds=["temples"])
    s = play(s, YELLOW, "gallia", choice="reveal")
    s = play(s, YELLOW, "offer", kinds=["temples"])
    assert s.players[YELLOW].gods == ["stonkus1"] and s.players[YELLOW].score == 6
    # Depraccus drew 2 cards at the end of this preparation (P-PREP-7)
    assert s.players[BLUE].gods == ["depraccus"] and s.players[BLUE].hand_size() == 1 + 2


def test_germania_and_graecia_set_every_hand_to_seven():
    # P-PEOPLE-GER-1: discard down by choice, draw up from the deck, in turn order
    for people in ("germania", "graecia"):
        s = blank(3, epoch=1)
        hand(s, RED, move=5, gifts=4)
        hand(s, BLUE, money1=2)
        hand(s, YELLOW, dancers=7)
        s = next_epoch(s, people)
        assert waiting(s) == (RED, "discard")
        s = play(s, RED, "discard", card="gifts")
        illegal(s, RED, "discard", "P-PEOPLE-GER-1", card="temples")
        s = play(s, RED, "discard", card="move")
        assert s.players[RED].hand == {"move": 4, "gifts": 3}
        assert s.players[BLUE].hand_size() == 7 and s.players[BLUE].hand["money1"] >= 2
        assert s.players[YELLOW].hand == {"dancers": 7}


def test_aegyptus_swaps_between_personal_and_general_supply():
    # P-PEOPLE-AEG-1: feet for columns or columns for feet, own colour, limited by the supply
    s = blank(3, epoch=1)
    s.players[RED].supply = {FOOT: 4, COLUMN: 3}
    put(s, RED, COLUMN, "B10", this_epoch=False)  # 12 - 3 - 1 = 8 columns in the general supply
    s = next_epoch(s, "aegyptus")
    assert waiting(s) == (RED, "aegyptus")
    assert has(s, RED, "swap", to=COLUMN, n=4) and has(s, RED, "swap", to=FOOT, n=3)
    illegal(s, RED, "swap", "P-PEOPLE-AEG-1", to=COLUMN, n=5)
    s = play(s, RED, "swap", to=COLUMN, n=3)
    assert s.players[RED].supply == {FOOT: 1, COLUMN: 6}
    s = play(s, BLUE, "skip")
    assert s.players[BLUE].supply == {FOOT: 4, COLUMN: 3}
    s = play(s, YELLOW, "swap", to=FOOT, n=2)
    assert s.players[YELLOW].supply == {FOOT: 6, COLUMN: 1}


def test_persia_sorts_the_special_money_descending_for_good():
    # P-PEOPLE-PER-1
    s = blank(3, epoch=1)
    s.special_money = ["money2", "money3", "money4", "money5"]
    s = next_epoch(s, "persia")
    assert s.special_money == ["money5", "money4", "money3", "money2"]
    s = at_frame(s, {"t": "loot_resolve", "seat": RED, "tiles": ["money"]},
                 {"t": "turn_end", "seat": RED})
    assert s.players[RED].hand.get("money5") == 1


def test_cartago_two_money_without_cards_stonkus_or_placing():
    # P-PEOPLE-CAR-1..3
    s = blank(3, epoch=1)
    s.players[RED].gods = ["stonkus2"]
    hand(s, RED, money5=1)
    s = next_epoch(s, "cartago")
    assert waiting(s) == (RED, "cartago")
    assert not any(o.kind in ("money", "place") for o in opts(s, RED))
    illegal(s, RED, "tile", "P-BUY-2", kind="gifts", level=2)  # 3 > 2: no Stonkus, no card
    illegal(s, RED, "place", "P-PEOPLE-CAR-3", piece=FOOT, field="O9")
    s = play(s, RED, "buy_piece", piece=FOOT)
    s = play(s, RED, "tile", kind="gifts", level=1)  # 2 spent: Red is done at once
    assert s.players[RED].supply[FOOT] == 5 and s.players[RED].tiles == {"gifts": 1}
    assert s.players[RED].hand == {"money5": 1}
    assert waiting(s) == (BLUE, "cartago")
    s = play(s, BLUE, "done")  # unspent money is lost
    s = play(s, YELLOW, "tile", kind="priests", level=1)
    s = play(s, YELLOW, "done")
    assert s.players[YELLOW].tiles == {"priests": 1} and s.players[BLUE].tiles == {}


def test_iberia_optional_level_1_tile_or_one_upgrade():
    # P-PEOPLE-IBE-1 (D5: optional)
    s = blank(3, epoch=1)
    s.players[BLUE].tiles = {"gifts": 3}
    s = next_epoch(s, "iberia")
    s = play(s, RED, "tile", kind="dancers", level=1)
    illegal(s, BLUE, "upgrade", "P-TILE-OFF-1", kind="gifts", level=5)
    s = play(s, BLUE, "upgrade", kind="gifts", level=4)
    s = play(s, YELLOW, "skip")
    assert [p.tiles for p in s.players] == [{"dancers": 1}, {"gifts": 4}, {}]


def test_roma_everyone_draws_two_from_the_deck():
    # P-PEOPLE-ROM-1: from the face-down deck, starting with the start player. (CZ says the
    # players "may" draw; DE, the original, says they draw: mandatory, as the spec reads it.)
    s = blank(3, epoch=1, start=YELLOW)
    s.deck = s.deck + ["gifts", "gifts", "priests", "priests", "move", "move"]  # top: the end
    display = list(s.display)
    s = next_epoch(s, "roma")
    # Yellow first (move, move), then Red (priests), then Blue (gifts)
    assert s.players[YELLOW].hand == {"move": 2} and s.players[RED].hand == {"priests": 2}
    assert s.players[BLUE].hand == {"gifts": 2} and s.display == display


def test_all_eight_peoples_have_an_ability_and_a_start_field():
    assert sorted(PEOPLE) == sorted(["gallia", "germania", "graecia", "aegyptus", "persia",
                                     "cartago", "iberia", "roma"])
    for letter in COMPONENTS.peoples:
        assert letter in BOARD.start_field and len(BOARD.symbol_fields[letter]) == 5


# --- bonus tiles in epoch 1 -------------------------------------------------------------------

def epoch_one(n, bonus, *, people="roma", gods=(), draft=False, start=0):
    """A game at its very start, with chosen bonus tiles (seat order), people and god tops."""
    s = setup(NAMES[:n], 5, {"bonus_draft": draft, "start_player": start})
    if not draft:
        everything = sorted(COMPONENTS.bonus)
        for p, tile in zip(s.players, bonus, strict=True):
            p.bonus = tile
        s.bonus_box = [t for t in everything if t not in bonus]
    s.people_deck.remove(PEOPLE[people])
    s.people_deck.append(PEOPLE[people])
    stack_top(s, gods)
    flow.advance(s, [])
    return s


def test_bonus_tiles_resolve_after_epoch_one_preparation_in_turn_order():
    # P-BONUS-1 / P-BONUS-2: the demigod bonus takes the top face-down demigod after the pool
    # was revealed; a Depraccus from the bonus does not draw in epoch 1
    s = setup(NAMES[:3], 5, {"start_player": 1})
    stack = list(s.demigod_stack)
    s = epoch_one(3, ["b_god", "b_demigod", "b_steps1"], gods=["vinthrad"] * 4 + ["depraccus"],
                  start=1)
    revealed = len(s.demigod_pool)
    assert s.players[BLUE].demigods == [stack[-1 - revealed]]
    assert s.players[RED].gods == ["depraccus"] and s.players[RED].score == 1
    assert s.players[RED].hand_size() == 5 + 2  # Roma's 2 only: no Depraccus draw in epoch 1
    assert s.players[YELLOW].steps_tiles == ["b_steps1"]
    assert all(p.bonus is None for p in s.players)
    assert waiting(s) == (BLUE, "action")


def test_bonus_column_is_placed_after_preparation():
    # P-TILE-COL-1 / P-BONUS-1
    s = epoch_one(2, ["b_draw3", "b_column"], start=0)
    assert waiting(s) == (BLUE, "column_bonus") and s.temple == START["roma"]
    s = play(s, BLUE, "place", piece=COLUMN, field="A8")
    assert board_at(s, "A8") == [[BLUE, COLUMN]] and waiting(s) == (RED, "action")


def test_bonus_draft_order_and_resolution():
    # P-VAR-DRAFT-2/3: the last player in turn order picks first, counter-clockwise, the start
    # player last; leftovers leave the game; then resolution in turn order
    s = epoch_one(4, [], draft=True, start=2)
    order = []
    for _ in range(4):
        seat, kind = waiting(s)
        assert kind == "draft" and s.temple == START["roma"]
        order.append(seat)
        pick = {1: "b_draw3", 0: "b_steps1", 3: "b_offering2", 2: "b_demigod"}[seat]
        s = play(s, seat, "bonus", tile=pick)
        if seat == 0:
            illegal(s, 3, "bonus", "P-VAR-DRAFT-2", tile="b_draw3")  # taken already
    assert order == [1, 0, 3, 2]
    assert {"b_column", "b_god"} <= set(s.bonus_box) and s.bonus_stack == []
    # resolution from the start player (Yellow, 2): demigod, then Green's offering choice
    assert len(s.players[2].demigods) == 1
    assert waiting(s) == (GREEN, "offering_gain")


# --- end of the turn phase and of the epoch ---------------------------------------------------

def test_last_loot_in_a_move_follow_ups_continue_then_big_foot_holder_scores():
    # P-PHASEEND-1..5 / P-MOVE-18 / P-EPOCHEND-1..4
    s = blank(3, epoch=2)
    s.loot = {"C10": "feet2"}
    s.god_display = ["vinthrad"]
    s.demigod_pool = [4]
    put(s, YELLOW, COLUMN, "B10", this_epoch=False)
    hand(s, BLUE, move=1)
    hand(s, YELLOW, move=1)
    at_turn(s, RED)
    s = play(s, RED, "action", action="move")
    s = play(s, RED, "place", piece=FOOT, field="C10")  # the last loot tile
    assert s.phase_end
    assert waiting(s) == (BLUE, "move_cards")  # the others still get their follow-up
    s = play(s, BLUE, "cards", n=1)
    s = play(s, BLUE, "place", piece=FOOT, field="D10")
    s = play(s, BLUE, "place", piece=FOOT, field="D11")
    s = play(s, YELLOW, "cards", n=1)
    s = play(s, YELLOW, "place", piece=FOOT, field="C9")
    s = play(s, YELLOW, "stop")
    # Red held the big foot: 3 points; Blue (Red's left) starts epoch 3
    assert [p.score for p in s.players] == [3, 0, 0]
    assert s.epoch == 3 and s.start_player == BLUE
    # P-EPOCHEND-1/2: feet back to the personal supplies, the old column stays
    assert all(ps[0][1] == COLUMN for ps in s.pieces.values()) and board_at(s, "B10")
    assert s.players[RED].supply[FOOT] == 4 + 2 and s.players[BLUE].supply[FOOT] == 4
    assert all(p.placed == [] for p in s.players)
    # P-EPOCHEND-3: leftovers of epoch 2 went to the box
    assert "vinthrad" in s.god_box and 4 in s.demigod_box


def test_last_loot_taken_by_a_follow_up_mover_scores_for_the_big_foot():
    # P-PHASEEND-3/4: "Dann erhält der Spieler mit dem großen Fuß die 3 Punkte"
    s = blank(3, epoch=2)
    s.loot = {"C10": "feet2"}
    s.god_display = ["vinthrad"]
    hand(s, BLUE, move=1)
    hand(s, YELLOW, move=1)
    at_turn(s, RED)
    s = play(s, RED, "action", action="move")
    s = play(s, RED, "place", piece=FOOT, field="D10")
    s = play(s, BLUE, "cards", n=1)
    s = play(s, BLUE, "place", piece=FOOT, field="C10")
    s = play(s, BLUE, "stop")
    assert waiting(s) == (YELLOW, "move_cards")  # Yellow still has its opportunity
    s = play(s, YELLOW, "follow_draw")
    assert [p.score for p in s.players] == [3, 0, 0] and s.start_player == BLUE
    assert s.epoch == 3


def test_last_god_ends_the_phase_after_the_turn():
    # P-PHASEEND-1 / P-PHASEEND-4 / P-PHASEEND-5
    s = blank(4, epoch=4, start=2)
    s.god_display = ["vinthrad"]
    s.loot = {"G11": "feet2"}
    hand(s, GREEN, dancers=3, temples=2)
    at_turn(s, GREEN)
    s = play(s, GREEN, "action", action="god")
    assert s.players[GREEN].score == 4 + 3  # epoch points + end of phase
    assert s.start_player == RED and s.epoch == 5  # the temple passes left, to seat 0


def test_last_loot_taken_in_a_buy_ends_the_phase_after_the_turn():
    # P-PHASEEND-1 / P-BUY-9: a foot placed in a Buy takes loot the same way
    s = blank(3, epoch=5)
    s.god_display = ["vinthrad"]
    s.loot = {"C10": "draw2"}
    s.people_deck.append("P")  # epoch 6: Persia, which deals no cards
    hand(s, BLUE, money1=1, money2=1)
    at_turn(s, BLUE)
    s = play(s, BLUE, "action", action="buy")
    s = play(s, BLUE, "money", card="money1")
    s = play(s, BLUE, "place", piece=FOOT, field="C10")
    assert s.phase_end and s.epoch == 5  # the Buy goes on until Blue is done
    s = play(s, BLUE, "done")
    assert s.players[BLUE].score == 3 and s.start_player == YELLOW and s.epoch == 6
    assert s.players[BLUE].hand.get("money2") == 1 and s.players[BLUE].hand_size() == 3


def test_gods_from_the_stack_do_not_end_the_phase():
    # P-PHASEEND-1: only the god display counts
    s = blank(3, epoch=2)
    s.god_display = ["vinthrad"]
    s.loot = {"C10": "god", "G11": "feet2"}
    at_turn(s, RED)
    s = play(s, RED, "action", action="move")
    s = play(s, RED, "place", piece=FOOT, field="C10")
    assert not s.phase_end and s.epoch == 2


def draw_turn(s, seat):
    if waiting(s) == (seat, "action"):
        s = play(s, seat, "action", action="draw")
    for _ in range(3):
        s = play(s, seat, "take", **{"from": "deck"})
    return s


def stalled(guard):
    s = blank(2, epoch=2)
    if guard:
        s.options["stall_guard_rounds"] = guard
    s.god_display = ["vinthrad"]
    s.loot = {"G11": "feet2"}
    s.deck = ["move"] * 60  # nothing but drawing is ever possible: no pieces, no offerings
    for p in s.players:
        p.supply = {FOOT: 0, COLUMN: 0}
    return at_turn(s, RED)


def test_stall_guard_ends_the_phase_after_n_rounds_without_taking():
    # P-GAP-STALL: 2 rounds of 2 players with neither god nor loot taken
    s = stalled(2)
    for seat in (RED, BLUE, RED):
        s = draw_turn(s, seat)
        assert s.epoch == 2
    s = draw_turn(s, BLUE)
    # the phase ended with Blue's turn: Blue scores, Red (Blue's left) starts epoch 3
    assert s.epoch == 3 and s.players[BLUE].score == 3 and s.start_player == RED
    s = stalled(None)  # without the option nothing ends
    for _ in range(5):
        s = draw_turn(s, RED)
        s = draw_turn(s, BLUE)
    assert s.epoch == 2


# --- scoring and game end ---------------------------------------------------------------------

COLUMN_SITES = [f.label for f in BOARD.fields if f.is_column_field]


@pytest.mark.parametrize("count,points", [(0, 0), (1, 1), (3, 3), (4, 8), (7, 14), (8, 24),
                                          (11, 33), (12, 48)])
def test_column_table(count, points):
    # P-SCORE-2
    assert COMPONENTS.column_points(count) == points
    s = blank(2, epoch=3)
    for label in COLUMN_SITES[:count]:
        put(s, RED, COLUMN, label, this_epoch=False)
    s = at_frame(s, {"t": "scoring"}, {"t": "turn", "seat": RED})
    assert s.players[RED].score == points


def test_scoring_example_p_score_4():
    # Red has 11 points before the first scoring (here 8 + 3 for ending epoch 3), demigods
    # 3 and 2 and 5 columns on the board: 5 + 10 = 15, 26 in all
    s = blank(3, epoch=3)
    s.players[RED].score = 8
    s.players[RED].demigods = [3, 2]
    for label in COLUMN_SITES[:5]:
        put(s, RED, COLUMN, label, this_epoch=False)
    s.god_display = ["vinthrad"]
    s.loot = {"C10": "feet2"}
    at_turn(s, RED)
    events: list[Event] = []
    s.queue.insert(0, {"t": "turn_end", "seat": RED})
    s.queue.pop(1)
    s.phase_end = True
    flow.advance(s, events)
    assert s.players[RED].score == 26
    scored = [e for e in events if e.template == "scored" and e.args["seat"] == RED][0]
    assert scored.args["demigods"] == 5 and scored.args["columns"] == 10
    assert s.epoch == 4  # the game goes on with epoch 4


@pytest.mark.parametrize("pietalte,points", [(1, 4), (2, 8)])
def test_pietalte_scoring_examples_p_piet_3(pietalte, points):
    # P-PIET-3 / P-SCORE-3: each Pietalte scores the level of the highest offering tile
    s = blank(2, epoch=6)
    s.players[RED].gods = ["pietalte"] * pietalte
    s.players[RED].tiles = {"gifts": 4, "dancers": 2}
    s.players[BLUE].gods = ["pietalte"]  # no offering tile: 0
    s = at_frame(s, {"t": "scoring"}, {"t": "turn", "seat": RED})
    assert s.players[RED].score == points and s.players[BLUE].score == 0


def test_scorings_only_after_epochs_3_and_6_and_demigods_count_twice():
    # P-EPOCHEND-5 / P-SCORE-1
    for epoch, scored in ((1, False), (2, False), (3, True), (4, False), (5, False)):
        s = blank(2, epoch=epoch)
        s.players[RED].demigods = [4]
        s = next_epoch(s, "roma")
        assert (s.players[RED].score == 4) is scored
        assert s.players[RED].demigods == [4]


def test_all_columns_count_from_every_epoch_and_the_bonus():
    # P-SCORE-2: "alle" own columns on the board, however placed
    s = blank(2, epoch=6)
    put(s, RED, COLUMN, "A8", this_epoch=False)
    put(s, RED, COLUMN, "B10")
    put(s, BLUE, COLUMN, "B10")
    s = at_frame(s, {"t": "epoch_end"})
    assert [p.score for p in s.players] == [2, 1]


def test_game_end_most_points_wins():
    # P-END-1
    s = blank(3, epoch=6)
    for seat, score in enumerate([20, 31, 25]):
        s.players[seat].score = score
    s = at_frame(s, {"t": "epoch_end"})
    assert pending(s) == [] and options(s, RED) == []
    assert result(s) == {"scores": [20, 31, 25], "winners": [BLUE], "tie_break": False,
                         "demigods": [0, 0, 0]}


def test_tie_break_on_number_of_demigods_not_their_value():
    # P-END-2 (CZ: the number of tokens, their values do not matter)
    s = blank(3, epoch=6)
    for seat, score in enumerate([30, 30, 12]):
        s.players[seat].score = score
    s.players[RED].demigods = [1, 1]
    s.players[BLUE].demigods = [6]
    s.players[YELLOW].demigods = [1, 1, 1, 1, 1]
    s.players[BLUE].score = 30 - 4  # scoring adds the values: 30 + 2 vs 26 + 6
    s = at_frame(s, {"t": "epoch_end"})
    r = result(s)
    assert r["scores"][:2] == [32, 32] and r["winners"] == [RED] and r["tie_break"]


def test_shared_victory_when_still_tied():
    # P-END-3
    s = blank(4, epoch=6)
    for seat, score in enumerate([40, 40, 40, 39]):
        s.players[seat].score = score
    s.players[RED].demigods = [2]
    s.players[BLUE].demigods = [1, 1]
    s.players[YELLOW].demigods = [2]
    s.players[3].demigods = [1, 1, 1]
    s = at_frame(s, {"t": "epoch_end"})
    r = result(s)
    assert r["scores"] == [42, 42, 42, 42]
    assert r["winners"] == [GREEN] and r["tie_break"]
    s = blank(4, epoch=6)
    for seat in range(4):
        s.players[seat].score = 10
        s.players[seat].demigods = [1] if seat < 2 else []
    s = at_frame(s, {"t": "epoch_end"})
    assert result(s)["winners"] == [RED, BLUE]


def test_whole_game_has_six_epochs_and_six_different_peoples():
    # P-EPOCH-1 / P-COMP-19
    from tests.engine.pantheon.pantheon_helpers import random_play
    s, log = random_play(2, 3)
    assert s.epoch == 6 and len(set(s.peoples_played)) == 6 and len(s.people_deck) == 2
    assert Counter(s.peoples_played + s.people_deck) == Counter(list(COMPONENTS.peoples))
    assert result(s) is not None and log
