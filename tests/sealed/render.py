"""Sealed offers' pictures: tiny PNGs drawn from a view only (never from the state), so the
public board can show no sealed offer and a hand only its own seat's."""

from __future__ import annotations

import io

from PIL import Image, ImageDraw

from .rules import View

SIZE = (240, 120)
BACKGROUND = (245, 240, 225)
INK = (30, 30, 30)


def _png(lines: list[str]) -> bytes:
    img = Image.new("RGB", SIZE, BACKGROUND)
    draw = ImageDraw.Draw(img)
    for i, line in enumerate(lines[:9]):
        draw.text((6, 4 + 12 * i), line[:40], fill=INK)
    out = io.BytesIO()
    img.save(out, format="PNG", compress_level=1, optimize=False)
    return out.getvalue()


def board_png(view: View, locale: str | None = None) -> bytes:
    head = "game over" if view.phase == "over" else f"round {view.round}: {view.phase}"
    lines = [f"Sealed offers - {head}"]
    for i, name in enumerate(view.names):
        mark = " (sealed)" if view.sealed[i] else ""
        lines.append(f"{name}: {view.scores[i]} pts, {view.coins[i]} coins{mark}")
    if view.history:
        last = view.history[-1]
        lines.append("last reveal: " + " ".join(str(o) for o in last["offers"]))
    return _png(lines)


def hand_png(view: View, locale: str | None = None) -> bytes:
    if view.seat is None:
        raise ValueError("hand_png needs a seat's own view")
    seat = view.seat
    lines = [f"{view.names[seat]}: {view.coins[seat]} coins",
             f"veto token: {'ready' if view.veto[seat] else 'used'}"]
    if view.offers[seat] is not None:
        lines.append(f"your sealed offer: {view.offers[seat]}")
    return _png(lines)
