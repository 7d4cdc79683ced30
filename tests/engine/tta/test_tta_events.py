"""Every event of the tutorial decks (T-EVT-1..9, G-EVT-1/2; effects from cards.csv, G-EVT-3),
each revealed the real way: the current player (seat 0 of 3, all equally strong at first, so
the tie rule T-EVT-6 ranks seat 0 strongest and seat 2 weakest) prepares an event and the
tested card is the top current event. The preparer scores 1 culture for the prepared card."""

from __future__ import annotations

from collections.abc import Callable

import pytest

import engine.tta as T
from data.tta import CARDS, deck
from engine.tta.eventcards import EVENTS, ranked
from engine.tta.state import Player, State
from engine.tta.stats import civil_available, discontent, stats
from engine.tta.tokens import stored
from tests.engine.tta.tta_helpers import (
    answer,
    arrange,
    end_round_one,
    frame,
    game,
    play,
    refused,
    trigger,
)


def start(n: int = 3) -> State:
    return end_round_one(game(n, start=0))


def reveal(card: str, setup: Callable[[State], None] | None = None, n: int = 3
           ) -> tuple[State, State]:
    s = start(n)
    if setup:
        setup(s)
    return s, trigger(s, card)


def food(p: Player) -> int:
    return stored(p, "farm")


def res(p: Player) -> int:
    return stored(p, "mine")


def test_every_tutorial_event_has_an_effect() -> None:
    """G-EVT-3: each event of the Age A, I and II decks is written (and tested below)."""
    dealt = {c for age in ("A", "I", "II") for c in deck(age, "military", 4)
             if CARDS[c].kind == "event"}
    assert dealt == set(EVENTS)


def test_ranking_ties_go_to_the_current_player_then_turn_order() -> None:
    """T-EVT-6, G-EVT-1: equal strength — the current player is strongest, then clockwise."""
    s = start(4)
    order = ranked(s, 2, lambda p: stats(p).strength)
    assert [p.seat for p in order] == [2, 3, 0, 1]


# --- Age A (T-EVT-3) -------------------------------------------------------------------------

def test_development_of_agriculture_crafts_science_trade_routes() -> None:
    for card, check in [
        ("development_of_agriculture_a", lambda b, a: food(a) == food(b) + 2),
        ("development_of_crafts_a", lambda b, a: res(a) == res(b) + 2),
        ("development_of_science_a", lambda b, a: a.science == b.science + 2),
        ("development_of_trade_routes_a", lambda b, a: (food(a), res(a), a.science)
         == (food(b) + 1, res(b) + 1, b.science + 1)),
    ]:
        s, after = reveal(card)
        assert all(check(b, a) for b, a in zip(s.players, after.players, strict=True)), card
        assert after.past_events[-1] == card  # T-EVT-2, T-DISC-3


def test_development_of_civilization() -> None:
    """Each player in turn order may take one action 1 cheaper without a civil action
    (T-EVT-3/4): seat 0 increases population for 1 food less, seat 1 builds a mine for 1
    resource less, seat 2 declines."""
    s, after = reveal("development_of_civilization_a")
    assert frame(after)["seat"] == 0 and frame(after)["step"] == "civilization"
    p0 = after.players[0]
    after = answer(after, do="population")
    assert after.players[0].pool == p0.pool + 1
    assert food(after.players[0]) == food(p0) - 1  # 2 food (Y=18) less 1
    assert civil_available(after.players[0]) == civil_available(p0)
    assert frame(after)["seat"] == 1
    p1 = after.players[1]
    after = answer(after, do="build", card="bronze_a")
    assert after.players[1].workers["bronze_a"] == 3 and res(after.players[1]) == res(p1) - 1
    refused(after, 2, "choose", "T-EVT-4", do="build", card="warriors_a")
    after = answer(after, "pass")
    assert T.pending(after)[0].kind == "action" and T.pending(after)[0].seat == 0


