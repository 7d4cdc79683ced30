"""Pantheon game state: plain data that round-trips through JSON losslessly.

Conventions: stacks are lists whose *last* element is the top (god stack, demigod stack, action
deck, bag); the special money stack is the exception and keeps its top at index 0 because P-SETUP-10
and Persia talk about its order from the top. Board fields are keyed by their label ("F12")."""

from __future__ import annotations

import pickle
from dataclasses import dataclass, field, fields
from typing import Any

from engine.core import copy_json

FOOT = "foot"
COLUMN = "column"
PIECES = (FOOT, COLUMN)
COLOUR_ORDER = ("red", "blue", "yellow", "green")


@dataclass
class Player:
    seat: int
    name: str
    colour: str
    score: int = 0
    hand: dict[str, int] = field(default_factory=dict)  # card id -> count
    supply: dict[str, int] = field(default_factory=lambda: {FOOT: 0, COLUMN: 0})
    tiles: dict[str, int] = field(default_factory=dict)  # offering kind -> level 1..4
    gods: list[str] = field(default_factory=list)  # kept god tiles (blue ones, unused Traitera)
    steps_tiles: list[str] = field(default_factory=list)  # kept steps tiles (loot or bonus ids)
    demigods: list[int] = field(default_factory=list)  # values: private to this seat
    bonus: str | None = None  # bonus tile held but not yet resolved (private until resolved)
    placed: list[str] = field(default_factory=list)  # fields this player placed on this epoch
    used_gods: list[str] = field(default_factory=list)  # one-time (yellow) gods used, in order

    def hand_size(self) -> int:
        return sum(self.hand.values())

    def to_json(self) -> dict[str, Any]:
        """What dataclasses.asdict gives (the same keys in the same order, every container a
        copy), written out: the bot stores the state at checkpoints and the copying apply
        clones it, and asdict's generic recursion cost several times more. The containers
        hold plain values (card ids and counts, field labels), so one level of copying is a
        deep copy. tests/test_pantheon_roundtrip.py compares it with asdict."""
        return {"seat": self.seat, "name": self.name, "colour": self.colour,
                "score": self.score, "hand": dict(self.hand), "supply": dict(self.supply),
                "tiles": dict(self.tiles), "gods": list(self.gods),
                "steps_tiles": list(self.steps_tiles), "demigods": list(self.demigods),
                "bonus": self.bonus, "placed": list(self.placed),
                "used_gods": list(self.used_gods)}

    def clone(self) -> Player:
        p = object.__new__(Player)  # no __init__: every field is set from the copy below
        p.__dict__.update(self.to_json())
        return p


