"""The actions of the action phase (T-ACT): taking cards, population, building, upgrading,
destroying and disbanding, leaders, wonders, technologies and governments, revolutions.

Every action is one function `(s, p, args, events, commit, *, paid=True, discount=0)`: it checks
everything first and raises IllegalDecision (naming the rule) before it changes anything; with
`commit=False` it stops after the checks, which is how the legal options are listed. `paid`
False and `discount` serve action cards, which order an action without its civil action and
at a lower resource cost (T-ACARD-2)."""

from __future__ import annotations

from typing import Any

from data.tta import CARDS, LEVEL, row_cost
from engine.core import Event

from . import effects, pactuse
from .cards import changing_totals, remove_leader, tokens_in, tokens_out
from .flow import err
from .state import Player, State
from .stats import buildings_of, military_available, population_cost, stats
from .tokens import gain, pay, stored
from .wonder_culture import ONE_TIME

BUILDABLE = ("farm", "mine", "urban", "unit")


def card_arg(args: dict[str, Any], key: str = "card") -> str:
    value = args.get(key)
    if type(value) is not str or value not in CARDS:
        raise err("bad_card", "T-ACT-5")
    return value


def need_civil(p: Player, count: int) -> None:
    if count > stats(p).civil_actions - p.ca_spent:
        raise err("not_enough_civil", "T-ACT-5", count=count)


def need_military(p: Player, count: int) -> None:
    if count > military_available(p):
        raise err("not_enough_military", "T-ACT-5", count=count)


def not_round_one(s: State) -> None:
    if s.round == 1:
        raise err("first_round", "T-R1-2")


def names_held(p: Player) -> set[str]:
    return {CARDS[c].name for c in (*p.hand, *p.in_play())}


# --- taking cards (T-TAKE) ------------------------------------------------------------------------

def wonder_surcharge(p: Player) -> int:
    """T-TAKE-4, G-WOND-2: +1 civil action per completed wonder (Michelangelo: none); a wonder
    flipped by Ravages of Time is still a completed wonder."""
    if p.leader in effects.NO_WONDER_SURCHARGE:
        return 0
    return len(p.wonders) + len(p.ruins)


def take_price(s: State, p: Player, slot: int) -> int:
    """T-ROW-1 plus the wonder surcharge (T-TAKE-4), less Hammurabi's leader discount and the
    Taj Mahal's in a turn the player replaced his leader; never below 0 (a choice of this
    engine, G-TAKE-0: "costs less" cannot pay the player)."""
    card = CARDS[s.row[slot]]  # type: ignore[index]
    price = row_cost(slot) + (wonder_surcharge(p) if card.kind == "wonder" else 0)
    if card.kind == "leader":
        price -= effects.LEADER_TAKE_DISCOUNT.get(p.leader or "", 0)
    if card.id == effects.TAJ_MAHAL and "replaced_leader" in p.turn_used:
        price -= effects.TAJ_MAHAL_DISCOUNT
    return max(price, 0)


def take(s: State, p: Player, args: dict[str, Any], events: list[Event], commit: bool,
         *, paid: bool = True) -> None:
    """T-TAKE; `paid` False: no civil actions (International Agreement)."""
    slot = args.get("slot")
    if type(slot) is not int or not 0 <= slot < len(s.row) or s.row[slot] is None:
        raise err("no_card_there", "T-ROW-1")
    card_id = s.row[slot]
    assert card_id is not None
    card = CARDS[card_id]
    if paid:
        need_civil(p, take_price(s, p, slot))
    if card.kind == "wonder":
        if p.wonder is not None:
            raise err("unfinished_wonder", "T-TAKE-3")
    else:
        if len(p.hand) >= stats(p).civil_limit:
            raise err("hand_limit", "T-HAND-1")
        if card.kind == "leader" and card.age in p.leader_ages:
            raise err("leader_age", "T-TAKE-2", age=card.age)
        if card.is_technology and card.name in names_held(p):
            raise err("same_tech", "T-TAKE-5")
    if not commit:
        return
    p.ca_spent += take_price(s, p, slot) if paid else 0
    s.row[slot] = None
    p.taken.append(card_id)
    if card.kind == "wonder":
        p.wonder, p.wonder_stages = card_id, 0
    else:
        p.hand.append(card_id)
    if card.kind == "leader":
        p.leader_ages.append(card.age)
    if card.is_technology and p.leader in effects.SCIENCE_PER_TECH_TAKEN:
        p.science += effects.SCIENCE_PER_TECH_TAKEN[p.leader]  # Aristotle
    events.append(Event("tta.take", {"seat": p.seat, "card": card_id, "slot": slot}))


