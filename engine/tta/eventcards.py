"""Events (T-EVT): every Age A, I and II event of the tutorial decks, each written once as a
small named function and looked up by card id (effects from the cards.csv summaries; the guide
gives none, G-EVT-3); the Age III events of the full game are impacts.py's (C-75…C-89).
Territories start a colonisation (colonize.py).

Comparisons (T-EVT-6/7, G-EVT-1): `ranked` orders the players by a value, ties going to the
player whose turn it is, then to whoever plays earlier; "the two strongest/weakest" means one
player with two players. "The civilisation(s) with the most X" takes every tied player
(T-EVT-8).

Decisions an event asks (T-EVT-3, G-EVT-2) are frames {"t": "ev", "seat", "step", ...}, asked
one player at a time from the current player in turn order; the decision is "choose" with the
step's arguments, or "pass" where the benefit is optional. Steps:
- "civilization" {"do": "population"} | {"do": "build"|"develop", "card"}: Development of
  Civilization, 1 food/resource/science less;
- "markets" {"gain": "food"|"resources"};
- "free_build" (frame "card"): Development of Religion / Warfare, optional;
- "lose_pop" (frame "count") {"card"}: which worker leaves a card, when the pool is empty;
- "destroy" (frame "target", "kinds") {"card"}: Border Conflict, Terrorism;
- "mix" (frame "amount", "sign") {"food": k}: Foray (gain), Raiders (loss);
- "colony" {"card"}: Independence Declaration; "ruin" {"card"}: Ravages of Time;
- "agreement" (frame "budget") {"slot"}: International Agreement, "pass" to stop.
Losing military cards (Politics of Strength) reuses the secret "discard" frame with "left"."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from typing import Any

from data.tta import CARDS, LEVEL
from engine.core import Decision, Event, IllegalDecision

from . import actions, impacts, modes
from .cards import changing_totals, remove_leader, tokens_out
from .colonize import free_population, lose_colony, start_auction
from .draws import discard_military, draw_cards
from .effects import extra_mine_tokens
from .flow import AGENDA, Frame, err, pop, push
from .modes import in_final_age
from .production import economy
from .row import refill
from .state import Player, State
from .stats import discontent, stats
from .tokens import box_blue, gain, lose, produce, stored

EventFn = Callable[[State, int, list[Event]], None]


# --- helpers ---------------------------------------------------------------------------------

def turn_order(s: State, current: int) -> list[Player]:
    """Every remaining player from `current` on (F-GEN-2: a resigned player is never asked
    nor compared)."""
    order = [s.players[(current + i) % s.n] for i in range(s.n)]
    return [p for p in order if not p.resigned]


def ranked(s: State, current: int, key: Callable[[Player], int]) -> list[Player]:
    """G-EVT-1: highest first; ties to the current player, then to whoever plays earlier."""
    return sorted(turn_order(s, current), key=lambda p: -key(p))  # sorted() is stable


def strength(p: Player) -> int:
    return stats(p).strength


def top(s: State) -> int:
    """T-EVT-7: "the two strongest/weakest" is one player with two players."""
    return 1 if len(modes.remaining(s)) == 2 else 2  # F-RES-6: the remaining count


def strongest(s: State, current: int) -> Player:
    return ranked(s, current, strength)[0]


def weakest(s: State, current: int) -> Player:
    return ranked(s, current, strength)[-1]


def culture_leader(s: State, current: int) -> Player:
    """The civilisation with the most culture points, ties broken as for strength (T-EVT-6)."""
    return ranked(s, current, lambda p: p.culture)[0]


def lose_culture(p: Player, amount: int) -> None:
    p.culture = max(p.culture - amount, 0)  # T-STAT-5


def ask(s: State, frames: list[Frame]) -> None:
    """Queue event decisions in the order given (they run before whatever was next)."""
    push(s, *frames)


def lose_population(s: State, p: Player, count: int, events: list[Event]) -> None:
    """Lose `count` population: workers go back to the yellow bank, unused workers first; when
    the pool is empty the player chooses the card each worker leaves (G-EVT-POP, a choice of
    this engine: the guide gives no order)."""
    from_pool = min(count, p.pool)
    p.pool -= from_pool
    p.yellow_bank += from_pool
    if from_pool:
        events.append(Event("tta.population_lost", {"seat": p.seat, "count": from_pool}))
    if count > from_pool and _workers_on_cards(p):
        push(s, {"t": "ev", "seat": p.seat, "step": "lose_pop", "count": count - from_pool})


def _workers_on_cards(p: Player) -> list[str]:
    return sorted(c for c, n in p.workers.items() if n > 0)


# --- Age A: all positive, all players (T-EVT-3) ----------------------------------------------

def everyone(fn: Callable[[Player], None]) -> EventFn:
    def event(s: State, current: int, events: list[Event]) -> None:
        for p in turn_order(s, current):
            fn(p)
    return event


def each_asked(step: str, **extra: Any) -> EventFn:
    """Every player decides, the current player first (T-EVT-3)."""
    def event(s: State, current: int, events: list[Event]) -> None:
        ask(s, [{"t": "ev", "seat": p.seat, "step": step, **extra}
                for p in turn_order(s, current)])
    return event


def development_of_politics(s: State, current: int, events: list[Event]) -> None:
    for p in turn_order(s, current):
        draw_cards(s, p, 3, events)


def development_of_settlement(s: State, current: int, events: list[Event]) -> None:
    for p in turn_order(s, current):
        free_population(p, 1)


# --- Age I -----------------------------------------------------------------------------------

def barbarians(s: State, current: int, events: list[Event]) -> None:
    """The culture leader loses 1 population if among the two weakest."""
    leader = culture_leader(s, current)
    if leader in ranked(s, current, strength)[-top(s):]:
        lose_population(s, leader, 1, events)


def border_conflict(s: State, current: int, events: list[Event]) -> None:
    """The weakest destroys one own farm, mine or urban building; the strongest +3 resources."""
    gain(strongest(s, current), "mine", 3)
    loser = weakest(s, current)
    if _buildings(loser, ("farm", "mine", "urban")):
        ask(s, [{"t": "ev", "seat": loser.seat, "step": "destroy", "target": loser.seat,
                 "kinds": ["farm", "mine", "urban"]}])


def crusades(s: State, current: int, events: list[Event]) -> None:
    strongest(s, current).culture += 4
    lose_culture(weakest(s, current), 4)


def foray(s: State, current: int, events: list[Event]) -> None:
    ask(s, [{"t": "ev", "seat": p.seat, "step": "mix", "amount": 3, "sign": 1}
            for p in ranked(s, current, strength)[:top(s)]])


def good_harvest(s: State, current: int, events: list[Event]) -> None:
    for p in turn_order(s, current):
        produce(p, "farm")


def immigration(s: State, current: int, events: list[Event]) -> None:
    best = max(stats(p).happiness for p in modes.remaining(s))
    for p in turn_order(s, current):
        if stats(p).happiness == best:  # T-EVT-8: every tied player
            free_population(p, 1)


def new_deposits(s: State, current: int, events: list[Event]) -> None:
    for p in turn_order(s, current):
        produce(p, "mine", extra_mine_tokens(p))


def pestilence(s: State, current: int, events: list[Event]) -> None:
    for p in reversed(turn_order(s, current)):  # pushed in reverse: asked in turn order
        lose_population(s, p, 1, events)


def raiders(s: State, current: int, events: list[Event]) -> None:
    ask(s, [{"t": "ev", "seat": p.seat, "step": "mix", "amount": 2, "sign": -1}
            for p in ranked(s, current, strength)[-top(s):]
            if stored(p, "farm") + stored(p, "mine") > 0])


def rats(s: State, current: int, events: list[Event]) -> None:
    for p in turn_order(s, current):
        lose(p, "farm", stored(p, "farm"))


def rebellion(s: State, current: int, events: list[Event]) -> None:
    """2 civil actions spent without effect per discontent worker (G-EVT-REB: what is left of
    them; for the other players they stay spent through their next turn, until its reset,
    T-RESET-1)."""
    for p in turn_order(s, current):
        free = stats(p).civil_actions - p.ca_spent
        p.ca_spent += min(2 * discontent(p), max(free, 0))


def reign_of_terror(s: State, current: int, events: list[Event]) -> None:
    lose_population(s, weakest(s, current), 1, events)


def uncertain_borders(s: State, current: int, events: list[Event]) -> None:
    """The strongest takes a token from the weakest's yellow bank into his own (the tokens
    change owners, so each player's box balance moves with them)."""
    winner, loser = strongest(s, current), weakest(s, current)
    if winner is not loser and loser.yellow_bank > 0:
        loser.yellow_bank -= 1
        loser.yellow_box -= 1
        winner.yellow_bank += 1
        winner.yellow_box += 1


