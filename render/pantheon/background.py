"""The static part of the board picture: the map with every field's label and marks, the header
band and the empty panel frames. Drawn once per (player count, locale), kept in a module cache."""

from __future__ import annotations

from PIL import Image, ImageDraw

from data.i18n import t
from data.pantheon import BOARD, COMPONENTS, Field
from render.typeface import TextDraw, font

from . import palette as pal
from .geometry import (
    HEADER_H,
    HEX_R,
    LABEL_DY,
    MAP_BOTTOM,
    MAP_TOP,
    MARK_DY,
    field_centre,
    hex_corners,
)
from .layout import Box, board_layout

_CACHE: dict[tuple[int, str | None], Image.Image] = {}


def background(n_players: int, locale: str | None) -> Image.Image:
    """The cached background; callers must copy it before drawing on it."""
    key = (n_players, locale)
    if key not in _CACHE:
        _CACHE[key] = _draw(n_players, locale)
    return _CACHE[key]


def panel(d: ImageDraw.ImageDraw, box: Box, title: str = "") -> None:
    d.rounded_rectangle(box, 8, fill=pal.PANEL, outline=pal.PANEL_EDGE, width=2)
    if title:
        d.text((box[0] + 12, box[1] + 6), title, font=font(16, True), fill=pal.INK)


def field_fill(f: Field) -> pal.RGB:
    if f.terrain == "water":
        return pal.WATER
    if f.is_column_field:
        return pal.COLUMN_FIELD
    if f.people:
        return pal.PEOPLE_FIELD
    return pal.LAND


def _column_mark(d: ImageDraw.ImageDraw, x: int, y: int) -> None:
    """The printed column on a column field (drawn faint; a placed column covers it)."""
    c = pal.COLUMN_MARK
    d.rectangle((x - 11, y - 13, x + 11, y - 9), fill=c)
    d.rectangle((x - 6, y - 9, x + 6, y + 9), outline=c, width=2)
    d.rectangle((x - 11, y + 9, x + 11, y + 13), fill=c)


def _draw_field(d: ImageDraw.ImageDraw, f: Field) -> None:
    x, y = field_centre(f.label)
    d.polygon(hex_corners(x, y, HEX_R), fill=field_fill(f), outline=pal.HEX_EDGE, width=1)
    if f.is_column_field:
        _column_mark(d, x, y)


def redraw_marks(d: ImageDraw.ImageDraw, f: Field) -> None:
    """A field's label and its people mark ("G★" start field, "G3" symbol field 3)."""
    x, y = field_centre(f.label)
    ink = pal.WATER_LABEL if f.terrain == "water" else pal.LABEL
    d.text((x, y + LABEL_DY), f.label, font=font(13, True), fill=ink, anchor="mm")
    if f.is_start:
        d.text((x, y + MARK_DY), f"{f.people}★", font=font(14, True), fill=pal.ACTIVE_EDGE,
               anchor="mm")
    elif f.people:
        d.text((x, y + MARK_DY), f"{f.people}{f.symbol}", font=font(13, True),
               fill=pal.ACTIVE_EDGE, anchor="mm")


def _draw(n_players: int, locale: str | None) -> Image.Image:
    lay = board_layout(n_players)
    img = Image.new("RGB", (lay.width, lay.height), pal.BACKGROUND)
    d = TextDraw(img)
    d.rectangle((0, 0, lay.width, HEADER_H), fill=pal.HEADER)
    d.rectangle((4, MAP_TOP - 4, lay.width - 5, MAP_BOTTOM + 4), fill=pal.WATER)
    for f in BOARD.fields:
        _draw_field(d, f)
    # text last, so that no neighbouring hex covers a label's edge
    for f in BOARD.fields:
        redraw_marks(d, f)
    panel(d, lay.epochs, t("pantheon.render.board.epochs", locale))
    panel(d, lay.gods)
    panel(d, lay.cards, t("pantheon.render.board.cards", locale))
    panel(d, lay.demigods)
    panel(d, lay.loot)
    for box in lay.players:
        panel(d, box)
    # the peoples' letters as used on the map, under the epoch track
    left, _, _, bottom = lay.epochs
    names = [f"{k} {t('pantheon.render.people.' + v['id'], locale)}"
             for k, v in COMPONENTS.peoples.items()]
    half = (len(names) + 1) // 2
    for i, row in enumerate((names[:half], names[half:])):
        d.text((left + 12, bottom - 46 + i * 20), "   ".join(row), font=font(14),
               fill=pal.MUTED)
    return img
