"""Aggressions in the full game (shared/rules/through-the-ages.md §3.4, F-AGGR-1…11, C-90…C-100,
G-AGGR-4…7, G-ASYNC-7): legality in the order of F-AGGR-6, playing (F-AGGR-7), the defender's
secret one-seat answer (F-AGGR-8), resolution (F-AGGR-9) and every card's effect."""

from __future__ import annotations

from tta_full_helpers import armed, full
from tta_helpers import arrange, end_round_one, fingerprint, game, open_politics, play, refused

import engine.tta as T
from data.tta import CARDS
from engine.core import Decision
from engine.tta.state import State
from engine.tta.stats import stats
from engine.tta.tokens import stored

BONUS_I = "defense_colonization_i"  # +2 (C-74)
BONUS_II = "defense_colonization_ii"  # +4


def attack(s: State, card: str, target: int = 1, **args: object) -> State:
    return play(s, 0, "aggression", card=card, target=target, **args)


def ready(card: str, mine: int = 3, theirs: int = 1, military: list[str] | None = None
          ) -> State:
    """Seat 0 (strength `mine`) holds `card`; seat 1 (strength `theirs`) holds `military`."""
    s = full()
    armed(s, 0, mine, [card])
    armed(s, 1, theirs, military if military is not None else [])
    armed(s, 2, theirs, [])
    return s


# --- legality (F-AGGR-6, F-POL-3/4, G-AGGR-4) -------------------------------------------------

def test_options_name_the_card_the_target_and_the_cost() -> None:
    """F-AGGR-6: only legal (card, target) pairs are offered, with the target's name and the
    cost for the label (G-ASYNC-7 step 1)."""
    s = ready("raid_i")
    armed(s, 2, 5, [])  # stronger than the attacker: not a target
    opts = [d for d in T.options(s, 0) if d.kind == "aggression"]
    assert [d.args for d in opts] == [{"card": "raid_i", "target": 1, "name": "Player 2",
                                       "cost": 1}]
    assert T.describe(opts[0]) == "Play Raid I against Player 2 (1 military action)"


def test_no_aggression_outside_a_game_with_attacks() -> None:
    """F-SETUP-1, V-PEACE-3: a tutorial (or peaceful) game has no aggression at all."""
    s = open_politics(end_round_one(game(3)))
    armed(s, 0, 3, ["raid_i"])
    refused(s, 0, "aggression", "F-POL-1", card="raid_i", target=1)
    s = ready("raid_i")
    s.options["peaceful"] = "strict"
    refused(s, 0, "aggression", "F-POL-1", card="raid_i", target=1)


def test_equal_or_lower_strength_is_refused() -> None:
    """F-AGGR-6 step 8: strictly stronger; equal strength is refused."""
    s = ready("raid_i", mine=2, theirs=2)
    err = refused(s, 0, "aggression", "F-AGGR-6", card="raid_i", target=1)
    assert "2" in str(err)
    refused(ready("raid_i", mine=1, theirs=2), 0, "aggression", "F-AGGR-6", card="raid_i",
            target=1)


def test_military_actions_must_be_available() -> None:
    """F-POL-3: the cost is paid with available red tokens, else the card cannot be played."""
    s = ready("raid_ii")  # 2 military actions
    s.players[0].ma_spent = 1
    refused(s, 0, "aggression", "F-POL-3", card="raid_ii", target=1)


def test_bad_targets_and_cards() -> None:
    """F-AGGR-6 steps 2 and 4: a card of the hand, another remaining player (F-GEN-2)."""
    s = ready("raid_i")
    refused(s, 0, "aggression", "F-GEN-2", card="raid_i", target=0)
    refused(s, 0, "aggression", "F-GEN-2", card="raid_i", target=7)
    refused(s, 0, "aggression", "F-AGGR-6", card="plunder_i", target=1)  # not in hand
    s.players[1].resigned = True
    refused(s, 0, "aggression", "F-GEN-2", card="raid_i", target=1)


def test_a_pact_that_forbids_attacks() -> None:
    """F-AGGR-6 step 5, F-PACT-14: Peace Treaty forbids attacks both ways."""
    s = ready("raid_i")
    s.pacts.append({"card": "peace_treaty_iii", "owner": 1, "partner": 0, "side": None})
    refused(s, 0, "aggression", "F-PACT-14", card="raid_i", target=1)


