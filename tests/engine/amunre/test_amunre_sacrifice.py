"""Phase 4, the secret sacrifice to Amun-Re (A-SAC), Sacrifice Correction (A-PWR-SC), the
commit-reveal receipts and what others may see of a sealed choice (A-INFO), with the worked
example A-EX-7."""

from __future__ import annotations

import json
from dataclasses import asdict

import pytest

import engine.amunre as A
from data.amunre import BOARD
from engine.amunre import receipts
from engine.amunre.flow import current
from engine.core import Decision, IllegalDecision
from tests.engine.amunre.test_amunre_helpers import (
    BLACK,
    BLUE,
    EX1,
    NAMES4,
    RED,
    WHITE,
    WINS,
    do,
    fingerprint,
    game,
    give,
    put,
    sac,
    settle_auction,
    step,
)


def at_sacrifice(start: int = RED, cards: dict[int, list[str]] | None = None):
    s = game(first=EX1, start=start)
    for seat, held in (cards or {}).items():
        give(s, seat, *held)
    s = settle_auction(s, WINS)
    while current(s)["t"] == "buy":
        s, _ = do(s, step(s)[1], Decision("end_turn"))
    assert current(s)["t"] == "sacrifice"
    return s


def seal_all(s, choices: dict[int, Decision]):
    events = []
    for seat, d in choices.items():
        s, ev = do(s, seat, d)
        events += ev
    return s, events


def refused(s, seat, d, rule):
    before = fingerprint(s)
    with pytest.raises(IllegalDecision) as e:
        A.apply(s, seat, d)
    assert e.value.rule == rule, e.value
    assert fingerprint(s) == before
    return e.value


def test_worked_example_a_ex_7():
    # A-SAC-1..16, A-EX-7: Red 9, Blue 4, Black -3, White -3
    s = at_sacrifice(start=BLACK)
    assert sorted(p.seat for p in A.pending(s)) == [RED, BLACK, BLUE, WHITE]  # all at once
    gold = [p.gold for p in s.players]
    s, events = seal_all(s, {WHITE: sac(minus3=True), RED: sac(9), BLACK: sac(minus3=True),
                             BLUE: sac(4)})
    total = 9 + 4 + 2 * BOARD["minus3_value"]
    assert total == 7
    assert s.sacrifice["total"] == total and s.temple == BOARD.temple_space(7).space == 2
    assert s.sacrifice["ranking"] == [RED, BLUE] and s.sacrifice["thieves"] == [BLACK, WHITE]
    assert s.pharaoh == RED  # A-SAC-16
    assert step(s) == ("reward", RED) and current(s)["left"] == BOARD["sacrifice_rewards"][0]
    for _ in range(3):
        s, _ = do(s, RED, Decision("take", {"item": "card"}))
    assert step(s) == ("reward", BLUE) and current(s)["left"] == BOARD["sacrifice_rewards"][1]
    assert s.players[BLACK].gold == gold[BLACK]  # the thieves are paid after the items
    s, _ = do(s, BLUE, Decision("take", {"item": "stone", "province": "SAWU"}))
    s, ev = do(s, BLUE, Decision("stop"))  # A-SAC-15: he may take fewer
    thief = BOARD["thief_gold"]
    assert [e.args["seat"] for e in ev if e.template == "thief"] == [BLACK, WHITE]
    assert s.players[BLACK].gold == gold[BLACK] + thief
    assert s.players[WHITE].gold == gold[WHITE] + thief
    assert s.players[RED].gold == gold[RED] - 9 and s.players[BLUE].gold == gold[BLUE] - 4
    assert all(p.minus3 for p in s.players)  # A-SAC-17: the "-3" cards return
    assert A.verify_receipts(events + ev) == []


