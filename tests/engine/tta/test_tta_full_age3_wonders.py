"""The Age III wonders' one-time culture (F-WOND-1/2, C-56…C-59, G-END-8): scored once when
the last stage is covered, from the state at that moment, however the stage was built; no
lasting symbols."""

from __future__ import annotations

import pytest

import engine.tta as T
from data.tta import CARDS
from engine.core import Decision
from engine.tta.digest import turn_parts
from engine.tta.state import State
from engine.tta.stats import stats
from engine.tta.text import event_text
from engine.tta.wonder_culture import (
    fast_food_chains,
    first_space_flight,
    hollywood,
    internet,
)
from tests.engine.tta.tta_helpers import actor, arrange, end_round_one, game, play


def almost(wonder: str, **fields: object) -> State:
    """Seat 0 to act in Age III, `wonder` one stage short of completion, resources to pay."""
    s = end_round_one(game(3, start=0))
    s.age = "III"
    arrange(actor(s), wonder=wonder, wonder_stages=len(CARDS[wonder].stages) - 1,
            blue_bank=16 - len(CARDS[wonder].stages) + 1, **fields)
    arrange(actor(s), blue={"bronze_a": 9})
    return s


def complete(s: State) -> tuple[State, int, list]:
    """Build the last stage; the culture scored and the events."""
    before = actor(s).culture
    s, events = T.apply(s, 0, Decision("wonder", {"stages": 1}))
    return s, s.players[0].culture - before, events


def test_fast_food_chains() -> None:
    """C-56: 2 per worker on farms and mines, 1 per worker on urban buildings and units; unused
    workers nothing. Start: 2 farm + 2 mine workers, Philosophy 1, Warriors 1 → 8 + 2 = 10."""
    s = almost("fast_food_chains_iii")
    assert actor(s).pool == 1
    s, points, events = complete(s)
    assert points == 10
    assert [e.args["culture"] for e in events if e.template == "tta.wonder_culture"] == [10]
    assert "fast_food_chains_iii" in actor(s).wonders


def test_first_space_flight() -> None:
    """C-57: the levels of every technology in play, once each, workers or not, the government
    too; cards in hand count nothing: Iron (1) + Computers (3) + Navigation (2) + Monarchy (1)
    = 7."""
    s = almost("first_space_flight_iii", techs=["iron_i", "computers_iii", "navigation_ii"],
               government="monarchy_i", hand=["oil_iii"])
    assert first_space_flight(actor(s)) == 7
    s, points, _ = complete(s)
    assert points == 7


def test_hollywood_with_chaplin() -> None:
    """C-58, G-END-8: twice the culture of theatres and libraries, the leader's part included:
    Drama 2 + Movies 4 + Printing Press 1 + Chaplin's best theatre 4 = 11 → 22."""
    s = almost("hollywood_iii", techs=["drama_i", "movies_iii", "printing_press_i"],
               workers={"agriculture_a": 2, "bronze_a": 2, "drama_i": 1, "movies_iii": 1,
                        "printing_press_i": 1},
               leader="charlie_chaplin_iii")
    s, points, _ = complete(s)
    assert points == 22


@pytest.mark.parametrize(("leader", "extra"), [("william_shakespeare_ii", 2),
                                               ("j_s_bach_ii", 1), (None, 0),
                                               ("sid_meier_iii", 0)])
def test_hollywood_leaders(leader: str | None, extra: int) -> None:
    """C-58: Shakespeare +2 per library-theatre pair, Bach +1 per theatre; Sid Meier's labs are
    no theatre or library. One Drama, one Printing Press: 2 × (3 + extra)."""
    s = almost("hollywood_iii", techs=["drama_i", "printing_press_i"],
               workers={"drama_i": 1, "printing_press_i": 1, "philosophy_a": 1},
               leader=leader)
    assert hollywood(actor(s)) == 2 * (3 + extra)


def test_internet_with_sid_meier() -> None:
    """C-59: culture + science + strength of every urban building, the leader's part included;
    happy faces do not count. Computers ×2 (10 science), Professional Sports (3 strength),
    Philosophy (1) = 14; Sid Meier +6 culture and −1 science per lab building (Philosophy is
    one: −3) → 17."""
    s = almost("internet_iii", techs=["computers_iii", "professional_sports_iii"],
               workers={"computers_iii": 2, "professional_sports_iii": 1, "philosophy_a": 1},
               leader="sid_meier_iii")
    s, points, _ = complete(s)
    assert points == 17


@pytest.mark.parametrize(("leader", "extra"), [("albert_einstein_iii", 3),
                                               ("isaac_newton_ii", 3), ("j_s_bach_ii", 1),
                                               ("william_shakespeare_ii", 2),
                                               ("charlie_chaplin_iii", 2),
                                               ("mahatma_gandhi_iii", 0)])
def test_internet_leaders(leader: str, extra: int) -> None:
    """C-59: Einstein and Newton + the best lab or library's level (Computers 3), Bach +1 per
    theatre, Shakespeare +2 per pair, Chaplin the best theatre's culture (Drama 2); Gandhi's
    own culture is no building's. Computers 5 + Drama 2 + Printing Press 2 = 9."""
    s = almost("internet_iii", techs=["computers_iii", "drama_i", "printing_press_i"],
               workers={"computers_iii": 1, "drama_i": 1, "printing_press_i": 1},
               leader=leader)
    assert internet(actor(s)) == 9 + extra


def test_completed_by_engineering_genius_and_once_only() -> None:
    """F-WOND-2: an action card covering the last stage completes it too; the culture is
    scored once and is no rating afterwards (no lasting symbols)."""
    s = almost("fast_food_chains_iii", hand=["engineering_genius_iii"])
    rating = stats(actor(s)).culture
    c = actor(s).culture
    s = play(s, 0, "play", card="engineering_genius_iii")
    p = actor(s)
    assert p.wonders == ["fast_food_chains_iii"] and p.culture == c + fast_food_chains(p)
    assert stats(p).culture == rating


def test_several_stages_at_once_with_engineering() -> None:
    """F-WOND-2, G-WOND-1: four stages for one civil action, the culture once at the end."""
    s = end_round_one(game(3, start=0))
    arrange(actor(s), techs=["engineering_iii", "iron_i"], wonder="first_space_flight_iii",
            hand=[])
    arrange(actor(s), blue={"bronze_a": 6, "iron_i": 5})  # 16 resources: 1 + 2 + 4 + 9
    c = actor(s).culture
    s, events = T.apply(s, 0, Decision("wonder", {"stages": 4}))
    p = actor(s)
    assert p.wonders == ["first_space_flight_iii"]
    assert p.culture == c + 3 + 1  # Engineering 3, Iron 1
    assert [e.template for e in events].count("tta.wonder_culture") == 1


def test_wonder_culture_event_text_in_every_language() -> None:
    """The event names the wonder and the points in en/cs/de/pl."""
    _, _, events = complete(almost("fast_food_chains_iii"))
    e = next(e for e in events if e.template == "tta.wonder_culture")
    for loc in ("en", "cs", "de", "pl"):
        text = event_text(e, ["A", "B", "C"], None, loc)
        assert text and "10" in text and "{" not in text


def test_wonder_culture_in_the_turn_digest() -> None:
    """The seat's turn in short names the one-time culture beside the completed wonder."""
    _, _, events = complete(almost("fast_food_chains_iii"))
    parts = turn_parts(events, 0, "en")
    assert any("+10" in part for part in parts), parts