# --- Age II ----------------------------------------------------------------------------------

def civil_unrest(s: State, current: int, events: list[Event]) -> None:
    worst = max(discontent(p) for p in modes.remaining(s))
    for p in turn_order(s, current):
        lose_culture(p, 4 * discontent(p))
        if worst > 0 and discontent(p) == worst:
            box_blue(p, -1)


def cold_war(s: State, current: int, events: list[Event]) -> None:
    for p in ranked(s, current, strength)[:top(s)]:
        p.science += 6


def crime_wave(s: State, current: int, events: list[Event]) -> None:
    for p in ranked(s, current, strength)[-top(s):]:
        lose_culture(p, 3)
        box_blue(p, -1)


def economic_progress(s: State, current: int, events: list[Event]) -> None:
    for p in turn_order(s, current):
        economy(p)


def emigration(s: State, current: int, events: list[Event]) -> None:
    for p in reversed(turn_order(s, current)):
        lose_population(s, p, math.ceil(discontent(p) / 2), events)


def iconoclasm(s: State, current: int, events: list[Event]) -> None:
    """A leader of a past age leaves the game (G-EVT-ICON: an age older than the current
    one)."""
    for p in turn_order(s, current):
        if p.leader is not None and LEVEL[CARDS[p.leader].age] < LEVEL[s.age]:
            remove_leader(s, p)


