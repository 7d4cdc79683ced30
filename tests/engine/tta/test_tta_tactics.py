"""Tactics and armies (T-TAC-1..12, G-TAC-1..3, T-STAT-7): playing (1 MA) and copying (2 MA) a
tactic, once per turn, exclusive for a round then available to all, armies formed for the
greatest total, outdated armies; the guide's examples T-TAC-9 and T-TAC-11; every tutorial
tactic; military bonus cards."""

from __future__ import annotations

import pytest

import engine.tta as T
from data.tta import CARDS, deck
from engine.tta.armies import best_armies
from engine.tta.state import Player, State
from engine.tta.stats import military_available, stats
from tests.engine.tta.tta_helpers import actor, arrange, end_round_one, game, play, refused

TACTICS = sorted({c for age in ("I", "II") for c in deck(age, "military", 4)
                  if CARDS[c].kind == "tactic"})


def start() -> State:
    return end_round_one(game(3, start=0))


def army_of(tactic: str) -> dict[str, int]:
    """Exactly one army of the tactic's own age, one unit card per type."""
    card = CARDS[tactic]
    ages = {"I": {"infantry": "swordsmen_i", "cavalry": "knights_i", "artillery": "cannon_ii"},
            "II": {"infantry": "riflemen_ii", "cavalry": "cavalrymen_ii",
                   "artillery": "cannon_ii"}}[card.age]
    need = {"infantry": card.tactic_infantry, "cavalry": card.tactic_cavalry,
            "artillery": card.tactic_artillery}
    return {ages[t]: n for t, n in need.items() if n}


@pytest.mark.parametrize("tactic", TACTICS)
def test_every_tactic_forms_its_army(tactic: str) -> None:
    """T-TAC-6/7: one complete set is one army worth the tactic's value; one unit short, no
    army; with an Age A unit in an Age II tactic's army, the outdated value."""
    card = CARDS[tactic]
    units = army_of(tactic)
    assert best_armies(units, tactic) == card.tactic_strength
    first = next(iter(units))
    short = {**units, first: units[first] - 1}
    assert best_armies(short, tactic) == 0
    if card.age == "II" and card.tactic_infantry:
        old = {**short, "warriors_a": 1}
        assert best_armies(old, tactic) == card.tactic_strength_outdated
    doubled = {c: 2 * n for c, n in units.items()}
    assert best_armies(doubled, tactic) == 2 * card.tactic_strength


def test_guide_example_fighting_band_and_phalanx() -> None:
    """T-TAC-9: four Warriors and one Knights: 6 without a tactic, 8 with Fighting Band (two
    armies of two Warriors), 9 with Phalanx (one army, +3)."""
    p = start().players[0]
    arrange(p, techs=["knights_i"], workers={"agriculture_a": 2, "warriors_a": 4,
                                             "knights_i": 1})
    assert stats(p).strength == 6
    p.tactic = "fighting_band_i"
    assert stats(p).strength == 8
    p.tactic = "phalanx_i"
    assert stats(p).strength == 9


def test_guide_example_age_ii_tactics_and_outdated_armies() -> None:
    """T-TAC-11: Warriors, Age II infantry, 4 Knights, 2 Age II artillery (base 18):
    Defensive Army +3 (one outdated army), Mobile Artillery +10, Conquistadors +8."""
    p = start().players[0]
    arrange(p, techs=["riflemen_ii", "knights_i", "cannon_ii"],
            workers={"warriors_a": 1, "riflemen_ii": 1, "knights_i": 4, "cannon_ii": 2})
    assert stats(p).strength == 18
    for tactic, bonus in [("defensive_army_ii", 3), ("mobile_artillery_ii", 10),
                          ("conquistadors_ii", 8)]:
        p.tactic = tactic
        assert stats(p).strength == 18 + bonus, tactic


def test_the_most_armies_is_not_always_best() -> None:
    """T-TAC-8, G-TAC-2: armies are formed for the greatest total. Conquistadors (1 infantry
    + 2 cavalry, 5 / outdated 3) with Warriors, Riflemen and 2 Knights: one normal army (+5)
    beats one outdated army (+3)."""
    units = {"warriors_a": 1, "riflemen_ii": 1, "knights_i": 2}
    assert best_armies(units, "conquistadors_ii") == 5
    assert best_armies({"warriors_a": 1, "knights_i": 2}, "conquistadors_ii") == 3


