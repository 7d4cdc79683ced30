"""Colonisation (T-COL): a revealed territory is auctioned openly, the winner sends units (and
may play military bonus cards), the units are sacrificed and the territory becomes a colony.

Frames: {"t": "bid", "seat": bidder, "card", "high", "leader", "order", "active"} — the
auction, one open decision at a time ("bid" {"amount"} or "pass"), the current player first
then in turn order (T-COL-2); dropping out is for good (G-COL-1). The guide's auction goes
round the table in the open, so no sealed frame is needed. Then {"t": "send", "seat", "card",
"bid", "units", "bonus", "discard"}: the winner's force (G-COL-3: any force at least equal to
the bid, as he chooses). He either sends a whole party at once, decision "send" {"units":
{card: n}, "bonus": [cards], "discard": [cards]} ("discard": James Cook's extra cards; the
options offer the smallest parties that reach the bid), or forms a larger one step by step —
"add" {"unit": card} | {"bonus": card} | {"discard": card} puts one more unit or card into the
frame's draft — and sends the draft ("send" with the draft's parts) once it reaches the bid.
A "send" option carries its "force", which the label shows and which must match.

Colonisation force (T-COL-5, T-COL-6): the sent units' strengths, the armies they form among
themselves under the current tactic (T-TAC-10), the colonisation symbols of the cards in play,
the bonus cards played; strength effects (Alexander, Great Wall, Warfare, Strategic Territory)
do not count, which holds by construction: only units, tactics and colonisation symbols are
added."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from itertools import combinations, product
from typing import Any

from data.tta import CARDS
from engine.core import Decision, Event

from .actions import move_worker
from .cards import changing_totals, tokens_in, tokens_out
from .draws import discard_military, draw_cards
from .effects import COOK
from .flow import AGENDA, Frame, err, pop, push
from .state import Player, State
from .stats import stats, tactical_strength
from .tokens import gain

# A territory's immediate effect (T-COL-11, the centre of the card; cards.csv summaries): its
# permanent effect is the card's symbols (stats.py, tokens_in).
IMMEDIATE: dict[str, dict[str, int]] = {
    "developed_territory_i": {"science": 3},
    "historic_territory_i": {"culture": 6},
    "inhabited_territory_i": {"population": 1},
    "strategic_territory_i": {"draw": 3},
    "vast_territory_i": {"food": 3},
    "wealthy_territory_i": {"resources": 5},
    "developed_territory_ii": {"science": 5},
    "historic_territory_ii": {"culture": 11},
    "inhabited_territory_ii": {"population": 2},
    "strategic_territory_ii": {"draw": 5},
    "vast_territory_ii": {"food": 4},
    "wealthy_territory_ii": {"resources": 9},
}


def unit_cards(p: Player) -> dict[str, int]:
    """The player's military units: unit card -> count (arenas are buildings, T-COL-8)."""
    return {c: n for c, n in p.workers.items() if n > 0 and CARDS[c].kind == "unit"}


def cook_limit(p: Player) -> int:
    return COOK.get(p.leader or "", 0)


def force(p: Player, units: dict[str, int], bonus: list[str], discard: list[str],
          colonization: int | None = None) -> int:
    """T-COL-5: the force of a colonisation party (no checks); `colonization`, the symbols of
    the cards in play, may be passed in when many parties are compared."""
    strength = sum(CARDS[c].strength * n for c, n in units.items())
    if colonization is None:
        colonization = stats(p).colonization
    return (strength + tactical_strength(p, units) + colonization
            + sum(CARDS[c].colonization for c in bonus) + len(discard))


def bonus_in_hand(p: Player) -> list[str]:
    return [c for c in p.military if CARDS[c].kind == "bonus"]


def max_force(p: Player) -> int:
    """G-COL-2: the largest force the player could send — every unit, every bonus card in hand
    and James Cook's discards of the other military cards; 0 without a unit (T-COL-7)."""
    units = unit_cards(p)
    if not units:
        return 0
    bonus = bonus_in_hand(p)
    others = len(p.military) - len(bonus)
    return force(p, units, bonus, ["x"] * min(cook_limit(p), others))


# --- the auction (T-COL-1..3) --------------------------------------------------------------------

def start_auction(s: State, current: int, card: str) -> None:
    order = [(current + i) % s.n for i in range(s.n)
             if not s.players[(current + i) % s.n].resigned]  # F-GEN-2
    push(s, {"t": "bid", "seat": current, "card": card, "high": 0, "leader": None,
             "order": order, "active": list(order)})


def _bid_options(s: State, frame: Frame) -> Iterator[Decision]:
    p = s.players[frame["seat"]]
    for amount in range(frame["high"] + 1, max_force(p) + 1):
        yield Decision("bid", {"amount": amount})
    yield Decision("pass", {})