def independence_declaration(s: State, current: int, events: list[Event]) -> None:
    loser = weakest(s, current)
    if loser.colonies:
        ask(s, [{"t": "ev", "seat": loser.seat, "step": "colony"}])


def international_agreement(s: State, current: int, events: list[Event]) -> None:
    ask(s, [{"t": "ev", "seat": strongest(s, current).seat, "step": "agreement", "budget": 5}])


def national_pride(s: State, current: int, events: list[Event]) -> None:
    culture_leader(s, current).culture += 5


# Politics of Strength (C-114, G-END-4): military cards the strongest draws and the weakest
# discards; in the final age (no draws, F-AGE-4) culture the strongest scores and the weakest loses
STRENGTH_DRAW, STRENGTH_DISCARD = 5, 3
STRENGTH_WIN, STRENGTH_LOSS = 5, 3


def politics_of_strength(s: State, current: int, events: list[Event]) -> None:
    """The strongest draws 5, the weakest discards 3 (secretly, its choice). In the final age
    (C-114, G-EVT-STR superseded by G-END-4) the strongest scores 5 culture and the weakest
    loses 3 (floor 0) instead."""
    order = ranked(s, current, strength)
    loser = order[-1]
    if in_final_age(s):
        order[0].culture += STRENGTH_WIN
        lose_culture(loser, STRENGTH_LOSS)
        return
    draw_cards(s, order[0], STRENGTH_DRAW, events)
    if len(loser.military) > STRENGTH_DISCARD:
        push(s, {"t": "discard", "seats": [loser.seat], "left": STRENGTH_DISCARD})
    elif loser.military:
        for card in list(loser.military):
            discard_military(s, loser, card)
        events.append(Event("tta.discarded", {"seat": loser.seat}))