def test_genghis_khan_lets_infantry_fill_cavalry_slots() -> None:
    """Genghis Khan: infantry may stand in for cavalry in armies (G-TAC-2)."""
    p = start().players[0]
    arrange(p, workers={"agriculture_a": 2, "warriors_a": 3}, tactic="phalanx_i")
    assert stats(p).strength == 3
    p.leader = "genghis_khan_i"
    assert stats(p).strength == 3 + 3


def play_state(cards: list[str]) -> tuple[State, Player]:
    s = start()
    p = actor(s)
    arrange(p, military=list(cards))
    return s, p


def test_play_a_tactic() -> None:
    """T-TAC-2: 1 MA, the card goes in front of the player, strength updated."""
    s, p = play_state(["legion_i"])
    arrange(p, workers={**p.workers, "warriors_a": 3})
    after = play(s, p.seat, "tactic", card="legion_i")
    q = after.players[p.seat]
    assert (q.tactic, q.tactic_exclusive, q.military) == ("legion_i", True, [])
    assert military_available(q) == military_available(p) - 1
    assert stats(q).strength == stats(p).strength + 2
    assert after.tactics_area == []  # exclusive for a round (T-TAC-4)


def test_one_tactic_action_per_turn() -> None:
    """T-TAC-3: a second play or copy in the same turn is refused."""
    s, p = play_state(["legion_i", "phalanx_i"])
    s.tactics_area = ["fighting_band_i"]
    arrange(p, temp_ma=2)
    after = play(s, p.seat, "tactic", card="legion_i")
    refused(after, p.seat, "tactic", "T-TAC-3", card="phalanx_i")
    refused(after, p.seat, "copy", "T-TAC-3", card="fighting_band_i")


def test_refusals() -> None:
    s, p = play_state(["rats_i"])
    refused(s, p.seat, "tactic", "T-TAC-2", card="rats_i")
    refused(s, p.seat, "tactic", "T-TAC-2", card="legion_i")  # not in hand
    refused(s, p.seat, "copy", "T-TAC-5", card="legion_i")  # not in the area
    s.tactics_area = ["legion_i"]
    p.ma_spent = 1
    refused(s, p.seat, "copy", "T-ACT-5", card="legion_i")  # 2 MA needed


def test_the_tactic_becomes_available_at_the_owners_next_turn() -> None:
    """T-TAC-4: after the refill, before politics, the card moves to the tactics area; the
    marker stays on it and its strength is unchanged; then anyone may copy it for 2 MA."""
    s, p = play_state(["legion_i"])
    s = play(s, 0, "tactic", card="legion_i")
    for seat in (0, 1, 2):
        s = play(s, seat, "end")
        while T.pending(s) and T.pending(s)[0].kind == "discard":
            seat_ = T.pending(s)[0].seat
            s = play(s, seat_, "discard", card=s.players[seat_].military[0])
        while T.pending(s)[0].kind == "politics":
            s = play(s, T.pending(s)[0].seat, "done")
    assert s.tactics_area == ["legion_i"]
    assert s.players[0].tactic == "legion_i" and not s.players[0].tactic_exclusive
    assert T.view(s, 1)["tactics_area"] == ["legion_i"]
    q = s.players[0]
    refused(s, 0, "copy", "T-TAC-5", card="legion_i")  # already his tactic
    before = military_available(q)
    s.tactics_area.append("phalanx_i")
    after = play(s, 0, "copy", card="phalanx_i")
    assert after.players[0].tactic == "phalanx_i"
    assert military_available(after.players[0]) == before - 2
    assert after.tactics_area == ["legion_i", "phalanx_i"]  # abandoned cards stay (T-TAC-5)


def test_military_bonus_cards_give_colonisation_only() -> None:
    """T-MIL-1, C-44: the lower half (colonisation +1 / +2) counts in colonisation; in the
    tutorial the card does nothing else (no aggressions, so no defence)."""
    from engine.tta.colonize import force
    p = start().players[0]
    c = stats(p).colonization
    strength = stats(p).strength
    assert force(p, {"warriors_a": 1}, ["defense_colonization_i"], []) - c == 1 + 1
    assert force(p, {"warriors_a": 1}, ["defense_colonization_ii"], []) - c == 1 + 2
    p.military = ["defense_colonization_ii"]
    assert stats(p).strength == strength
