"""An animated GIF written one frame at a time, for the end-of-game replays.

Pillow's own GIF writer keeps every full frame of an animation until it writes the file, so a
200-turn replay held 200 full boards at once (issue 27: each finished game's replay grew the
bot by 110-150 MB). Here a frame is encoded as soon as the next one arrives, and only the
previous frame (to see what changed) and the encoded bytes stay in memory: a replay costs a
board or two however long the game was.

Every frame after the first holds only the rectangle where it differs from the frame before,
and inside it the pixels that did not change are left clear, so a turn costs only the fields,
scores and lines it changed."""

from __future__ import annotations

import io
from collections.abc import Sequence

from PIL import GifImagePlugin, Image, ImageChops

CLEAR = 255  # the palette index of "as in the frame before"
_SAME = [255] + [0] * 255  # a difference of 0 (unchanged) -> the paste mask


class Animation:
    """Frames in, GIF bytes out. Each frame is a palette image ("P") whose indices are below
    `CLEAR`, in the palette given (a flat list of up to 255 RGB triples); frames all have the
    first frame's size. A frame identical to the one before lengthens that one instead."""

    def __init__(self, palette: Sequence[int]) -> None:
        colours = list(palette)[: 3 * CLEAR]
        self._palette = colours + [0, 0, 0] * (256 - len(colours) // 3)
        self._out = io.BytesIO()
        self._prev: Image.Image | None = None  # the previous frame's indices ("L")
        self._pending: tuple[Image.Image, tuple[int, int], int] | None = None
        self.frames = 0  # frames written or pending (identical ones merged)

    @property
    def size(self) -> int:
        """The bytes written so far (the pending frame not counted)."""
        return self._out.tell()

    def add(self, frame: Image.Image, ms: int) -> None:
        """Append `frame`, shown for `ms` milliseconds."""
        cur = Image.frombytes("L", frame.size, frame.tobytes())  # its palette indices
        if self._prev is None:
            self._write_header(cur)
            self._pending = (cur, (0, 0), ms)
            self._prev = cur
            self.frames = 1
            return
        if cur.size != self._prev.size:
            raise ValueError(f"a frame of {cur.size} after frames of {self._prev.size}")
        changed = ImageChops.difference(cur, self._prev)
        box = changed.getbbox()
        if box is None:  # nothing moved: the frame before stays up longer
            assert self._pending is not None
            image, offset, before = self._pending
            self._pending = (image, offset, before + ms)
            return
        self._flush()
        part = cur.crop(box)
        part.paste(CLEAR, mask=changed.crop(box).point(_SAME))
        self._pending = (part, box[:2], ms)
        self._prev = cur
        self.frames += 1

    def getvalue(self) -> bytes:
        """The finished GIF (after the last frame; adding more frames afterwards is an error)."""
        if self._prev is None:
            raise ValueError("an animation needs at least one frame")
        self._flush()
        if not self._out.getvalue().endswith(b";"):
            self._out.write(b";")  # the GIF trailer
        self._prev = None
        return self._out.getvalue()

    def _paletted(self, indices: Image.Image) -> Image.Image:
        img = Image.frombytes("P", indices.size, indices.tobytes())
        img.putpalette(self._palette)
        return img

    def _write_header(self, first: Image.Image) -> None:
        header, _ = GifImagePlugin.getheader(self._paletted(first), None,
                                             {"loop": 0, "optimize": False})
        for chunk in header:
            self._out.write(chunk)

    def _flush(self) -> None:
        """Write the pending frame, now that its duration is known."""
        if self._pending is None:
            return
        image, offset, ms = self._pending
        for chunk in GifImagePlugin.getdata(self._paletted(image), offset, duration=ms,
                                            disposal=1, transparency=CLEAR):
            self._out.write(chunk)
        self._pending = None
