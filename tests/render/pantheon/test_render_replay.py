"""The end-of-game pictures (render/pantheon/replay.py): the board turn by turn as an animated
GIF under 8 MB, and a stats card whose points by source add up to the final scores; and the
board "since your last turn" (render/pantheon/since.py)."""

from __future__ import annotations

import io
import random
import time

from PIL import Image, ImageChops

from engine.pantheon import apply, new_game, options, pending, view
from engine.pantheon.digest import SOURCES, score_sources
from engine.record import full_record
from render.pantheon import digest_png, replay_files
from render.pantheon.board import PALETTE
from render.pantheon.replay import MAX_BYTES, _board, _frame, animation, stats_card, story

NAMES = ["Ann", "Bob"]


def short_game(seed: int = 5) -> dict:
    """A seeded 2-player game of random decisions, quick with the stall guard (P-GAP-STALL)."""
    opts = {"stall_guard_rounds": 1}
    s = new_game(NAMES, seed, opts)
    rng = random.Random(seed)
    decisions = []
    while s.result is None:
        p = pending(s)[0]
        d = rng.choice(options(s, p.seat))
        decisions.append((p.seat, d))
        s, _ = apply(s, p.seat, d, in_place=True)
    return full_record("pantheon", NAMES, opts, seed, decisions)


def test_replay_has_a_frame_per_turn_under_8_mb():
    record = short_game()
    clock = time.perf_counter()
    files = dict(replay_files(record))
    seconds = time.perf_counter() - clock
    assert list(files) == ["replay.gif", "stats.png"]
    s = story(record)
    turns = sum(e.template == "turn" for e in s.events)
    gif = Image.open(io.BytesIO(files["replay.gif"]))
    assert gif.format == "GIF" and gif.n_frames == turns + 1 == len(s.views)
    assert len(files["replay.gif"]) < MAX_BYTES and gif.width <= 700  # downsized frames
    # the last frame is the final board, exactly as drawn (the unchanged pixels left clear)
    gif.seek(gif.n_frames - 1)
    last = _board(s.views[-1], 640, None).quantize(palette=PALETTE, dither=Image.Dither.NONE)
    want = _frame(last, s.views[-1], turns, turns, None).convert("RGB")
    assert ImageChops.difference(want, gif.convert("RGB")).getbbox() is None
    print(f"\n2-player replay: {turns} turns, {len(files['replay.gif'])} bytes GIF, "
          f"{len(files['stats.png'])} bytes stats, {seconds:.1f} s")


def test_stats_card_sources_equal_the_final_scores():
    record = short_game(8)
    s = story(record)
    final = s.views[-1]
    sources = score_sources(s.events, 2)
    assert [sum(x[k] for k in SOURCES) for x in sources] == record["result"]["scores"]
    assert s.scores[-1] == record["result"]["scores"] and s.scores[0] == [0, 0]
    card = Image.open(io.BytesIO(stats_card(final, sources, s.scores)))
    assert card.format == "PNG" and card.width == 1200


def test_a_small_budget_shrinks_the_frames():
    views = story(short_game()).views[:4]
    big = Image.open(io.BytesIO(animation(views)))
    small_bytes = animation(views, budget=60_000)
    small = Image.open(io.BytesIO(small_bytes))
    assert small.width < big.width and small.n_frames == big.n_frames == 4


def test_since_picture_rings_the_changes_or_is_none():
    s = new_game(NAMES, 5, {"stall_guard_rounds": 1})
    v = view(s, None)
    assert digest_png(v, [], 0) is None  # nothing changed: no picture
    events = [{"template": "turn", "args": {"seat": 0}},
              {"template": "turn", "args": {"seat": 1}},
              {"template": "placed", "args": {"seat": 1, "piece": "foot", "field": "F12",
                                              "cost": 1}},
              {"template": "turn", "args": {"seat": 0}}]
    png = digest_png(v, events, 0)
    assert png is not None and Image.open(io.BytesIO(png)).format == "PNG"
