"""Phase 2, the province auction (A-AUCT), Bid Blockade (A-PWR-BB) and Overbid in the Same
Province (A-PWR-OV), with the seed's worked examples A-EX-1 and A-EX-2."""

from __future__ import annotations

import pytest

import engine.amunre as A
from data.amunre import BOARD
from data.i18n import t
from engine.amunre.flow import current
from engine.core import Decision, IllegalDecision
from tests.engine.amunre.test_amunre_helpers import (
    BLACK,
    BLUE,
    EX1,
    RED,
    WHITE,
    bid,
    do,
    fingerprint,
    game,
    give,
    step,
)

START = BOARD["start_gold"]


def refused(s, seat, d, rule):
    before = fingerprint(s)
    with pytest.raises(IllegalDecision) as e:
        A.apply(s, seat, d)
    assert e.value.rule == rule, e.value
    assert fingerprint(s) == before  # the state is untouched
    return e.value


def test_worked_example_a_ex_1_and_a_ex_2():
    s = game(first=EX1)
    # A-EX-2: the free material of the four provinces comes from the data
    for x in EX1:
        assert s.material[x]["gold"] == BOARD.provinces[x].free_gold
        assert len(s.material[x]["cards"]) == BOARD.provinces[x].free_cards
        assert s.provinces[x].stones == BOARD.provinces[x].free_stones
    # lap 1 (A-AUCT-6): the start player first, then clockwise, once each
    for seat, d in [(RED, bid("ABYDOS", 3)), (BLACK, bid("SAWU", 1)),
                    (BLUE, bid("ABYDOS", 6)), (WHITE, bid("ABYDOS", 10))]:
        assert step(s) == ("bid", seat)
        s, _ = do(s, seat, d)
    # lap 2 (A-AUCT-9): Red is outbid and moves; Black is skipped; Blue may not stay (A-AUCT-10)
    assert step(s) == ("bid", RED)
    s, _ = do(s, RED, bid("DAKHLA", 0))
    assert step(s) == ("bid", BLUE)
    refused(s, BLUE, bid("ABYDOS", 15), "A-AUCT-10")
    s, events = do(s, BLUE, bid("SAWU", 6))
    assert events[0].args["outbid"] == [BLACK]
    # lap 3: White was skipped, Red is skipped, Black (outbid late in lap 2) moves now
    assert step(s) == ("bid", BLACK)
    assert s.auction["lap"] == 3
    s, events = do(s, BLACK, bid("BAHARYA", 0))
    # A-AUCT-11/13: every card holds one marker; everyone pays and takes his province
    assert current(s)["t"] == "buy"
    assert {x: s.provinces[x].owner for x in EX1} == {
        "ABYDOS": WHITE, "SAWU": BLUE, "DAKHLA": RED, "BAHARYA": BLACK}
    dakhla = BOARD.provinces["DAKHLA"]
    assert [p.gold for p in s.players] == [START + dakhla.free_gold, START, START - 6, START - 10]
    assert len(s.players[RED].cards) == 1 + dakhla.free_cards
    assert s.provinces["ABYDOS"].stones == BOARD.provinces["ABYDOS"].free_stones
    won = {e.args["seat"]: e.args["paid"] for e in events if e.template == "won"}
    assert won == {WHITE: 10, BLUE: 6, RED: 0, BLACK: 0}
    # A-AUCT-13: the cards go to the used pile
    assert sorted(s.province_used) == sorted(EX1) and s.on_offer == []


