"""The fonts every picture uses. They ship in render/fonts/ (DejaVu, see LICENSE.txt there), so no
system font is ever assumed."""

from __future__ import annotations

import math
import re
import threading
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from contextvars import ContextVar
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from render.memo import Memo, memoized
from render.png import Palette

FONT_DIR = Path(__file__).parent / "fonts"
REGULAR = FONT_DIR / "DejaVuSansCondensed.ttf"
BOLD = FONT_DIR / "DejaVuSansCondensed-Bold.ttf"


BREAKS = re.compile(r"[^/-]+[/-]*|[/-]+")  # a long word's pieces, each ending at "/" or "-"
MIN_TEXT_PX = 12  # nothing smaller stays readable on a phone


@dataclass(frozen=True)
class Overflow:
    """A text wider than its box (`fit` had to shorten it) or drawn past the picture's edge."""
    text: str
    width: int  # the text's width in pixels
    room: int  # the box's (or the picture's remaining) width in pixels


_AUDIT: ContextVar[list[Overflow] | None] = ContextVar("agora_text_audit", default=None)


def auditing() -> bool:
    """Whether an `overflow_audit` listens: then every picture is drawn, never pasted from a
    memo, so that every text is measured."""
    return _AUDIT.get() is not None


@contextmanager
def overflow_audit() -> Iterator[list[Overflow]]:
    """Every text that did not fit while drawing inside the block (tests measure each language's
    words against their boxes with it)."""
    found: list[Overflow] = []
    token = _AUDIT.set(found)
    try:
        yield found
    finally:
        _AUDIT.reset(token)


def overflow(text: str, width: int, room: int) -> None:
    """Note a text that could not be shown whole (for `overflow_audit`)."""
    found = _AUDIT.get()
    if found is not None:
        found.append(Overflow(text, width, room))


@cache
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    if size < MIN_TEXT_PX:
        raise ValueError(f"text of {size} px is below the {MIN_TEXT_PX} px minimum")
    # Basic layout keeps the result identical whether or not Pillow was built with raqm.
    return ImageFont.truetype(str(BOLD if bold else REGULAR), size,
                              layout_engine=ImageFont.Layout.BASIC)


@lru_cache(maxsize=16384)
def text_width(text: str, size: int, bold: bool = False) -> int:
    return int(font(size, bold).getlength(text) + 0.5)


def fit(text: str, size: int, width: int, bold: bool = False) -> str:
    """`text`, shortened with an ellipsis so that it is at most `width` pixels wide."""
    needed = text_width(text, size, bold)
    if needed <= width:
        return text
    overflow(text, needed, width)
    while text and text_width(text + "…", size, bold) > width:
        text = text[:-1]
    return text + "…"


def wrap(text: str, size: int, width: int, bold: bool = False,
         max_lines: int | None = None) -> list[str]:
    """`text` broken into lines at most `width` pixels wide: at spaces, and inside a word too
    long for a line after a "/" or "-" ("Upper/Lower", "Unter-/Oberägypten"). With
    `max_lines`, what does not fit goes into the last line, shortened with an ellipsis (and
    audited)."""
    lines: list[str] = []
    for word in text.split():
        pieces = [word] if text_width(word, size, bold) <= width else BREAKS.findall(word)
        for i, piece in enumerate(pieces):
            joined = f"{lines[-1]} {piece}" if i == 0 and lines else (lines[-1] + piece
                                                                      if lines else piece)
            if lines and text_width(joined, size, bold) <= width:
                lines[-1] = joined
            else:
                lines.append(piece)
    if max_lines is not None and len(lines) > max_lines:
        lines = [*lines[:max_lines - 1], " ".join(lines[max_lines - 1:])]
    return [fit(line, size, width, bold) for line in lines]


