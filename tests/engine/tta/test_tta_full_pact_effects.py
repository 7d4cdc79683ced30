"""Every pact's effect (C-104…C-113) while it is in play, as statistics of its parties
(F-PACT-17: Player.pact_mods, refreshed when pacts or wonders change), in production (G-PACT-3),
in the science cost (C-113, G-PACT-4) and as the Trade Routes exchange (C-109, G-PACT-6,
G-ASYNC-13); views, the AI's mirror and the listing's memo see the same figures."""

from __future__ import annotations

import engine.tta as T
from engine.core import Decision, Event
from engine.tta import pacts
from engine.tta.ai.mirror import mirror_state
from engine.tta.production import production
from engine.tta.state import Player, State
from engine.tta.stats import stats, uprising
from engine.tta.tokens import stored
from tests.engine.tta.tta_helpers import actor, arrange, end_round_one, game, play, refused


def full(n: int = 3) -> State:
    """Round 2, seat 0's action phase, in the full game (the `mode` option, F-SETUP-3)."""
    s = end_round_one(game(n))
    s.options["mode"] = "full"
    return s


def with_pact(card: str, side: str | None = None, s: State | None = None, owner: int = 0,
              partner: int = 1) -> State:
    s = (full() if s is None else s).clone()
    s.pacts.append({"card": card, "owner": owner, "partner": partner, "side": side})
    pacts.refresh(s)
    return s


def ratings(s: State, field: str) -> list[int]:
    return [getattr(stats(p), field) for p in s.players]


def produced(p: Player) -> list[Event]:
    events: list[Event] = []
    production(p, events)
    return events


def test_c104_international_tourism_counts_the_other_partys_wonders() -> None:
    """C-104: each party's culture rating +1 per completed wonder of the other party, flipped
    ones included; a wonder completed later counts at once (refreshed after the decision)."""
    base = full()
    base.players[0].wonders = ["colossus_a", "pyramids_a"]
    base.players[0].ruins = ["hanging_gardens_a"]
    before = ratings(base, "culture")
    s = with_pact("international_tourism_iii", s=base)
    assert ratings(s, "culture") == [before[0], before[1] + 3, before[2]]
    p = actor(s)  # seat 0 completes a third wonder: seat 1 gains one more
    arrange(p, wonder="great_wall_i", wonder_stages=3, blue={"bronze_a": 2},
            workers={**p.workers})
    p.ca_spent = 0
    after = play(s, 0, "wonder", stages=1)
    assert "great_wall_i" in after.players[0].wonders
    assert stats(after.players[1]).culture == before[1] + 4


def test_c105_loss_of_sovereignty() -> None:
    """C-105: side A culture +2, side B culture −2 (the floor applies to the total,
    F-PACT-17); no attacks between the parties; nobody may declare war on side B."""
    base = full()
    base.players[1].culture = 0
    s = with_pact("loss_of_sovereignty_iii", "A", s=base)
    before = ratings(base, "culture")
    assert stats(s.players[0]).culture == before[0] + 2
    assert stats(s.players[1]).culture == max(before[1] - 2, 0)
    assert pacts.forbids_attack(s, 0, 1) and pacts.forbids_attack(s, 1, 0)
    assert pacts.no_war_on(s, 1) and not pacts.no_war_on(s, 0)


def test_c106_military_pact() -> None:
    """C-106: each party +3 strength; an attack between them ends it (F-PACT-14)."""
    base = full()
    s = with_pact("military_pact_iii", s=base)
    assert ratings(s, "strength") == [x + d for x, d in zip(ratings(base, "strength"), (3, 3, 0),
                                                            strict=True)]
    assert pacts.ending_on_attack(s, 1, 0) == s.pacts


def test_c106_an_attack_compares_strengths_without_the_pact_it_ends() -> None:
    """F-PACT-14, C-106: the table an attack between the parties is judged on has no Military
    Pact, and no +3 (pacts.without keeps the figures fresh on the copy)."""
    base = full()
    s = with_pact("military_pact_iii", s=base)
    judged = pacts.without(s, pacts.ending_on_attack(s, 0, 1))
    assert judged.pacts == [] and ratings(judged, "strength") == ratings(base, "strength")
    assert len(s.pacts) == 1  # the table itself is untouched


