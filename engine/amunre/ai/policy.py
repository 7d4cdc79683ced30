"""The decision code of the Amun-Re AI: one handler per step, deciding from the seat's view and
its options only (the view carries its own gold, cards and sealed choice; nobody else's)."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from data.amunre import BOARD, BONUS_CARDS
from engine.core import Decision

from ..view import View
from . import values as V
from .values import EASY, NORMAL, PROV, Knobs

KNOBS = {"easy": EASY, "normal": NORMAL}


@dataclass
class Ctx:
    v: View
    seat: int
    opts: list[Decision]
    k: Knobs
    level: str
    rng: random.Random

    @property
    def gold(self) -> int:
        return self.v.players[self.seat].gold or 0

    @property
    def cards(self) -> list[str]:
        return list(self.v.players[self.seat].cards or [])

    def of(self, kind: str, **args: object) -> list[Decision]:
        return [d for d in self.opts if d.kind == kind
                and all(d.args.get(a) == x for a, x in args.items())]


def decide_level(v: View, seat: int, opts: list[Decision], level: str,
                 rng: random.Random) -> Decision | None:
    kind = v.frame["t"] if v.frame else None
    handler = HANDLERS.get(kind or "")
    if handler is None:
        return None
    return handler(Ctx(v, seat, opts, KNOBS[level], level, rng))


# --- phase 2: the auction (A-AUCT) ---------------------------------------------------------------

def _bid_cap(c: Ctx) -> int:
    return max(3, int(c.gold * c.k.bid_share))


def _values(c: Ctx) -> dict[str, float]:
    out = {}
    for name in c.v.on_offer:
        value = V.province_value(c.v, c.seat, name, c.k, c.cards)
        if c.k.bid_noise:
            value += c.rng.uniform(-c.k.bid_noise, c.k.bid_noise)
        out[name] = value
    return out


def _lowest(c: Ctx, name: str) -> int:
    """The lowest value this seat may bid on `name`, from the public bids (A-AUCT-4, A-PWR-BB-2)."""
    auction = c.v.auction or {}
    lo = 0
    for q, bid in enumerate(auction.get("bids", [])):
        if q == c.seat or bid is None or bid["province"] != name:
            continue
        i = BOARD.bid_index(bid["value"]) or 0
        lo = max(lo, i + (2 if q in auction.get("blockade", []) else 1))
    return BOARD.bid_value(lo)


def bid(c: Ctx) -> Decision | None:
    worth = _values(c)
    cap = _bid_cap(c)
    bids = c.of("bid")
    best: tuple[float, int, Decision] | None = None
    for d in bids:
        value = d.args["value"]
        if value > cap and value > 0:
            continue
        surplus = worth[d.args["province"]] - value
        if best is None or (surplus, -value) > best[:2]:
            best = (surplus, -value, d)
    if best is None:
        return min(bids, key=lambda d: d.args["value"]) if bids else None
    me = c.v.players[c.seat]
    if c.k.auction_cards:
        if me.marker is not None and c.of("play", card="OV"):
            # outbid: stay on the card with Overbid if that beats every other card clearly
            here = me.marker["province"]
            low = _lowest(c, here)
            if low <= cap and worth[here] - low > best[0] + 4:
                return c.of("play", card="OV")[0]
        if c.of("play", card="BB") and best[0] >= 10 and best[2].args["value"] > 0:
            return c.of("play", card="BB")[0]
    return best[2]


def cover(c: Ctx) -> Decision | None:
    """Short of gold at settlement: sell the card least likely to be of use (A-GAP-6)."""
    sells = c.of("sell")
    order = ("BB", "OV", "SC", "FF", "HI", "G8", "MB", *BONUS_CARDS)
    return min(sells, key=lambda d: order.index(d.args["card"])) if sells else None


# --- phase 3: buying (A-BUY) ---------------------------------------------------------------------

def _mb_ready(c: Ctx) -> bool:
    me = c.v.players[c.seat]
    return "MB" in c.cards and "MB" not in me.played and c.v.supply.get("pyramids", 0) > 0


def _best_n(opts: list[Decision], gain: Callable[[int], float], budget: int) -> Decision | None:
    best: tuple[float, Decision] | None = None
    for d in opts:
        n = d.args["n"]
        cost = BOARD.price(n)
        if cost > budget:
            continue
        net = gain(n) - cost
        if net > 0.5 and (best is None or net > best[0]):
            best = (net, d)
    return best[1] if best else None


def buy(c: Ctx) -> Decision | None:
    v, k = c.v, c.k
    budget = max(0, c.gold - k.reserve)
    for d in c.of("play", card="MB"):
        if c.level == "easy" or not c.of("buy_stones"):
            return d  # after the stones, or at once
    ff = c.of("play", card="FF")
    if ff:
        return max(ff, key=lambda d: v.provinces[d.args["province"]].farmers)
    if c.of("buy_cards"):
        value = V.card_value(v, k)
        d = _best_n(c.of("buy_cards"), lambda n: n * value, budget)
        if d is not None:
            return d
    if c.of("buy_farmers"):
        def farmers_gain(n: int) -> float:
            return sum(V.farmer_value(v, c.seat, k, c.cards, i) for i in range(n))
        d = _best_n(c.of("buy_farmers"), farmers_gain, budget)
        if d is not None:
            return d
    if c.of("buy_stones"):
        mb = _mb_ready(c)
        base = V.best_spread(v, c.seat, 0, k, mb, c.cards)[0]

        def stones_gain(n: int) -> float:
            return (V.best_spread(v, c.seat, n, k, mb, c.cards)[0] - base) * k.gold_per_point
        d = _best_n([d for d in c.of("buy_stones") if d.args["n"] <= 8], stones_gain, budget)
        if d is not None:
            return d
    mbs = c.of("play", card="MB")
    if mbs:
        return min(mbs, key=lambda d: v.provinces[d.args["province"]].pyramids)
    return (c.of("end_turn") or [None])[0]


def place(c: Ctx) -> Decision | None:
    v = c.v
    frame = v.frame or {}
    places = c.of("place")
    if not places:
        return None
    if frame.get("item") == "farmer":
        return max(places, key=lambda d: v.provinces[d.args["province"]].farmers)
    left = int(frame.get("left", 1))
    mb = _mb_ready(c)
    _, spread = V.best_spread(v, c.seat, left, c.k, mb, c.cards)
    target = max(spread, key=lambda x: spread[x], default=None) if spread else None
    for d in places:
        if d.args["province"] == target:
            return d
    return places[0]


# --- phase 4: the sacrifice (A-SAC) ---------------------------------------------------------------

def _my_income(c: Ctx, space: int) -> float:
    sp = BOARD.space(space)
    total = 0.0
    for x in c.v.players[c.seat].provinces:
        prov = PROV[x]
        total += (c.v.provinces[x].farmers * sp.harvest + prov.fixed_income
                  + (prov.camel_income if sp.camel else 0))
    if V.scoring_round(c.v):
        temples = sum(PROV[x].temples for x in c.v.players[c.seat].provinces)
        total += temples * sp.points * c.k.gold_per_point
    return total


def _others_offers(c: Ctx) -> list[int | None]:
    """What each other seat is expected to sacrifice: its public offer of the last phase 4 (None:
    a thief), else a guess."""
    last = {}
    if c.v.sacrifice:
        for o in c.v.sacrifice["offers"]:
            last[o["seat"]] = None if o["minus3"] else o["gold"]
    return [last.get(q, 3) for q in range(len(c.v.players)) if q != c.seat]


def sacrifice(c: Ctx) -> Decision | None:
    sacs = c.of("sacrifice")
    if not sacs:
        return None
    with_sc = any(d.args.get("correction") for d in sacs)
    want_sc = with_sc and c.level == "normal"
    if c.level == "easy":
        golds = [d for d in sacs if not d.args["minus3"] and not d.args["correction"]
                 and d.args["gold"] <= max(1, c.gold // 5)]
        plain = [d for d in sacs if not d.args["correction"]]
        pool = golds if golds and c.rng.random() < 0.85 else plain
        return pool[c.rng.randrange(len(pool))]
    others = _others_offers(c)
    base_total = sum(-3 if o is None else o for o in others)
    rewards = BOARD["sacrifice_rewards"]
    item_cache: dict[int, float] = {}

    def items(n: int) -> float:
        if n not in item_cache:
            item_cache[n] = V.items_value(c.v, c.seat, n, c.k, c.cards)[0]
        return item_cache[n]

    best: tuple[float, Decision] | None = None
    for d in sacs:
        if d.args["correction"] != want_sc:
            continue
        if d.args["minus3"]:
            total = base_total + BOARD["minus3_value"]
            u = BOARD["thief_gold"] + _my_income(c, BOARD.temple_space(total).space)
        else:
            g = d.args["gold"]
            if g > max(12, c.gold // 2):
                continue
            rank = sum(1 for o in others if o is not None and o + 1 >= g)
            u = items(rewards[min(rank, len(rewards) - 1)]) - g + (1.5 if rank == 0 else 0)
            u += _my_income(c, BOARD.temple_space(base_total + g).space)
        if best is None or u > best[0] + 1e-9:
            best = (u, d)
    return best[1] if best else sacs[0]


def correction(c: Ctx) -> Decision | None:
    total = (c.v.sacrifice or {}).get("total", 0)
    opts = c.of("correction")
    if c.level == "easy":
        return opts[c.rng.randrange(len(opts))] if opts else None
    return max(opts, key=lambda d: _my_income(
        c, BOARD.temple_space(total + d.args["delta"]).space), default=None)


def reward(c: Ctx) -> Decision | None:
    takes = c.of("take")
    if not takes:
        return (c.of("stop") or [None])[0]
    if c.level == "easy":
        return takes[c.rng.randrange(len(takes))]
    left = int((c.v.frame or {}).get("left", 1))
    _, (stones, farmers, cards) = V.items_value(c.v, c.seat, left, c.k, c.cards)
    if stones:
        _, spread = V.best_spread(c.v, c.seat, stones, c.k, False, c.cards)
        target = max(spread, key=lambda x: spread[x])
        for d in c.of("take", item="stone", province=target):
            return d
    if farmers:
        fs = c.of("take", item="farmer")
        if fs:
            return max(fs, key=lambda d: c.v.provinces[d.args["province"]].farmers)
    if cards and c.of("take", item="card"):
        return c.of("take", item="card")[0]
    return takes[0]


# --- phase 5: income; phase 6: bonus cards (A-INC, A-SCORE) --------------------------------------

def income(c: Ctx) -> Decision | None:
    v = c.v
    assert v.temple is not None
    sp = BOARD.space(v.temple)
    played = v.income_cards.get(str(c.seat), {})

    def base(x: str) -> float:
        prov = PROV[x]
        return (v.provinces[x].farmers * sp.harvest + prov.fixed_income
                + (prov.camel_income if sp.camel else 0))

    best: tuple[float, Decision] | None = None
    for d in c.of("play"):
        x = d.args["province"]
        if d.args["card"] == "G8":
            hi = BOARD["harvest_increase"] * v.provinces[x].farmers if played.get("HI") == x \
                else 0
            gain = BOARD["eight_gold"] - base(x) - hi
        else:
            gain = (0 if played.get("G8") == x
                    else BOARD["harvest_increase"] * v.provinces[x].farmers)
        if gain > 0 and (best is None or gain > best[0]):
            best = (gain, d)
    if best is not None:
        return best[1]
    return (c.of("done") or [None])[0]


def bonus(c: Ctx) -> Decision | None:
    plays = c.of("play")
    if plays:
        return plays[0]
    if c.v.round >= V.LAST_ROUND and c.of("sell"):
        return c.of("sell")[0]
    return (c.of("done") or [None])[0]


HANDLERS: dict[str, Callable[[Ctx], Decision | None]] = {
    "bid": bid, "cover": cover, "buy": buy, "place": place, "sacrifice": sacrifice,
    "correction": correction, "reward": reward, "income": income, "bonus": bonus,
}
