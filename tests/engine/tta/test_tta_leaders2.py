"""The twelve civil cards of milestone 2 (cards.csv summaries; the guide names only Caesar's
and Alexander's effects): Hammurabi, Homer, Frederick Barbarossa, Genghis Khan, J. S. Bach,
Taj Mahal and Ocean Liner Service here; Alexander, Julius Caesar, Christopher Columbus and
Joan of Arc in test_tta_politics.py, James Cook in test_tta_colonize.py, Genghis Khan's
armies in test_tta_tactics.py."""

from __future__ import annotations

import engine.tta as T
from engine.tta.actions import take_price
from engine.tta.effects import science_cost
from engine.tta.state import State
from engine.tta.stats import civil_available, military_available, stats
from engine.tta.tokens import stored
from tests.engine.tta.tta_helpers import actor, arrange, end_round_one, game, play, refused


def start() -> State:
    return end_round_one(game(3, start=0))


def test_julius_caesar_symbols() -> None:
    """Julius Caesar: +1 strength and +1 military action (the guide: „zvýšíte sílu o 1 a
    získáte jednu vojenskou akci navíc“)."""
    p = start().players[0]
    before = stats(p)
    p.leader = "julius_caesar_a"
    after = stats(p)
    assert (after.strength, after.military_actions) == (before.strength + 1,
                                                        before.military_actions + 1)


def test_hammurabi_converts_a_military_action_once_per_turn() -> None:
    """Hammurabi: once per turn 1 MA spent as 1 CA."""
    s = start()
    p = actor(s)
    arrange(p, leader="hammurabi_a")
    refused(s, p.seat, "convert", "T-ACT-5")  # no civil action spent yet
    s = play(s, p.seat, "population")
    q = actor(s)
    after = play(s, p.seat, "convert")
    r = after.players[p.seat]
    assert civil_available(r) == civil_available(q) + 1
    assert military_available(r) == military_available(q) - 1
    refused(after, p.seat, "convert", "T-ACT-5")  # once per turn
    other = start()
    refused(other, 0, "convert", "T-ACT-5")  # not his leader


def test_hammurabi_takes_leaders_one_civil_action_cheaper() -> None:
    s = start()
    p = actor(s)
    s.row[5], s.row[6] = "leonardo_da_vinci_i", "drama_i"
    assert (take_price(s, p, 5), take_price(s, p, 6)) == (2, 2)
    arrange(p, leader="hammurabi_a")
    assert (take_price(s, p, 5), take_price(s, p, 6)) == (1, 2)


def test_homer_unit_allowance_and_happy_face() -> None:
    """Homer: +1 happy face (symbol); 1 resource per turn toward units."""
    s = start()
    p = actor(s)
    happy = stats(p).happiness
    p.hand = ["homer_a"]
    s = play(s, p.seat, "leader", card="homer_a")
    q = actor(s)
    assert stats(q).happiness == happy + 1 and q.allowance == 1
    res = stored(q, "mine")
    s = play(s, q.seat, "build", card="warriors_a")  # costs 2: 1 from Homer
    assert stored(actor(s), "mine") == res - 1 and actor(s).allowance == 0


def test_homer_tucked_under_a_wonder() -> None:
    """Homer, replaced, may be tucked under a completed wonder: +1 happy stays, no civil action
    regained; without a completed wonder that is refused."""
    s = start()
    p = actor(s)
    arrange(p, leader="homer_a", hand=["moses_a", "aristotle_a"])
    refused(s, p.seat, "leader", "T-LEAD-4", card="moses_a", tuck=True)
    p.wonders = ["colossus_a"]
    happy = stats(p).happiness
    civil = civil_available(p)
    after = play(s, p.seat, "leader", card="moses_a", tuck=True)
    q = after.players[p.seat]
    assert (q.leader, q.tucked) == ("moses_a", "homer_a")
    assert stats(q).happiness == happy and civil_available(q) == civil - 1
    assert "homer_a" not in after.removed
    plain = play(s, p.seat, "leader", card="aristotle_a")
    assert civil_available(plain.players[p.seat]) == civil  # regained (T-LEAD-4)


