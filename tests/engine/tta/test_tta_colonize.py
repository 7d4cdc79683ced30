"""Colonisation (T-COL-1..14, G-COL-1..4): the open auction in turn order, bids bounded by the
force a player could send, dropping out, no bids, sending units (sacrificed to the yellow
bank), military bonus cards, James Cook's discards, every territory's permanent and immediate
effects, losing a colony; the guide's examples T-COL-13, T-COL-14 and T-TAC-12."""

from __future__ import annotations

import pytest

import engine.tta as T
from data.tta import CARDS, deck
from engine.tta.colonize import IMMEDIATE, force, lose_colony, max_force
from engine.tta.state import State
from engine.tta.stats import stats
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


def test_max_force_counts_units_armies_bonuses_and_cards() -> None:
    """G-COL-2 / T-COL-5: units' strengths, their best armies, colonisation symbols, bonus
    cards in hand; strength effects do not count (T-COL-6: Alexander, Warfare)."""
    s = start()
    p = s.players[0]
    arrange(p, techs=["knights_i", "cartography_i", "warfare_i"],
            workers={**p.workers, "warriors_a": 2, "knights_i": 1}, tactic="phalanx_i",
            leader="alexander_the_great_a", military=["defense_colonization_i"])
    # units 1+1+2, Phalanx army +3, Cartography +2, bonus card +1
    assert max_force(p) == 4 + 3 + 2 + 1
    assert stats(p).strength > 4 + 3  # strength has Alexander, Warfare and Cartography too
    arrange(p, workers={"agriculture_a": 2})
    assert max_force(p) == 0  # no unit: nothing can be sent (T-COL-7)


def test_the_auction_goes_round_in_turn_order_and_the_last_bidder_wins() -> None:
    """T-COL-2/3, G-COL-1: the current player bids first, then in turn order; a pass is for
    good (a player who cannot raise is forced out); the winner must send at least his bid,
    choosing his party (G-COL-3), the units sacrificed to the yellow bank (T-COL-9)."""
    s = start()
    arrange(s.players[0], techs=["knights_i"], workers={"agriculture_a": 2, "warriors_a": 2,
                                                        "knights_i": 1})
    arrange(s.players[1], techs=["knights_i"], workers={"agriculture_a": 2, "warriors_a": 1,
                                                        "knights_i": 1})
    after = trigger(s, "historic_territory_i")
    assert frame(after)["t"] == "bid" and frame(after)["seat"] == 0
    assert [d.args.get("amount") for d in T.options(after, 0)] == [1, 2, 3, 4, None]
    refused(after, 0, "bid", "T-COL-2", amount=0)
    refused(after, 0, "bid", "G-COL-2", amount=5)
    after = answer(after, "bid", amount=2)
    assert frame(after)["seat"] == 1
    refused(after, 1, "bid", "T-COL-2", amount=2)  # must be higher
    after = answer(after, "pass")  # seat 1 drops out; seat 2 (force 1) is forced out
    assert frame(after)["t"] == "send" and frame(after)["seat"] == 0 and frame(after)["bid"] == 2
    parties = [d.args["units"] for d in T.options(after, 0) if d.kind == "send"]
    assert parties == [{"warriors_a": 2}, {"knights_i": 1}]
    refused(after, 0, "send", "T-COL-3", units={"warriors_a": 1}, bonus=[], discard=[])
    refused(after, 0, "send", "T-COL-7", units={}, bonus=[], discard=[])
    refused(after, 0, "send", "T-COL-4", units={"knights_i": 2}, bonus=[], discard=[])
    refused(after, 0, "pass", "T-COL-3")  # a won auction cannot be refused
    p = after.players[0]
    after = answer(after, "send", units={"knights_i": 1}, bonus=[], discard=[])
    q = after.players[0]
    assert q.colonies == ["historic_territory_i"] and "knights_i" not in q.workers
    assert q.yellow_bank == p.yellow_bank + 1 and q.pool == p.pool
    assert q.culture == p.culture + 6 and stats(q).happiness == stats(p).happiness + 1
    assert T.pending(after)[0].kind == "action" and T.pending(after)[0].seat == 0


def test_nobody_bids() -> None:
    """T-COL-3: the territory goes to the past events pile; the current player continues."""
    s = start()
    after = trigger(s, "vast_territory_i")
    for _ in range(3):
        after = answer(after, "pass")
    assert after.past_events[-1] == "vast_territory_i"
    assert all(not p.colonies for p in after.players)
    assert T.pending(after)[0].kind == "action"


