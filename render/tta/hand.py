"""A seat's private hand (its DM; never a channel): the civil cards, then the military cards,
each with its name, what it costs, its key figures and what it does (render.tta.cardface), in
three columns at type a phone reads (22 px of 960: 11 px at 480); a row of cards is as tall as
its longest text. Cards taken this turn are ringed (an action card cannot be played in the
turn it was taken, T-ACARD-1).

Only the viewing seat's own player view is read; a spectator's view holds no hand and is
refused, as in the other games."""

from __future__ import annotations

from typing import Any

from PIL import Image

from render.typeface import fit, font

from . import palette as pal
from .cardface import Face, draw_face, hand_face
from .common import MARGIN, Draw, View, canvas, colour, png, ring, seat_chip, tr

WIDTH = 960
HEADER_H = 80
COLS = 3
GAP = 14
CARD_W = (WIDTH - 2 * MARGIN - (COLS - 1) * GAP) // COLS
TITLE_H = 40


def hand_png(view: View, locale: str | None = None) -> bytes:
    return png(draw_hand(view, locale))


def own(view: View) -> dict[str, Any] | None:
    """The viewing seat's player view if it holds the hidden part."""
    seat = view.get("seat")
    if not isinstance(seat, int) or not 0 <= seat < len(view["players"]):
        return None
    me = view["players"][seat]
    return me if "hand" in me else None


def _rows(faces: list[Face]) -> list[int]:
    """The height of each row of cards: its tallest card's (one empty row for no card)."""
    return [max(f.height for f in faces[i:i + COLS]) for i in range(0, len(faces), COLS)] or [60]


def _height(faces: list[Face]) -> int:
    return TITLE_H + sum(h + GAP for h in _rows(faces)) + GAP


def draw_hand(view: View, locale: str | None = None, rgb: bool = False) -> Image.Image:
    """The hand in the palette (in RGB with `rgb`: the reference drawing)."""
    me = own(view)
    if me is None:
        raise ValueError("hand_png needs a seat view: a spectator holds no hand")
    civil, military = list(me["hand"]), list(me.get("military", []))
    taken = list(me.get("taken", []))
    civil_faces = [hand_face(c, locale, CARD_W) for c in civil]
    military_faces = [hand_face(c, locale, CARD_W) for c in military]
    height = HEADER_H + GAP + _height(civil_faces) + _height(military_faces) + MARGIN
    img, d = canvas((WIDTH, height), rgb)
    _header(d, me, locale)
    y = HEADER_H + GAP
    y = _section(d, y, tr("civil_hand", locale, n=len(civil)), civil_faces, taken, locale)
    _section(d, y, tr("military_hand", locale, n=len(military)), military_faces, [], locale)
    return img


def _header(d: Draw, me: dict[str, Any], locale: str | None) -> None:
    d.rectangle((0, 0, WIDTH, HEADER_H), fill=pal.HEADER)
    d.rectangle((0, HEADER_H - 8, WIDTH, HEADER_H), fill=colour(me["colour"]))
    seat_chip(d, MARGIN, 12, 50, me["colour"], locale)
    d.text((MARGIN + 64, 38), fit(tr("your_hand", locale, name=me["name"]), 30,
                                  WIDTH - 2 * MARGIN - 64, True),
           font=font(30, True), fill=pal.HEADER_INK, anchor="lm")


def _section(d: Draw, y: int, title: str, faces: list[Face], taken: list[str],
             locale: str | None) -> int:
    """A titled grid of cards; cards taken this turn ringed (one ring per copy taken)."""
    d.text((MARGIN, y + 20), fit(title, 24, WIDTH - 2 * MARGIN, True), font=font(24, True),
           fill=pal.INK, anchor="lm")
    y += TITLE_H
    if not faces:
        d.text((MARGIN, y + 30), tr("no_cards", locale), font=font(20), fill=pal.MUTED,
               anchor="lm")
    fresh = list(taken)
    for r, row_h in enumerate(_rows(faces)):
        for k, face in enumerate(faces[r * COLS:(r + 1) * COLS]):
            x = MARGIN + k * (CARD_W + GAP)
            box = (x, y, x + CARD_W, y + row_h)
            draw_face(d, box, face)
            if face.card in fresh:
                fresh.remove(face.card)
                ring(d, box)
        y += row_h + GAP
    return y + GAP
