"""The full game's ages: the end of Age II starts Age III with its decks (F-AGE-1, T-ROW-5); the
end of Age III antiquates Age II and starts the card-less Age IV with its last round (F-AGE-2,
F-AGE-3, F-AGE-5..8); the global conflict variant (V-GLOBAL-1..3); the words for Age IV and the
global conflict in four languages. The tutorial's ages are tests/engine/tta/test_tta_row.py's."""

from __future__ import annotations

import pytest

import engine.tta as T
from data.i18n import LANGUAGES, t, use_language
from data.tta import CARDS
from engine.core import Event
from engine.tta import eventcards
from engine.tta import text as X
from engine.tta.draws import draw_cards
from engine.tta.modes import in_final_age
from engine.tta.row import refill
from engine.tta.state import State
from tests.engine.tta.tta_age_helpers import game_ending
from tests.engine.tta.tta_helpers import conserved, end_round_one

NAPOLEON = "napoleon_bonaparte_ii"  # +2 strength per unit type (an Age II leader)


def full(n: int = 3, seed: int = 2, **opts: object) -> State:
    """A full game at round 2, the starting player (seat 0) to act."""
    return end_round_one(T.new_game(n, seed, {"mode": "full", "start_player": 0, **opts}))


def at_end_of(s: State, age: str, left: int = 1, empty: int = 5) -> State:
    """The state just before a refill that deals the last `left` cards of `age`'s civil deck:
    the earlier decks used up, `empty` spaces on the left of the row empty."""
    s = s.clone()
    order = ("I", "II", "III")
    for old in order[:order.index(age)]:
        s.civil[old] = []
        s.military_deck[old] = []
    s.age = age
    s.civil[age] = s.civil[age][:left]
    s.row[:empty] = [None] * empty
    return s


def test_end_of_age_ii_starts_age_iii_and_fills_from_its_deck() -> None:
    """F-AGE-1, T-ROW-5: the last Age II card ends Age II at once; the spaces still empty are
    filled from the Age III civil deck in the same replenishment; Age I cards leave the hands;
    from then on military cards are drawn from the Age III deck. No last round yet."""
    s = at_end_of(full(), "II", left=1, empty=5)
    p = s.players[1]
    p.hand = ["iron_i", "oil_iii"]
    third = len(s.civil["III"])
    events: list[Event] = []
    refill(s, events)
    assert s.age == "III" and not in_final_age(s) and s.last_round is None
    assert None not in s.row and len(s.civil["III"]) == third - 4
    assert p.hand == ["oil_iii"]
    assert [e.args for e in events if e.template == "tta.age"] == [{"age": "III",
                                                                     "final": False}]
    drawn = draw_cards(s, p, 2, events)
    assert len(drawn) == 2 and all(CARDS[c].age == "III" for c in drawn)


def _antiquation_table(s: State) -> State:
    """Age II things in play and in hand, Age III things that stay (F-AGE-2, F-AGE-6)."""
    p0, p1 = s.players[0], s.players[1]
    p0.hand = ["republic_ii", "computers_iii"]
    p0.military = ["raid_ii", "raid_iii", "war_over_culture_iii"]
    p0.leader = NAPOLEON
    p1.wonder, p1.wonder_stages = "eiffel_tower_ii", 1
    p1.blue_bank -= 1
    s.pacts = [{"card": "scientific_cooperation_ii", "owner": 0, "partner": 1, "side": None},
               {"card": "peace_treaty_iii", "owner": 1, "partner": 2, "side": None}]
    s.wars = [{"card": "war_over_culture_iii", "attacker": 2, "defender": 0, "round": 2}]
    return s


def test_end_of_age_iii_antiquates_age_ii_and_starts_age_iv() -> None:
    """F-AGE-2: Age II cards leave the hands (civil and military), the Age II leader, the
    unfinished Age II wonder (its blue tokens back to the bank) and Age II pacts leave play
    (F-PACT-13: to their age's discard pile); every player loses 2 yellow tokens; Age IV
    begins with no decks. F-AGE-6: Age III military cards in hand, Age III pacts and declared
    wars stay. F-AGE-8: spaces still empty stay empty."""
    s = _antiquation_table(at_end_of(full(), "III", left=2, empty=5))
    yellow = [p.yellow_bank for p in s.players]
    blue = s.players[1].blue_bank
    events: list[Event] = []
    refill(s, events)
    p0, p1 = s.players[0], s.players[1]
    assert s.age == "IV" and in_final_age(s)
    assert s.row[:8] != [None] * 8 and s.row.count(None) == 3  # 2 dealt, 3 stay empty
    assert p0.hand == ["computers_iii"]
    assert p0.military == ["raid_iii", "war_over_culture_iii"]
    assert p0.leader is None and NAPOLEON in s.removed
    assert p1.wonder is None and p1.blue_bank == blue + 1
    assert [q["card"] for q in s.pacts] == ["peace_treaty_iii"]
    assert "scientific_cooperation_ii" in s.military_discard["II"]
    assert "raid_ii" in s.military_discard["II"]
    assert len(s.wars) == 1
    assert [p.yellow_bank for p in s.players] == [y - 2 for y in yellow]
    ended = [e.args for e in events if e.template == "tta.pact_ended"]
    assert ended == [{"card": "scientific_cooperation_ii", "owner": 0, "partner": 1,
                      "reason": "age"}]
    conserved(s)


