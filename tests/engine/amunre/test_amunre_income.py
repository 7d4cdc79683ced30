"""Phase 5, harvest and other income (A-INC), 8 Gold (A-PWR-G8) and Harvest Increase (A-PWR-HI),
with the worked example A-EX-8."""

from __future__ import annotations

import pytest

import engine.amunre as A
from data.amunre import BOARD
from engine.amunre.flow import current
from engine.amunre.income import province_income
from engine.core import Decision, IllegalDecision
from tests.engine.amunre.test_amunre_helpers import (
    BLACK,
    BLUE,
    EX1,
    RED,
    WHITE,
    WINS,
    clear_owners,
    do,
    fingerprint,
    game,
    give,
    put,
    sac,
    settle_auction,
    step,
)


def total_for(space: int) -> int:
    sp = BOARD.space(space)
    return sp.low if sp.low is not None else sp.high


def to_income(owners: dict[int, list[str]], farmers: dict[str, int], space: int,
              cards: dict[int, list[str]] | None = None):
    """Round 1 up to phase 5 with the temple on `space`; returns (state, income events)."""
    s = game(first=EX1)
    for seat, held in (cards or {}).items():
        give(s, seat, *held)
    s = settle_auction(s, WINS)
    clear_owners(s)
    for q, names in owners.items():
        for x in names:
            put(s, x, owner=q)
    for x, n in farmers.items():
        put(s, x, farmers=n)
    while current(s)["t"] == "buy":
        s, _ = do(s, step(s)[1], Decision("end_turn"))
    for q in range(4):
        s.players[q].gold = 200
    total = total_for(space)
    # Red's offer alone sets the total; the others steal (every one takes 3 gold, no items)
    rest = 3 * -BOARD["minus3_value"]
    events = []
    for q, d in [(RED, sac(total + rest)), (BLACK, sac(minus3=True)), (BLUE, sac(minus3=True)),
                 (WHITE, sac(minus3=True))]:
        s, ev = do(s, q, d)
        events += ev
    assert s.temple == space
    while current(s)["t"] in ("reward", "income"):
        seat = A.pending(s)[0].seat
        s, ev = do(s, seat, Decision("stop" if current(s)["t"] == "reward" else "done"))
        events += ev
    return s, events


def incomes(events) -> dict[int, dict]:
    return {e.args["seat"]: e.args for e in events if e.template == "income"}


def test_worked_example_a_ex_8():
    # A-INC-2/4/5, A-EX-8: temple on space 2; MEMPHIS 1 farmer, ABU 2 farmers, SAWU
    s, events = to_income({RED: ["MEMPHIS", "ABU", "SAWU"], BLACK: ["BAHARYA"],
                           BLUE: ["DAKHLA"], WHITE: ["ABYDOS"]},
                          {"MEMPHIS": 1, "ABU": 2}, space=2)
    harvest = BOARD.space(2).harvest
    parts = incomes(events)[RED]["parts"]
    assert parts == {"ABU": 2 * harvest + BOARD.provinces["ABU"].fixed_income,
                     "MEMPHIS": 1 * harvest, "SAWU": BOARD.provinces["SAWU"].camel_income}
    assert incomes(events)[RED]["total"] == 17  # the seed's sum
    # A-INC-1: paid from the Pharaoh (Red, who sacrificed most) clockwise
    assert [e.args["seat"] for e in events if e.template == "income"] == [RED, BLACK, BLUE, WHITE]
    assert current(s)["t"] == "bid" and s.round == 2  # A-INC-8


@pytest.mark.parametrize("space", [1, 2, 3, 4])
def test_harvest_and_camel_income_follow_the_temple_space(space):
    # A-INC-2, A-INC-5, A-INC-6: camel income whatever the farmers, only on camel spaces
    camel = next(x for x in BOARD.names if BOARD.provinces[x].camel_income)
    s, events = to_income({RED: ["MENDES", camel], BLACK: ["BAHARYA"], BLUE: ["DAKHLA"],
                           WHITE: ["ABYDOS"]}, {"MENDES": 2}, space=space)
    sp = BOARD.space(space)
    want = {"MENDES": 2 * sp.harvest,
            camel: BOARD.provinces[camel].camel_income if sp.camel else 0}
    assert incomes(events)[RED]["parts"] == want
    # A-INC-3: BAHARYA's printed farmers harvest too
    assert incomes(events)[BLACK]["parts"]["BAHARYA"] == (
        BOARD.provinces["BAHARYA"].printed_farmers * sp.harvest)


