"""Action cards as small pictures (card display, discard pile, the hand)."""

from __future__ import annotations

from PIL import ImageDraw

from data.pantheon import COMPONENTS
from render.typeface import fit, font

from . import names
from . import palette as pal
from .icons import card_type

Box = tuple[int, int, int, int]


def symbol(card_id: str, locale: str | None) -> str:
    """The big mark in the middle of a card: steps, the money value, or the kind's initial."""
    if card_id == "move":
        return "»"
    if card_id in COMPONENTS.money_values:
        return str(COMPONENTS.money_values[card_id])
    return names.kind(card_id, locale)[:1].upper()


def face(d: ImageDraw.ImageDraw, box: Box, card_id: str, locale: str | None,
         count: int | None = None) -> None:
    """A face-up card; with `count`, a badge "×n" (a dimmed card when n is 0)."""
    group = card_type(card_id)
    fill, ink = pal.CARD[group], pal.CARD_INK[group]
    if count == 0:
        fill, ink = pal.FAINT, pal.MUTED
    x0, y0, x1, y1 = box
    d.rounded_rectangle(box, 7, fill=fill, outline=pal.OUTLINE, width=2)
    cx = (x0 + x1) // 2
    # 3 px margins, so that the longest name ("Świątynie") fits whole
    label = fit(names.card(card_id, locale), 13, x1 - x0 - 6, bold=True)
    d.text((cx, y0 + 14), label, font=font(13, True), fill=ink, anchor="mm")
    d.text((cx, (y0 + y1) // 2 + 8), symbol(card_id, locale), font=font(34, True), fill=ink,
           anchor="mm")
    if count is not None:
        bx, by = x1 - 4, y1 - 4
        d.rounded_rectangle((bx - 34, by - 22, bx + 6, by + 6), 6, fill=pal.PANEL,
                            outline=pal.OUTLINE, width=2)
        d.text((bx - 14, by - 8), f"×{count}", font=font(16, True), fill=pal.INK, anchor="mm")


def back(d: ImageDraw.ImageDraw, box: Box) -> None:
    """The face-down deck."""
    d.rounded_rectangle(box, 7, fill=pal.HEADER, outline=pal.OUTLINE, width=2)
    x0, y0, x1, y1 = box
    d.rounded_rectangle((x0 + 6, y0 + 6, x1 - 6, y1 - 6), 5, outline=pal.DEMIGOD, width=2)
    d.text(((x0 + x1) // 2, (y0 + y1) // 2), "Π", font=font(28, True), fill=pal.DEMIGOD,
           anchor="mm")


def empty(d: ImageDraw.ImageDraw, box: Box) -> None:
    d.rounded_rectangle(box, 7, outline=pal.FAINT, width=2)