def test_development_of_markets() -> None:
    s, after = reveal("development_of_markets_a")
    after = answer(after, gain="food")
    after = answer(after, gain="resources")
    refused(after, 2, "choose", "T-EVT-3", gain="gold")
    after = answer(after, gain="food")
    got = [(food(a) - food(b), res(a) - res(b)) for b, a in zip(s.players, after.players,
                                                                  strict=True)]
    assert got == [(2, 0), (0, 2), (2, 0)]


def test_development_of_politics() -> None:
    """Everyone draws 3 military cards of the current age (Age I)."""
    s, after = reveal("development_of_politics_a")
    assert [len(p.military) for p in after.players] == [3, 3, 3]
    assert len(after.military_deck["I"]) == len(s.military_deck["I"]) - 9


@pytest.mark.parametrize(("card", "tech"), [("development_of_religion_a", "religion_a"),
                                            ("development_of_warfare_a", "warriors_a")])
def test_free_builds(card: str, tech: str) -> None:
    """Religion: a free Age A temple; Warfare: a free Warriors — optional, no resources, no
    action (T-EVT-4); a player without an unused worker is not asked (G-EVT-2)."""
    def setup(s: State) -> None:
        p = s.players[2]
        p.pool, p.yellow_bank = 0, p.yellow_bank + 1
    s, after = reveal(card, setup)
    p0 = after.players[0]
    after = answer(after)
    assert after.players[0].workers.get(tech, 0) == p0.workers.get(tech, 0) + 1
    assert res(after.players[0]) == res(p0) and after.players[0].pool == 0
    after = answer(after, "pass")
    assert T.pending(after)[0].kind == "action"  # seat 2 had nothing to choose
    assert after.players[2].workers == s.players[2].workers


def test_development_of_settlement() -> None:
    s, after = reveal("development_of_settlement_a")
    for b, a in zip(s.players, after.players, strict=True):
        assert (a.pool, a.yellow_bank, food(a)) == (b.pool + 1, b.yellow_bank - 1, food(b))


# --- Age I -----------------------------------------------------------------------------------

def test_barbarians() -> None:
    """The culture leader loses a worker if among the two weakest: seat 2 (weakest) leads."""
    def setup(s: State) -> None:
        s.players[2].culture = 10
    s, after = reveal("barbarians_i", setup)
    assert (after.players[2].pool, after.players[2].yellow_bank) == (0, s.players[2].yellow_bank
                                                                      + 1)
    # seat 0 (the strongest) leading: nothing happens
    def lead(s: State) -> None:
        s.players[0].culture = 10
    s, after = reveal("barbarians_i", lead)
    assert [p.pool for p in after.players] == [p.pool for p in s.players]


def test_border_conflict() -> None:
    s, after = reveal("border_conflict_i")
    assert res(after.players[0]) == res(s.players[0]) + 3
    assert frame(after)["seat"] == 2 and frame(after)["step"] == "destroy"
    refused(after, 2, "choose", "T-EVT-5", card="warriors_a")  # a unit is no building
    after = answer(after, card="agriculture_a")
    assert after.players[2].workers["agriculture_a"] == 1 and after.players[2].pool == 2


def test_crusades() -> None:
    def setup(s: State) -> None:
        s.players[2].culture = 10
    s, after = reveal("crusades_i", setup)
    assert after.players[0].culture == s.players[0].culture + 1 + 4
    assert after.players[2].culture == 6


def test_cultural_influence_and_scientific_breakthrough() -> None:
    def setup(s: State) -> None:
        p = s.players[1]
        arrange(p, techs=["drama_i"], workers={**p.workers, "drama_i": 1})
    s, after = reveal("cultural_influence_i", setup)
    assert after.players[1].culture == stats(s.players[1]).culture == 2
    s, after = reveal("scientific_breakthrough_i")
    assert [a.science - b.science for b, a in zip(s.players, after.players, strict=True)] \
        == [1, 1, 1]