def test_a_bid_must_be_a_track_value_higher_than_the_top_bid():
    s = game(first=EX1)
    s, _ = do(s, RED, bid("ABYDOS", 3))
    refused(s, BLACK, bid("ABYDOS", 3), "A-AUCT-4")  # not strictly higher
    refused(s, BLACK, bid("ABYDOS", 1), "A-AUCT-4")
    refused(s, BLACK, bid("SAWU", 2), "A-AUCT-2")  # no space shows 2
    refused(s, BLACK, bid("THEBES", 0), "A-AUCT-3")  # not on offer
    refused(s, BLACK, bid("SAWU", "0"), "A-AUCT-2")
    # any value on an empty card, 0 included (A-AUCT-4)
    opts = A.options(s, BLACK)
    assert bid("SAWU", 0) in opts and bid("ABYDOS", 6) in opts and bid("ABYDOS", 3) not in opts


def test_no_one_may_bid_more_than_gold_plus_cards_and_the_refusal_is_private():
    # A-AUCT-5, A-AUCT-14, A-GAP-6, A-INFO-1
    s = game(first=EX1)
    budget = s.players[RED].gold + len(s.players[RED].cards)
    too_much = next(BOARD.bid_value(i) for i in range(30) if BOARD.bid_value(i) > budget)
    affordable = max(BOARD.bid_value(i) for i in range(30) if BOARD.bid_value(i) <= budget)
    e = refused(s, RED, bid("SAWU", too_much), "A-AUCT-5")
    assert str(too_much) in e.message  # told to Red only: an IllegalDecision, never an event
    assert bid("SAWU", affordable) in A.options(s, RED)
    assert bid("SAWU", too_much) not in A.options(s, RED)


def test_beyond_the_printed_track_and_the_bid_cap_option():
    # A-AUCT-2, A-GAP-3
    s = game(first=EX1)
    s.players[RED].gold = 60
    assert bid("SAWU", 45) in A.options(s, RED) and bid("SAWU", 55) in A.options(s, RED)
    capped = game(first=EX1, options={"bid_cap": 36})
    capped.players[RED].gold = 60
    assert bid("SAWU", 45) not in A.options(capped, RED)
    refused(capped, RED, bid("SAWU", 45), "A-GAP-3")


def test_a_player_may_return_to_a_card_he_was_outbid_on_earlier():
    # A-AUCT-10 [I], A-GAP-28
    s = game(first=EX1)
    for seat, d in [(RED, bid("ABYDOS", 0)), (BLACK, bid("ABYDOS", 1)),
                    (BLUE, bid("SAWU", 0)), (WHITE, bid("DAKHLA", 0))]:
        s, _ = do(s, seat, d)
    s, _ = do(s, RED, bid("SAWU", 1))  # lap 2: Red leaves ABYDOS, outbids Blue
    assert step(s) == ("bid", BLUE)
    s, _ = do(s, BLUE, bid("ABYDOS", 3))  # Blue outbids Black on ABYDOS
    # lap 3: Red is not outbid; Black must move and may not stay on ABYDOS
    assert step(s) == ("bid", BLACK)
    s, _ = do(s, BLACK, bid("SAWU", 3))
    # lap 4: Red, outbid on SAWU now, may go back to ABYDOS where he was outbid in lap 1
    assert step(s) == ("bid", RED)
    assert bid("ABYDOS", 6) in A.options(s, RED)
    assert not any(d.kind == "bid" and d.args["province"] == "SAWU" for d in A.options(s, RED))


def test_settlement_makes_a_short_player_sell_cards():
    # A-GAP-6, A-AUCT-13: the bid may count cards; at settlement he sells to pay
    s = game(first=EX1)
    red = s.players[RED]
    give(s, RED, "G8", "HI")
    red.gold = 2
    s, _ = do(s, RED, bid("SAWU", 3))  # 2 gold + 3 cards (MB, G8, HI) = 5 >= 3
    s, _ = do(s, BLACK, bid("ABYDOS", 0))
    s, _ = do(s, BLUE, bid("DAKHLA", 0))
    s, _ = do(s, WHITE, bid("BAHARYA", 0))
    assert step(s) == ("cover", RED) and current(s)["due"] == 3
    assert [p.seat for p in A.pending(s)] == [RED]
    assert {d.args["card"] for d in A.options(s, RED) if d.kind == "sell"} == {"MB", "G8", "HI"}
    s, events = do(s, RED, Decision("sell", {"card": "HI"}))
    assert events[0].template == "sold" and current(s)["t"] == "buy"
    assert s.players[RED].gold == 0 and s.provinces["SAWU"].owner == RED
    assert "HI" in s.power_discard  # a sold card is face up (A-GAP-24)


