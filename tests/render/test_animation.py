"""render/animation.py: the GIF written frame by frame shows every frame exactly, merges a
frame identical to the one before into it, and keeps only what changed."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image, ImageSequence

from render.animation import Animation


def palette() -> list[int]:
    rng = random.Random(5)
    return [rng.randrange(256) for _ in range(3 * 20)]


def frames() -> list[Image.Image]:
    """Six frames on one background: 1, 3 and 5 paint a square; 2 and 4 change nothing."""
    out, img = [], Image.new("P", (60, 40), 3)
    for i in range(6):
        img = img.copy()
        if i in (1, 3, 5):
            img.paste(i + 1, (i * 5, i * 3, i * 5 + 7, i * 3 + 9))
        out.append(img)
    return out


def rgb(frame: Image.Image, colours: list[int]) -> bytes:
    shown = frame.copy()
    shown.putpalette(colours + [0] * (768 - len(colours)))
    return shown.convert("RGB").tobytes()


def test_every_frame_reads_back_exactly_and_repeats_are_merged():
    colours = palette()
    anim = Animation(colours)
    given = frames()
    for i, frame in enumerate(given):
        anim.add(frame, 100 * (i + 1))
    gif = Image.open(io.BytesIO(anim.getvalue()))
    shown = [(f.convert("RGB").tobytes(), f.info["duration"]) for f in ImageSequence.Iterator(gif)]
    # frame 2 repeats frame 1 and frame 4 repeats frame 3: their time goes to the one before
    assert [d for _, d in shown] == [100, 200 + 300, 400 + 500, 600]
    assert [s for s, _ in shown] == [rgb(given[i], colours) for i in (0, 1, 3, 5)]
    assert anim.frames == 4 and gif.info["loop"] == 0


def test_a_later_frame_holds_only_the_changed_rectangle():
    anim = Animation(palette())
    for i, frame in enumerate(frames()[:2]):
        anim.add(frame, 100 * (i + 1))
    gif = Image.open(io.BytesIO(anim.getvalue()))
    gif.seek(1)
    assert gif.tile[0][1] == (5, 3, 12, 12)  # the square frame 1 painted, nothing else


def test_frames_must_keep_their_size_and_an_empty_animation_is_refused():
    anim = Animation(palette())
    with pytest.raises(ValueError):
        anim.getvalue()
    anim.add(Image.new("P", (10, 10)), 100)
    with pytest.raises(ValueError):
        anim.add(Image.new("P", (11, 10)), 100)