def test_frederick_barbarossa() -> None:
    """For 1 MA: a population increase 1 food cheaper, then a unit 1 resource cheaper."""
    s = start()
    p = actor(s)
    arrange(p, leader="frederick_barbarossa_i", pool=0)
    food, res, pool = stored(p, "farm"), stored(p, "mine"), p.pool
    after = play(s, p.seat, "barbarossa", card="warriors_a")
    q = after.players[p.seat]
    assert stored(q, "farm") == food - 1 and stored(q, "mine") == res - 1
    assert q.workers["warriors_a"] == p.workers["warriors_a"] + 1 and q.pool == pool
    assert military_available(q) == military_available(p) - 1
    assert civil_available(q) == civil_available(p)
    refused(s, p.seat, "barbarossa", "T-BUILD-1", card="bronze_a")
    arrange(p, blue={"agriculture_a": 0, "bronze_a": 2})
    refused(s, p.seat, "barbarossa", "T-POP-3", card="warriors_a")  # no food


def test_genghis_khan_culture_at_the_end_of_his_turn() -> None:
    """Genghis Khan: +3 culture at the end of his own turn if among the two strongest, ties
    counting for him; not if two others are stronger."""
    s = start()
    arrange(s.players[0], leader="genghis_khan_i")
    after = play(s, 0, "end")
    assert after.players[0].culture >= s.players[0].culture + 3
    s2 = start()
    arrange(s2.players[0], leader="genghis_khan_i")
    for seat in (1, 2):
        q = s2.players[seat]
        arrange(q, workers={**q.workers, "warriors_a": 2})
    events = T.apply(s2, 0, T.options(s2, 0)[-1])[1]
    assert not [e for e in events if e.template == "tta.strong_culture"]


def test_js_bach() -> None:
    """J. S. Bach: +1 culture per theatre; theatre technologies 2 science cheaper; once per
    turn for 1 CA an urban building becomes a theatre of the same or a later age."""
    s = start()
    p = actor(s)
    arrange(p, techs=["drama_i"], leader="j_s_bach_ii")
    culture = stats(p).culture
    after = play(s, p.seat, "bach", card="philosophy_a", to="drama_i")
    q = after.players[p.seat]
    assert q.workers.get("philosophy_a", 0) == 0 and q.workers["drama_i"] == 1
    assert stats(q).culture == culture + 2 + 1  # the theatre's culture and Bach's +1
    assert civil_available(q) == civil_available(p) - 1
    refused(after, p.seat, "bach", "T-ACT-5", card="drama_i", to="drama_i")
    refused(s, p.seat, "bach", "T-ACT-5", card="philosophy_a", to="religion_a")


def test_js_bach_theatre_discount() -> None:
    from data.tta import CARDS
    p = start().players[0]
    base = CARDS["drama_i"].cost_science
    p.leader = "j_s_bach_ii"
    assert science_cost(p, "drama_i") == base - 2
    assert science_cost(p, "irrigation_i") == CARDS["irrigation_i"].cost_science


def test_taj_mahal() -> None:
    """Taj Mahal: completed +3 culture, +1 blue token (symbols); in the row, 2 civil actions
    less in a turn the player replaced his leader (G-TAJ-1)."""
    s = start()
    p = actor(s)
    s.row[10] = "taj_mahal_i"
    assert take_price(s, p, 10) == 3
    arrange(p, leader="moses_a", hand=["aristotle_a"])
    after = play(s, p.seat, "leader", card="aristotle_a")
    assert take_price(after, after.players[p.seat], 10) == 1
    q = start().players[0]
    culture = stats(q).culture
    q.wonders = ["taj_mahal_i"]
    assert stats(q).culture == culture + 3


def test_ocean_liner_service() -> None:
    """Ocean Liner Service (completed): once per turn +1 population, free."""
    s = start()
    p = actor(s)
    refused(s, p.seat, "liner", "T-ACT-5")
    p.wonders = ["ocean_liner_service_ii"]
    after = play(s, p.seat, "liner")
    q = after.players[p.seat]
    assert (q.pool, q.yellow_bank) == (p.pool + 1, p.yellow_bank - 1)
    assert stored(q, "farm") == stored(p, "farm") and civil_available(q) == civil_available(p)
    refused(after, p.seat, "liner", "T-ACT-5")
