"""A seat's private hand (its DM; never a channel): the civil cards with what they cost, those
taken this turn ringed (an action card cannot be played in the turn it was taken, T-ACARD-1),
and the military cards.

Only the viewing seat's own player view is read; a spectator's view holds no hand and is
refused, as in the other games."""

from __future__ import annotations

from typing import Any

from PIL import Image

from render.typeface import fit, font

from . import palette as pal
from .common import (
    MARGIN,
    Draw,
    View,
    canvas,
    card_detail,
    card_tile,
    colour,
    png,
    ring,
    seat_chip,
    tr,
)

WIDTH = 960
HEADER_H = 80
COLS = 5
GAP = 14
CARD_W = (WIDTH - 2 * MARGIN - (COLS - 1) * GAP) // COLS
CARD_H = 150


def hand_png(view: View, locale: str | None = None) -> bytes:
    return png(draw_hand(view, locale))


def own(view: View) -> dict[str, Any] | None:
    """The viewing seat's player view if it holds the hidden part."""
    seat = view.get("seat")
    if not isinstance(seat, int) or not 0 <= seat < len(view["players"]):
        return None
    me = view["players"][seat]
    return me if "hand" in me else None


def _rows(n: int) -> int:
    return max(1, -(-n // COLS))


def draw_hand(view: View, locale: str | None = None, rgb: bool = False) -> Image.Image:
    """The hand in the palette (in RGB with `rgb`: the reference drawing)."""
    me = own(view)
    if me is None:
        raise ValueError("hand_png needs a seat view: a spectator holds no hand")
    civil, military = list(me["hand"]), list(me.get("military", []))
    taken = list(me.get("taken", []))
    height = (HEADER_H + 2 * (GAP + 40) + (_rows(len(civil)) + _rows(len(military)))
              * (CARD_H + GAP) + MARGIN)
    img, d = canvas((WIDTH, height), rgb)
    _header(d, me, locale)
    y = HEADER_H + GAP
    y = _section(d, y, tr("civil_hand", locale, n=len(civil)), civil, taken, locale)
    _section(d, y, tr("military_hand", locale, n=len(military)), military, [], locale)
    return img


def _header(d: Draw, me: dict[str, Any], locale: str | None) -> None:
    d.rectangle((0, 0, WIDTH, HEADER_H), fill=pal.HEADER)
    d.rectangle((0, HEADER_H - 8, WIDTH, HEADER_H), fill=colour(me["colour"]))
    seat_chip(d, MARGIN, 12, 50, me["colour"], locale)
    d.text((MARGIN + 64, 38), fit(tr("your_hand", locale, name=me["name"]), 30,
                                  WIDTH - 2 * MARGIN - 64, True),
           font=font(30, True), fill=pal.HEADER_INK, anchor="lm")


def _section(d: Draw, y: int, title: str, cards: list[str], taken: list[str],
             locale: str | None) -> int:
    """A titled grid of cards; cards taken this turn ringed (one ring per copy taken)."""
    d.text((MARGIN, y + 20), fit(title, 24, WIDTH - 2 * MARGIN, True), font=font(24, True),
           fill=pal.INK, anchor="lm")
    y += 40
    if not cards:
        d.text((MARGIN, y + 30), tr("no_cards", locale), font=font(20), fill=pal.MUTED,
               anchor="lm")
    fresh = list(taken)
    for i, card in enumerate(cards):
        x = MARGIN + (i % COLS) * (CARD_W + GAP)
        top = y + (i // COLS) * (CARD_H + GAP)
        box = (x, top, x + CARD_W, top + CARD_H)
        card_tile(d, box, card, locale, card_detail(card, locale), name_lines=3)
        if card in fresh:
            fresh.remove(card)
            ring(d, box)
    return y + _rows(len(cards)) * (CARD_H + GAP) + GAP