# --- population (T-POP) ---------------------------------------------------------------------------

def population_food(p: Player) -> int | None:
    cost = population_cost(p)
    return None if cost is None else max(cost - effects.population_discount(p), 0)


def population(s: State, p: Player, args: dict[str, Any], events: list[Event], commit: bool,
               *, paid: bool = True, discount: int = 0) -> None:
    not_round_one(s)
    if paid:
        need_civil(p, 1)
    food = population_food(p)
    if food is None or p.yellow_bank <= 0:
        raise err("population_empty", "T-POP-3")
    food = max(food - discount, 0)
    if stored(p, "farm") < food:
        raise err("not_enough_food", "T-POP-3", count=food)
    if not commit:
        return
    p.ca_spent += 1 if paid else 0
    pay(p, "farm", food)
    p.yellow_bank -= 1
    p.pool += 1
    events.append(Event("tta.population", {"seat": p.seat, "food": food}))


# --- building, upgrading, destroying (T-BUILD, T-UPG, T-DEST) ------------------------------

def _pay_action(p: Player, card_id: str, commit: bool, paid: bool) -> None:
    """The action an own card's worker move costs: 1 MA for units, 1 CA otherwise."""
    if not paid:
        return
    if CARDS[card_id].kind == "unit":
        need_military(p, 1)
        if commit:
            p.ma_spent += 1
    else:
        need_civil(p, 1)
        if commit:
            p.ca_spent += 1


def _own_tech(p: Player, card_id: str, rule: str) -> None:
    if card_id not in p.techs or CARDS[card_id].kind not in BUILDABLE:
        raise err("not_in_play", rule)


def build(s: State, p: Player, args: dict[str, Any], events: list[Event], commit: bool,
          *, paid: bool = True, discount: int = 0) -> None:
    not_round_one(s)
    card_id = card_arg(args)
    _own_tech(p, card_id, "T-BUILD-1")
    card = CARDS[card_id]
    _pay_action(p, card_id, False, paid)
    if p.pool < 1:
        raise err("no_worker", "T-BUILD-4")
    if card.kind == "urban" and buildings_of(p, card.subtype) >= stats(p).urban_limit:
        raise err("urban_limit", "T-BUILD-2", limit=stats(p).urban_limit,
                  count=stats(p).urban_limit)
    cost = max(effects.build_cost(p, card_id) - discount, 0)
    _check_resources(p, card_id, cost)
    if not commit:
        return
    _pay_action(p, card_id, True, paid)
    _pay_resources(p, card_id, cost)
    p.pool -= 1
    p.workers[card_id] = p.workers.get(card_id, 0) + 1
    events.append(Event("tta.build", {"seat": p.seat, "card": card_id, "cost": cost}))


def _from_allowance(p: Player, card_id: str, cost: int) -> int:
    """The part of a unit's cost this turn's allowance pays (Patriotism, Wave of Nationalism:
    one pool for the turn, units only, G-ACARD-2)."""
    return min(p.allowance, cost) if CARDS[card_id].kind == "unit" else 0


def _check_resources(p: Player, card_id: str, cost: int) -> None:
    if stored(p, "mine") < cost - _from_allowance(p, card_id, cost):
        raise err("not_enough_resources", "T-ACT-5", count=cost)


def _pay_resources(p: Player, card_id: str, cost: int) -> None:
    used = _from_allowance(p, card_id, cost)
    p.allowance -= used
    pay(p, "mine", cost - used)


