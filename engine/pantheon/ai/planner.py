"""Planning one movement or one Buy for an AI seat.

The planner works on a light copy of the board (who stands where, the seat's route network) and
never calls the engine: it finds the cheapest chains of feet from the route network
(P-PLACE-6/7) to loot fields and to column fields (P-PLACE-8), then picks targets greedily by
value per step or per money until the budget is spent. A plan is a list of small steps that map
one to one onto engine decisions; the policy replays it one decision at a time.

Fields are labels (strings), and a set of strings iterates in an order that changes with
PYTHONHASHSEED: wherever a set's order could reach a choice (ties in `max`, stable sorts, the
order of targets), it is sorted first, so one seed gives one game in every process.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass, field

from ..placement import IS_COLUMN_FIELD, NEIGHBOURS, network
from ..state import COLUMN, FOOT
from .belief import Belief
from .values import KINDS, PHASE_END_POINTS, TILE_COST, Valuer, loot_is_demigod


@dataclass
class Step:
    """One decision of a plan: ("place", piece, field), ("buy_piece", piece) or
    ("tile"|"upgrade", offering kind, level)."""

    kind: str
    what: str  # the piece, or the offering kind
    where: str | int | None = None  # the field, or the level


@dataclass
class Plan:
    steps: list[Step] = field(default_factory=list)
    value: float = 0.0  # what the plan gains, before paying for cards or money
    cost: int = 0  # steps or money it uses

    def placements(self) -> int:
        return sum(1 for st in self.steps if st.kind == "place")


class Model:
    """Occupancy and this seat's route network, copied so plans can be tried out."""

    def __init__(self, s: Belief, seat: int) -> None:
        self.seat = seat
        self.temple = s.temple
        self.occ: dict[str, list[int]] = {k: [pc[0] for pc in v] for k, v in s.pieces.items()}
        self.own_cols = {k for k, v in s.pieces.items() if [seat, COLUMN] in v}
        self.own_feet = {k for k, v in s.pieces.items() if [seat, FOOT] in v}
        self.net = network(s, seat)
        self.loot = dict(s.loot)
        self.cols_on_board = len(self.own_cols)
        self.costs: dict[str, int | None] = {}  # place_cost by field, filled lazily

    def copy(self) -> Model:
        m = object.__new__(Model)
        m.seat, m.temple = self.seat, self.temple
        m.occ = {k: list(v) for k, v in self.occ.items()}
        m.own_cols, m.own_feet = set(self.own_cols), set(self.own_feet)
        m.net, m.loot = set(self.net), dict(self.loot)
        m.cols_on_board = self.cols_on_board
        m.costs = dict(self.costs)
        return m

    def place_cost(self, label: str, piece: str) -> int | None:
        """1 or 2 (P-MOVE-8/9), or None when the piece cannot stand there (P-PLACE-2/4/5).
        The piece is implied by the field: feet never go on column fields and columns only
        there (P-PLACE-2)."""
        if IS_COLUMN_FIELD[label] != (piece == COLUMN):
            return None
        try:
            return self.costs[label]
        except KeyError:
            pass
        here = self.occ.get(label)
        if label == self.temple:
            cost = None
        elif not here:
            cost = 1
        elif len(here) >= 2 or self.seat in here:
            cost = None
        else:
            cost = 2
        self.costs[label] = cost
        return cost

    def put(self, piece: str, label: str) -> str | None:
        """Place a piece; returns the loot tile it takes, if any (P-MOVE-12)."""
        self.occ.setdefault(label, []).append(self.seat)
        self.costs[label] = None  # an own piece stands there now
        self.net.add(label)
        if piece == COLUMN:
            self.own_cols.add(label)
            self.cols_on_board += 1
        else:
            self.own_feet.add(label)
        # old own columns next to a field placed this epoch join the network (P-PLACE-6 rule 3)
        frontier = [label]
        while frontier:
            f = frontier.pop()
            for nb in NEIGHBOURS[f]:
                if nb in self.own_cols and nb not in self.net:
                    self.net.add(nb)
                    frontier.append(nb)
        if piece == FOOT and label in self.loot:
            return self.loot.pop(label)
        return None

    def routes(self, limit: int) -> tuple[dict[str, int], dict[str, str | None]]:
        """Cheapest total cost of standing a foot on each field reachable within `limit`,
        building a chain of feet out of the network; and each field's predecessor."""
        dist: dict[str, int] = {}
        prev: dict[str, str | None] = {}
        heap: list[tuple[int, str]] = []
        for f in sorted(self.net):
            for nb in NEIGHBOURS[f]:
                if nb in self.net:
                    continue
                c = self.place_cost(nb, FOOT)
                if c is not None and c <= limit and c < dist.get(nb, 99):
                    dist[nb] = c
                    prev[nb] = None
                    heapq.heappush(heap, (c, nb))
        done: set[str] = set()
        while heap:
            d, f = heapq.heappop(heap)
            if f in done:
                continue
            done.add(f)
            for nb in NEIGHBOURS[f]:
                if nb in self.net or nb in done:
                    continue
                if nb in self.own_cols:
                    # an old own column next to a new foot joins the route for free
                    if d < dist.get(nb, 99):
                        dist[nb] = d
                        prev[nb] = f
                        heapq.heappush(heap, (d, nb))
                    continue
                c = self.place_cost(nb, FOOT)
                if c is None or d + c > limit or d + c >= dist.get(nb, 99):
                    continue
                dist[nb] = d + c
                prev[nb] = f
                heapq.heappush(heap, (d + c, nb))
        return dist, prev


