"""Wars in the full game (shared/rules/through-the-ages.md §3.5, F-WAR-1…9, C-101…C-103, G-WAR-3,
G-ASYNC-8): declaration in the order of F-WAR-5, the pending war, resolution at the start of the
attacker's next turn after the refill and before his politics (F-WAR-7), the advantage (F-WAR-8)
and War over Technology's winner choice."""

from __future__ import annotations

from tta_full_helpers import armed, full, warriors
from tta_helpers import play, refused

import engine.tta as T
from data.tta import CARDS
from engine.core import Decision
from engine.tta.state import State


def declared(card: str, mine: int = 1, theirs: int = 1) -> State:
    s = full()
    armed(s, 0, mine, [card])
    armed(s, 1, theirs, [])
    s.players[0].temp_ma = max(CARDS[card].cost_military_actions - 2, 0)  # 2 on the board
    return play(s, 0, "war", card=card, target=1)


def to_next_turn(s: State, seat: int = 0) -> tuple[State, list]:
    """Every seat ends its turn without acting until `seat`'s next turn has begun (its war
    resolved); returns the state and the events of the steps played."""
    log = []
    start_round = s.round
    while True:
        prompt = T.pending(s)[0]
        if prompt.seat == seat and s.round > start_round and s.turn == seat:
            return s, log
        opts = T.options(s, prompt.seat)
        kinds = {d.kind: d for d in opts}
        d = kinds.get("done") or kinds.get("end") or opts[0]
        s, events = T.apply(s, prompt.seat, d)
        log += events


def test_declaring_makes_a_public_pending_war() -> None:
    """F-WAR-6: the card leaves the hand, the actions are spent, the war is pending in
    State.wars and in every view; strength is not checked (a weaker player may declare)."""
    s = full()
    armed(s, 0, 1, ["war_over_culture_iii"])
    armed(s, 1, 4, [])
    s.players[0].temp_ma = 1  # three military actions for this turn
    opts = [d for d in T.options(s, 0) if d.kind == "war"]
    assert opts[0].args == {"card": "war_over_culture_iii", "target": 1, "name": "Player 2",
                            "cost": 3}
    assert T.describe(opts[0]) == "Declare War over Culture on Player 2 (3 military actions)"
    after, events = T.apply(s, 0, Decision("war", {"card": "war_over_culture_iii",
                                                   "target": 1}))
    assert after.wars == [{"card": "war_over_culture_iii", "attacker": 0, "defender": 1,
                           "round": 2}]
    assert after.players[0].ma_spent == 3 and not after.players[0].military
    # public, with the round it resolves in (the attacker's next turn, F-WAR-7)
    assert T.view(after, 2)["wars"] == [{**after.wars[0], "resolves": 3}]
    assert any(e.template == "tta.war_declared" for e in events)


def test_declaration_refusals() -> None:
    """F-WAR-5: a war card of the hand; not in the last round; not with Gandhi; no pending war
    of his own; another remaining player; no pact forbidding attacks; not on side B of Loss
    of Sovereignty (C-105); the cost available (F-POL-3)."""
    s = full()
    armed(s, 0, 1, ["war_over_territory_ii"])
    refused(s, 0, "war", "F-WAR-5", card="war_over_culture_iii", target=1)
    s.last_round = s.round
    refused(s, 0, "war", "F-WAR-5", card="war_over_territory_ii", target=1)
    s.last_round = None
    s.players[0].leader = "mahatma_gandhi_iii"
    refused(s, 0, "war", "F-POL-4", card="war_over_territory_ii", target=1)
    s.players[0].leader = None
    s.wars.append({"card": "war_over_territory_ii", "attacker": 0, "defender": 2, "round": 1})
    refused(s, 0, "war", "F-WAR-5", card="war_over_territory_ii", target=1)
    s.wars = []
    refused(s, 0, "war", "F-GEN-2", card="war_over_territory_ii", target=0)
    s.pacts.append({"card": "acceptance_of_supremacy_ii", "owner": 1, "partner": 0,
                    "side": "A"})
    refused(s, 0, "war", "F-PACT-14", card="war_over_territory_ii", target=1)
    s.pacts = [{"card": "loss_of_sovereignty_iii", "owner": 1, "partner": 2, "side": "B"}]
    refused(s, 0, "war", "C-105", card="war_over_territory_ii", target=1)
    s.pacts = []
    s.players[0].ma_spent = 1
    refused(s, 0, "war", "F-POL-3", card="war_over_territory_ii", target=1)