def test_foray() -> None:
    """The two strongest (seats 0, 1) take 3 food and resources in any mix."""
    s, after = reveal("foray_i")
    after = answer(after, food=3)
    refused(after, 1, "choose", "T-EVT-5", food=4)
    after = answer(after, food=1)
    assert (food(after.players[0]) - food(s.players[0]), res(after.players[0])
            - res(s.players[0])) == (3, 0)
    assert (food(after.players[1]) - food(s.players[1]), res(after.players[1])
            - res(s.players[1])) == (1, 2)
    assert after.players[2].blue == s.players[2].blue


def test_foray_with_two_players_is_the_stronger_only() -> None:
    """T-EVT-7."""
    s, after = reveal("foray_i", n=2)
    after = answer(after, food=0)
    assert T.pending(after)[0].kind == "action"
    assert res(after.players[0]) == res(s.players[0]) + 3


def test_good_harvest_and_new_deposits() -> None:
    """Production now, without corruption or consumption."""
    def setup(s: State) -> None:
        s.players[1].blue_bank = 3  # corruption 4 would bite
    s, after = reveal("good_harvest_i", setup)
    assert [food(a) - food(b) for b, a in zip(s.players, after.players, strict=True)] == \
        [2, 2, 2]
    s, after = reveal("new_deposits_i", setup)
    assert [res(a) - res(b) for b, a in zip(s.players, after.players, strict=True)] == \
        [2, 2, 2]


def test_immigration() -> None:
    """Only the players tied for the most happy faces grow (T-EVT-8: no tie-break)."""
    def setup(s: State) -> None:
        for seat in (1, 2):
            p = s.players[seat]
            arrange(p, workers={**p.workers, "religion_a": 1})
    s, after = reveal("immigration_i", setup)
    assert [a.pool - b.pool for b, a in zip(s.players, after.players, strict=True)] == [0, 1, 1]


def test_pestilence_takes_unused_workers_first_then_asks() -> None:
    def setup(s: State) -> None:
        p = s.players[1]
        p.pool, p.yellow_bank = 0, p.yellow_bank + 1
    s, after = reveal("pestilence_i", setup)
    assert after.players[0].pool == 0 and after.players[2].pool == 0
    assert frame(after)["seat"] == 1 and frame(after)["step"] == "lose_pop"
    after = answer(after, card="warriors_a")
    assert "warriors_a" not in after.players[1].workers
    assert after.players[1].yellow_bank == s.players[1].yellow_bank + 1


def test_raiders() -> None:
    """The two weakest (seats 1, 2) lose 2 food and resources combined, their mix."""
    s, after = reveal("raiders_i")
    assert frame(after)["seat"] == 1
    refused(after, 1, "choose", "T-EVT-5", food=3)
    after = answer(after, food=2)
    after = answer(after, food=0)
    assert food(after.players[1]) == food(s.players[1]) - 2
    assert res(after.players[2]) == res(s.players[2]) - 2
    assert after.players[0].blue == s.players[0].blue


def test_rats_and_prosperity() -> None:
    s, after = reveal("rats_i")
    assert [food(p) for p in after.players] == [0, 0, 0]
    assert [res(a) for a in after.players] == [res(b) for b in s.players]

    def temple(s: State) -> None:
        p = s.players[0]
        arrange(p, workers={**p.workers, "religion_a": 1})
    s, after = reveal("prosperity_ii", temple)
    assert [food(a) - food(b) for b, a in zip(s.players, after.players, strict=True)] == \
        [1, 0, 0]


def test_rebellion() -> None:
    """2 civil actions spent per discontent worker (seat 1: one discontent)."""
    def setup(s: State) -> None:
        arrange(s.players[1], yellow_bank=16)
    s, after = reveal("rebellion_i", setup)
    assert discontent(s.players[1]) == 1
    assert after.players[1].ca_spent == s.players[1].ca_spent + 2
    assert after.players[2].ca_spent == s.players[2].ca_spent


def test_reign_of_terror_and_uncertain_borders() -> None:
    s, after = reveal("reign_of_terror_i")
    assert after.players[2].pool == 0 and after.players[1].pool == 1
    s, after = reveal("uncertain_borders_i")
    assert after.players[0].yellow_bank == s.players[0].yellow_bank + 1
    assert after.players[2].yellow_bank == s.players[2].yellow_bank - 1


