"""What things are worth to one seat, in gold, estimated from its view alone (never the state).

Points are turned into gold at `Knobs.gold_per_point`. Estimates for the rest of the kingdom:
the harvest per farmer and the camel income follow the temple's last space (A-INC-2, A-INC-5);
the points of a seat's provinces at the kingdom's scoring count pyramids (A-SCORE-3), complete
rows (A-SCORE-4), the lead on each side of the Nile against the other seats' provinces
(A-SCORE-5), temples (A-SCORE-7) and the bonus cards in its own hand whose condition the
provinces keep (A-PWR-B*)."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product

from data.amunre import BOARD

from ..view import View

PROV = BOARD.provinces
PER = BOARD["rounds_per_kingdom"]
LAST_ROUND = 2 * PER
STONES = BOARD["stones_per_pyramid"]
MB_STONES = BOARD["master_builder_stones"]

Layout = dict[str, list[int]]  # province -> [pyramids, stones] of the seat's provinces


@dataclass(frozen=True)
class Knobs:
    gold_per_point: float  # what a point at scoring is worth in gold now
    card_value: float  # a power card drawn blind, in gold
    stone_credit: float  # points per loose stone (a pyramid to be)
    side_weight: float  # how likely a side lead now still holds at scoring
    lookahead: bool  # value rows, sides, temples and bonus cards (else pyramids only)
    bid_share: float  # the most of its gold it bids
    bid_noise: float  # gold of noise on each province's value
    auction_cards: bool  # plays Bid Blockade and Overbid
    reserve: int  # gold kept back in phase 3


NORMAL = Knobs(gold_per_point=4.0, card_value=2.5, stone_credit=0.3, side_weight=0.7,
               lookahead=True, bid_share=0.6, bid_noise=0.0, auction_cards=True, reserve=3)
EASY = Knobs(gold_per_point=3.0, card_value=1.5, stone_credit=0.2, side_weight=0.0,
             lookahead=False, bid_share=0.35, bid_noise=6.0, auction_cards=False, reserve=6)


# --- the round and the temple -------------------------------------------------------------------

def rounds_left(v: View) -> int:
    """Income phases still to come in this kingdom, this round's included."""
    return PER - (max(v.round, 1) - 1) % PER


def scoring_round(v: View) -> bool:
    return v.round % PER == 0


def harvest_est(v: View) -> float:
    """Gold per farmer expected at the next harvest (the temple's last space, pulled to 2.5)."""
    if v.temple is None:
        return 2.0
    return 0.5 * BOARD.space(v.temple).harvest + 1.25


def camel_est(v: View) -> float:
    """Chance that camel income is paid at the next harvest."""
    if v.temple is None:
        return 0.8
    return 0.8 if BOARD.space(v.temple).camel else 0.4


def temple_points_est(v: View) -> float:
    if v.temple is None:
        return 2.0
    return 0.5 * BOARD.space(v.temple).points + 1.0


# --- the seat's provinces -------------------------------------------------------------------------

def layout(v: View, seat: int) -> Layout:
    return {x: [v.provinces[x].pyramids, v.provinces[x].stones]
            for x in v.players[seat].provinces}


def farmers_of(v: View, seat: int) -> int:
    return sum(v.provinces[x].farmers for x in v.players[seat].provinces)


def _bonus_chance(card: str, v: View, names: list[str], farmers: int) -> float:
    """How likely a bonus card in hand pays with these provinces (held now or to come)."""
    provs = [PROV[x] for x in names]
    full = len(provs) >= PER
    if card == "BUL":
        ok = len({p.region for p in provs}) == 1
    elif card == "BEW":
        ok = len({p.side for p in provs}) == 1
    elif card == "BNB":
        ok = len({p.bank for p in provs}) == 1
    elif card == "BPC":
        have = sum(p.power_symbols for p in provs)
        need = BOARD["bonus_power_symbols"]
        return 1.0 if have >= need else (0.0 if full or have + 3 * (PER - len(provs)) < need
                                         else 0.3)
    elif card == "BFA":
        room = farmers + sum(v.provinces[p.name].free_fields for p in provs)
        need = BOARD["bonus_farmers"]
        if farmers >= need:
            return 1.0
        return 0.0 if room < need else 0.35
    else:
        return 0.0
    if not ok:
        return 0.0
    return 1.0 if full else 0.5


def points(v: View, seat: int, mine: Layout, k: Knobs, farmers: int = 0,
           cards: list[str] | None = None) -> float:
    """Points the seat's provinces `mine` are expected to score at the kingdom's scoring."""
    if not mine:
        return 0.0
    pyr = [p for p, _ in mine.values()]
    pts = sum(pyr) + k.stone_credit * sum(s for _, s in mine.values())
    if not k.lookahead:
        return pts
    full = len(mine) >= PER
    pts += BOARD["row_points"] * min(pyr) * (1.0 if full else 0.35)
    weight = 1.0 if scoring_round(v) and v.phase in ("buy", "sacrifice") else k.side_weight
    for side in ("west", "east"):
        ours = [tuple(mine[x]) for x in mine if PROV[x].side == side]
        if not ours:
            continue
        best = max(ours)
        if best[0] == 0:
            continue
        theirs = max(((pv.pyramids, pv.stones) for name, pv in v.provinces.items()
                      if pv.owner is not None and pv.owner != seat and name not in mine
                      and PROV[name].side == side), default=(0, 0))
        if best >= theirs:
            pts += BOARD["side_points"] * weight
        elif best[0] >= theirs[0] - 1:
            pts += BOARD["side_points"] * weight * 0.25
    pts += sum(PROV[x].temples for x in mine) * temple_points_est(v)
    played = v.players[seat].played
    for card in dict.fromkeys(cards or []):
        if card in ("BUL", "BEW", "BNB", "BPC", "BFA") and card not in played:
            pts += BOARD["bonus_points"] * _bonus_chance(card, v, list(mine), farmers)
    return pts