def test_a_sacrifice_is_gold_or_the_minus3_card_alone():
    # A-SAC-1/2, A-SAC-4 (refused, never turned into a penalty), A-PWR-SC-3
    s = at_sacrifice()
    refused(s, RED, sac(0), "A-SAC-1")
    refused(s, RED, sac(3, minus3=True), "A-SAC-2")
    refused(s, RED, sac(1, correction=True), "A-PWR-SC-3")
    refused(s, RED, Decision("sacrifice", {"gold": 1, "extra": 1}), "A-DEC-4")
    refused(s, RED, Decision("sacrifice", {"gold": "1"}), "A-DEC-4")
    e = refused(s, RED, sac(s.players[RED].gold + 1), "A-SAC-1")
    assert str(s.players[RED].gold) in e.message  # his own gold, told to him only
    opts = A.options(s, RED)
    assert sac(minus3=True) in opts and sac(s.players[RED].gold) in opts and sac(0) not in opts
    s, _ = do(s, RED, sac(2))
    refused(s, RED, sac(2), "A-SAC-3")  # a second sacrifice
    assert not any(d.kind == "sacrifice" for d in A.options(s, RED))


def test_a_sealed_sacrifice_stays_secret_until_the_reveal():
    # A-SAC-3, A-INFO-1, A-INFO-5: views, events, versions
    s = at_sacrifice(cards={RED: ["SC"]})
    before_views = {q: asdict(A.view(s, q)) for q in (BLACK, BLUE, WHITE, None)}
    before_versions = {q: A.version(s, q) for q in (BLACK, BLUE, WHITE)}
    d = sac(7, correction=True)
    assert A.sealed(s, RED, d)
    s2, events = do(s, RED, d)
    for q in (BLACK, BLUE, WHITE):
        assert A.version(s2, q) == before_versions[q]  # their prompts stay valid
    for q, v in before_views.items():
        after = asdict(A.view(s2, q))
        changed = {k for k in after if after[k] != v[k]}
        assert changed <= {"players", "waiting"}, changed  # who is awaited is public
        assert after["players"][RED]["sealed"] and after["players"][RED]["offer"] is None
        assert after["players"][RED]["gold"] is None
        assert [p for i, p in enumerate(after["players"]) if i != RED] == [
            p for i, p in enumerate(v["players"]) if i != RED]
    public = [e for e in events if e.private_to is None]
    assert [e.template for e in public] == ["sealed"]
    assert set(public[0].args) == {"seat", "round", "what", "receipt"}
    assert len(public[0].args["receipt"]) == 64
    short = public[0].args["receipt"][:receipts.SHORT]
    for q in (BLACK, BLUE, WHITE, None):
        texts = [A.event_text(e, NAMES4, q) for e in events]
        assert texts[1] is None  # the private note
        bare = texts[0].replace(short, "")
        assert short in texts[0] and not any(c.isdigit() for c in bare)
        assert "Correction" not in texts[0]
    assert "7" in A.event_text(events[1], NAMES4, RED)
    own = A.view(s2, RED).players[RED]
    assert own.offer["gold"] == 7 and own.offer["correction"] and "nonce" not in own.offer
    assert not A.reveals(s, s2, RED)
    assert A.version(s2, RED) != A.version(s, RED)


def test_the_reveal_opens_every_choice_with_its_nonce_and_the_receipts_check():
    # A-SAC-5, A-INFO-5, receipts
    s = at_sacrifice()
    s, events = seal_all(s, {RED: sac(5), BLACK: sac(minus3=True), BLUE: sac(1), WHITE: sac(2)})
    opened = next(e for e in events if e.template == "sacrifices")
    assert opened.private_to is None and len(opened.args["opened"]) == 4
    assert {o["seat"]: o["choice"]["gold"] for o in opened.args["opened"]} == {
        RED: 5, BLACK: 0, BLUE: 1, WHITE: 2}
    assert A.verify_receipts(events) == []
    assert A.verify_receipts([e.to_json() for e in events]) == []  # as stored by the host
    # a choice changed after sealing no longer matches its receipt
    forged = [e.to_json() for e in events]
    for e in forged:
        if e["template"] == "sacrifices":
            e["args"]["opened"][0]["choice"]["gold"] += 1
    assert len(A.verify_receipts(forged)) == 1
    # an opened choice without a receipt is reported too
    assert A.verify_receipts([opened])