# --- Age II ----------------------------------------------------------------------------------

def test_civil_unrest() -> None:
    """-4 culture per discontent worker; the most discontent also return a blue token."""
    def setup(s: State) -> None:
        arrange(s.players[1], yellow_bank=16, culture=10)
        arrange(s.players[2], yellow_bank=12, culture=10)
    s, after = reveal("civil_unrest_ii", setup)
    assert (discontent(s.players[1]), discontent(s.players[2])) == (1, 2)
    assert (after.players[1].culture, after.players[2].culture) == (6, 2)
    assert after.players[2].blue_bank == s.players[2].blue_bank - 1
    assert after.players[1].blue_bank == s.players[1].blue_bank


def test_cold_war_and_crime_wave() -> None:
    s, after = reveal("cold_war_ii")
    assert [a.science - b.science for b, a in zip(s.players, after.players, strict=True)] == \
        [6, 6, 0]

    def setup(s: State) -> None:
        for p in s.players:
            p.culture = 5
    s, after = reveal("crime_wave_ii", setup)
    assert [p.culture for p in after.players] == [6, 2, 2]
    assert [b.blue_bank - a.blue_bank for b, a in zip(s.players, after.players,
                                                      strict=True)] == [0, 1, 1]


def test_economic_progress() -> None:
    def setup(s: State) -> None:
        arrange(s.players[0], yellow_bank=12)  # consumption 2
    s, after = reveal("economic_progress_ii", setup)
    p, q = s.players[0], after.players[0]
    assert food(q) == food(p) + 2 - 2 and res(q) == res(p) + 2
    assert after.players[0].science == s.players[0].science  # no points scored


def test_emigration() -> None:
    def setup(s: State) -> None:
        arrange(s.players[2], yellow_bank=12)  # 2 discontent
        s.players[2].pool = 3
    s, after = reveal("emigration_ii", setup)
    assert after.players[2].pool == 2 and after.players[2].yellow_bank == 13
    assert after.players[1].pool == s.players[1].pool


def test_iconoclasm() -> None:
    """A leader of a past age (here Age A, in Age I) leaves the game."""
    def setup(s: State) -> None:
        s.players[1].leader = "moses_a"
        s.players[2].leader = "michelangelo_i"
    s, after = reveal("iconoclasm_ii", setup)
    assert after.players[1].leader is None and "moses_a" in after.removed
    assert after.players[2].leader == "michelangelo_i"


def test_independence_declaration() -> None:
    """The weakest loses a colony of its choice; its permanent effect ends (T-COL-12)."""
    def setup(s: State) -> None:
        p = s.players[2]
        p.colonies = ["inhabited_territory_i", "historic_territory_i"]
        p.yellow_bank += 2
        p.yellow_box += 2
    s, after = reveal("independence_declaration_ii", setup)
    after = answer(after, card="inhabited_territory_i")
    q = after.players[2]
    assert q.colonies == ["historic_territory_i"] and q.yellow_bank == s.players[2].yellow_bank - 2


def test_international_agreement() -> None:
    """The strongest takes row cards worth up to 5 civil actions free, then the row refills and
    its next political action is lost."""
    def setup(s: State) -> None:
        s.row[5], s.row[10], s.row[12] = "rich_land_i", "reserves_i", "frugality_i"
    s, after = reveal("international_agreement_ii", setup)
    assert frame(after)["seat"] == 0
    hand = len(after.players[0].hand)
    civil = civil_available(after.players[0])
    after = answer(after, slot=12)  # 3 CA, 2 left
    refused(after, 0, "choose", "T-EVT-5", slot=10)  # 3 CA more than the 2 left
    after = answer(after, slot=5)  # 2 CA: the budget is spent, the phase goes on
    p = after.players[0]
    assert len(p.hand) == hand + 2 and civil_available(p) == civil
    assert p.skip_politics and all(c is not None for c in after.row[:11])
    p.military = ["crusades_i"]
    for seat in (0, 1, 2):
        after.players[1].military = []
        after.players[2].military = []
        while T.pending(after)[0].seat == seat:
            after = play(after, seat, "end") if T.pending(after)[0].kind == "action" else \
                play(after, seat, "discard", card=after.players[seat].military[0])
    assert T.pending(after)[0].kind == "action" and not after.players[0].skip_politics


