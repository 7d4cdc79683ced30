"""Aggressions (F-AGGR, C-90…C-100), a political action of the full game (F-POL-1).

The flow (G-ASYNC-7):
1. the attacker's politics decision `aggression {card, target}` (options carry the target's
   `name` and the `cost` for the label), checked in the order of F-AGGR-6 and played by F-AGGR-7;
2. the defender's secret answer: a one-seat *simultaneous* frame
   {"t": "defend", "seats": [defender], "card", "attacker", "defender", "s_att", "s_def",
   "limit"} (public facts only, so a forced move can never publish a secret) with `bonus
   {card}`, `discard {card}` and `done`; his picks live in `State.defence`, which only his
   own view shows (view.py). Not asked when he holds no military card or has no military
   action (G-AGGR-7);
3. the resolution {"t": "aggression_end", ...} (F-AGGR-9): public D, the bonus cards played and
   the *number* of cards discarded; the discarded cards only in the defender's own log;
4. the spoils: the attacker's choice {"t": "spoils", "seat": attacker, "card", "defender"}
   (Plunder's split, Raid's buildings, Annex's colony, Infiltrate's card), forced choices
   taken by the agenda; then Enslave's worker choice of the defender (eventcards' lose_pop).

Every card's effect is written once below: the amounts in tables, the rest as small functions
named after the card."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from itertools import combinations_with_replacement
from math import ceil
from typing import Any

from data.tta import CARDS, LEVEL
from engine.core import Decision, Event

from . import attack, eventcards
from .actions import move_worker
from .cards import changing_totals, remove_leader, remove_unfinished_wonder, tokens_in, tokens_out
from .flow import AGENDA, Frame, err, pop, push
from .politics import Political, political
from .state import Player, State
from .stats import stats
from .tokens import gain, lose, stored

KIND = "aggression"

# C-90, C-100: culture or science points taken, at most this many
TAKE_POINTS = {"armed_intervention_iii": ("culture", 7), "spy_ii": ("science", 5)}
# C-91, C-94, C-98: food and resources together, at most this many (G-AGGR-6)
PLUNDER = {"plunder_i": 3, "plunder_ii": 5, "plunder_iii": 7}
# C-92, C-95, C-99: per slot, the highest age level of a building it may take
RAID_SLOTS = {"raid_i": (1,), "raid_ii": (2, 1), "raid_iii": (3, 2)}
ENSLAVE = "enslave_i"  # C-93
ENSLAVE_POPULATION, ENSLAVE_FOOD, ENSLAVE_RESOURCES = 1, 2, 2
ANNEX = "annex_ii"  # C-96
INFILTRATE = "infiltrate_ii"  # C-97
INFILTRATE_CULTURE = 3  # C-97: per level of the removed card
DISCARD_DEFENCE = 1  # F-AGGR-2: each card discarded face down


# --- 1. playing (F-AGGR-6, F-AGGR-7) -------------------------------------------------------------

def _object_exists(card: str, target: Player) -> None:
    """F-AGGR-6 step 6, G-AGGR-4: Infiltrate and Annex need something to take."""
    if card == INFILTRATE and target.leader is None and target.wonder is None:
        raise err("no_object_infiltrate", "G-AGGR-4", name=target.name)
    if card == ANNEX and not target.colonies:
        raise err("no_object_annex", "G-AGGR-4", name=target.name)


def check(s: State, p: Player, d: Decision) -> None:
    """F-AGGR-6, in its order (step 1, the politics phase, is the phase's own)."""
    attack.in_game(s, KIND)
    card = attack.card_of(p, d, KIND, "F-AGGR-6")
    attack.no_gandhi(p)
    target = attack.target_of(s, d)
    attack.valid_target(s, p, target)
    _object_exists(card, target)
    attack.affordable(s, p, card, target)
    s_att, s_def = attack.strengths(s, p.seat, target.seat, as_played=True)
    if s_att <= s_def:
        raise err("too_weak", "F-AGGR-6", name=target.name, mine=s_att, theirs=s_def)
    attack.check_quote(s, p, d, card, target)


def candidates(s: State, p: Player) -> Iterator[Decision]:
    for card in sorted({c for c in p.military if CARDS[c].kind == KIND}):
        for target in attack.opponents(s, p):
            yield Decision(KIND, {"card": card, "target": target.seat,
                                  **attack.quote(s, p, card, target)})


def apply(s: State, p: Player, d: Decision, events: list[Event]) -> None:
    card, target = d.args["card"], s.players[d.args["target"]]
    s_att, s_def = attack.strengths(s, p.seat, target.seat, as_played=True)
    spent = attack.play(s, p, card, target, events)
    events.append(Event("tta.aggression", {"seat": p.seat, "card": card,
                                           "defender": target.seat, "attack": s_att,
                                           "defence": s_def, "cost": spent}))
    facts = {"card": card, "attacker": p.seat, "defender": target.seat, "s_att": s_att,
             "s_def": s_def}
    limit = stats(target).military_actions
    end = {"t": "aggression_end", **facts}
    if target.military and limit > 0:
        s.defence = {"seat": target.seat, "bonus": [], "discard": []}
        push(s, {"t": "defend", "seats": [target.seat], **facts, "limit": limit}, end)
    else:  # G-AGGR-7: he has no option, and both facts are public
        push(s, end)


political(KIND, Political(candidates, check, apply))


# --- 2. the defender's secret answer (F-AGGR-8) --------------------------------------------------

def _picks(s: State) -> dict[str, Any]:
    return s.defence or {"bonus": [], "discard": []}


def _free(p: Player, picks: dict[str, Any]) -> Counter[str]:
    """The military cards still in hand and not yet picked."""
    return Counter(p.military) - Counter(picks["bonus"]) - Counter(picks["discard"])


def _defend_options(s: State, frame: Frame) -> Iterator[Decision]:
    p = s.players[frame["seat"]]
    picks = _picks(s)
    if len(picks["bonus"]) + len(picks["discard"]) < frame["limit"]:
        for card in sorted(_free(p, picks)):
            if CARDS[card].defense > 0:
                yield Decision("bonus", {"card": card, "defence": CARDS[card].defense})
            yield Decision("discard", {"card": card, "defence": DISCARD_DEFENCE})
    yield Decision("done", {"defence": True})  # (the argument words its label: not politics)


@AGENDA.choice("defend", _defend_options)
def _defend(s: State, frame: Frame, d: Decision, events: list[Event]) -> None:
    p = s.players[frame["seat"]]
    picks = _picks(s)
    if d.kind == "done":
        frame["seats"].remove(p.seat)
        return
    if d.kind not in ("bonus", "discard"):
        raise err("defend_now", "F-AGGR-8")
    card = d.args.get("card")
    if len(picks["bonus"]) + len(picks["discard"]) >= frame["limit"]:
        raise err("defence_limit", "F-AGGR-2", n=frame["limit"])
    if not isinstance(card, str) or _free(p, picks)[card] < 1:
        raise err("defence_card", "F-AGGR-8")
    worth = CARDS[card].defense if d.kind == "bonus" else DISCARD_DEFENCE
    if d.kind == "bonus" and worth <= 0:
        raise err("not_bonus", "F-AGGR-8")
    if "defence" in d.args and d.args["defence"] != worth:
        raise err("quote", "T-ACT-3")
    picks[d.kind].append(card)
    s.defence = picks
    events.append(Event("tta.defend_pick", {"seat": p.seat, "card": card, "how": d.kind,
                                            "amount": worth}, private_to=p.seat))
    if len(picks["bonus"]) + len(picks["discard"]) >= frame["limit"] or not _free(p, picks):
        frame["seats"].remove(p.seat)  # nothing more can be picked: the answer is complete


# --- 3. resolution (F-AGGR-9) --------------------------------------------------------------------

@AGENDA.auto("aggression_end")
def _resolve(s: State, frame: Frame, events: list[Event]) -> None:
    att, dfn = s.players[frame["attacker"]], s.players[frame["defender"]]
    card = frame["card"]
    picks = _picks(s)
    s.defence = None
    total = frame["s_def"] + sum(CARDS[c].defense for c in picks["bonus"]) \
        + DISCARD_DEFENCE * len(picks["discard"])
    for used in (*picks["bonus"], *picks["discard"]):
        dfn.military.remove(used)
        attack.to_discard(s, used)
    attack.to_discard(s, card)
    won = total < frame["s_att"]
    events.append(Event("tta.defence", {"seat": dfn.seat, "cards": list(picks["bonus"]),
                                        "count": len(picks["discard"]), "total": total,
                                        "attack": frame["s_att"], "card": card}))
    if picks["discard"]:
        events.append(Event("tta.defence_discards", {"seat": dfn.seat,
                                                     "cards": list(picks["discard"])},
                            private_to=dfn.seat))
    events.append(Event("tta.aggression_won" if won else "tta.aggression_repelled",
                        {"seat": att.seat, "card": card, "defender": dfn.seat}))
    if won:
        succeed(s, att, dfn, card, events)


def succeed(s: State, att: Player, dfn: Player, card: str, events: list[Event]) -> None:
    """The card's effect (C-90…C-100): at once, or the attacker's choice first."""
    if card in TAKE_POINTS:
        take_points(att, dfn, card, events)
    elif card == ENSLAVE:
        enslave(s, att, dfn, events)
    elif list(spoils_options(s, att, dfn, card)):
        push(s, {"t": "spoils", "seat": att.seat, "card": card, "defender": dfn.seat})
    else:  # nothing to take (Plunder from empty stores, Raid without a building)
        events.append(Event("tta.spoils_none", {"seat": att.seat, "card": card,
                                                "defender": dfn.seat}))


# --- 4. the effects (C-90…C-100) -----------------------------------------------------------------

def take_points(att: Player, dfn: Player, card: str, events: list[Event]) -> None:
    """C-90 Armed Intervention (culture), C-100 Spy (science): min(N, what he has)."""
    what, most = TAKE_POINTS[card]
    n = min(most, getattr(dfn, what))
    setattr(dfn, what, getattr(dfn, what) - n)
    setattr(att, what, getattr(att, what) + n)
    events.append(Event(f"tta.took_{what}", {"seat": att.seat, "defender": dfn.seat,
                                             "amount": n, "card": card}))


def enslave(s: State, att: Player, dfn: Player, events: list[Event]) -> None:
    """C-93: the defender loses 1 population (G-POP-1: his choice of worker when none is
    unused, asked after the attacker's gains); the attacker gains 2 food and 2 resources."""
    food = gain(att, "farm", ENSLAVE_FOOD)
    resources = gain(att, "mine", ENSLAVE_RESOURCES)
    events.append(Event("tta.enslaved", {"seat": att.seat, "defender": dfn.seat,
                                         "food": food, "resources": resources}))
    before = len(s.queue)
    eventcards.lose_population(s, dfn, ENSLAVE_POPULATION, events)
    eventcards.name_event(s, before, ENSLAVE)


def plunder_options(dfn: Player, card: str) -> Iterator[dict[str, int]]:
    """C-91/94/98, G-AGGR-6: every split of the most that can be taken."""
    food, resources = stored(dfn, "farm"), stored(dfn, "mine")
    total = min(PLUNDER[card], food + resources)
    if total == 0:
        return
    for f in range(max(0, total - resources), min(food, total) + 1):
        yield {"food": f, "resources": total - f}


def plunder(att: Player, dfn: Player, args: dict[str, int], events: list[Event]) -> None:
    """The defender pays by T-PAY, the attacker gains by T-GAIN (F-AGGR-10)."""
    lose(dfn, "farm", args["food"])
    lose(dfn, "mine", args["resources"])
    food, resources = gain(att, "farm", args["food"]), gain(att, "mine", args["resources"])
    events.append(Event("tta.plundered", {"seat": att.seat, "defender": dfn.seat,
                                          "food": args["food"],
                                          "resources": args["resources"],
                                          "gained_food": food, "gained_resources": resources}))


def _buildings(dfn: Player) -> Counter[str]:
    return Counter({c: n for c, n in dfn.workers.items()
                    if n > 0 and CARDS[c].kind == "urban"})


def _fits(cards: tuple[str, ...], slots: tuple[int, ...]) -> bool:
    """The buildings can be given one slot each (slots as "at most this age level")."""
    levels = sorted(LEVEL[CARDS[c].age] for c in cards)
    return all(lv <= cap for lv, cap in zip(levels, sorted(slots)[len(slots) - len(cards):],
                                             strict=True))


def raid_options(dfn: Player, card: str) -> Iterator[dict[str, list[str]]]:
    """C-92/95/99: the buildings (one worker of an urban card each) filling as many slots as
    can be filled; the attacker picks which."""
    slots = RAID_SLOTS[card]
    have = _buildings(dfn)
    pool = sorted(c for c in have if LEVEL[CARDS[c].age] <= max(slots))
    for size in range(len(slots), 0, -1):
        found = [combo for combo in combinations_with_replacement(pool, size)
                 if all(combo.count(c) <= have[c] for c in combo) and _fits(combo, slots)]
        if found:
            for combo in found:
                yield {"cards": list(combo)}
            return


def raid(s: State, att: Player, dfn: Player, args: dict[str, list[str]],
         events: list[Event]) -> None:
    """Workers to the defender's pool; the attacker gains ⌈sum of printed costs / 2⌉ (G-AGGR-5)."""
    for building in args["cards"]:
        move_worker(dfn, building, -1)
        dfn.pool += 1
    due = ceil(sum(CARDS[c].cost_resources for c in args["cards"]) / 2)
    got = gain(att, "mine", due)
    events.append(Event("tta.raided", {"seat": att.seat, "defender": dfn.seat,
                                       "cards": list(args["cards"]), "resources": got}))


def annex(s: State, att: Player, dfn: Player, args: dict[str, str], events: list[Event]
          ) -> None:
    """C-96: the permanent effect moves (tokens back to the box, and out of it, T-COL-12,
    T-TOK-1); the immediate effect is neither repeated nor undone."""
    colony = args["card"]

    def leave() -> None:
        dfn.colonies.remove(colony)
        tokens_out(dfn, colony)

    def enter() -> None:
        att.colonies.append(colony)
        tokens_in(att, colony)
    changing_totals(dfn, leave)
    changing_totals(att, enter)
    events.append(Event("tta.annexed", {"seat": att.seat, "defender": dfn.seat,
                                        "card": colony}))


def infiltrate(s: State, att: Player, dfn: Player, args: dict[str, str], events: list[Event]
               ) -> None:
    """C-97: the leader or the unfinished wonder leaves the game; 3 culture per its level."""
    gone = args["card"]
    if gone == dfn.leader:
        remove_leader(s, dfn)
    else:
        remove_unfinished_wonder(s, dfn)
    culture = INFILTRATE_CULTURE * LEVEL[CARDS[gone].age]
    att.culture += culture
    events.append(Event("tta.infiltrated", {"seat": att.seat, "defender": dfn.seat,
                                            "card": gone, "culture": culture}))


def _annex_options(dfn: Player) -> Iterator[dict[str, str]]:
    for colony in sorted(set(dfn.colonies)):
        yield {"card": colony}


def _infiltrate_options(dfn: Player) -> Iterator[dict[str, str]]:
    for card in (dfn.leader, dfn.wonder):
        if card is not None:
            yield {"card": card}


# the spoils the attacker chooses: decision kind, its options, its effect
Spoil = tuple[str, Callable[[Player, str], Iterator[dict[str, Any]]],
              Callable[..., None]]


def _spoil(card: str) -> Spoil | None:
    if card in PLUNDER:
        return "plunder", plunder_options, lambda s, a, d, args, ev: plunder(a, d, args, ev)
    if card in RAID_SLOTS:
        return "raid", raid_options, raid
    if card == ANNEX:
        return "annex", lambda dfn, _c: _annex_options(dfn), annex
    if card == INFILTRATE:
        return "infiltrate", lambda dfn, _c: _infiltrate_options(dfn), infiltrate
    return None


def spoils_options(s: State, att: Player, dfn: Player, card: str) -> Iterator[Decision]:
    spoil = _spoil(card)
    if spoil is None:
        return
    kind, options, _ = spoil
    for args in options(dfn, card):
        yield Decision(kind, args)


def _spoils_options(s: State, frame: Frame) -> Iterator[Decision]:
    yield from spoils_options(s, s.players[frame["seat"]], s.players[frame["defender"]],
                              frame["card"])


@AGENDA.choice("spoils", _spoils_options)
def _spoils(s: State, frame: Frame, d: Decision, events: list[Event]) -> None:
    """The attacker's choice of what to take (G-ASYNC-7 step 4)."""
    att, dfn = s.players[frame["seat"]], s.players[frame["defender"]]
    if d.canonical() not in {o.canonical() for o in _spoils_options(s, frame)}:
        raise err("spoils", "F-AGGR-9")
    spoil = _spoil(frame["card"])
    assert spoil is not None  # the frame exists only for a card with a choice
    pop(s)
    spoil[2](s, att, dfn, dict(d.args), events)
