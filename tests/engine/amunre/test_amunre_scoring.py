"""Phase 6, scoring (A-SCORE), the bonus cards (A-PWR-BPC/BFA/BUL/BEW/BNB) and the secret
scoring choice (A-DEC-6, A-INFO-1), with the worked examples A-EX-9..14."""

from __future__ import annotations

from dataclasses import asdict

import pytest

import engine.amunre as A
from data.amunre import BOARD, BONUS_CARDS, PROVINCE_NAMES
from engine.amunre import receipts
from engine.amunre.flow import current
from engine.amunre.scoring import breakdown, condition, gold_points, side_winners
from engine.core import Decision, IllegalDecision
from tests.engine.amunre.test_amunre_helpers import (
    BLACK,
    BLUE,
    NAMES4,
    RED,
    WHITE,
    clear_owners,
    do,
    fingerprint,
    give,
    put,
    run_until,
)

PROV = BOARD.provinces


def at_bonus(round_no: int = 6, seed: int = 3):
    """The secret scoring frame of round 3 or 6 (passive players keep their Master Builder, so
    every seat is listed in round 6)."""
    s = A.new_game(NAMES4, seed, {"start_player": RED})
    if round_no != 6:
        s = run_until(s, "sacrifice", round_no=round_no)
        give(s, RED, "BFA")
        put(s, s.owned(RED)[0], plain=BOARD["bonus_farmers"])
    return run_until(s, "bonus", round_no=round_no)


def arrange(s, owners: dict[int, list[str]]):
    clear_owners(s)
    for p in s.provinces.values():
        p.pyramids = p.stones = p.farmers = p.plain_farmers = 0
    s.supply.update(stones=BOARD["stones"], farmers=BOARD["farmers"],
                    pyramids=BOARD["pyramids"]["single"] + 2 * BOARD["pyramids"]["double"])
    for q, names in owners.items():
        for x in names:
            put(s, x, owner=q)


def finish_choices(s, first: dict[int, list[Decision]] | None = None):
    events = []
    for seat, ds in (first or {}).items():
        for d in ds:
            s, ev = do(s, seat, d)
            events += ev
    while current(s) is not None and current(s)["t"] == "bonus":
        seat = A.pending(s)[0].seat
        s, ev = do(s, seat, Decision("done"))
        events += ev
    return s, events


def scored(events) -> dict[int, dict]:
    return {e.args["seat"]: e.args for e in events if e.template == "scored"}


def test_worked_example_a_ex_9_rows():
    # A-SCORE-4: two complete rows and an incomplete third score 6
    s = A.new_game(4, 1)
    arrange(s, {RED: ["ABU", "AVARIS", "SAWU"]})
    for x, n in (("ABU", 3), ("AVARIS", 2), ("SAWU", 2)):
        put(s, x, pyramids=n)
    s.temple = 1
    assert breakdown(s, RED, [], None)["rows"] == 2 * BOARD["row_points"] == 6
    assert breakdown(s, RED, [], None)["pyramids"] == 7  # A-SCORE-3


def test_worked_example_a_ex_10_sides_of_the_nile():
    # A-SCORE-5: EDFU most in the west; ABU and BERENIKE tied in pyramids and stones (east)
    assert PROV["EDFU"].side == "west" and PROV["ABU"].side == PROV["BERENIKE"].side == "east"
    s = A.new_game(4, 1)
    west = [x for x in PROVINCE_NAMES if PROV[x].side == "west" and x != "EDFU"]
    arrange(s, {BLUE: ["EDFU", "BERENIKE", west[0]], WHITE: ["ABU", west[1], west[2]]})
    put(s, "EDFU", pyramids=3)
    put(s, west[0], pyramids=2)
    put(s, "ABU", pyramids=2, stones=1)
    put(s, "BERENIKE", pyramids=2, stones=1)
    s.temple = 1
    assert side_winners(s, "west") == [BLUE] and side_winners(s, "east") == [BLUE, WHITE]
    blue, white = breakdown(s, BLUE, [], None), breakdown(s, WHITE, [], None)
    assert blue["west"] + blue["east"] == 2 * BOARD["side_points"] == 10  # once per side
    assert white["west"] + white["east"] == BOARD["side_points"] == 5
    # stones decide a tie in pyramids
    put(s, "ABU", stones=2)
    assert side_winners(s, "east") == [WHITE]