@pytest.mark.parametrize(("turn", "extra"), [(0, 0), (1, 1), (2, 1)])
def test_the_last_round_of_age_iv(turn: int, extra: int) -> None:
    """F-AGE-3, G-END-1: if Age IV began in the starting player's turn, that round is the last;
    otherwise the next one. The event says so (F-AGE-5)."""
    s = at_end_of(full(), "III")
    s.turn = turn
    events: list[Event] = []
    refill(s, events)
    assert s.last_round == s.round + extra
    assert [e.args for e in events if e.template == "tta.age"] == [
        {"age": "IV", "final": True, "last_round": s.round + extra}]


def test_age_iv_deals_and_draws_nothing() -> None:
    """F-AGE-3, F-AGE-4, T-ROW-6: in Age IV the row is swept and slid but never refilled, and
    no military card is drawn."""
    s = at_end_of(full(), "III")
    refill(s, [])
    s.row[0] = None
    before = [c for c in s.row if c is not None]
    refill(s, [])
    assert s.row[:len(before)] == before and s.row[len(before):] == [None] * (13 - len(before))
    assert draw_cards(s, s.players[0], 3, []) == []


def test_a_full_game_ends_after_the_last_round_of_age_iv() -> None:
    """F-END-1: the game ends when the player right of the starting player finishes his turn in
    the last round; then the full game's final scoring (not the tutorial's) is the result."""
    s = game_ending("III", 3, start=0)  # Age IV began in the starting player's turn
    assert s.age == "IV" and s.last_round == s.round
    turns = []
    while s.result is None:
        seat = T.pending(s)[0].seat
        if s.queue[0]["t"] == "action":
            turns.append(seat)
        s, _ = T.apply(s, seat, T.options(s, seat)[-1])
    assert turns == [0, 1, 2] and T.pending(s) == []  # seat 2 sits right of the start
    assert "before" in s.result and "technologies" not in s.result["breakdown"][0]


# --- the global conflict (V-GLOBAL) ------------------------------------------------------------

@pytest.mark.parametrize("age", ["I", "II", "III"])
def test_global_conflict_at_the_ends_of_ages_i_ii_and_iii(age: str) -> None:
    """V-GLOBAL-1/3: whenever Age I, II or III ends, every remaining player scores his strength
    minus the weakest's (the weakest scores 0); a public event names every award."""
    s = at_end_of(full(global_conflict=True), age)
    s.players[0].workers["warriors_a"] = 3
    s.players[0].yellow_bank -= 2
    s.players[1].workers["warriors_a"] = 2
    s.players[1].yellow_bank -= 1
    culture = [p.culture for p in s.players]
    events: list[Event] = []
    refill(s, events)
    assert [p.culture - c for p, c in zip(s.players, culture, strict=True)] == [2, 1, 0]
    assert [e.args for e in events if e.template == "tta.global_conflict"] == [
        {"age": age, "awards": [[0, 2], [1, 1], [2, 0]]}]
    conserved(s)


def test_global_conflict_comes_before_the_antiquation() -> None:
    """V-GLOBAL-2, F-AGE-8: the strengths are those before the antiquation steps — an Age II
    leader still counts at the end of Age III (Napoleon: +2 per unit type)."""
    s = at_end_of(full(global_conflict=True), "III")
    s.players[0].leader = NAPOLEON
    events: list[Event] = []
    refill(s, events)
    assert s.players[0].leader is None
    templates = [e.template for e in events]
    assert templates.index("tta.global_conflict") < templates.index("tta.age")
    assert [e.args["awards"] for e in events if e.template == "tta.global_conflict"] == [
        [[0, 2], [1, 0], [2, 0]]]


