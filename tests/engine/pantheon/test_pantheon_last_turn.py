"""What the board pictures highlight (View.last_changes): after a turn, the spectator view still
holds that turn's public changes, so the board the bot posts once the next seat is to act rings
them; a private change (a drawn card) never shows (P-GAP-HIDDEN)."""

from __future__ import annotations

import json

from engine.pantheon import view
from engine.pantheon.state import FOOT, State
from tests.engine.pantheon.pantheon_helpers import BLUE, RED, at_turn, blank, hand, play, waiting

CARDS = ("move", "gifts", "priests", "dancers", "temples", "money")


def red_moves_to_d10(s: State) -> State:
    """RED's whole turn: Move with the big foot alone onto D10, next to Gallia's temple D9."""
    at_turn(s, RED)
    s = play(s, RED, "action", action="move")
    return play(s, RED, "place", piece=FOOT, field="D10")


def test_after_a_turn_the_spectator_view_holds_that_turn():
    s = red_moves_to_d10(blank(3))
    assert waiting(s) == (BLUE, "action")  # the turn is over: the bot posts the board now
    want = {"seat": RED, "actions": ["move"], "placed": [[RED, FOOT, "D10"]], "done": True}
    assert view(s, None).last_changes == want
    assert view(s, BLUE).last_changes == want  # public: every seat sees the same


def test_the_next_turn_takes_over_once_it_changes_the_board():
    s = red_moves_to_d10(blank(3))
    hand(s, BLUE, move=1)
    s = play(s, BLUE, "action", action="move")
    s = play(s, BLUE, "cards", n=1)
    assert view(s, None).last_changes["seat"] == RED  # BLUE has placed nothing yet
    s = play(s, BLUE, "place", piece=FOOT, field="C9")
    changes = view(s, None).last_changes
    assert changes["seat"] == BLUE and changes["placed"] == [[BLUE, FOOT, "C9"]]
    assert changes["done"] is False  # the turn is still being played


def test_a_draw_turn_is_named_but_the_drawn_cards_are_not():
    s = blank(3)
    at_turn(s, RED)
    s = play(s, RED, "action", action="draw")
    for _ in range(3):
        s = play(s, RED, "take", **{"from": "deck"})
    assert waiting(s) == (BLUE, "action")
    changes = view(s, None).last_changes
    assert changes == {"seat": RED, "actions": ["draw"], "done": True}
    assert not any(card in json.dumps(changes) for card in CARDS)


def test_the_last_turn_of_an_epoch_stays_after_its_feet_went_home():
    # P-PHASEEND-1: the last loot tile ends the phase; P-EPOCHEND-1: the feet go home
    s = blank(3)
    s.loot = {"D10": "draw2"}
    hand(s, BLUE, money1=1)
    s = red_moves_to_d10(s)
    assert s.epoch == 2 and "D10" not in s.pieces
    changes = view(s, None).last_changes
    assert changes["seat"] == RED and changes["done"] is True
    assert changes["placed"] == [[RED, FOOT, "D10"]]
    assert changes["loot"] == [[RED, "D10", "draw2"]]


def test_the_last_turn_survives_a_json_round_trip_and_old_saves_load():
    s = red_moves_to_d10(blank(3))
    again = State.from_json(json.loads(json.dumps(s.to_json())))
    assert again.last_turn == s.last_turn and view(again, None) == view(s, None)
    old = s.to_json()
    del old["last_turn"]
    for p in old["players"]:
        del p["used_gods"]
    loaded = State.from_json(old)
    assert loaded.last_turn == {} and all(p.used_gods == [] for p in loaded.players)
