"""The full game's final scoring (F-END-1..10, G-END-6, C-52 Bill Gates' end-of-game culture,
F-RES-9 resigned players last, G-ASYNC-15 the public breakdown in four languages)."""

from __future__ import annotations

import pytest

import engine.tta as T
from data.i18n import LANGUAGES, t, use_language
from engine.core import Event
from engine.tta import text as X
from engine.tta.cardtext import card_name
from engine.tta.scoring import final_scoring
from engine.tta.state import State
from tests.engine.tta.tta_age_helpers import game_ending
from tests.engine.tta.tta_helpers import arrange

NAMES = ["P1", "P2", "P3"]


def last_round(start: int) -> State:
    """A 3-player full game whose Age IV began in the starting player's turn of round 2, the
    last round (F-AGE-3), at his first decision; the events decks emptied; no culture rating
    anywhere (production adds no culture)."""
    s = game_ending("III", NAMES, 7, start)
    assert s.age == "IV" and s.last_round == s.round
    s.events, s.future_events = [], []
    return s


def finish(s: State) -> State:
    """Every remaining turn ends without an action (each seat's last option is "end")."""
    while s.result is None:
        seat = T.pending(s)[0].seat
        s, _ = T.apply(s, seat, T.options(s, seat)[-1])
    return s


def test_worked_example_f_end_10() -> None:
    """F-END-10: three players, starting player P2; P1's last turn ends the game. The future
    events deck holds Impact of Colonies and Crusades (Age I). P1 has 2 colonies, P2 none, P3
    one: P1 +6, P3 +3; Crusades does nothing. Culture before 80 / 86 / 83 → 86 / 86 / 86:
    three winners."""
    s = last_round(start=1)
    p1, p2, p3 = s.players
    p1.colonies = ["strategic_territory_i", "strategic_territory_ii"]
    p3.colonies = ["strategic_territory_i"]
    s.future_events = ["impact_of_colonies_iii", "crusades_i"]
    p1.culture, p2.culture, p3.culture = 80, 86, 83
    s = finish(s)
    assert s.turn == 0  # P1's turn was the last (F-END-1)
    res = s.result
    assert res["before"] == [80, 86, 83]
    assert res["breakdown"] == [{"impact_of_colonies_iii": 6}, {"impact_of_colonies_iii": 0},
                                {"impact_of_colonies_iii": 3}]
    assert res["scores"] == [86, 86, 86] and res["winners"] == [0, 1, 2]
    assert res["revealed"] == ["impact_of_colonies_iii", "crusades_i"]


def test_only_the_events_decks_score_and_the_starting_player_wins_ties() -> None:
    """F-END-7 step 1: every Age III event in the current and the future events deck; events
    in the past events pile or in hands score nothing. F-END-5: the starting player counts as
    the current player for ranking ties (science ratings all equal: the starting player 14,
    then the next in turn order 7)."""
    s = last_round(start=2)
    s.events = ["impact_of_science_iii"]
    s.past_events.append("impact_of_colonies_iii")
    s.players[0].military = ["impact_of_wonders_iii"]
    s.players[0].colonies = ["strategic_territory_i"]
    s.players[0].wonders = ["great_wall_i"]
    res = final_scoring(s)
    assert res["breakdown"] == [{"impact_of_science_iii": 7}, {"impact_of_science_iii": 0},
                                {"impact_of_science_iii": 14}]


def test_bill_gates_scores_his_labs_at_the_end() -> None:
    """C-52, F-END-7 step 2: the owner of Bill Gates scores the sum of his labs' levels (each
    lab building: two Alchemy 1 + Computers 3 + the Age A lab 0 = 5), after the events."""
    s = last_round(start=0)
    p = s.players[1]
    arrange(p, techs=["alchemy_i", "computers_iii"],
            workers={**p.workers, "alchemy_i": 2, "computers_iii": 1}, pool=0)
    p.leader = "bill_gates_iii"
    res = final_scoring(s)
    assert res["breakdown"][1] == {"bill_gates_iii": 5}
    assert res["scores"][1] == 5 and res["winners"] == [1]


