"""The shorter game's public cards on the table (V-SHORT-3, V-SHORT-14, G-ASYNC-16): the three
public Age III events, scored by everyone at the end (V-SHORT-13), and the War over Culture that
every declarer may name (V-SHORT-12), in a panel of two entries a line under the decks.

Drawn from the view's public `short` (engine.tta.shortgame.view) only: never a dealt or kept
event, which only their owner's own view holds. A view without it (the tutorial, the full game)
has no panel."""

from __future__ import annotations

from render.typeface import fit, font

from . import palette as pal
from .common import Box, Draw, View, card_name, fitted, grid_boxes, panel, tr

COLS = 2
ENTRY_H = 52
ENTRY_GAP = 10
TITLE_H = 44  # a panel's title line (common.panel_top with a 20 px title)
LINES = 2  # three events and the war: two lines of two
HEIGHT = TITLE_H + LINES * (ENTRY_H + ENTRY_GAP)
NAME_SIZES = (23, 21, 19, 17)


def cards(view: View) -> list[str]:
    """The public events, then the War over Culture (none in a peaceful game, V-PEACE-6)."""
    short = view.get("short")
    if not short:
        return []
    return [*short.get("public", []), *([short["war"]] if short.get("war") else [])]


def present(view: View) -> bool:
    """Whether the table has the panel: a shorter game's view."""
    return bool(view.get("short"))


def entry_boxes(box: Box, count: int) -> list[Box]:
    """Where each card is drawn inside the panel `box`."""
    return grid_boxes(box, count, COLS, ENTRY_H, ENTRY_GAP)


def draw_panel(d: Draw, view: View, box: Box, locale: str) -> None:
    """The panel: each public card by name in a box edged in its kind's colour (the events'
    military band, the war's red)."""
    panel(d, box, tr("short_events", locale), 20)
    shown = cards(view)
    war = (view.get("short") or {}).get("war")
    for card, (x0, y0, x1, y1) in zip(shown, entry_boxes(box, len(shown)), strict=True):
        edge = pal.MILITARY if card == war else pal.KIND_BAND["military"]
        d.rounded_rectangle((x0, y0, x1, y1), 8, fill=pal.BACKGROUND, outline=edge, width=3)
        name = card_name(card, locale)
        room = x1 - x0 - 24
        size = fitted(name, NAME_SIZES, room, True)
        d.text((x0 + 12, (y0 + y1) // 2), fit(name, size, room, True), font=font(size, True),
               fill=pal.INK, anchor="lm")