def prosperity(s: State, current: int, events: list[Event]) -> None:
    for p in turn_order(s, current):
        gain(p, "farm", stats(p).happiness)


def refugees(s: State, current: int, events: list[Event]) -> None:
    winner, loser = strongest(s, current), weakest(s, current)
    winner.culture += 3
    free_population(winner, 1)
    lose_culture(loser, 3)
    lose_population(s, loser, 1, events)


def ravages_of_time(s: State, current: int, events: list[Event]) -> None:
    ask(s, [{"t": "ev", "seat": p.seat, "step": "ruin"} for p in turn_order(s, current)
            if _old_wonders(p)])


def terrorism(s: State, current: int, events: list[Event]) -> None:
    picker = ranked(s, current, lambda p: p.culture)[-1]
    ask(s, [{"t": "ev", "seat": picker.seat, "step": "destroy", "target": q.seat,
             "kinds": ["urban"]} for q in turn_order(s, current)
            if q is not picker and _buildings(q, ("urban",))])


def points_for_all(science: Callable[[Player], int] | None = None,
                   culture: Callable[[Player], int] | None = None) -> EventFn:
    def event(s: State, current: int, events: list[Event]) -> None:
        for p in turn_order(s, current):
            p.science += science(p) if science else 0
            p.culture += culture(p) if culture else 0
    return event


def _gain_all(kind: str, amount: int) -> Callable[[Player], None]:
    return lambda p: gain(p, kind, amount) and None  # type: ignore[func-returns-value]


def _trade_routes(p: Player) -> None:
    gain(p, "farm", 1)
    gain(p, "mine", 1)
    p.science += 1


def _science(amount: int) -> Callable[[Player], None]:
    def fn(p: Player) -> None:
        p.science += amount
    return fn


EVENTS: dict[str, EventFn] = {
    # Age A (T-EVT-3): all positive
    "development_of_agriculture_a": everyone(_gain_all("farm", 2)),
    "development_of_civilization_a": each_asked("civilization"),
    "development_of_crafts_a": everyone(_gain_all("mine", 2)),
    "development_of_markets_a": each_asked("markets"),
    "development_of_politics_a": development_of_politics,
    "development_of_religion_a": each_asked("free_build", card="religion_a"),
    "development_of_science_a": everyone(_science(2)),
    "development_of_settlement_a": development_of_settlement,
    "development_of_trade_routes_a": everyone(_trade_routes),
    "development_of_warfare_a": each_asked("free_build", card="warriors_a"),
    # Age I
    "barbarians_i": barbarians,
    "border_conflict_i": border_conflict,
    "crusades_i": crusades,
    "cultural_influence_i": points_for_all(culture=lambda p: stats(p).culture),
    "foray_i": foray,
    "good_harvest_i": good_harvest,
    "immigration_i": immigration,
    "new_deposits_i": new_deposits,
    "pestilence_i": pestilence,
    "raiders_i": raiders,
    "rats_i": rats,
    "rebellion_i": rebellion,
    "reign_of_terror_i": reign_of_terror,
    "scientific_breakthrough_i": points_for_all(science=lambda p: stats(p).science),
    "uncertain_borders_i": uncertain_borders,
    # Age II
    "civil_unrest_ii": civil_unrest,
    "cold_war_ii": cold_war,
    "crime_wave_ii": crime_wave,
    "economic_progress_ii": economic_progress,
    "emigration_ii": emigration,
    "iconoclasm_ii": iconoclasm,
    "independence_declaration_ii": independence_declaration,
    "international_agreement_ii": international_agreement,
    "national_pride_ii": national_pride,
    "politics_of_strength_ii": politics_of_strength,
    "popularization_of_science_ii": points_for_all(culture=lambda p: stats(p).science),
    "prosperity_ii": prosperity,
    "ravages_of_time_ii": ravages_of_time,
    "refugees_ii": refugees,
    "terrorism_ii": terrorism,
}


