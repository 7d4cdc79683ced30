"""The picture plumbing under render/: shipped fonts, cached text, the fixed palette PNG encoder."""

from __future__ import annotations

import io
from itertools import combinations

import pytest
from PIL import Image, ImageChops, ImageDraw

from render import png, typeface
from render.pantheon import palette as pal
from render.pantheon.board import PALETTE
from render.png import encode, palette_image


def test_fonts_ship_with_the_project_and_carry_their_licence():
    for path in (typeface.REGULAR, typeface.BOLD):
        assert path.parent == typeface.FONT_DIR and path.is_file()
        assert typeface.font(14, path == typeface.BOLD).path == str(path)
    assert "Bitstream" in (typeface.FONT_DIR / "LICENSE.txt").read_text(encoding="utf-8")


def test_no_text_below_the_minimum_size():
    assert typeface.MIN_TEXT_PX == 12
    with pytest.raises(ValueError, match="minimum"):
        typeface.font(11)


def test_cached_text_draws_the_same_pixels_as_pillow():
    plain = Image.new("RGB", (320, 70), pal.PANEL)
    cached = plain.copy()
    for draw in (ImageDraw.Draw(plain), typeface.TextDraw(cached)):
        draw.text((8, 6), "Priests ×4 · G3", font=typeface.font(15, True), fill=pal.INK)
        draw.text((200, 40), "Q29", font=typeface.font(13, True), fill=pal.LABEL, anchor="mm")
        draw.text((300, 40), "Ann", font=typeface.font(16), fill=pal.INK, anchor="rm")
    assert ImageChops.difference(plain, cached).getbbox() is None


def test_fit_shortens_with_an_ellipsis():
    long = "Aurelia Maximiliana of Carthage"
    short = typeface.fit(long, 16, 120)
    assert short.endswith("…") and typeface.text_width(short, 16) <= 120
    assert typeface.fit("Ann", 16, 120) == "Ann"


def test_every_flat_colour_survives_the_palette_png():
    # pixel probes in the tests rely on exact colours after the palette mapping
    flat = list(dict.fromkeys(c for c in pal.QUANT_COLOURS))
    img = Image.new("RGB", (len(flat), 1))
    img.putdata(flat)
    decoded = Image.open(io.BytesIO(encode(img, PALETTE))).convert("RGB")
    assert [decoded.getpixel((i, 0)) for i in range(len(flat))] == flat


def test_palette_entries_stay_apart():
    close = [(a, b) for a, b in combinations(pal.QUANT_COLOURS, 2)
             if png._distance(a, b) < png.MIN_DISTANCE]
    assert close == []
    assert len(pal.QUANT_COLOURS) <= 256


def test_encoding_is_deterministic_and_plain():
    img = Image.new("RGB", (64, 32), pal.LAND)
    ImageDraw.Draw(img).ellipse((10, 4, 30, 28), fill=pal.PLAYER["blue"])
    a, b = encode(img, PALETTE), encode(img.copy(), PALETTE)
    assert a == b
    assert b"tIME" not in a and b"tEXt" not in a  # no timestamps or text chunks
    with pytest.raises(ValueError):
        palette_image([])