# a text's pixels: its coverage, the pixels it touches, and its stamps (its coverage in the
# palette over one colour): each a few kB (a 20-pixel label is ~3 kB), bounded in bytes too, so
# that a long run of new texts (names, numbers, every game's log lines) stops at the bound
TEXT_MEMO = 4096
TEXT_MEMO_BYTES = 4 * 1024 * 1024
STAMP_MEMO = 8192
STAMP_MEMO_BYTES = 6 * 1024 * 1024


@memoized(TEXT_MEMO, TEXT_MEMO_BYTES)
def _text_mask(text: str, face: ImageFont.FreeTypeFont,
               anchor: str) -> tuple[Image.Image, int, int]:
    """The anti-aliased coverage of `text`, and its offset from the anchor point."""
    if "\n" not in text:
        # what ImageDraw.text would blend in with ink 255 on black: FreeType's coverage as
        # it is (one layout pass, not two: a new line of text costs a third less)
        coverage, (left, top) = face.getmask2(text, "L", anchor=anchor)
        if coverage.size[0] and coverage.size[1]:
            mask = Image.new("L", coverage.size)
            mask.im.paste(coverage, (0, 0, *coverage.size))
            return mask, left, top
    left, top, right, bottom = face.getbbox(text, anchor=anchor)
    mask = Image.new("L", (max(1, right - left), max(1, bottom - top)))
    ImageDraw.Draw(mask).text((-left, -top), text, font=face, fill=255, anchor=anchor)
    return mask, left, top


_TOUCHED = [0] + [255] * 255  # any coverage at all -> 255
_TEXTBBOX = {"spacing", "align", "direction", "features", "language", "stroke_width",
             "embedded_color", "font_size"}  # the arguments of ImageDraw.text that measure


@memoized(TEXT_MEMO, TEXT_MEMO_BYTES)
def _stencil(text: str, face: ImageFont.FreeTypeFont, anchor: str) -> tuple[Any, ...]:
    """For palette drawing: the offset and size of `text`'s mask, and the pixels it touches at
    all (the pixels its stamps replace), as (left, top, width, height, ink mask's core)."""
    mask, left, top = _text_mask(text, face, anchor)
    return left, top, mask.width, mask.height, mask.im.point(_TOUCHED, None)


@memoized(STAMP_MEMO, STAMP_MEMO_BYTES)
def _stamp(text: str, face: ImageFont.FreeTypeFont, anchor: str, ink: tuple[int, ...],
           under: int, palette: Palette) -> Any:
    """`text` in `ink` over palette colour `under`, as the conversion of an RGB picture gives
    it where the text stands on a flat ground of that colour (as an image core, to paste):
    each pixel's coverage looked up in `_blends`."""
    mask = _text_mask(text, face, anchor)[0]
    return mask.im.point(_blends(ink, under, palette), None)


@lru_cache(maxsize=1024)
def _blends(ink: tuple[int, ...], under: int, palette: Palette) -> list[int]:
    """The palette index of `ink` blended over colour `under` at each coverage 0..255, as
    pasting `ink` through a mask blends it in RGB and the palette conversion maps it. The
    conversion maps a pixel by its colour alone and the blend depends on the coverage alone,
    so a stamp is its mask through this table: one conversion of 256 pixels per ink and
    ground, not one of every new text's pixels."""
    coverage = Image.new("L", (256, 1))
    coverage.putdata(range(256))
    rgb = Image.new("RGB", (256, 1), palette.rgb[under])
    rgb.paste(ink, (0, 0), coverage)
    return list(palette.quantize(rgb).tobytes())


# --- shapes drawn in a palette image ------------------------------------------------------------

@cache
def _only(k: int) -> list[int]:
    """A lookup table: 255 for index k, 0 for every other."""
    return [255 if i == k else 0 for i in range(256)]