def test_war_over_culture_at_the_attackers_next_turn() -> None:
    """F-WAR-7/8, C-101: resolved at the start of his next turn (after the refill, before
    his politics); the loser loses min(5 + advantage, his culture), the winner scores it."""
    s = declared("war_over_culture_iii", mine=1, theirs=1)
    s.players[1].culture = 20
    assert s.wars  # pending through the other players' turns
    warriors(s.players[0], 4)  # the attacker builds up in the meantime: advantage 3
    s, events = to_next_turn(s)
    assert s.wars == [] and s.players[1].culture == 12 and s.players[0].culture >= 8
    won = next(e for e in events if e.template == "tta.war_won")
    assert (won.args["winner"], won.args["loser"], won.args["amount"]) == (0, 1, 3)
    order = [e.template for e in events]
    turn = max(i for i, t in enumerate(order) if t == "tta.turn")
    assert turn < order.index("tta.war_won")  # in seat 0's new turn
    assert T.pending(s)[0].kind == "politics"  # his politics phase comes after
    assert "war_over_culture_iii" in s.military_discard["III"]


def test_the_defender_may_win() -> None:
    """F-WAR-3/8: either participant can win; the loser here is the attacker."""
    s = declared("war_over_culture_iii", mine=1, theirs=3)
    s.players[0].culture = 4
    s, events = to_next_turn(s)
    won = next(e for e in events if e.template == "tta.war_won")
    assert won.args["winner"] == 1 and s.players[0].culture == 0


def test_equal_strength_has_no_effect() -> None:
    """F-WAR-8: equal strength, no effect; the card is discarded."""
    s = declared("war_over_territory_ii", mine=2, theirs=2)
    s, events = to_next_turn(s)
    assert any(e.template == "tta.war_even" for e in events)
    assert s.wars == []


def test_war_over_territory() -> None:
    """C-103: t = 1 + ⌊advantage / 5⌋ yellow tokens, capped by the loser's yellow bank."""
    s = declared("war_over_territory_ii", mine=7, theirs=1)
    yellow = [p.yellow_bank for p in s.players]
    s, events = to_next_turn(s)
    territory = next(e for e in events if e.template == "tta.war_territory")
    assert territory.args["amount"] == 2  # advantage 6
    assert s.players[1].yellow_bank == yellow[1] - 2
    assert s.players[1].yellow_box == -2 and s.players[0].yellow_box == 2


def test_war_over_technology_asks_the_winner() -> None:
    """C-102, G-WAR-3, G-ASYNC-8: the winner takes special technologies one at a time, each
    costing its printed science out of the advantage, then science for what is left."""
    s = declared("war_over_technology_ii", mine=10, theirs=1)  # Warfare: +1, advantage 8
    q = s.players[1]
    q.techs += ["warfare_i", "code_of_laws_i"]  # science costs 5 and 6
    q.science = 10
    s, _ = to_next_turn(s)
    assert s.queue[0]["t"] == "tech_war" and T.pending(s)[0].seat == 0
    opts = T.options(s, 0)
    assert [d.args for d in opts] == [{"card": "code_of_laws_i", "cost": 6},
                                      {"card": "warfare_i", "cost": 5},
                                      {"amount": 8}]
    assert T.describe(opts[1]) == "Take Warfare (science cost 5)"
    refused(s, 0, "steal", "G-WAR-3", card="strategy_ii")
    science = [p.science for p in s.players]
    s, events = T.apply(s, 0, Decision("steal", {"card": "warfare_i"}))
    assert "warfare_i" in s.players[0].techs and "warfare_i" not in s.players[1].techs
    # 3 left: Code of Laws (6) no longer fits, so science is the only option, a forced move
    forced = next(e for e in events if e.template == "forced")
    assert forced.args["decision"] == {"kind": "science", "args": {"amount": 3}}
    assert s.players[0].science == science[0] + 3 and s.players[1].science == science[1] - 3
    assert T.pending(s)[0].kind == "politics"


def test_a_stolen_lower_technology_leaves_the_game() -> None:
    """G-WAR-3, T-TECH-4: the winner keeps the higher special technology of a type."""
    s = declared("war_over_technology_ii", mine=6, theirs=1)
    s.players[0].techs.append("strategy_ii")  # +3 strength: 9 against 2, advantage 7
    s.players[1].techs.append("warfare_i")
    s, _ = to_next_turn(s)
    s.players[1].science = 1
    s, events = T.apply(s, 0, Decision("steal", {"card": "warfare_i"}))
    assert "warfare_i" in s.removed and "strategy_ii" in s.players[0].techs
    assert "warfare_i" not in s.players[1].techs
    # 7 - 5 = 2 left, only science remains: a forced move takes min(2, 1)
    taken = next(e for e in events if e.template == "tta.war_science")
    assert taken.args["amount"] == 1 and s.players[1].science == 0
