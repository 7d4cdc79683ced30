"""A-DEC-7 (A-GAP-17): the decisions taken when the host forces play on."""

from __future__ import annotations

import engine.amunre as A
from data.amunre import BOARD
from engine.amunre.defaults import timeout_decision
from engine.amunre.flow import current
from engine.core import Decision
from tests.engine.amunre.test_amunre_helpers import BLACK, RED, bid, do, game, give, run_until


def test_a_game_of_defaults_only_ends_and_each_default_is_the_rules():
    s = A.new_game(4, 12)
    seen: set[str] = set()
    while A.result(s) is None:
        seat = A.pending(s)[0].seat
        d = timeout_decision(s, seat)
        kind = current(s)["t"]
        seen.add(kind)
        assert d in A.options(s, seat)
        if kind == "bid":
            assert d.args["value"] == 0
        if kind == "sacrifice":
            assert d.args["minus3"] and not d.args["gold"]  # A-SAC-4: the "-3" card
        if kind in ("buy", "reward", "income", "bonus"):
            assert d.kind in ("end_turn", "stop", "done")
        s, _ = A.apply(s, seat, d)
    assert {"bid", "buy", "sacrifice", "income", "bonus"} <= seen
    assert timeout_decision(s, 0) is None


def test_defaults_for_correction_and_a_shortfall():
    s = game(first=["BAHARYA", "DAKHLA", "ABYDOS", "SAWU"])
    give(s, RED, "SC", "G8")
    assert timeout_decision(s, BLACK) is None  # not pending
    s.players[RED].gold = 0
    s, _ = do(s, RED, bid("SAWU", 1))
    for seat, x in ((1, "ABYDOS"), (2, "DAKHLA"), (3, "BAHARYA")):
        s, _ = do(s, seat, bid(x, 0))
    assert current(s)["t"] == "cover"
    assert timeout_decision(s, RED) == Decision("sell", {"card": "MB"})  # acquired first
    s, _ = do(s, RED, timeout_decision(s, RED))
    s = run_until(s, "sacrifice")
    s, _ = do(s, RED, Decision("sacrifice", {"minus3": True, "correction": True}))
    for q in (1, 2, 3):
        s, _ = do(s, q, timeout_decision(s, q))
    assert current(s)["t"] == "correction"
    assert timeout_decision(s, RED) == Decision("correction", {"delta": BOARD["correction"]})