_SCRATCH = threading.local()
# each drawing thread keeps its scratch pictures (a byte a pixel) for the sizes it draws: at most
# 9 of them and 8 million pixels (a Pantheon board's mask and shape pads are 7.4 million)
SCRATCH_PADS = 9
SCRATCH_PIXELS = 8_000_000
BLANK = 255  # an index no palette conversion gives (Palette keeps its entries below it)
# shapes remembered: a board draws a few hundred; the memo is emptied when it holds this many
# shapes or pixels (about twice as many bytes: palette indices and bilevel masks; a game's
# pictures use 2-3 million)
SHAPE_MEMO = 16384
SHAPE_MEMO_PIXELS = 8_000_000
_SHAPES: dict[tuple[Any, ...], list[Any]] = {}
_SHAPE_PIXELS = [0]
_SEEN: set[tuple[Any, ...]] = set()  # shapes drawn once: remembered when they come again
# finished regions (a province tile: ~33 kB in the palette, four times that in RGB): 1,024 of
# them, and 8 MB at most. The least recently used goes first: a game that posts several
# pictures a turn (Through the Ages: the table and every player's board) must not push out the
# regions of its next table
REGION_MEMO = 1024
REGION_MEMO_BYTES = 8 * 1024 * 1024
_REGIONS = Memo(REGION_MEMO, REGION_MEMO_BYTES)  # key -> the box's pixels (an ImagingCore)


def _scratch(kind: str, size: tuple[int, int]) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """A blank picture of `size` (one per thread, size and kind): "mask" a bilevel one to draw
    a polygon's clip mask in, "shape" an 8-bit one filled with BLANK to draw a shape in alone.
    Whoever draws in it blanks it again."""
    pads = getattr(_SCRATCH, "pads", None)
    if pads is None:
        pads = _SCRATCH.pads = {}
    key = (kind, size)
    if key not in pads:
        if len(pads) >= SCRATCH_PADS or sum(w * h for _, (w, h) in pads) + size[0] * size[1] > (
                SCRATCH_PIXELS):
            pads.clear()
        pad = Image.new("1", size) if kind == "mask" else Image.new("L", size, BLANK)
        pads[key] = (pad, ImageDraw.Draw(pad))
    return pads[key]


def _polygon(d: ImageDraw.ImageDraw, xy, fill, outline, width: int) -> None:  # type: ignore[no-untyped-def]
    """ImageDraw.polygon with inks already resolved, the same pixels, but a wide outline is
    clipped with a scratch mask blanked again around the polygon instead of a new mask the size
    of the whole picture (which costs more than the polygon on a large picture)."""
    if fill is not None:
        d.draw.draw_polygon(xy, fill, 1)
    if outline is not None and outline != fill and width != 0:
        if width == 1:
            d.draw.draw_polygon(xy, outline, 0, width)
            return
        mask, mask_draw = _scratch("mask", d.im.size)
        mask_draw.draw.draw_polygon(xy, 1, 1)
        d.draw.draw_polygon(xy, outline, 0, width * 2 - 1, mask.im)
        mask.paste(0, _around(xy, 2, mask.size))


def _around(xy, margin: int, size: tuple[int, int]) -> tuple[int, int, int, int]:  # type: ignore[no-untyped-def]
    """The box around the points `xy` (pairs, or a flat sequence), widened by `margin`, inside
    a picture of `size`."""
    flat = list(xy)
    if flat and isinstance(flat[0], (int, float)):
        xs, ys = flat[::2], flat[1::2]
    else:
        xs, ys = [p[0] for p in flat], [p[1] for p in flat]
    return (max(0, math.floor(min(xs)) - margin), max(0, math.floor(min(ys)) - margin),
            min(size[0], math.ceil(max(xs)) + margin + 1),
            min(size[1], math.ceil(max(ys)) + margin + 1))