def test_nonces_are_deterministic_and_not_in_any_view():
    # the nonce key comes from the seeded RNG (replay reproduces it) and is never shown
    s1, s2 = at_sacrifice(), at_sacrifice()
    s1, ev1 = do(s1, RED, sac(3))
    s2, ev2 = do(s2, RED, sac(3))
    assert ev1[0].args["receipt"] == ev2[0].args["receipt"]
    nonce = s1.players[RED].offer["nonce"]
    assert nonce == receipts.nonce(s1.secret, 1, "sacrifice", RED)
    for q in (None, RED, BLACK, BLUE, WHITE):
        text = json.dumps(asdict(A.view(s1, q)), default=str)
        assert nonce not in text and s1.secret not in text
    other = game(first=EX1, seed=2)
    assert other.secret != s1.secret


def test_a_seal_takes_the_hosts_fresh_nonce_and_refuses_a_malformed_one():
    # A-SAC-3, A-DEC-4 (issue 31): the host's randomness (the `salt` hook) is the nonce, so a
    # seal made again after an undo gets a new one; a decision that carries anything but 32
    # lower-case hex digits is malformed and changes nothing
    s = at_sacrifice()
    salted = A.salt(s, RED, sac(3), "ab" * 16)
    assert salted.args == {**sac(3).args, "nonce": "ab" * 16}
    assert A.salt(s, RED, Decision("sell", {"card": "MB"}), "ab" * 16).args == {"card": "MB"}
    after, events = do(s, RED, salted)
    assert after.players[RED].offer["nonce"] == "ab" * 16
    assert events[0].args["receipt"] == receipts.receipt(1, "sacrifice", RED, {
        "gold": 3, "minus3": False, "correction": False}, "ab" * 16)
    again, _ = do(s, RED, A.salt(s, RED, sac(3), "cd" * 16))  # the same choice, sealed anew
    assert again.players[RED].offer["receipt"] != after.players[RED].offer["receipt"]
    for bad in ("AB" * 16, "ab" * 15, 12, None, "zz" * 16):
        refused(s, RED, Decision("sacrifice", {**sac(3).args, "nonce": bad}), "A-DEC-4")


def test_sacrifice_correction_pharaoh_first_and_his_own_rank_unchanged():
    # A-SAC-7, A-PWR-SC-1..3, A-GAP-13, A-GAP-34
    s = at_sacrifice(start=BLUE, cards={RED: ["SC"], WHITE: ["SC"]})
    s, _ = seal_all(s, {RED: sac(6, correction=True), BLACK: sac(2), BLUE: sac(1),
                        WHITE: sac(minus3=True, correction=True)})
    base = 6 + 2 + 1 + BOARD["minus3_value"]
    assert s.sacrifice["total"] == base
    # Pharaoh Blue; clockwise: White, then Red
    assert step(s) == ("correction", WHITE)
    delta = BOARD["correction"]
    assert [d.args["delta"] for d in A.options(s, WHITE) if d.kind == "correction"] == [
        delta, -delta]  # no abstaining
    refused(s, WHITE, Decision("correction", {"delta": 0}), "A-SAC-7")
    s, _ = do(s, WHITE, Decision("correction", {"delta": delta}))
    assert step(s) == ("correction", RED)
    s, _ = do(s, RED, Decision("correction", {"delta": delta}))
    assert s.sacrifice["total"] == base + 2 * delta
    assert s.temple == BOARD.temple_space(base + 2 * delta).space
    assert s.sacrifice["ranking"] == [RED, BLACK, BLUE]  # White is a thief with or without SC
    assert s.power_discard.count("SC") == 2 and "SC" in s.players[RED].played


def test_correction_may_abstain_variant():
    # A-GAP-13 alternative
    s = game(first=EX1, options={"correction_may_abstain": True})
    give(s, RED, "SC")
    s = settle_auction(s, WINS)
    while current(s)["t"] == "buy":
        s, _ = do(s, step(s)[1], Decision("end_turn"))
    s, _ = seal_all(s, {RED: sac(1, correction=True), BLACK: sac(1), BLUE: sac(1), WHITE: sac(1)})
    assert Decision("correction", {"delta": 0}) in A.options(s, RED)