def upgrade_cost(p: Player, low: str, high: str) -> int:
    """T-UPG-1/3: the difference of the two costs after modifiers, at least 0 (G-PAY-3)."""
    return max(effects.build_cost(p, high) - effects.build_cost(p, low), 0)


def upgrade(s: State, p: Player, args: dict[str, Any], events: list[Event], commit: bool,
            *, paid: bool = True, discount: int = 0) -> None:
    not_round_one(s)
    low, high = card_arg(args), card_arg(args, "to")
    _own_tech(p, low, "T-UPG-1")
    _own_tech(p, high, "T-UPG-1")
    if CARDS[low].type != CARDS[high].type:
        raise err("upgrade_type", "T-UPG-2" if CARDS[low].kind == "unit" else "T-UPG-1")
    if LEVEL[CARDS[high].age] <= LEVEL[CARDS[low].age]:
        raise err("upgrade_level", "T-UPG-1")
    if p.workers.get(low, 0) < 1:
        raise err("no_building", "T-UPG-1")
    _pay_action(p, low, False, paid)
    cost = max(upgrade_cost(p, low, high) - discount, 0)
    _check_resources(p, low, cost)
    if not commit:
        return
    _pay_action(p, low, True, paid)
    _pay_resources(p, low, cost)
    move_worker(p, low, -1)
    p.workers[high] = p.workers.get(high, 0) + 1
    events.append(Event("tta.upgrade", {"seat": p.seat, "card": low, "to": high, "cost": cost}))


def move_worker(p: Player, card_id: str, delta: int) -> None:
    """`delta` workers onto (or, negative, off) a card; a card left without any is dropped."""
    n = p.workers.get(card_id, 0) + delta
    if n:
        p.workers[card_id] = n
    else:
        p.workers.pop(card_id, None)


def destroy(s: State, p: Player, args: dict[str, Any], events: list[Event], commit: bool
            ) -> None:
    """T-DEST-1 (farm, mine, urban building: 1 CA) and T-DEST-2 (unit: 1 MA, "disband")."""
    not_round_one(s)
    card_id = card_arg(args)
    rule = "T-DEST-2" if CARDS[card_id].kind == "unit" else "T-DEST-1"
    _own_tech(p, card_id, rule)
    if p.workers.get(card_id, 0) < 1:
        raise err("no_building", rule)
    _pay_action(p, card_id, False, True)
    if not commit:
        return
    _pay_action(p, card_id, True, True)
    move_worker(p, card_id, -1)
    p.pool += 1
    events.append(Event("tta.destroy", {"seat": p.seat, "card": card_id}))


# --- leaders (T-LEAD) -----------------------------------------------------------------------------

def play_leader(s: State, p: Player, args: dict[str, Any], events: list[Event], commit: bool
                ) -> None:
    """T-LEAD-2..4. Homer, when replaced, may instead be tucked under a completed wonder
    ("tuck": true): he stays in play giving his happy face, and the civil action is not
    regained."""
    not_round_one(s)
    card_id = card_arg(args)
    if card_id not in p.hand:
        raise err("not_in_hand", "T-LEAD-2")
    if CARDS[card_id].kind != "leader":
        raise err("not_leader", "T-LEAD-2")
    tuck = args.get("tuck", False) is True
    if tuck and (p.leader not in effects.TUCKABLE or not p.wonders or p.tucked):
        raise err("tuck", "T-LEAD-4")
    need_civil(p, 1)
    if not commit:
        return
    p.ca_spent += 1
    replacing = p.leader is not None
    if tuck:
        old = p.leader

        def under() -> None:
            p.leader, p.tucked = None, old
        changing_totals(p, under)
    elif replacing:
        remove_leader(s, p, events)  # T-LEAD-4: out of the game, its effects end
    if replacing:
        p.turn_used.append("replaced_leader")  # Taj Mahal's discount
    p.hand.remove(card_id)

    def enter() -> None:
        p.leader = card_id
        tokens_in(p, card_id)
    changing_totals(p, enter)
    # G-LEAD-HOM: Homer's allowance starts in the turn he is played, then every turn
    p.allowance += effects.UNIT_ALLOWANCE.get(card_id, 0)
    if replacing and not tuck:
        p.ca_spent = max(p.ca_spent - 1, 0)  # T-LEAD-4: regain 1 civil action
    events.append(Event("tta.leader", {"seat": p.seat, "card": card_id, "tuck": tuck}))