def _record(size: tuple[int, int], box: tuple[int, int, int, int], draw) -> list[Any]:  # type: ignore[no-untyped-def]
    """What `draw(d)` draws, alone on a blank picture of `size`, expected inside `box`: a list
    of pastes (box, indices, mask or None for all of the box) that put it on a picture."""
    pad, pad_draw = _scratch("shape", size)
    try:
        draw(pad_draw)
    except BaseException:
        pad.paste(BLANK, (0, 0, *size))  # whatever it drew before it failed
        raise
    if box[0] >= box[2] or box[1] >= box[3]:  # wholly outside the picture: nothing shows
        return []
    if not _blank_around(pad, box):
        # drawn past the expected box (never seen): find where, the slow way
        box = pad.point(_DRAWN).getbbox() or box
    drawn = pad.crop(box)
    pad.paste(BLANK, box)
    return _pastes(drawn, box)


_DRAWN = [255] * BLANK + [0]  # 255 where a shape drew, 0 where the scratch is still blank


def _blank_around(pad: Image.Image, box: tuple[int, int, int, int]) -> bool:
    """Whether the one-pixel frame around `box` (inside the picture) is blank."""
    x0, y0, x1, y1 = box
    w, h = pad.size
    for edge in ((x0 - 1, y0 - 1, x1 + 1, y0), (x0 - 1, y1, x1 + 1, y1 + 1),
                 (x0 - 1, y0, x0, y1), (x1, y0, x1 + 1, y1)):
        part = (max(edge[0], 0), max(edge[1], 0), min(edge[2], w), min(edge[3], h))
        if part[0] < part[2] and part[1] < part[3] and (
                pad.im.crop(part).getextrema()[0] != BLANK):
            return False
    return True


def _pastes(drawn: Image.Image, box: tuple[int, int, int, int]) -> list[Any]:
    """The pastes that put the non-blank pixels of `drawn` (taken from `box`) back. A masked
    paste costs about ten times a plain one per pixel, so the run of identical rows in the
    middle of a shape (a rounded rectangle's sides, say) is pasted in plain column runs; the
    rest (corners, slanted edges) through a bilevel mask."""
    mask = drawn.im.point(_DRAWN, None)
    if mask.getbbox() is None:
        return []
    w, h = drawn.size
    # rows that differ from the row above them (row 0 always counts as a change)
    changed = b"\x01" + (mask.crop((0, 1, w, h)).chop_difference(mask.crop((0, 0, w, h - 1)))
                         .getprojection()[1] if h > 1 else b"")
    start = end = 0
    i = 0
    while i < h:
        j = i + 1
        while j < h and not changed[j]:
            j += 1
        if j - i > end - start:
            start, end = i, j
        i = j
    out: list[Any] = []

    def masked(y0: int, y1: int) -> None:
        part = (0, y0, w, y1)
        where = mask.crop(part)
        if where.getbbox() is not None:
            out.append(((box[0], box[1] + y0, box[0] + w, box[1] + y1), drawn.im.crop(part),
                        where.convert("1", 0)))

    if end - start < 4:
        masked(0, h)
        return out
    if start:
        masked(0, start)
    x = 0
    covered = mask.crop((0, start, w, start + 1)).getprojection()[0]  # 1 where drawn
    while x < w:
        k = x
        while k < w and covered[k] == covered[x]:
            k += 1
        if covered[x]:
            out.append(((box[0] + x, box[1] + start, box[0] + k, box[1] + end),
                        drawn.im.crop((x, start, k, end)), None))
        x = k
    if end < h:
        masked(end, h)
    return out


def _inks(d: ImageDraw.ImageDraw, colours: Palette, ink, fill):  # type: ignore[no-untyped-def]
    """ImageDraw._getink for a palette picture: an RGB colour becomes the index the conversion
    of an RGB picture gives it."""
    if ink is None and fill is None:  # ImageDraw's default ink, white on an RGB picture
        default = colours.index((255, 255, 255))
        return (None, default) if d.fill else (default, None)
    if ink is not None:
        ink = colours.index(ink) if isinstance(ink, tuple) else d.draw.draw_ink(ink)
    if fill is not None:
        fill = colours.index(fill) if isinstance(fill, tuple) else d.draw.draw_ink(fill)
    return ink, fill


