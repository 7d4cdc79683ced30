"""The static part of the board picture: the map with its coordinates, the header band and the
empty panel frames. Drawn once per (player count, locale), kept in a module cache, in RGB and
converted to the palette the pictures are drawn in (`palette.PAL`).

The fields carry light labels (readable when the picture is opened and zoomed, quiet at a phone's
inline size); the row letters and column numbers in the margins name every field as well. The
focus picture crops a map whose labels are drawn dark, since it is looked at close up."""

from __future__ import annotations

from PIL import Image, ImageDraw

from data.i18n import language
from data.pantheon import BOARD, COMPONENTS, Field
from render.memo import Memo
from render.typeface import TextDraw, font
from render.words import t

from . import palette as pal
from .geometry import (
    BOARD_W,
    COORD_H,
    COORD_W,
    HEADER_H,
    HEX_R,
    LABEL_DY,
    MAP_BOTTOM,
    MAP_FRAME_BOTTOM,
    MAP_LEFT,
    MAP_TOP,
    MARGIN,
    column_x,
    field_centre,
    hex_corners,
    row_y,
)
from .layout import Box, board_layout

# (RGB, palette) pairs by player count and language: ~18 MB each (1983 x 1864 pixels, 4 bytes
# in RGB and 1 in the palette), so at most three are kept (a server's few player counts in its
# language); another is drawn again (~0.1 s)
BACKGROUND_MEMO = 16
BACKGROUND_MEMO_BYTES = 64 * 1024 * 1024
_CACHE = Memo(BACKGROUND_MEMO, BACKGROUND_MEMO_BYTES)
# the map alone, with dark or light labels: two pairs at most (~2 x 16 MB)
_MAPS: dict[bool, tuple[Image.Image, Image.Image]] = {}


def background(n_players: int, locale: str | None, rgb: bool = False) -> Image.Image:
    """The cached background in the palette (in RGB with `rgb`, for the reference drawing);
    callers must copy it before drawing on it."""
    locale = language(locale)  # None means the current language: cache it under its name
    key = (n_players, locale)
    found = _CACHE.get(key)
    if found is None:
        img = _draw(n_players, locale)
        found = (img, pal.PAL.quantize(img))
        _CACHE.put(key, found)
    return found[0 if rgb else 1]


def pair(n_players: int, locale: str | None) -> tuple[Image.Image, Image.Image]:
    """The background in RGB and in the palette (a TextDraw's `base`)."""
    return background(n_players, locale, rgb=True), background(n_players, locale)


def map_image(dark_labels: bool, rgb: bool = False) -> Image.Image:
    """The map alone (BOARD_W wide, down to MAP_FRAME_BOTTOM), cached in the palette (in RGB
    with `rgb`); copy before drawing."""
    if dark_labels not in _MAPS:
        img = Image.new("RGB", (BOARD_W, MAP_FRAME_BOTTOM + 4), pal.BACKGROUND)
        _draw_map(TextDraw(img), dark_labels)
        _MAPS[dark_labels] = (img, pal.PAL.quantize(img))
    return _MAPS[dark_labels][0 if rgb else 1]


def map_pair(dark_labels: bool) -> tuple[Image.Image, Image.Image]:
    """The map in RGB and in the palette (a TextDraw's `base`)."""
    return map_image(dark_labels, rgb=True), map_image(dark_labels)


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
    y += 3
    d.rectangle((x - 12, y - 15, x + 12, y - 10), fill=c)
    d.rectangle((x - 7, y - 10, x + 7, y + 10), outline=c, width=2)
    d.rectangle((x - 12, y + 10, x + 12, y + 15), fill=c)


def label(d: ImageDraw.ImageDraw, f: Field, dark: bool = False) -> None:
    """A field's label ("F12") at the top of its hex."""
    x, y = field_centre(f.label)
    water = f.terrain == "water"
    if dark:
        ink = pal.WATER_LABEL if water else pal.LABEL
        d.text((x, y + LABEL_DY), f.label, font=font(13, True), fill=ink, anchor="mm")
    else:
        ink = pal.LIGHT_WATER_LABEL if water else pal.LIGHT_LABEL
        d.text((x, y + LABEL_DY), f.label, font=font(12), fill=ink, anchor="mm")


def _draw_map(d: ImageDraw.ImageDraw, dark_labels: bool) -> None:
    d.rectangle((MARGIN, MAP_TOP - COORD_H, BOARD_W - MARGIN - 1, MAP_FRAME_BOTTOM),
                fill=pal.COORD_BAND)
    d.rectangle((MAP_LEFT - 4, MAP_TOP - 4, BOARD_W - MAP_LEFT + 3, MAP_BOTTOM + 4),
                fill=pal.WATER)
    for f in BOARD.fields:
        x, y = field_centre(f.label)
        d.polygon(hex_corners(x, y, HEX_R), fill=field_fill(f), outline=pal.HEX_EDGE, width=1)
        if f.is_column_field:
            _column_mark(d, x, y)
    # text last, so that no neighbouring hex covers a label's edge
    for f in BOARD.fields:
        label(d, f, dark_labels)
    coord = font(16, True)
    for c in range(BOARD.cols):
        x = column_x(c)
        d.text((x, MAP_TOP - COORD_H // 2 - 2), str(c + 1), font=coord, fill=pal.COORD_INK,
               anchor="mm")
        d.text((x, MAP_FRAME_BOTTOM - COORD_H // 2 + 2), str(c + 1), font=coord,
               fill=pal.COORD_INK, anchor="mm")
    for r in range(BOARD.rows):
        letter = BOARD.label(r * BOARD.cols)[0]
        y = row_y(r)
        d.text((MARGIN + COORD_W // 2 - 2, y), letter, font=coord, fill=pal.COORD_INK,
               anchor="mm")
        d.text((BOARD_W - MARGIN - COORD_W // 2 + 2, y), letter, font=coord, fill=pal.COORD_INK,
               anchor="mm")


def _draw(n_players: int, locale: str | None) -> Image.Image:
    lay = board_layout(n_players)
    img = Image.new("RGB", (lay.width, lay.height), pal.BACKGROUND)
    img.paste(map_image(False, rgb=True), (0, 0))
    d = TextDraw(img)
    d.rectangle((0, 0, lay.width, HEADER_H), fill=pal.HEADER)
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
