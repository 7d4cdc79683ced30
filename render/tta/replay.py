"""The end of a Through the Ages game in pictures: the table (card row, culture and science
tracks) after every turn as an animated GIF, and a stats card (each player's culture by source,
the culture over the rounds).

Both come from the full game record (engine/record.py: the seed and every decision) replayed to
the spectator's views and the public events only: no hand, no military card drawn, no event
prepared shows. The replay is drawn and encoded one frame at a time (render.recap,
render.animation): a long game costs no more memory than a short one."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from PIL import Image

from engine.record import replay
from engine.tta import view as make_view
from engine.tta.digest import public
from render import recap
from render.png import encode
from render.typeface import TextDraw, fit, font

from . import palette as pal
from . import politics, shortevents, table
from .common import View, tr

# a frame when a turn begins (the table after the turn before) and at the end
FRAME_AT = ("tta.turn", "tta.game_over")
FRAME_MS, FIRST_MS, LAST_MS = 700, 1500, 4000
STRIP_H = 30
# culture by source: every turn's production, the events prepared, the rest of the game
# (events, leaders, wonders, famine), and the final scoring (T-TSCORE-1)
SOURCES = ("production", "prepare", "other", "final")
SOURCE_COLOURS: dict[str, pal.RGB] = {
    "production": pal.CULTURE, "prepare": (200, 130, 40), "other": pal.MUTED,
    "final": pal.NEW_RING,
}
COLOURS = recap.Colours(background=pal.BACKGROUND, ink=pal.INK, muted=pal.MUTED,
                        faint=pal.FAINT, panel=pal.PANEL, panel_edge=pal.PANEL_EDGE,
                        outline=pal.INK)


def _frame_after(events: list[Any]) -> bool:
    return any(e.template in FRAME_AT for e in public(events))


def steps(record: dict[str, Any]) -> int:
    """How many frames after the start the replay has (a replay without drawing: cheap)."""
    return sum(_frame_after(events) for _s, seat, _d, events in replay(record)
               if seat is not None)


def views(record: dict[str, Any]) -> Iterator[View]:
    """The spectator's view at the start and at every turn's start and the end."""
    for state, seat, _decision, events in replay(record):
        if seat is None or _frame_after(events):
            yield make_view(state, None)


def frame(view: View, number: int, total: int, locale: str | None) -> Image.Image:
    """The table at half size (a phone's width) with the step counter under it, in RGB; every
    frame as tall as the table with its tactics area."""
    drawn = table.draw_board(view, locale).convert("RGB")  # drawn in its palette: fast
    tallest = table.tallest(len(view["players"]), politics.possible(view),
                            shortevents.present(view))
    full = Image.new("RGB", (drawn.width, max(tallest, drawn.height)), pal.BACKGROUND)
    full.paste(drawn, (0, 0))
    board = recap.halved(full)
    width, height = board.size
    img = Image.new("RGB", (width, height + STRIP_H), pal.HEADER)
    img.paste(board, (0, 0))
    d = TextDraw(img)
    text = (tr("replay.start", locale) if number == 0
            else tr("replay.step", locale, n=number, total=total, round=view["round"]))
    d.text((8, height + STRIP_H // 2 + 1), fit(text, 16, width - 16), font=font(16),
           fill=pal.HEADER_INK, anchor="lm")
    d.rectangle((0, height, round(width * number / max(total, 1)), height + 2), fill=pal.NEW_RING)
    return img


def animation(record: dict[str, Any], locale: str | None = None,
              budget: int = recap.BUDGET) -> bytes:
    """The animated GIF: the start, then the table at every turn's start and at the end;
    smaller frames when the file would pass `budget` bytes."""
    total = steps(record)

    def frames(size: tuple[int, int] | None) -> Iterator[tuple[Image.Image, int]]:
        for i, view in enumerate(views(record)):
            ms = FIRST_MS if i == 0 else LAST_MS if i == total else FRAME_MS
            yield recap.fitted(frame(view, i, total, locale), size), ms

    return recap.animate(frames, pal.PAL, budget)


def culture_sources(events: list[Any], result: dict[str, Any], n: int
                    ) -> list[dict[str, int]]:
    """Each seat's culture by source (SOURCES), adding up to its final score: production and
    prepared events from the public events, the final scoring from the result, and the rest."""
    out = [dict.fromkeys(SOURCES, 0) for _ in range(n)]
    for e in public(events):
        q = e.args.get("seat")
        if not isinstance(q, int) or not 0 <= q < n:
            continue
        if e.template == "tta.production":
            out[q]["production"] += e.args.get("culture", 0)
        elif e.template == "tta.prepare":
            out[q]["prepare"] += e.args.get("culture", 0)
    for q in range(n):
        out[q]["final"] = sum(result.get("breakdown", [{}] * n)[q].values())
        out[q]["other"] = result["scores"][q] - sum(out[q][k] for k in SOURCES if k != "other")
    return out


def stats(record: dict[str, Any], locale: str | None = None) -> bytes:
    """The stats card: culture by source and the culture at every round's start."""
    events: list[Any] = []
    scores: list[list[int]] = []
    marks: list[tuple[int, str]] = []
    last: View | None = None
    seen_round = 0
    for state, _seat, _decision, raw in replay(record):
        events += [e for e in public(raw) if e.template in ("tta.production", "tta.prepare")]
        if state.round != seen_round or state.result is not None:
            last = make_view(state, None)
            scores.append([p["culture"] for p in last["players"]])
            if state.round != seen_round and state.result is None:
                marks.append((len(scores) - 1, str(state.round)))
            seen_round = state.round
    assert last is not None and last["result"] is not None
    result = last["result"]
    players = last["players"]
    winners = set(result.get("winners", []))
    seats = [recap.Seat(p["name"], pal.PLAYER.get(p["colour"], pal.FAINT),
                        result["scores"][q], q in winners, p["colour"] == "yellow")
             for q, p in enumerate(players)]
    sources = [recap.Source(k, tr(f"stats.{k}", locale), SOURCE_COLOURS[k]) for k in SOURCES]
    img = recap.stats_card(tr("stats.title", locale), seats, sources,
                           culture_sources(events, result, len(players)),
                           tr("stats.chart", locale), scores, marks,
                           tr("stats.rounds", locale, count=last["round"]), COLOURS)
    return encode(img)


def replay_files(record: dict[str, Any], locale: str | None = None) -> list[tuple[str, bytes]]:
    """Render hook for a finished game's final post: ("replay.gif", the table turn by turn)
    and ("stats.png", culture by source and over the rounds)."""
    return [("replay.gif", animation(record, locale)), ("stats.png", stats(record, locale))]