@AGENDA.choice("bid", _bid_options)
def _bid(s: State, frame: Frame, d: Decision, events: list[Event]) -> None:
    seat = frame["seat"]
    p = s.players[seat]
    if d.kind == "bid":
        amount = d.args.get("amount")
        if type(amount) is not int or amount <= frame["high"]:
            raise err("bid_low", "T-COL-2", high=frame["high"])
        if amount > max_force(p):
            raise err("bid_high", "G-COL-2", most=max_force(p))
        frame["high"], frame["leader"] = amount, seat
        events.append(Event("tta.bid", {"seat": seat, "amount": amount, "card": frame["card"]}))
    elif d.kind == "pass":
        frame["active"].remove(seat)
        events.append(Event("tta.bid_pass", {"seat": seat, "card": frame["card"]}))
    else:
        raise err("bid_now", "T-COL-2")
    active, leader = frame["active"], frame["leader"]
    if not active:  # T-COL-3: nobody bid
        pop(s)
        s.past_events.append(frame["card"])
        events.append(Event("tta.no_colony", {"card": frame["card"]}))
        return
    if leader is not None and active == [leader]:  # the last bidder wins (G-COL-1)
        pop(s)
        push(s, {"t": "send", "seat": leader, "card": frame["card"], "bid": frame["high"]})
        events.append(Event("tta.auction_won", {"seat": leader, "card": frame["card"],
                                                "amount": frame["high"]}))
        return
    order = frame["order"]
    at = order.index(seat)
    for step in range(1, len(order) + 1):
        nxt = order[(at + step) % len(order)]
        if nxt in active and nxt != leader:
            frame["seat"] = nxt
            return


# --- sending the colonisation party (T-COL-4..10, G-COL-3) -----------------------------------

def _party(p: Player, args: dict[str, Any]) -> tuple[dict[str, int], list[str], list[str]]:
    """The party the decision names, checked against what the player has."""
    units, bonus, discard = args.get("units"), args.get("bonus", []), args.get("discard", [])
    if not isinstance(units, dict) or not isinstance(bonus, list) or not isinstance(discard,
                                                                                    list):
        raise err("party", "G-COL-3")
    have = unit_cards(p)
    for card, n in units.items():
        if card not in have or type(n) is not int or not 0 <= n <= have[card]:
            raise err("party_units", "T-COL-4")
    units = {c: n for c, n in units.items() if n}
    if not units:
        raise err("party_no_unit", "T-COL-7")
    hand = Counter(p.military)
    if any(type(c) is not str or c not in CARDS or CARDS[c].kind != "bonus" for c in bonus):
        raise err("party_bonus", "T-COL-5")
    if len(discard) > cook_limit(p):
        raise err("party_discard", "T-COL-5", most=cook_limit(p), count=cook_limit(p))
    if any(type(c) is not str for c in discard) or Counter(bonus) + Counter(discard) - hand:
        raise err("party_bonus", "T-COL-5")
    return units, list(bonus), list(discard)


def draft(frame: Frame) -> tuple[dict[str, int], list[str], list[str]]:
    """The party the winner has put together so far ("add" steps)."""
    return (dict(frame.get("units", {})), list(frame.get("bonus", [])),
            list(frame.get("discard", [])))


def _send_options(s: State, frame: Frame) -> Iterator[Decision]:
    """With nothing added yet, the smallest parties that reach the bid (none of their parts
    could be left out); with a draft, the draft once it reaches the bid. Then every unit or
    card that could still be added (G-COL-3: a larger force is the winner's choice)."""
    p = s.players[frame["seat"]]
    units, bonus, discard = draft(frame)
    base = stats(p).colonization
    bid = frame["bid"]
    if not (units or bonus or discard):
        yield from _minimal_parties(p, bid, base)
    elif units and (total := force(p, units, bonus, discard, base)) >= bid:
        yield _sending(units, bonus, discard, total)
    yield from _additions(p, units, bonus, discard)


def _sending(units: dict[str, int], bonus: list[str], discard: list[str], total: int
             ) -> Decision:
    return Decision("send", {"units": units, "bonus": bonus, "discard": discard,
                             "force": total})


def _additions(p: Player, units: dict[str, int], bonus: list[str], discard: list[str]
               ) -> Iterator[Decision]:
    for card, n in sorted(unit_cards(p).items()):
        if units.get(card, 0) < n:
            yield Decision("add", {"unit": card})
    left = Counter(p.military) - Counter(bonus) - Counter(discard)
    for card in sorted(left):
        if CARDS[card].kind == "bonus":
            yield Decision("add", {"bonus": card})
    if len(discard) < cook_limit(p):
        for card in sorted(left):
            if CARDS[card].kind != "bonus":
                yield Decision("add", {"discard": card})


def _minimal_parties(p: Player, bid: int, base: int) -> Iterator[Decision]:
    have = sorted(unit_cards(p).items())
    bonus_have = sorted(Counter(bonus_in_hand(p)).items())
    others = sorted(c for c in p.military if CARDS[c].kind != "bonus")
    cook = cook_limit(p)
    for counts in product(*(range(n + 1) for _, n in have)):
        if not any(counts):
            continue
        units = {c: k for (c, _), k in zip(have, counts, strict=True) if k}
        for bcounts in product(*(range(n + 1) for _, n in bonus_have)):
            bonus = [c for (c, _), k in zip(bonus_have, bcounts, strict=True) for _ in range(k)]
            for discard in _discards(others, cook):
                total = force(p, units, bonus, discard, base)
                if total >= bid and _minimal(p, units, bonus, discard, bid, base):
                    yield _sending(units, bonus, discard, total)


