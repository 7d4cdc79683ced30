"""Through the Ages game state: plain data that round-trips through JSON losslessly.

Only the authoritative facts are stored (T-META-6): cards, worker placement, blue tokens per
card, bank counts, points, spent actions. Ratings, action totals, hand limits, discontent and
corruption are derived (engine/tta/stats.py) and never stored.

Conventions: a draw pile is a list whose *last* element is the top. `row` has 13 entries, None
for an empty space. Yellow and blue token totals depend on history (T-TOK-2), so each player
counts the tokens taken from (positive) or returned to (negative) the box: `yellow_box` and
`blue_box`; the property tests check conservation against them."""

from __future__ import annotations

import pickle
from dataclasses import dataclass, field, fields
from typing import Any

from engine.core import copy_json

COLOURS = ("red", "green", "blue", "yellow")


@dataclass
class Player:
    seat: int
    name: str
    colour: str
    yellow_bank: int = 0  # Y: tokens in the yellow bank (T-BOARD-3)
    blue_bank: int = 0  # B: tokens in the blue bank (T-BOARD-1)
    pool: int = 0  # unused workers (T-BOARD-4)
    government: str = ""
    techs: list[str] = field(default_factory=list)  # technologies in play, not the government
    workers: dict[str, int] = field(default_factory=dict)  # card -> workers on it
    blue: dict[str, int] = field(default_factory=dict)  # farm/mine card -> blue tokens on it
    leader: str | None = None
    wonder: str | None = None  # the unfinished wonder (T-TAKE-3)
    wonder_stages: int = 0  # blue tokens on it = stages built (T-WOND-4)
    wonders: list[str] = field(default_factory=list)  # completed wonders (T-WOND-6)
    hand: list[str] = field(default_factory=list)  # civil cards in hand
    military: list[str] = field(default_factory=list)  # military cards in hand
    taken: list[str] = field(default_factory=list)  # civil cards taken this turn (T-ACARD-1)
    leader_ages: list[str] = field(default_factory=list)  # G-LEAD-1
    ca_spent: int = 0  # white tokens beside the board (T-ACT-2)
    ma_spent: int = 0  # red tokens beside the board
    temp_ma: int = 0  # military actions for this turn only (Patriotism, G-ACARD-2)
    allowance: int = 0  # resources for unit builds/upgrades this turn only (G-ACARD-2)
    unit_science: int = 0  # science for unit technologies this turn only (Churchill, C-50)
    science: int = 0  # science points
    culture: int = 0  # culture points
    yellow_box: int = 0  # net yellow tokens taken from the box since setup (T-TOK-1/3)
    blue_box: int = 0  # net blue tokens taken from the box since setup
    trail: int = 0  # rolling crc of this seat's own decisions (game.version)
    tactic: str | None = None  # the tactic card the tactics marker is on (T-TAC-1)
    tactic_exclusive: bool = False  # the card still lies in front of its owner (T-TAC-4)
    colonies: list[str] = field(default_factory=list)  # territory cards colonised (T-COL-11)
    ruins: list[str] = field(default_factory=list)  # wonders flipped by Ravages of Time
    tucked: str | None = None  # Homer tucked under a completed wonder
    turn_used: list[str] = field(default_factory=list)  # once-per-turn abilities used
    once: list[str] = field(default_factory=list)  # once-per-game abilities used
    skip_politics: bool = False  # International Agreement: the next political action is lost
    resigned: bool = False  # F-RES: out of the game; never a target, partner or compared seat
    # derived, not a fact: what the pacts in play add to this player's statistics and production
    # (F-PACT-17), refreshed by pacts.refresh whenever pacts or wonders change, so that stats(p)
    # can read it without the other party
    pact_mods: dict[str, int] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """What dataclasses.asdict gives, written out (every container a copy): the host
        stores the state at checkpoints and the copying apply clones it."""
        return {"seat": self.seat, "name": self.name, "colour": self.colour,
                "yellow_bank": self.yellow_bank, "blue_bank": self.blue_bank,
                "pool": self.pool, "government": self.government, "techs": list(self.techs),
                "workers": dict(self.workers), "blue": dict(self.blue), "leader": self.leader,
                "wonder": self.wonder, "wonder_stages": self.wonder_stages,
                "wonders": list(self.wonders), "hand": list(self.hand),
                "military": list(self.military), "taken": list(self.taken),
                "leader_ages": list(self.leader_ages), "ca_spent": self.ca_spent,
                "ma_spent": self.ma_spent, "temp_ma": self.temp_ma,
                "allowance": self.allowance, "unit_science": self.unit_science,
                "science": self.science, "culture": self.culture,
                "yellow_box": self.yellow_box, "blue_box": self.blue_box, "trail": self.trail,
                "tactic": self.tactic, "tactic_exclusive": self.tactic_exclusive,
                "colonies": list(self.colonies), "ruins": list(self.ruins),
                "tucked": self.tucked, "turn_used": list(self.turn_used),
                "once": list(self.once), "skip_politics": self.skip_politics,
                "resigned": self.resigned, "pact_mods": dict(self.pact_mods)}

    def in_play(self) -> list[str]:
        """Every card in play with an effect (T-STAT-2): government, technologies, leader,
        completed wonders and colonies (T-COL-11), and Homer tucked under a wonder. The
        unfinished wonder has none (T-WOND-1), nor a wonder flipped by Ravages of Time."""
        cards = [self.government, *self.techs, *self.wonders, *self.colonies]
        if self.leader:
            cards.append(self.leader)
        if self.tucked:
            cards.append(self.tucked)
        return cards