def test_free_farmer_farmers_harvest():
    # A-INC-3, A-PWR-FF-4
    s = game(first=EX1)
    s = settle_auction(s, WINS)
    clear_owners(s)
    put(s, "BERENIKE", owner=RED, plain=1)
    assert A.view(s, None).provinces["BERENIKE"].farmers == 1
    s.temple = 2
    assert province_income(s, RED, "BERENIKE") == (
        BOARD.space(2).harvest + BOARD.provinces["BERENIKE"].fixed_income)


def test_eight_gold_replaces_every_income_of_its_province():
    # A-PWR-G8-1/2, A-INC-7, A-DEC-5: a simultaneous, public frame of the card holders
    owners = {RED: ["ABU", "MENDES"], BLACK: ["BAHARYA"], BLUE: ["DAKHLA"], WHITE: ["ABYDOS"]}
    s = game(first=EX1)
    give(s, RED, "G8", "HI")
    give(s, BLUE, "HI")
    s = settle_auction(s, WINS)
    clear_owners(s)
    for q, names in owners.items():
        for x in names:
            put(s, x, owner=q)
    put(s, "ABU", farmers=2)
    put(s, "MENDES", farmers=3)
    while current(s)["t"] == "buy":
        s, _ = do(s, step(s)[1], Decision("end_turn"))
    for q, d in [(RED, sac(5)), (BLACK, sac(minus3=True)), (BLUE, sac(minus3=True)),
                 (WHITE, sac(minus3=True))]:
        s, _ = do(s, q, d)
    while current(s)["t"] == "reward":
        s, _ = do(s, step(s)[1], Decision("stop"))
    assert current(s)["t"] == "income"
    # every seat answers, so the waiting list does not show who holds a card (A-INFO-1)
    assert sorted(p.seat for p in A.pending(s)) == [RED, BLACK, BLUE, WHITE]
    assert [d for d in A.options(s, BLACK) if d.kind != "sell"] == [Decision("done")]
    # a phase-5 card is played in phase 5 only
    assert Decision("play", {"card": "G8", "province": "ABU"}) in A.options(s, RED)
    s, ev = do(s, RED, Decision("play", {"card": "G8", "province": "ABU"}))
    assert ev[0].private_to is None and not A.sealed(s, RED, Decision("done"))
    s, _ = do(s, RED, Decision("play", {"card": "HI", "province": "ABU"}))  # wasted on ABU
    assert RED not in [p.seat for p in A.pending(s)]  # nothing left to play
    s, ev = do(s, BLUE, Decision("play", {"card": "HI", "province": "DAKHLA"}))
    for q in (BLACK, WHITE):
        s, more = do(s, q, Decision("done"))
        ev += more
    inc = incomes(ev)
    sp = BOARD.space(s.temple)
    assert inc[RED]["parts"] == {"ABU": BOARD["eight_gold"], "MENDES": 3 * sp.harvest}
    dakhla = s.provinces["DAKHLA"]
    assert inc[BLUE]["parts"]["DAKHLA"] == (
        (sp.harvest + BOARD["harvest_increase"]) * (dakhla.farmers + dakhla.plain_farmers))


def test_harvest_increase_adds_one_gold_per_farmer():
    # A-PWR-HI-1
    s = game(first=EX1)
    s = settle_auction(s, WINS)
    put(s, "DAKHLA", farmers=2)
    s.temple = 3
    base = province_income(s, RED, "DAKHLA")
    s.income_cards = {str(RED): {"HI": "DAKHLA"}}
    assert province_income(s, RED, "DAKHLA") == base + 2 * BOARD["harvest_increase"]
    s.income_cards = {str(RED): {"HI": "DAKHLA", "G8": "DAKHLA"}}
    assert province_income(s, RED, "DAKHLA") == BOARD["eight_gold"]


def test_income_cards_outside_phase_5_are_refused():
    # A-PWR-GEN-1
    s = game(first=EX1)
    give(s, RED, "G8")
    s = settle_auction(s, WINS)
    before = fingerprint(s)
    with pytest.raises(IllegalDecision) as e:
        A.apply(s, RED, Decision("play", {"card": "G8", "province": "DAKHLA"}))
    assert e.value.rule == "A-PWR-GEN-1" and fingerprint(s) == before
    assert not any(d.kind == "play" and d.args["card"] == "G8" for d in A.options(s, RED))
