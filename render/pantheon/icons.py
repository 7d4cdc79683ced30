"""Small drawings shared by the board and the hand pictures: pieces, the temple, loot glyphs,
cards, offering tiles and demigod tokens. Each takes a centre point and draws around it."""

from __future__ import annotations

from PIL import ImageDraw

from render.typeface import font

from . import palette as pal
from .geometry import PIECE_R, hex_corners

Draw = ImageDraw.ImageDraw


def foot(d: Draw, x: int, y: int, fill: pal.RGB, letter: str = "", ink: pal.RGB = pal.INK,
         r: int = PIECE_R) -> None:
    """A foot: an upright oval. The letter sits in its upper half: the centre keeps the colour."""
    d.ellipse((x - r + 1, y - r - 2, x + r - 1, y + r + 2), fill=fill, outline=pal.OUTLINE, width=2)
    if letter:
        d.text((x, y - 1), letter, font=font(12, True), fill=ink, anchor="mb")


def column(d: Draw, x: int, y: int, fill: pal.RGB, letter: str = "", ink: pal.RGB = pal.INK,
           r: int = PIECE_R) -> None:
    """A column: capital, shaft and base. The letter sits in the upper shaft."""
    h = r + 2
    shaft = r - 3
    d.rectangle((x - shaft, y - h + 4, x + shaft, y + h - 4), fill=fill, outline=pal.OUTLINE,
                width=2)
    d.rectangle((x - r, y - h, x + r, y - h + 5), fill=fill, outline=pal.OUTLINE, width=2)
    d.rectangle((x - r, y + h - 5, x + r, y + h), fill=fill, outline=pal.OUTLINE, width=2)
    if letter:
        d.text((x, y - 1), letter, font=font(12, True), fill=ink, anchor="mb")


def piece(d: Draw, kind: str, x: int, y: int, fill: pal.RGB, letter: str = "",
          ink: pal.RGB = pal.INK, r: int = PIECE_R) -> None:
    (column if kind == "column" else foot)(d, x, y, fill, letter, ink, r)


def ring(d: Draw, x: int, y: int, r: int = PIECE_R + 6) -> None:
    """The highlight around a piece placed in the last turn."""
    d.ellipse((x - r, y - r - 1, x + r, y + r + 1), outline=pal.NEW_RING, width=4)


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
        for i in range(box[0], box[2], 6):
            d.line((i, box[1], min(i + 3, box[2]), box[1]), fill=pal.MUTED)
            d.line((i, box[3], min(i + 3, box[2]), box[3]), fill=pal.MUTED)
        for j in range(box[1], box[3], 6):
            d.line((box[0], j, box[0], min(j + 3, box[3])), fill=pal.MUTED)
            d.line((box[2], j, box[2], min(j + 3, box[3])), fill=pal.MUTED)
