"""Phase 3: buying power cards, farmers and stones (A-BUY), pyramids (A-PYR), Free Farmer
(A-PWR-FF) and Master Builder (A-PWR-MB), with the worked examples A-EX-3..6 and A-EX-14."""

from __future__ import annotations

import pytest

import engine.amunre as A
from data.amunre import BOARD, PROVINCE_NAMES
from engine.amunre import pieces
from engine.amunre.flow import current
from engine.core import Decision, IllegalDecision
from tests.engine.amunre.test_amunre_helpers import (
    BLACK,
    BLUE,
    EX1,
    RED,
    WHITE,
    clear_owners,
    do,
    fingerprint,
    game,
    give,
    put,
    settle_auction,
    step,
)

PROV = BOARD.provinces


def at_buy(owners: dict[int, list[str]] | None = None, gold: int | None = None):
    """Phase 3 of round 1 with Red to act; `owners` replaces who owns what."""
    s = game(first=EX1)
    s = settle_auction(s, {RED: "DAKHLA", BLACK: "BAHARYA", BLUE: "SAWU", WHITE: "ABYDOS"})
    assert current(s)["t"] == "buy" and step(s)[1] == RED
    if owners is not None:
        clear_owners(s)
        for q, names in owners.items():
            for x in names:
                put(s, x, owner=q)
    if gold is not None:
        s.players[RED].gold = gold
    return s


def refused(s, seat, d, rule):
    before = fingerprint(s)
    with pytest.raises(IllegalDecision) as e:
        A.apply(s, seat, d)
    assert e.value.rule == rule, e.value
    assert fingerprint(s) == before
    return e.value


def buy(kind: str, n: int) -> Decision:
    return Decision(kind, {"n": n})


def test_worked_example_a_ex_3_prices():
    # A-BUY-3, A-EX-3: 2 cards + 4 farmers + 3 stones = 3 + 10 + 6 = 19
    assert BOARD.price(2) + BOARD.price(4) + BOARD.price(3) == 19
    assert (BOARD.price(8), BOARD.price(9), BOARD.price(10)) == (36, 45, 55)
    cards = max(PROVINCE_NAMES, key=lambda x: PROV[x].card_limit)
    fields = max(PROVINCE_NAMES, key=lambda x: PROV[x].free_fields)
    assert PROV[cards].card_limit >= 2 and PROV[fields].free_fields >= 4
    s = at_buy({RED: [cards, fields]}, gold=30)
    s, ev = do(s, RED, buy("buy_cards", 2))
    s, ev2 = do(s, RED, buy("buy_farmers", 4))
    while current(s)["t"] == "place":
        s, _ = do(s, RED, Decision("place", {"province": fields}))
    s, ev3 = do(s, RED, buy("buy_stones", 3))
    while current(s)["t"] == "place":
        s, _ = do(s, RED, Decision("place", {"province": cards}))
    costs = [e.args["cost"] for e in ev + ev2 + ev3 if e.template == "bought"]
    assert costs == [3, 10, 6] and s.players[RED].gold == 30 - 19
    # A-BUY-7: the drawn cards are shown to Red only
    drew = [e for e in ev if e.template == "drew"]
    assert drew and drew[0].private_to == RED and len(drew[0].args["cards"]) == 2


def test_worked_example_a_ex_4_power_card_limit():
    # A-BUY-6: the largest single limit among his provinces, not the sum
    red = ["MEMPHIS", "AMARNA", "AVARIS"]
    s = at_buy({RED: red, BLUE: ["BUTO", "MENDES"]}, gold=50)
    most = max(PROV[x].card_limit for x in red)
    ns = [d.args["n"] for d in A.options(s, RED) if d.kind == "buy_cards"]
    assert max(ns) == most
    if most < sum(PROV[x].card_limit for x in red):
        refused(s, RED, buy("buy_cards", most + 1), "A-BUY-6")
    s, _ = do(s, RED, Decision("end_turn"))
    s, _ = do(s, BLACK, Decision("end_turn"))
    assert step(s)[1] == BLUE
    blue_limit = max(PROV[x].card_limit for x in ("BUTO", "MENDES"))
    assert blue_limit == 0  # the seed's example (C2 in the facts file)
    assert not any(d.kind == "buy_cards" for d in A.options(s, BLUE))
    refused(s, BLUE, buy("buy_cards", 1), "A-BUY-6")