@dataclass
class State:
    seed: int
    rng: int
    options: dict[str, Any]
    players: list[Player]
    start: int = 0  # starting player (T-SETUP-14)
    round: int = 1
    turn: int = 0  # whose turn it is
    age: str = "A"  # current age (T-OVER-4); "III" is the tutorial's final stretch
    row: list[str | None] = field(default_factory=list)  # 13 spaces (T-ROW-1)
    civil: dict[str, list[str]] = field(default_factory=dict)  # age -> civil draw pile
    military_deck: dict[str, list[str]] = field(default_factory=dict)  # age -> draw pile
    military_discard: dict[str, list[str]] = field(default_factory=dict)  # age -> face down
    events: list[str] = field(default_factory=list)  # current events deck, top last (T-POL)
    future_events: list[str] = field(default_factory=list)
    past_events: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)  # civil cards out of the game (T-DISC-1)
    tactics_area: list[str] = field(default_factory=list)  # available tactics (T-TAC-4)
    last_round: int | None = None  # set when the final age begins (T-TEND-3, F-AGE-3, G-END-1)
    # pacts in play (F-PACT-12): {"card", "owner" (the offerer's seat), "partner" (seat),
    # "side": "A" | "B" | None (the owner's side of an asymmetric pact, F-PACT-7)}
    pacts: list[dict[str, Any]] = field(default_factory=list)
    # the pact offer awaiting its answer (F-PACT-11, G-ASYNC-9), shaped like a pact; only the
    # offerer's and the partner's views show it (view.py)
    pact_offer: dict[str, Any] | None = None
    resignations: list[int] = field(default_factory=list)  # seats, first resigner first (F-RES-9)
    # pending wars (F-WAR-6): {"card", "attacker", "defender", "round" (declared in)}
    wars: list[dict[str, Any]] = field(default_factory=list)
    # the defender's secret picks while he answers an aggression (F-AGGR-8, G-ASYNC-7):
    # {"seat", "bonus": [cards], "discard": [cards]}; only his own view shows it (view.py)
    defence: dict[str, Any] | None = None
    # the shorter game's events (V-SHORT, shortgame.py): dealt, kept (secret), public; None in
    # other games; view.py shows a seat only his own
    short: dict[str, Any] | None = None
    queue: list[dict[str, Any]] = field(default_factory=list)  # agenda: front runs next
    decisions: int = 0
    public_trail: int = 0
    result: dict[str, Any] | None = None
    # the public table at the current turn's start, and what changed in the last finished
    # turn (engine.tta.last: the pictures ring it)
    mark: dict[str, Any] | None = None
    last: dict[str, Any] | None = None

    @property
    def n(self) -> int:
        return len(self.players)

    def to_json(self) -> dict[str, Any]:
        return {"seed": self.seed, "rng": self.rng, "options": copy_json(self.options),
                "players": [p.to_json() for p in self.players], **self._tables()}

    def _tables(self) -> dict[str, Any]:
        """Every field after `players`, copied (to_json and clone share it)."""
        return {
            "start": self.start, "round": self.round, "turn": self.turn, "age": self.age,
            "row": list(self.row), "civil": {k: list(v) for k, v in self.civil.items()},
            "military_deck": {k: list(v) for k, v in self.military_deck.items()},
            "military_discard": {k: list(v) for k, v in self.military_discard.items()},
            "events": list(self.events), "future_events": list(self.future_events),
            "past_events": list(self.past_events), "removed": list(self.removed),
            "tactics_area": list(self.tactics_area),
            "last_round": self.last_round, "pacts": copy_json(self.pacts),
            "wars": copy_json(self.wars), "defence": copy_json(self.defence),
            "pact_offer": copy_json(self.pact_offer),
            "resignations": list(self.resignations), "queue": copy_json(self.queue),
            "decisions": self.decisions, "public_trail": self.public_trail,
            "result": copy_json(self.result), "mark": copy_json(self.mark),
            "last": copy_json(self.last), "short": copy_json(self.short),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> State:
        data = copy_json(dict(data))
        pkeys = {f.name for f in fields(Player)}
        players = [Player(**{k: v for k, v in p.items() if k in pkeys})
                   for p in data.pop("players")]
        known = {f.name for f in fields(cls)}
        return cls(players=players, **{k: v for k, v in data.items() if k in known})

    def clone(self) -> State:
        """A deep copy, for the pure (copying) apply."""
        if (type(self) is not State or self.__dict__.keys() != _STATE_KEYS
                or any(type(p) is not Player for p in self.players)):
            return pickle.loads(pickle.dumps(self, protocol=pickle.HIGHEST_PROTOCOL))
        new = object.__new__(State)
        new.__dict__.update(seed=self.seed, rng=self.rng, options=copy_json(self.options),
                            players=[_new_player(p) for p in self.players], **self._tables())
        return new


_STATE_KEYS = {f.name for f in fields(State)}


def _new_player(p: Player) -> Player:
    new = object.__new__(Player)
    new.__dict__.update(p.to_json())
    return new