def test_c107_peace_treaty() -> None:
    """C-107: each party culture rating +1; no attacks between the parties."""
    base = full()
    s = with_pact("peace_treaty_iii", s=base)
    assert ratings(s, "culture") == [x + d for x, d in zip(ratings(base, "culture"), (1, 1, 0),
                                                           strict=True)]
    assert pacts.forbids_attack(s, 0, 1) and not pacts.forbids_attack(s, 0, 2)


def test_c108_open_borders_agreement() -> None:
    """C-108: each party +1 military action (hand limit too, a red token); the attacker has
    +2 strength in an attack between the parties."""
    base = full()
    s = with_pact("open_borders_agreement_i", s=base)
    assert ratings(s, "military_actions") == [
        x + d for x, d in zip(ratings(base, "military_actions"), (1, 1, 0), strict=True)]
    assert stats(s.players[1]).military_limit == stats(base.players[1]).military_limit + 1
    assert pacts.attack_bonus(s, 1, 0) == 2 and pacts.attack_bonus(s, 2, 0) == 0


def test_c109_trade_routes_side_a_pays_food_for_a_resource_once_a_turn() -> None:
    """C-109, G-PACT-6, G-ASYNC-13: an action-phase decision of side A, no action spent: 1
    food paid, 1 resource gained; once per own turn; the option names the side."""
    s = with_pact("trade_routes_agreement_i", "A")
    p = s.players[0]
    assert Decision("trade_routes", {"side": "A"}) in T.options(s, 0)
    food, res, ca = stored(p, "farm"), stored(p, "mine"), p.ca_spent
    after, events = T.apply(s, 0, Decision("trade_routes", {"side": "A"}))
    q = after.players[0]
    assert (stored(q, "farm"), stored(q, "mine"), q.ca_spent) == (food - 1, res + 1, ca)
    assert events[0] == Event("tta.trade_routes", {"seat": 0, "side": "A"})
    assert not [d for d in T.options(after, 0) if d.kind == "trade_routes"]
    refused(after, 0, "trade_routes", "G-PACT-6")


def test_c109_trade_routes_side_b_and_its_refusals() -> None:
    """C-109: side B pays 1 resource for 1 food; a non-party, a stale side and a player with
    nothing to pay are refused."""
    s = with_pact("trade_routes_agreement_i", "A", owner=1, partner=0)
    p = s.players[0]
    food, res = stored(p, "farm"), stored(p, "mine")
    q = play(s, 0, "trade_routes").players[0]
    assert (stored(q, "farm"), stored(q, "mine")) == (food + 1, res - 1)
    refused(s, 0, "trade_routes", "C-109", side="A")
    refused(with_pact("trade_routes_agreement_i", "A", owner=1, partner=2), 0, "trade_routes",
            "C-109")
    broke = s.clone()
    arrange(broke.players[0], blue={})
    refused(broke, 0, "trade_routes", "C-109")


def test_c110_acceptance_of_supremacy_in_production() -> None:
    """C-110, G-PACT-3: side A +1 resource with his resource production, side B −1 right
    after his mines produced; both skipped in an uprising."""
    s = with_pact("acceptance_of_supremacy_ii", "A")
    a, b = s.players[0], s.players[1]
    plain = full()
    a0, b0 = plain.players[0], plain.players[1]
    produced(a0), produced(b0)
    produced(a), produced(b)
    assert stored(a, "mine") == stored(a0, "mine") + 1
    assert stored(b, "mine") == stored(b0, "mine") - 1
    assert pacts.forbids_attack(s, 0, 1)
    riot = s.clone()
    b = riot.players[1]
    b.yellow_bank, b.pool = 0, 0  # every happy face missing, no unused worker: an uprising
    assert uprising(b)
    mines = stored(b, "mine")
    assert [e.template for e in produced(b)] == ["tta.uprising"] and stored(b, "mine") == mines


