"""The close-up of the last turn, posted beside the board: the part of the board that the last
bid or buying turn changed (the province cards on offer with their bids, or the provinces that
got farmers, stones, pyramids or a card), ringed and cut out at full size, under a caption that
says in large type who did what.

On a phone the whole board is shown at half its size; this cut is about 480 pixels wide, so it
is shown at its own size: twice as large. Drawn from the spectator's view only: the caption
reads `view.last["turn"]`, the public events of that turn (engine.amunre.digest.record_turn),
never a hand, gold or a sealed choice."""

from __future__ import annotations

import dataclasses

from PIL import Image, ImageChops

from engine.amunre.digest import turn_parts
from engine.amunre.text import event_text
from engine.amunre.view import View
from engine.core import Event
from render.typeface import TextDraw, fit, font, wrap

from . import board
from . import palette as pal
from .common import Box, png, seat_chip, tr

MIN_W = 480  # at least a phone's width of the board: shown at full size, not enlarged
PAD = 14  # board around the changed provinces (their ring is drawn 5 px outside)
HEAD_PX = 28  # the caption's first line: who and what kind of turn
LINE_PX = 24  # each thing the turn did
LINE_H = 34


def focus_png(view: View, locale: str | None = None) -> bytes | None:
    """Render hook: the close-up of the last bid or buying turn; None before the first one."""
    img = draw_focus(view, locale)
    return None if img is None else png(img)


def focus_box(view: View) -> Box | None:
    """The part of the board the close-up shows: the offer panel for a bid, else the provinces
    the turn changed, else the row of seats (a turn that only bought power cards)."""
    turn = view.last.get("turn")
    if not turn:
        return None
    if turn["kind"] == "bid":
        return _widen(board.offer_box())
    boxes = [board.province_box(x) for x in provinces(turn)]
    if not boxes:
        return 0, board.SCORES_Y - 6, board.WIDTH, board.SCORES_Y + board.SCORES_H + 6
    box = (min(b[0] for b in boxes) - PAD, min(b[1] for b in boxes) - PAD,
           max(b[2] for b in boxes) + PAD, max(b[3] for b in boxes) + PAD)
    return _widen(box)


def provinces(turn: dict) -> list[str]:
    """The provinces a turn's events name, in order."""
    return list(dict.fromkeys(e["args"]["province"] for e in turn["events"]
                              if "province" in e["args"]))


def _widen(box: Box) -> Box:
    """`box` widened about its centre to MIN_W and kept inside the board."""
    x0, y0, x1, y1 = box
    w = max(x1 - x0, MIN_W)
    left = min(max(round((x0 + x1 - w) / 2), 0), board.WIDTH - w)
    return left, max(y0, 0), left + w, y1


def _trimmed(crop: Image.Image) -> Image.Image:
    """`crop` without the empty background under its content (a short offer panel)."""
    ground = Image.new("RGB", crop.size, pal.BACKGROUND)
    box = ImageChops.difference(crop, ground).getbbox()
    if box is None:
        return crop
    return crop.crop((0, 0, crop.width, min(crop.height, box[3] + PAD)))


def caption(view: View, locale: str | None) -> tuple[str, list[str]]:
    """The caption's head ("Red's bid", "Red's buying turn") and its lines: the bid and what
    the auction gave out, or each thing the buying turn did."""
    turn = view.last["turn"]
    name = view.players[turn["seat"]].name
    events = [Event.from_json(e) for e in turn["events"]]
    names = [p.name for p in view.players]
    if turn["kind"] == "bid":
        lines = [(event_text(e, names, None, locale) or "").rstrip(".") for e in events
                 if e.template in ("bid", "won")]
        return tr("focus.bid", locale, name=name), [x for x in lines if x]
    lines = turn_parts(events, turn["seat"], locale) or [tr("focus.nothing", locale)]
    return tr("focus.buy", locale, name=name), lines


def draw_focus(view: View, locale: str | None = None) -> Image.Image | None:
    """The close-up in RGB; None before the first turn."""
    box = focus_box(view)
    if box is None:
        return None
    turn = view.last["turn"]
    ring = provinces(turn) if turn["kind"] == "buy" else []
    # drawn in its palette (the board's memos make that fast), the part cut out in RGB
    full = board.draw_board(dataclasses.replace(view, last={**view.last, "ring": ring}), locale)
    box = (box[0], box[1], box[2], min(box[3], full.height))
    crop = _trimmed(full.crop(box).convert("RGB"))
    width = crop.width
    head, parts = caption(view, locale)
    lines: list[tuple[bool, str]] = []  # (first line of a part: bulleted, text)
    for part in parts:
        lines += [(i == 0, line) for i, line in enumerate(wrap(part, LINE_PX, width - 48))]
    top = 14 + LINE_H + 6 + LINE_H * len(lines) + 10
    img = Image.new("RGB", (width, top + crop.height), pal.HEADER)
    img.paste(crop, (0, top))
    d = TextDraw(img)
    pv = view.players[turn["seat"]]
    seat_chip(d, 12, 14 + (LINE_H - 30) // 2, 30, pv.colour, locale)
    d.text((52, 14 + LINE_H // 2), fit(head, HEAD_PX, width - 64, True),
           font=font(HEAD_PX, True), fill=pal.HEADER_INK, anchor="lm")
    y = 14 + LINE_H + 6 + LINE_H // 2
    for first, line in lines:
        if first:
            d.text((20, y), "•", font=font(LINE_PX, True), fill=pal.NEW_RING, anchor="lm")
        d.text((40, y), fit(line, LINE_PX, width - 48), font=font(LINE_PX), fill=pal.WHITE,
               anchor="lm")
        y += LINE_H
    # the magenta edge between caption and board says "this is what changed"
    d.rectangle((0, top - 4, width, top - 1), fill=pal.NEW_RING)
    return img
