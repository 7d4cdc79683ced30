"""Resignation in the full game (shared/rules/through-the-ages.md §3.7, F-RES-1…10, G-RES-3,
G-WAR-4, G-ASYNC-11): the request and its confirmation, the order of F-RES-5, the starting
player passing on (F-RES-8), the last player winning, the decks of ages not yet begun
re-trimmed (F-RES-7)."""

from __future__ import annotations

from tta_full_helpers import full
from tta_helpers import end_round_one, game, open_politics, play, refused

import engine.tta as T
from engine.core import Decision
from engine.tta import eventcards
from engine.tta.state import State


def confirmed(s: State, seat: int = 0) -> tuple[State, list]:
    s = play(s, seat, "resign")
    return T.apply(s, seat, Decision("resign_confirm", {}))


def test_resign_asks_for_a_confirmation_and_back_changes_nothing() -> None:
    """G-ASYNC-11: `resign`, then a one-seat frame `resign_confirm` / `back`; `back` returns
    to the politics phase with its action unused."""
    s = full()
    asked = play(s, 0, "resign")
    assert asked.queue[0] == {"t": "resign", "seat": 0}
    assert [d.kind for d in T.options(asked, 0)] == ["resign_confirm", "back"]
    assert [T.describe(d) for d in T.options(asked, 0)] == ["Yes, resign", "No, go back"]
    back = play(asked, 0, "back")
    assert back.queue[0] == s.queue[0] and back.players[0].resigned is False
    assert [d.kind for d in T.options(back, 0)] == [d.kind for d in T.options(s, 0)]


def test_resign_refused_in_the_final_age_and_in_the_tutorial() -> None:
    """F-RES-4: never in the final age (Age IV in the full game); F-POL-1: the tutorial has
    no resignation."""
    s = full()
    s.age = "IV"
    refused(s, 0, "resign", "F-RES-4")
    tutorial = open_politics(end_round_one(game(3)))
    refused(tutorial, 0, "resign", "F-POL-1")


def test_resigning_follows_f_res_5() -> None:
    """F-RES-5: wars on him cancelled with 7 culture to each declarer; his pacts cancelled;
    his hands and cards in play leave; his turn ends; the next remaining player plays."""
    s = full()
    p = s.players[0]
    p.hand = ["alchemy_i"]
    p.military = ["raid_i"]
    p.leader = "christopher_columbus_i"
    s.wars = [{"card": "war_over_territory_ii", "attacker": 1, "defender": 0, "round": 1},
              {"card": "war_over_culture_iii", "attacker": 2, "defender": 0, "round": 1}]
    s.pacts = [{"card": "open_borders_agreement_i", "owner": 2, "partner": 0, "side": None},
               {"card": "trade_routes_agreement_i", "owner": 1, "partner": 2, "side": "A"}]
    culture = [q.culture for q in s.players]
    after, events = confirmed(s)
    assert after.wars == []
    assert after.players[1].culture == culture[1] + 7
    assert after.players[2].culture == culture[2] + 7
    assert [x["card"] for x in after.pacts] == ["trade_routes_agreement_i"]
    gone = after.players[0]
    assert gone.resigned and gone.hand == [] and gone.military == [] and gone.techs == []
    assert gone.leader is None and not gone.workers
    assert "alchemy_i" in after.removed and "christopher_columbus_i" in after.removed
    assert "raid_i" in after.military_discard["I"]
    assert "war_over_culture_iii" in after.military_discard["III"]
    assert T.pending(after)[0].seat == 1 and after.turn == 1
    order = [e.template for e in events]
    assert order.index("tta.resigned") < order.index("tta.war_cancelled") \
        < order.index("tta.pact_ended") < order.index("tta.turn")
    assert not any(e.template == "tta.production" and e.args.get("seat") == 0 for e in events)


def test_the_starting_player_passes_on() -> None:
    """F-RES-8, G-RES-3: seat 0 (starting) resigns; seats 1 and 2 complete the round; the next
    round begins with seat 1, who is the starting player from then on."""
    s, _ = confirmed(full())
    assert s.round == 2 and s.start == 0
    seen = []
    while len(seen) < 4:
        prompt = T.pending(s)[0]
        kinds = {d.kind: d for d in T.options(s, prompt.seat)}
        d = kinds.get("done") or kinds.get("end") or T.options(s, prompt.seat)[0]
        before = s.turn
        s, events = T.apply(s, prompt.seat, d)
        seen += [(e.args["seat"], e.args["round"]) for e in events if e.template == "tta.turn"]
        assert before != 0 and s.turn != 0
    assert seen == [(2, 2), (1, 3), (2, 3), (1, 4)]
    assert s.start == 1


def test_the_last_player_wins_without_final_scoring() -> None:
    """F-RES-3, F-RES-5 step 7: one player left, the game ends and he wins."""
    s = end_round_one(game(2))
    s.options["mode"] = "full"
    s = open_politics(s)
    culture = s.players[1].culture
    after, events = confirmed(s)
    assert after.result is not None and after.result["winners"] == [1]
    assert after.players[1].culture == culture  # no final scoring
    assert T.pending(after) == []
    assert any(e.template == "tta.game_over" for e in events)


def test_decks_of_ages_not_yet_begun_are_retrimmed() -> None:
    """F-RES-7: the civil decks of ages not begun keep each card's copies for the new count;
    with 2 players left their military decks lose the pacts; the current age is untouched."""
    s = end_round_one(game(4))
    s.options["mode"] = "full"
    s = open_politics(s)
    # Military Theory: copies 1 / 1 / 2 (2, 3, 4 players); Alchemy (Age I, current): 2 / 2 / 3
    s.civil["III"] = ["military_theory_iii", "military_theory_iii", "engineering_iii"]
    s.civil["I"] = ["alchemy_i"] * 3 + s.civil["I"]  # at the bottom (the refill takes the top)
    after, events = confirmed(s)
    assert sorted(after.civil["III"]) == ["engineering_iii", "military_theory_iii"]
    assert after.civil["I"][:3] == ["alchemy_i"] * 3
    assert any(e.template == "tta.retrimmed" and e.args["players"] == 3 for e in events)
    # down to two: pacts leave the military decks of ages not begun
    after.military_deck["III"] = ["peace_treaty_iii", "war_over_culture_iii"]
    after.military_deck["I"] = ["trade_routes_agreement_i"]
    after = open_politics(after)
    seat = T.pending(after)[0].seat
    again, _ = confirmed(after, seat)
    assert again.military_deck["III"] == ["war_over_culture_iii"]
    assert again.military_deck["I"] == ["trade_routes_agreement_i"]


def test_play_goes_on_with_the_remaining_players() -> None:
    """F-RES-6, F-GEN-2: the next sweep clears the spaces of the remaining count (2 players: 3
    spaces, T-ROW-2); events and auctions ask only remaining players."""
    s = full()
    s.row[:3] = ["alchemy_i", "theology_i", "drama_i"]
    after, events = confirmed(s)
    sweep = next(e for e in events if e.template == "tta.sweep")
    assert sweep.args["removed"] == ["alchemy_i", "theology_i", "drama_i"]
    assert [p.seat for p in eventcards.turn_order(after, 2)] == [2, 1]
    assert eventcards.top(after) == 1  # "the two weakest" reads "the weaker" (T-EVT-7)