def test_infiltrate_and_annex_need_an_object() -> None:
    """F-AGGR-6 step 6, G-AGGR-4: Infiltrate needs a leader or unfinished wonder, Annex a
    colony."""
    refused(ready("infiltrate_ii"), 0, "aggression", "G-AGGR-4", card="infiltrate_ii",
            target=1)
    refused(ready("annex_ii"), 0, "aggression", "G-AGGR-4", card="annex_ii", target=1)


def test_gandhi_may_not_attack_and_costs_double_as_a_target() -> None:
    """F-POL-4: Mahatma Gandhi's player plays no aggression; attacking him costs twice."""
    s = ready("raid_i")
    s.players[0].leader = "mahatma_gandhi_iii"
    refused(s, 0, "aggression", "F-POL-4", card="raid_i", target=1)
    s = ready("raid_ii")  # 2 military actions, 4 against Gandhi; 2 available
    s.players[1].leader = "mahatma_gandhi_iii"
    refused(s, 0, "aggression", "F-POL-3", card="raid_ii", target=1)
    s = ready("raid_i")
    s.players[1].leader = "mahatma_gandhi_iii"
    after = attack(s, "raid_i", cost=2)
    assert after.players[0].ma_spent == 2


def test_a_stale_quote_is_refused() -> None:
    """T-ACT-3: a label whose cost or name no longer matches is refused."""
    s = ready("raid_i")
    refused(s, 0, "aggression", "T-ACT-3", card="raid_i", target=1, cost=3)
    refused(s, 0, "aggression", "T-ACT-3", card="raid_i", target=1, name="Someone")


def test_open_borders_and_attack_ending_pacts() -> None:
    """F-AGGR-6 step 8, F-AGGR-7, C-108: Open Borders gives the attacker +2 (equal strength
    becomes legal); a Military Pact between the two is cancelled when the aggression is
    played, whatever the outcome."""
    s = ready("raid_i", mine=2, theirs=2)
    s.pacts.append({"card": "open_borders_agreement_i", "owner": 1, "partner": 0,
                    "side": None})
    s.pacts.append({"card": "military_pact_iii", "owner": 0, "partner": 1, "side": None})
    after, events = T.apply(s, 0, Decision("aggression", {"card": "raid_i", "target": 1}))
    assert [p["card"] for p in after.pacts] == ["open_borders_agreement_i"]
    played = next(e for e in events if e.template == "tta.aggression")
    assert (played.args["attack"], played.args["defence"]) == (4, 2)
    assert any(e.template == "tta.pact_ended" and e.args["reason"] == "attack" for e in events)


# --- playing and the defender's answer (F-AGGR-7, F-AGGR-8, G-ASYNC-7) ----------------------

def test_playing_spends_and_asks_the_defender_in_secret() -> None:
    """F-AGGR-7: the card is revealed, the actions spent, the political action used;
    F-AGGR-8: a one-seat secret frame with the public facts only."""
    s = ready("plunder_ii", military=[BONUS_I, "rats_i"])
    after = attack(s, "plunder_ii")
    assert "plunder_ii" not in after.players[0].military
    assert after.players[0].ma_spent == 1
    frame = after.queue[0]
    assert frame == {"t": "defend", "seats": [1], "card": "plunder_ii", "attacker": 0,
                     "defender": 1, "s_att": 3, "s_def": 1, "limit": 2}
    assert T.pending(after)[0].seat == 1
    assert not any(f["t"] == "politics" for f in after.queue)  # the action is used


def test_the_picks_are_private() -> None:
    """G-ASYNC-6/7: the picks live in State.defence, shown only in the defender's view; the
    frame and every other view (the spectator's too) never hold them; a pick is sealed."""
    s = play(attack(ready("plunder_ii", military=[BONUS_I, "rats_i"]), "plunder_ii"), 1,
             "discard", card="rats_i")
    assert s.defence == {"seat": 1, "bonus": [], "discard": ["rats_i"]}
    assert T.view(s, 1)["defence"]["discard"] == ["rats_i"]
    assert T.view(s, 0)["defence"] is None and T.view(s, 2)["defence"] is None
    assert T.view(s, None)["defence"] is None
    assert "rats_i" not in str(T.view(s, 0)["pending"])
    assert T.view(s, 0)["players"][1]["military_count"] == 2  # nothing left the hand yet
    assert T.sealed(s, 1, Decision("bonus", {"card": BONUS_I}))


