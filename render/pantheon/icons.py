"""Small drawings shared by the board and the hand pictures: pieces, the temple, loot glyphs,
cards, offering tiles and demigod tokens. Each takes a centre point and draws around it."""

from __future__ import annotations

import math

from PIL import ImageDraw

from render.typeface import font, shapes

from . import palette as pal
from .geometry import hex_corners

Draw = ImageDraw.ImageDraw
TOKEN_R = 12  # a seat's token in texts and panels


def _letter(d: Draw, x: int, y: int, letter: str, ink: pal.RGB, r: int) -> None:
    """The colour's letter in the piece's upper half: the lower half keeps the plain colour."""
    if letter:
        d.text((x, y - 1), letter, font=font(max(12, r * 4 // 5), True), fill=ink, anchor="mb")


def foot(d: Draw, x: int, y: int, fill: pal.RGB, letter: str = "", ink: pal.RGB = pal.INK,
         r: int = TOKEN_R) -> None:
    """A foot: an upright oval."""
    d.ellipse((x - r + 1, y - r - 2, x + r - 1, y + r + 2), fill=fill, outline=pal.OUTLINE,
              width=2 if r < 18 else 3)
    _letter(d, x, y, letter, ink, r)


def column(d: Draw, x: int, y: int, fill: pal.RGB, letter: str = "", ink: pal.RGB = pal.INK,
           r: int = TOKEN_R) -> None:
    """A column: capital, shaft and base."""
    h = r + 2
    shaft = r * 4 // 5
    cap = max(5, r // 3)
    half = r - 1  # two columns on one field keep a gap between their capitals
    w = 2 if r < 18 else 3
    d.rectangle((x - shaft, y - h + cap - 1, x + shaft, y + h - cap + 1), fill=fill,
                outline=pal.OUTLINE, width=w)
    d.rectangle((x - half, y - h, x + half, y - h + cap), fill=fill, outline=pal.OUTLINE,
                width=w)
    d.rectangle((x - half, y + h - cap, x + half, y + h), fill=fill, outline=pal.OUTLINE,
                width=w)
    _letter(d, x, y, letter, ink, r)


def piece(d: Draw, kind: str, x: int, y: int, fill: pal.RGB, letter: str = "",
          ink: pal.RGB = pal.INK, r: int = TOKEN_R) -> None:
    (column if kind == "column" else foot)(d, x, y, fill, letter, ink, r)


def ghost(d: Draw, kind: str, x: int, y: int, colour: pal.RGB, r: int) -> None:
    """Where a piece of the last turn stood before it went home (feet leave at an epoch's end):
    its outline in the seat's colour."""
    if kind == "column":
        d.rectangle((x - r, y - r - 2, x + r, y + r + 2), outline=colour, width=4)
    else:
        d.ellipse((x - r + 1, y - r - 2, x + r - 1, y + r + 2), outline=colour, width=4)


def changed_field(d: Draw, x: int, y: int, r: float) -> None:
    """The highlight of a field changed in the last turn: a thick hexagon just inside its edge."""
    d.polygon(hex_corners(x, y, r), outline=pal.NEW_RING, width=6)


def temple(d: Draw, x: int, y: int) -> None:
    """A small Greek temple: pediment, four columns, steps."""
    ink = pal.OUTLINE
    d.polygon([(x - 20, y - 6), (x, y - 19), (x + 20, y - 6)], fill=pal.TEMPLE, outline=ink,
              width=2)
    d.rectangle((x - 18, y - 7, x + 18, y - 3), fill=pal.TEMPLE, outline=ink, width=2)
    for cx in (x - 14, x - 5, x + 4, x + 13):
        d.rectangle((cx - 1, y - 3, cx + 2, y + 10), fill=pal.TEMPLE, outline=ink, width=1)
    d.rectangle((x - 20, y + 10, x + 20, y + 15), fill=pal.TEMPLE, outline=ink, width=2)


def loot_tile(d: Draw, x: int, y: int, loot_id: str, r: int = 19) -> None:
    """A face-up loot tile: a flat-topped hexagon with one glyph per loot type."""
    d.polygon(hex_corners(x, y, r, pointy=False), fill=pal.LOOT_TILE, outline=pal.LOOT_EDGE,
              width=2)
    LOOT_GLYPHS[loot_id](d, x, y)


def _mini_foot(d: Draw, x: int, y: int) -> None:
    d.ellipse((x - 4, y - 6, x + 4, y + 6), fill=pal.MUTED, outline=pal.OUTLINE, width=1)


def _mini_column(d: Draw, x: int, y: int) -> None:
    d.rectangle((x - 2, y - 4, x + 2, y + 4), fill=pal.MUTED, outline=pal.OUTLINE, width=1)
    d.rectangle((x - 4, y - 6, x + 4, y - 4), fill=pal.OUTLINE)
    d.rectangle((x - 4, y + 4, x + 4, y + 6), fill=pal.OUTLINE)


def _mini_card(d: Draw, x: int, y: int, fill: pal.RGB) -> None:
    d.rounded_rectangle((x - 6, y - 9, x + 6, y + 9), 2, fill=fill, outline=pal.OUTLINE, width=2)


def _mini_tile(d: Draw, x: int, y: int) -> None:
    d.rectangle((x - 7, y - 7, x + 7, y + 7), fill=pal.CARD["gifts"], outline=pal.OUTLINE, width=2)
    d.text((x, y), "+", font=font(13, True), fill=pal.WHITE, anchor="mm")


def _glyph_demigod(d: Draw, x: int, y: int) -> None:
    d.ellipse((x - 11, y - 11, x + 11, y + 11), fill=pal.DEMIGOD, outline=pal.OUTLINE, width=2)
    d.text((x, y + 1), "½", font=font(13, True), fill=pal.INK, anchor="mm")


def _glyph_god(d: Draw, x: int, y: int) -> None:
    d.rectangle((x - 9, y - 12, x + 9, y), fill=pal.GOD_BAND["yellow"])
    d.rectangle((x - 9, y, x + 9, y + 12), fill=pal.GOD_BAND["blue"])
    d.rectangle((x - 9, y - 12, x + 9, y + 12), outline=pal.OUTLINE, width=2)
    d.text((x, y + 1), "Ψ", font=font(15, True), fill=pal.INK, anchor="mm")


def _glyph_offering(times: int):
    def draw(d: Draw, x: int, y: int) -> None:
        if times == 1:
            _mini_tile(d, x, y)
        else:
            _mini_tile(d, x - 5, y - 4)
            _mini_tile(d, x + 5, y + 4)
    return draw


def _glyph_draw(n: int):
    def draw(d: Draw, x: int, y: int) -> None:
        _mini_card(d, x - 7, y, pal.CARD["move"])
        d.text((x + 7, y), f"+{n}", font=font(13, True), fill=pal.INK, anchor="mm")
    return draw


def _glyph_money(d: Draw, x: int, y: int) -> None:
    d.rounded_rectangle((x - 8, y - 12, x + 8, y + 12), 3, fill=pal.CARD["money"],
                        outline=pal.OUTLINE, width=2)
    d.text((x, y), "$", font=font(15, True), fill=pal.INK, anchor="mm")


def _glyph_steps(n: int):
    def draw(d: Draw, x: int, y: int) -> None:
        d.text((x, y), f"»{n}", font=font(16, True), fill=pal.CARD["move"], anchor="mm",
               stroke_width=1, stroke_fill=pal.OUTLINE)
    return draw


def _glyph_feet2(d: Draw, x: int, y: int) -> None:
    _mini_foot(d, x - 6, y)
    _mini_foot(d, x + 6, y)


def _glyph_columns2(d: Draw, x: int, y: int) -> None:
    _mini_column(d, x - 6, y)
    _mini_column(d, x + 6, y)


def _glyph_column_foot(d: Draw, x: int, y: int) -> None:
    _mini_column(d, x - 6, y)
    _mini_foot(d, x + 6, y)


def _glyph_columns_or_feet(d: Draw, x: int, y: int) -> None:
    _mini_column(d, x - 11, y - 4)
    _mini_column(d, x - 3, y - 4)
    d.line((x - 2, y + 10, x + 2, y - 10), fill=pal.OUTLINE, width=2)
    _mini_foot(d, x + 4, y + 4)
    _mini_foot(d, x + 12, y + 4)


LOOT_GLYPHS = {
    "demigod": _glyph_demigod,
    "god": _glyph_god,
    "offering1": _glyph_offering(1),
    "offering2": _glyph_offering(2),
    "draw2": _glyph_draw(2),
    "draw3": _glyph_draw(3),
    "money": _glyph_money,
    "steps1": _glyph_steps(1),
    "steps2": _glyph_steps(2),
    "feet2": _glyph_feet2,
    "columns2": _glyph_columns2,
    "column_foot": _glyph_column_foot,
    "columns_or_feet": _glyph_columns_or_feet,
}


def demigod_token(d: Draw, x: int, y: int, value: int | None, r: int = 14) -> None:
    """A demigod: its value when known, a blank face-down token otherwise."""
    d.ellipse((x - r, y - r, x + r, y + r), fill=pal.DEMIGOD if value else pal.FAINT,
              outline=pal.OUTLINE, width=2)
    if value:
        d.text((x, y), str(value), font=font(16, True), fill=pal.INK, anchor="mm")


def card_type(card: str) -> str:
    """Colour group of an action card id: money1..money5 share one."""
    return "money" if card.startswith("money") else card


def offering_tile(d: Draw, x: int, y: int, kind: str, level: int | None, size: int = 34) -> None:
    """An offering tile with its level; a dashed outline when the player has none of that kind."""
    h = size // 2
    box = (x - h, y - h, x + h, y + h)
    if level:
        d.rectangle(box, fill=pal.CARD[kind], outline=pal.OUTLINE, width=2)
        d.text((x, y), str(level), font=font(size * 3 // 5, True), fill=pal.CARD_INK[kind],
               anchor="mm")
    else:
        shapes(d, ("dashed", box, pal.MUTED), box, lambda d: _dashed(d, box))


def _dashed(d: Draw, box: tuple[int, int, int, int]) -> None:
    """The dashed outline of a missing offering tile."""
    for i in range(box[0], box[2], 6):
        d.line((i, box[1], min(i + 3, box[2]), box[1]), fill=pal.MUTED)
        d.line((i, box[3], min(i + 3, box[2]), box[3]), fill=pal.MUTED)
    for j in range(box[1], box[3], 6):
        d.line((box[0], j, box[0], min(j + 3, box[3])), fill=pal.MUTED)
        d.line((box[2], j, box[2], min(j + 3, box[3])), fill=pal.MUTED)


def people_mark(d: Draw, x: int, y: int, letter: str, start: bool) -> None:
    """A people's mark on the map, in a shape no field label has: a star on its start field
    (where the temple stands in its epoch), a shield on each symbol field that gets loot."""
    if start:
        pts = [(x + (18 if i % 2 == 0 else 9) * math.sin(math.radians(36 * i)),
                y + 1 - (18 if i % 2 == 0 else 9) * math.cos(math.radians(36 * i)))
               for i in range(10)]
        d.polygon(pts, fill=pal.MARK_FILL, outline=pal.MARK_EDGE, width=2)
        d.text((x, y + 2), letter, font=font(12, True), fill=pal.MARK_INK, anchor="mm")
    else:
        d.polygon([(x - 10, y - 11), (x + 10, y - 11), (x + 10, y + 3), (x, y + 12),
                   (x - 10, y + 3)], fill=pal.MARK_FILL, outline=pal.MARK_EDGE, width=2)
        d.text((x, y - 2), letter, font=font(13, True), fill=pal.MARK_INK, anchor="mm")