def shapes(d: ImageDraw.ImageDraw, key: tuple[Any, ...], box: tuple[int, int, int, int],
           draw) -> None:  # type: ignore[no-untyped-def]
    """`draw(d)`, a group of shapes (no text) inside `box` that depends on nothing but `key`:
    from a memo on a TextDraw in a palette (see TextDraw.shapes), drawn on any other."""
    if isinstance(d, TextDraw):
        d.shapes(key, box, draw)
    else:
        draw(d)


def memo_region(d: ImageDraw.ImageDraw, key: tuple[Any, ...], box: tuple[int, int, int, int],
           draw) -> None:  # type: ignore[no-untyped-def]
    """`draw(d)`, which draws only inside `box` (text included) and depends on nothing but
    `key` and the static background under `box`: from a memo on a TextDraw in a palette (see
    TextDraw.memo_region), drawn on any other."""
    if isinstance(d, TextDraw):
        d.memo_region(key, box, draw)
    else:
        draw(d)


class _Shapes(ImageDraw.ImageDraw):
    """Draws shapes alone on a scratch picture for TextDraw.shapes, in a palette's indices."""

    def __init__(self, pad: ImageDraw.ImageDraw, colours: Palette) -> None:
        self.__dict__.update(pad.__dict__)
        self.colours = colours

    def _getink(self, ink, fill=None):  # type: ignore[no-untyped-def]
        return _inks(self, self.colours, ink, fill)

    def polygon(self, xy, fill=None, outline=None, width=1):  # type: ignore[no-untyped-def]
        ink, fill_ink = self._getink(outline, fill)
        _polygon(self, xy, fill_ink, ink, width)

    def text(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        raise TypeError("TextDraw.shapes draws shapes only: its text would be blended over "
                        "nothing")


class TextDraw(ImageDraw.ImageDraw):
    """ImageDraw whose plain text is pasted from a cache of rendered masks: pictures repeat the
    same words (kind names, numbers, labels) many times, and FreeType rendering dominates.

    On a palette image (`render.png.Palette.new`, or a copy of a converted background) it draws
    what drawing in RGB and converting the picture would have given:
    - shapes (never anti-aliased) in the palette index the conversion gives their colour; the
      costly ones (rounded rectangles, wide polygon outlines) are drawn once alone and pasted
      from a memo after, as they do not depend on what lies under them;
    - text from stamps, blended in RGB over the one flat colour under it and converted once
      per (text, font, ink, colour under it); where the text stands on more than one colour,
      that part of the picture is blended in RGB and converted on the spot, from the RGB
      picture the image was converted from (`base`: RGB and palette image) where it still
      shows that. (Text over the anti-aliased edge of other text drawn in the same picture
      starts from the palette colour that edge was given, not its exact blend: the one case
      in which a pixel can differ from the RGB drawing.)"""

    def __init__(self, image: Image.Image,
                 base: tuple[Image.Image, Image.Image] | None = None) -> None:
        super().__init__(image)
        self.target = image
        self.colours: Palette | None = None
        if image.mode == "P":
            # (a palette the conversion cannot keep is left to Pillow's own drawing)
            with suppress(ValueError):
                self.colours = Palette.of(image)
        self.base = base
        self.width, self.height = image.size

    def _getink(self, ink, fill=None):  # type: ignore[no-untyped-def]
        if self.colours is None:
            return super()._getink(ink, fill)
        return _inks(self, self.colours, ink, fill)

    def _shape(self, key: tuple[Any, ...], points: Any, margin: int, draw) -> None:  # type: ignore[no-untyped-def]
        """Paste what `draw(d)` draws (inks resolved) from the memo. The first time, it is just
        drawn; the second time, drawn alone in the box around `points` widened by `margin` and
        remembered (recording costs several drawings: a shape seen once, a panel as tall as
        this turn's rows, say, is not worth it)."""
        key = (*key, self.width, self.height)
        done = _SHAPES.get(key)
        if done is None:
            if key not in _SEEN:
                if len(_SEEN) >= SHAPE_MEMO:
                    _SEEN.clear()
                _SEEN.add(key)
                draw(self)
                return
            size = (self.width, self.height)
            done = _record(size, _around(points, margin, size), draw)
            pixels = sum((b[2] - b[0]) * (b[3] - b[1]) for b, _, _ in done)
            if len(_SHAPES) >= SHAPE_MEMO or _SHAPE_PIXELS[0] + pixels > SHAPE_MEMO_PIXELS:
                _SHAPES.clear()
                _SHAPE_PIXELS[0] = 0
            _SHAPES[key] = done
            _SHAPE_PIXELS[0] += pixels
        paste = self.im.paste
        for where, piece, mask in done:
            if mask is None:
                paste(piece, where)
            else:
                paste(piece, where, mask)

    def shapes(self, key: tuple[Any, ...], box: tuple[int, int, int, int], draw) -> None:  # type: ignore[no-untyped-def]
        """`draw(d)`: shapes only, no text, all inside `box` (a margin of 2 pixels is added),
        the same for the same `key` (which must hold every argument they depend on). On a
        palette image they are drawn once alone and pasted from the memo after; on an RGB
        image they are simply drawn."""
        if self.colours is None:
            draw(self)
            return
        self._shape(("shapes", *key), box, 2, lambda d: draw(_Shapes(d, self.colours)))

    def memo_region(self, key: tuple[Any, ...], box: tuple[int, int, int, int], draw) -> None:  # type: ignore[no-untyped-def]
        """`draw(self)`, whose drawing (text included) stays inside `box` and is the same for
        the same `key` over the same background: `key` must hold every argument it depends on
        and name the background (its language, say); nothing else may be drawn in `box`
        before it. On a palette image the finished box is remembered and pasted the next time
        (a province tile that did not change since the last turn costs one paste); while an
        `overflow_audit` listens, it is always drawn, so every text is measured."""
        if self.colours is None or auditing():
            draw(self)
            return
        key = (*key, box, self.width, self.height)
        done = _REGIONS.get(key)
        if done is None:
            draw(self)
            _REGIONS.put(key, self.im.crop(box))
            return
        self.im.paste(done, box)

    def polygon(self, xy, fill=None, outline=None, width=1):  # type: ignore[no-untyped-def]
        ink, fill_ink = self._getink(outline, fill)
        if self.colours is None or width <= 1:
            _polygon(self, xy, fill_ink, ink, width)
            return
        points = tuple(xy) if isinstance(xy[0], tuple) else tuple(map(tuple, xy)) if (
            isinstance(xy[0], list)) else tuple(xy)
        self._shape(("polygon", points, fill_ink, ink, width), points, width + 2,
                    lambda d: _polygon(d, points, fill_ink, ink, width))

    def rounded_rectangle(self, xy, radius=0, fill=None, outline=None, width=1, *,  # type: ignore[no-untyped-def]
                          corners=None):
        if self.colours is None:
            return super().rounded_rectangle(xy, radius, fill, outline, width, corners=corners)
        ink, fill_ink = self._getink(outline, fill)
        box = tuple(xy) if isinstance(xy[0], (int, float)) else (*xy[0], *xy[1])
        self._shape(("rounded", box, radius, fill_ink, ink, width, corners), box, 2,
                    lambda d: ImageDraw.ImageDraw.rounded_rectangle(
                        d, box, radius, fill_ink, ink, width, corners=corners))
        return None

    def text(self, xy, text, fill=None, font=None, anchor=None, *args, **kwargs):  # type: ignore[override]
        if args or kwargs or not isinstance(font, ImageFont.FreeTypeFont) or fill is None:
            if self.colours is None:
                return super().text(xy, text, fill, font, anchor, *args, **kwargs)
            return self._text_in_rgb(xy, text, fill, font, anchor, *args, **kwargs)
        anchor = anchor or "la"
        left, top, w, h, touched = _stencil(text, font, anchor)
        x, y = round(xy[0]) + left, round(xy[1]) + top
        inside = x >= 0 and y >= 0 and x + w <= self.width and y + h <= self.height
        if not inside:
            overflow(text, w, self.width - max(x, 0))
        if self.colours is None:
            self.target.paste(fill, (x, y), _text_mask(text, font, anchor)[0])
            return None
        box = (x, y, x + w, y + h)
        if inside:
            under = self.im.crop(box)
            low, high = under.getextrema()
            if low == high:  # one flat colour under the whole stamp
                self.im.paste(_stamp(text, font, anchor, fill, low, self.colours), box)
                return None
            found = [i for i, n in enumerate(under.histogram((0, 0), touched)) if n]
            if not self._on_base(box, under, touched):
                # each colour under the text's pixels: its stamp, where that colour is
                for colour in found:
                    stamp = _stamp(text, font, anchor, fill, colour, self.colours)
                    where = touched if len(found) == 1 else (
                        under.point(_only(colour), "L").chop_darker(touched))
                    self.im.paste(stamp, box, where)
                return None
        mask = _text_mask(text, font, anchor)[0]
        self._blend(box, lambda part, dx, dy: part.paste(fill, (x - dx, y - dy), mask))
        return None

    def _on_base(self, box: tuple[int, int, int, int], under: Any, touched: Any) -> bool:
        """Whether some of the pixels `touched` in `box` (whose indices are `under`) still
        show the background the picture was converted from: their exact colour is the RGB
        background's (the anti-aliased edge of a label, say), not always a palette colour."""
        if self.base is None:
            return False
        same = under.chop_difference(self.base[1].im.crop(box)).point(_only(0), "L")
        return same.chop_darker(touched).getbbox() is not None

    def _text_in_rgb(self, xy, text, fill, font, anchor, *args, **kwargs):  # type: ignore[no-untyped-def]
        """Text Pillow draws itself (with a stroke, say) on a palette image: blended in RGB."""
        measure = {k: v for k, v in kwargs.items() if k in _TEXTBBOX}
        left, top, right, bottom = ImageDraw.Draw(Image.new("L", (1, 1))).textbbox(
            xy, text, font, anchor, *args[:6], **measure)  # (spacing ... stroke_width)
        # the box holds the anchor point too: Pillow splits a position into its integer part
        # (towards zero) and fraction, which a shift keeps only where the sign stays
        box = (min(math.floor(left) - 2, math.floor(xy[0])),
               min(math.floor(top) - 2, math.floor(xy[1])),
               math.ceil(right) + 2, math.ceil(bottom) + 2)
        self._blend(box, lambda part, dx, dy: ImageDraw.Draw(part).text(
            (xy[0] - dx, xy[1] - dy), text, fill, font, anchor, *args, **kwargs))

    def _blend(self, box: tuple[int, int, int, int], draw) -> None:  # type: ignore[no-untyped-def]
        """Draw with `draw(part, dx, dy)` on the RGB colours of the picture's `box` (part's
        origin at dx, dy), and put the part back converted to the palette."""
        x0, y0 = max(box[0], 0), max(box[1], 0)
        x1, y1 = min(box[2], self.width), min(box[3], self.height)
        if x0 >= x1 or y0 >= y1:
            return
        assert self.colours is not None
        box = (x0, y0, x1, y1)
        now = self.target.crop(box)
        part = now.convert("RGB")
        if self.base is not None:
            # where the picture still shows its background, the background's exact RGB
            rgb, converted = self.base
            same = now.im.chop_difference(converted.im.crop(box)).point(_only(0), "L")
            part.im.paste(rgb.im.crop(box), (0, 0, x1 - x0, y1 - y0), same)
        draw(part, x0, y0)
        self.im.paste(self.colours.quantize(part).im, box)
