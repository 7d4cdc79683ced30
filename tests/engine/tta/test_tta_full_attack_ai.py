"""The AI answers every new step of the attacks legally (F-AGGR-8, G-ASYNC-7/8/11, G-RES-2):
the defence is the cheapest set of cards that reaches the attacker's strength, else none; an
aggression is played when this seat is the stronger and the margin beats the defender's cards;
spoils and War over Technology are answered; an AI seat never confirms a resignation."""

from __future__ import annotations

import random

import pytest
from tta_full_helpers import armed, full
from tta_helpers import arrange, play

import engine.tta as T
from engine.tta import ai
from engine.tta.state import State

LEVELS = ("easy", "normal")


def defending(military: list[str], mine: int = 4, theirs: int = 1) -> State:
    s = full()
    armed(s, 0, mine, ["plunder_ii"])
    armed(s, 1, theirs, military)
    return play(s, 0, "aggression", card="plunder_ii", target=1)


def legal(s: State, seat: int, level: str) -> T.Decision:
    d, own = ai.decide(s, seat, level, random.Random(1))
    assert own, d
    assert d.canonical() in {o.canonical() for o in T.options(s, seat)}
    return d


@pytest.mark.parametrize("level", LEVELS)
def test_defence_picks_the_cheapest_set_that_suffices(level: str) -> None:
    """F-AGGR-8: need 3 (4 against 1): one Age II bonus (+4) rather than three cards."""
    s = defending(["rats_i", "foray_i", "defense_colonization_ii", "defense_colonization_i"])
    d = legal(s, 1, level)
    assert (d.kind, d.args["card"]) == ("bonus", "defense_colonization_ii")
    s = play(s, 1, d.kind, **d.args)
    assert legal(s, 1, level).kind == "done"  # reached: 1 + 4 >= 4


@pytest.mark.parametrize("level", LEVELS)
def test_defence_gives_up_when_it_cannot_reach(level: str) -> None:
    """F-AGGR-8: with two military actions and +1 cards only, 1 + 2 < 4: no card is wasted."""
    s = defending(["rats_i", "foray_i", "raiders_i"])
    assert legal(s, 1, level).kind == "done"


@pytest.mark.parametrize("level", LEVELS)
def test_the_stronger_seat_plays_an_aggression(level: str) -> None:
    """F-AGGR-6: offered only while stronger; played when the margin beats the defender's
    cards (he holds none here)."""
    s = full()
    armed(s, 0, 5, ["plunder_ii"])
    armed(s, 1, 1, [])
    armed(s, 2, 4, [])
    d = legal(s, 0, level)
    assert d.kind == "aggression" and d.args["target"] == 1


def test_an_aggression_is_not_played_into_a_full_hand() -> None:
    """The defender could add up to 2 a card with his military actions: margin 2 is not
    enough against two cards (normal level)."""
    s = full()
    armed(s, 0, 3, ["plunder_ii"])
    armed(s, 1, 1, ["rats_i", "foray_i"])
    armed(s, 2, 3, [])
    assert legal(s, 0, "normal").kind != "aggression"


@pytest.mark.parametrize("level", LEVELS)
def test_spoils_and_resignation_frames(level: str) -> None:
    """G-ASYNC-7 step 4: the attacker's spoils; G-RES-2: an AI seat never resigns."""
    s = full()
    armed(s, 0, 3, ["plunder_ii"])
    armed(s, 1, 1, [])
    arrange(s.players[1], blue={"agriculture_a": 3, "bronze_a": 3})
    s = play(s, 0, "aggression", card="plunder_ii", target=1)
    assert s.queue[0]["t"] == "spoils"
    assert legal(s, 0, level).kind == "plunder"
    r = play(full(), 0, "resign")
    assert legal(r, 0, level).kind == "back"


@pytest.mark.parametrize("level", LEVELS)
def test_war_over_technology_winner(level: str) -> None:
    """G-ASYNC-8: the winner's question is answered with a legal option."""
    s = full()
    s.players[1].techs.append("warfare_i")
    s.players[1].science = 4
    s.queue.insert(0, {"t": "tech_war", "seat": 0, "loser": 1, "left": 6})
    d = legal(s, 0, level)
    assert d.kind in ("steal", "science")


def test_deadline_passes() -> None:
    """G-ASYNC-19: a silent defender is done with the cards already picked; a silent
    resignation goes back; a silent War over Technology winner takes science."""
    s = defending(["rats_i", "foray_i"])
    assert T.pass_decision(s, 1).kind == "done"
    assert T.pass_decision(play(full(), 0, "resign"), 0).kind == "back"
    w = full()
    w.players[1].techs.append("warfare_i")
    w.queue.insert(0, {"t": "tech_war", "seat": 0, "loser": 1, "left": 6})
    assert T.pass_decision(w, 0).kind == "science"