def test_no_pyramid_on_a_side_scores_nothing_and_unowned_provinces_are_ignored():
    # A-SCORE-6, A-GAP-9, A-GAP-26
    s = A.new_game(4, 1)
    arrange(s, {RED: ["ABU", "AVARIS", "SAWU"]})
    s.temple = 1
    assert side_winners(s, "east") == [] and side_winners(s, "west") == []
    put(s, "EDFU", pyramids=5)  # nobody owns it
    assert side_winners(s, "west") == []


def test_worked_example_a_ex_11_temples():
    # A-SCORE-7, A-EX-11: DAMANHUR's 2 temples at 3 points each (space 3 under A-SCORE-7)
    s = A.new_game(4, 1)
    arrange(s, {BLACK: ["DAMANHUR", "ABU", "SAWU"]})
    space = next(sp for sp in BOARD.temple if sp.points == 3)
    s.temple = space.space
    assert breakdown(s, BLACK, [], None)["temples"] == PROV["DAMANHUR"].temples * 3 == 6


def test_worked_example_a_ex_12_gold_ranking():
    # A-SCORE-9: tied players score their place in full and the next place is skipped
    six, four, two = BOARD["gold_points"]
    assert gold_points([30, 30, 12, 5]) == [six, six, two, 0]
    assert gold_points([9, 20, 20, 20]) == [0, six, six, six]
    assert gold_points([1, 2, 3]) == [two, four, six]


def _second_card(s, seat, names):
    for card in ("BPC", "BUL", "BEW", "BNB"):
        if condition(s, seat, card):
            return card
    raise AssertionError(f"no second bonus condition holds for {names} with this data")


def test_worked_example_a_ex_13_final_scoring_and_a_err_3():
    # A-EX-13 (A-ERR-3: the end of the game, round 6): Blue 7 + 3 + 5 + 5 + 1 + 6 + 0 = 27
    s = at_bonus(6)
    third = next(x for x in PROVINCE_NAMES if x not in ("EDFU", "BERENIKE")
                 and PROV[x].side == "west" and PROV[x].temples == 0)
    others = [x for x in PROVINCE_NAMES if x not in ("EDFU", "BERENIKE", third)]
    arrange(s, {BLUE: ["EDFU", "BERENIKE", third], RED: others[0:3], BLACK: others[3:6],
                WHITE: others[6:9]})
    put(s, "EDFU", pyramids=3)
    put(s, "BERENIKE", pyramids=3)
    put(s, third, pyramids=1)
    put(s, "BERENIKE", plain=BOARD["bonus_farmers"])  # Farmer Bonus holds
    s.temple = next(sp.space for sp in BOARD.temple if sp.points == 1)
    for q, gold in enumerate([40, 30, 5, 20]):
        s.players[q].gold = gold
    second = _second_card(s, BLUE, ["EDFU", "BERENIKE", third])
    give(s, BLUE, "BFA", second)
    s, events = finish_choices(s, {BLUE: [Decision("play", {"card": "BFA"}),
                                          Decision("play", {"card": second}),
                                          Decision("done")]})
    parts = scored(events)[BLUE]["parts"]
    temples = PROV["EDFU"].temples * BOARD.space(s.temple).points
    assert parts == {"pyramids": 7, "rows": 3, "west": 5, "east": 5, "temples": temples,
                     "bonus": 6, "gold": 0}
    assert temples == 1 and scored(events)[BLUE]["total"] == 27
    assert A.result(s) is not None  # A-END-1


def test_worked_example_a_ex_14_identical_bonus_cards():
    # A-PWR-GEN-4: a second Farmer Bonus is refused, another bonus card is not
    s = at_bonus(6)
    owned = s.owned(RED)
    put(s, owned[0], plain=BOARD["bonus_farmers"])
    give(s, RED, "BFA", "BFA")
    s, _ = do(s, RED, Decision("play", {"card": "BFA"}))
    assert Decision("play", {"card": "BFA"}) not in A.options(s, RED)
    before = fingerprint(s)
    with pytest.raises(IllegalDecision) as e:
        A.apply(s, RED, Decision("play", {"card": "BFA"}))
    assert e.value.rule == "A-PWR-GEN-4" and fingerprint(s) == before