@dataclass
class State:
    seed: int
    rng: int
    options: dict[str, Any]
    players: list[Player]
    epoch: int = 0
    start_player: int = 0
    people_deck: list[str] = field(default_factory=list)
    peoples_played: list[str] = field(default_factory=list)
    temple: str | None = None
    deck: list[str] = field(default_factory=list)
    display: list[str | None] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)
    special_money: list[str] = field(default_factory=list)  # index 0 is the top
    god_stack: list[str] = field(default_factory=list)
    god_display: list[str] = field(default_factory=list)
    god_box: list[str] = field(default_factory=list)
    demigod_stack: list[int] = field(default_factory=list)
    demigod_pool: list[int] = field(default_factory=list)
    demigod_box: list[int] = field(default_factory=list)
    bag: list[str] = field(default_factory=list)
    loot: dict[str, str] = field(default_factory=dict)  # field label -> loot tile id
    loot_box: list[str] = field(default_factory=list)
    bonus_stack: list[str] = field(default_factory=list)  # face down (or face up in the draft)
    bonus_box: list[str] = field(default_factory=list)
    pieces: dict[str, list[list[Any]]] = field(default_factory=dict)  # label -> [[seat, piece]]
    queue: list[dict[str, Any]] = field(default_factory=list)  # agenda: front item runs next
    turn: dict[str, Any] | None = None
    phase_end: bool = False
    stall_turns: int = 0
    decisions: int = 0  # decisions applied so far
    trail: int = 0  # rolling crc of every decision so far (game.version: stale-prompt check)
    last_changes: dict[str, Any] = field(default_factory=dict)  # this turn so far (pictures)
    last_turn: dict[str, Any] = field(default_factory=dict)  # the last finished turn's changes
    result: dict[str, Any] | None = None

    @property
    def n(self) -> int:
        return len(self.players)

    def to_json(self) -> dict[str, Any]:
        """dataclasses.asdict(self), written out (see Player.to_json): the same keys in the
        same order, so the same JSON text, with every container copied. The irregular parts
        (options, the agenda, this turn's changes, the result) go through copy_json."""
        # each piece is the pair [seat, piece]
        pieces = {label: [list(pc) for pc in ps] for label, ps in self.pieces.items()}
        return {"seed": self.seed, "rng": self.rng, "options": copy_json(self.options),
                "players": [p.to_json() for p in self.players], **self._tables(pieces)}

    def _tables(self, pieces: dict[str, list[list[Any]]]) -> dict[str, Any]:
        """Every field after `players`, copied, with `pieces` (to_json and clone share it)."""
        return {
            "epoch": self.epoch, "start_player": self.start_player,
            "people_deck": list(self.people_deck), "peoples_played": list(self.peoples_played),
            "temple": self.temple, "deck": list(self.deck), "display": list(self.display),
            "discard": list(self.discard), "special_money": list(self.special_money),
            "god_stack": list(self.god_stack), "god_display": list(self.god_display),
            "god_box": list(self.god_box), "demigod_stack": list(self.demigod_stack),
            "demigod_pool": list(self.demigod_pool), "demigod_box": list(self.demigod_box),
            "bag": list(self.bag), "loot": dict(self.loot), "loot_box": list(self.loot_box),
            "bonus_stack": list(self.bonus_stack), "bonus_box": list(self.bonus_box),
            "pieces": pieces,
            "queue": copy_json(self.queue), "turn": copy_json(self.turn),
            "phase_end": self.phase_end, "stall_turns": self.stall_turns,
            "decisions": self.decisions, "trail": self.trail,
            "last_changes": copy_json(self.last_changes),
            "last_turn": copy_json(self.last_turn), "result": copy_json(self.result),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> State:
        data = dict(data)
        player_keys = {f.name for f in fields(Player)}
        players = [Player(**{k: v for k, v in p.items() if k in player_keys})
                   for p in data.pop("players")]
        known = {f.name for f in fields(cls)}
        return cls(players=players, **{k: v for k, v in data.items() if k in known})

    def clone(self) -> State:
        """A deep copy, for the pure (copying) apply the bot uses at every decision."""
        if (type(self) is not State or self.__dict__.keys() != _STATE_KEYS
                or any(type(p) is not Player for p in self.players)):
            # a subclass (the AI's Belief) or extra attributes: the generic deep copy
            return pickle.loads(pickle.dumps(self, protocol=pickle.HIGHEST_PROTOCOL))
        # The same copies as to_json, straight into a new State (no __init__ to run): several
        # times faster than pickle, which wrote and parsed every card id and label. The one
        # difference: a piece's [seat, piece] pair is shared, not copied. The engine never
        # changes a pair, it only adds, removes or keeps whole pairs in a field's list (which
        # is copied), and copying every pair was a third of the cost.
        pieces = {label: list(ps) for label, ps in self.pieces.items()}
        new = object.__new__(State)
        new.__dict__.update(seed=self.seed, rng=self.rng, options=copy_json(self.options),
                            players=[p.clone() for p in self.players], **self._tables(pieces))
        return new

    def next_seat(self, seat: int, step: int = 1) -> int:
        return (seat + step) % self.n

    def order_from(self, seat: int) -> list[int]:
        """Every seat in turn order (clockwise), beginning with `seat`."""
        return [(seat + i) % self.n for i in range(self.n)]


_STATE_KEYS = {f.name for f in fields(State)}