# --- provinces on offer ---------------------------------------------------------------------------

def province_value(v: View, seat: int, name: str, k: Knobs, cards: list[str]) -> float:
    """Gold the province is worth to the seat if it wins it now: income for the rest of the
    kingdom, room for farmers, a better power-card limit, free material, and (with lookahead) the
    points it adds at the kingdom's scoring."""
    prov = PROV[name]
    pv = v.provinces[name]
    left = rounds_left(v)
    h = harvest_est(v)
    value = (pv.farmers * h + prov.fixed_income + prov.camel_income * camel_est(v)) * left
    value += min(pv.free_fields, 4) * max(0.0, h * left - 2.5) * 0.5  # farmers to buy
    mine = v.players[seat].provinces
    my_limit = max((PROV[x].card_limit for x in mine), default=0)
    value += max(0, prov.card_limit - my_limit) * 1.2 * left
    value += pv.free_gold + pv.free_cards * k.card_value
    before = layout(v, seat)
    after = {**before, name: [pv.pyramids, pv.stones]}
    farmers = farmers_of(v, seat)
    gain = (points(v, seat, after, k, farmers + pv.farmers, cards)
            - points(v, seat, before, k, farmers, cards))
    return value + gain * k.gold_per_point


# --- stones, farmers, cards -----------------------------------------------------------------------

def with_stones(mine: Layout, spread: dict[str, int], master_builder: bool) -> Layout:
    """The layout after placing stones (3 make a pyramid, A-PYR-1) and, optionally, Master
    Builder on the best province holding 2 stones (A-PWR-MB-2)."""
    out = {x: list(ps) for x, ps in mine.items()}
    for x, n in spread.items():
        out[x][1] += n
        while out[x][1] >= STONES:
            out[x][1] -= STONES
            out[x][0] += 1
    if master_builder:
        ready = [x for x in out if out[x][1] >= MB_STONES]
        if ready:
            x = min(ready, key=lambda y: (out[y][0], list(out).index(y)))
            out[x][1] -= MB_STONES
            out[x][0] += 1
    return out


def best_spread(v: View, seat: int, n: int, k: Knobs, master_builder: bool,
                cards: list[str]) -> tuple[float, dict[str, int]]:
    """The best way to place n stones on the seat's provinces: (points, stones per province)."""
    mine = layout(v, seat)
    names = list(mine)
    farmers = farmers_of(v, seat)
    best: tuple[float, dict[str, int]] = (float("-inf"), {})
    if not names:
        return 0.0, {}
    for split in product(range(n + 1), repeat=len(names)):
        if sum(split) != n:
            continue
        spread = dict(zip(names, split, strict=True))
        pts = points(v, seat, with_stones(mine, spread, master_builder), k, farmers, cards)
        if pts > best[0] + 1e-9:
            best = (pts, spread)
    return best


def farmer_value(v: View, seat: int, k: Knobs, cards: list[str], extra: int = 0) -> float:
    """One more farmer, in gold: its harvests for the rest of the kingdom, plus Farmer Bonus."""
    value = harvest_est(v) * rounds_left(v)
    if k.lookahead and "BFA" in cards and "BFA" not in v.players[seat].played:
        have = farmers_of(v, seat) + extra
        need = BOARD["bonus_farmers"]
        if have < need:
            value += BOARD["bonus_points"] * k.gold_per_point / max(1, need - have) * 0.6
    return value


def card_value(v: View, k: Knobs) -> float:
    """A power card drawn blind: little is left to use it for in the last rounds."""
    return k.card_value if v.round < LAST_ROUND else max(1.0, k.card_value * 0.7)


def items_value(v: View, seat: int, count: int, k: Knobs, cards: list[str],
                master_builder: bool = False) -> tuple[float, tuple[int, int, int]]:
    """The best `count` phase-4 items (stones, farmers, cards; A-SAC-12): (gold, (stones,
    farmers, cards))."""
    room = sum(v.provinces[x].free_fields for x in v.players[seat].provinces)
    room = min(room, v.supply.get("farmers", 0))
    stones_left = v.supply.get("stones", 0)
    mine = layout(v, seat)
    farmers = farmers_of(v, seat)
    base = points(v, seat, mine, k, farmers, cards) if mine else 0.0
    best: tuple[float, tuple[int, int, int]] = (0.0, (0, 0, 0))
    for a in range(min(count, stones_left) + 1 if mine else 1):
        stone_gain = (best_spread(v, seat, a, k, master_builder, cards)[0] - base) if a else 0.0
        for b in range(min(count - a, room) + 1):
            c = count - a - b
            value = stone_gain * k.gold_per_point
            value += sum(farmer_value(v, seat, k, cards, i) for i in range(b))
            value += c * card_value(v, k)
            if value > best[0] + 1e-9:
                best = (value, (a, b, c))
    return best
