"""The focus picture: the part of the map where the last turn happened, cut out at full size and
captioned with what the turn did, to post beside the whole board. On a phone the whole board is
shown at a quarter of its size; this crop is shown close to its own size, labels readable."""

from __future__ import annotations

import math

from PIL import Image

from engine.pantheon.view import View
from render.png import encode
from render.typeface import TextDraw, fit, font, text_width, wrap

from . import background, board, changes, tableau
from . import palette as pal
from .geometry import (
    BOARD_W,
    COORD_H,
    HEX_R,
    HEX_W,
    MAP_FRAME_BOTTOM,
    MAP_TOP,
    MARGIN,
    ROW_STEP,
    fields_box,
    hex_corners,
)

MIN_W = round(9 * HEX_W)  # at least 9 fields wide and 6 rows high: enough to see where it is
MIN_H = round(5 * ROW_STEP + 2 * HEX_R)
MAX_W = round(18 * HEX_W)  # wider than this, only the acting seat's own fields are framed
PAD = HEX_W * 1.2  # fields around the changed ones
CAPTION_SIZE = 24
LINE_H = 32
MAX_SEAT_LINES = 4  # the acting seat and up to three seats that followed its Move
ACTOR_LINES = 3


def focus_png(view: View, locale: str | None = None) -> bytes | None:
    """A cropped picture of the map around the fields the last turn changed (see
    View.last_changes), with a caption naming the turn; None when it changed no field."""
    img = draw_focus(view, locale)
    return None if img is None else encode(img, board.PALETTE)


def focus_box(view: View) -> tuple[int, int, int, int] | None:
    """The part of the board picture (and of its map) that the focus picture shows."""
    seat = view.last_changes.get("seat")
    fields = changes.changed_fields(view)
    if not fields:
        return None
    box = fields_box(fields, PAD)
    if box[2] - box[0] > MAX_W and seat is not None:
        own = changes.changed_fields(view, seat)
        if own:
            box = fields_box(own, PAD)
    return _grow(box)


def _grow(box: tuple[int, int, int, int]) -> tuple[int, int, int, int]:
    """Widen `box` about its centre to the minimum size and a landscape shape, then move it
    inside the map with its coordinate margins."""
    x0, y0, x1, y1 = box
    w = max(x1 - x0, MIN_W, math.ceil((y1 - y0) * 4 / 3))
    h = max(y1 - y0, MIN_H, math.ceil(w / 2))
    left, top = MARGIN, MAP_TOP - COORD_H
    right, bottom = BOARD_W - MARGIN, MAP_FRAME_BOTTOM
    w, h = min(w, right - left), min(h, bottom - top)
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    nx0 = min(max(round(cx - w / 2), left), right - w)
    ny0 = min(max(round(cy - h / 2), top), bottom - h)
    return nx0, ny0, nx0 + w, ny0 + h


def draw_focus(view: View, locale: str | None = None, rgb: bool = False) -> Image.Image | None:
    """The focus picture in the palette (in RGB with `rgb`: the reference, see
    board.draw_board); None when the last turn changed no field."""
    box = focus_box(view)
    if box is None:
        return None
    full = background.map_image(True, rgb).copy()
    board.draw_map(TextDraw(full, None if rgb else background.map_pair(True)), view, locale,
                   dark_labels=True, area=box)
    crop = full.crop(box)
    width = crop.width
    lines = _caption(view, locale, width)
    top = 10 + LINE_H * (1 + len(lines)) + 6
    size = (width, top + crop.height)
    img = Image.new("RGB", size, pal.HEADER) if rgb else pal.PAL.new(size, pal.HEADER)
    img.paste(crop, (0, top))
    d = TextDraw(img)
    y = 10 + LINE_H // 2
    d.polygon(hex_corners(25, y, 15), outline=pal.NEW_RING, width=5)
    x = 48
    lead = changes.lead(view, locale)
    d.text((x, y), lead, font=font(CAPTION_SIZE), fill=pal.HEADER_INK, anchor="lm")
    x += text_width(lead, CAPTION_SIZE) + 10
    seat = view.last_changes.get("seat")
    if seat is not None:
        _seat(d, x, y, view, seat, locale, width)
    for seat, text in lines:
        y += LINE_H
        x = 12 if seat is None else _seat(d, 12, y, view, seat, locale, width) + 10
        d.text((x, y), text, font=font(CAPTION_SIZE), fill=pal.HEADER_INK, anchor="lm")
    return img


def _seat(d: TextDraw, x: int, y: int, view: View, seat: int, locale: str | None,
          width: int) -> int:
    """A seat's token and name; returns the right edge."""
    pv = view.players[seat]
    tableau.token(d, x + 13, y, pv, locale, r=13)
    name = fit(pv.name, CAPTION_SIZE, width // 3, True)
    d.text((x + 32, y), name, font=font(CAPTION_SIZE, True), fill=pal.HEADER_INK, anchor="lm")
    return x + 32 + text_width(name, CAPTION_SIZE, True)


def _caption(view: View, locale: str | None, width: int) -> list[tuple[int | None, str]]:
    """The lines under the lead: the acting seat's part, then that of every other seat that
    changed something (its token and name first), each wrapped to at most two lines that fit."""
    actor = view.last_changes.get("seat")
    out: list[tuple[int | None, str]] = []
    for seat, text in changes.parts(view, locale)[:MAX_SEAT_LINES]:
        first = 24
        if seat is not None and seat != actor:
            first += 42 + text_width(fit(view.players[seat].name, CAPTION_SIZE, width // 3, True),
                                     CAPTION_SIZE, True)
        lines = wrap(text, CAPTION_SIZE, width - first)
        out.append((None if seat == actor else seat, fit(lines[0], CAPTION_SIZE, width - first)))
        more = lines[1:ACTOR_LINES if seat == actor else 2]
        if more:
            # the last line holds what is left, shortened with an ellipsis
            more[-1] = " ".join(lines[len(more):])
            out += [(None, fit(line, CAPTION_SIZE, width - 24)) for line in more]
    return out