def _discards(others: list[str], most: int) -> list[list[str]]:
    """James Cook's choices: every set of up to `most` of the other military cards."""
    seen = {tuple(c) for k in range(most + 1) for c in combinations(others, k)}
    return [list(c) for c in sorted(seen, key=lambda c: (len(c), c))]


def _minimal(p: Player, units: dict[str, int], bonus: list[str], discard: list[str],
             bid: int, base: int) -> bool:
    for card in units:
        fewer = {**units, card: units[card] - 1}
        fewer = {c: n for c, n in fewer.items() if n}
        if fewer and force(p, fewer, bonus, discard, base) >= bid:
            return False
    for i in range(len(bonus)):
        if force(p, units, bonus[:i] + bonus[i + 1:], discard, base) >= bid:
            return False
    return not discard or force(p, units, bonus, discard[1:], base) < bid


@AGENDA.choice("send", _send_options)
def _send(s: State, frame: Frame, d: Decision, events: list[Event]) -> None:
    p = s.players[frame["seat"]]
    if d.kind == "add":
        _add(p, frame, d.args)
        return
    if d.kind != "send":
        raise err("send_now", "T-COL-3")
    units, bonus, discard = _party(p, d.args)
    total = force(p, units, bonus, discard)
    if total < frame["bid"]:
        raise err("party_weak", "T-COL-3", bid=frame["bid"], force=total)
    if "force" in d.args and d.args["force"] != total:
        raise err("party_force", "T-COL-5", force=total)
    pop(s)
    for card, n in units.items():  # T-COL-9: sacrificed, the tokens back to the yellow bank
        move_worker(p, card, -n)
        p.yellow_bank += n
    for card in bonus + discard:  # T-COL-10 (and Cook's discards), face down
        discard_military(s, p, card)
    events.append(Event("tta.colonize", {"seat": p.seat, "card": frame["card"],
                                         "units": units, "bonus": bonus,
                                         "discarded": len(discard), "force": total}))
    gain_colony(s, p, frame["card"], events)


def _add(p: Player, frame: Frame, args: dict[str, Any]) -> None:
    """One more unit, bonus card or (James Cook) discard into the draft, checked against what
    the player holds besides what the draft already has (G-COL-3)."""
    units, bonus, discard = draft(frame)
    if len(args) != 1:
        raise err("party", "G-COL-3")
    (what, card), = args.items()
    if what == "unit":
        if type(card) is not str or unit_cards(p).get(card, 0) <= units.get(card, 0):
            raise err("party_units", "T-COL-4")
        units[card] = units.get(card, 0) + 1
    elif what in ("bonus", "discard"):
        left = Counter(p.military) - Counter(bonus) - Counter(discard)
        if type(card) is not str or not left.get(card):
            raise err("party_bonus", "T-COL-5")
        if what == "bonus" and CARDS[card].kind != "bonus":
            raise err("party_bonus", "T-COL-5")
        if what == "discard" and len(discard) >= cook_limit(p):
            raise err("party_discard", "T-COL-5", most=cook_limit(p), count=cook_limit(p))
        (bonus if what == "bonus" else discard).append(card)
    else:
        raise err("party", "G-COL-3")
    frame["units"], frame["bonus"], frame["discard"] = units, bonus, discard


def gain_colony(s: State, p: Player, card: str, events: list[Event]) -> None:
    """T-COL-11: the permanent effect first (symbols, tokens), then the immediate one; free
    population moves yellow bank tokens to the pool without food or actions (T-COL-14);
    military cards are drawn ignoring the hand limit (G-COL-4)."""
    def enter() -> None:
        p.colonies.append(card)
        tokens_in(p, card)
    changing_totals(p, enter)
    now = IMMEDIATE[card]
    p.science += now.get("science", 0)
    p.culture += now.get("culture", 0)
    gain(p, "farm", now.get("food", 0))
    gain(p, "mine", now.get("resources", 0))
    free_population(p, now.get("population", 0))
    draw_cards(s, p, now.get("draw", 0), events)
    events.append(Event("tta.colony", {"seat": p.seat, "card": card}))


def free_population(p: Player, count: int) -> int:
    """T-POP-6 "increase your population by N": bank tokens to the pool, no food; as many as the
    yellow bank holds. Returns how many."""
    moved = min(count, p.yellow_bank)
    p.yellow_bank -= moved
    p.pool += moved
    return moved


def lose_colony(s: State, p: Player, card: str, events: list[Event]) -> None:
    """T-COL-12: the card leaves the game, its permanent effect ends (tokens back to the box),
    the immediate effect stays."""
    def leave() -> None:
        p.colonies.remove(card)
        tokens_out(p, card)
    changing_totals(p, leave)
    s.removed.append(card)
    events.append(Event("tta.colony_lost", {"seat": p.seat, "card": card}))
