"""What the end-of-game pictures of every game share: an animated replay streamed to a GIF that
keeps under a byte budget, and a stats card (each player's points by source, and the scores
over the game as a line chart).

Games give their own frames, sources and words; nothing here knows a game. The frames come
from a generator, one at a time (render.animation keeps only the frame before), so a replay
holds a board or two in memory however long the game was."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

from PIL import Image, ImageDraw

from render.animation import Animation
from render.png import Palette
from render.typeface import TextDraw, fit, font, text_width

RGB = tuple[int, int, int]
MAX_BYTES = 8 * 1024 * 1024  # Discord's attachment limit for the final post
BUDGET = 5 * 1024 * 1024  # what an animation aims for: well under the limit
MIN_FRAME_W = 240

# frames(size): the replay's frames in RGB with how long each is shown (ms), each resized to
# `size` when it is given (a second pass, when the first came out over the budget)
Frames = Callable[[tuple[int, int] | None], Iterator[tuple[Image.Image, int]]]


def animate(frames: Frames, palette: Palette, budget: int = BUDGET) -> bytes:
    """The frames as an animated GIF in `palette`; when the file passes `budget` bytes, the
    frames are made again, smaller, until it fits or they are MIN_FRAME_W wide."""
    size: tuple[int, int] | None = None
    while True:
        out = Animation(list(palette.data))
        drawn = (0, 0)
        for frame, ms in frames(size):
            drawn = frame.size
            out.add(palette.quantize(frame.convert("RGB")), ms)
        data = out.getvalue()
        w, h = drawn
        if len(data) <= budget or w <= MIN_FRAME_W:
            return data
        scale = 0.9 * (budget / len(data)) ** 0.5
        new_w = max(MIN_FRAME_W, int(w * scale))
        size = (new_w, max(1, round(h * new_w / w)))


def fitted(img: Image.Image, size: tuple[int, int] | None) -> Image.Image:
    """A frame resized to `size` (None: as it is)."""
    if size is None or img.size == size:
        return img
    return img.convert("RGB").resize(size, Image.Resampling.BOX)


def halved(img: Image.Image) -> Image.Image:
    """A full-size board reduced by two (sharp: each pixel the mean of four)."""
    return img.convert("RGB").reduce(2)


# --- the stats card ------------------------------------------------------------------------------

@dataclass(frozen=True)
class Colours:
    background: RGB
    ink: RGB
    muted: RGB
    faint: RGB
    panel: RGB
    panel_edge: RGB
    outline: RGB
    white: RGB = (255, 255, 255)


@dataclass(frozen=True)
class Seat:
    name: str
    colour: RGB
    score: int
    winner: bool
    light: bool = False  # a pale seat colour: its name is written in ink on the chart


@dataclass(frozen=True)
class Source:
    key: str
    label: str
    colour: RGB


CARD_W = 1200
MARGIN = 32
ROW_H = 44
CHART_H = 420


def stats_card(title: str, seats: list[Seat], sources: list[Source],
               points: list[dict[str, int]], total: str, chart: str,
               scores: list[list[int]], marks: Iterable[tuple[int, str]], x_label: str,
               c: Colours) -> Image.Image:
    """Each seat's points by source (a table and a stacked bar, best first) and a line chart of
    the scores (`scores`: every seat's score at each step; `marks`: (step, label) written under
    the chart, with a line where each begins). In RGB."""
    n = len(seats)
    table_h = 40 + ROW_H * n
    height = MARGIN + 48 + table_h + 40 + CHART_H + MARGIN
    img = Image.new("RGB", (CARD_W, height), c.background)
    d = TextDraw(img)
    d.text((MARGIN, MARGIN + 20), fit(title, 30, CARD_W - 2 * MARGIN, True),
           font=font(30, True), fill=c.ink, anchor="lm")
    y = MARGIN + 48
    _table(d, seats, sources, points, total, y, c)
    _chart(d, seats, scores, list(marks), chart, x_label, y + table_h + 40, c)
    return img


def _table(d: ImageDraw.ImageDraw, seats: list[Seat], sources: list[Source],
           points: list[dict[str, int]], total: str, top: int, c: Colours) -> None:
    name_w = 200
    col_w = min(92, (CARD_W - 2 * MARGIN - name_w - 220) // (len(sources) + 1))
    x0 = MARGIN + name_w
    for i, src in enumerate([*sources, None]):
        x = x0 + col_w * (i + 1) - 10
        label = total if src is None else src.label
        d.text((x, top + 30), fit(label, 15, col_w - 6, src is None), font=font(15, src is None),
               fill=c.muted, anchor="rs")
        if src is not None:
            d.rectangle((x - 10, top + 36, x, top + 42), fill=src.colour)
    bar_x = x0 + col_w * (len(sources) + 1) + 20
    bar_w = CARD_W - MARGIN - bar_x
    best = max((sum(p.values()) for p in points), default=0) or 1
    order = sorted(range(len(seats)), key=lambda q: -seats[q].score)
    for row, q in enumerate(order):
        seat = seats[q]
        y = top + 60 + ROW_H * row
        d.rounded_rectangle((MARGIN, y - 16, MARGIN + 24, y + 8), 5, fill=seat.colour,
                            outline=c.outline)
        d.text((MARGIN + 34, y - 4), fit(seat.name, 20, name_w - 40, seat.winner),
               font=font(20, seat.winner), fill=c.ink, anchor="lm")
        values = [points[q].get(src.key, 0) for src in sources]
        for i, value in enumerate([*values, sum(values)]):
            bold = i == len(values)
            d.text((x0 + col_w * (i + 1) - 10, y - 4), str(value), font=font(20, bold),
                   fill=c.ink if value or bold else c.faint, anchor="rm")
        x = bar_x
        for src, value in zip(sources, values, strict=True):
            w = round(bar_w * max(value, 0) / best)
            if w <= 0:
                continue
            d.rectangle((x, y - 16, x + w, y + 8), fill=src.colour)
            if w >= text_width(str(value), 14, True) + 6:
                d.text((x + w / 2, y - 4), str(value), font=font(14, True), fill=c.white,
                       anchor="mm")
            x += w


def _chart(d: ImageDraw.ImageDraw, seats: list[Seat], scores: list[list[int]],
           marks: list[tuple[int, str]], title: str, x_label: str, top: int,
           c: Colours) -> None:
    d.text((MARGIN, top), title, font=font(20, True), fill=c.ink, anchor="lm")
    left, right = MARGIN + 44, CARD_W - MARGIN - 90
    y0, y1 = top + 24, top + CHART_H - 40
    d.rectangle((left, y0, right, y1), fill=c.panel, outline=c.panel_edge)
    steps = max(len(scores) - 1, 1)
    high = max((max(row) for row in scores if row), default=0)
    tick = next(k for k in (1, 2, 5, 10, 20, 25, 50, 100, 200, 500, 1000) if high / k <= 8)
    high = max(tick, -(-high // tick) * tick)

    def at(i: int, value: float) -> tuple[float, float]:
        return left + (right - left) * i / steps, y1 - (y1 - y0) * max(value, 0) / high

    for v in range(0, high + 1, tick):
        _, y = at(0, v)
        d.line((left, y, right, y), fill=c.faint)
        d.text((left - 6, y), str(v), font=font(14), fill=c.muted, anchor="rm")
    for i, label in marks:
        x, _ = at(i, 0)
        if i:
            d.line((x, y0, x, y1), fill=c.panel_edge, width=1)
        d.text((x + 4, y1 + 14), label, font=font(14), fill=c.muted, anchor="lm")
    d.text((right, y1 + 32), x_label, font=font(14), fill=c.muted, anchor="rm")
    ends = []
    for q, seat in enumerate(seats):
        line = [at(i, row[q]) for i, row in enumerate(scores)]
        if len(line) > 1:
            d.line(line, fill=c.outline, width=6, joint="curve")
            d.line(line, fill=seat.colour, width=4, joint="curve")
        if line:
            ends.append([line[-1][1], q])
    ends.sort()  # the names at the lines' right ends, pushed apart so that none overlaps
    for i in range(1, len(ends)):
        ends[i][0] = max(ends[i][0], ends[i - 1][0] + 22)
    for y, q in ends:
        seat = seats[q]
        d.text((right + 8, y), fit(f"{scores[-1][q]} {seat.name}", 16, CARD_W - right - 12),
               font=font(16, True), fill=c.ink if seat.light else seat.colour, anchor="lm")
