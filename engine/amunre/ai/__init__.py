"""AI seats for Amun-Re.

    choose(state, seat, level="normal", rng=None) -> Decision

returns one of `options(state, seat)`, decided from `view(state, seat)` (the seat's own gold and
cards, and public facts) and that option list only: never another seat's gold, cards or sealed
choice, nor the decks. Levels:

* ``"easy"``: random-ish. Uniform among the options of the step, except that it rarely sells a
  card unless it must, and sacrifices a small random amount.
* ``"normal"``: a greedy heuristic. Bids for the province worth most to it for the gold it
  would cost, buys farmers early and stones that complete pyramids, uses Master Builder and
  Free Farmer, sacrifices a share of its gold, takes rewards that complete pyramids, plays
  income and bonus cards where they pay, and sells everything before the final gold count.

The AI is deterministic: the same state, seat, level and rng give the same decision. Without
an rng it seeds one from the game's seed and decision count.
"""

from __future__ import annotations

import random

from data.amunre import BOARD
from engine.core import Decision, IllegalDecision

from ..game import options, view
from ..state import State
from ..view import View

LEVELS = ("easy", "normal")
ALL_LEVELS = ("easy", "normal", "random")


def choose(state: State, seat: int, level: str = "normal",
           rng: random.Random | None = None) -> Decision:
    if level not in ALL_LEVELS:
        raise ValueError(f"unknown AI level {level!r}; choose from {', '.join(ALL_LEVELS)}")
    opts = options(state, seat)
    if not opts:
        raise IllegalDecision("It is not this seat's turn to decide.", "A-FLOW-4")
    if rng is None:
        rng = random.Random(state.seed * 1_000_003 + state.decisions * 31 + seat)
    if level == "random" or len(opts) == 1:
        return opts[rng.randrange(len(opts))]
    v = view(state, seat)
    if level == "easy":
        return _easy(v, seat, opts, rng)
    return _normal(v, seat, opts, rng)


def _kind(v: View) -> str | None:
    return v.frame["t"] if v.frame else None


def _step_options(opts: list[Decision]) -> list[Decision]:
    """The options of the step itself: no sales, no out-of-turn phase-2 cards."""
    return [d for d in opts if d.kind != "sell"
            and not (d.kind == "play" and d.args.get("card") in ("BB", "OV"))] or opts


# --- easy -----------------------------------------------------------------------------------------

