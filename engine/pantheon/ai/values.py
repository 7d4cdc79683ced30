"""What things are worth to an AI seat, in expected points at the end of the game.

Everything here reads the seat's `Belief`, rebuilt from its view (P-GAP-HIDDEN): the board, the
displays, the face-up special money stack, its own hand and demigods, and public counts. Sets
are never iterated where their order could reach a choice: decisions must not change with
PYTHONHASHSEED. The numbers are
estimates tuned by `benchmarks/bench_ai.py`; they only need to rank choices sensibly.
"""

from __future__ import annotations

from dataclasses import dataclass

from data.pantheon import COMPONENTS

from ..cards import MONEY
from ..gains import GODS, LOOT, tile_effect
from ..state import COLUMN, FOOT
from .belief import Belief

KINDS = COMPONENTS.kinds
EPOCHS = COMPONENTS.raw["epochs"]
SCORINGS = tuple(COMPONENTS.raw["scoring_after_epochs"])
PER_COLOUR = COMPONENTS.raw["pieces_per_colour"]
PHASE_END_POINTS = COMPONENTS.raw["phase_end_points"]
TILE_COST = COMPONENTS.tile_cost
DEMIGOD_TOKENS = [int(v) for v, c in COMPONENTS.raw["demigods"].items() for _ in range(c)]
LOW_TOKENS = sum(1 for v in DEMIGOD_TOKENS if v <= 3)


@dataclass(frozen=True)
class Knobs:
    """The weights a level plays with (the easy level uses cruder ones)."""

    move_card: float = 1.5  # a movement card: 2 steps in some later Move
    offering_card: float = 0.9
    money_unit: float = 0.95  # per unit of money on a money card
    foot_use: float = 0.35  # a foot taken off the supply for the rest of the epoch
    column_rate: float = 1.3  # columns expected per epoch still to come (for the scoring table)
    supply_column: float = 0.3  # a column in the supply is worth this share of a placed one
    followup_gift: float = 1.2  # what a Move gives each opponent (their follow-up move)
    traitera_keep: float = 3.0
    stall_pressure: float = 0.4  # per turn without a loot or god taken (after a round)
    progress: float = 0.35  # share of a target's value for walking part of the way to it
    foot_scale: float = 1.0  # feet in the supply
    god_scale: float = 1.0  # lasting god effects
    tile_scale: float = 1.5  # offering tiles
    plan_alternatives: int = 3  # first targets tried by the movement planner
    card_search: bool = True  # try every number of movement cards (else: play them all)
    noise: float = 0.0  # random spread added to action values (easy level)


NORMAL = Knobs()
EASY = Knobs(move_card=1.0, offering_card=1.0, money_unit=1.0, foot_use=0.2, column_rate=0.0,
             supply_column=0.5, followup_gift=0.0, traitera_keep=0.0, plan_alternatives=1,
             card_search=False, noise=2.5)


def scorings_left(epoch: int) -> list[int]:
    """The epochs after which a scoring still happens (P-EPOCH-1)."""
    return [e for e in SCORINGS if e >= max(epoch, 1)]


def epochs_left(epoch: int) -> float:
    """Epochs of play still ahead, counting the current one as half."""
    return max(0.0, EPOCHS - max(epoch, 1) + 0.5)


