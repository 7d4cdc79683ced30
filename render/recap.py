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


CARD_W = 720  # shown at 480 on a phone: two thirds, the smallest type still 12 px there
MARGIN = 24
ROW_H = 52
CHART_H = 400
NAME_W = 190  # the names before the bars
TOTAL_W = 64  # the totals after them


def stats_card(title: str, seats: list[Seat], sources: list[Source],
               points: list[dict[str, int]], chart: str,
               scores: list[list[int]], marks: Iterable[tuple[int, str]], x_label: str,
               c: Colours) -> Image.Image:
    """Each seat's points by source as a stacked bar with its total (best first, under a
    legend of the sources) and a line chart of the scores (`scores`: every seat's score at
    each step; `marks`: (step, label) written under the chart, with a line where each
    begins). In RGB, CARD_W wide."""
    legend = _legend_rows(sources)
    top = MARGIN + 44 + 34 * len(legend)
    height = top + ROW_H * len(seats) + 30 + CHART_H + MARGIN
    img = Image.new("RGB", (CARD_W, height), c.background)
    d = TextDraw(img)
    d.text((MARGIN, MARGIN + 18), fit(title, 32, CARD_W - 2 * MARGIN, True),
           font=font(32, True), fill=c.ink, anchor="lm")
    y = MARGIN + 44 + 17
    for row in legend:
        x = MARGIN
        for src in row:
            d.rectangle((x, y - 9, x + 18, y + 9), fill=src.colour, outline=c.outline)
            d.text((x + 26, y), src.label, font=font(20), fill=c.ink, anchor="lm")
            x += 26 + text_width(src.label, 20) + 22
        y += 34
    _bars(d, seats, sources, points, top, c)
    _chart(d, seats, scores, list(marks), chart, x_label, top + ROW_H * len(seats) + 30, c)
    return img


def _legend_rows(sources: list[Source]) -> list[list[Source]]:
    """The sources' legend, wrapped into rows that fit the card."""
    rows: list[list[Source]] = [[]]
    x = MARGIN
    for src in sources:
        w = 26 + text_width(src.label, 20) + 22
        if rows[-1] and x + w > CARD_W - MARGIN:
            rows.append([])
            x = MARGIN
        rows[-1].append(src)
        x += w
    return rows


def _bars(d: ImageDraw.ImageDraw, seats: list[Seat], sources: list[Source],
          points: list[dict[str, int]], top: int, c: Colours) -> None:
    bar_x = MARGIN + NAME_W
    bar_w = CARD_W - MARGIN - TOTAL_W - bar_x
    best = max((sum(max(v, 0) for v in p.values()) for p in points), default=0) or 1
    order = sorted(range(len(seats)), key=lambda q: -seats[q].score)
    for row, q in enumerate(order):
        seat = seats[q]
        y = top + ROW_H * row + ROW_H // 2
        d.rounded_rectangle((MARGIN, y - 13, MARGIN + 26, y + 13), 5, fill=seat.colour,
                            outline=c.outline)
        d.text((MARGIN + 36, y), fit(seat.name, 24, NAME_W - 44, seat.winner),
               font=font(24, seat.winner), fill=c.ink, anchor="lm")
        x = bar_x
        for src in sources:
            value = points[q].get(src.key, 0)
            w = round(bar_w * max(value, 0) / best)
            if w <= 0:
                continue
            d.rectangle((x, y - 18, x + w, y + 18), fill=src.colour)
            if w >= text_width(str(value), 20, True) + 6:
                d.text((x + w / 2, y), str(value), font=font(20, True), fill=c.white,
                       anchor="mm")
            x += w
        d.text((CARD_W - MARGIN, y), str(sum(points[q].values())), font=font(28, True),
               fill=c.ink, anchor="rm")


def _chart(d: ImageDraw.ImageDraw, seats: list[Seat], scores: list[list[int]],
           marks: list[tuple[int, str]], title: str, x_label: str, top: int,
           c: Colours) -> None:
    d.text((MARGIN, top + 12), fit(title, 24, CARD_W - 2 * MARGIN, True), font=font(24, True),
           fill=c.ink, anchor="lm")
    left, right = MARGIN + 44, CARD_W - MARGIN - 120
    y0, y1 = top + 36, top + CHART_H - 44
    d.rectangle((left, y0, right, y1), fill=c.panel, outline=c.panel_edge)
    steps = max(len(scores) - 1, 1)
    high = max((max(row) for row in scores if row), default=0)
    tick = next(k for k in (1, 2, 5, 10, 20, 25, 50, 100, 200, 500, 1000) if high / k <= 6)
    high = max(tick, -(-high // tick) * tick)

    def at(i: int, value: float) -> tuple[float, float]:
        return left + (right - left) * i / steps, y1 - (y1 - y0) * max(value, 0) / high

    for v in range(0, high + 1, tick):
        _, y = at(0, v)
        d.line((left, y, right, y), fill=c.faint)
        d.text((left - 6, y), str(v), font=font(18), fill=c.muted, anchor="rm")
    for i, label in marks:
        x, _ = at(i, 0)
        if i:
            d.line((x, y0, x, y1), fill=c.panel_edge, width=1)
        d.text((x + 4, y1 + 14), label, font=font(18), fill=c.muted, anchor="lm")
    d.text((right, y1 + 36), x_label, font=font(18), fill=c.muted, anchor="rm")
    ends = []
    for q, seat in enumerate(seats):
        line = [at(i, row[q]) for i, row in enumerate(scores)]
        if len(line) > 1:
            d.line(line, fill=c.outline, width=7, joint="curve")
            d.line(line, fill=seat.colour, width=5, joint="curve")
        if line:
            ends.append([line[-1][1], q])
    ends.sort()  # the names at the lines' right ends, pushed apart so that none overlaps
    for i in range(1, len(ends)):
        ends[i][0] = max(ends[i][0], ends[i - 1][0] + 26)
    for y, q in ends:
        seat = seats[q]
        d.text((right + 8, y), fit(f"{scores[-1][q]} {seat.name}", 20, CARD_W - right - 12, True),
               font=font(20, True), fill=c.ink if seat.light else seat.colour, anchor="lm")
