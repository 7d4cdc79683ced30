"""Amun-Re game state: plain data that round-trips through JSON losslessly (A-DEC-8).

Conventions: a draw pile is a list whose *last* element is the top (power deck, province deck);
a player's power cards are kept in the order they were acquired (A-GAP-6 sells in that order when
forced). Provinces are keyed by their name. Public and hidden parts live side by side here; the
views (view.py) decide who sees what (A-INFO)."""

from __future__ import annotations

import pickle
from dataclasses import asdict, dataclass, field, fields
from typing import Any

COLOUR_ORDER = ("red", "black", "blue", "white", "yellow")


@dataclass
class Player:
    seat: int
    name: str
    colour: str
    gold: int = 0  # hidden (A-INFO-1)
    cards: list[str] = field(default_factory=list)  # hidden power cards, acquisition order
    minus3: bool = True  # holds the "-3" card (A-SETUP-4); False only while it is sacrificed
    score: int = 0
    played: list[str] = field(default_factory=list)  # card types played this round (public)
    offer: dict[str, Any] | None = None  # sealed sacrifice: hidden until the reveal (A-SAC-3)
    choice: dict[str, Any] | None = None  # phase-6 secret choice being made / sealed (A-DEC-6)
    trail: int = 0  # rolling crc of this seat's own decisions (game.version)


@dataclass
class Province:
    owner: int | None = None
    farmers: int = 0  # farmers on farming fields, printed ones not included
    plain_farmers: int = 0  # Free Farmer farmers on the plain (A-PWR-FF-2)
    stones: int = 0
    pyramids: int = 0  # a double counts 2 (A-PYR-2)


@dataclass
class State:
    seed: int
    rng: int
    secret: str  # key of the commit-reveal nonces; drawn from the RNG, never in a view
    options: dict[str, Any]
    players: list[Player]
    provinces: dict[str, Province]
    round: int = 0
    phase: str = "setup"  # setup, reveal, auction, buy, sacrifice, income, scoring, over
    pharaoh: int = 0
    temple: int | None = None  # numbered space 1-4; None before the first phase 4 (A-SETUP-7)
    power_deck: list[str] = field(default_factory=list)  # hidden order and contents
    power_discard: list[str] = field(default_factory=list)  # face up (A-PWR-GEN-2)
    province_deck: list[str] = field(default_factory=list)
    province_used: list[str] = field(default_factory=list)  # face-up used pile (A-AUCT-13)
    province_removed: list[str] = field(default_factory=list)  # never used (A-KING-4)
    on_offer: list[str] = field(default_factory=list)  # province cards revealed this round
    material: dict[str, dict[str, Any]] = field(default_factory=dict)  # {"cards": [], "gold"}
    supply: dict[str, int] = field(default_factory=dict)  # stones, farmers, pyramids
    auction: dict[str, Any] | None = None  # phase 2: markers, blockade, overbid, lap, pos
    sacrifice: dict[str, Any] | None = None  # the last phase 4, public after the reveal
    income_cards: dict[str, dict[str, str]] = field(default_factory=dict)  # seat -> card -> prov
    queue: list[dict[str, Any]] = field(default_factory=list)  # agenda: front item runs next
    decisions: int = 0  # decisions applied so far
    public_trail: int = 0  # rolling crc of the public decisions (game.version)
    last: dict[str, Any] = field(default_factory=dict)  # public summary of the latest step
    result: dict[str, Any] | None = None

    @property
    def n(self) -> int:
        return len(self.players)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> State:
        data = dict(data)
        pkeys = {f.name for f in fields(Player)}
        players = [Player(**{k: v for k, v in p.items() if k in pkeys})
                   for p in data.pop("players")]
        provinces = {k: Province(**v) for k, v in data.pop("provinces").items()}
        known = {f.name for f in fields(cls)}
        return cls(players=players, provinces=provinces,
                   **{k: _copy(v) for k, v in data.items() if k in known})

    def clone(self) -> State:
        return pickle.loads(pickle.dumps(self, protocol=pickle.HIGHEST_PROTOCOL))

    def order_from(self, seat: int) -> list[int]:
        """Every seat clockwise, beginning with `seat` (A-FLOW-4)."""
        return [(seat + i) % self.n for i in range(self.n)]

    def owned(self, seat: int) -> list[str]:
        """The provinces `seat` controls, in board order."""
        return [name for name, p in self.provinces.items() if p.owner == seat]


def _copy(value: Any) -> Any:
    return pickle.loads(pickle.dumps(value)) if isinstance(value, dict | list) else value