class Valuer:
    """Values for one seat in one state; cheap to build, so build one per decision."""

    def __init__(self, s: Belief, seat: int, knobs: Knobs = NORMAL) -> None:
        if not isinstance(s, Belief):  # fair by construction: never the real state
            raise TypeError("the AI values a Belief built from a seat's view, not a State")
        self.s = s
        self.seat = seat
        self.k = knobs
        self.epoch = max(s.epoch, 1)
        self.scorings = scorings_left(self.epoch)
        self.left = epochs_left(self.epoch)
        # cards are only worth something while there are turns left to play them
        self.card_factor = 1.0 if self.epoch < EPOCHS else 0.7
        self._deck_card: float | None = None
        # P-GAP-STALL: the longer nobody takes a loot or god tile, the more taking one is worth,
        # so AI tables always end their epochs
        self.stall_bonus = knobs.stall_pressure * max(0, s.stall_turns - s.n)

    # --- columns (P-SCORE-2) ------------------------------------------------------------------

    def columns_value(self, c: int) -> float:
        """Expected points from `c` own columns on the board over the remaining scorings.

        The scoring after the current epoch uses the exact table; later ones use the smooth
        curve n + n^2/4 (equal to the table at 4, 8 and 12 columns) at the count expected by
        then, so a column is worth more when more will follow it."""
        c = min(c, PER_COLOUR[COLUMN])
        total = 0.0
        for e in self.scorings:
            if e == self.epoch:
                total += COMPONENTS.column_points(c)
            else:
                future = min(PER_COLOUR[COLUMN] - c, self.k.column_rate * (e - self.epoch + 0.5))
                total += c + c * (c + 2 * future) / 4
        return total

    def column_gain(self, c: int, added: int = 1) -> float:
        return self.columns_value(c + added) - self.columns_value(c)

    def supply_column(self, on_board: int) -> float:
        """A column in the personal supply: a share of what placing it would give."""
        if not self.scorings:
            return 0.0
        share = self.k.supply_column if self.epoch < EPOCHS else self.k.supply_column / 2
        return share * self.column_gain(on_board)

    def pieces_value(self, feet: int, cols: int, on_board: int | None = None) -> float:
        """Feet and columns in the personal supply together: a column needs a foot of the same
        player next to it (P-PLACE-8), so columns beyond the feet are worth much less."""
        base = self.columns_on_board() if on_board is None else on_board
        v = self.foot_supply(feet)
        for i in range(cols):
            usable = 1.0 if i < feet else 0.3
            v += usable * self.supply_column(base + i)
        return v

    def foot_supply(self, feet: int) -> float:
        """Feet are what reaches loot and column fields; the first few matter most."""
        weights = (1.2, 1.0, 0.9, 0.8, 0.6, 0.4, 0.3)
        scale = self.k.foot_scale * (1.0 if self.epoch < EPOCHS else 0.5)
        return scale * sum(weights[i] if i < len(weights) else 0.2 for i in range(feet))

    # --- cards --------------------------------------------------------------------------------
    # A hand is worth less than the sum of its cards: the third movement card or the sixth
    # Priests card adds little. The diminishing returns also stop a table of AI seats from
    # drawing forever (nothing forces an epoch to end, P-GAP-STALL).

    def hand_value(self, hand: dict[str, int]) -> float:
        v = self.k.move_card * _decayed(hand.get("move", 0), MOVE_DECAY)
        units = sum(MONEY[c] * n for c, n in hand.items() if c in MONEY)
        v += self.k.money_unit * _decayed(units, MONEY_DECAY)
        for kind in KINDS:
            v += self.k.offering_card * _decayed(hand.get(kind, 0), OFFER_DECAY)
        return v * self.card_factor

    def spend(self, cards: dict[str, int]) -> float:
        """What this seat's hand loses by giving up `cards`."""
        hand = self.s.players[self.seat].hand
        after = {c: hand.get(c, 0) - cards.get(c, 0) for c in sorted(set(hand) | set(cards))}
        return self.hand_value(hand) - self.hand_value({c: max(0, n) for c, n in after.items()})

    def gain(self, cards: dict[str, int]) -> float:
        """What this seat's hand gains with `cards` added."""
        hand = self.s.players[self.seat].hand
        after = dict(hand)
        for c, n in cards.items():
            after[c] = after.get(c, 0) + n
        return self.hand_value(after) - self.hand_value(hand)

    def card(self, card: str) -> float:
        """The value of one more `card` in this seat's hand."""
        return self.gain({card: 1})

    def deck_card(self) -> float:
        """The expected value of an unseen card from the deck (by the deck's make-up)."""
        if self._deck_card is None:
            counts = COMPONENTS.raw["action_cards"]
            total = sum(counts.values())
            self._deck_card = sum(self.card(c) * n for c, n in counts.items()) / total
        return self._deck_card

    def money_spend(self, values: list[int]) -> float:
        """What playing money cards of these face values costs this seat's hand."""
        by_card: dict[str, int] = {}
        for val in values:
            card = MONEY_CARD[val]
            by_card[card] = by_card.get(card, 0) + 1
        return self.spend(by_card)

    def money_unit_value(self) -> float:
        """The value of the last unit of money in hand (the price of spending one more)."""
        hand = self.s.players[self.seat].hand
        units = sum(MONEY[c] * n for c, n in hand.items() if c in MONEY)
        if units <= 0:
            return self.k.money_unit * self.card_factor
        return self.k.money_unit * self.card_factor * MONEY_DECAY[min(units - 1,
                                                                      len(MONEY_DECAY) - 1)]

    # --- offering tiles -----------------------------------------------------------------------

    def tiles_value(self, tiles: dict[str, int]) -> float:
        """Offering tiles pay every later sacrifice again (P-SAC-5) and feed Pietalte."""
        base = (0.0, 1.6, 3.0, 4.1, 5.0)
        scale = min(1.0, self.left / 3) * self.k.tile_scale
        v = sum(base[lv] for lv in tiles.values()) * scale
        piet = self.s.players[self.seat].gods.count("pietalte")
        if piet:
            v += piet * max(tiles.values(), default=0) * len(self.scorings)
        return v

    def offering_step(self, tiles: dict[str, int]) -> tuple[float, dict[str, int] | None]:
        """The best single offering step (new level-1 tile or +1 level), and the tiles after it."""
        best: tuple[float, dict[str, int] | None] = (0.0, None)
        now = self.tiles_value(tiles)
        for kind in KINDS:
            lv = tiles.get(kind, 0)
            if lv >= 4:
                continue
            after = dict(tiles)
            after[kind] = lv + 1
            gain = self.tiles_value(after) - now
            if best[1] is None or gain > best[0]:
                best = (gain, after)
        return best

    # --- gods ---------------------------------------------------------------------------------

    def god_keep(self, god: str) -> float:
        """The value of a god tile's effect (epoch points are counted separately)."""
        return self.k.god_scale * self._god_keep(god)

    def _god_keep(self, god: str) -> float:
        left = self.left
        if god == "vinthrad":
            return 0.8 * 2.2 * left
        if god in ("stonkus1", "stonkus2"):
            return 0.9 * GODS[god].money * 1.2 * left
        if god == "gadicea":
            return self.deck_card() * 1.0 * left
        if god == "depraccus":
            return 2 * self.deck_card() * max(0, EPOCHS - self.epoch)
        if god == "gaiviles":
            return 0.5 * left
        if god == "pietalte":
            best = max(self.s.players[self.seat].tiles.values(), default=0)
            return max(best, 1.5) * len(self.scorings)
        if god == "traitera":
            return self.k.traitera_keep if self.epoch < EPOCHS else 1.0
        return 0.0

    def god_gain(self, god: str, source: str) -> float:
        """Points and effect of gaining `god` now (P-GODS-2), excluding what is paid for it."""
        v = float(self.epoch)
        if god == "surparit":
            return v + self.epoch + self.average_god()
        if god == "plaesiris":
            if source == "acquire":
                pool = sorted(self.s.demigod_pool, reverse=True)[:2]
                pool += [self.stack_demigod()] * (2 - len(pool))
                return v + sum(pool) * len(self.scorings)
            return v + 2 * self.stack_demigod() * len(self.scorings)
        if god == "taksator":
            top = self.s.special_money[0] if self.s.special_money else None
            return v + (self.card(top) if top else 0.0)
        return v + self.god_keep(god)

    def average_god(self) -> float:
        """Expected effect of an unseen god tile from the stack, weighted by tile counts."""
        total = sum(g.count for g in GODS.values())
        acc = 0.0
        for gid, g in GODS.items():
            if gid == "surparit":
                eff = self.epoch + 3.0
            elif gid == "plaesiris":
                eff = 2 * self.stack_demigod() * len(self.scorings)
            elif gid == "taksator":
                eff = 2.5 * self.k.money_unit
            else:
                eff = self.god_keep(gid)
            acc += g.count * eff
        return acc / total

    def stack_demigod(self) -> float:
        """Expected value of the top face-down demigod: the 1-3 tokens lie on top (P-SETUP-6)."""
        left = self.s.seen.demigod_stack_count
        if not left:
            return 0.0
        drawn = len(DEMIGOD_TOKENS) - left
        return 2.0 if drawn < LOW_TOKENS else 5.0

    # --- loot and bonus tiles (section 6) -----------------------------------------------------

    def loot(self, tile: str, taken_before: int = 0) -> float:
        """Expected value of resolving a loot tile; `taken_before` demigod loots already claimed
        from the pool by this same plan."""
        eff = tile_effect(tile)
        kind = eff["effect"]
        p = self.s.players[self.seat]
        if kind == "demigod":
            pool = sorted(self.s.demigod_pool, reverse=True)
            value = pool[taken_before] if taken_before < len(pool) else 0
            return value * len(self.scorings)
        if kind == "demigod_top":
            return self.stack_demigod() * len(self.scorings)
        if kind == "god":
            return self.epoch + self.average_god()
        if kind == "offering":
            tiles = dict(p.tiles)
            gain = 0.0
            for _ in range(eff["times"]):
                step, after = self.offering_step(tiles)
                if after is None:
                    break
                gain += step
                tiles = after
            return gain
        if kind == "draw":
            return eff["cards"] * self.deck_card()
        if kind == "money":
            top = self.s.special_money[0] if self.s.special_money else None
            return self.card(top) if top else 0.0
        if kind == "steps":
            return eff["steps"] * 0.8 * 2.2 * self.left
        if kind in ("supply", "supply_choice"):
            if kind == "supply":
                feet, cols = eff["foot"], eff["column"]
            else:
                feet, cols = 0, eff["amount"]
            return self.supply_gain(feet, cols)
        if kind == "column":
            return self.column_gain(self.columns_on_board())
        return 0.0

    def supply_gain(self, feet: int, cols: int) -> float:
        p = self.s.players[self.seat]
        f, c = p.supply[FOOT], p.supply[COLUMN]
        gf = min(feet, self.general(FOOT))
        gc = min(cols, self.general(COLUMN))
        return self.pieces_value(f + gf, c + gc) - self.pieces_value(f, c)

    # --- helpers ------------------------------------------------------------------------------

    def columns_on_board(self, seat: int | None = None) -> int:
        me = self.seat if seat is None else seat
        return sum(1 for ps in self.s.pieces.values() for pc in ps
                   if pc[0] == me and pc[1] == COLUMN)

    def general(self, piece: str) -> int:
        p = self.s.players[self.seat]
        on_board = sum(1 for ps in self.s.pieces.values() for pc in ps
                       if pc[0] == self.seat and pc[1] == piece)
        return PER_COLOUR[piece] - p.supply[piece] - on_board

    # --- the whole position -------------------------------------------------------------------

    def position(self) -> float:
        """Score plus everything this seat holds, in expected final points."""
        s, p = self.s, self.s.players[self.seat]
        if s.result is not None:
            return float(p.score)
        on_board = self.columns_on_board()
        v = float(p.score)
        v += self.columns_value(on_board)
        v += sum(p.demigods) * len(self.scorings)
        v += self.hand_value(p.hand)
        v += self.tiles_value(p.tiles)
        v += sum(self.god_keep(g) for g in p.gods)
        v += sum(tile_effect(t)["steps"] for t in p.steps_tiles) * 0.8 * 2.2 * self.left
        v += self.pieces_value(p.supply[FOOT], p.supply[COLUMN], on_board)
        return v


MOVE_DECAY = (1.0, 1.0, 0.9, 0.8, 0.65, 0.5, 0.4, 0.3, 0.2)
OFFER_DECAY = (1.0, 1.0, 1.0, 0.8, 0.6, 0.4, 0.3, 0.15)
MONEY_DECAY = (1.0,) * 8 + (0.8, 0.7, 0.6, 0.5, 0.4, 0.3, 0.2)
MONEY_CARD = {v: c for c, v in MONEY.items()}


def _decayed(n: int, decay: tuple[float, ...]) -> float:
    return sum(decay[i] if i < len(decay) else decay[-1] for i in range(n))


def loot_is_demigod(tile: str) -> bool:
    return tile in LOOT and LOOT[tile]["effect"] == "demigod"