def test_worked_example_a_ex_5_farmers():
    # A-BUY-11..13, A-EX-5: BAHARYA's printed farmers are free; BERENIKE has no fields
    s = at_buy({RED: ["BAHARYA", "BERENIKE"]}, gold=20)
    assert pieces.farmers_in(s, "BAHARYA") == PROV["BAHARYA"].printed_farmers
    s, ev = do(s, RED, buy("buy_farmers", 2))
    # one province has room: the placements are forced
    assert current(s)["t"] == "buy" and s.provinces["BAHARYA"].farmers == 2
    assert s.players[RED].gold == 20 - BOARD.price(2)
    assert pieces.farmers_in(s, "BAHARYA") == PROV["BAHARYA"].printed_farmers + 2
    assert s.provinces["BERENIKE"].farmers == 0 and PROV["BERENIKE"].fields == 0
    # ... except that a Free Farmer stands on BERENIKE's plain (A-PWR-FF-2)
    give(s, RED, "FF")
    s, _ = do(s, RED, Decision("play", {"card": "FF", "province": "BERENIKE"}))
    assert s.provinces["BERENIKE"].plain_farmers == 1
    assert pieces.farmers_in(s, "BERENIKE") == 1


def test_no_more_farmers_than_free_fields_or_supply():
    # A-BUY-12, A-GAP-8, A-GAP-20
    s = at_buy({RED: ["BAHARYA", "BERENIKE"]}, gold=50)
    room = pieces.room_for_farmers(s, RED)
    assert room == PROV["BAHARYA"].free_fields
    assert max(d.args["n"] for d in A.options(s, RED) if d.kind == "buy_farmers") == room
    refused(s, RED, buy("buy_farmers", room + 1), "A-BUY-12")
    s.supply["farmers"] = 1
    refused(s, RED, buy("buy_farmers", 2), "A-BUY-12")


def test_worked_example_a_ex_6_stones_become_pyramids():
    # A-BUY-16, A-PYR-1/2, A-EX-6, A-ERR-1 (3 stones cost 6, not 3)
    s = at_buy({RED: ["MEMPHIS", "MENDES"]}, gold=20)
    put(s, "MEMPHIS", stones=2)
    put(s, "MENDES", stones=1, pyramids=1)
    s, ev = do(s, RED, buy("buy_stones", 3))
    assert [e.args["cost"] for e in ev if e.template == "bought"] == [BOARD.price(3)] == [6]
    s, _ = do(s, RED, Decision("place", {"province": "MEMPHIS"}))
    assert (s.provinces["MEMPHIS"].stones, s.provinces["MEMPHIS"].pyramids) == (0, 1)
    s, _ = do(s, RED, Decision("place", {"province": "MENDES"}))
    s, ev = do(s, RED, Decision("place", {"province": "MENDES"}))
    assert (s.provinces["MENDES"].stones, s.provinces["MENDES"].pyramids) == (0, 2)
    assert any(e.template == "pyramid" for e in ev)
    shown = A.view(s, None).provinces["MENDES"]
    assert (shown.doubles, shown.singles) == (1, 0)  # A-PYR-2: shown as a double
    assert current(s)["t"] == "buy"


def test_steps_go_a_b_c_and_each_kind_is_bought_once():
    # A-BUY-2, A-BUY-4, A-GAP-33
    s = at_buy({RED: ["MEMPHIS", "MENDES"]}, gold=40)
    s, _ = do(s, RED, buy("buy_cards", 1))
    refused(s, RED, buy("buy_cards", 1), "A-BUY-4")
    s, _ = do(s, RED, buy("buy_farmers", 1))
    refused(s, RED, buy("buy_stones", 1), "A-BUY-11")  # bought farmers are placed at once
    s, _ = do(s, RED, Decision("place", {"province": "MENDES"}))
    refused(s, RED, buy("buy_cards", 1), "A-BUY-4")
    s2 = at_buy({RED: ["MEMPHIS", "MENDES"]}, gold=40)
    s2, _ = do(s2, RED, buy("buy_stones", 1))
    s2, _ = do(s2, RED, Decision("place", {"province": "MENDES"}))
    refused(s2, RED, buy("buy_farmers", 1), "A-BUY-2")
    refused(s2, RED, buy("buy_cards", 1), "A-BUY-2")
    refused(s2, RED, buy("buy_stones", 1), "A-BUY-4")
    refused(s2, RED, buy("buy_stones", 0), "A-BUY-4")


