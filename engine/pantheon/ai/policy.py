"""The AI's decision for each kind of prompt (`Prompt.kind` = agenda frame type).

The turn is decided as a whole: at the action prompt every possible action is planned (a Move
with each number of movement cards, the best Buy, the best god, a Draw) and valued in expected
points; the later prompts of the same action re-plan from the current state and play the first
step of the plan. Small choices (which offering tile, feet or columns, what to discard) compare
the values of the alternatives directly.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from data.pantheon import BOARD, COMPONENTS
from engine.core import Decision

from .. import sacrifice
from ..actions import action_possible
from ..cards import MONEY
from ..gains import GODS, steps_value
from ..state import COLUMN, FOOT
from .belief import Belief
from .planner import Plan, Planner, Step, cover
from .values import PHASE_END_POINTS, Knobs, Valuer

Frame = dict[str, Any]


class Ctx:
    """Everything one decision needs: the seat's Belief (built from its view), the seat, the
    level's weights and the rng."""

    def __init__(self, s: Belief, seat: int, knobs: Knobs, rng: random.Random) -> None:
        self.s = s
        self.seat = seat
        self.k = knobs
        self.random = rng  # the level's own dice (noise), never the game's rng
        self.v = Valuer(s, seat, knobs)
        self.player = s.players[seat]

    def planner(self, active: bool) -> Planner:
        return Planner(self.v, active)


# --- planning the action ----------------------------------------------------------------------