def test_national_pride_and_popularization_of_science() -> None:
    def setup(s: State) -> None:
        s.players[1].culture = 9
    s, after = reveal("national_pride_ii", setup)
    assert after.players[1].culture == 14
    s, after = reveal("popularization_of_science_ii")
    assert [a.culture - b.culture for b, a in zip(s.players, after.players, strict=True)] == \
        [1 + 1, 1, 1]


def test_politics_of_strength() -> None:
    """The strongest draws 5; the weakest discards 3 of its choice, face down (sealed)."""
    def setup(s: State) -> None:
        s.players[2].military = ["foray_i", "rats_i", "legion_i", "crusades_i"]
    s, after = reveal("politics_of_strength_ii", setup)
    assert len(after.players[0].military) == 5
    assert T.pending(after)[0].kind == "discard" and T.pending(after)[0].seat == 2
    # the prompt counts the cards left to lose, not the hand limit's excess
    assert T.prompt_text(after, T.pending(after)[0]) == (
        "Discard 3 military cards of your choice, face down.")
    for card in ("foray_i", "rats_i", "legion_i"):
        after = play(after, 2, "discard", card=card)
    assert after.players[2].military == ["crusades_i"]
    assert T.pending(after)[0].kind == "action"


def test_politics_of_strength_in_the_final_age() -> None:
    """C-114, G-END-4: in the final age nobody draws; the strongest scores 5 culture and the
    weakest loses 3 (floor 0) instead, and nobody discards."""
    def setup(s: State) -> None:
        s.age = "III"
        s.players[2].military = ["foray_i", "rats_i", "legion_i", "crusades_i"]
        s.players[2].culture = 2
    s, after = reveal("politics_of_strength_ii", setup)
    # seat 0 is the strongest (ties to the current player); preparing the filler scores 1
    assert after.players[0].culture == s.players[0].culture + 1 + 5
    assert after.players[2].culture == 0
    assert len(after.players[0].military) == len(s.players[0].military)
    assert after.players[2].military == s.players[2].military
    assert T.pending(after)[0].kind != "discard"


def test_ravages_of_time() -> None:
    """A completed Age A/I wonder is flipped: its effect ends, 2 culture instead."""
    def setup(s: State) -> None:
        s.players[1].wonders = ["pyramids_a"]
    s, after = reveal("ravages_of_time_ii", setup)
    assert stats(s.players[1]).civil_actions == 5
    q = after.players[1]  # one old wonder: the choice is forced
    assert q.ruins == ["pyramids_a"] and q.wonders == []
    assert stats(q).civil_actions == 4 and stats(q).culture == stats(s.players[1]).culture + 2


def test_refugees() -> None:
    def setup(s: State) -> None:
        s.players[2].culture = 5
    s, after = reveal("refugees_ii", setup)
    assert after.players[0].culture == s.players[0].culture + 1 + 3
    assert after.players[0].pool == s.players[0].pool + 1
    assert (after.players[2].culture, after.players[2].pool) == (2, 0)


def test_terrorism() -> None:
    """The lowest culture (seat 2 by the tie rule) destroys one urban building of each rival:
    seat 0 has a lab and a temple (a choice), seat 1 only a lab (forced)."""
    def setup(s: State) -> None:
        p = s.players[0]
        arrange(p, workers={**p.workers, "religion_a": 1})
    s, after = reveal("terrorism_ii", setup)
    assert [frame(after)["seat"], frame(after)["target"]] == [2, 0]
    refused(after, 2, "choose", "T-EVT-5", card="bronze_a")
    after = answer(after, card="religion_a")
    assert "religion_a" not in after.players[0].workers
    assert after.players[0].pool == s.players[0].pool + 1
    assert "philosophy_a" not in after.players[1].workers
    assert after.players[2].workers == s.players[2].workers
