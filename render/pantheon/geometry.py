"""Where things sit on the board picture. Tests use these to probe pixels.

The map is drawn with pointy-top hexes in the "odd-r" layout of data/pantheon/map.txt: odd rows are
shifted half a hex to the right. Row letters stand in the left and right margins and column
numbers above and below the map, so that the fields themselves carry only a light label.

Pieces are drawn as large as a field allows: Discord shows the board about 480 pixels wide on a
phone, a quarter of its size, and a piece must still be a clear spot of its seat's colour there."""

from __future__ import annotations

import math

from data.pantheon import BOARD

HEX_R = 37  # centre to corner, in pixels
HEX_W = math.sqrt(3) * HEX_R  # flat side to flat side
ROW_STEP = 1.5 * HEX_R
MARGIN = 16
HEADER_H = 132  # title with the scores, the waiting line and the last-turn line
COORD_W = 30  # the row letters' band left and right of the map
COORD_H = 26  # the column numbers' band above and below the map
MAP_TOP = HEADER_H + 8 + COORD_H  # top of the first row of hexes
MAP_LEFT = MARGIN + COORD_W

BOARD_W = math.ceil(2 * MAP_LEFT + (BOARD.cols + 0.5) * HEX_W)
MAP_BOTTOM = math.ceil(MAP_TOP + 2 * HEX_R + (BOARD.rows - 1) * ROW_STEP)  # last row of hexes
MAP_FRAME_BOTTOM = MAP_BOTTOM + COORD_H  # below the column numbers

# A piece alone on its field, and each of two pieces sharing one (the `r` of icons.piece: a foot
# is an oval r - 1 wide and r + 2 high on each side of its centre, a column as wide and as tall).
# Both sit a little below the field centre, under the field's label.
PIECE_R = 20
PAIR_R = 16
PIECE_DY = 3
PAIR_OFFSET = 16  # two pieces on one field sit this far left and right of the centre
LABEL_DY = -25  # field label centre, relative to the field centre


def _centre(c: int, r: int) -> tuple[int, int]:
    x = MAP_LEFT + HEX_W / 2 + c * HEX_W + (HEX_W / 2 if r % 2 else 0)
    y = MAP_TOP + HEX_R + r * ROW_STEP
    return round(x), round(y)


CENTRES: dict[str, tuple[int, int]] = {f.label: _centre(f.c, f.r) for f in BOARD.fields}


def field_centre(label: str) -> tuple[int, int]:
    """Pixel at the centre of a field, e.g. field_centre("F12")."""
    return CENTRES[label]


def piece_centre(label: str, slot: int, count: int) -> tuple[int, int]:
    """Centre of the `slot`-th of `count` pieces on a field (one piece sits in the middle)."""
    x, y = CENTRES[label]
    if count <= 1:
        return x, y + PIECE_DY
    return x + (PAIR_OFFSET if slot else -PAIR_OFFSET), y + PIECE_DY


def piece_r(count: int) -> int:
    """The size (icons.piece's `r`) of each piece on a field holding `count` pieces."""
    return PIECE_R if count <= 1 else PAIR_R


def column_x(c: int) -> int:
    """Centre of column number c + 1 in the even rows (where the column numbers stand)."""
    return round(MAP_LEFT + HEX_W / 2 + c * HEX_W)


def row_y(r: int) -> int:
    return round(MAP_TOP + HEX_R + r * ROW_STEP)


def hex_corners(x: float, y: float, r: float, pointy: bool = True) -> list[tuple[float, float]]:
    start = 30 if pointy else 0
    return [(x + r * math.cos(math.radians(start + 60 * i)),
             y + r * math.sin(math.radians(start + 60 * i))) for i in range(6)]


def fields_box(labels: list[str], pad: float = 0) -> tuple[int, int, int, int]:
    """The pixel box around the hexes of `labels`, widened by `pad` pixels on every side."""
    xs = [CENTRES[lb][0] for lb in labels]
    ys = [CENTRES[lb][1] for lb in labels]
    return (math.floor(min(xs) - HEX_W / 2 - pad), math.floor(min(ys) - HEX_R - pad),
            math.ceil(max(xs) + HEX_W / 2 + pad), math.ceil(max(ys) + HEX_R + pad))