def test_defence_refusals() -> None:
    """F-AGGR-2: no more cards than military actions; F-AGGR-8: a bonus card from the hand,
    each card once; the state is unchanged after a refusal."""
    s = attack(ready("plunder_ii", military=[BONUS_I, "rats_i", "foray_i"]), "plunder_ii")
    refused(s, 1, "bonus", "F-AGGR-8", card=BONUS_II)  # not in his hand
    refused(s, 1, "bonus", "F-AGGR-8", card="rats_i")  # not a bonus card
    s = play(s, 1, "bonus", card=BONUS_I)
    refused(s, 1, "discard", "F-AGGR-8", card=BONUS_I)  # already picked
    s = play(s, 1, "discard", card="rats_i")
    # two military actions, two cards: the answer is complete and resolved
    assert s.defence is None and s.queue[0]["t"] != "defend"


def test_a_defence_beyond_the_limit_is_refused() -> None:
    """F-AGGR-2: a pick beyond the military-action total is refused (state unchanged)."""
    s = attack(ready("plunder_ii", military=[BONUS_I, "rats_i", "foray_i"]), "plunder_ii")
    s = play(s, 1, "discard", card="rats_i")
    s.queue[0]["limit"] = 1  # as with one military action
    refused(s, 1, "discard", "F-AGGR-2", card="foray_i")


def test_repelled_on_a_tie_and_the_channel_never_sees_the_discards() -> None:
    """F-AGGR-9: D = S_def + bonus values + 1 per discard; D = S_att repels (ties favour the
    defender); the cards go to the discard piles; public: the bonus cards and the number
    discarded; the discarded cards only in the defender's own log."""
    s = attack(ready("plunder_ii", military=[BONUS_I, "rats_i"]), "plunder_ii")
    culture = s.players[0].culture
    s = play(s, 1, "discard", card="rats_i")
    after, events = T.apply(s, 1, Decision("done", {}))
    assert after.players[1].military == [BONUS_I]
    assert after.military_discard["I"] == ["rats_i"]
    assert after.military_discard["II"] == ["plunder_ii"]
    defence = next(e for e in events if e.template == "tta.defence")
    assert defence.args["total"] == 2 and defence.args["count"] == 1
    assert defence.args["cards"] == [] and defence.private_to is None
    private = next(e for e in events if e.template == "tta.defence_discards")
    assert private.private_to == 1 and private.args["cards"] == ["rats_i"]
    assert any(e.template == "tta.aggression_won" for e in events)  # 2 < 3
    names = ["A", "B", "C"]
    public = [T.text.event_text(e, names, None) for e in events]
    assert not any("Rats" in (line or "") for line in public)
    assert after.players[0].culture == culture


def test_a_bonus_card_repels() -> None:
    """F-AGGR-9: a played bonus card adds its defence value (C-74: +2 for Age I)."""
    s = attack(ready("plunder_i", military=[BONUS_I]), "plunder_i")
    s = play(s, 1, "bonus", card=BONUS_I)  # the only card: the answer is complete
    assert s.defence is None and s.players[1].military == []
    assert "defense_colonization_i" in s.military_discard["I"]


def test_no_prompt_without_military_cards() -> None:
    """G-AGGR-7: a defender without military cards is not asked; the aggression resolves."""
    s = ready("spy_ii")
    s.players[1].science = 9
    after = attack(s, "spy_ii")
    assert after.players[0].science - s.players[0].science == 5
    assert after.players[1].science == 4  # C-100
    assert T.pending(after)[0].kind == "action"


def ready_won(card: str, **kw: object) -> State:
    """`card` played by seat 0 on seat 1, who has no military card (G-AGGR-7): resolved."""
    s = ready(card)
    for key, value in kw.items():
        setattr(s.players[1], key, value)
    return attack(s, card)


# --- the effects (C-90…C-100) ------------------------------------------------------------------

def test_armed_intervention_takes_up_to_seven_culture() -> None:
    """C-90: min(7, the defender's culture), moved to the attacker."""
    after = ready_won("armed_intervention_iii", culture=10)
    assert after.players[1].culture == 3 and after.players[0].culture == 7
    after = ready_won("armed_intervention_iii", culture=4)
    assert after.players[1].culture == 0 and after.players[0].culture == 4


def test_spy_takes_up_to_five_science() -> None:
    """C-100: min(5, the defender's science)."""
    s = ready("spy_ii")
    s.players[1].science = 3
    after = attack(s, "spy_ii")
    assert after.players[1].science == 0
    assert after.players[0].science - s.players[0].science == 3


