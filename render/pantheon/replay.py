"""The end of a game in pictures: the board turn by turn as an animated GIF, and a stats card
(each player's points by source and the scores over the game).

Both come from a full game record (engine/record.py: the seed and every decision) replayed to
the spectator's views and the public events, so they can show nothing a spectator could not
have seen. `replay_files(record)` is the render hook the host calls for its final post."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from PIL import Image, ImageDraw

from engine.core import Event
from engine.pantheon import digest
from engine.pantheon import view as make_view
from engine.pantheon.view import View
from engine.record import replay
from render.animation import Animation
from render.png import encode
from render.typeface import TextDraw, fit, font, text_width
from render.words import t

from . import names
from . import palette as pal
from .board import PALETTE, draw_board

MAX_BYTES = 8 * 1024 * 1024  # the limit of the final post's animation
BUDGET = 5 * 1024 * 1024  # what the animation aims for: well under the limit, with the rest
FRAME_W = 640  # a frame's width: a quarter of a phone screen's pixels is plenty for a replay
MIN_FRAME_W = 240
FRAME_MS, FIRST_MS, LAST_MS = 700, 1500, 4000
STRIP_H = 26  # the turn counter under each frame

SOURCE_COLOURS: dict[str, pal.RGB] = {
    "gods": (122, 90, 180),
    "columns": (128, 122, 112),
    "demigods": (214, 160, 40),
    "pietalte": (70, 120, 138),
    "epoch_end": pal.NEW_RING,
}


@dataclass
class Story:
    """A replayed game: a spectator's view at the start and after every turn, and every public
    event in order."""

    views: list[View] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)

    @property
    def scores(self) -> list[list[int]]:
        """Each seat's score at every frame."""
        return [[pv.score for pv in v.players] for v in self.views]


def story(record: dict[str, Any]) -> Story:
    """Replay a full Pantheon record: one view at the start and one at the end of each turn."""
    out = Story()
    in_turn = False
    for state, _seat, _decision, events in replay(record):
        public = digest.public(events)
        out.events += public
        ended, in_turn = digest.turns_ended(public, in_turn)
        if not out.views:
            out.views.append(make_view(state, None))
            continue
        if ended:
            v = make_view(state, None)
            out.views += [v] * ended
    return out


# --- the animation -------------------------------------------------------------------------------

def _board(view: View, width: int, locale: str | None) -> Image.Image:
    """The public board, reduced by a whole factor to about `width` pixels (fast and sharp)."""
    board = draw_board(view, locale, rgb=True)  # reduced from the exact RGB blend of its text
    factor = max(1, round(board.width / width))
    return board.reduce(factor) if factor > 1 else board