def test_a_bonus_card_whose_condition_fails_cannot_be_played():
    # A-SCORE-8, A-GAP-21
    s = at_bonus(6)
    give(s, RED, "BFA")
    for x in s.owned(RED):
        put(s, x, farmers=0, plain=0)
    assert not condition(s, RED, "BFA")
    assert Decision("play", {"card": "BFA"}) not in A.options(s, RED)
    before = fingerprint(s)
    with pytest.raises(IllegalDecision) as e:
        A.apply(s, RED, Decision("play", {"card": "BFA"}))
    assert e.value.rule == "A-SCORE-8" and fingerprint(s) == before


@pytest.mark.parametrize("card", BONUS_CARDS)
def test_each_bonus_condition(card):
    # A-PWR-BPC-1, A-PWR-BFA-1, A-PWR-BUL-1, A-PWR-BEW-1, A-PWR-BNB-1 (read from the data)
    s = A.new_game(4, 1)
    trios = [(a, b, c) for a in PROVINCE_NAMES for b in PROVINCE_NAMES for c in PROVINCE_NAMES
             if a < b < c]

    def holds(trio, farmers=0):
        ps = [PROV[x] for x in trio]
        return {"BPC": sum(p.power_symbols for p in ps) >= BOARD["bonus_power_symbols"],
                "BFA": sum(p.printed_farmers for p in ps) + farmers >= BOARD["bonus_farmers"],
                "BUL": len({p.region for p in ps}) == 1, "BEW": len({p.side for p in ps}) == 1,
                "BNB": len({p.bank for p in ps}) == 1}[card]

    no = next(tr for tr in trios if not holds(tr))
    arrange(s, {RED: list(no)})
    assert not condition(s, RED, card), (card, no)
    if card == "BFA":  # field, printed and Free Farmer farmers all count (A-GAP-10)
        baharya = next(tr for tr in trios if "BAHARYA" in tr)
        arrange(s, {RED: list(baharya)})
        fields = BOARD["bonus_farmers"] - PROV["BAHARYA"].printed_farmers - 1
        room = [x for x in baharya for _ in range(PROV[x].free_fields)][:fields]
        for x in set(room):
            put(s, x, farmers=room.count(x))
        assert not condition(s, RED, "BFA")
        put(s, baharya[0], plain=BOARD["bonus_farmers"] - len(room)
            - PROV["BAHARYA"].printed_farmers)
        assert condition(s, RED, "BFA")
        return
    yes = next(tr for tr in trios if holds(tr))
    arrange(s, {RED: list(yes)})
    assert condition(s, RED, card), (card, yes)


def test_the_scoring_choice_is_secret_until_everything_is_revealed():
    # A-DEC-6, A-INFO-1, A-SCORE-10, receipts
    s = at_bonus(6)
    give(s, RED, "G8")
    listed = sorted(p.seat for p in A.pending(s))
    assert RED in listed
    others = [q for q in range(4) if q != RED]
    versions = {q: A.version(s, q) for q in others}
    views = {q: asdict(A.view(s, q)) for q in [*others, None]}
    gold = s.players[RED].gold
    events = []
    for d in (Decision("sell", {"card": "G8"}), Decision("done")):
        assert A.sealed(s, RED, d)
        s2, ev = do(s, RED, d)
        events += ev
        for q in others:
            if q in listed:
                assert A.version(s2, q) == versions[q]
        s = s2
    assert [e.template for e in events if e.private_to is None] == ["sealed"]
    for q, v in views.items():
        after = asdict(A.view(s, q))
        assert [p for i, p in enumerate(after["players"]) if i != RED] == [
            p for i, p in enumerate(v["players"]) if i != RED]
        assert after["players"][RED]["choice"] is None and after["power_discard"] == v[
            "power_discard"]
    assert s.players[RED].gold == gold  # the sale pays at the reveal
    # a non-listed or finished seat cannot sell in public meanwhile
    with pytest.raises(IllegalDecision):
        A.apply(s, RED, Decision("sell", {"card": "MB"}))
    s, ev = finish_choices(s)
    events += ev
    assert A.verify_receipts(events) == []
    opened = next(e for e in events if e.template == "choices")
    assert {o["seat"]: o["choice"]["sell"] for o in opened.args["opened"]}[RED] == ["G8"]
    ranking = next(e for e in events if e.template == "gold_ranking")
    assert ranking.args["gold"][RED] == gold + BOARD["sell_price"]  # counted before the ranking


