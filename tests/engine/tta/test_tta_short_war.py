"""Wars in the shorter game (shared/rules/through-the-ages.md §4.1, V-SHORT-5/12, G-ASYNC-8): a
declaration names `which` war — its own card's or the public War over Culture —, pays the named
war's cost, the pending war is marked with it (public), the named war's effect applies at
resolution and the card played is discarded; the public card never moves."""

from __future__ import annotations

from tta_full_helpers import armed
from tta_helpers import end_round_one, open_politics, play, refused
from tta_short_helpers import short

import engine.tta as T
from engine.core import Decision
from engine.tta.shortgame import WAR_OVER_CULTURE
from engine.tta.state import State

TERRITORY = "war_over_territory_ii"  # C-103: 2 military actions


def politics(**options: object) -> State:
    """Round 2, seat 0's politics phase in a 3-player short game; seat 0 holds War over
    Territory with 3 military actions this turn, strength 5 against seat 1's 1."""
    s = open_politics(end_round_one(short(3, **options)))
    armed(s, 0, 5, [TERRITORY])
    armed(s, 1, 1, [])
    s.players[0].temp_ma = 1  # 2 on the board + 1
    return s


def test_a_war_card_offers_both_wars_with_their_costs() -> None:
    """V-SHORT-12: each war card, each target, each war named; the cost is the named war's
    (War over Culture: 3); the label names the war and its cost."""
    s = politics()
    opts = [d for d in T.options(s, 0) if d.kind == "war" and d.args["target"] == 1]
    assert [(d.args["which"], d.args["cost"]) for d in opts] == [("own", 2),
                                                                 ("war_over_culture", 3)]
    assert T.describe(opts[0]) == "Declare War over Territory on Player 2 (2 military actions)"
    assert T.describe(opts[1]) == \
        "Play War over Territory as War over Culture on Player 2 (3 military actions)"


def test_declaring_war_over_culture_pays_its_cost_and_marks_the_war() -> None:
    """V-SHORT-12: the named war's cost is paid; the card played lies in front of the attacker
    marked with the war named, public in every view; the public card stays where it is."""
    s = politics()
    after, events = T.apply(s, 0, Decision("war", {"card": TERRITORY, "target": 1,
                                                   "which": "war_over_culture"}))
    assert after.players[0].ma_spent == 3 and TERRITORY not in after.players[0].military
    assert after.wars == [{"card": TERRITORY, "attacker": 0, "defender": 1, "round": 2,
                           "war": WAR_OVER_CULTURE}]
    for seat in (1, 2, None):
        assert T.view(after, seat)["wars"][0]["war"] == WAR_OVER_CULTURE
        assert T.view(after, seat)["short"]["war"] == WAR_OVER_CULTURE
    declared = next(e for e in events if e.template == "tta.war_declared")
    assert T.event_text(declared, ["Ann", "Bob", "Cid"], None) == (
        "Ann plays War over Territory and declares War over Culture on Bob (military actions "
        "spent: 3); it is resolved at the start of Ann's next turn.")


def test_war_over_culture_resolves_and_the_own_card_is_discarded() -> None:
    """V-SHORT-12, C-101: at the attacker's next turn War over Culture's effect applies (the
    loser loses min(5 + advantage, his culture), the winner scores it); the card played goes to
    its discard pile; nothing of War over Territory happens."""
    s = play(politics(), 0, "war", card=TERRITORY, target=1, which="war_over_culture")
    s = s.clone()
    s.players[1].culture = 20
    resolved: dict[str, dict] = {}
    while not (s.turn == 0 and s.round == 3):
        seat = T.pending(s)[0].seat
        opts = {d.kind: d for d in T.options(s, seat)}
        s, events = T.apply(s, seat, opts.get("done") or opts.get("end")
                            or T.options(s, seat)[0])
        resolved.update({e.template: e.args for e in events if e.template.startswith("tta.war")})
    assert s.wars == []
    assert resolved["tta.war_won"]["card"] == WAR_OVER_CULTURE
    assert resolved["tta.war_culture"] == {"seat": 0, "loser": 1, "amount": 5 + 4}
    assert "tta.war_territory" not in resolved  # C-103 not applied
    assert s.players[1].culture == 20 - (5 + 4)  # advantage 5 - 1
    assert TERRITORY in s.military_discard["II"]
    assert s.short["war"] == WAR_OVER_CULTURE  # the public card never moves


def test_naming_its_own_war_works_as_in_the_full_game() -> None:
    """V-SHORT-12: `own` is the card's war at its printed cost."""
    s = play(politics(), 0, "war", card=TERRITORY, target=1, which="own")
    assert s.players[0].ma_spent == 2 and s.wars[0]["war"] == TERRITORY


def test_a_declaration_must_name_a_war() -> None:
    """V-SHORT-12: in the shorter game `which` is required and one of own | war_over_culture;
    in the full game it is no part of the decision. Refusals change nothing."""
    s = politics()
    refused(s, 0, "war", "V-SHORT-12", card=TERRITORY, target=1)
    refused(s, 0, "war", "V-SHORT-12", card=TERRITORY, target=1, which="war_over_territory")
    full = s.clone()
    full.options["mode"], full.short = "full", None
    refused(full, 0, "war", "V-SHORT-12", card=TERRITORY, target=1, which="own")


def test_war_over_culture_needs_its_own_cost() -> None:
    """V-SHORT-12, F-WAR-5 step 9: 2 military actions pay for War over Territory, not for War
    over Culture."""
    s = politics()
    s.players[0].temp_ma = 0
    refused(s, 0, "war", "F-POL-3", card=TERRITORY, target=1, which="war_over_culture")
    assert play(s, 0, "war", card=TERRITORY, target=1, which="own").wars


def test_the_ai_names_a_war_legally() -> None:
    """V-SHORT-12 (engine/tta/ai): with a margin to spare the easy and normal AI declare a war
    among the legal options, naming one of the two wars; War over Culture (an Age III war, 3
    military actions) is valued by its own age and cost."""
    from engine.tta.ai import decide
    from engine.tta.ai.policy import Ctx, attack_score
    s = politics()
    for level in ("easy", "normal"):
        d, own = decide(s, 0, level)
        assert own and d in T.options(s, 0)
        assert d.kind == "war" and d.args["which"] in ("own", "war_over_culture")
    import random
    opts = [d for d in T.options(s, 0) if d.kind == "war" and d.args["target"] == 1]
    c = Ctx(T.view(s, 0), 0, opts, "normal", random.Random(1))
    own_war, culture = (attack_score(c, d) for d in opts)
    assert own_war == 2 + 1.0 - 0.3 * 2 and culture == 3 + 1.0 - 0.3 * 3
