"""The end of an Amun-Re game in pictures: the board after every turn as an animated GIF, and a
stats card (each player's points by source, the scores over the game).

Both come from the full game record (engine/record.py: the seed and every decision) replayed to
the spectator's views and the public events only, so they show nothing a spectator could not
have seen: no gold, no power card in a hand, no sacrifice before its reveal. The replay is
drawn and encoded one frame at a time (render.recap, render.animation): a finished game leaves
nothing behind, and a long one costs no more memory than a short one."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from PIL import Image

from data.amunre import BOARD
from engine.amunre.digest import SOURCES, public, score_sources
from engine.amunre.view import View, make_view
from engine.core import Event
from engine.record import replay
from render import recap
from render.png import encode
from render.typeface import TextDraw, fit, font

from . import board
from . import palette as pal
from .board import draw_board
from .common import tr

# a frame after every decision whose public events hold one of these: a bid, the end of a
# buying turn, the temple's move after the sacrifice, a scoring, the end
FRAME_AT = ("bid", "end_turn", "temple", "scored", "game_over")
FRAME_MS, FIRST_MS, LAST_MS = 700, 1500, 4000
STRIP_H = 30  # the step counter under each frame

SOURCE_COLOURS: dict[str, pal.RGB] = {
    "pyramids": pal.PYRAMID_SHADE, "rows": (150, 100, 60), "west": (96, 140, 60),
    "east": (60, 120, 150), "temples": (120, 90, 170), "bonus": pal.NEW_RING,
    "gold": pal.GOLD_EDGE,
}
COLOURS = recap.Colours(background=pal.BACKGROUND, ink=pal.INK, muted=pal.MUTED,
                        faint=pal.FAINT, panel=pal.PANEL, panel_edge=pal.PANEL_EDGE,
                        outline=pal.INK)


def is_frame(events: list[Event]) -> bool:
    return any(e.template in FRAME_AT for e in events)


def steps(record: dict[str, Any]) -> int:
    """How many frames after the start the replay has (a replay without drawing: cheap)."""
    return sum(is_frame(public(events)) for _state, seat, _d, events in replay(record)
               if seat is not None)


def views(record: dict[str, Any]) -> Iterator[View]:
    """The spectator's view at the start and after each frame's decision, one at a time."""
    for state, seat, _decision, events in replay(record):
        if seat is None or is_frame(public(events)):
            yield make_view(state, None)


def frame(view: View, number: int, total: int, locale: str | None) -> Image.Image:
    """The board at half size (a phone's width) with the step counter under it, in RGB."""
    drawn = draw_board(view, locale).convert("RGB")  # drawn in its palette: fast
    # the board ends under this turn's panels; every frame has the tallest board's height
    full = Image.new("RGB", (drawn.width, max(board.height(), drawn.height)), pal.BACKGROUND)
    full.paste(drawn, (0, 0))
    board_img = recap.halved(full)
    width, height = board_img.size
    img = Image.new("RGB", (width, height + STRIP_H), pal.HEADER)
    img.paste(board_img, (0, 0))
    d = TextDraw(img)
    text = (tr("replay.start", locale) if number == 0
            else tr("replay.step", locale, n=number, total=total))
    d.text((8, height + STRIP_H // 2 + 1), fit(text, 16, width - 16), font=font(16),
           fill=pal.HEADER_INK, anchor="lm")
    # how far the game has come, as a bar along the strip's top edge
    d.rectangle((0, height, round(width * number / max(total, 1)), height + 2), fill=pal.NEW_RING)
    return img


def animation(record: dict[str, Any], locale: str | None = None,
              budget: int = recap.BUDGET) -> bytes:
    """The animated GIF: the start, then the board after every bid, buying turn, sacrifice
    reveal and scoring; smaller frames when the file would pass `budget` bytes."""
    total = steps(record)

    def frames(size: tuple[int, int] | None) -> Iterator[tuple[Image.Image, int]]:
        for i, view in enumerate(views(record)):
            ms = FIRST_MS if i == 0 else LAST_MS if i == total else FRAME_MS
            yield recap.fitted(frame(view, i, total, locale), size), ms

    return recap.animate(frames, pal.PAL, budget)


def stats(record: dict[str, Any], locale: str | None = None) -> bytes:
    """The stats card: points by source (A-SCORE) and the scores after every round."""
    events: list[Event] = []
    scores: list[list[int]] = []
    marks: list[tuple[int, str]] = []
    last: View | None = None
    for state, seat, _decision, raw in replay(record):
        events += [e for e in public(raw) if e.template == "scored"]
        if seat is None or any(e.template == "round" for e in raw) or state.result:
            last = make_view(state, None)
            scores.append([p.score for p in last.players])
            if seat is None or not state.result:
                marks.append((len(scores) - 1, str(last.round)))
    assert last is not None
    winners = set((last.result or {}).get("winners", []))
    seats = [recap.Seat(p.name, pal.PLAYER.get(p.colour, pal.FAINT), p.score,
                        p.seat in winners, p.colour in ("white", "yellow"))
             for p in last.players]
    sources = [recap.Source(k, tr(f"stats.{k}", locale), SOURCE_COLOURS[k]) for k in SOURCES]
    rounds = 2 * BOARD["rounds_per_kingdom"]
    img = recap.stats_card(tr("stats.title", locale), seats, sources,
                           score_sources(events, len(seats)),
                           tr("stats.chart", locale), scores, marks,
                           tr("stats.rounds", locale, count=rounds), COLOURS)
    return encode(img)  # in full colour: the sources' colours stay exact


def replay_files(record: dict[str, Any], locale: str | None = None) -> list[tuple[str, bytes]]:
    """Render hook for a finished game's final post: ("replay.gif", the board turn by turn)
    and ("stats.png", the points by source and the scores over the game)."""
    return [("replay.gif", animation(record, locale)), ("stats.png", stats(record, locale))]