def test_old_kingdom_scoring_has_no_gold_and_carries_scores_over():
    # A-SCORE-1, A-SCORE-9 (gold at the end only), A-SCORE-11
    s = at_bonus(3)
    assert s.round == 3
    s, events = finish_choices(s)
    assert not any(e.template == "gold_ranking" for e in events)
    assert all("gold" not in e.args["parts"] for e in events if e.template == "scored")
    assert all(e.args["score"] == e.args["total"] for e in events if e.template == "scored")
    assert s.round == 4


def test_bonus_cards_played_count_and_go_to_the_discards():
    # A-SCORE-8, A-PWR-GEN-2
    s = at_bonus(3)
    playable = [d for d in A.options(s, RED) if d.kind == "play"]
    assert Decision("play", {"card": "BFA"}) in playable
    s, events = finish_choices(s, {RED: [Decision("play", {"card": "BFA"})]})
    assert scored(events)[RED]["parts"]["bonus"] == BOARD["bonus_points"]
    assert "BFA" in s.power_discard


def _trio_for(card: str) -> list[str]:
    trios = [[a, b, c] for a in PROVINCE_NAMES for b in PROVINCE_NAMES for c in PROVINCE_NAMES
             if a < b < c]
    s = A.new_game(4, 1)
    for trio in trios:
        arrange(s, {RED: trio})
        if card == "BFA":
            put(s, trio[0], plain=BOARD["bonus_farmers"])
        if condition(s, RED, card):
            return trio
    raise AssertionError(f"no three provinces meet {card} with this data")


@pytest.mark.parametrize("card", BONUS_CARDS)
def test_each_bonus_card_scores_when_played_at_the_scoring(card):
    # A-SCORE-8, A-PWR-BPC-1 / BFA-1 / BUL-1 / BEW-1 / BNB-1, A-PWR-GEN-2
    s = at_bonus(6)
    trio = _trio_for(card)
    rest = [x for x in PROVINCE_NAMES if x not in trio]
    arrange(s, {RED: trio, BLACK: rest[0:3], BLUE: rest[3:6], WHITE: rest[6:9]})
    if card == "BFA":
        put(s, trio[0], plain=BOARD["bonus_farmers"])
    s.temple = 1
    give(s, RED, card)
    s, events = finish_choices(s, {RED: [Decision("play", {"card": card}), Decision("done")]})
    assert scored(events)[RED]["parts"]["bonus"] == BOARD["bonus_points"]
    assert card in s.power_discard and card not in s.players[RED].cards


def test_the_scoring_choice_is_sealed_with_the_hosts_fresh_nonce():
    # A-DEC-6 (issue 31): "done" closes the secret choice and takes the host's randomness as
    # its nonce (the `salt` hook); a malformed one is refused and changes nothing
    s = at_bonus()
    seat = next(q for q in range(4) if q in current(s)["seats"])
    done = A.salt(s, seat, Decision("done"), "0f" * 16)
    assert done.args == {"nonce": "0f" * 16}
    after, events = do(s, seat, done)
    sealed = next(e for e in events if e.template == "sealed")
    choice = {"bonus": [], "sell": []}
    assert sealed.args["receipt"] == receipts.receipt(6, "bonus", seat, choice, "0f" * 16)
    for bad in ("0F" * 16, "0f", 7):
        before = fingerprint(s)
        with pytest.raises(IllegalDecision) as e:
            A.apply(s, seat, Decision("done", {"nonce": bad}))
        assert e.value.rule == "A-DEC-6" and fingerprint(s) == before
    with pytest.raises(IllegalDecision):
        A.apply(s, seat, Decision("done", {"nonce": "0f" * 16, "extra": 1}))