def resolve(s: State, current: int, card: str, events: list[Event]) -> None:
    """T-EVT-2: a territory starts a colonisation; any other event follows its text and goes
    to the past events pile (T-DISC-3)."""
    if CARDS[card].kind == "territory":
        start_auction(s, current, card)
        return
    s.past_events.append(card)
    if card in impacts.IMPACTS:  # an Age III event: every remaining player scores (F-END-8)
        impacts.resolve(s, current, card, events)
        return
    before = len(s.queue)
    EVENTS[card](s, current, events)
    name_event(s, before, card)


def name_event(s: State, before: int, card: str | None) -> None:
    """The questions an event has just queued (the frames in front of the `before` older
    ones) name it, so that their prompts can say which event asks."""
    if card is None:
        return
    for frame in s.queue[:len(s.queue) - before]:
        if frame["t"] in ("ev", "discard"):
            frame.setdefault("event", card)


# --- the decisions events ask ----------------------------------------------------------------

def _buildings(p: Player, kinds: tuple[str, ...]) -> list[str]:
    return sorted(c for c, n in p.workers.items() if n > 0 and CARDS[c].kind in kinds)


def _old_wonders(p: Player) -> list[str]:
    return sorted(w for w in p.wonders if CARDS[w].age in ("A", "I"))


def _legal(run: Callable[[bool], None]) -> bool:
    try:
        run(False)
    except IllegalDecision:
        return False
    return True


def _civilization(s: State, p: Player, args: dict[str, Any], events: list[Event],
                  commit: bool) -> None:
    """Development of Civilization: one of population / build a farm, mine or urban building /
    develop a technology, 1 food, resource or science cheaper, no civil action (T-EVT-4)."""
    do = args.get("do")
    if do == "population":
        actions.population(s, p, {}, events, commit, paid=False, discount=1)
    elif do == "build":
        card = actions.card_arg(args)
        if CARDS[card].kind not in ("farm", "mine", "urban"):
            raise err("event_choice", "T-EVT-4")
        actions.build(s, p, {"card": card}, events, commit, paid=False, discount=1)
    elif do == "develop":
        actions.develop(s, p, {"card": args.get("card")}, events, commit, paid=False,
                        discount=1)
    else:
        raise err("event_choice", "T-EVT-4")


def _civilization_variants(s: State, p: Player, frame: Frame) -> Iterator[dict[str, Any]]:
    yield {"do": "population"}
    for card in p.techs:
        if CARDS[card].kind in ("farm", "mine", "urban"):
            yield {"do": "build", "card": card}
    for card in dict.fromkeys(p.hand):
        if CARDS[card].is_technology:
            yield {"do": "develop", "card": card}


MARKETS_GAIN = 2  # Development of Markets: 2 food or 2 resources (cards.csv)


def _markets(s: State, p: Player, args: dict[str, Any], events: list[Event], commit: bool
             ) -> None:
    if args.get("gain") not in ("food", "resources"):
        raise err("event_choice", "T-EVT-3")
    if commit:
        gain(p, "farm" if args["gain"] == "food" else "mine", MARKETS_GAIN)


def _markets_variants(s: State, p: Player, frame: Frame) -> Iterator[dict[str, Any]]:
    yield {"gain": "food"}
    yield {"gain": "resources"}


FREE = 99  # "for free" (T-EVT-4): no resources at all


def _free_build(s: State, p: Player, args: dict[str, Any], events: list[Event], commit: bool,
                card: str) -> None:
    actions.build(s, p, {"card": card}, events, commit, paid=False, discount=FREE)


def _lose_pop(s: State, p: Player, args: dict[str, Any], events: list[Event], commit: bool
              ) -> None:
    card = actions.card_arg(args)
    if p.workers.get(card, 0) < 1:
        raise err("no_building", "T-EVT-5")
    if commit:
        actions.move_worker(p, card, -1)
        p.yellow_bank += 1
        events.append(Event("tta.population_lost", {"seat": p.seat, "count": 1,
                                                    "card": card}))


