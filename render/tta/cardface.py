"""A card with its words: the face of a hand card (render.tta.hand) and the card drawn large for
the card lookup (`card_png`), each with the card's name, its cost and what it does
(engine.tta.cardtext.card_effect), the large card also its figures in short
(engine.tta.cardinfo), in the reader's language.

A face is laid out before it is drawn (`hand_face`, `large_face`): every text wrapped into the
card's width at one type size, the card as tall as its words need, so nothing is cut or
shortened; the picture test measures these same layouts for every card and language. The hand's
type is 22 px on a 960 px picture: 11 px on a phone showing it 480 px wide."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from PIL import Image

from data import i18n
from data.tta import CARDS
from engine.tta import cardinfo
from engine.tta.cardtext import card_effect
from render.memo import Memo
from render.typeface import auditing, font, text_width, wrap

from . import palette as pal
from .common import (
    Box,
    Draw,
    age_label,
    canvas,
    card_name,
    kind_label,
    kind_of,
    language,
    pack,
    png,
    wrap_whole,
)


@dataclass(frozen=True)
class Style:
    """One size of card face: type sizes (px) and spacing."""

    band: int  # the coloured band with the kind and the age
    band_text: int
    name: int  # bold
    body: int  # the cost, the figures (bold) and the effect
    pad: int  # inside the card's edge
    gap: int  # between the parts
    radius: int
    figures: bool  # a line of the card's figures above its effect (the effect says them too)


# the hand leaves out the figures line: every effect text names the card's figures, and a
# hand's cards are read side by side
HAND = Style(band=34, band_text=20, name=24, body=22, pad=10, gap=6, radius=8, figures=False)
LARGE = Style(band=60, band_text=30, name=44, body=30, pad=24, gap=12, radius=16, figures=True)
LARGE_W = 720  # the large card's width; its height follows its words


@dataclass(frozen=True)
class Face:
    """A card's words laid out at a width: each part as lines, and the height they take."""

    card: str
    width: int
    style: Style
    kind: str
    age: str
    name: tuple[str, ...]
    cost: tuple[str, ...]
    figures: tuple[str, ...]
    effect: tuple[str, ...]

    @property
    def height(self) -> int:
        s = self.style
        h = s.band + s.pad + len(self.name) * _lh(s.name)
        for part in (self.cost, self.figures, self.effect):
            if part:
                h += s.gap + len(part) * _lh(s.body)
        return h + s.pad + s.gap


def _lh(size: int) -> int:
    """A line's height at `size` px."""
    return size + size // 4


@lru_cache(maxsize=4096)
def _figures(card: str, lang: str, key_only: bool, catalogue: object) -> tuple[str, ...]:
    return tuple(cardinfo.figures(card, lang, key_only))


def figures(card: str, locale: str | None, key_only: bool = False) -> tuple[str, ...]:
    """engine.tta.cardinfo.figures, remembered (the card row asks for them every picture)."""
    return _figures(card, language(locale), key_only, i18n.catalogue)


def layout(card: str, locale: str | None, width: int, style: Style) -> Face:
    """The card's words laid out at `width` (the same every time: remembered per language)."""
    return _layout(card, language(locale), width, style, i18n.catalogue)


@lru_cache(maxsize=2048)
def _layout(card: str, lang: str, width: int, style: Style, catalogue: object) -> Face:
    # (the catalogue loader is part of the key, as in render.words: a test may replace it)
    room = width - 2 * style.pad
    cost = cardinfo.card_cost(card, lang)
    effect = card_effect(card, lang) if card in CARDS else ""
    return Face(card=card, width=width, style=style, kind=kind_label(card, lang),
                age=age_label(card),
                name=wrap_whole(card_name(card, lang), style.name, room, True),
                cost=wrap_whole(cost, style.body, room),
                figures=pack(figures(card, lang), style.body, room, True) if style.figures
                else (),
                effect=wrap_whole(effect, style.body, room))


def hand_face(card: str, locale: str | None, width: int) -> Face:
    return layout(card, locale, width, HAND)


def large_face(card: str, locale: str | None) -> Face:
    return layout(card, locale, LARGE_W - 2 * LARGE.pad, LARGE)


def draw_face(d: Draw, box: Box, face: Face) -> None:
    """The face in `box` (at least face.height tall): band, name, cost, figures, effect."""
    s = face.style
    x0, y0, x1, y1 = box
    kind = kind_of(face.card)
    d.rounded_rectangle(box, s.radius, fill=pal.KIND[kind], outline=pal.INK, width=2)
    d.rounded_rectangle((x0, y0, x1, y0 + s.band), s.radius, fill=pal.KIND_BAND[kind],
                        corners=(True, True, False, False))
    mid = y0 + s.band // 2 + 1
    age_w = text_width(face.age, s.band_text, True)
    d.text((x1 - s.pad, mid), face.age, font=font(s.band_text, True), fill=pal.WHITE,
           anchor="rm")
    label = wrap(face.kind, s.band_text, x1 - x0 - 3 * s.pad - age_w, True, 1)[0]
    d.text((x0 + s.pad, mid), label, font=font(s.band_text, True), fill=pal.WHITE, anchor="lm")
    y = y0 + s.band + s.pad
    y = _lines(d, x0 + s.pad, y, face.name, s.name, True, pal.INK)
    for part, bold, ink in ((face.cost, False, pal.INK), (face.figures, True, pal.INK),
                            (face.effect, False, pal.INK)):
        if part:
            y = _lines(d, x0 + s.pad, y + s.gap, part, s.body, bold, ink)


def _lines(d: Draw, x: int, y: int, lines: tuple[str, ...], size: int, bold: bool,
           ink: pal.RGB) -> int:
    for line in lines:
        d.text((x, y), line, font=font(size, bold), fill=ink, anchor="la")
        y += _lh(size)
    return y


# the large cards asked for, as PNG bytes (some 40 kB each): 256 of them and 8 MB at most
CARD_MEMO = 256
CARD_MEMO_BYTES = 8 * 1024 * 1024
CARD_PNGS = Memo(CARD_MEMO, CARD_MEMO_BYTES)


def card_png(card: str, locale: str | None = None) -> bytes:
    """The card drawn large (the card lookup's answer): a pure function of the card and the
    language, so remembered."""
    if card not in CARDS:
        raise ValueError(f"no card {card!r}")
    lang = language(locale)
    key = (card, lang, i18n.catalogue)
    done = None if auditing() else CARD_PNGS.get(key)
    if done is None:
        done = png(draw_card(card, lang))
        CARD_PNGS.put(key, done)
    return done


def draw_card(card: str, locale: str | None = None, rgb: bool = False) -> Image.Image:
    face = large_face(card, locale)
    m = LARGE.pad
    img, d = canvas((LARGE_W, face.height + 2 * m), rgb)
    draw_face(d, (m, m, LARGE_W - m, m + face.height), face)
    return img
