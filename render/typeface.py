"""The fonts every picture uses. They ship in render/fonts/ (DejaVu, see LICENSE.txt there), so no
system font is ever assumed."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

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


@lru_cache(maxsize=4096)
def _text_mask(text: str, face: ImageFont.FreeTypeFont,
               anchor: str) -> tuple[Image.Image, int, int]:
    """The anti-aliased coverage of `text`, and its offset from the anchor point."""
    left, top, right, bottom = face.getbbox(text, anchor=anchor)
    mask = Image.new("L", (max(1, right - left), max(1, bottom - top)))
    ImageDraw.Draw(mask).text((-left, -top), text, font=face, fill=255, anchor=anchor)
    return mask, left, top


class TextDraw(ImageDraw.ImageDraw):
    """ImageDraw whose plain text is pasted from a cache of rendered masks: pictures repeat the
    same words (kind names, numbers, labels) many times, and FreeType rendering dominates."""

    def __init__(self, image: Image.Image) -> None:
        super().__init__(image)
        self.target = image

    def text(self, xy, text, fill=None, font=None, anchor=None, *args, **kwargs):  # type: ignore[override]
        if args or kwargs or not isinstance(font, ImageFont.FreeTypeFont) or fill is None:
            return super().text(xy, text, fill, font, anchor, *args, **kwargs)
        mask, left, top = _text_mask(text, font, anchor or "la")
        x, y = round(xy[0]) + left, round(xy[1]) + top
        if x < 0 or y < 0 or x + mask.width > self.target.width or (
                y + mask.height > self.target.height):
            overflow(text, mask.width, self.target.width - max(x, 0))
        self.target.paste(fill, (x, y), mask)
        return None