def test_no_global_conflict_when_off_or_at_the_end_of_age_a() -> None:
    """V-GLOBAL-3: never at the end of Age A; never without the option."""
    s = full(global_conflict=True)  # round 2's first refill ended Age A
    assert s.age == "I" and all(p.culture == 0 for p in s.players)
    plain = at_end_of(full(), "II")
    plain.players[0].workers["warriors_a"] = 2
    plain.players[0].pool -= 1
    events: list[Event] = []
    refill(plain, events)
    assert plain.age == "III"
    assert not [e for e in events if e.template == "tta.global_conflict"]
    assert all(p.culture == 0 for p in plain.players)


def test_tutorial_global_conflict_at_the_ends_of_ages_i_and_ii() -> None:
    """V-GLOBAL-3: in the tutorial, at the ends of Ages I and II (its card-less Age III never
    ends); with an Age A leader counted before it leaves (Julius Caesar: +1 strength)."""
    s = end_round_one(T.new_game(3, 2, {"start_player": 0, "global_conflict": True}))
    s = at_end_of(s, "I")
    s.players[2].leader = "julius_caesar_a"
    events: list[Event] = []
    refill(s, events)
    assert s.age == "II" and s.players[2].leader is None
    assert [p.culture for p in s.players] == [0, 0, 1]
    s = at_end_of(s, "II")
    refill(s, events)
    assert s.age == "III" and in_final_age(s)
    assert len([e for e in events if e.template == "tta.global_conflict"]) == 2


# --- words ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGUAGES)
def test_age_iv_and_global_conflict_words(lang: str) -> None:
    """The log says Age IV begins and which round is the last (F-AGE-3); the heads say "Age IV"
    and "final round"; the global conflict's awards are named; in every language."""
    names = ["Ann", "Bob", "Cid"]
    age = Event("tta.age", {"age": "IV", "final": True, "last_round": 9})
    line = X.event_text(age, names, None, lang)
    assert line == t("tta.event.age_final_iv", lang, last_round=9) and "9" in line
    third = X.event_text(Event("tta.age", {"age": "III", "final": False}), names, None, lang)
    assert third == t("tta.event.age", lang, age="III")
    conflict = Event("tta.global_conflict", {"age": "II", "awards": [[0, 2], [1, 0], [2, 5]]})
    words = X.event_text(conflict, names, None, lang)
    assert words is not None and all(name in words for name in names) and "+5" in words
    s = at_end_of(full(), "III")
    s.turn = 1
    refill(s, [])
    with use_language(lang):
        v = T.view(s, None)
        assert X.post_head(v) == t("tta.post.head_iv_before_final", round=s.round,
                                   last=s.round + 1)
        assert "IV" in X.post_head(v) and "IV" in X.status_head(v)
        s.round += 1
        v = T.view(s, None)
        assert X.post_head(v) == t("tta.post.head_iv_final", round=s.round)
    for key in ("tta.event.age_final_iv", "tta.post.head_iv_final",
                "tta.post.head_iv_before_final", "tta.event.global_conflict"):
        assert t(key, lang) != key and (lang == "en" or t(key, lang) != t(key, "en"))


# --- Age II events in the full game's later ages (§5.14) -----------------------------------------

def test_politics_of_strength_draws_in_age_iii_and_scores_in_age_iv() -> None:
    """C-114, G-END-4, F-AGE-4: in Age III the strongest draws military cards (from the Age III
    deck); in the final age, Age IV, he scores 5 culture and the weakest loses 3 instead."""
    s = at_end_of(full(), "II")
    refill(s, [])
    s.players[1].workers["warriors_a"] = 2
    s.players[1].yellow_bank -= 1
    eventcards.resolve(s, 0, "politics_of_strength_ii", [])
    assert len(s.players[1].military) == 5
    assert all(CARDS[c].age == "III" for c in s.players[1].military)
    s = at_end_of(full(), "III")
    refill(s, [])
    s.players[1].workers["warriors_a"] = 2
    s.players[1].yellow_bank -= 1
    s.players[0].culture = 10
    eventcards.resolve(s, 0, "politics_of_strength_ii", [])
    assert s.players[1].military == [] and s.players[1].culture == 5
    assert s.players[2].culture == 0 and s.players[0].culture == 10  # seat 2 is the weakest


def test_iconoclasm_in_age_iv_removes_every_leader() -> None:
    """C-116: a leader not of the current age leaves the game — in Age IV every leader; in Age
    III an Age III leader stays."""
    s = at_end_of(full(), "II")
    refill(s, [])
    s.players[0].leader = "bill_gates_iii"
    s.players[1].leader = NAPOLEON
    eventcards.resolve(s, 0, "iconoclasm_ii", [])
    assert s.players[0].leader == "bill_gates_iii" and s.players[1].leader is None
    s = at_end_of(s, "III")
    refill(s, [])
    assert s.age == "IV"
    eventcards.resolve(s, 0, "iconoclasm_ii", [])
    assert s.players[0].leader is None
