"""Pantheon components: the board map and every component count, loaded from the files beside
this module (see shared/rules/pantheon.md section 8 for where each value comes from)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).parent

ROW_LETTERS = "ABCDEFGHIJKLMNOPQ"


@dataclass(frozen=True)
class Field:
    index: int
    c: int
    r: int
    label: str  # row letter + column number, e.g. "F12" (row F, column 12); used by the notation
    terrain: str  # "land", "water" or "column"
    people: str | None  # people letter for start and symbol fields
    symbol: int | None  # printed symbol number 0-4, None for a start field or an ordinary field

    @property
    def is_start(self) -> bool:
        return self.people is not None and self.symbol is None

    @property
    def is_column_field(self) -> bool:
        return self.terrain == "column"


@dataclass(frozen=True)
class Board:
    cols: int
    rows: int
    fields: tuple[Field, ...]
    neighbours: tuple[tuple[int, ...], ...]
    by_label: dict[str, int]
    start_field: dict[str, int]  # people letter -> field index
    symbol_fields: dict[str, tuple[int, ...]]  # people letter -> field index by symbol number

    def label(self, index: int) -> str:
        return self.fields[index].label

    def distance(self, a: int, b: int) -> int:
        return hex_distance(self.fields[a], self.fields[b])


def field_label(c: int, r: int) -> str:
    return f"{ROW_LETTERS[r]}{c + 1}"


def odd_r_neighbours(c: int, r: int, cols: int, rows: int) -> list[tuple[int, int]]:
    """P-GAP-MAP: odd rows are drawn half a hex to the right ("odd-r" layout)."""
    if r % 2 == 0:
        cand = [(c - 1, r), (c + 1, r), (c - 1, r - 1), (c, r - 1), (c - 1, r + 1), (c, r + 1)]
    else:
        cand = [(c - 1, r), (c + 1, r), (c, r - 1), (c + 1, r - 1), (c, r + 1), (c + 1, r + 1)]
    return [(x, y) for x, y in cand if 0 <= x < cols and 0 <= y < rows]


def hex_distance(a: Field, b: Field) -> int:
    def cube(f: Field) -> tuple[int, int, int]:
        q = f.c - (f.r - (f.r & 1)) // 2
        return q, f.r, -q - f.r

    (ax, ay, az), (bx, by, bz) = cube(a), cube(b)
    return max(abs(ax - bx), abs(ay - by), abs(az - bz))


def _load_board(path: Path) -> Board:
    lines = [ln for ln in path.read_text(encoding="utf-8").splitlines() if ln.strip()]
    grid = [ln.split()[1:] for ln in lines[1:]]
    rows, cols = len(grid), len(grid[0])
    fields: list[Field] = []
    for r, row in enumerate(grid):
        if len(row) != cols:
            raise ValueError(f"map row {r} has {len(row)} fields, expected {cols}")
        for c, tok in enumerate(row):
            people: str | None = None
            symbol: int | None = None
            terrain = "land"
            if tok == "~~":
                terrain = "water"
            elif tok == "cc":
                terrain = "column"
            elif tok != "..":
                people = tok[0]
                symbol = None if tok[1] == "*" else int(tok[1])
            fields.append(Field(len(fields), c, r, field_label(c, r), terrain, people, symbol))
    neighbours = tuple(
        tuple(y * cols + x for x, y in odd_r_neighbours(f.c, f.r, cols, rows)) for f in fields
    )
    start = {f.people: f.index for f in fields if f.is_start and f.people}
    symbols: dict[str, list[int]] = {}
    for f in fields:
        if f.people and f.symbol is not None:
            symbols.setdefault(f.people, [0] * 5)[f.symbol] = f.index
    board = Board(
        cols, rows, tuple(fields), neighbours, {f.label: f.index for f in fields}, start,
        {k: tuple(v) for k, v in symbols.items()},
    )
    _validate_board(board)
    return board


def _validate_board(board: Board) -> None:
    if len(board.start_field) != 8 or any(len(v) != 5 for v in board.symbol_fields.values()):
        raise ValueError("map needs 8 start fields with 5 symbol fields each")
    for people, syms in board.symbol_fields.items():
        for idx in syms:
            if board.distance(idx, board.start_field[people]) != 3:
                raise ValueError(f"symbol field {board.label(idx)} is not 3 from its start field")


@dataclass(frozen=True)
class GodType:
    id: str
    name: str
    count: int
    colour: str
    requirement: tuple[int, ...]
    money: int = 0
    cards_only: bool = False


@dataclass(frozen=True)
class Components:
    raw: dict
    kinds: tuple[str, ...]
    gods: dict[str, GodType]
    loot: dict[str, dict]
    bonus: dict[str, dict]
    peoples: dict[str, dict]  # people letter -> {"id", "name", "ability"}
    money_values: dict[str, int]
    tile_cost: dict[int, int]

    def column_points(self, n: int) -> int:
        per = 0
        for threshold, points in self.raw["column_points"]:
            if n >= threshold:
                per = points
        return per * n


def _load_components(path: Path) -> Components:
    raw = json.loads(path.read_text(encoding="utf-8"))
    gods = {
        gid: GodType(gid, g["name"], g["count"], g["colour"], tuple(g["requirement"]),
                     g.get("money", 0), g.get("cards_only", False))
        for gid, g in raw["gods"].items()
    }
    comp = Components(
        raw, tuple(raw["offering_kinds"]), gods, raw["loot"], raw["bonus"], raw["peoples"],
        raw["money_values"], {int(k): v for k, v in raw["offering_tile_cost"].items()},
    )
    if sum(raw["action_cards"].values()) != 75 or len(raw["special_money"]) != 7:
        raise ValueError("P-COMP-14/15: 75 action cards and 7 special money cards")
    if sum(g.count for g in gods.values()) != 40:
        raise ValueError("P-COMP-10: 40 god tiles")
    if sum(t["count"] for t in comp.loot.values()) != 40:
        raise ValueError("P-COMP-9: 40 loot tiles")
    if sum(raw["demigods"].values()) != 21 or len(comp.bonus) != 6:
        raise ValueError("P-COMP-11/13: 21 demigods, 6 bonus tiles")
    for g in gods.values():
        if len(g.requirement) > 4 or list(g.requirement) != sorted(g.requirement, reverse=True):
            raise ValueError(f"P-SAC-1: requirement of {g.id} must be largest first, at most 4")
    return comp


BOARD = _load_board(HERE / "map.txt")
COMPONENTS = _load_components(HERE / "components.json")