def _destroy(s: State, p: Player, args: dict[str, Any], events: list[Event], commit: bool,
             target: int, kinds: list[str]) -> None:
    card = actions.card_arg(args)
    victim = s.players[target]
    if card not in _buildings(victim, tuple(kinds)):
        raise err("no_building", "T-EVT-5")
    if commit:
        actions.move_worker(victim, card, -1)
        victim.pool += 1
        events.append(Event("tta.destroy", {"seat": victim.seat, "card": card, "by": p.seat}))


def _mix(s: State, p: Player, args: dict[str, Any], events: list[Event], commit: bool,
         amount: int, sign: int) -> None:
    """Foray: gain `amount` food and resources in any mix; Raiders: lose `amount` of them
    combined (as much as the player has, G-EVT-MIX: a loss beyond the stock is not owed)."""
    food = args.get("food")
    if type(food) is not int or not 0 <= food <= amount:
        raise err("event_choice", "T-EVT-5")
    if sign < 0:
        due = min(amount, stored(p, "farm") + stored(p, "mine"))
        if food > stored(p, "farm") or due - food > stored(p, "mine") or food > due:
            raise err("event_choice", "T-EVT-5")
        if commit:
            lose(p, "farm", food)
            lose(p, "mine", due - food)
    elif commit:
        gain(p, "farm", food)
        gain(p, "mine", amount - food)


def _colony(s: State, p: Player, args: dict[str, Any], events: list[Event], commit: bool
            ) -> None:
    card = args.get("card")
    if card not in p.colonies:
        raise err("event_choice", "T-COL-12")
    if commit:
        lose_colony(s, p, card, events)


def _ruin(s: State, p: Player, args: dict[str, Any], events: list[Event], commit: bool
          ) -> None:
    """Ravages of Time: a completed Age A or I wonder is flipped: its effects end (symbols,
    tokens), it gives RUIN_CULTURE culture instead."""
    card = args.get("card")
    if card not in _old_wonders(p):
        raise err("event_choice", "T-EVT-5")
    if commit:
        def flip() -> None:
            p.wonders.remove(card)
            p.ruins.append(card)
            tokens_out(p, card)
        changing_totals(p, flip)
        events.append(Event("tta.ruin", {"seat": p.seat, "card": card}))


def _agreement(s: State, p: Player, args: dict[str, Any], events: list[Event], commit: bool,
               budget: int) -> None:
    """International Agreement: take row cards worth up to 5 civil actions without paying
    them; the usual limits of taking hold (T-TAKE)."""
    slot = args.get("slot")
    if type(slot) is not int or not 0 <= slot < len(s.row) or s.row[slot] is None:
        raise err("no_card_there", "T-ROW-1")
    if actions.take_price(s, p, slot) > budget:
        raise err("agreement_budget", "T-EVT-5", budget=budget)
    actions.take(s, p, {"slot": slot}, events, commit, paid=False)


@AGENDA.auto("agreement_end")
def _agreement_end(s: State, frame: Frame, events: list[Event]) -> None:
    """After International Agreement: the row refills (which may end an age) and the player
    forgoes his next political action (G-EVT-IA: his next politics phase is skipped)."""
    s.players[frame["seat"]].skip_politics = True
    refill(s, events)


Step = Callable[..., None]


def _step(frame: Frame) -> tuple[Step, dict[str, Any]]:
    """The step's function and the frame data it needs."""
    step = frame["step"]
    if step == "civilization":
        return _civilization, {}
    if step == "markets":
        return _markets, {}
    if step == "free_build":
        return _free_build, {"card": frame["card"]}
    if step == "lose_pop":
        return _lose_pop, {}
    if step == "destroy":
        return _destroy, {"target": frame["target"], "kinds": frame["kinds"]}
    if step == "mix":
        return _mix, {"amount": frame["amount"], "sign": frame["sign"]}
    if step == "colony":
        return _colony, {}
    if step == "ruin":
        return _ruin, {}
    if step == "agreement":
        return _agreement, {"budget": frame["budget"]}
    raise ValueError(step)