# --- Bid Blockade ---------------------------------------------------------------------------------

def test_bid_blockade_needs_two_spaces_above_the_blockader():
    # A-PWR-BB-2: against a blockader at 3 (index 2) the lowest bid is 10 (index 4)
    s = game(first=EX1)
    give(s, RED, "BB")
    s, _ = do(s, RED, Decision("play", {"card": "BB"}))
    s, _ = do(s, RED, bid("ABYDOS", 3))
    refused(s, BLACK, bid("ABYDOS", 6), "A-PWR-BB-2")
    opts = [d.args["value"] for d in A.options(s, BLACK)
            if d.kind == "bid" and d.args["province"] == "ABYDOS"]
    assert min(opts) == BOARD.bid_value(BOARD.bid_index(3) + 2) == 10
    assert "BB" in s.power_discard and s.players[RED].played == ["BB"]  # A-PWR-GEN-2


def test_bid_blockade_is_played_out_of_turn_and_not_pending():
    # A-AUCT-15, A-GAP-16, A-PWR-BB-1: any moment of phase 2, even when not his turn
    s = game(first=EX1)
    give(s, WHITE, "BB")
    assert [p.seat for p in A.pending(s)] == [RED]
    assert Decision("play", {"card": "BB"}) in A.options(s, WHITE)
    s, _ = do(s, RED, bid("ABYDOS", 3))
    s, _ = do(s, WHITE, Decision("play", {"card": "BB"}))  # White is not pending
    assert [p.seat for p in A.pending(s)] == [BLACK]
    assert s.auction["blockade"] == [WHITE]
    # A-PWR-BB-4: no effect on an empty card, and bids already made are not affected
    s, _ = do(s, BLACK, bid("ABYDOS", 6))
    s, _ = do(s, BLUE, bid("SAWU", 0))
    s, _ = do(s, WHITE, bid("DAKHLA", 0))
    refused(s, RED, bid("DAKHLA", 1), "A-PWR-BB-2")  # Red is outbid; White's card is blocked
    assert bid("DAKHLA", 3) in A.options(s, RED)


def test_the_blockade_moves_with_its_marker():
    # A-PWR-BB-3
    s = game(first=EX1)
    give(s, RED, "BB")
    s, _ = do(s, RED, Decision("play", {"card": "BB"}))
    s, _ = do(s, RED, bid("ABYDOS", 0))
    s, _ = do(s, BLACK, bid("ABYDOS", 3))  # two spaces above 0
    s, _ = do(s, BLUE, bid("SAWU", 0))
    s, _ = do(s, WHITE, bid("SAWU", 1))
    s, _ = do(s, RED, bid("DAKHLA", 0))  # lap 2: Red moves, and the blockade with him
    assert step(s) == ("bid", BLUE)
    refused(s, BLUE, bid("DAKHLA", 1), "A-PWR-BB-2")  # Red's 0 is index 0: at least index 2
    s, _ = do(s, BLUE, bid("DAKHLA", 3))


