"""Pieces and small parts shared by the board and the hand pictures: names through the locale,
seat chips, pyramids, stones, farmers, coins, and the palette PNG encoding."""

from __future__ import annotations

from PIL import ImageDraw

from render.png import encode
from render.typeface import font, shapes, text_width
from render.words import t

from . import palette as pal

Draw = ImageDraw.ImageDraw
Box = tuple[int, int, int, int]

PALETTE = pal.PAL.holder


def png(image) -> bytes:  # type: ignore[no-untyped-def]
    return encode(image, PALETTE)


def tr(key: str, locale: str | None = None, **args: object) -> str:
    return t(f"amunre.render.{key}", locale, **args)


def named(kind: str, name: object, locale: str | None) -> str:
    """A card or province name from the locale, its id if the locale has none."""
    key = f"amunre.{kind}.{name}"
    text = t(key, locale)
    return str(name) if text == key else text


def short_card(card: str, locale: str | None) -> str:
    """A power card's short label for the places its full name has no room (a seat's tags, a
    province, the discard pile): from the locale, else the full name; never the internal code
    (MB, BNB, ...), which a player never sees."""
    key = f"amunre.card_short.{card}"
    text = t(key, locale)
    return named("card", card, locale) if text == key else text


def colour(name: str) -> pal.RGB:
    return pal.PLAYER.get(name, pal.FAINT)


def letter(colour_name: str, locale: str | None) -> str:
    """A seat colour's letter on chips and bands, in the language of its colour name ("R" for
    red, "Č" for červená); the palette's letter when the locale has none."""
    key = f"amunre.render.colour_letter.{colour_name}"
    text = t(key, locale)
    return pal.PLAYER_LETTER.get(colour_name, "?") if text == key else text


def ink(name: str) -> pal.RGB:
    return pal.PLAYER_INK.get(name, pal.INK)


def seat_chip(d: Draw, x: int, y: int, size: int, colour_name: str, locale: str | None,
              label: str = "", text_size: int = 0) -> None:
    """A square in a seat's colour with its letter (or `label`), outlined so white shows."""
    d.rounded_rectangle((x, y, x + size, y + size), max(3, size // 6), fill=colour(colour_name),
                        outline=pal.INK, width=2)
    text = label or letter(colour_name, locale)
    size_t = text_size or max(12, size * 6 // 10)
    d.text((x + size / 2, y + size / 2 + 1), text, font=font(size_t, True),
           fill=ink(colour_name), anchor="mm")


def pyramid(d: Draw, x: int, y: int, w: int, h: int) -> None:
    """One pyramid, its base from (x, y+h) to (x+w, y+h); a shaded right face."""
    shapes(d, ("pyramid", x, y, w, h, pal.PYRAMID, pal.PYRAMID_SHADE, pal.PYRAMID_EDGE),
           (x, y, x + w, y + h), lambda d: _pyramid(d, x, y, w, h))


def _pyramid(d: Draw, x: int, y: int, w: int, h: int) -> None:
    top = (x + w // 2, y)
    d.polygon([(x, y + h), top, (x + w, y + h)], fill=pal.PYRAMID)
    d.polygon([top, (x + w, y + h), (x + w * 3 // 5, y + h)], fill=pal.PYRAMID_SHADE)
    d.polygon([(x, y + h), top, (x + w, y + h)], outline=pal.PYRAMID_EDGE, width=2)


def double_pyramid(d: Draw, x: int, y: int, w: int, h: int) -> None:
    """A double pyramid piece: two pyramids side by side, the back one higher."""
    pyramid(d, x + w // 3, y, w * 2 // 3, h)
    pyramid(d, x, y + h // 4, w * 2 // 3, h - h // 4)


def stone(d: Draw, x: int, y: int, s: int) -> None:
    d.rectangle((x, y, x + s, y + s * 3 // 4), fill=pal.STONE, outline=pal.STONE_EDGE, width=2)


def farmer(d: Draw, x: int, y: int, s: int, printed: bool = False) -> None:
    """A farmer figure in an s x s square: head and body."""
    c = pal.PRINTED_FARMER if printed else pal.FARMER
    shapes(d, ("farmer", x, y, s, c), (x, y, x + s, y + s), lambda d: _farmer(d, x, y, s, c))


def _farmer(d: Draw, x: int, y: int, s: int, c: pal.RGB) -> None:
    r = s // 5
    d.ellipse((x + s // 2 - r, y + 1, x + s // 2 + r, y + 1 + 2 * r), fill=c)
    d.polygon([(x + s // 2, y + 2 * r), (x + s // 5, y + s - 1), (x + s * 4 // 5, y + s - 1)],
              fill=c)


def coin(d: Draw, x: int, y: int, r: int, text: str = "", size: int = 0) -> None:
    d.ellipse((x - r, y - r, x + r, y + r), fill=pal.GOLD, outline=pal.GOLD_EDGE, width=2)
    if text:
        d.text((x, y + 1), text, font=font(size or max(12, r), True), fill=pal.INK, anchor="mm")


def pill(d: Draw, x: int, y: int, text: str, size: int, fill: pal.RGB, ink_: pal.RGB,
         pad: int = 8, outline: pal.RGB | None = None) -> int:
    """A rounded label; returns its right edge."""
    w = text_width(text, size, True) + 2 * pad
    h = size + pad
    d.rounded_rectangle((x, y, x + w, y + h), h // 2, fill=fill, outline=outline,
                        width=2 if outline else 0)
    d.text((x + w / 2, y + h / 2 + 1), text, font=font(size, True), fill=ink_, anchor="mm")
    return x + w