# --- wonders (T-WOND) -----------------------------------------------------------------------------

def wonder(s: State, p: Player, args: dict[str, Any], events: list[Event], commit: bool,
           *, paid: bool = True, discount: int = 0, most: int | None = None) -> None:
    """T-WOND-4..6: `stages` stages for one civil action (more than one only with a
    construction technology, G-WOND-1; an action card builds exactly one, T-ACARD-6)."""
    not_round_one(s)
    if p.wonder is None:
        raise err("no_wonder", "T-WOND-4")
    stages = args.get("stages", 1)
    card = CARDS[p.wonder]
    left = len(card.stages) - p.wonder_stages
    limit = effects.wonder_stages_per_action(p) if most is None else most
    if type(stages) is not int or not 1 <= stages <= min(limit, left):
        raise err("stages", "G-WOND-1", most=min(limit, left), count=min(limit, left))
    if paid:
        need_civil(p, 1)
    todo = card.stages[p.wonder_stages:p.wonder_stages + stages]
    cost = max(sum(todo) - discount, 0)
    if stored(p, "mine") < cost:
        raise err("not_enough_resources", "T-ACT-5", count=cost)
    if not commit:
        return
    p.ca_spent += 1 if paid else 0
    pay(p, "mine", cost)
    for _ in range(stages):
        _cover_stage(p)
    events.append(Event("tta.wonder_stage", {"seat": p.seat, "card": card.id,
                                             "stages": stages, "cost": cost}))
    if p.wonder_stages == len(card.stages):
        _complete(p, events)


def _cover_stage(p: Player) -> None:
    """A token from the blue bank marks the stage; with an empty bank, one from the player's
    lowest-value farm or mine token (G-BANK-5c; its value is lost)."""
    if p.blue_bank > 0:
        p.blue_bank -= 1
    else:
        held = [(getattr(CARDS[c], "food" if CARDS[c].kind == "farm" else "resources"), c)
                for c, n in p.blue.items() if n > 0]
        if held:
            _, card = min(held)
            p.blue[card] -= 1
            if not p.blue[card]:
                del p.blue[card]
        else:
            p.blue_box += 1  # no token anywhere: one from the box (house rule, G-BANK-4)
    p.wonder_stages += 1


def _complete(p: Player, events: list[Event]) -> None:
    """T-WOND-6: the tokens go back to the blue bank; the wonder's effect starts."""
    card_id = p.wonder
    assert card_id is not None

    def enter() -> None:
        p.blue_bank += p.wonder_stages
        p.wonder, p.wonder_stages = None, 0
        p.wonders.append(card_id)
        tokens_in(p, card_id)
    changing_totals(p, enter)
    events.append(Event("tta.wonder_done", {"seat": p.seat, "card": card_id}))
    if card_id in ONE_TIME:  # F-WOND-2: once, from the state at completion
        points = ONE_TIME[card_id](p)
        p.culture += points
        events.append(Event("tta.wonder_culture", {"seat": p.seat, "card": card_id,
                                                   "culture": points}))


# --- technologies and governments (T-TECH, T-GOV) ------------------------------------------

