"""Loot and bonus tiles (section 6, P-TILE-*): every loot type and every bonus tile, resolved
through the agenda exactly as after a movement (P-MOVE-13) or after epoch-1 preparation
(P-BONUS-1)."""

from __future__ import annotations

import pytest

from data.pantheon import COMPONENTS
from engine.pantheon.placement import COLUMN_FIELDS
from engine.pantheon.state import COLUMN, FOOT
from tests.engine.pantheon.pantheon_helpers import (
    BLUE,
    RED,
    at_frame,
    blank,
    board_at,
    has,
    illegal,
    opts,
    play,
    put,
    waiting,
)


def resolve(s, tile, seat=RED):
    """Resolve one loot tile for `seat` the way a finished movement does."""
    return at_frame(s, {"t": "loot_resolve", "seat": seat, "tiles": [tile]},
                    {"t": "turn_end", "seat": seat})


def resolve_bonus(s, tile, seat=RED):
    s.players[seat].bonus = tile
    return at_frame(s, {"t": "bonus", "seat": seat}, {"t": "turn_end", "seat": seat})


def test_every_loot_and_bonus_type_is_covered_here():
    # P-GAP-LOOT / P-GAP-BONUS: 13 loot types (40 tiles) and 6 bonus tiles
    assert sum(t["count"] for t in COMPONENTS.loot.values()) == 40
    assert len(COMPONENTS.loot) == 13 and len(COMPONENTS.bonus) == 6


def test_loot_demigod_highest_face_up():
    # P-TILE-DEMI-2
    s = blank(3)
    s.demigod_pool = [1, 4, 2]
    s = resolve(s, "demigod")
    assert s.players[RED].demigods == [4] and sorted(s.demigod_pool) == [1, 2]
    assert "demigod" in s.loot_box  # P-TILE-2


def test_loot_god_top_of_stack_no_sacrifice_with_points():
    # P-TILE-GOD-1 / P-GODS-1 (2) / P-GODS-2
    s = blank(3, epoch=4)
    s.god_stack.append("gadicea")
    s = resolve(s, "god")
    assert s.players[RED].gods == ["gadicea"] and s.players[RED].score == 4


def test_loot_god_plaesiris_takes_face_down_demigods():
    # P-PLAE-3: from a loot tile, the top 2 of the face-down stack
    s = blank(3, epoch=2)
    s.god_stack.append("plaesiris")
    s.demigod_stack[-2:] = [2, 1]
    s.demigod_pool = [6]
    s = resolve(s, "god")
    assert sorted(s.players[RED].demigods) == [1, 2] and s.demigod_pool == [6]


@pytest.mark.parametrize("tiles,choice,expect", [
    ({}, ("tile", "gifts", 1), {"gifts": 1}),
    ({"gifts": 2}, ("upgrade", "gifts", 3), {"gifts": 3}),
])
def test_loot_offering_one_new_level_1_or_one_level_up(tiles, choice, expect):
    # P-TILE-OFF-1
    s = blank(3)
    s.players[RED].tiles = dict(tiles)
    s = resolve(s, "offering1")
    assert waiting(s) == (RED, "offering_gain")
    kind, k, lv = choice
    s = play(s, RED, kind, kind=k, level=lv)
    assert s.players[RED].tiles == expect


def test_loot_offering_refusals():
    # P-TILE-OFF-1 / P-BUY-11: a new tile only of a kind not held; one level only; max 4
    s = blank(3)
    s.players[RED].tiles = {"gifts": 2, "temples": 4}
    s = resolve(s, "offering1")
    illegal(s, RED, "tile", "P-BUY-11", kind="gifts", level=1)
    illegal(s, RED, "tile", "P-TILE-OFF-1", kind="dancers", level=2)
    illegal(s, RED, "upgrade", "P-TILE-OFF-1", kind="gifts", level=4)
    illegal(s, RED, "upgrade", "P-TILE-OFF-1", kind="temples", level=5)
    illegal(s, RED, "upgrade", "P-TILE-OFF-1", kind="priests", level=1)
    assert not has(s, RED, "upgrade", kind="temples", level=5)


def test_loot_offering_twice_same_tile_or_split():
    # P-TILE-OFF-1 / P-TILE-3: a doubled tile may take one tile 1 -> 3, or start one and
    # upgrade another
    s = blank(3)
    s.players[RED].tiles = {"gifts": 1}
    s = resolve(s, "offering2")
    s1 = play(s, RED, "upgrade", kind="gifts", level=2)
    s1 = play(s1, RED, "upgrade", kind="gifts", level=3)
    assert s1.players[RED].tiles == {"gifts": 3}
    s2 = play(s, RED, "tile", kind="dancers", level=1)
    s2 = play(s2, RED, "upgrade", kind="gifts", level=2)
    assert s2.players[RED].tiles == {"gifts": 2, "dancers": 1}


def test_loot_offering_lapses_when_all_tiles_are_at_level_4():
    s = blank(3)
    s.players[RED].tiles = {k: 4 for k in COMPONENTS.kinds}
    s = resolve(s, "offering1")
    assert waiting(s) != (RED, "offering_gain")
    assert s.players[RED].tiles == {k: 4 for k in COMPONENTS.kinds}


@pytest.mark.parametrize("tile,n", [("draw2", 2), ("draw3", 3)])
def test_loot_draw_cards_from_the_deck(tile, n):
    # P-TILE-DRAW-1
    s = blank(3)
    s.deck = s.deck + ["temples"] * n
    s = resolve(s, tile)
    assert s.players[RED].hand == {"temples": n}


