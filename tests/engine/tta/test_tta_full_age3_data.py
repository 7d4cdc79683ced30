"""The Age III civil cards that are data (C-72, C-68…C-71; cards.csv): governments, the farm and
the mine, urban buildings, units and special technologies, each shown to work through the
engine's generic tables (stats.py, effects.py, actions.py) — built, developed and counted."""

from __future__ import annotations

import pytest

from data.tta import CARDS
from engine.tta import effects
from engine.tta.colonize import force
from engine.tta.state import Player, State
from engine.tta.stats import civil_available, military_available, output, stats
from engine.tta.tokens import stored
from tests.engine.tta.tta_helpers import actor, arrange, end_round_one, game, play, refused

SYMBOLS = ("science", "culture", "strength", "happiness", "civil_actions", "military_actions")


def bare() -> Player:
    """A player with no workers anywhere (every symbol starts from the government's)."""
    p = game(3).players[0]
    arrange(p, workers={}, pool=7)
    return p


def start(**fields: object) -> State:
    """Round 2, seat 0 to act, in Age III."""
    s = end_round_one(game(3, start=0))
    s.age = "III"
    arrange(actor(s), **fields)
    return s


@pytest.mark.parametrize(("card", "civil", "military", "culture", "science", "strength",
                          "happiness"), [
    ("communism_iii", 7, 5, 0, 0, 0, -1),
    ("democracy_iii", 7, 3, 3, 0, 0, 0),
    ("fundamentalism_iii", 6, 5, 0, -2, 5, 0)])
def test_age3_governments(card: str, civil: int, military: int, culture: int, science: int,
                          strength: int, happiness: int) -> None:
    """C-72, T-GOV-1: an Age III government's actions, urban limit 4 and symbols, once (the
    printed figures of cards.csv; a happy face below 0 floors at 0, T-STAT-5)."""
    p = bare()
    arrange(p, workers={"philosophy_a": 3, "religion_a": 2})
    base = stats(p)
    arrange(p, government=card)
    r = stats(p)
    assert (r.civil_actions, r.military_actions, r.urban_limit) == (civil, military, 4)
    assert r.culture == base.culture + culture
    assert r.science == base.science + science
    assert r.strength == base.strength + strength
    assert r.happiness == base.happiness + happiness


def test_revolution_to_democracy() -> None:
    """C-72, T-GOV-3: a revolution to Democracy costs its lower science figure (9) and all
    civil actions; the new totals apply at once."""
    s = start(hand=["democracy_iii"], science=9)
    s = play(s, 0, "revolution", card="democracy_iii")
    p = actor(s)
    assert p.government == "democracy_iii" and p.science == 0
    assert civil_available(p) == 0 and military_available(p) == 3


def test_peaceful_change_to_communism() -> None:
    """C-72, G-GOV-1: developing Communism costs its printed science (19) and 1 CA."""
    s = start(hand=["communism_iii"], science=19)
    refused(start(hand=["communism_iii"], science=18), 0, "develop", "T-TECH-2",
            card="communism_iii")
    s = play(s, 0, "develop", card="communism_iii")
    p = actor(s)
    assert p.government == "communism_iii" and p.science == 0
    assert civil_available(p) == 7 - 1


@pytest.mark.parametrize(("card", "kind", "value", "low"), [
    ("mechanized_agriculture_iii", "farm", 5, "agriculture_a"),
    ("oil_iii", "mine", 5, "bronze_a")])
def test_age3_farm_and_mine(card: str, kind: str, value: int, low: str) -> None:
    """C-72, T-PROD-1/2: a worker on Mechanized Agriculture / Oil produces 5; upgrading a
    worker from the Age A card costs the difference of the build costs (T-UPG-1)."""
    p = bare()
    arrange(p, techs=[card], workers={card: 2})
    assert output(p, kind) == 2 * value
    s = start(techs=[card], blue={"bronze_a": 10})
    cost = CARDS[card].cost_resources - CARDS[low].cost_resources
    s = play(s, 0, "upgrade", card=low, to=card)
    q = actor(s)
    assert q.workers[card] == 1 and stored(q, "mine") == 10 - cost


@pytest.mark.parametrize("card", ["computers_iii", "multimedia_iii", "professional_sports_iii",
                                  "movies_iii", "modern_infantry_iii", "tanks_iii",
                                  "rockets_iii", "air_forces_iii"])