def test_plunder_offers_the_splits_of_the_most_it_can_take() -> None:
    """C-94, G-AGGR-6: up to 3 food and resources together, the attacker's split, capped by
    what the defender stores; the defender pays, the attacker gains."""
    s = ready("plunder_i")
    arrange(s.players[1], blue={"agriculture_a": 2, "bronze_a": 1})  # 2 food, 1 resource
    after, events = T.apply(s, 0, Decision("aggression", {"card": "plunder_i", "target": 1}))
    # the only split of the most (3) is a forced choice, taken by the agenda (G-ASYNC-7)
    forced = next(e for e in events if e.template == "forced")
    assert forced.args["decision"]["args"] == {"food": 2, "resources": 1}
    assert stored(after.players[1], "farm") == 0 and stored(after.players[1], "mine") == 0
    assert stored(after.players[0], "farm") - stored(s.players[0], "farm") == 2
    assert stored(after.players[0], "mine") - stored(s.players[0], "mine") == 1


def test_plunder_ii_lets_the_attacker_split() -> None:
    """C-98: up to 5; every split of the most that can be taken is offered."""
    s = ready("plunder_ii")
    arrange(s.players[1], blue={"agriculture_a": 4, "bronze_a": 4})
    s = attack(s, "plunder_ii")
    splits = [(d.args["food"], d.args["resources"]) for d in T.options(s, 0)]
    assert splits == [(1, 4), (2, 3), (3, 2), (4, 1)]
    assert T.describe(T.options(s, 0)[0]) == "Take food 1, resources 4"
    refused(s, 0, "plunder", "F-AGGR-9", food=5, resources=0)
    after = play(s, 0, "plunder", food=4, resources=1)
    assert stored(after.players[1], "farm") == 0 and stored(after.players[1], "mine") == 3


def test_raid_i_destroys_an_old_building_for_half_its_cost() -> None:
    """C-95: one urban building of Age A or I; its worker to the pool; ⌈printed cost / 2⌉
    resources to the attacker."""
    s = ready("raid_i")
    arrange(s.players[1], techs=["theology_i"],
            workers={**s.players[1].workers, "theology_i": 1})  # cost 5
    pool = s.players[1].pool
    s = attack(s, "raid_i")
    assert [d.args["cards"] for d in T.options(s, 0)] == [["philosophy_a"], ["theology_i"]]
    after = play(s, 0, "raid", cards=["theology_i"])
    assert "theology_i" not in after.players[1].workers and after.players[1].pool == pool + 1
    assert stored(after.players[0], "mine") - stored(s.players[0], "mine") == 3