def test_loot_money_takes_the_top_special_card_or_nothing():
    # P-TILE-MONEY-1 / P-DECK-7
    s = blank(3)
    s = resolve(s, "money")
    assert s.players[RED].hand == {"money2": 1}
    assert s.special_money[0] == "money2" and len(s.special_money) == 6
    s2 = blank(3)
    s2.special_money = []
    s2 = resolve(s2, "money")
    assert s2.players[RED].hand == {}


@pytest.mark.parametrize("tile,steps", [("steps1", 1), ("steps2", 2)])
def test_loot_steps_are_kept_and_count_in_every_move(tile, steps):
    # P-TILE-STEP-1 / P-TILE-2: kept (not boxed), +1/+2 steps in every later Move
    s = blank(3)
    boxed = len(s.loot_box)
    s = resolve(s, tile)
    assert s.players[RED].steps_tiles == [tile] and len(s.loot_box) == boxed
    s = at_frame(s, {"t": "move_cards", "seat": RED, "big": False},
                 {"t": "turn_end", "seat": RED})
    s = play(s, RED, "cards", n=0)
    assert s.queue[0]["budget"] == steps


@pytest.mark.parametrize("tile,feet,columns", [
    ("feet2", 2, 0), ("columns2", 0, 2), ("column_foot", 1, 1)])
def test_loot_supply(tile, feet, columns):
    # P-TILE-SUP-1: own colour from the general supply; "+" means both
    s = blank(3)
    s = resolve(s, tile)
    assert s.players[RED].supply == {FOOT: 4 + feet, COLUMN: 3 + columns}


def test_loot_supply_limited_by_what_is_left():
    # P-TILE-SUP-1 / P-GAP-SUPPLYOUT: only what the general supply still has
    s = blank(3, feet=11)
    s = resolve(s, "feet2")
    assert s.players[RED].supply[FOOT] == 12


def test_loot_supply_choice_two_feet_or_two_columns():
    # P-TILE-SUP-1: "/" means the player picks one
    s = blank(3)
    s = resolve(s, "columns_or_feet")
    assert waiting(s) == (RED, "supply_choice")
    a = play(s, RED, "supply", piece=COLUMN)
    assert a.players[RED].supply == {FOOT: 4, COLUMN: 5}
    b = play(s, RED, "supply", piece=FOOT)
    assert b.players[RED].supply == {FOOT: 6, COLUMN: 3}
    illegal(s, RED, "supply", "P-TILE-SUP-1", piece="temple")


# --- bonus tiles ---------------------------------------------------------------------------------

def test_bonus_demigod_takes_the_top_face_down_demigod():
    # P-TILE-DEMI-3: not from the face-up pool
    s = blank(3)
    s.demigod_pool = [6]
    top = s.demigod_stack[-1]
    s = resolve_bonus(s, "b_demigod")
    assert s.players[RED].demigods == [top] and s.demigod_pool == [6]
    assert "b_demigod" in s.bonus_box and s.players[RED].bonus is None


def test_bonus_god_scores_one_epoch_point():
    # P-BONUS-2: a god from the bonus tile in epoch 1 is worth 1 point
    s = blank(3, epoch=1)
    s.god_stack.append("vinthrad")
    s = resolve_bonus(s, "b_god")
    assert s.players[RED].gods == ["vinthrad"] and s.players[RED].score == 1


def test_bonus_column_on_any_free_column_field_from_the_general_supply():
    # P-TILE-COL-1 (D3): general supply, any column field, no connection, free of charge
    s = blank(3)
    put(s, BLUE, COLUMN, "A8", this_epoch=False)
    put(s, RED, COLUMN, "B10", this_epoch=False)
    put(s, BLUE, COLUMN, "F10", this_epoch=False)
    put(s, 2, COLUMN, "F10", this_epoch=False)
    s = resolve_bonus(s, "b_column")
    assert waiting(s) == (RED, "column_bonus")
    offered = {o.args["field"] for o in opts(s, RED)}
    assert offered == set(COLUMN_FIELDS) - {"B10", "F10"}  # own column / full field
    illegal(s, RED, "place", "P-PLACE-5", piece=COLUMN, field="F10")
    illegal(s, RED, "place", "P-PLACE-5", piece=COLUMN, field="B10")
    illegal(s, RED, "place", "P-TILE-COL-1", piece=COLUMN, field="D10")
    illegal(s, RED, "place", "P-TILE-COL-1", piece=FOOT, field="A8")
    s = play(s, RED, "place", piece=COLUMN, field="A8")  # far from everything, beside Blue
    assert board_at(s, "A8") == [[BLUE, COLUMN], [RED, COLUMN]]
    assert s.players[RED].supply == {FOOT: 4, COLUMN: 3}  # personal supply untouched
    assert "A8" not in s.players[RED].placed  # an old column: joins routes only once reached


def test_bonus_column_lapses_without_a_column_in_the_general_supply():
    s = blank(3, columns=12)
    s = resolve_bonus(s, "b_column")
    assert waiting(s) != (RED, "column_bonus")


def test_bonus_offering_twice_steps_and_draw():
    # P-GAP-BONUS: offering x2, steps +1 (kept), draw 3
    s = blank(3)
    s = resolve_bonus(s, "b_offering2")
    s = play(s, RED, "tile", kind="priests", level=1)
    s = play(s, RED, "upgrade", kind="priests", level=2)
    assert s.players[RED].tiles == {"priests": 2}
    s = resolve_bonus(s, "b_steps1")
    assert s.players[RED].steps_tiles == ["b_steps1"]
    s.deck = s.deck + ["move"] * 3
    s = resolve_bonus(s, "b_draw3")
    assert s.players[RED].hand == {"move": 3}