def test_c111_international_trade_agreement_in_production() -> None:
    """C-111, G-PACT-3: side A +1 resource in resource production, side B +1 food in food
    production (before consumption)."""
    s = with_pact("international_trade_agreement_ii", "B", owner=0, partner=1)
    plain = full()
    for p in (*s.players[:2], *plain.players[:2]):
        produced(p)
    assert stored(s.players[0], "farm") == stored(plain.players[0], "farm") + 1
    assert stored(s.players[1], "mine") == stored(plain.players[1], "mine") + 1
    assert stored(s.players[0], "mine") == stored(plain.players[0], "mine")


def test_c112_promise_of_military_protection() -> None:
    """C-112: side A culture +1; side B +4 strength and culture −1; an attack between them
    ends it (F-PACT-14)."""
    base = full()
    for p in base.players:
        p.workers["warriors_a"] = 1
    s = with_pact("promise_of_military_protection_ii", "B", s=base)
    assert s.players[0].pact_mods == {"culture": -1, "strength": 4}
    assert s.players[1].pact_mods == {"culture": 1}
    assert stats(s.players[0]).strength == stats(base.players[0]).strength + 4
    assert stats(s.players[1]).culture == stats(base.players[1]).culture + 1
    assert pacts.ending_on_attack(s, 0, 1) == s.pacts


def test_c113_scientific_cooperation_discount_and_payment() -> None:
    """C-113: a party develops for 2 science less (the quote shows it) and the other party pays
    1 science; the same for a revolution."""
    s = with_pact("scientific_cooperation_ii")
    p = s.players[0]
    p.hand = ["iron_i", "monarchy_i"]
    p.science = 10
    s.players[1].science = 1
    develop = next(d for d in T.options(s, 0) if d.kind == "develop")
    assert develop.args == {"card": "iron_i", "cost": 3}  # 5 less 2
    after, events = T.apply(s, 0, develop)
    assert (after.players[0].science, after.players[1].science) == (7, 0)
    assert Event("tta.cooperation", {"seat": 1, "partner": 0, "amount": 1}) in events
    s.players[1].science = 3
    revolution = next(d for d in T.options(s, 0) if d.kind == "revolution")
    assert revolution.args == {"card": "monarchy_i", "cost": 0}  # 2 less 2
    after = play(s, 0, "revolution", card="monarchy_i")
    assert (after.players[0].science, after.players[1].science) == (10, 2)


def test_g_pact_4_no_development_while_the_other_party_has_no_science() -> None:
    """G-PACT-4: while the other party has 0 science the party cannot develop at all."""
    s = with_pact("scientific_cooperation_ii", owner=1, partner=0)
    s.players[0].hand = ["iron_i"]
    s.players[0].science = 10
    s.players[1].science = 0
    assert not [d for d in T.options(s, 0) if d.kind == "develop"]
    refused(s, 0, "develop", "G-PACT-4", card="iron_i")


def test_f_pact_17_views_and_mirrors_show_the_figures() -> None:
    """F-PACT-17: the figures are statistics, so every view shows them; the pacts are public
    (G-ASYNC-16); the AI's mirror of a view rebuilds the same figures."""
    s = with_pact("peace_treaty_iii")
    for seat in (0, 2, None):
        v = T.view(s, seat)
        # each pact as played, with each party's side written out for the pictures
        assert [{k: q[k] for k in ("card", "owner", "partner", "side")}
                for q in v["pacts"]] == s.pacts
        assert [pv["culture_rating"] for pv in v["players"]] == ratings(s, "culture")
    mirror = mirror_state(T.view(s, 2))
    assert [p.pact_mods for p in mirror.players] == [p.pact_mods for p in s.players]


def test_the_figures_survive_dump_and_load() -> None:
    """State.pacts and Player.pact_mods round-trip; a cancelled pact leaves no figure."""
    s = with_pact("military_pact_iii")
    back = T.load(T.dump(s))
    assert [p.pact_mods for p in back.players] == [{"strength": 3}, {"strength": 3}, {}]
    pacts.cancel(back, back.pacts[0], [], "cancel", by=0)
    assert [p.pact_mods for p in back.players] == [{}, {}, {}]