def test_a_player_who_cannot_send_anything_only_passes() -> None:
    """A player without units has no bid (the pass is forced by the agenda)."""
    s = start()
    arrange(s.players[1], workers={"agriculture_a": 2, "bronze_a": 2})
    after = trigger(s, "vast_territory_i")
    seat1, _ = T.apply(after, 0, T.options(after, 0)[0])  # bid 1
    events = T.apply(after, 0, T.options(after, 0)[0])[1]
    forced = [e.args["seat"] for e in events if e.template == "forced"]
    # seat 1 (no unit) and seat 2 (one Warriors, force 1) can only pass; seat 0 chooses its
    # party (G-COL-3): the engine does not send for it
    assert forced == [1, 2]
    assert frame(seat1)["t"] == "send" and not seat1.players[0].colonies
    seat1 = answer(seat1, "send", units={"warriors_a": 1}, bonus=[], discard=[])
    assert seat1.players[0].colonies == ["vast_territory_i"]


def test_tie_bids_are_impossible() -> None:
    """Each bid must exceed the last (T-COL-2): equal forces do not share — the first to bid
    the amount keeps it unless raised."""
    s = start()
    for p in s.players:
        arrange(p, military=["defense_colonization_i"])  # everyone can send force 2
    after = trigger(s, "vast_territory_i")
    after = answer(after, "bid", amount=1)
    assert [d.args for d in T.options(after, 1)] == [{"amount": 2}, {}]
    refused(after, 1, "bid", "T-COL-2", amount=1)
    after = answer(after, "bid", amount=2)
    # seat 2 and then seat 0 cannot raise beyond 2: both forced out; seat 1 wins and sends
    # its only smallest party (the Warriors and the bonus card)
    sends = [d for d in T.options(after, 1) if d.kind == "send"]
    assert [d.args for d in sends] == [{"units": {"warriors_a": 1},
                                        "bonus": ["defense_colonization_i"], "discard": [],
                                        "force": 2}]
    after, _ = T.apply(after, 1, sends[0])
    assert after.players[1].colonies == ["vast_territory_i"]
    assert after.players[1].military == []


def test_guide_example_colonisation_with_cartography_and_a_bonus_card() -> None:
    """T-COL-13: bid 4, Cartography +2, one Warriors and one bonus card +1; the Warriors'
    token goes to the yellow bank, the bonus card is discarded."""
    s = start()
    p = s.players[0]
    arrange(p, techs=["cartography_i"], workers={**p.workers, "warriors_a": 2},
            military=["defense_colonization_i", "defense_colonization_i"])
    after = trigger(s, "wealthy_territory_i")
    after = answer(after, "bid", amount=4)  # the others cannot raise: forced out
    sends = T.options(after, 0)
    assert {"units": {"warriors_a": 1}, "bonus": ["defense_colonization_i"],
            "discard": [], "force": 4} in [d.args for d in sends]
    refused(after, 0, "send", "T-COL-7", units={}, bonus=["defense_colonization_i"] * 2,
            discard=[])
    q0 = after.players[0]
    after = answer(after, "send", units={"warriors_a": 1}, bonus=["defense_colonization_i"],
                   discard=[])
    q = after.players[0]
    assert q.workers["warriors_a"] == 1 and q.yellow_bank == q0.yellow_bank + 1
    assert q.military == ["defense_colonization_i"]
    assert after.military_discard["I"] == ["defense_colonization_i"]
    assert q.colonies == ["wealthy_territory_i"]
    assert q.blue_box == q0.blue_box + 3 and stored(q, "mine") == stored(q0, "mine") + 5


def test_guide_example_conquistadors_colonising() -> None:
    """T-TAC-12: 2 Knights, Swordsmen, Warriors under Conquistadors: Knights + Swordsmen 6 + 5
    = 11; Knights + Warriors 5 + 3 = 8 (the Warriors join the army); all four 7 + 5 = 12."""
    s = start()
    p = s.players[0]
    arrange(p, techs=["knights_i", "swordsmen_i"],
            workers={"agriculture_a": 2, "knights_i": 2, "swordsmen_i": 1, "warriors_a": 1},
            tactic="conquistadors_ii")
    c = stats(p).colonization
    assert force(p, {"knights_i": 2, "swordsmen_i": 1}, [], []) - c == 11
    assert force(p, {"knights_i": 2, "warriors_a": 1}, [], []) - c == 8
    assert force(p, {"knights_i": 2, "swordsmen_i": 1, "warriors_a": 1}, [], []) - c == 12