def chain(prev: dict[str, str | None], end: str) -> list[str]:
    """The feet to place, nearest the network first, to stand a foot on `end` (old own
    columns joined on the way need no placement)."""
    out = [end]
    while prev.get(out[-1]) is not None:
        out.append(prev[out[-1]])  # type: ignore[arg-type]
    return [f for f in reversed(out) if not IS_COLUMN_FIELD[f]]


@dataclass
class Target:
    kind: str  # "loot", "column" or "progress"
    feet: list[str]
    column: str | None
    cost: int
    value: float


class Planner:
    """Movement and Buy plans for one seat; `active` says whether the seat started the action
    (only then does taking the last loot tile score the phase-end points, P-PHASEEND-4)."""

    def __init__(self, v: Valuer, active: bool) -> None:
        self.v = v
        self.s = v.s
        self.seat = v.seat
        self.active = active

    # --- targets ------------------------------------------------------------------------------

    def targets(self, m: Model, budget: int, feet: int, cols: int, demi_taken: int,
                money: bool, gen_feet: int, gen_cols: int) -> list[Target]:
        """Every loot field and column field reachable now, valued net of the pieces used.
        In a Buy (`money`), missing pieces may be bought at 1 each from the general supply."""
        dist, prev = m.routes(budget)
        v = self.v
        out: list[Target] = []

        def feet_cost(path: list[str]) -> tuple[float, int] | None:
            extra = max(0, len(path) - feet)
            if extra and (not money or extra > gen_feet):
                return None
            used = min(len(path), feet)
            return used * v.k.foot_use + used * 0.1 * max(0, 4 - feet), extra

        for label, tile in m.loot.items():
            if label not in dist:
                continue
            path = chain(prev, label)
            fc = feet_cost(path)
            if fc is None:
                continue
            cost = dist[label] + fc[1]
            if cost > budget:
                continue
            val = v.loot(tile, demi_taken if _demigod(tile) else 0) + v.stall_bonus
            if self.active and len(m.loot) == 1:
                val += PHASE_END_POINTS
            out.append(Target("loot", path, None, cost, val - fc[0]))
        if cols or (money and gen_cols):
            gain = v.column_gain(m.cols_on_board)
            if cols:
                # the column leaves the supply (measured with the feet still there)
                on = m.cols_on_board
                gain -= v.pieces_value(feet, cols, on) - v.pieces_value(feet, cols - 1, on)
            extra_col = 0 if cols else 1
            for label in _column_fields_near(m, dist):
                pc = m.place_cost(label, COLUMN)
                if pc is None:
                    continue
                best: tuple[int, list[str]] | None = None
                for nb in NEIGHBOURS[label]:
                    if nb in m.own_feet:
                        best = (0, [])
                        break
                    if nb in dist and not IS_COLUMN_FIELD[nb] and (
                            best is None or dist[nb] < best[0]):
                        best = (dist[nb], chain(prev, nb))
                if best is None:
                    continue
                fc = feet_cost(best[1])
                if fc is None:
                    continue
                cost = best[0] + pc + fc[1] + extra_col
                if cost > budget:
                    continue
                out.append(Target("column", best[1], label, cost, gain - fc[0]))
        return out

    def progress(self, m: Model, budget: int, feet: int, demi_taken: int) -> Target | None:
        """With steps left but no target in reach, walk towards the best one: feet stay on the
        board for the epoch, so a later movement starts closer (P-PLACE-6)."""
        if budget <= 0 or feet <= 1:
            return None
        far = self.targets(m, budget + 6, feet + 6, 1, demi_taken, False, 0, 0)
        best: Target | None = None
        best_score = 0.0
        for t in far:
            if t.value <= 0 or len(t.feet) < 2:
                continue
            walk: list[str] = []
            spent = 0
            for f in t.feet[:-1]:
                c = m.place_cost(f, FOOT) or 2
                if spent + c > budget or len(walk) + 1 >= feet:
                    break
                walk.append(f)
                spent += c
            if not walk:
                continue
            k = self.v.k
            gain = k.progress * t.value * spent / max(t.cost, 1) - len(walk) * k.foot_use
            if gain > best_score:
                best, best_score = Target("progress", walk, None, spent, gain), gain
        return best

    # --- a movement ---------------------------------------------------------------------------

    def movement(self, budget: int, alternatives: int | None = None) -> Plan:
        """The best plan for a Move (or follow-up move) with `budget` steps."""
        p = self.s.players[self.seat]
        base = Model(self.s, self.seat)
        k = self.v.k.plan_alternatives if alternatives is None else alternatives
        first = self.targets(base, budget, p.supply[FOOT], p.supply[COLUMN], 0, False, 0, 0)
        first = [t for t in first if t.value > 0]
        first.sort(key=lambda t: -t.value / max(t.cost, 1))
        best = Plan()
        for forced in [None, *first[:max(0, k - 1)]]:
            plan = self._greedy_move(base.copy(), budget, forced)
            if plan.value > best.value:
                best = plan
        return best

    def _greedy_move(self, m: Model, budget: int, forced: Target | None) -> Plan:
        p = self.s.players[self.seat]
        feet, cols = p.supply[FOOT], p.supply[COLUMN]
        plan = Plan()
        demi = 0
        while budget > 0:
            if forced is not None:
                pick, forced = forced, None
            else:
                cands = [t for t in self.targets(m, budget, feet, cols, demi, False, 0, 0)
                         if t.value > 0]
                pick = max(cands, key=lambda t: t.value / max(t.cost, 1), default=None)
                if pick is None:
                    pick = self.progress(m, budget, feet, demi)
                    if pick is None:
                        break
            for f in pick.feet:
                budget -= m.place_cost(f, FOOT) or 0
                tile = m.put(FOOT, f)
                feet -= 1
                plan.steps.append(Step("place", FOOT, f))
                if tile is not None and _demigod(tile):
                    demi += 1
            if pick.column:
                budget -= m.place_cost(pick.column, COLUMN) or 0
                m.put(COLUMN, pick.column)
                cols -= 1
                plan.steps.append(Step("place", COLUMN, pick.column))
            plan.value += pick.value
            plan.cost += pick.cost
            if pick.kind == "progress":
                break
        return plan

    # --- a Buy --------------------------------------------------------------------------------

    def buy(self, sunk: int, cards_money: list[int], placing: bool = True) -> tuple[Plan, float]:
        """The best Buy with `sunk` money already played (free to spend) and money cards still
        in hand (`cards_money`, face values). Returns the plan and its net value after paying
        for the cards it needs (no change is given, P-BUY-2)."""
        p = self.s.players[self.seat]
        v = self.v
        total = sunk + sum(cards_money)
        m = Model(self.s, self.seat)
        tiles = dict(p.tiles)
        feet, cols = p.supply[FOOT], p.supply[COLUMN]
        gen_feet, gen_cols = v.general(FOOT), v.general(COLUMN)
        steps: list[Step] = []
        spent = 0
        value = 0.0
        best_plan, best_net = Plan(), 0.0
        demi = 0
        while spent < total:
            left = total - spent
            unit = 0.0 if spent < sunk else v.money_unit_value()
            options: list[tuple[float, int, list[Step], str, object]] = []
            for kind in KINDS:
                have = tiles.get(kind, 0)
                for lv in range(have + 1, 5):
                    price = TILE_COST[lv] - (TILE_COST[have] if have else 0)
                    if price > left:
                        continue
                    after = dict(tiles)
                    after[kind] = lv
                    gain = v.tiles_value(after) - v.tiles_value(tiles)
                    st = Step("upgrade" if have else "tile", kind, lv)
                    options.append((gain, price, [st], "tile", after))
            now = v.pieces_value(feet, cols, m.cols_on_board)
            if gen_cols > 0:
                gain = v.pieces_value(feet, cols + 1, m.cols_on_board) - now
                options.append((gain, 1, [Step("buy_piece", COLUMN)], "col", None))
            if gen_feet > 0:
                gain = v.pieces_value(feet + 1, cols, m.cols_on_board) - now
                options.append((gain, 1, [Step("buy_piece", FOOT)], "foot", None))
            if placing and m.temple:
                for t in self.targets(m, left, feet, cols, demi, True, gen_feet, gen_cols):
                    options.append((t.value, t.cost, self._buy_steps(m, t, feet, cols),
                                    "target", t))
            options = [o for o in options if o[0] - unit * o[1] > 0]
            if not options:
                break
            gain, price, new_steps, what, extra = max(
                options, key=lambda o: (o[0] - unit * o[1]) / max(o[1], 1))
            steps += new_steps
            spent += price
            value += gain
            if what == "tile":
                tiles = extra  # type: ignore[assignment]
            elif what == "col":
                cols += 1
                gen_cols -= 1
            elif what == "foot":
                feet += 1
                gen_feet -= 1
            else:
                t: Target = extra  # type: ignore[assignment]
                for f in t.feet:
                    if feet <= 0:
                        feet += 1
                        gen_feet -= 1
                    tile = m.put(FOOT, f)
                    feet -= 1
                    if tile is not None and _demigod(tile):
                        demi += 1
                if t.column:
                    if cols <= 0:
                        cols += 1
                        gen_cols -= 1
                    m.put(COLUMN, t.column)
                    cols -= 1
            net = value - money_cost(v, max(0, spent - sunk), cards_money)
            if net > best_net:
                best_net = net
                best_plan = Plan(list(steps), value, spent)
        return best_plan, best_net

    def _buy_steps(self, m: Model, t: Target, feet: int, cols: int) -> list[Step]:
        out: list[Step] = []
        for f in t.feet:
            if feet <= 0:
                out.append(Step("buy_piece", FOOT))
                feet += 1
            out.append(Step("place", FOOT, f))
            feet -= 1
        if t.column:
            if cols <= 0:
                out.append(Step("buy_piece", COLUMN))
            out.append(Step("place", COLUMN, t.column))
        return out


