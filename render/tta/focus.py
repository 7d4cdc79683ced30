"""The close-up of the last turn, posted beside the table and the players' boards: who played,
each of that player's numbers that changed (culture, science, strength, food, ...) as
"before → after" in large type, the cards taken from the row and the cards that entered play or
changed, as large card tiles.

The picture is 480 pixels wide, a phone's width, so it is shown at its own size. Drawn from the
spectator's view only: its `last` summary of the last finished turn (engine.tta.last), public
facts only; a hand shows as its count.

`draw_sections` also draws the "since your last turn" picture (render.tta.since): one section
per seat, with its lines and its cards."""

from __future__ import annotations

from dataclasses import dataclass, field

from PIL import Image

from render.typeface import TextDraw, fit, font, wrap

from . import palette as pal
from .common import View, card_tile, png, seat_chip, tr

WIDTH = 480
PAD = 12
HEAD_H = 52
HEAD_PX = 28
LINE_PX = 22
LINE_H = 30
VALUE_H = 78
COLS = 3  # card tiles in a row
TILE_GAP = 8
TILE_W = (WIDTH - 2 * PAD - (COLS - 1) * TILE_GAP) // COLS
TILE_H = 112
LABEL_H = 30
MAX_CARDS = 9
# the numbers of engine.tta.last.VALUES, in the order they are shown
VALUE_ORDER = ("culture", "science", "culture_rating", "science_rating", "strength",
               "happiness", "food", "resources", "hand_count", "military_count")


@dataclass
class Section:
    """One seat's part of a picture: a head, lines of text, (label, before, after) numbers, and
    groups of cards under a label."""

    seat: int
    head: str
    lines: list[str] = field(default_factory=list)
    values: list[tuple[str, int, int]] = field(default_factory=list)
    cards: list[tuple[str, list[str]]] = field(default_factory=list)


def focus_png(view: View, locale: str | None = None) -> bytes | None:
    """Render hook: the close-up of the last finished turn; None before the first one ends."""
    img = draw_focus(view, locale)
    return None if img is None else png(img)


def last_section(view: View, locale: str | None) -> Section | None:
    """The last turn's section, from the view's `last` summary."""
    last = view.get("last")
    if not isinstance(last, dict) or "seat" not in last:
        return None
    seat = last["seat"]
    name = view["players"][seat]["name"]
    values = [(tr(f"focus.value.{k}", locale), *last["values"][k]) for k in VALUE_ORDER
              if k in last.get("values", {})]
    mine = last["seats"].get(seat, {"cards": []})
    groups = [(tr("focus.taken", locale), list(last.get("taken", []))),
              (tr("focus.in_play", locale), list(mine["cards"]))]
    sec = Section(seat, tr("focus.head", locale, name=name), values=values,
                  cards=[(label, cards) for label, cards in groups if cards])
    if not values and not sec.cards:
        sec.lines.append(tr("focus.nothing", locale))
    return sec


def draw_focus(view: View, locale: str | None = None) -> Image.Image | None:
    sec = last_section(view, locale)
    return None if sec is None else draw_sections(view, [sec], locale)


def _height(sec: Section) -> int:
    h = HEAD_H + PAD + LINE_H * len(sec.lines)
    h += VALUE_H * -(-len(sec.values) // 2) + (PAD if sec.values else 0)
    for _label, cards in sec.cards:
        shown = min(len(cards), MAX_CARDS)
        h += LABEL_H + (TILE_H + TILE_GAP) * -(-shown // COLS)
    return h + PAD


def wrapped(sec: Section) -> Section:
    """The section with its lines wrapped to the picture's width."""
    lines: list[str] = []
    for line in sec.lines:
        lines += wrap(line, LINE_PX, WIDTH - 2 * PAD - 20)
    return Section(sec.seat, sec.head, lines, sec.values, sec.cards)


def draw_sections(view: View, sections: list[Section], locale: str | None) -> Image.Image:
    """The sections one under another, in RGB, WIDTH wide."""
    sections = [wrapped(s) for s in sections]
    img = Image.new("RGB", (WIDTH, sum(_height(s) for s in sections)), pal.BACKGROUND)
    d = TextDraw(img)
    y = 0
    for sec in sections:
        y = _section(d, view, sec, y, locale)
    return img


def _section(d: TextDraw, view: View, sec: Section, top: int, locale: str | None) -> int:
    pv = view["players"][sec.seat]
    d.rectangle((0, top, WIDTH, top + HEAD_H), fill=pal.HEADER)
    d.rectangle((0, top + HEAD_H - 4, WIDTH, top + HEAD_H - 1), fill=pal.NEW_RING)
    seat_chip(d, PAD, top + 10, 30, pv["colour"], locale)
    d.text((PAD + 42, top + HEAD_H // 2 - 1), fit(sec.head, HEAD_PX, WIDTH - PAD * 2 - 46, True),
           font=font(HEAD_PX, True), fill=pal.HEADER_INK, anchor="lm")
    y = top + HEAD_H + PAD
    for line in sec.lines:
        d.text((PAD, y + LINE_H // 2), "•", font=font(LINE_PX, True), fill=pal.NEW_RING,
               anchor="lm")
        d.text((PAD + 20, y + LINE_H // 2), fit(line, LINE_PX, WIDTH - 2 * PAD - 20),
               font=font(LINE_PX), fill=pal.INK, anchor="lm")
        y += LINE_H
    half = (WIDTH - 2 * PAD - TILE_GAP) // 2
    for i, (label, before, after) in enumerate(sec.values):
        x = PAD + (i % 2) * (half + TILE_GAP)
        row_y = y + (i // 2) * VALUE_H
        box = (x, row_y, x + half, row_y + VALUE_H - TILE_GAP)
        d.rounded_rectangle(box, 10, fill=pal.PANEL, outline=pal.PANEL_EDGE, width=2)
        d.text((x + 12, row_y + 16), fit(label, 18, half - 24, True), font=font(18, True),
               fill=pal.MUTED, anchor="lm")
        up = after > before
        text = f"{before} → {after}"
        d.text((x + 12, row_y + 48), fit(text, 30, half - 24, True), font=font(30, True),
               fill=pal.INK if up else pal.BAD, anchor="lm")
    y += VALUE_H * -(-len(sec.values) // 2) + (PAD if sec.values else 0)
    for label, cards in sec.cards:
        shown = cards[:MAX_CARDS]
        more = len(cards) - len(shown)
        text = label + (" " + tr("more", locale, n=more) if more else "")
        d.text((PAD, y + LABEL_H // 2), fit(text, 20, WIDTH - 2 * PAD, True),
               font=font(20, True), fill=pal.MUTED, anchor="lm")
        y += LABEL_H
        for i, card in enumerate(shown):
            x = PAD + (i % COLS) * (TILE_W + TILE_GAP)
            ty = y + (i // COLS) * (TILE_H + TILE_GAP)
            card_tile(d, (x, ty, x + TILE_W, ty + TILE_H), card, locale, name_lines=3)
        y += (TILE_H + TILE_GAP) * -(-len(shown) // COLS)
    return y + PAD
