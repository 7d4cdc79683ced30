"""Amun-Re game state: plain data that round-trips through JSON losslessly (A-DEC-8).

Conventions: a draw pile is a list whose *last* element is the top (power deck, province deck);
a player's power cards are kept in the order they were acquired (A-GAP-6 sells in that order when
forced). Provinces are keyed by their name. Public and hidden parts live side by side here; the
views (view.py) decide who sees what (A-INFO)."""

from __future__ import annotations

import pickle
from dataclasses import dataclass, field, fields
from typing import Any

from engine.core import copy_json

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

    def to_json(self) -> dict[str, Any]:
        """What dataclasses.asdict gives (the same keys in the same order, every container a
        copy), written out: the bot stores the state at checkpoints and the copying apply
        clones it, and asdict's generic recursion cost several times more. The sealed offer
        and choice are small JSON trees (copy_json); tests/test_amunre_properties.py compares
        it with asdict."""
        return {"seat": self.seat, "name": self.name, "colour": self.colour,
                "gold": self.gold, "cards": list(self.cards), "minus3": self.minus3,
                "score": self.score, "played": list(self.played),
                "offer": copy_json(self.offer), "choice": copy_json(self.choice),
                "trail": self.trail}


@dataclass
class Province:
    owner: int | None = None
    farmers: int = 0  # farmers on farming fields, printed ones not included
    plain_farmers: int = 0  # Free Farmer farmers on the plain (A-PWR-FF-2)
    stones: int = 0
    pyramids: int = 0  # a double counts 2 (A-PYR-2)

    def to_json(self) -> dict[str, Any]:
        return {"owner": self.owner, "farmers": self.farmers,
                "plain_farmers": self.plain_farmers, "stones": self.stones,
                "pyramids": self.pyramids}


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
        """dataclasses.asdict(self), written out (see Player.to_json): the same keys in the
        same order, so the same JSON text, with every container copied."""
        return {"seed": self.seed, "rng": self.rng, "secret": self.secret,
                "options": copy_json(self.options),
                "players": [p.to_json() for p in self.players],
                "provinces": {name: p.to_json() for name, p in self.provinces.items()},
                **self._tables()}

    def _tables(self) -> dict[str, Any]:
        """Every field after `provinces`, copied (to_json and clone share it)."""
        return {
            "round": self.round, "phase": self.phase, "pharaoh": self.pharaoh,
            "temple": self.temple, "power_deck": list(self.power_deck),
            "power_discard": list(self.power_discard),
            "province_deck": list(self.province_deck),
            "province_used": list(self.province_used),
            "province_removed": list(self.province_removed), "on_offer": list(self.on_offer),
            "material": copy_json(self.material), "supply": dict(self.supply),
            "auction": copy_json(self.auction), "sacrifice": copy_json(self.sacrifice),
            "income_cards": copy_json(self.income_cards), "queue": copy_json(self.queue),
            "decisions": self.decisions, "public_trail": self.public_trail,
            "last": copy_json(self.last), "result": copy_json(self.result),
        }

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
        """A deep copy, for the pure (copying) apply the bot uses at every decision."""
        if (type(self) is not State or self.__dict__.keys() != _STATE_KEYS
                or any(type(p) is not Player for p in self.players)
                or any(type(p) is not Province for p in self.provinces.values())):
            # a subclass or extra attributes: the generic deep copy
            return pickle.loads(pickle.dumps(self, protocol=pickle.HIGHEST_PROTOCOL))
        # the same copies as to_json, straight into new objects (no __init__ to run): several
        # times faster than pickle
        new = object.__new__(State)
        new.__dict__.update(
            seed=self.seed, rng=self.rng, secret=self.secret,
            options=copy_json(self.options), players=[_new(Player, p) for p in self.players],
            provinces={name: _new(Province, p) for name, p in self.provinces.items()},
            **self._tables())
        return new

    def order_from(self, seat: int) -> list[int]:
        """Every seat clockwise, beginning with `seat` (A-FLOW-4)."""
        return [(seat + i) % self.n for i in range(self.n)]

    def owned(self, seat: int) -> list[str]:
        """The provinces `seat` controls, in board order."""
        return [name for name, p in self.provinces.items() if p.owner == seat]


_STATE_KEYS = {f.name for f in fields(State)}


def _new(cls: type, obj: Any) -> Any:
    """A copy of a Player or Province made from its to_json (no __init__ to run)."""
    new = object.__new__(cls)
    new.__dict__.update(obj.to_json())
    return new


def _copy(value: Any) -> Any:
    return pickle.loads(pickle.dumps(value)) if isinstance(value, dict | list) else value
