"""Amun-Re components: the 15 provinces and every rule constant, loaded from the JSON files beside
this module and validated once at import (shared/rules/amun-re.md A-DOC-5, A-GAP-1/-3/-4/-5).

Every value in the files carries a confidence mark from shared/data/amunre/provinces-facts.md
(C2, C1, P = placeholder, X = sources disagree) and the files carry `verified: false`: a checked
board replaces the values there, with no code change. The engine and the tests read every
number from here, never from literals."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

HERE = Path(__file__).parent

CONFIDENCE = ("C2", "C1", "P", "X")
PROVINCE_NAMES = ("ABU", "ABYDOS", "AMARNA", "AVARIS", "BAHARYA", "BERENIKE", "BUTO", "DAKHLA",
                  "DAMANHUR", "EDFU", "KHARGA", "MEMPHIS", "MENDES", "SAWU", "THEBES")  # A-BOARD-1
CARD_TYPES = ("BB", "OV", "FF", "MB", "SC", "G8", "HI", "BPC", "BFA", "BUL", "BEW", "BNB")
BONUS_CARDS = ("BPC", "BFA", "BUL", "BEW", "BNB")
CARD_PHASES = {"BB": 2, "OV": 2, "FF": 3, "MB": 3, "SC": 4, "G8": 5, "HI": 5,
               "BPC": 6, "BFA": 6, "BUL": 6, "BEW": 6, "BNB": 6}  # A-PWR-GEN-7

# attribute -> (type, check) of a province value
_PROVINCE_ATTRS: dict[str, tuple[type, Any]] = {
    "side": (str, lambda v: v in ("east", "west")),
    "region": (str, lambda v: v in ("upper", "lower")),
    "bank": (bool, lambda v: True),
    "card_limit": (int, lambda v: 0 <= v <= 4),  # 0-4 [C1; S9]
    "free_cards": (int, lambda v: 0 <= v <= 3),
    "free_stones": (int, lambda v: 0 <= v <= 3),
    "free_gold": (int, lambda v: 0 <= v <= 100),
    "fields": (int, lambda v: 0 <= v <= 6),  # 0-6 fields [C2]
    "printed_farmers": (int, lambda v: 0 <= v <= 6),
    "fixed_income": (int, lambda v: 0 <= v <= 50),
    "camel_income": (int, lambda v: 0 <= v <= 50),
    "temples": (int, lambda v: 0 <= v <= 2),  # at most 2 [C2]
}
_CONSTANTS = ("start_gold", "minus3_cards", "gold_cards", "power_cards", "power_card_phase",
              "sell_price", "stones", "farmers", "pyramids", "stones_per_pyramid",
              "master_builder_stones", "bid_track", "bid_track_beyond", "price", "temple_track",
              "sacrifice_rewards", "thief_gold", "minus3_value", "correction", "eight_gold",
              "harvest_increase", "row_points", "side_points", "bonus_points",
              "bonus_power_symbols", "bonus_farmers", "gold_points", "rounds_per_kingdom")


class DataError(ValueError):
    """A data file that breaks the rules' shape (names the file, the entry and the rule)."""


@dataclass(frozen=True)
class Province:
    name: str
    side: str  # "east" or "west" of the Nile
    region: str  # "upper" or "lower" Egypt
    bank: bool  # on the Nile bank (else inland)
    card_limit: int  # power cards a holder may buy per turn (A-BUY-6)
    free_cards: int  # free material (A-REV-3)
    free_stones: int
    free_gold: int
    fields: int  # farming fields, printed farmers included
    printed_farmers: int  # BAHARYA's 2 (A-BUY-13)
    fixed_income: int  # guaranteed income (A-INC-4)
    camel_income: int  # only on temple spaces with a camel (A-INC-5)
    temples: int  # temple symbols (A-SCORE-7)
    conf: tuple[tuple[str, str], ...]  # attribute -> confidence mark

    @property
    def power_symbols(self) -> int:
        """Power-card symbols for Power Card Bonus: the limit plus free cards (A-PWR-BPC-1)."""
        return self.card_limit + self.free_cards

    @property
    def free_fields(self) -> int:
        """Fields a bought farmer may take when the province is empty (printed ones excluded)."""
        return self.fields - self.printed_farmers


