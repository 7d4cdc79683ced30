"""The AI and pacts (F-PACT-2, F-PACT-11): it answers a pact offer legally, on the pact's value to
it (ai/pactvalue.py), and offers a pact worth something to it; random full games with every pact
in the hands keep the properties of the tutorial's (pure apply, tokens conserved, the offer
hidden from the other seats, the pacts' figures never stale)."""

from __future__ import annotations

import json
import random

import engine.tta as T
import engine.tta.ai as AI
from data.tta import CARDS
from engine.core import Decision
from engine.tta import pacts
from engine.tta.state import State
from tests.engine.tta.tta_helpers import conserved, end_round_one, fingerprint, game, open_politics

ALL_PACTS = sorted(c.id for c in CARDS.values() if c.kind == "pact")


def full() -> State:
    s = end_round_one(game(3))
    s.options["mode"] = "full"
    return s


def offered(card: str, side: str | None = None, strength: tuple[int, int] = (1, 1)) -> State:
    """Seat 0 has offered `card` to seat 1 (warriors set the strengths)."""
    s = full()
    for seat, n in enumerate(strength):
        p = s.players[seat]
        p.yellow_bank -= n - p.workers.get("warriors_a", 0)
        p.workers["warriors_a"] = n
    s.players[0].military = [card]
    s = open_politics(s)
    args = {"card": card, "partner": 1} | ({"side": side} if side else {})
    return T.apply(s, 0, Decision("offer", args))[0]


def test_the_ai_accepts_a_peace_treaty_from_a_stronger_player() -> None:
    """F-PACT-11, C-107: +1 culture a round and no attacks from the stronger offerer."""
    s = offered("peace_treaty_iii", strength=(6, 1))
    for level in ("easy", "normal", "strong"):
        d, own = AI.decide(s, 1, level, random.Random(3))
        assert own and d.kind == "accept" and d in T.options(s, 1)


def test_the_ai_refuses_to_lose_resources_to_a_weaker_player() -> None:
    """C-110: side B of Acceptance of Supremacy gives a resource every round to side A, and
    its "no attacks" only protects the weaker offerer."""
    s = offered("acceptance_of_supremacy_ii", side="A", strength=(1, 6))
    d, own = AI.decide(s, 1, "normal", random.Random(3))
    assert own and d == Decision("refuse", {})


def test_the_ai_offers_a_pact_worth_something_to_it() -> None:
    """F-PACT-2: with a Peace Treaty in hand, the normal AI offers it (culture for both, the
    partner expected to accept) rather than doing nothing."""
    s = full()
    s.players[0].military = ["peace_treaty_iii"]
    s = open_politics(s)
    d, own = AI.decide(s, 0, "normal", random.Random(3))
    assert own and d.kind == "offer" and d.args["card"] == "peace_treaty_iii"


def test_random_full_games_with_pacts_keep_their_properties() -> None:
    """Random legal play from round 2 with every pact dealt into the hands (the AI answering
    the offers): apply is pure, tokens are conserved, the pending offer is only in the views of
    its two parties, and the pacts' figures equal a fresh refresh after every step."""
    seen: set[str] = set()
    for seed in (5, 6):
        s = full()
        rng = random.Random(seed)
        for i, card in enumerate(ALL_PACTS):
            s.players[i % 3].military.append(card)
        for _ in range(250):
            if s.result is not None:
                break
            prompt = T.pending(s)[0]
            opts = T.options(s, prompt.seat)
            if prompt.kind == "pact_answer":
                d = AI.choose(s, prompt.seat, "normal", random.Random(seed))
                assert d in opts
            else:
                # a resignation takes the resigner's tokens off the table (F-RES-5): it has
                # tests of its own, and conservation here counts the remaining players' only
                d = rng.choice([o for o in opts if o.kind not in ("end", "resign")] or opts)
            before = fingerprint(s)
            after, _ = T.apply(s, prompt.seat, d)
            assert fingerprint(s) == before
            conserved(after)
            fresh = after.clone()
            pacts.refresh(fresh)
            assert [p.pact_mods for p in fresh.players] == [p.pact_mods for p in after.players]
            if after.pact_offer is not None:
                parties = (after.pact_offer["owner"], after.pact_offer["partner"])
                for seat in (*range(3), None):
                    shown = json.dumps(T.view(after, seat)["pact_offer"])
                    assert (after.pact_offer["card"] in shown) is (seat in parties)
            seen.update(p["card"] for p in after.pacts)
            s = after
    assert len(seen) >= 3  # pacts did come into play