def test_ties_go_to_the_pharaoh_then_clockwise():
    # A-SAC-11, A-SAC-12
    s = at_sacrifice(start=BLUE)
    s, _ = seal_all(s, {RED: sac(4), BLACK: sac(4), BLUE: sac(2), WHITE: sac(4)})
    assert s.sacrifice["ranking"] == [WHITE, RED, BLACK, BLUE]
    assert [r["items"] for r in s.sacrifice["rewards"]] == [3, 2, 1, 1]
    assert s.pharaoh == WHITE


def test_all_thieves_keep_the_pharaoh_and_the_total_may_be_negative():
    # A-SAC-6, A-SAC-16, A-SAC-9
    s = at_sacrifice(start=BLACK)
    s, events = seal_all(s, {q: sac(minus3=True) for q in range(4)})
    assert s.sacrifice["total"] == 4 * BOARD["minus3_value"] < 0
    assert s.temple == BOARD.temple_space(s.sacrifice["total"]).space == 1
    assert s.pharaoh == BLACK and s.sacrifice["ranking"] == []
    assert sum(1 for e in events if e.template == "thief") == 4


def test_one_honest_player_takes_three_and_the_rewards_are_placed_at_once():
    # A-SAC-12, A-SAC-14, A-ERR-2: a third stone becomes a pyramid at once
    s = at_sacrifice()
    put(s, "DAKHLA", stones=2)
    s, _ = seal_all(s, {RED: sac(1), BLACK: sac(minus3=True), BLUE: sac(minus3=True),
                        WHITE: sac(minus3=True)})
    assert step(s) == ("reward", RED) and current(s)["left"] == 3
    opts = A.options(s, RED)
    # farmers only on free fields, Free Farmer not allowed here (A-SAC-14)
    assert Decision("take", {"item": "farmer", "province": "DAKHLA"}) in opts
    assert Decision("stop") in opts
    s, _ = do(s, RED, Decision("take", {"item": "stone", "province": "DAKHLA"}))
    assert s.provinces["DAKHLA"].pyramids == 1 and s.provinces["DAKHLA"].stones == 0
    refused(s, RED, Decision("take", {"item": "farmer", "province": "SAWU"}), "A-SAC-14")
    refused(s, RED, Decision("take", {"item": "gold"}), "A-SAC-12")
    s, _ = do(s, RED, Decision("take", {"item": "farmer", "province": "DAKHLA"}))
    held = len(s.players[RED].cards)
    s, ev = do(s, RED, Decision("take", {"item": "card"}))  # the limit does not apply
    assert len(s.players[RED].cards) == held + 1
    assert [e.private_to for e in ev if e.template == "drew"] == [RED]
    assert current(s)["t"] != "reward"


def test_a_full_farming_area_takes_no_farmer():
    # A-SAC-15: he may not pick a farmer he has no field for
    s = at_sacrifice()
    put(s, "DAKHLA", farmers=BOARD.provinces["DAKHLA"].free_fields)
    s, _ = seal_all(s, {RED: sac(1), BLACK: sac(minus3=True), BLUE: sac(minus3=True),
                        WHITE: sac(minus3=True)})
    assert not any(d.args.get("item") == "farmer" for d in A.options(s, RED))
    refused(s, RED, Decision("take", {"item": "farmer", "province": "DAKHLA"}), "A-SAC-15")


def test_selling_during_the_sacrifice_is_public_and_keeps_the_seat_pending():
    # A-PWR-GEN-3, A-SAC-18: sell first to sacrifice the card's value
    s = at_sacrifice()
    s, ev = do(s, RED, Decision("sell", {"card": "MB"}))
    assert ev[0].template == "sold" and ev[0].private_to is None
    assert RED in [p.seat for p in A.pending(s)]
    assert not A.sealed(s, RED, Decision("sell", {"card": "MB"}))
