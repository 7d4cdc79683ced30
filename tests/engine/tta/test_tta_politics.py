"""The politics phase of the tutorial (T-POL-1..6, T-EVT-1, T-DISC-3): preparing events, the
current and future events decks, what is secret; the political leaders (Alexander the Great,
Christopher Columbus, Julius Caesar, Joan of Arc)."""

from __future__ import annotations

import json

import engine.tta as T
from data.tta import CARDS
from engine.core import Decision
from tests.engine.tta.tta_helpers import (
    FILLER,
    actor,
    arrange,
    end_round_one,
    fingerprint,
    game,
    open_politics,
    play,
    refused,
)


def at_politics(cards: list[str], n: int = 3):
    s = end_round_one(game(n, start=0))
    arrange(actor(s), military=list(cards))
    return open_politics(s)


def test_the_turn_opens_a_politics_phase_with_a_political_card() -> None:
    """T-TURN-1 step 3 (round 2 on): a player holding an event or territory decides first; a
    player without one goes straight to the action phase (the phase lapses)."""
    s = end_round_one(game(3, start=0))
    assert T.pending(s)[0].kind == "action"
    s.players[1].military = ["crusades_i"]
    s = play(s, 0, "end")
    assert T.pending(s)[0].kind == "politics" and T.pending(s)[0].seat == 1
    kinds = {d.kind for d in T.options(s, 1)}
    assert kinds == {"prepare", "done"}
    s = play(s, 1, "done")
    assert T.pending(s)[0].kind == "action"


def test_no_politics_in_round_one() -> None:
    """T-TURN-2: round 1 has no politics phase even with a political card in hand."""
    s = game(3, start=0)
    s.players[1].military = ["crusades_i"]
    s = play(s, 0, "end")
    assert T.pending(s)[0].kind == "action"


def test_prepare_an_event() -> None:
    """T-POL-3: the card goes face down on the future deck, culture = its age level, the top
    current event is revealed and resolved at once, then the action phase."""
    s = at_politics(["crusades_i", "cold_war_ii"])
    p = actor(s)
    top = s.events[-1]
    count = len(s.events)
    after = play(s, p.seat, "prepare", card="cold_war_ii")
    q = after.players[p.seat]
    assert after.future_events == ["cold_war_ii"] and q.military == ["crusades_i"]
    assert q.culture >= 2  # +2 for an Age II card (and whatever the revealed event gave)
    assert len(after.events) == count - 1 and after.past_events[-1] == top
    assert T.reveals(s, after, (p.seat + 1) % 3)
    assert T.sealed(s, p.seat, Decision("prepare", {"card": "cold_war_ii"}))


def test_prepare_scores_the_age_level() -> None:
    """T-POL-3 step 3: Age I card, 1 culture (the revealed Age A event is Development of
    Science, which gives no culture)."""
    s = at_politics(["crusades_i"])
    s.events.append("development_of_science_a")
    p = actor(s)
    after = play(s, p.seat, "prepare", card="crusades_i")
    assert after.players[p.seat].culture == p.culture + 1
    assert after.players[p.seat].science == p.science + 2


def test_one_political_action_only() -> None:
    """T-POL-1: at most one; the second card stays in hand and the action phase follows."""
    s = at_politics(["crusades_i", "raiders_i"])
    s.events.append("development_of_science_a")
    after = play(s, actor(s).seat, "prepare", card="crusades_i")
    assert T.pending(after)[0].kind == "action"
    assert "raiders_i" in after.players[actor(s).seat].military


def test_refusals() -> None:
    """T-POL-2: only an event or territory from hand; T-POL-1: the leaders' political actions
    need the leader; nothing changes on a refusal."""
    s = at_politics(["crusades_i", "fighting_band_i"])
    seat = actor(s).seat
    refused(s, seat, "prepare", "T-POL-2", card="fighting_band_i")
    refused(s, seat, "prepare", "T-POL-2", card="cold_war_ii")
    refused(s, seat, "alexander", "T-POL-1")
    refused(s, seat, "columbus", "T-POL-1", card="crusades_i")
    refused(s, seat, "prepare", "T-ACT-5", card="nonsense")


def test_an_action_ends_the_politics_phase() -> None:
    """T-POL-1: the phase is optional; an action-phase decision skips it."""
    s = at_politics(["crusades_i"])
    seat = actor(s).seat
    after = play(s, seat, "population")
    assert T.pending(after)[0].kind == "action" and after.players[seat].pool == 2
    assert after.players[seat].military == ["crusades_i"]


def test_the_future_deck_becomes_the_current_deck_sorted_by_age() -> None:
    """T-POL-4, G-EVT-4: after the last current event is resolved, the future deck is
    shuffled and sorted oldest first on top (the list's end); the future space empties."""
    s = at_politics(["crusades_i"])
    s.events = ["development_of_science_a"]
    s.future_events = ["cold_war_ii", "rats_i", "national_pride_ii", "foray_i"]
    after = play(s, actor(s).seat, "prepare", card="crusades_i")
    assert after.future_events == []
    assert sorted(after.events) == sorted(["cold_war_ii", "rats_i", "national_pride_ii",
                                           "foray_i", "crusades_i"])
    levels = [CARDS[c].level for c in after.events]
    assert levels == sorted(levels, reverse=True)  # Age I on top (last), Age II below
    assert T.reveals(s, after, 1)


def test_the_view_hides_the_events() -> None:
    """T-POL-5: others see counts by age only, never the prepared card."""
    s = at_politics(["crusades_i"])
    s.events.append("development_of_science_a")
    seat = actor(s).seat
    after = play(s, seat, "prepare", card="crusades_i")
    other = T.view(after, (seat + 1) % 3)
    assert "crusades_i" not in json.dumps(other)
    assert other["future_event_ages"] == {"I": 1}
    assert other["event_ages"] == {"A": len(after.events)}