def test_the_floor_at_zero_is_applied_once_at_the_end() -> None:
    """G-END-6, F-END-7 step 3: all awards are summed, added to culture, and floored once: 3
    culture, Impact of Happiness −4 and Impact of Colonies +3 give 2 (a floor after each card
    would give 3); alone, −4 on 3 culture gives 0 and the breakdown shows the floor."""
    s = last_round(start=0)
    p = s.players[0]
    arrange(p, workers={**p.workers, "religion_a": 3}, yellow_bank=0)
    p.culture = 3
    p.colonies = ["strategic_territory_i"]
    s.future_events = ["impact_of_happiness_iii", "impact_of_colonies_iii"]
    assert final_scoring(s.clone())["scores"][0] == 2
    s.future_events = ["impact_of_happiness_iii"]
    res = final_scoring(s)
    assert res["scores"][0] == 0 and res["breakdown"][0] == {"impact_of_happiness_iii": -4,
                                                            "floor": 1}


def test_resigned_players_rank_last_and_are_not_scored() -> None:
    """F-RES-9, F-GEN-2: a resigned player is not scored nor compared; he ranks below every
    remaining player whatever his culture."""
    s = last_round(start=0)
    s.players[0].culture = 50
    s.players[0].resigned = True
    s.resignations = [0]
    s.players[0].colonies = ["strategic_territory_i"]
    s.players[1].culture, s.players[2].culture = 10, 20
    s.future_events = ["impact_of_colonies_iii"]
    res = final_scoring(s)
    assert res["winners"] == [2] and res["ranking"] == [2, 1, 0] and res["resigned_seats"] == [0]
    assert res["breakdown"][0] == {} and res["scores"][0] == 50
    lines = X.result_lines(res, NAMES)
    assert lines[-1] == t("tta.over.resigned_line", place=3, name="P1")


def test_a_later_resigner_ranks_above_an_earlier_one() -> None:
    """F-RES-9: among resigned players the later resigner ranks higher, whatever the seats."""
    s = T.new_game(4, 6, {"mode": "full", "start_player": 0})
    for seat in (1, 3):
        s.players[seat].resigned = True
    s.resignations = [3, 1]  # seat 3 resigned first
    s.players[0].culture, s.players[2].culture = 5, 9
    res = final_scoring(s)
    assert res["ranking"] == [2, 0, 1, 3] and res["resigned_seats"] == [1, 3]


def test_the_tutorial_scoring_is_not_used() -> None:
    """F-END-1: the tutorial's list (technologies, ratings, production …) scores nothing in the
    full game."""
    s = last_round(start=0)
    res = final_scoring(s)
    assert res["breakdown"] == [{}, {}, {}] and res["scores"] == [p.culture for p in s.players]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_breakdown_is_public_in_four_languages(lang: str) -> None:
    """G-ASYNC-15: the game-over event shows, per player, the culture before, each card's
    award and the total; the result lines name the cards."""
    s = last_round(start=1)
    s.players[0].colonies = ["strategic_territory_i", "strategic_territory_ii"]
    s.future_events = ["impact_of_colonies_iii"]
    s.players[1].culture = 3
    s = finish(s)
    over = [Event("tta.game_over", {k: s.result[k] for k in (
        "scores", "winners", "before", "breakdown", "resigned_seats", "revealed")})]
    text = X.event_text(over[0], NAMES, None, lang)
    assert text is not None
    lines = text.split("\n")
    assert len(lines) == 5
    colonies = card_name("impact_of_colonies_iii", lang)
    assert lines[1] == t("tta.over.revealed", lang, cards=colonies)
    assert colonies in lines[2] and "+6" in lines[2] and "P1" in lines[2]
    assert lines[3] == t("tta.over.full_line", lang, name="P2", before=3,
                         added=t("tta.text.none", lang), score=3)  # (an award of 0 unsaid)
    with use_language(lang):
        result = X.result_lines(s.result, NAMES)
    assert result[0].startswith("1. P1") and colonies in result[0]
    assert t("tta.over.full_line", lang) != t("tta.over.full_line", "en") or lang == "en"