def _easy(v: View, seat: int, opts: list[Decision], rng: random.Random) -> Decision:
    kind = _kind(v)
    if kind in ("cover",):
        return opts[0]
    step = _step_options(opts)
    if kind == "sacrifice":
        gold = v.players[seat].gold or 0
        small = [d for d in step if not d.args.get("minus3") and d.args.get("gold", 0)
                 <= max(1, gold // 4)]
        pool = small if small and rng.random() < 0.8 else step
        return pool[rng.randrange(len(pool))]
    if kind == "bid":
        cheap = [d for d in step if d.kind == "bid" and d.args["value"] <= 6] or step
        return cheap[rng.randrange(len(cheap))]
    return step[rng.randrange(len(step))]


# --- normal ---------------------------------------------------------------------------------------

def _normal(v: View, seat: int, opts: list[Decision], rng: random.Random) -> Decision:
    kind = _kind(v)
    me = v.players[seat]
    gold = me.gold or 0
    cards = me.cards or []
    by_kind: dict[str, list[Decision]] = {}
    for d in opts:
        by_kind.setdefault(d.kind, []).append(d)
    if kind == "bid" and any(d.kind == "bid" for d in opts):
        return _bid(v, seat, opts, gold + len(cards))
    if kind == "cover":
        return opts[0]
    if kind == "buy" and v.frame and v.frame.get("who") == seat:
        return _buy(v, seat, by_kind, gold)
    if kind == "place":
        return _place(v, seat, by_kind.get("place", opts))
    if kind == "sacrifice":
        return _sacrifice(v, seat, by_kind.get("sacrifice", opts), gold, rng)
    if kind == "correction":
        farmers = sum(v.provinces[x].farmers for x in me.provinces)
        want = 3 if farmers >= 3 else -3
        return next((d for d in opts if d.args.get("delta") == want), opts[0])
    if kind == "reward":
        return _reward(v, seat, by_kind)
    if kind == "income":
        return _income(v, seat, by_kind)
    if kind == "bonus":
        if "play" in by_kind:
            return by_kind["play"][0]
        if v.round == 2 * BOARD["rounds_per_kingdom"] and "sell" in by_kind:
            return by_kind["sell"][0]
        return by_kind.get("done", opts)[0]
    step = _step_options(opts)
    return step[0]


def _province_value(v: View, seat: int, name: str) -> float:
    """What a province is worth to this seat for the rest of the kingdom, from public data."""
    prov = BOARD.provinces[name]
    pv = v.provinces[name]
    per = BOARD["rounds_per_kingdom"]
    rounds_left = per - ((v.round - 1) % per)
    harvest = 2.0
    value = rounds_left * (harvest * (prov.printed_farmers + 1.0 * min(prov.free_fields, 3))
                           + prov.fixed_income + 0.6 * prov.camel_income) * 0.5
    value += 2.0 * prov.card_limit + pv.free_gold + 2.5 * pv.free_cards
    value += 4.0 * pv.pyramids + 1.2 * pv.stones + 2.5 * prov.temples
    mine = v.players[seat].provinces
    sides = {BOARD.provinces[x].side for x in mine}
    if not sides or sides == {prov.side}:
        value += 1.0
    return value


def _bid(v: View, seat: int, opts: list[Decision], budget: int) -> Decision:
    me = v.players[seat]
    cards = me.cards or []
    auction = v.auction or {}
    if "OV" in cards and "OV" not in me.played and me.marker is not None \
            and seat not in auction.get("overbid", []):
        ov = Decision("play", {"card": "OV"})
        if ov in opts:
            return ov
    spend = max(3, (me.gold or 0) * 0.45)
    best: tuple[float, int, Decision] | None = None
    for i, d in enumerate(opts):
        if d.kind != "bid":
            continue
        value = d.args["value"]
        if value > min(spend, budget):
            continue
        score = _province_value(v, seat, d.args["province"]) - 1.1 * value
        if best is None or score > best[0]:
            best = (score, -i, d)
    if best is None:
        bids = [d for d in opts if d.kind == "bid"]
        return min(bids, key=lambda d: d.args["value"])
    choice = best[2]
    bb = Decision("play", {"card": "BB"})
    if bb in opts and choice.args["value"] >= 6:
        return bb
    return choice


def _buy(v: View, seat: int, by_kind: dict[str, list[Decision]], gold: int) -> Decision:
    me = v.players[seat]
    for d in by_kind.get("play", []):
        if d.args["card"] == "MB":
            return d
    for d in by_kind.get("play", []):
        if d.args["card"] == "FF":
            return d
    per = BOARD["rounds_per_kingdom"]
    rounds_left = per - ((v.round - 1) % per)
    reserve = 6
    if "buy_farmers" in by_kind and rounds_left >= 2:
        affordable = [d for d in by_kind["buy_farmers"]
                      if BOARD.price(d.args["n"]) <= max(0, gold - reserve)
                      and BOARD.price(d.args["n"]) <= 2 * rounds_left * d.args["n"]]
        if affordable:
            return affordable[-1]
    if "buy_stones" in by_kind:
        need = min((3 - v.provinces[x].stones) for x in me.provinces) if me.provinces else 3
        for d in by_kind["buy_stones"]:
            if d.args["n"] == need and BOARD.price(need) <= max(0, gold - reserve):
                return d
    if "buy_cards" in by_kind and gold >= 20:
        return by_kind["buy_cards"][0]
    return by_kind.get("end_turn", [Decision("end_turn")])[0]


def _place(v: View, seat: int, places: list[Decision]) -> Decision:
    frame = v.frame or {}
    if frame.get("item") == "stone":
        return max(places, key=lambda d: (v.provinces[d.args["province"]].stones,
                                          v.provinces[d.args["province"]].pyramids))
    return max(places, key=lambda d: v.provinces[d.args["province"]].free_fields)


def _sacrifice(v: View, seat: int, sacs: list[Decision], gold: int,
               rng: random.Random) -> Decision:
    plain = [d for d in sacs if not d.args.get("correction")]
    if gold < 4:
        return next((d for d in plain if d.args.get("minus3")), plain[0])
    target = max(1, int(gold * (0.2 + 0.15 * rng.random())))
    return min((d for d in plain if not d.args.get("minus3")),
               key=lambda d: abs(d.args["gold"] - target))


def _reward(v: View, seat: int, by_kind: dict[str, list[Decision]]) -> Decision:
    takes = by_kind.get("take", [])
    for d in takes:
        if d.args["item"] == "stone" and v.provinces[d.args["province"]].stones == 2:
            return d
    farmers = [d for d in takes if d.args["item"] == "farmer"]
    if farmers and v.round % BOARD["rounds_per_kingdom"] != 0:
        return farmers[0]
    stones = [d for d in takes if d.args["item"] == "stone"]
    if stones:
        return max(stones, key=lambda d: v.provinces[d.args["province"]].stones)
    if takes:
        return takes[0]
    return by_kind.get("stop", [Decision("stop")])[0]


def _income(v: View, seat: int, by_kind: dict[str, list[Decision]]) -> Decision:
    me = v.players[seat]
    space = BOARD.space(v.temple or 1)

    def income(name: str) -> int:
        prov = BOARD.provinces[name]
        return (v.provinces[name].farmers * space.harvest + prov.fixed_income
                + (prov.camel_income if space.camel else 0))

    for d in by_kind.get("play", []):
        if d.args["card"] == "G8":
            worst = min(me.provinces, key=income)
            if d.args["province"] == worst and income(worst) < BOARD["eight_gold"]:
                return d
        if d.args["card"] == "HI":
            best = max(me.provinces, key=lambda x: v.provinces[x].farmers)
            if d.args["province"] == best and v.provinces[best].farmers > 0:
                return d
    return by_kind.get("done", [Decision("done")])[0]


__all__ = ["ALL_LEVELS", "LEVELS", "choose"]