def test_james_cook_discards_for_colonisation_and_scores_colonies() -> None:
    """James Cook: up to 2 military cards discarded, +1 each; culture rating +2 for the first
    colony, +1 for each later one."""
    s = start()
    p = s.players[0]
    arrange(p, leader="james_cook_ii", military=["legion_i", "rats_i", "foray_i"])
    assert max_force(p) == 1 + 2
    base = stats(p).culture
    after = trigger(s, "vast_territory_i")
    after = answer(after, "bid", amount=3)  # the others are forced out
    # which two of the three cards to discard
    assert len([d for d in T.options(after, 0) if d.kind == "send"]) == 3
    refused(after, 0, "send", "T-COL-5", units={"warriors_a": 1}, bonus=[],
            discard=["legion_i", "foray_i", "rats_i"])
    after = answer(after, "send", units={"warriors_a": 1}, bonus=[], discard=["legion_i",
                                                                             "foray_i"])
    q = after.players[0]
    assert q.military == ["rats_i"]
    assert stats(q).culture == base + 2
    q.colonies.append("historic_territory_i")
    assert stats(q).culture == base + 3


@pytest.mark.parametrize("card", sorted(IMMEDIATE))
def test_every_territory_permanent_then_immediate(card: str) -> None:
    """T-COL-11: the symbols at the bottom (permanent, tokens by T-TOK-1), then the centre's
    immediate effect (cards.csv)."""
    from engine.tta.colonize import gain_colony
    s = start()
    p = s.players[0]
    p.yellow_bank, p.pool = p.yellow_bank + p.pool, 0
    snap = T.load(T.dump(s)).players[0]
    gain_colony(s, p, card, [])
    c = CARDS[card]
    now = IMMEDIATE[card]
    assert p.colonies == [card]
    assert p.yellow_box - snap.yellow_box == c.yellow_tokens
    assert p.blue_box - snap.blue_box == c.blue_tokens
    assert stats(p).strength - stats(snap).strength == c.strength
    assert stats(p).happiness - stats(snap).happiness == c.happiness
    assert p.science - snap.science == now.get("science", 0)
    assert p.culture - snap.culture == now.get("culture", 0)
    assert stored(p, "farm") - stored(snap, "farm") == now.get("food", 0)
    assert stored(p, "mine") - stored(snap, "mine") == now.get("resources", 0)
    assert p.pool == now.get("population", 0)
    assert len(p.military) == now.get("draw", 0)


def test_every_tutorial_territory_is_written() -> None:
    dealt = {c for age in ("I", "II") for c in deck(age, "military", 3)
             if CARDS[c].kind == "territory"}
    assert dealt == set(IMMEDIATE)


def test_guide_example_inhabited_territory_and_losing_it() -> None:
    """T-COL-14: +3 yellow tokens from the box, then 2 of them to the pool free; when the
    colony is lost the 3 tokens go back to the box, the workers stay."""
    from engine.tta.colonize import gain_colony
    s = start()
    p = s.players[0]
    y, pool = p.yellow_bank, p.pool
    gain_colony(s, p, "inhabited_territory_ii", [])
    assert (p.yellow_bank, p.pool, p.yellow_box) == (y + 1, pool + 2, 3)
    lose_colony(s, p, "inhabited_territory_ii", [])
    assert (p.yellow_bank, p.pool, p.yellow_box) == (y - 2, pool + 2, 0)
    assert p.colonies == [] and "inhabited_territory_ii" in s.removed


def test_colonisation_by_play_uses_only_the_sent_units_armies() -> None:
    """T-TAC-10: armies are formed among the sent units only."""
    s = start()
    p = s.players[0]
    arrange(p, workers={"agriculture_a": 2, "warriors_a": 4}, tactic="fighting_band_i")
    c = stats(p).colonization
    assert force(p, {"warriors_a": 2}, [], []) - c == 2 + 1
    assert force(p, {"warriors_a": 3}, [], []) - c == 3 + 1
    assert force(p, {"warriors_a": 4}, [], []) - c == 4 + 2
    after = play(trigger(s, "vast_territory_i"), 0, "bid", amount=6)
    sends = [d for d in T.options(after, 0) if d.kind == "send"]
    assert [d.args["units"] for d in sends] == [{"warriors_a": 4}]
    after, _ = T.apply(after, 0, sends[0])
    assert after.players[0].colonies == ["vast_territory_i"]
    assert "warriors_a" not in after.players[0].workers  # all four were needed


def test_colonies_score_three_in_the_tutorial_scoring() -> None:
    """T-TSCORE-1 item 6: 3 culture per colony (its permanent symbols count in the other
    items as well: Historic Territory's happy face in item 4)."""
    from engine.tta.colonize import gain_colony
    from engine.tta.scoring import breakdown
    s = start()
    p = s.players[0]
    before = breakdown(p)
    gain_colony(s, p, "historic_territory_i", [])
    gain_colony(s, p, "developed_territory_i", [])
    after = breakdown(p)
    assert (before["colonies"], after["colonies"]) == (0, 6)
    assert after["happiness"] == before["happiness"] + 1
