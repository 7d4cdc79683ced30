"""The pictures of a game as the bot shows them, each a pure drawing of an engine view: the
public ones (board, close-up, extra pictures, "since your last turn", the replay) from the
spectator view only, so that none can hold a secret; a hand from its seat's own view. Any
front end (the Discord side, a web page) sends these bytes as they are."""

from __future__ import annotations

import asyncio
import contextvars
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from engine.record import full_record

from ..logs import log_error
from . import memory
from .lobby import engine_options
from .turns import Panel, Table

T = TypeVar("T")


def spectator_view(table: Table) -> Any:
    """What every public picture is drawn from, so that none can hold a secret."""
    assert table.state is not None
    return table.kind.rules.view(table.state, None)


def render_board(table: Table) -> bytes:
    """The public board."""
    return table.kind.board_png(spectator_view(table))


def render_post(table: Table) -> tuple[bytes | None, bytes | None, list[tuple[str, bytes]]]:
    """The channel post's public pictures, all from one spectator view: the board, the
    close-up of the last turn's changes if the game draws one, and the game's extra pictures
    (e.g. one board per player). One that fails to draw is left out, not the others."""
    view = spectator_view(table)
    k = table.kind
    return (drawn(k.board_png, view), drawn(k.focus_png, view),
            drawn(k.extra_pngs, view) or [])


def render_preview(panel: Panel) -> bytes:
    """The board as it would be after the player's draft: shown only to that player."""
    k = panel.table.kind
    return k.board_png(k.rules.view(panel.preview, None))


def render_digest(table: Table, events: list[dict], seat: int) -> bytes | None:
    """The public board with everything since `seat`'s last turn ringed, if the game draws it."""
    assert table.state is not None
    k = table.kind
    return k.digest_png(k.rules.view(table.state, None), events, seat)


def render_replay(table: Table, decisions: list[tuple[int, dict]]) -> list[tuple[str, bytes]]:
    """A finished game's replay pictures (an animation, a stats card), if the game draws them:
    from its full record, rebuilt from the seed and every decision. One at a time: a replay
    holds 25-30 MB while it is drawn (benchmarks/bench_memory.py), and games ending together
    must not add those up."""
    k, game = table.kind, table.game
    record = full_record(k.id, table.names, engine_options(k.info, game.options), game.seed,
                         decisions)
    with _REPLAYS:
        return k.replay_files(record)


_REPLAYS = threading.Lock()


def render_hand(table: Table, seat: int) -> bytes:
    """`seat`'s private hand, from that seat's own view: for that player's eyes only."""
    assert table.state is not None
    k = table.kind
    return k.hand_png(k.rules.view(table.state, seat))


def drawn(fn: Callable[..., T], *args: Any) -> T | None:
    """`fn(*args)`, or None when the drawing fails: a failure costs the picture, not the
    turn (the text still goes out)."""
    try:
        return fn(*args)
    except Exception:  # noqa: BLE001
        log_error("render_failed", what=getattr(fn, "__name__", "?"))
        return None


# The thread pictures are drawn in: one, not asyncio's default pool (up to 32). Drawing holds the
# GIL for most of its time, so more threads would draw little faster, but each one keeps its own
# scratch pictures (render.typeface), its own malloc arena and a picture's working set: with
# two, benchmarks/bench_memory.py's 50 busy games peaked at 303 MB, with one at 291 MB.
DRAWING_THREADS = 1
_DRAWING = ThreadPoolExecutor(max_workers=DRAWING_THREADS, thread_name_prefix="agora-draw")


async def picture(fn: Callable[..., T], *args: Any) -> T | None:
    """Render in the drawing thread, in the caller's context (its language: a picture's words
    are those of the game or the seat it is drawn for, as asyncio.to_thread would carry them);
    a drawing failure costs the picture, not the turn."""
    context = contextvars.copy_context()
    return await asyncio.get_running_loop().run_in_executor(
        _DRAWING, context.run, _drawn_and_freed, fn, *args)


def _drawn_and_freed(fn: Callable[..., T], *args: Any) -> T | None:
    """`drawn`, then the heap's free pages returned: a picture frees megabytes at a time
    (a fraction of a millisecond, measured in benchmarks/bench_memory.py)."""
    try:
        return drawn(fn, *args)
    finally:
        memory.give_back()
