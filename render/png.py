"""PNG encoding with fixed options, so that the same picture always gives the same bytes.

Pictures are drawn in RGB and stored as 8-bit palette PNGs: board-game art has few colours, and a
palette image is a third of the data, which keeps encoding of a full board well inside its time
budget. Mapping to a fixed palette (nearest colour, no dithering) is deterministic."""

from __future__ import annotations

import io
from collections.abc import Iterable

from PIL import Image

COMPRESS_LEVEL = 1  # fastest; flat board-game art still compresses to ~200 kB

RGB = tuple[int, int, int]


def palette_image(colours: Iterable[RGB]) -> Image.Image:
    """A palette holder for `encode`: the given colours (at most 256, duplicates dropped)."""
    unique = list(dict.fromkeys(colours))
    if not unique or len(unique) > 256:
        raise ValueError(f"a palette needs 1 to 256 colours, got {len(unique)}")
    unique += [unique[0]] * (256 - len(unique))
    holder = Image.new("P", (1, 1))
    holder.putpalette([c for rgb in unique for c in rgb])
    return holder


def encode(image: Image.Image, palette: Image.Image | None = None) -> bytes:
    if palette is not None:
        image = image.quantize(palette=palette, dither=Image.Dither.NONE)
    out = io.BytesIO()
    # no text chunks, no timestamps, no optimisation pass: output depends on the pixels only
    image.save(out, format="PNG", compress_level=COMPRESS_LEVEL, optimize=False)
    return out.getvalue()