def test_several_blockaders_must_all_be_satisfied_and_a_card_is_played_once_a_round():
    # A-PWR-BB-4, A-PWR-GEN-4
    s = game(first=EX1)
    give(s, RED, "BB", "BB")
    give(s, BLACK, "BB")
    s, _ = do(s, RED, Decision("play", {"card": "BB"}))
    refused(s, RED, Decision("play", {"card": "BB"}), "A-PWR-GEN-4")
    assert Decision("play", {"card": "BB"}) not in A.options(s, RED)
    s, _ = do(s, BLACK, Decision("play", {"card": "BB"}))
    s, _ = do(s, RED, bid("ABYDOS", 1))
    s, _ = do(s, BLACK, bid("ABYDOS", 6))  # index 1 + 2 = 3
    refused(s, BLUE, bid("ABYDOS", 10), "A-PWR-BB-2")  # Black's 6 (index 3) needs index 5
    s, _ = do(s, BLUE, bid("ABYDOS", 15))


def test_auction_cards_only_while_the_auction_is_open():
    # A-PWR-GEN-1, A-PWR-BB-1: after the auction the card cannot be played
    s = game(first=EX1)
    give(s, BLUE, "BB", "OV")
    for seat, x in [(RED, "ABYDOS"), (BLACK, "SAWU"), (BLUE, "DAKHLA"), (WHITE, "BAHARYA")]:
        s, _ = do(s, seat, bid(x, 0))
    assert current(s)["t"] == "buy"
    assert not any(d.kind == "play" for d in A.options(s, BLUE))
    refused(s, BLUE, Decision("play", {"card": "BB"}), "A-PWR-GEN-1")
    refused(s, BLUE, Decision("play", {"card": "OV"}), "A-PWR-GEN-1")


# --- a card played after one's own bid (issue 31) -------------------------------------------------

def play(card):
    return Decision("play", {"card": card})


def test_a_card_play_that_leaves_ones_own_bid_unpayable_is_refused():
    # A-AUCT-5: no one may bid more than he can pay (seed 004, l. 137-138: "Hráči nesmějí sázet
    # více, než jsou schopni zaplatit"); a bid may count the cards he could sell (A-GAP-6). Bid
    # Blockade and Overbid may be played at any moment of phase 2 (A-PWR-BB-1, A-PWR-OV-1,
    # A-GAP-16), but played after his bid they take away a card the bid counted as money, and
    # the settlement would await a sale he cannot make, for ever. Refused, in apply and options.
    s = game(first=EX1)
    give(s, RED, "BB", "OV")  # with his Master Builder, 3 cards
    s.players[RED].gold = 0
    s, _ = do(s, RED, bid("SAWU", 3))  # 0 gold + 3 cards to sell: he can pay 3
    assert [p.seat for p in A.pending(s)] == [BLACK]  # Red would play out of turn
    for card in ("BB", "OV"):
        e = refused(s, RED, play(card), "A-AUCT-5")
        assert "(A-AUCT-5)" in str(e)  # the rule is named to the player
        assert e.message == t("amunre.err.play_afford", card=t(f"amunre.card.{card}"),
                              province="SAWU", value=3, gold=0, cards=2, count=2)
        assert play(card) not in A.options(s, RED)
    assert Decision("sell", {"card": "BB"}) in A.options(s, RED)  # selling keeps the sum
    s, _ = do(s, RED, Decision("sell", {"card": "MB"}))
    refused(s, RED, play("BB"), "A-AUCT-5")
    # in every language the refusal is a real text (tests/data/test_locales.py checks the keys)
    for lang in ("cs", "de", "pl"):
        text = t("amunre.err.play_afford", lang, card="BB", province="SAWU", value=3, gold=0,
                 cards=2, count=2)
        assert "SAWU" in text and text != e.message