def test_alexander_the_great() -> None:
    """Alexander: +1 strength per unit (not colonisation: colonize.force counts units only);
    political action: discard him for one yellow token from the box."""
    s = at_politics([])
    p = actor(s)
    base = T.view(s, None)["players"][p.seat]["strength"]
    arrange(p, leader="alexander_the_great_a")
    assert T.view(s, None)["players"][p.seat]["strength"] == base + 1  # one Warriors
    s = open_politics(s)  # the turn would open it for Alexander too
    after = play(s, p.seat, "alexander")
    q = after.players[p.seat]
    assert q.leader is None and "alexander_the_great_a" in after.removed
    assert (q.yellow_bank, q.yellow_box) == (p.yellow_bank + 1, p.yellow_box + 1)


def test_christopher_columbus() -> None:
    """Columbus: political action — discard him, colonise a territory from hand without an
    auction or a sacrifice (permanent effect, then the immediate one)."""
    s = at_politics(["wealthy_territory_i"])
    p = actor(s)
    arrange(p, leader="christopher_columbus_i")
    seat = p.seat
    units = dict(p.workers)
    after = play(s, seat, "columbus", card="wealthy_territory_i")
    q = after.players[seat]
    assert q.colonies == ["wealthy_territory_i"] and q.leader is None
    assert q.workers == units and q.blue_box == p.blue_box + 3
    assert T.pending(after)[0].kind == "action"


def test_julius_caesar_second_political_action_once_per_game() -> None:
    """Julius Caesar: +1 strength, +1 MA (symbols); once per game a second political action
    right after the first."""
    s = at_politics(["crusades_i", "raiders_i", "foray_i"])
    p = actor(s)
    arrange(p, leader="julius_caesar_a")
    s.events.extend(["development_of_science_a"] * 3)
    seat = p.seat
    s = play(s, seat, "prepare", card="crusades_i")
    assert T.pending(s)[0].kind == "politics"
    s = play(s, seat, "prepare", card="raiders_i")
    assert T.pending(s)[0].kind == "action"
    assert "julius_caesar_a" in s.players[seat].once
    s.queue.insert(0, {"t": "politics", "seat": seat, "done": 0})
    s = play(s, seat, "prepare", card="foray_i")
    assert T.pending(s)[0].kind == "action"  # no second action a second time


def test_joan_of_arc_looks_at_the_top_event() -> None:
    """Joan of Arc: +1 strength per happy face of own temples and government; at the start of
    the politics phase she sees the top current event (privately)."""
    s = end_round_one(game(3, start=0))
    q = s.players[1]
    arrange(q, leader="joan_of_arc_i", workers={**q.workers, "religion_a": 1})
    assert T.view(s, None)["players"][1]["strength"] == 1 + 1  # warriors + one temple face
    q.military = ["crusades_i"]
    s, events = T.apply(s, 0, Decision("end", {}))
    peek = [e for e in events if e.template == "tta.peek"]
    assert peek and peek[0].private_to == 1 and peek[0].args["card"] == s.events[-1]
    assert T.view(s, 1)["peek"] == s.events[-1] and T.view(s, 2)["peek"] is None
    before = end_round_one(game(3, start=0))
    assert T.reveals(before, s, 2)  # hidden information shown: commit at once


def test_a_decision_of_another_step_is_refused_untouched() -> None:
    """A bid in the politics phase is no decision of this step (T-ACT-3); nothing changes,
    not even the politics frame that an action would have closed."""
    s = at_politics([FILLER])
    before = fingerprint(s)
    refused(s, actor(s).seat, "bid", "T-ACT-3", amount=1)
    assert fingerprint(s) == before and T.pending(s)[0].kind == "politics"


def test_guide_example_the_events_decks_over_several_turns() -> None:
    """The guide's walk-through (T-POL-3/4, T-EVT-1): the first preparer starts the future
    deck, scores 1 culture for an Age I card and reveals an Age A event; the next ones put
    their cards on top; when the last Age A event has been resolved the future deck, shuffled
    and sorted (Age I on top, Age II below), becomes the current deck; the next preparer
    starts a new future deck and reveals an event some player prepared."""
    s = end_round_one(game(3, start=0))
    s.military_deck["I"] = []  # no end-of-turn draws to discard
    s.events = ["development_of_agriculture_a", "development_of_crafts_a",
                "development_of_science_a", "development_of_trade_routes_a",
                "development_of_settlement_a"]
    hands = {0: ["crusades_i", "cold_war_ii"], 1: ["cultural_influence_i", "national_pride_ii"],
             2: ["scientific_breakthrough_i", "rats_i"]}
    for seat, cards in hands.items():
        s.players[seat].military = list(cards)
    s = open_politics(s)
    prepared = []
    for turn in range(6):
        seat = T.pending(s)[0].seat
        assert T.pending(s)[0].kind == "politics"
        card = s.players[seat].military[0]
        culture = s.players[seat].culture
        top = s.events[-1]
        s = play(s, seat, "prepare", card=card)
        prepared.append(card)
        assert s.players[seat].culture >= culture + CARDS[card].level
        assert s.past_events[-1] == top
        if turn == 0:
            assert s.future_events == ["crusades_i"]
        if turn == 4:  # the fifth reveal used up the Age A events
            assert s.future_events == []
            assert sorted(s.events) == sorted(prepared)
            assert [CARDS[c].level for c in s.events] == [2, 2, 1, 1, 1]
        s = play(s, seat, "end")
    assert s.future_events == ["rats_i"]
    assert CARDS[s.past_events[-1]].age == "I" and s.past_events[-1] in prepared
    assert len(s.events) == 4
