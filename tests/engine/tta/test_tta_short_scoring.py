"""The shorter game's final scoring (shared/rules/through-the-ages.md §4.1, V-SHORT-7/13,
G-VAR-2/6, C-87, F-END-5, G-END-6, G-ASYNC-15): 6 culture per completed Age II wonder, the 3
public events, every remaining player's kept event (Impact of Technology counting Age II
technologies), summed and floored once; ties with the starting player as the current player;
a resigned player's events unscored; the game-over text reveals the kept events."""

from __future__ import annotations

from tta_full_helpers import warriors
from tta_helpers import open_politics, play
from tta_short_helpers import keep_all, short, to_keep

import engine.tta as T
from data.i18n import t
from engine.core import Event
from engine.tta.cardtext import card_name
from engine.tta.impacts import awards
from engine.tta.scoring import final_scoring
from engine.tta.state import State
from engine.tta.stats import stats

PUBLIC = ["impact_of_colonies_iii", "impact_of_technology_iii", "impact_of_strength_iii"]
KEPT = ["impact_of_wonders_iii", "impact_of_progress_iii", "impact_of_population_iii"]


def worked() -> State:
    """V-SHORT-13 worked example. Three players, starting player seat 1; seat 2 has resigned
    (his kept Impact of Population leaves unscored, G-VAR-6).
    Seat 0: St. Peter's Basilica (I) and the Eiffel Tower (II) completed, Republic (II) with
    Coal and Journalism (II), one colony, strength 2, culture 10.
    Seat 1: Coal (II), two colonies, strength 2, culture 20."""
    s = short(3, start=1).clone()
    s.short["public"] = list(PUBLIC)
    s.short["kept"] = list(KEPT)
    s.short["dealt"] = [[c] for c in KEPT]
    a, b, c = s.players
    a.wonders = ["st_peters_basilica_i", "eiffel_tower_ii"]
    a.government = "republic_ii"
    a.techs += ["coal_ii", "journalism_ii"]
    a.colonies = ["vast_territory_i"]
    a.culture = 10
    b.techs += ["coal_ii"]
    b.colonies = ["vast_territory_i", "historic_territory_i"]
    b.culture = 20
    for p in (a, b):
        warriors(p, 2)
    c.resigned, c.culture = True, 30
    return s


def test_worked_example() -> None:
    """Seat 0: Eiffel Tower 6 (V-SHORT-13 step 1); Impact of Colonies 3; Impact of Technology
    4 x 3 Age II technology cards (the government counts, C-87) = 12; Impact of Strength 0
    (tied at 2 with seat 1, who as the starting player is the current player and wins the tie,
    F-END-5; 2 remaining players: 10/0); Impact of Wonders 4 + 3 = 7 (C-89); Impact of
    Progress 2 x Republic's level 2 = 4 (C-84): +32 -> 42.
    Seat 1: Impact of Colonies 6; Impact of Technology 4; Impact of Strength 10; Impact of
    Wonders 0; Impact of Progress 0: +20 -> 40. Seat 0 wins; seat 2 resigned, unscored."""
    s = worked()
    assert stats(s.players[0]).strength == stats(s.players[1]).strength
    res = final_scoring(s)
    assert res["breakdown"][0] == {"eiffel_tower_ii": 6, "impact_of_colonies_iii": 3,
                                   "impact_of_technology_iii": 12, "impact_of_strength_iii": 0,
                                   "impact_of_wonders_iii": 7, "impact_of_progress_iii": 4}
    assert res["breakdown"][1] == {"impact_of_colonies_iii": 6, "impact_of_technology_iii": 4,
                                   "impact_of_strength_iii": 10, "impact_of_wonders_iii": 0,
                                   "impact_of_progress_iii": 0}
    assert res["breakdown"][2] == {}
    assert res["scores"] == [42, 40, 30] and res["before"] == [10, 20, 30]
    assert res["winners"] == [0] and res["ranking"] == [0, 1, 2]
    assert res["kept"] == ["impact_of_wonders_iii", "impact_of_progress_iii", None]
    assert res["public_events"] == PUBLIC
    assert "impact_of_population_iii" not in res["revealed"]


def test_events_left_in_the_event_decks_score_nothing() -> None:
    """V-SHORT-13: the events decks (Ages A-II) score nothing; no tutorial list either."""
    s = worked()
    s.events = ["impact_of_balance_iii"]  # (never there in a real game: the rule still holds)
    s.future_events = ["rats_i"]
    res = final_scoring(s)
    assert "impact_of_balance_iii" not in res["breakdown"][0]
    assert not {"technologies", "production", "science"} & set(res["breakdown"][0])


def test_the_awards_are_floored_once() -> None:
    """V-SHORT-13, G-END-6: the sum of the awards is added and the total floored at 0 once (a
    negative Impact of Happiness)."""
    s = worked()
    s.short["public"] = ["impact_of_happiness_iii", "impact_of_balance_iii",
                         "impact_of_agriculture_iii"]
    p = s.players[1]
    p.culture = 0
    res = final_scoring(s)
    total = sum(v for k, v in res["breakdown"][1].items() if k != "floor")
    assert res["scores"][1] == max(total, 0)
    assert res["breakdown"][1].get("floor", 0) == max(-total, 0)


def test_impact_of_technology_reads_age_ii_in_the_shorter_game() -> None:
    """C-87: 4 per Age II technology card in the shorter game (Age III in the full game)."""
    s = worked()
    assert awards(s, "impact_of_technology_iii", 1)[0] == 12
    s.options["mode"] = "full"
    assert awards(s, "impact_of_technology_iii", 1)[0] == 0


def test_game_over_text_reveals_the_kept_events() -> None:
    """G-ASYNC-15: the public breakdown names the public events, each remaining player's kept
    event and each card's award; the resigned player's event stays unseen."""
    s = worked()
    res = final_scoring(s)
    args = {k: res[k] for k in ("scores", "winners", "before", "breakdown", "resigned_seats",
                                "revealed", "public_events", "kept")}
    text = T.event_text(Event("tta.game_over", args), ["Ann", "Bob", "Cid"], None)
    assert "Public events: Impact of Colonies, Impact of Technology, Impact of Strength" in text
    assert "Event kept by Ann: Impact of Wonders" in text
    assert "Event kept by Bob: Impact of Progress" in text
    assert "Impact of Population" not in text
    assert "Eiffel Tower +6" in text
    for lang in ("cs", "de", "pl"):
        words = T.event_text(Event("tta.game_over", args), ["Ann", "Bob", "Cid"], None, lang)
        kept = t("tta.over.kept", lang, name="Ann",
                 card=card_name("impact_of_wonders_iii", lang))
        assert kept in words and kept != t("tta.over.kept", "en", name="Ann",
                                           card=card_name("impact_of_wonders_iii", "en"))


def test_a_resigning_players_events_leave_unscored() -> None:
    """G-VAR-6, F-RES-3: a player who resigns after the end of Age I takes his kept event out
    of the game: the final scoring neither scores nor reveals it."""
    s = open_politics(keep_all(to_keep(3)))
    seat = T.pending(s)[0].seat
    gone = s.short["kept"][seat]
    s = play(play(s, seat, "resign"), seat, "resign_confirm")
    assert s.players[seat].resigned
    res = final_scoring(s.clone())
    assert res["kept"][seat] is None and gone not in res["revealed"]
    assert res["breakdown"][seat] == {}
    others = [q for q in range(3) if q != seat]
    assert all(s.short["kept"][q] in res["breakdown"][q] for q in others)
