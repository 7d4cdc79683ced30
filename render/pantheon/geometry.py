"""Where things sit on the board picture. Tests use these to probe pixels.

The map is drawn with pointy-top hexes in the "odd-r" layout of data/pantheon/map.txt: odd rows are
shifted half a hex to the right."""

from __future__ import annotations

import math

from data.pantheon import BOARD

HEX_R = 37  # centre to corner, in pixels
HEX_W = math.sqrt(3) * HEX_R  # flat side to flat side
ROW_STEP = 1.5 * HEX_R
MARGIN = 16
HEADER_H = 96  # title, waiting line and last-turn line above the map
MAP_TOP = HEADER_H + 8

BOARD_W = math.ceil(2 * MARGIN + (BOARD.cols + 0.5) * HEX_W)
MAP_BOTTOM = math.ceil(MAP_TOP + 2 * HEX_R + (BOARD.rows - 1) * ROW_STEP)

PIECE_R = 12  # half the size of a foot or column
PAIR_OFFSET = 14  # two pieces on one field sit this far left and right of the centre
LABEL_DY = -23  # field label centre, relative to the field centre
MARK_DY = 23  # people / symbol mark centre, relative to the field centre


def _centre(c: int, r: int) -> tuple[int, int]:
    x = MARGIN + HEX_W / 2 + c * HEX_W + (HEX_W / 2 if r % 2 else 0)
    y = MAP_TOP + HEX_R + r * ROW_STEP
    return round(x), round(y)


CENTRES: dict[str, tuple[int, int]] = {f.label: _centre(f.c, f.r) for f in BOARD.fields}


def field_centre(label: str) -> tuple[int, int]:
    """Pixel at the centre of a field, e.g. field_centre("F12")."""
    return CENTRES[label]


def piece_centre(label: str, slot: int, count: int) -> tuple[int, int]:
    """Centre of the `slot`-th of `count` pieces on a field (one piece sits on the field centre)."""
    x, y = CENTRES[label]
    if count <= 1:
        return x, y
    return x + (PAIR_OFFSET if slot else -PAIR_OFFSET), y


def hex_corners(x: float, y: float, r: float, pointy: bool = True) -> list[tuple[float, float]]:
    start = 30 if pointy else 0
    return [(x + r * math.cos(math.radians(start + 60 * i)),
             y + r * math.sin(math.radians(start + 60 * i))) for i in range(6)]