def money_cost(v: Valuer, need: int, cards_money: list[int]) -> float:
    """The value of the money cards needed to raise `need` money (the cheapest subset that
    covers it; no change is given); infinite when the hand cannot cover it."""
    chosen = cover(need, cards_money)
    if chosen is None:
        return float("inf")
    return v.money_spend(chosen)


def cover(need: int, values: list[int]) -> list[int] | None:
    """The sub-multiset of `values` with the smallest sum >= need (fewest cards on ties)."""
    if need <= 0:
        return []
    if sum(values) < need:
        return None
    best: dict[int, list[int]] = {0: []}
    for val in sorted(values, reverse=True):
        for total, used in list(best.items()):
            nt = total + val
            if nt not in best or len(best[nt]) > len(used) + 1:
                best[nt] = used + [val]
    ok = [t for t in best if t >= need]
    t = min(ok)
    return best[t]


def _demigod(tile: str) -> bool:
    return loot_is_demigod(tile)


def _column_fields_near(m: Model, dist: dict[str, int]) -> list[str]:
    """Column fields next to a reachable field or an own foot, in label order (a set's order
    would leak PYTHONHASHSEED into ties between equally good targets)."""
    out: set[str] = set()
    for f in list(dist) + list(m.own_feet):
        for nb in NEIGHBOURS[f]:
            if IS_COLUMN_FIELD[nb] and nb not in m.own_cols:
                out.add(nb)
    return sorted(out)
