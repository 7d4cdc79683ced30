"""The fonts every picture uses. They ship in render/fonts/ (DejaVu, see LICENSE.txt there), so no
system font is ever assumed."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from PIL import ImageFont

FONT_DIR = Path(__file__).parent / "fonts"
REGULAR = FONT_DIR / "DejaVuSansCondensed.ttf"
BOLD = FONT_DIR / "DejaVuSansCondensed-Bold.ttf"


@cache
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    # Basic layout keeps the result identical whether or not Pillow was built with raqm.
    return ImageFont.truetype(str(BOLD if bold else REGULAR), size,
                              layout_engine=ImageFont.Layout.BASIC)


def text_width(text: str, size: int, bold: bool = False) -> int:
    return int(font(size, bold).getlength(text) + 0.5)


def fit(text: str, size: int, width: int, bold: bool = False) -> str:
    """`text`, shortened with an ellipsis so that it is at most `width` pixels wide."""
    if text_width(text, size, bold) <= width:
        return text
    while text and text_width(text + "…", size, bold) > width:
        text = text[:-1]
    return text + "…"