OPTIONAL = ("civilization", "free_build", "agreement")  # "may": the benefit can be declined


def _variants(s: State, p: Player, frame: Frame) -> Iterator[dict[str, Any]]:
    step = frame["step"]
    if step == "civilization":
        yield from _civilization_variants(s, p, frame)
    elif step == "markets":
        yield from _markets_variants(s, p, frame)
    elif step == "free_build":
        yield {}
    elif step == "lose_pop":
        for card in _workers_on_cards(p):
            yield {"card": card}
    elif step == "destroy":
        for card in _buildings(s.players[frame["target"]], tuple(frame["kinds"])):
            yield {"card": card}
    elif step == "mix":
        for food in range(frame["amount"] + 1):
            yield {"food": food}
    elif step == "colony":
        for card in sorted(set(p.colonies)):
            yield {"card": card}
    elif step == "ruin":
        for card in _old_wonders(p):
            yield {"card": card}
    elif step == "agreement":
        for slot, card in enumerate(s.row):
            if card is not None:
                yield {"slot": slot}


def _told(s: State, p: Player, frame: Frame, args: dict[str, Any]) -> dict[str, Any]:
    """What an answer's label tells besides its arguments (text.py words it without the
    state): the step, the card built or taken, the amounts of a mix."""
    step = frame["step"]
    told: dict[str, Any] = {"step": step}
    if step == "free_build":
        told["card"] = frame["card"]
    elif step == "agreement":
        told["card"] = s.row[args["slot"]]
    elif step == "markets":
        told["amount"] = MARKETS_GAIN
    elif step == "mix":
        due = frame["amount"]
        if frame["sign"] < 0:
            due = min(due, stored(p, "farm") + stored(p, "mine"))
            told["lose"] = True
        told["resources"] = due - args["food"]
    return told


def _ev_options(s: State, frame: Frame) -> Iterator[Decision]:
    p = s.players[frame["seat"]]
    fn, extra = _step(frame)
    for args in _variants(s, p, frame):
        if _legal(lambda commit, a=args: fn(s, p, a, [], commit, **extra)):
            yield Decision("choose", {**args, **_told(s, p, frame, args)})
    if frame["step"] in OPTIONAL:
        yield Decision("pass", {})


@AGENDA.choice("ev", _ev_options)
def _ev(s: State, frame: Frame, d: Decision, events: list[Event]) -> None:
    p = s.players[frame["seat"]]
    step = frame["step"]
    if d.kind == "pass":
        if step not in OPTIONAL:
            raise err("must_choose", "T-EVT-3")
        pop(s)
        if step == "agreement":
            push(s, {"t": "agreement_end", "seat": p.seat})
        events.append(Event("tta.event_pass", {"seat": p.seat, "step": step}))
        return
    if d.kind != "choose":
        raise err("must_choose", "T-EVT-3")
    if "step" in d.args and d.canonical() not in {o.canonical() for o in _ev_options(s, frame)}:
        raise err("event_choice", "T-EVT-5")  # a label's words must be what is chosen
    fn, extra = _step(frame)
    fn(s, p, d.args, events, False, **extra)
    price = actions.take_price(s, p, d.args["slot"]) if step == "agreement" else 0
    before = len(s.queue)
    fn(s, p, d.args, events, True, **extra)
    name_event(s, before, frame.get("event"))  # a further question of the same event
    events.append(Event("tta.event_choice", {"seat": p.seat, "step": step, **d.args}))
    if step == "lose_pop":
        frame["count"] -= 1
        if frame["count"] > 0 and _workers_on_cards(p):
            return
    if step == "agreement":
        frame["budget"] -= price
        if frame["budget"] > 0:
            return  # more cards, or "pass" to stop
        pop(s)
        push(s, {"t": "agreement_end", "seat": p.seat})
        return
    pop(s)