@dataclass(frozen=True)
class TempleSpace:
    space: int
    low: int | None  # lowest total that puts the temple here (None: no bound)
    high: int | None
    harvest: int  # gold per farmer (A-INC-2)
    points: int  # per temple symbol at scoring (A-SCORE-7)
    camel: bool  # camel income paid (A-INC-5)


@dataclass(frozen=True)
class Board:
    verified: bool
    provinces: dict[str, Province]
    temple: tuple[TempleSpace, ...]
    values: dict[str, Any]  # every constant's value
    conf: dict[str, str]  # every constant's confidence mark

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(self.provinces)

    def __getitem__(self, key: str) -> Any:
        return self.values[key]

    # --- the tracks -----------------------------------------------------------------------------

    @staticmethod
    def triangular(n: int) -> int:
        return n * (n + 1) // 2

    def bid_value(self, index: int) -> int:
        """Value of bid-track index `index` (A-AUCT-2; beyond the card: A-GAP-3)."""
        printed = self.values["bid_track"]
        return printed[index] if index < len(printed) else self.triangular(index)

    def bid_index(self, value: int) -> int | None:
        """The track index showing `value`, or None if no space shows it."""
        printed = self.values["bid_track"]
        if value in printed:
            return printed.index(value)
        i = len(printed)
        while self.bid_value(i) < value:
            i += 1
        return i if self.bid_value(i) == value else None

    def price(self, n: int) -> int:
        """n items of one kind (A-BUY-3)."""
        return self.triangular(n)

    def temple_space(self, total: int) -> TempleSpace:
        """The space a sacrifice total puts the temple on (A-SAC-8, A-SAC-9)."""
        for sp in self.temple:
            if (sp.low is None or total >= sp.low) and (sp.high is None or total <= sp.high):
                return sp
        raise DataError(f"no temple space for total {total}")  # excluded by validation

    def space(self, k: int) -> TempleSpace:
        return self.temple[k - 1]


def _entry(where: str, key: str, raw: Any) -> tuple[Any, str]:
    if not isinstance(raw, dict) or set(raw) - {"value", "conf", "note"} or "value" not in raw:
        raise DataError(f"{where}: {key} must be {{value, conf[, note]}}")
    if raw.get("conf") not in CONFIDENCE:
        raise DataError(f"{where}: {key} has no confidence mark (one of {', '.join(CONFIDENCE)})")
    return raw["value"], raw["conf"]


def _load_provinces(path: Path) -> tuple[bool, dict[str, Province]]:
    raw = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(raw.get("verified"), bool):
        raise DataError(f"{path}: needs a boolean 'verified' flag (A-DOC-5)")
    table = raw.get("provinces")
    if not isinstance(table, dict) or set(table) != set(PROVINCE_NAMES):
        raise DataError(f"{path}: the 15 provinces of A-BOARD-1, each once")
    provinces: dict[str, Province] = {}
    for name in PROVINCE_NAMES:
        attrs = table[name]
        if set(attrs) != set(_PROVINCE_ATTRS):
            raise DataError(f"{path}: {name} needs exactly {', '.join(_PROVINCE_ATTRS)}")
        values: dict[str, Any] = {}
        conf: dict[str, str] = {}
        for key, (kind, check) in _PROVINCE_ATTRS.items():
            value, mark = _entry(f"{path}: {name}", key, attrs[key])
            if type(value) is not kind or not check(value):
                raise DataError(f"{path}: {name}.{key} = {value!r} is out of range")
            values[key] = value
            conf[key] = mark
        if values["printed_farmers"] > values["fields"]:
            raise DataError(f"{path}: {name} prints more farmers than it has fields (A-BUY-13)")
        provinces[name] = Province(name=name, conf=tuple(conf.items()), **values)
    if sum(p.temples > 0 for p in provinces.values()) > 3:
        raise DataError(f"{path}: temples only in DAMANHUR, EDFU and AMARNA (A-BOARD-2 g)")
    for name in ("DAMANHUR", "EDFU", "AMARNA"):
        if provinces[name].temples < 1:
            raise DataError(f"{path}: {name} has temple symbols (A-BOARD-2 g)")
    return raw["verified"], provinces