def test_raid_ii_fills_both_slots() -> None:
    """C-99, G-AGGR-5: one building of Age II or older and one of Age I or older, both when
    possible; the gain is ⌈sum of printed costs / 2⌉."""
    s = ready("raid_ii")
    d = s.players[1]
    arrange(d, techs=["theology_i"], workers={"philosophy_a": 2, "theology_i": 1,
                                              "agriculture_a": 2, "bronze_a": 2})
    s = attack(s, "raid_ii")
    options = [x.args["cards"] for x in T.options(s, 0)]
    assert options == [["philosophy_a", "philosophy_a"], ["philosophy_a", "theology_i"]]
    after = play(s, 0, "raid", cards=["philosophy_a", "theology_i"])
    assert after.players[1].workers.get("philosophy_a") == 1
    cost = CARDS["philosophy_a"].cost_resources + 5  # Theology: 5
    assert stored(after.players[0], "mine") - stored(s.players[0], "mine") == -(-cost // 2)


def test_enslave() -> None:
    """C-93: the defender loses 1 population (an unused worker first, G-POP-1); the attacker
    gains 2 food and 2 resources."""
    s = ready("enslave_i")
    before = s.players[1].pool
    after = attack(s, "enslave_i")
    assert after.players[1].pool == before - 1
    assert stored(after.players[0], "farm") - stored(s.players[0], "farm") == 2
    assert stored(after.players[0], "mine") - stored(s.players[0], "mine") == 2


def test_enslave_asks_the_defender_which_worker() -> None:
    """C-93, G-ASYNC-7 step 4: without an unused worker, the defender chooses the card."""
    s = ready("enslave_i")
    arrange(s.players[1], pool=0)
    after = attack(s, "enslave_i")
    frame = after.queue[0]
    assert frame["t"] == "ev" and frame["seat"] == 1 and frame["event"] == "enslave_i"


def test_annex_moves_a_colony_with_its_tokens() -> None:
    """C-96: the permanent effect moves (its tokens back to the box and out of it); the
    immediate effect is not repeated."""
    s = ready("annex_ii")
    q = s.players[1]
    q.colonies.append("developed_territory_i")  # +1 yellow, +1 blue permanently
    q.yellow_bank += 1
    q.blue_bank += 1
    q.yellow_box += 1
    q.blue_box += 1
    science = s.players[0].science
    yellow, blue = s.players[0].yellow_bank, s.players[0].blue_bank
    after = attack(s, "annex_ii")  # a single colony: the forced choice is taken
    assert after.players[0].colonies == ["developed_territory_i"]
    assert after.players[1].colonies == []
    assert after.players[0].yellow_bank == yellow + 1 and after.players[0].blue_bank == blue + 1
    assert after.players[1].yellow_bank == q.yellow_bank - 1
    assert after.players[0].science == science


def test_infiltrate_removes_the_leader_or_the_wonder() -> None:
    """C-97: the attacker's choice; 3 culture per level; the defender loses no culture."""
    s = ready("infiltrate_ii")
    q = s.players[1]
    q.leader = "alexander_the_great_a"
    q.wonder, q.wonder_stages = "colossus_a", 0
    q.culture = 5
    s = attack(s, "infiltrate_ii")
    assert sorted(d.args["card"] for d in T.options(s, 0)) == sorted([q.leader, "colossus_a"])
    after = play(s, 0, "infiltrate", card="colossus_a")
    assert after.players[1].wonder is None and after.players[0].culture == 0  # Age A: 3 × 0
    s2 = ready("infiltrate_ii")
    s2.players[1].leader = "christopher_columbus_i"
    after = attack(s2, "infiltrate_ii")
    assert after.players[1].leader is None and after.players[0].culture == 3
    assert "christopher_columbus_i" in after.removed


def test_a_repelled_aggression_changes_nothing_but_the_cards() -> None:
    """F-AGGR-3/9: repelled, no effect; the attacker's actions are not refunded."""
    s = ready("spy_ii", mine=2, theirs=1, military=[BONUS_I])
    s.players[1].science = 9
    s = attack(s, "spy_ii")
    after = play(s, 1, "bonus", card=BONUS_I)
    assert after.players[1].science == 9 and after.players[0].ma_spent == 1
    assert stats(after.players[1]).strength == 1


def test_refusal_keeps_the_state() -> None:
    """Every refusal above leaves the state as it was (fingerprint)."""
    s = ready("raid_i", mine=1, theirs=1)
    before = fingerprint(s)
    refused(s, 0, "aggression", "F-AGGR-6", card="raid_i", target=1)
    assert fingerprint(s) == before


def test_plunder_iii_takes_up_to_seven() -> None:
    """C-91: up to 7 food and resources together (G-AGGR-6)."""
    s = ready("plunder_iii")
    arrange(s.players[1], blue={"agriculture_a": 5, "bronze_a": 5})
    s = attack(s, "plunder_iii")
    assert {d.args["food"] + d.args["resources"] for d in T.options(s, 0)} == {7}
    after = play(s, 0, "plunder", food=5, resources=2)
    assert stored(after.players[1], "farm") == 0 and stored(after.players[1], "mine") == 3


def test_raid_iii_slots() -> None:
    """C-92: one building of Age III or older and one of Age II or older: an Age III
    building can only fill the first slot, so two of them cannot both go."""
    s = ready("raid_iii")
    s.players[0].temp_ma = 1  # 3 military actions
    arrange(s.players[1], techs=["computers_iii", "journalism_ii"],
            workers={"computers_iii": 2, "journalism_ii": 1, "philosophy_a": 1})
    s = attack(s, "raid_iii")
    assert [d.args["cards"] for d in T.options(s, 0)] == [
        ["computers_iii", "journalism_ii"], ["computers_iii", "philosophy_a"],
        ["journalism_ii", "philosophy_a"]]
    after = play(s, 0, "raid", cards=["computers_iii", "journalism_ii"])
    paid = CARDS["computers_iii"].cost_resources + CARDS["journalism_ii"].cost_resources
    assert stored(after.players[0], "mine") - stored(s.players[0], "mine") == -(-paid // 2)
