"""The strong level of Amun-Re: engine/search.py over worlds drawn from the seat's view.

- **Where it searches**: the decisions that shape a game: the bid (which province, how much,
  A-AUCT), the buying turn (cards, farmers, stones, Master Builder and Free Farmer, A-BUY), the
  secret sacrifice (A-SAC) and Sacrifice Correction (A-PWR-SC). Placing bought pieces, taking
  rewards, the income cards and the phase-6 choice are answered by the normal AI: each has a
  best answer its valuation finds, and searching them would spend the second elsewhere.
- **Candidates**: the normal AI's choice first (ties go to it), then a few alternatives: for a
  bid the lowest legal bid on each province and one step above it, and no-bid bids; in the
  buying turn ending it and the smallest purchases of each kind; for the sacrifice the "-3"
  card and a spread of amounts.
- **Worlds** (`worlds.sample`): hidden cards, decks, gold and sealed choices drawn from what the
  seat may know. **Roll-outs**: every seat played by the normal AI from its own view of the
  world, to the end of the current round. **Value**: the margin, own estimate minus the best
  other's: score, the points the current kingdom would give now (A-SCORE-3..7), and gold, cards
  and the income still to come turned into points; the exact final margin once the game is
  over.
"""

from __future__ import annotations

import random

from data.amunre import BOARD
from engine import search
from engine.core import Decision

from .. import game as rules
from ..income import province_income
from ..scoring import breakdown
from ..state import State
from ..view import View
from . import worlds
from .policy import decide_level

PER = BOARD["rounds_per_kingdom"]
GOLD_PER_POINT = 4.0  # the normal AI's rate (values.NORMAL)
CARD_GOLD = 2.5  # a power card in hand, in gold
STONE_POINTS = 0.3  # a loose stone: a third of a pyramid to be, with doubt
SEARCHED = ("bid", "buy", "sacrifice", "correction")
BUDGET = 2000  # simulated decisions per search at factor 1 (about a second on one core, p95)
MAX_CANDIDATES = 6


def _normal(state: State, seat: int, rng: random.Random) -> Decision:
    """A roll-out decision: the normal AI from that seat's view of the world. The view is made
    without `last` (the public summary of the latest step, for pictures: no AI level reads it),
    whose deep copy cost more than half of every roll-out."""
    from . import decide_seen

    last, state.last = state.last, {}
    try:
        seen = rules.view(state, seat)
    finally:
        state.last = last
    return decide_seen(seen, rules.options(state, seat), "normal", rng)[0]


def estimate(s: State, seat: int) -> float:
    """A seat's points so far and to come, roughly (see the module docstring)."""
    p = s.players[seat]
    pts = float(p.score)
    owned = s.owned(seat)
    if owned and s.temple is not None and s.phase != "over":
        pts += sum(breakdown(s, seat, [], None).values())
        pts += STONE_POINTS * sum(s.provinces[x].stones for x in owned)
    left = PER - (s.round - 1) % PER - (1 if s.phase in ("income", "scoring") else 0)
    income = sum(province_income(s, seat, x) for x in owned) if s.temple is not None else 0
    gold = p.gold + len(p.cards) * CARD_GOLD + max(0, left) * income
    return pts + gold / GOLD_PER_POINT


def value(s: State, seat: int) -> float:
    """The margin for `seat`: exact once the game is over (a tie-break win is worth half a
    point more than a lost one, A-END-2/3), estimated before."""
    if s.result is not None:
        scores = s.result["scores"]
        best = max(sc for q, sc in enumerate(scores) if q != seat)
        won = 0.5 if seat in s.result["winners"] else 0.0
        return scores[seat] - best + won
    mine = estimate(s, seat)
    return mine - max(estimate(s, q) for q in range(s.n) if q != seat)


def stop(start: State, now: State, steps: int) -> bool:
    """A roll-out ends when the next round has begun (or the game is over)."""
    return now.round > start.round


def candidates(seen: View, opts: list[Decision], rng: random.Random) -> list[Decision]:
    """The options worth searching, the normal AI's first (see the module docstring)."""
    assert seen.seat is not None
    first = decide_level(seen, seen.seat, opts, "normal", random.Random(0)) or opts[0]
    kind = (seen.frame or {}).get("t")
    pool = [first]
    if kind == "bid":
        pool += _bids(opts)
    elif kind == "buy":
        pool += _buys(opts)
    elif kind == "sacrifice":
        pool += _sacrifices(opts, first)
    else:
        pool += opts
    out: list[Decision] = []
    keys: set[str] = set()
    for d in pool:
        k = d.canonical()
        if k not in keys:
            keys.add(k)
            out.append(d)
    return out[:MAX_CANDIDATES]


def _bids(opts: list[Decision]) -> list[Decision]:
    """The lowest bid on each province, then one step above each (A-AUCT-2/4)."""
    by: dict[str, list[Decision]] = {}
    for d in opts:
        if d.kind == "bid":
            by.setdefault(d.args["province"], []).append(d)
    lows = [sorted(ds, key=lambda d: d.args["value"]) for ds in by.values()]
    return [ds[0] for ds in lows] + [ds[1] for ds in lows if len(ds) > 1]


def _buys(opts: list[Decision]) -> list[Decision]:
    """Ending the turn, one of each purchase, then two (A-BUY-2/3)."""
    out = [d for d in opts if d.kind == "end_turn"]
    for n in (1, 2):
        out += [d for d in opts if d.kind.startswith("buy_") and d.args["n"] == n]
    return out


def _sacrifices(opts: list[Decision], first: Decision) -> list[Decision]:
    """The "-3" card and a spread of amounts, with the normal AI's correction choice."""
    fix = first.args.get("correction", False)
    same = [d for d in opts if d.kind == "sacrifice" and d.args["correction"] == fix]
    g = int(first.args.get("gold", 0))
    wanted = [g + 2, max(1, g - 2), g + 5, 1]
    out = [d for d in same if d.args["minus3"]]
    for w in wanted:
        out += [d for d in same if not d.args["minus3"] and d.args["gold"] == w]
    return out


GAME = search.Game(rules=rules, sample=worlds.sample, rollout=_normal, value=value, stop=stop,
                   budget=BUDGET, candidates=candidates)


def decide(seen: View, opts: list[Decision], rng: random.Random,
           budget: int | None = None, stats: search.Stats | None = None) -> Decision | None:
    """The strong decision of the seat whose view `seen` is: searched where it matters, the
    normal AI's elsewhere (see the module docstring)."""
    assert seen.seat is not None
    kind = (seen.frame or {}).get("t")
    if kind not in SEARCHED or (seen.waiting and seen.seat not in
                                [w["seat"] for w in seen.waiting]):
        return decide_level(seen, seen.seat, opts, "normal", rng)
    return search.search(GAME, seen, seen.seat, opts, rng, budget=budget, stats=stats)
