"""Pantheon game state: plain data that round-trips through JSON losslessly.

Conventions: stacks are lists whose *last* element is the top (god stack, demigod stack, action
deck, bag); the special money stack is the exception and keeps its top at index 0 because P-SETUP-10
and Persia talk about its order from the top. Board fields are keyed by their label ("F12")."""

from __future__ import annotations

import pickle
from dataclasses import asdict, dataclass, field, fields
from typing import Any

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
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> State:
        data = dict(data)
        player_keys = {f.name for f in fields(Player)}
        players = [Player(**{k: v for k, v in p.items() if k in player_keys})
                   for p in data.pop("players")]
        known = {f.name for f in fields(cls)}
        return cls(players=players, **{k: v for k, v in data.items() if k in known})

    def clone(self) -> State:
        # pickle is several times faster than deepcopy for this tree of plain containers
        return pickle.loads(pickle.dumps(self, protocol=pickle.HIGHEST_PROTOCOL))

    def next_seat(self, seat: int, step: int = 1) -> int:
        return (seat + step) % self.n

    def order_from(self, seat: int) -> list[int]:
        """Every seat in turn order (clockwise), beginning with `seat`."""
        return [(seat + i) % self.n for i in range(self.n)]