def test_age3_buildings_and_units(card: str) -> None:
    """C-72, T-STAT-2(a): each worker on an Age III urban building or unit applies its symbols
    (Computers +5 science, Multimedia +3/+3, Professional Sports +3 strength +4 happy, Movies
    +4 culture +1 happy, each unit +5 strength); building one costs its printed resources and
    1 CA (urban) or 1 MA (unit)."""
    p, q = bare(), bare()
    arrange(q, techs=[card], workers={card: 2})
    a, b = stats(p), stats(q)
    want = {k: 2 * getattr(CARDS[card], k) for k in SYMBOLS}
    assert {k: getattr(b, k) - getattr(a, k) for k in SYMBOLS} == want
    s = start(techs=[card], blue={"bronze_a": 11})
    before = actor(s)
    s = play(s, 0, "build", card=card)
    after = actor(s)
    assert after.workers[card] == 1
    assert stored(after, "mine") == 11 - CARDS[card].cost_resources
    spent = military_available if CARDS[card].kind == "unit" else civil_available
    assert spent(after) == spent(before) - 1


def test_age3_units_upgrade_from_older_ones() -> None:
    """C-72, T-UPG-2: Riflemen become Modern Infantry for the difference (7 − 5 = 2) and 1 MA."""
    s = start(techs=["riflemen_ii", "modern_infantry_iii"],
              workers={"bronze_a": 2, "riflemen_ii": 1}, blue={"bronze_a": 2})
    s = play(s, 0, "upgrade", card="riflemen_ii", to="modern_infantry_iii")
    p = actor(s)
    assert p.workers.get("modern_infantry_iii") == 1 and "riflemen_ii" not in p.workers
    assert stored(p, "mine") == 0


@pytest.mark.parametrize(("card", "old"), [("civil_service_iii", "code_of_laws_i"),
                                           ("military_theory_iii", "strategy_ii"),
                                           ("satellites_iii", "navigation_ii"),
                                           ("engineering_iii", "architecture_ii")])
def test_age3_special_technology_replaces_the_older_one(card: str, old: str) -> None:
    """C-68…C-71, T-TECH-4, G-TECH-2: developing an Age III special technology removes the
    player's lower one of the same type from the game; its own symbols apply once."""
    s = start(techs=[old], hand=[card], science=CARDS[card].cost_science)
    before = stats(actor(s))
    s = play(s, 0, "develop", card=card)
    p = actor(s)
    assert card in p.techs and old not in p.techs and old in s.removed
    after = stats(p)
    for key in ("civil_actions", "military_actions", "strength", "colonization"):
        assert getattr(after, key) - getattr(before, key) == \
            getattr(CARDS[card], key) - getattr(CARDS[old], key), key


def test_civil_service() -> None:
    """C-68: +2 civil actions at once (T-TOK-4) and +3 blue tokens from the box into the blue
    bank (T-TOK-1)."""
    s = start(hand=["civil_service_iii"], science=10)
    p = actor(s)
    bank, civil = p.blue_bank, civil_available(p)
    s = play(s, 0, "develop", card="civil_service_iii")
    q = actor(s)
    assert q.blue_bank == bank + 3 and q.blue_box == 3
    assert civil_available(q) == civil - 1 + 2


def test_military_theory_and_satellites_strength_not_for_colonization() -> None:
    """C-69/C-70, T-COL-6: Military Theory +5 strength +3 MA, Satellites +3 strength and +4
    colonisation bonus; only the colonisation bonus reaches a colonisation force."""
    p = bare()
    arrange(p, workers={"warriors_a": 1})
    units = {"warriors_a": 1}
    base, base_force = stats(p), force(p, units, [], [])
    arrange(p, techs=["military_theory_iii", "satellites_iii"])
    r = stats(p)
    assert r.strength == base.strength + 5 + 3
    assert r.military_actions == base.military_actions + 3
    assert r.colonization == base.colonization + 4
    assert force(p, units, [], []) == base_force + 4


def test_engineering_discounts_and_wonder_stages() -> None:
    """C-71, G-WOND-1, T-UPG-3: urban buildings −1 (Age I), −2 (Age II), −3 (Age III), Age A
    and farms/mines nothing; up to 4 wonder stages per civil action."""
    p = bare()
    arrange(p, techs=["engineering_iii"])
    assert effects.build_cost(p, "alchemy_i") == 6 - 1
    assert effects.build_cost(p, "scientific_method_ii") == 8 - 2
    assert effects.build_cost(p, "computers_iii") == 11 - 3
    assert effects.build_cost(p, "philosophy_a") == 3
    assert effects.build_cost(p, "oil_iii") == 11
    assert effects.wonder_stages_per_action(p) == 4
    s = start(techs=["engineering_iii"], wonder="internet_iii", blue={"bronze_a": 12})
    s = play(s, 0, "wonder", stages=4)
    q = actor(s)
    assert q.wonder_stages == 4 and stored(q, "mine") == 12 - (2 + 3 + 4 + 3)
    refused(s, 0, "wonder", "G-WOND-1", stages=2)  # one stage left