def move_choices(c: Ctx, big: bool) -> list[tuple[float, int, Plan]]:
    """(net value, movement cards, plan) for each number of cards worth trying."""
    held = c.player.hand.get("move", 0)
    free = int(big) + steps_value(c.s, c.seat)
    planner = c.planner(active=big)
    widest = planner.movement(free + 2 * held)
    if not c.k.card_search:
        counts = [held]
    else:
        # more cards than the widest plan can use only add forfeited steps (P-MOVE-2)
        useful = max(0, -(-(widest.cost - free) // 2))
        counts = list(range(min(held, useful) + 1))
    out = []
    for n in counts:
        budget = free + 2 * n
        if budget <= 0:
            continue
        plan = widest if n == held else planner.movement(budget)
        if not plan.placements():
            continue
        net = plan.value - c.v.spend({"move": n})
        out.append((net, n, plan))
    return out


def move_gain(c: Ctx) -> float:
    choices = move_choices(c, big=True)
    if not choices:
        return float("-inf")
    gift = c.k.followup_gift * (c.s.n - 1)
    return max(ch[0] for ch in choices) - gift


def buy_plan(c: Ctx, sunk: int) -> tuple[Plan, float]:
    money = [MONEY[card] for card, n in c.player.hand.items() if card in MONEY
             for _ in range(n)]
    return c.planner(active=True).buy(sunk, money)


def payment_cost(c: Ctx, numbers: tuple[int, ...], kinds: list[str], tiles: bool) -> float:
    return c.v.spend(sacrifice.cards_needed(c.player, numbers, kinds, tiles))


def best_payment(c: Ctx, god: str, numbers: tuple[int, ...]) -> tuple[float, list[str]] | None:
    tiles = not GODS[god].cards_only
    pays = sacrifice.payments(c.player, numbers, tiles)
    if not pays:
        return None
    return min(((payment_cost(c, numbers, k, tiles), k) for k in pays), key=lambda x: x[0])


def god_values(c: Ctx) -> dict[str, float]:
    """Net value of acquiring each payable god on display (P-ACQ-1)."""
    out: dict[str, float] = {}
    for god in sorted(set(c.s.god_display)):
        pay = best_payment(c, god, GODS[god].requirement)
        if pay is None:
            continue
        val = c.v.god_gain(god, "acquire") - pay[0] + c.v.stall_bonus
        if len(c.s.god_display) == 1:
            val += PHASE_END_POINTS  # P-PHASEEND-4: taking the last god ends the phase
        out[god] = val
    return out


def draw_gain(c: Ctx, picks: int | None = None) -> float:
    """Draw 3 cards (P-DRAW-1): each pick takes the better of the best display card and an
    unseen deck card, valued against the hand as it grows."""
    n = picks if picks is not None else 3 + c.player.gods.count("gadicea")
    counts = COMPONENTS.raw["action_cards"]
    total = sum(counts.values())
    hand = dict(c.player.hand)
    shown = [x for x in c.s.display if x is not None]
    gain = 0.0
    for _ in range(n):
        base = c.v.hand_value(hand)

        def more(card: str, h: dict[str, int] = hand, b: float = base) -> float:
            return c.v.hand_value({**h, card: h.get(card, 0) + 1}) - b

        deck = sum(more(card) * k for card, k in counts.items()) / total
        best = max(shown, key=more, default=None)
        if best is not None and more(best) > deck:
            gain += more(best)
            hand[best] = hand.get(best, 0) + 1
            shown.remove(best)  # the refill is unseen: count it as a deck card
        else:
            gain += deck
    return gain


def action_gains(c: Ctx) -> dict[str, float]:
    gains: dict[str, float] = {}
    for act in ("move", "buy", "god", "draw"):
        if not action_possible(c.s, c.seat, act):
            continue
        if act == "move":
            gains[act] = move_gain(c)
        elif act == "buy":
            plan, net = buy_plan(c, sum(GODS[g].money for g in c.player.gods))
            gains[act] = net if plan.steps else float("-inf")
        elif act == "god":
            vals = god_values(c)
            gains[act] = max(vals.values()) if vals else float("-inf")
        else:
            gains[act] = draw_gain(c)
    if c.k.noise:
        for act in gains:
            gains[act] += c.random.gauss(0.0, c.k.noise)
    return gains


# --- handlers, one per prompt kind ------------------------------------------------------------

def on_action(c: Ctx, frame: Frame, opts: list[Decision]) -> Decision:
    gains = action_gains(c)
    best = max(gains, key=lambda a: gains[a])
    return Decision("action", {"action": best})


def on_traitera(c: Ctx, frame: Frame, opts: list[Decision]) -> Decision:
    gains = action_gains(c)
    keep = c.v.god_keep("traitera")
    if gains and max(gains.values()) > keep:
        return Decision("traitera")
    return Decision("end_turn")


def on_move_cards(c: Ctx, frame: Frame, opts: list[Decision]) -> Decision:
    big = frame["big"]
    allowed = {d.args["n"] for d in opts if d.kind == "cards"}
    choices = [ch for ch in move_choices(c, big) if ch[1] in allowed]
    if not big:
        stay = c.v.deck_card()  # P-MOVE-16: not moving draws one card
        if not choices or max(ch[0] for ch in choices) <= stay:
            return Decision("follow_draw")
    if not choices:
        return Decision("cards", {"n": min(allowed)})
    net, n, _ = max(choices, key=lambda ch: (ch[0], -ch[1]))
    return Decision("cards", {"n": n})


def on_move_place(c: Ctx, frame: Frame, opts: list[Decision]) -> Decision:
    left = frame["budget"] - frame["spent"]
    plan = c.planner(active=frame["big"]).movement(left)
    if plan.steps:
        return step_decision(plan.steps[0])
    if frame["placed"]:
        return Decision("stop")
    return fallback_place(c, opts)


def fallback_place(c: Ctx, opts: list[Decision]) -> Decision:
    """A movement must place something (P-TURN-3) but the plan found nothing worth it: take
    the cheapest column, else a foot next to the temple."""
    places = [d for d in opts if d.kind == "place"]
    cols = [d for d in places if d.args["piece"] == COLUMN]
    return (cols or places or opts)[0]


def step_decision(st: Step) -> Decision:
    if st.kind == "place":
        return Decision("place", {"piece": st.what, "field": st.where})
    if st.kind == "buy_piece":
        return Decision("buy_piece", {"piece": st.what})
    return Decision(st.kind, {"kind": st.what, "level": st.where})


def on_buy(c: Ctx, frame: Frame, opts: list[Decision]) -> Decision:
    left = frame["budget"] - frame["spent"]
    plan, _ = buy_plan(c, left)
    if not plan.steps:
        if frame["bought"]:
            return Decision("done")
        buys = [d for d in opts if d.kind not in ("money", "done")]
        if buys:
            return buys[0]
        return _play_money(c, 1)
    if plan.cost > left:
        return _play_money(c, plan.cost - left)
    return step_decision(plan.steps[0])


def _play_money(c: Ctx, need: int) -> Decision:
    """Play the largest card of the cheapest set of money cards that covers `need`."""
    hand = [MONEY[card] for card, n in c.player.hand.items() if card in MONEY for _ in range(n)]
    chosen = cover(need, hand) or sorted(hand)[-1:]
    value = max(chosen)
    card = next(k for k, v in sorted(MONEY.items()) if v == value and c.player.hand.get(k))
    return Decision("money", {"card": card})


def on_god_choose(c: Ctx, frame: Frame, opts: list[Decision]) -> Decision:
    vals = god_values(c)
    allowed = [d.args["god"] for d in opts]
    god = max(allowed, key=lambda g: (vals.get(g, float("-inf")), g))
    return Decision("god", {"god": god})


def on_god_pay(c: Ctx, frame: Frame, opts: list[Decision]) -> Decision:
    god = frame["god"]
    return _cheapest_offer(c, god, GODS[god].requirement, opts)


def _cheapest_offer(c: Ctx, god: str, numbers: tuple[int, ...],
                    opts: list[Decision]) -> Decision:
    tiles = not GODS[god].cards_only
    offers = [d for d in opts if d.kind == "offer"]
    return min(offers, key=lambda d: payment_cost(c, numbers, d.args["kinds"], tiles))


def on_draw_pick(c: Ctx, frame: Frame, opts: list[Decision]) -> Decision:
    deck = c.v.deck_card()
    best: Decision | None = None
    best_val = deck
    for d in opts:
        if d.args.get("from") == "display":
            val = c.v.card(d.args["card"])
            if val > best_val:
                best, best_val = d, val
    if best is None:
        decks = [d for d in opts if d.args.get("from") == "deck"]
        best = decks[0] if decks else opts[0]
    return best


def on_loot_order(c: Ctx, frame: Frame, opts: list[Decision]) -> Decision:
    # P-MOVE-13: the effects of one movement's loot do not interact (each tile's choices are
    # made when it resolves), so any order gives the same result: take the first
    return opts[0]


def on_offering_gain(c: Ctx, frame: Frame, opts: list[Decision]) -> Decision:
    tiles = c.player.tiles

    def value(d: Decision) -> float:
        if d.kind == "skip":
            return c.v.tiles_value(tiles)
        after = dict(tiles)
        after[d.args["kind"]] = d.args["level"]
        return c.v.tiles_value(after)

    return max(opts, key=value)


def on_supply_choice(c: Ctx, frame: Frame, opts: list[Decision]) -> Decision:
    n = frame["amount"]
    return max(opts, key=lambda d: c.v.supply_gain(n if d.args["piece"] == FOOT else 0,
                                                   n if d.args["piece"] == COLUMN else 0))


def on_column_bonus(c: Ctx, frame: Frame, opts: list[Decision]) -> Decision:
    """P-TILE-COL-1: any column field. Prefer fields close to where future temples stand
    (start fields of peoples not yet played) and among other column fields."""
    played = set(c.s.peoples_played)
    starts = [idx for people, idx in BOARD.start_field.items() if people not in played]

    def score(d: Decision) -> tuple[float, str]:
        idx = BOARD.by_label[d.args["field"]]
        near = sum(max(0, 5 - BOARD.distance(idx, st)) for st in starts)
        free = 0 if c.s.pieces.get(d.args["field"]) else 1
        return (near + free, d.args["field"])

    return max(opts, key=score)


def on_draft(c: Ctx, frame: Frame, opts: list[Decision]) -> Decision:
    return max(opts, key=lambda d: (c.v.loot(d.args["tile"]), d.args["tile"]))


def on_gallia(c: Ctx, frame: Frame, opts: list[Decision]) -> Decision:
    """P-PEOPLE-GAL-1: reveal the top god (unseen) if the top numbers are mostly payable."""
    total = sum(g.count for g in GODS.values())
    ev = 0.0
    for gid, g in GODS.items():
        pay = best_payment(c, gid, g.requirement[:1])
        if pay is not None:
            ev += g.count * max(0.0, c.v.god_gain(gid, "gallia") - pay[0])
    ev /= total
    draw = 2 * c.v.deck_card()
    return Decision("gallia", {"choice": "reveal" if ev > draw else "draw"})


def on_gallia_buy(c: Ctx, frame: Frame, opts: list[Decision]) -> Decision:
    god = frame["god"]
    numbers = GODS[god].requirement[:1]
    offers = [d for d in opts if d.kind == "offer"]
    if not offers:
        return Decision("decline")
    best = _cheapest_offer(c, god, numbers, offers)
    cost = payment_cost(c, numbers, best.args["kinds"], not GODS[god].cards_only)
    if c.v.god_gain(god, "gallia") - cost > 0:
        return best
    return Decision("decline")


def on_discard(c: Ctx, frame: Frame, opts: list[Decision]) -> Decision:
    return min(opts, key=lambda d: (c.v.spend({d.args["card"]: 1}), d.args["card"]))


def on_aegyptus(c: Ctx, frame: Frame, opts: list[Decision]) -> Decision:
    p = c.player
    on_board = c.v.columns_on_board()

    def value(d: Decision) -> float:
        feet, cols = p.supply[FOOT], p.supply[COLUMN]
        if d.kind == "swap":
            k = d.args["n"]
            feet, cols = (feet - k, cols + k) if d.args["to"] == COLUMN else (feet + k, cols - k)
        return c.v.pieces_value(feet, cols, on_board)

    return max(opts, key=value)


def on_cartago(c: Ctx, frame: Frame, opts: list[Decision]) -> Decision:
    plan, _ = c.planner(active=False).buy(frame["left"], [], placing=False)
    if plan.steps:
        return step_decision(plan.steps[0])
    return Decision("done")


HANDLERS: dict[str, Callable[[Ctx, Frame, list[Decision]], Decision]] = {
    "action": on_action,
    "traitera": on_traitera,
    "move_cards": on_move_cards,
    "move_place": on_move_place,
    "buy": on_buy,
    "god_choose": on_god_choose,
    "god_pay": on_god_pay,
    "draw_pick": on_draw_pick,
    "loot_order": on_loot_order,
    "offering_gain": on_offering_gain,
    "supply_choice": on_supply_choice,
    "column_bonus": on_column_bonus,
    "draft": on_draft,
    "gallia": on_gallia,
    "gallia_buy": on_gallia_buy,
    "discard": on_discard,
    "aegyptus": on_aegyptus,
    "cartago": on_cartago,
}
