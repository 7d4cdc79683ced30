"""Air forces (F-AIR-1…6, C-72/C-73): an air force unit fills no slot of a tactic; each joins
one army (one per army) and doubles that army's tactical value, normal or outdated; the k most
valuable armies are doubled (F-AIR-5); air forces colonise (F-AIR-6)."""

from __future__ import annotations

import engine.tta as T
from engine.tta.armies import best_armies, doubled_total
from engine.tta.colonize import force
from engine.tta.effects import napoleon
from engine.tta.state import Player
from engine.tta.stats import military_available, stats, tactical_strength
from engine.tta.tokens import stored
from tests.engine.tta.tta_helpers import (
    actor,
    answer,
    arrange,
    end_round_one,
    game,
    play,
    trigger,
)

AIR = "air_forces_iii"


def army(units: dict[str, int], tactic: str) -> Player:
    p = game(3).players[0]
    arrange(p, techs=[c for c in units if c not in p.techs], workers=dict(units), pool=0,
            tactic=tactic)
    return p


def test_scenario_a_three_armies_two_doubled() -> None:
    """F-AIR-3(a): a tactic worth +2 per army (Medieval Army: 1 infantry + 1 cavalry) makes
    three armies; two air force units join two of them: 3 × 2 + 2 × 2 = +10."""
    units = {"warriors_a": 1, "swordsmen_i": 2, "knights_i": 3}
    assert best_armies(units, "medieval_army_i") == 6
    assert best_armies({**units, AIR: 2}, "medieval_army_i") == 10


def test_scenario_b_conquistadors_outdated_and_normal_doubled() -> None:
    """F-AIR-3(b): Conquistadors with two armies, one holding Warriors (outdated +3 → +6), one
    normal (+5 → +10): +16, plus the units' own strength."""
    units = {"warriors_a": 1, "swordsmen_i": 1, "knights_i": 4, AIR: 2}
    p = army(units, "conquistadors_ii")
    assert tactical_strength(p) == 16
    own = 1 + 2 + 4 * 2 + 2 * 5
    assert stats(p).strength == own + 16 + stats(army({}, "conquistadors_ii")).strength


def test_scenario_b_one_air_unit_doubles_the_better_army() -> None:
    """F-AIR-5: with one air force unit the most valuable army (the normal +5) is doubled."""
    units = {"warriors_a": 1, "swordsmen_i": 1, "knights_i": 4, AIR: 1}
    assert best_armies(units, "conquistadors_ii") == 3 + 5 + 5


def test_scenario_c_shock_troops_one_army() -> None:
    """F-AIR-3(c): Shock Troops allow one army; an Age I Knights makes it outdated (+6), doubled
    +12; the second air force unit joins no army but its own 5 strength counts. With that
    Knights upgraded the army is normal: +11 doubled = +22."""
    old = {"riflemen_ii": 1, "cavalrymen_ii": 2, "knights_i": 1, AIR: 2}
    p = army(old, "shock_troops_iii")
    assert tactical_strength(p) == 12
    one_air = army({**old, AIR: 1}, "shock_troops_iii")
    assert stats(p).strength == stats(one_air).strength + 5  # the unit's strength only
    new = army({"riflemen_ii": 1, "cavalrymen_ii": 3, AIR: 2}, "shock_troops_iii")
    assert tactical_strength(new) == 22


def test_no_army_no_doubling_and_air_never_outdated() -> None:
    """F-AIR-2/4: no tactic needs an air force unit, so air units alone form no army; an air
    force unit never makes an army outdated (an Age III army with it stays +13 → +26)."""
    assert best_armies({AIR: 3}, "modern_army_iii") == 0
    units = {"modern_infantry_iii": 2, "tanks_iii": 1, "rockets_iii": 1}
    assert best_armies(units, "modern_army_iii") == 13
    assert best_armies({**units, AIR: 1}, "modern_army_iii") == 26


def test_doubling_chooses_the_formation() -> None:
    """F-AIR-5, T-TAC-8: the units form the armies that make the doubled total greatest — one
    normal army (13 + 13) beats two outdated ones (7 + 7 + 7) once an air unit doubles, while
    without air the two outdated armies (14) beat the normal one (13)."""
    assert doubled_total(1, 0, 13, 7, 1) == 26
    assert doubled_total(0, 2, 13, 7, 1) == 21
    assert doubled_total(0, 2, 13, 7, 0) > doubled_total(1, 0, 13, 7, 0)
    assert doubled_total(2, 1, 13, 7, 5) == 2 * (13 + 13 + 7)  # k = min(air, armies)


def test_build_an_air_force_unit() -> None:
    """F-AIR-4: built for 1 MA and its 7 resources; +5 strength; Napoleon counts it as a unit
    type."""
    s = end_round_one(game(3, start=0))
    arrange(actor(s), techs=[AIR], blue={"bronze_a": 7})
    before = actor(s)
    s = play(s, 0, "build", card=AIR)
    p = actor(s)
    assert p.workers[AIR] == 1 and stored(p, "mine") == 0
    assert military_available(p) == military_available(before) - 1
    assert stats(p).strength == stats(before).strength + 5
    assert napoleon(p)["strength"] == napoleon(before)["strength"] + 2


def test_air_forces_colonise() -> None:
    """F-AIR-6: sent air force units double the armies the sent units form (Medieval Army
    +2 → +4) and add their own 5; sacrificed, their tokens go to the yellow bank (T-COL-9)."""
    s = end_round_one(game(3, start=0))
    p = s.players[0]
    arrange(p, techs=["knights_i", AIR],
            workers={"agriculture_a": 2, "warriors_a": 1, "knights_i": 1, AIR: 1},
            tactic="medieval_army_i")
    c = stats(p).colonization
    sent = {"warriors_a": 1, "knights_i": 1, AIR: 1}
    assert force(p, sent, [], []) - c == 1 + 2 + 5 + 2 * 2
    assert force(p, {"warriors_a": 1, "knights_i": 1}, [], []) - c == 1 + 2 + 2
    after = trigger(s, "wealthy_territory_i")
    after = answer(after, "bid", amount=8)
    q0 = after.players[0]
    assert {"units": sent, "bonus": [], "discard": [], "force": 12 + c} in \
        [d.args for d in T.options(after, 0) if d.kind == "send"]
    after = answer(after, "send", units=sent, bonus=[], discard=[])
    q = after.players[0]
    assert AIR not in q.workers and q.yellow_bank == q0.yellow_bank + 3
    assert q.colonies == ["wealthy_territory_i"]