def test_a_purchase_he_cannot_pay_is_refused_to_him_alone_and_selling_first_pays():
    # A-BUY-5, A-PWR-GEN-3, A-INFO-1
    s = at_buy({RED: ["MENDES"]}, gold=2)
    e = refused(s, RED, buy("buy_farmers", 2), "A-BUY-5")
    assert "3" in e.message and "2" in e.message
    assert not any(d == buy("buy_farmers", 2) for d in A.options(s, RED))
    s, _ = do(s, RED, Decision("sell", {"card": "MB"}))
    assert s.players[RED].gold == 2 + BOARD["sell_price"]
    s, _ = do(s, RED, buy("buy_farmers", 2))


def test_the_turns_go_clockwise_from_the_pharaoh():
    # A-BUY-1
    s = at_buy()
    for seat in (RED, BLACK, BLUE, WHITE):
        assert [p.seat for p in A.pending(s)] == [seat] and current(s)["t"] == "buy"
        s, ev = do(s, seat, Decision("end_turn"))
    assert current(s)["t"] == "sacrifice"


def test_free_farmer_only_in_his_own_phase_3_turn():
    # A-PWR-FF-1..3
    s = at_buy({RED: ["MENDES"], BLACK: ["ABU"]}, gold=0)
    give(s, BLACK, "FF")
    assert not any(d.kind == "play" for d in A.options(s, BLACK))  # not his turn
    with pytest.raises(IllegalDecision):
        A.apply(s, BLACK, Decision("play", {"card": "FF", "province": "ABU"}))
    s, _ = do(s, RED, Decision("end_turn"))
    supply = s.supply["farmers"]
    s, _ = do(s, BLACK, Decision("play", {"card": "FF", "province": "ABU"}))
    assert s.provinces["ABU"].plain_farmers == 1 and s.supply["farmers"] == supply - 1
    assert "FF" in s.power_discard


def test_master_builder_turns_two_stones_into_a_pyramid_once_a_round():
    # A-PWR-MB-1..3, A-EX-14, A-PWR-GEN-4
    s = at_buy({RED: ["MEMPHIS", "MENDES"]}, gold=20)
    give(s, RED, "MB")
    put(s, "MEMPHIS", stones=2)
    put(s, "MENDES", stones=1)
    assert Decision("play", {"card": "MB", "province": "MENDES"}) not in A.options(s, RED)
    refused(s, RED, Decision("play", {"card": "MB", "province": "MENDES"}), "A-PWR-MB-2")
    s, _ = do(s, RED, Decision("play", {"card": "MB", "province": "MEMPHIS"}))
    assert (s.provinces["MEMPHIS"].stones, s.provinces["MEMPHIS"].pyramids) == (0, 1)
    # after buying stones in step C (A-PWR-MB-3) a second Master Builder is still refused
    s, _ = do(s, RED, buy("buy_stones", 1))
    s, _ = do(s, RED, Decision("place", {"province": "MENDES"}))
    assert s.players[RED].cards.count("MB") == 1
    assert not any(d.kind == "play" for d in A.options(s, RED))
    refused(s, RED, Decision("play", {"card": "MB", "province": "MENDES"}), "A-PWR-GEN-4")


def test_no_pyramids_left_the_stones_stay():
    # A-GAP-11, A-PYR-6
    s = at_buy({RED: ["MEMPHIS"]}, gold=20)
    s.supply["pyramids"] = 0
    s, _ = do(s, RED, buy("buy_stones", 3))
    assert s.provinces["MEMPHIS"].stones == 3 and s.provinces["MEMPHIS"].pyramids == 0
    assert s.supply["stones"] + sum(p.stones for p in s.provinces.values()) == BOARD["stones"]


def test_empty_power_deck_takes_the_shuffled_discards():
    # A-BUY-10
    s = at_buy({RED: ["MEMPHIS"]}, gold=20)
    held = len(s.players[RED].cards)
    s.power_discard, s.power_deck = s.power_deck[:-1], s.power_deck[-1:]
    s, ev = do(s, RED, buy("buy_cards", 2))
    assert any(e.template == "reshuffled" for e in ev) and len(s.players[RED].cards) == held + 2
    assert A.reveals(at_buy({RED: ["MEMPHIS"]}, gold=20), s, RED)
    # both empty: purchases are capped at what is available
    s2 = at_buy({RED: ["MEMPHIS"]}, gold=20)
    s2.power_discard, s2.power_deck = [], s2.power_deck[-1:]
    assert max(d.args["n"] for d in A.options(s2, RED) if d.kind == "buy_cards") == 1