def _load_temple(where: str, raw: Any) -> tuple[TempleSpace, ...]:
    if not isinstance(raw, list) or not raw:
        raise DataError(f"{where}: temple_track is a list of spaces")
    spaces = []
    for k, sp in enumerate(raw, 1):
        if not isinstance(sp, dict) or sp.get("space") != k:
            raise DataError(f"{where}: temple space {k} out of order")
        vals = {}
        for key in ("min", "max", "harvest", "points", "camel"):
            vals[key], _ = _entry(f"{where}: temple space {k}", key, sp.get(key))
        spaces.append(TempleSpace(k, vals["min"], vals["max"], vals["harvest"], vals["points"],
                                  vals["camel"]))
    if spaces[0].low is not None or spaces[-1].high is not None:
        raise DataError(f"{where}: the temple track must cover every total (A-SAC-9)")
    for a, b in zip(spaces, spaces[1:], strict=False):
        if a.high is None or b.low != a.high + 1:
            raise DataError(f"{where}: temple spaces {a.space} and {b.space} do not join")
    for sp in spaces:
        if (type(sp.harvest) is not int or type(sp.points) is not int or sp.harvest < 0
                or sp.points < 0 or type(sp.camel) is not bool):
            raise DataError(f"{where}: temple space {sp.space} has bad values")
    return tuple(spaces)


def _load_constants(path: Path) -> tuple[dict[str, Any], dict[str, str], tuple[TempleSpace, ...]]:
    raw = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(raw.get("verified"), bool):
        raise DataError(f"{path}: needs a boolean 'verified' flag (A-DOC-5)")
    missing = [k for k in _CONSTANTS if k not in raw]
    unknown = [k for k in raw if k not in _CONSTANTS and k not in ("_about", "verified")]
    if missing or unknown:
        raise DataError(f"{path}: missing {missing}, unknown {unknown}")
    values: dict[str, Any] = {}
    conf: dict[str, str] = {}
    for key in _CONSTANTS:
        values[key], conf[key] = _entry(str(path), key, raw[key])
    temple = _load_temple(str(path), values["temple_track"])
    cards = values["power_cards"]
    if set(cards) != set(CARD_TYPES) or any(type(n) is not int or n < 0 for n in cards.values()):
        raise DataError(f"{path}: power_cards needs a count for each of the 12 types (A-COMP-2)")
    if sum(cards.values()) != 39:
        raise DataError(f"{path}: 39 power cards (A-COMP-2)")
    if cards["MB"] < 5:
        raise DataError(f"{path}: at least one Master Builder per player, 5 (A-SETUP-1)")
    if values["power_card_phase"] != CARD_PHASES:
        raise DataError(f"{path}: power_card_phase must match A-PWR-GEN-7")
    track = values["bid_track"]
    if track != [Board.triangular(i) for i in range(len(track))]:
        raise DataError(f"{path}: the printed bid track is 0, 1, 3, 6, ... (A-AUCT-2)")
    for key in ("start_gold", "minus3_cards", "stones", "farmers", "stones_per_pyramid",
                "master_builder_stones", "thief_gold", "correction", "eight_gold",
                "harvest_increase", "row_points", "side_points", "bonus_points",
                "bonus_power_symbols", "bonus_farmers", "rounds_per_kingdom", "sell_price"):
        if type(values[key]) is not int or values[key] < 0:
            raise DataError(f"{path}: {key} must be a whole number >= 0")
    if values["minus3_cards"] < 5:
        raise DataError(f"{path}: a '-3' card for each of 5 players (A-COMP-1)")
    if len(values["sacrifice_rewards"]) != 3 or len(values["gold_points"]) != 3:
        raise DataError(f"{path}: rewards and gold points for three places (A-SAC-12, A-SCORE-9)")
    return values, conf, temple


def load_board(provinces: Path = HERE / "provinces.json",
               components: Path = HERE / "components.json") -> Board:
    """Load and validate both files (DataError names what is wrong)."""
    verified, provs = _load_provinces(provinces)
    values, conf, temple = _load_constants(components)
    return Board(verified=verified, provinces=provs, temple=temple, values=values, conf=conf)


BOARD = load_board()