def _frame(board: Image.Image, view: View, number: int, total: int,
           locale: str | None) -> Image.Image:
    """A board with the turn counter under it, in the board's palette."""
    width, height = board.size
    img = Image.new("RGB", (width, height + STRIP_H), pal.HEADER)
    img.paste(board.convert("RGB"), (0, 0))
    d = TextDraw(img)
    key = "pantheon.render.replay.start" if number == 0 else "pantheon.render.replay.turn"
    text = t(key, locale, n=number, total=total, epoch=names.roman(view.epoch or 1))
    d.text((8, height + STRIP_H // 2 + 1), fit(text, 14, width - 16), font=font(14),
           fill=pal.HEADER_INK, anchor="lm")
    # how far the game has come, as a bar along the strip's top edge
    d.rectangle((0, height, round(width * number / max(total, 1)), height + 2), fill=pal.NEW_RING)
    return img.quantize(palette=PALETTE, dither=Image.Dither.NONE)


# the GIF's palette: the board's (its conversion never gives index 255, the animation's CLEAR)
GIF_PALETTE = list(pal.PAL.data)


def animation(views: list[View], locale: str | None = None, width: int = FRAME_W,
              budget: int = BUDGET) -> bytes:
    """An animated GIF of the public board, one frame per view (the start, then each turn),
    about `width` pixels wide; smaller when the file would pass `budget` bytes. The frames are
    drawn and encoded one at a time (render/animation.py): memory holds a board or two, not
    the game."""
    if not views:
        raise ValueError("an animation needs at least one view")
    size: tuple[int, int] | None = None  # None: the board reduced by a whole factor
    while True:
        data, (w, h) = _animate(views, locale, width, size)
        if len(data) <= budget or w <= MIN_FRAME_W:
            return data
        scale = 0.9 * (budget / len(data)) ** 0.5
        new_w = max(MIN_FRAME_W, int(w * scale))
        size = (new_w, max(1, round(h * new_w / w)))


def _animate(views: list[View], locale: str | None, width: int,
             size: tuple[int, int] | None) -> tuple[bytes, tuple[int, int]]:
    """One pass: every view's board (resized to `size` if given) as a frame; the GIF and the
    boards' size."""
    total = len(views) - 1
    out = Animation(GIF_PALETTE)
    board_size = (0, 0)
    for i, view in enumerate(views):
        board = _board(view, width, locale)
        if size is not None:
            board = board.convert("RGB").resize(size, Image.Resampling.BOX)
        board_size = board.size
        quantized = board.quantize(palette=PALETTE, dither=Image.Dither.NONE)
        del board
        ms = FIRST_MS if i == 0 else LAST_MS if i == total else FRAME_MS
        out.add(_frame(quantized, view, i, total, locale), ms)
    return out.getvalue(), board_size


# --- the stats card ------------------------------------------------------------------------------

CARD_W = 1200
MARGIN = 32
ROW_H = 44
CHART_H = 420


def stats_card(view: View, sources: list[dict[str, int]], scores: list[list[int]],
               epochs: list[int] | None = None, locale: str | None = None) -> bytes:
    """Each player's points by source (a table and a stacked bar per player), and a line chart
    of the scores over the game (`scores`: every seat's score at each frame; `epochs`: the epoch
    at each frame, marked on the chart). `view` gives the names, colours and final scores."""
    img = draw_stats(view, sources, scores, epochs, locale)
    return encode(img)  # in full colour: the sources' colours stay exact


def draw_stats(view: View, sources: list[dict[str, int]], scores: list[list[int]],
               epochs: list[int] | None = None, locale: str | None = None) -> Image.Image:
    n = len(view.players)
    table_h = 40 + ROW_H * n
    height = MARGIN + 48 + table_h + 40 + CHART_H + MARGIN
    img = Image.new("RGB", (CARD_W, height), pal.BACKGROUND)
    d = TextDraw(img)
    d.text((MARGIN, MARGIN + 20), t("pantheon.render.stats.title", locale), font=font(30, True),
           fill=pal.INK, anchor="lm")
    y = MARGIN + 48
    _table(d, view, sources, y, locale)
    _chart(d, view, scores, epochs or [], y + table_h + 40, locale)
    return img


def _table(d: ImageDraw.ImageDraw, view: View, sources: list[dict[str, int]], top: int,
           locale: str | None) -> None:
    name_w, col_w = 200, 92
    x0 = MARGIN + name_w
    heads = [*digest.SOURCES, "total"]
    for i, key in enumerate(heads):
        x = x0 + col_w * (i + 1) - 10
        label = t(f"pantheon.render.stats.{key}", locale)
        d.text((x, top + 30), fit(label, 15, col_w - 6, key == "total"),
               font=font(15, key == "total"), fill=pal.MUTED, anchor="rs")
        if key != "total":
            d.rectangle((x - 10, top + 36, x, top + 42), fill=SOURCE_COLOURS[key])
    bar_x = x0 + col_w * len(heads) + 20
    bar_w = CARD_W - MARGIN - bar_x
    best = max((sum(s.values()) for s in sources), default=0) or 1
    order = sorted(range(len(view.players)), key=lambda s: -view.players[s].score)
    for row, seat in enumerate(order):
        pv = view.players[seat]
        y = top + 60 + ROW_H * row
        d.rounded_rectangle((MARGIN, y - 16, MARGIN + 24, y + 8), 5, fill=pal.PLAYER[pv.colour],
                            outline=pal.OUTLINE)
        winner = view.result is not None and seat in view.result.get("winners", [])
        d.text((MARGIN + 34, y - 4), fit(pv.name, 20, name_w - 40, winner), font=font(20, winner),
               fill=pal.INK, anchor="lm")
        values = [sources[seat][k] for k in digest.SOURCES]
        for i, value in enumerate([*values, sum(values)]):
            bold = i == len(values)
            d.text((x0 + col_w * (i + 1) - 10, y - 4), str(value), font=font(20, bold),
                   fill=pal.INK if value or bold else pal.FAINT, anchor="rm")
        x = bar_x
        for key, value in zip(digest.SOURCES, values, strict=True):
            w = round(bar_w * value / best)
            if w <= 0:
                continue
            d.rectangle((x, y - 16, x + w, y + 8), fill=SOURCE_COLOURS[key])
            if w >= text_width(str(value), 14, True) + 6:
                d.text((x + w / 2, y - 4), str(value), font=font(14, True), fill=pal.WHITE,
                       anchor="mm")
            x += w


def _chart(d: ImageDraw.ImageDraw, view: View, scores: list[list[int]], epochs: list[int],
           top: int, locale: str | None) -> None:
    d.text((MARGIN, top), t("pantheon.render.stats.chart", locale), font=font(20, True),
           fill=pal.INK, anchor="lm")
    left, right = MARGIN + 44, CARD_W - MARGIN - 90
    y0, y1 = top + 24, top + CHART_H - 40  # top and bottom of the plot
    d.rectangle((left, y0, right, y1), fill=pal.PANEL, outline=pal.PANEL_EDGE)
    steps = max(len(scores) - 1, 1)
    high = max((max(row) for row in scores if row), default=0)
    tick = next(k for k in (1, 2, 5, 10, 20, 25, 50, 100, 200, 500) if high / k <= 8)
    high = max(tick, -(-high // tick) * tick)

    def at(i: int, value: float) -> tuple[float, float]:
        return left + (right - left) * i / steps, y1 - (y1 - y0) * value / high

    for v in range(0, high + 1, tick):
        _, y = at(0, v)
        d.line((left, y, right, y), fill=pal.FAINT)
        d.text((left - 6, y), str(v), font=font(14), fill=pal.MUTED, anchor="rm")
    for i, epoch in enumerate(epochs):  # where each epoch begins
        if i == 0 or epoch != epochs[i - 1]:
            x, _ = at(i, 0)
            if i:
                d.line((x, y0, x, y1), fill=pal.PANEL_EDGE, width=1)
            d.text((x + 4, y1 + 14), names.roman(epoch), font=font(14), fill=pal.MUTED,
                   anchor="lm")
    turns = t("pantheon.render.stats.turns", locale, n=steps, count=steps)
    d.text((right, y1 + 32), turns, font=font(14), fill=pal.MUTED, anchor="rm")
    ends = []
    for seat, pv in enumerate(view.players):
        points = [at(i, row[seat]) for i, row in enumerate(scores)]
        colour = pal.PLAYER[pv.colour]
        if len(points) > 1:
            d.line(points, fill=pal.OUTLINE, width=6, joint="curve")
            d.line(points, fill=colour, width=4, joint="curve")
        ends.append([points[-1][1], seat])
    # the names at the right end of the lines, pushed apart so that none overlaps another
    ends.sort()
    for i in range(1, len(ends)):
        ends[i][0] = max(ends[i][0], ends[i - 1][0] + 22)
    for y, seat in ends:
        pv = view.players[seat]
        d.text((right + 8, y), fit(f"{scores[-1][seat]} {pv.name}", 16, CARD_W - right - 12),
               font=font(16, True), fill=pal.PLAYER[pv.colour] if pv.colour != "yellow"
               else pal.INK, anchor="lm")


# --- the hook ------------------------------------------------------------------------------------

def replay_files(record: dict[str, Any], locale: str | None = None) -> list[tuple[str, bytes]]:
    """Render hook for a finished game's final post: ("replay.gif", the board turn by turn)
    and ("stats.png", the points by source and the scores over the game)."""
    s = story(record)
    last = s.views[-1]
    sources = digest.score_sources(s.events, len(last.players))
    card = stats_card(last, sources, s.scores, [v.epoch for v in s.views], locale)
    return [("replay.gif", animation(s.views, locale)), ("stats.png", card)]