def develop(s: State, p: Player, args: dict[str, Any], events: list[Event], commit: bool,
            *, paid: bool = True, discount: int = 0) -> None:
    """T-TECH-2, G-TECH-1/2, G-GOV-1: a technology from hand into play for 1 CA and its science
    cost; a government this way is the peaceful change (the higher, printed cost)."""
    not_round_one(s)
    card_id = card_arg(args)
    if card_id not in p.hand:
        raise err("not_in_hand", "T-TECH-2")
    card = CARDS[card_id]
    if not card.is_technology:
        raise err("not_technology", "T-TECH-2")
    if paid:
        need_civil(p, 1)
    cost = max(effects.science_cost(p, card_id) - discount, 0)
    allowed = min(p.unit_science, cost) if card.kind == "unit" else 0  # Churchill (C-50)
    if p.science < cost - allowed:
        raise err("not_enough_science", "T-TECH-2", count=cost)
    pactuse.cooperate(s, p, commit, events)  # C-113: the other party's 1 science
    if not commit:
        return
    p.ca_spent += 1 if paid else 0
    p.unit_science -= allowed
    p.science -= cost - allowed
    p.hand.remove(card_id)
    if card.kind == "government":
        _new_government(s, p, card_id)
    else:
        changing_totals(p, lambda: _enter_tech(s, p, card_id))
    developed(p)
    events.append(Event("tta.develop", {"seat": p.seat, "card": card_id, "cost": cost}))


def developed(p: Player) -> None:
    """The "on developing a technology" effects of leaders (effects.py); a revolution is a
    form of developing a technology too (the guide: „Vyhlášení revoluce je forma vyvinutí
    technologie“)."""
    if p.leader in effects.DEVELOP_RESOURCES:
        gain(p, "mine", effects.DEVELOP_RESOURCES[p.leader])
    if p.leader in effects.DEVELOP_CIVIL_BACK:
        p.ca_spent = max(p.ca_spent - effects.DEVELOP_CIVIL_BACK[p.leader], 0)
    p.culture += effects.DEVELOP_CULTURE.get(p.leader or "", 0)  # Einstein (C-51)


def _enter_tech(s: State, p: Player, card_id: str) -> None:
    card = CARDS[card_id]
    p.techs.append(card_id)
    tokens_in(p, card_id)
    if card.kind != "special":
        return
    # T-TECH-4, G-TECH-2: one special technology per type; the lower level leaves the game
    same = [c for c in p.techs if CARDS[c].kind == "special" and CARDS[c].subtype == card.subtype]
    if len(same) > 1:
        lowest = min(same, key=lambda c: LEVEL[CARDS[c].age])
        p.techs.remove(lowest)
        tokens_out(p, lowest)
        s.removed.append(lowest)


def _new_government(s: State, p: Player, card_id: str) -> None:
    old = p.government

    def swap() -> None:
        p.government = card_id
        tokens_out(p, old)
        tokens_in(p, card_id)
    changing_totals(p, swap)
    if old not in ("despotism_a",):
        s.removed.append(old)


def revolution(s: State, p: Player, args: dict[str, Any], events: list[Event], commit: bool
               ) -> None:
    """T-GOV-3: all civil actions (none spent this turn), the lower science cost; civil actions
    gained are spent at once, military ones are available."""
    not_round_one(s)
    card_id = card_arg(args)
    if card_id not in p.hand:
        raise err("not_in_hand", "T-GOV-3")
    card = CARDS[card_id]
    if card.kind != "government":
        raise err("not_government", "T-GOV-3")
    by_military = p.leader in effects.REVOLUTION_BY_MILITARY  # Robespierre
    if by_military and (p.ma_spent > 0 or stats(p).military_actions < 1):
        raise err("revolution_spent_military", "T-GOV-3")
    if not by_military and (p.ca_spent > 0 or stats(p).civil_actions < 1):
        raise err("revolution_spent", "T-GOV-3")
    cost = effects.revolution_cost(p, card_id)
    if p.science < cost:
        raise err("not_enough_science", "T-GOV-3", count=cost)
    pactuse.cooperate(s, p, commit, events)  # C-113: the other party's 1 science
    if not commit:
        return
    p.science -= cost
    p.hand.remove(card_id)
    _new_government(s, p, card_id)
    if by_military:  # the same rule with the colours swapped (T-GOV-3 step 5)
        p.ma_spent = stats(p).military_actions
        p.culture += effects.REVOLUTION_BY_MILITARY[p.leader]  # type: ignore[index]
    else:
        p.ca_spent = stats(p).civil_actions
    developed(p)
    events.append(Event("tta.revolution", {"seat": p.seat, "card": card_id}))