def test_a_card_play_the_bid_can_spare_or_after_being_outbid_is_allowed():
    # A-AUCT-5 with A-GAP-6: what is left must still pay the standing bid; an outbid marker is
    # never paid (A-AUCT-9/11: it must move), so it does not hold the cards back
    s = game(first=EX1)
    give(s, RED, "BB", "OV")
    s.players[RED].gold = 1
    s, _ = do(s, RED, bid("SAWU", 3))  # 1 gold + 3 cards = 4
    s, _ = do(s, RED, play("BB"))  # 1 gold + 2 cards = 3: still enough
    e = refused(s, RED, play("OV"), "A-AUCT-5")  # 1 gold + 1 card = 2 is not
    assert e.message == t("amunre.err.play_afford", card=t("amunre.card.OV"), province="SAWU",
                          value=3, gold=1, cards=1, count=1)
    s, _ = do(s, BLACK, bid("SAWU", 10))  # two spaces above Red's 3 (A-PWR-BB-2)
    assert play("OV") in A.options(s, RED)  # outbid: his 3 will not be paid
    s, _ = do(s, RED, play("OV"))
    s, _ = do(s, BLUE, bid("DAKHLA", 0))
    s, _ = do(s, WHITE, bid("BAHARYA", 0))
    assert step(s) == ("bid", RED)  # lap 2: he moves, within 1 gold + 1 card
    assert max(d.args["value"] for d in A.options(s, RED) if d.kind == "bid") == 1
    s, events = do(s, RED, bid("ABYDOS", 1))
    # the auction settles: he pays 1 with his gold and keeps his Master Builder
    assert current(s)["t"] == "buy" and s.provinces["ABYDOS"].owner == RED
    assert {"seat": RED, "paid": 1} in [{k: e.args[k] for k in ("seat", "paid")}
                                        for e in events if e.template == "won"]
    assert "MB" in s.players[RED].cards


# --- Overbid in the Same Province -----------------------------------------------------------------

def test_overbid_lets_an_outbid_holder_raise_on_the_same_card():
    # A-PWR-OV-1/2: when outbid he may bid again where he stands, or move; he must act
    s = game(first=EX1)
    give(s, RED, "OV")
    s, _ = do(s, RED, bid("ABYDOS", 3))
    s, _ = do(s, BLACK, bid("ABYDOS", 6))
    s, _ = do(s, BLUE, bid("SAWU", 0))
    s, _ = do(s, WHITE, bid("DAKHLA", 0))
    assert step(s) == ("bid", RED)
    refused(s, RED, bid("ABYDOS", 10), "A-AUCT-10")  # not yet played
    s, _ = do(s, RED, Decision("play", {"card": "OV"}))
    assert step(s) == ("bid", RED)  # still his turn: the card does not pass
    refused(s, RED, bid("ABYDOS", 6), "A-AUCT-4")
    assert bid("ABYDOS", 10) in A.options(s, RED) and bid("BAHARYA", 0) in A.options(s, RED)
    s, _ = do(s, RED, bid("ABYDOS", 10))
    assert s.auction["markers"][BLACK][0] == "ABYDOS" and step(s)[1] == BLACK


def test_overbid_goes_with_its_holder_to_another_province():
    # A-PWR-OV-3, played out of turn (A-GAP-16)
    s = game(first=EX1)
    give(s, BLUE, "OV")
    s, _ = do(s, BLUE, Decision("play", {"card": "OV"}))  # not pending: Red is
    assert [p.seat for p in A.pending(s)] == [RED]
    s, _ = do(s, RED, bid("ABYDOS", 0))
    s, _ = do(s, BLACK, bid("SAWU", 0))
    s, _ = do(s, BLUE, bid("ABYDOS", 1))
    s, _ = do(s, WHITE, bid("DAKHLA", 0))
    s, _ = do(s, RED, bid("DAKHLA", 1))  # lap 2: Red outbids White on DAKHLA
    s, _ = do(s, WHITE, bid("ABYDOS", 3))  # White outbids Blue on ABYDOS
    # lap 3: Blue, outbid on ABYDOS, may stay there thanks to Overbid
    assert step(s) == ("bid", BLUE)
    assert bid("ABYDOS", 6) in A.options(s, BLUE)
    s, _ = do(s, BLUE, bid("SAWU", 1))  # ...or move; the effect goes with him
    s, _ = do(s, BLACK, bid("BAHARYA", 0))
    assert current(s)["t"] == "buy"
