"""PNG encoding with fixed options, so that the same picture always gives the same bytes, and
the fixed palettes the pictures are drawn in.

Pictures are stored as 8-bit palette PNGs: board-game art has few colours, and a palette image
is a third of the data, which keeps encoding of a full board well inside its time budget.
Mapping to a fixed palette (nearest colour, no dithering) is deterministic.

The pictures are drawn straight into palette ("P") images (see `Palette` and
`render.typeface.TextDraw`), which spares the conversion of a whole RGB picture per turn: a
shape's colour becomes the palette index the conversion would have given it, and anti-aliased
text is pasted from stamps converted once. Drawing the same picture in RGB and converting it
with `Palette.quantize` (the reference path the tests compare with) gives the same pixels."""

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


# Pillow maps to a palette through a coarse colour cache: shades kept this far from every other
# entry guarantee that each flat colour still maps to itself
MIN_DISTANCE = 14


def flat_colours(namespace: dict[str, object]) -> list[RGB]:
    """Every colour a palette module defines: its RGB tuples and the values of its dicts of
    them (pass the module's `globals()`)."""
    flat: list[RGB] = []
    for value in list(namespace.values()):
        if isinstance(value, tuple) and len(value) == 3 and all(isinstance(c, int) for c in value):
            flat.append(value)  # type: ignore[arg-type]
        elif isinstance(value, dict):
            flat += [c for c in value.values() if isinstance(c, tuple)]
    return flat


def with_shades(flat: Iterable[RGB], pairs: Iterable[tuple[RGB, Iterable[RGB]]],
                limit: int) -> list[RGB]:
    """The flat colours, then the in-between shades (a quarter, a half, three quarters) of
    each (ink, surfaces) pair that are not already near a listed colour: text and edges drawn
    on those surfaces keep smooth anti-aliased edges in the palette PNG. At most `limit`."""
    colours = list(dict.fromkeys(flat))
    for fg, bgs in pairs:
        for bg in bgs:
            for f in (0.25, 0.5, 0.75):
                shade = _blend(bg, fg, f)
                if min(_distance(shade, c) for c in colours) >= MIN_DISTANCE:
                    colours.append(shade)
    return colours[:limit]


def _blend(a: RGB, b: RGB, f: float) -> RGB:
    return (round(a[0] + (b[0] - a[0]) * f), round(a[1] + (b[1] - a[1]) * f),
            round(a[2] + (b[2] - a[2]) * f))


def _distance(a: RGB, b: RGB) -> float:
    return ((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2 + (a[2] - b[2]) ** 2) ** 0.5


class Palette:
    """A fixed palette to draw palette images in.

    `index(rgb)` is the index the conversion of an RGB picture (`quantize`) gives a pixel of
    that colour: the nearest entry through Pillow's colour cache, which is not always the
    entry of the colour itself (a colour listed twice, or one within the cache's coarseness of
    another). Drawing with these indices gives what drawing in RGB and converting gave."""

    _known: dict[bytes, Palette] = {}  # by the palette's bytes

    def __init__(self, colours: Iterable[RGB]) -> None:
        self.holder = palette_image(colours)
        self.holder.load()
        self.data: bytes = self.holder.im.getpalette("RGB", "RGB")
        self.rgb: list[RGB] = [tuple(self.data[i:i + 3]) for i in range(0, 768, 3)]  # type: ignore[misc]
        self._index: dict[RGB, int] = {}
        probe = Image.new("RGB", (256, 1))
        probe.putdata(self.rgb)
        mapped = self.quantize(probe).im
        for i, rgb in enumerate(self.rgb):
            self._index.setdefault(rgb, mapped.getpixel((i, 0)))
        for i in sorted(set(self._index.values())):
            # an index the conversion gives must give itself again: a palette picture turned
            # back into RGB (to blend text into it) and converted keeps its other pixels
            if self.index(self.rgb[i]) != i:
                raise ValueError(f"palette entry {i} {self.rgb[i]} does not map to itself")
            if i == 255:  # render.typeface keeps the last index for "nothing drawn here"
                raise ValueError("a palette to draw in holds at most 255 colours")
        Palette._known.setdefault(self.data, self)

    @classmethod
    def of(cls, image: Image.Image) -> Palette:
        """The Palette of a palette image (made by `new`, `quantize` or a copy of one); a
        ValueError for a palette that is not one of `palette_image`'s."""
        image.load()
        data = image.im.getpalette("RGB", "RGB")
        found = cls._known.get(data)
        if found is None:
            found = cls(tuple(data[i:i + 3]) for i in range(0, len(data), 3))
            if found.data != data:  # its indices would not be the image's
                raise ValueError("not a palette of render.png.palette_image")
        return found

    def index(self, rgb: RGB) -> int:
        """The palette index a pixel of colour `rgb` gets in the conversion."""
        found = self._index.get(rgb)
        if found is None:
            probe = Image.new("RGB", (1, 1), rgb)
            found = self._index[rgb] = self.quantize(probe).im.getpixel((0, 0))
        return found

    def quantize(self, image: Image.Image) -> Image.Image:
        """An RGB picture in this palette (each pixel the nearest colour, no dithering)."""
        return image.quantize(palette=self.holder, dither=Image.Dither.NONE)

    def new(self, size: tuple[int, int], colour: RGB) -> Image.Image:
        """A palette image of one colour."""
        img = Image.new("P", size, self.index(colour))
        img.putpalette(self.data)
        return img


def to_palette(image: Image.Image, palette: Image.Image | None) -> Image.Image:
    """The picture as it is stored: an RGB picture converted to `palette` (a holder from
    `palette_image`); a palette picture (drawn in its palette) as it is."""
    if palette is None or image.mode == "P":
        return image
    return image.quantize(palette=palette, dither=Image.Dither.NONE)


def save_png(image: Image.Image) -> bytes:
    out = io.BytesIO()
    # no text chunks, no timestamps, no optimisation pass: output depends on the pixels only
    image.save(out, format="PNG", compress_level=COMPRESS_LEVEL, optimize=False)
    return out.getvalue()


def encode(image: Image.Image, palette: Image.Image | None = None) -> bytes:
    return save_png(to_palette(image, palette))
