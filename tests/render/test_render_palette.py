"""Pictures drawn straight into their palette (render.png.Palette, render.typeface.TextDraw) show
what drawing them in RGB and converting them gave: the reference path (`rgb=True`) is still
there, and every picture of a few positions of both games is compared with it pixel by pixel.

The one case where the two may differ (documented on TextDraw): text blended over the
anti-aliased edge of other text drawn earlier in the same picture starts from the palette colour
that edge was given, not from its exact RGB blend. Where a layout lets two texts overlap, a few
pixels can differ by a shade; TOLERANCE bounds them. (Before the palette drawing replaced the RGB
one, 2,228 pictures of 432 positions of both games in all four languages were compared with the
old code's: 2,204 were byte-identical, the other 24 differed in at most 2 pixels each, all where
a god chip's text runs into the line under it at the end of a 4-player Pantheon game.)"""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image, ImageChops, ImageDraw

from data.i18n import LANGUAGES
from engine import registry
from engine.simulate import play_random
from render import typeface, words
from render.amunre import board as amunre_board
from render.amunre import hand as amunre_hand
from render.amunre import palette as amunre_pal
from render.cli import simulate
from render.pantheon import background, focus
from render.pantheon import board as pantheon_board
from render.pantheon import hand as pantheon_hand
from render.pantheon import palette as pal
from render.png import Palette
from render.tta import palette as tta_pal

TOLERANCE = 16  # differing pixels allowed in one picture (text over other text's edge)


def differing(fast: Image.Image, reference: Image.Image) -> int:
    """Pixels whose colours differ between two pictures of the same size."""
    assert fast.mode == "P" and reference.mode == "RGB" and fast.size == reference.size
    diff = ImageChops.difference(fast.convert("RGB"), reference).convert("L")
    return sum(diff.point([0] + [1] * 255).histogram()[1:])


def pictures(game: str, state, seats: int, locale: str):  # type: ignore[no-untyped-def]
    """(name, draw, palette) of every picture of a position: draw(rgb) gives the palette
    drawing or the RGB reference."""
    rules = registry.rules(game)
    public = rules.view(state, None)
    if game == "pantheon":
        out = [("board", lambda rgb: pantheon_board.draw_board(public, locale, rgb), pal.PAL)]
        if focus.draw_focus(public, locale) is not None:
            out.append(("focus", lambda rgb: focus.draw_focus(public, locale, rgb), pal.PAL))
        draw_hand, colours = pantheon_hand.draw_hand, pal.PAL
    else:
        out = [("board", lambda rgb: amunre_board.draw_board(public, locale, rgb),
                amunre_pal.PAL)]
        draw_hand, colours = amunre_hand.draw_hand, amunre_pal.PAL
    for seat in range(seats):
        own = rules.view(state, seat)
        out.append((f"hand {seat}", lambda rgb, own=own: draw_hand(own, locale, rgb), colours))
    return out


@pytest.mark.parametrize(("game", "seats", "decisions", "locale"), [
    ("pantheon", 2, 0, "en"), ("pantheon", 3, 90, "cs"), ("pantheon", 4, 400, "de"),
    ("amunre", 3, 40, "pl"), ("amunre", 5, 160, "en"), ("amunre", 4, 5000, "de"),
])
def test_palette_drawing_matches_the_rgb_reference(game, seats, decisions, locale):
    state, _ = simulate(game, seats, 2, decisions)
    for name, draw, colours in pictures(game, state, seats, locale):
        fast, reference = draw(False), colours.quantize(draw(True)).convert("RGB")
        assert differing(fast, reference) <= TOLERANCE, (game, seats, decisions, name)


def test_shapes_in_a_palette_match_rgb_and_their_memo():
    """Rectangles, rounded rectangles, ellipses, polygons (wide outlines too) and lines: drawn
    in the palette (the first time straight, the second time alone and remembered, then pasted
    from the memo) they are the pixels of the RGB drawing converted."""
    colours = [pal.INK, pal.PANEL, pal.NEW_RING, pal.PLAYER["blue"], pal.WHITE, (1, 2, 3)]

    def scene(d: ImageDraw.ImageDraw, seed: int) -> None:
        r = random.Random(seed)
        for _ in range(60):
            x, y = r.randrange(-20, 300), r.randrange(-20, 200)
            w, h = r.randrange(1, 120), r.randrange(1, 90)
            fill = r.choice([None, *colours])
            outline = r.choice([None, *colours])
            width = r.choice([1, 2, 3, 6])
            kind = r.randrange(5)
            if kind == 0:
                d.rectangle((x, y, x + w, y + h), fill=fill, outline=outline, width=width)
            elif kind == 1:
                d.rounded_rectangle((x, y, x + w, y + h), r.choice([0, 3, 8, 30]), fill=fill,
                                    outline=outline, width=width)
            elif kind == 2:
                d.ellipse((x, y, x + w, y + h), fill=fill, outline=outline, width=width)
            elif kind == 3:
                points = [(x + r.uniform(0, w), y + r.uniform(0, h))
                          for _ in range(r.choice([3, 6]))]
                d.polygon(points, fill=fill, outline=outline or pal.INK, width=width)
            else:
                d.line((x, y, x + w, y + h), fill=outline or pal.INK, width=width)

    for seed in range(6):
        reference = Image.new("RGB", (320, 220), pal.BACKGROUND)
        scene(typeface.TextDraw(reference), seed)
        want = pal.PAL.quantize(reference).convert("RGB")
        for _ in range(3):  # drawn, drawn alone and remembered, pasted from the memo
            fast = pal.PAL.new((320, 220), pal.BACKGROUND)
            scene(typeface.TextDraw(fast), seed)
            assert ImageChops.difference(fast.convert("RGB"), want).getbbox() is None


def test_text_on_one_or_several_colours_matches_rgb():
    """Text on one flat colour (a stamp), on a few flat colours (a stamp per colour), over a
    line and past the picture's edge (blended on the spot), with a stroke (Pillow's own)."""
    def scene(d: ImageDraw.ImageDraw) -> None:
        d.rectangle((0, 0, 159, 99), fill=pal.PANEL)
        d.rectangle((160, 0, 319, 99), fill=pal.PLAYER["red"])
        d.line((0, 50, 319, 50), fill=pal.INK, width=1)
        d.text((10, 10), "Flat Ĺ ×3", font=typeface.font(16), fill=pal.INK)
        d.text((160, 30), "Across", font=typeface.font(22, True), fill=pal.WHITE, anchor="mm")
        d.text((40, 50), "over a line", font=typeface.font(14), fill=pal.MUTED, anchor="lm")
        d.text((300, 90), "past the edge", font=typeface.font(14), fill=pal.INK)
        d.text((200, 70), "»2", font=typeface.font(16, True), fill=pal.CARD["move"],
               anchor="mm", stroke_width=1, stroke_fill=pal.OUTLINE)

    reference = Image.new("RGB", (320, 100), pal.BACKGROUND)
    scene(typeface.TextDraw(reference))
    fast = pal.PAL.new((320, 100), pal.BACKGROUND)
    with typeface.overflow_audit() as found:
        scene(typeface.TextDraw(fast))
    assert [o.text for o in found] == ["past the edge"]
    want = pal.PAL.quantize(reference).convert("RGB")
    assert ImageChops.difference(fast.convert("RGB"), want).getbbox() is None


@pytest.mark.parametrize("palette", [pal.PAL, amunre_pal.PAL, tta_pal.PAL])
def test_a_stamp_is_its_text_blended_in_rgb_and_converted(palette):
    """A text's stamp is its coverage looked up in the blend table of its ink and ground: the
    pixels of blending the text in RGB over that ground and converting the picture, for
    several inks and grounds of every game's palette."""
    rng = random.Random(5)
    inks = [palette.rgb[i] for i in rng.sample(range(40), 5)] + [(255, 255, 255), (0, 0, 0)]
    grounds = rng.sample(range(40), 6)
    for text in ("Świątynie ×4", "»2 Ağ", "Übersicht"):
        face = typeface.font(18, True)
        mask = typeface._text_mask(text, face, "la")[0]
        for ink in inks:
            for under in grounds:
                rgb = Image.new("RGB", mask.size, palette.rgb[under])
                rgb.paste(ink, (0, 0), mask)
                stamp = Image.new("L", mask.size)
                stamp.im.paste(typeface._stamp(text, face, "la", ink, under, palette),
                               (0, 0, *mask.size))
                assert stamp.tobytes() == palette.quantize(rgb).tobytes(), (text, ink, under)


def test_a_label_redrawn_over_the_background_keeps_its_exact_blend():
    """The board redraws a changed field's label over the cached background's own label: the
    background's exact RGB under it (TextDraw's `base`) gives the RGB drawing's pixels."""
    rgb, converted = background.pair(2, "en")
    field = next(f for f in pantheon_board.BOARD.fields if f.terrain != "water")
    reference = rgb.copy()
    background.label(typeface.TextDraw(reference), field)
    fast = converted.copy()
    background.label(typeface.TextDraw(fast, (rgb, converted)), field)
    want = pal.PAL.quantize(reference).convert("RGB")
    assert ImageChops.difference(fast.convert("RGB"), want).getbbox() is None


@pytest.mark.parametrize("colours", [pal.QUANT_COLOURS, amunre_pal.QUANT_COLOURS])
def test_palette_indices_are_the_conversion(colours):
    palette = Palette(colours)
    rng = random.Random(9)
    probe = [tuple(rng.randrange(256) for _ in range(3)) for _ in range(500)] + list(colours)
    img = Image.new("RGB", (len(probe), 1))
    img.putdata(probe)
    converted = palette.quantize(img)
    assert [palette.index(c) for c in probe] == [converted.getpixel((i, 0))
                                                for i in range(len(probe))]
    assert max(palette.index(c) for c in probe) < typeface.BLANK


def test_text_masks_are_pillows():
    """The cached coverage of a text is what ImageDraw.text draws with ink 255 on black."""
    for text in ("Aa", "Świątynie ×4", "Übersicht: Ödön", "ř ě ž č", "", " ", "»2", "☥", "–"):
        for face in (typeface.font(12), typeface.font(20, True)):
            for anchor in ("la", "mm", "rm", "ls", "mb"):
                mask, left, top = typeface._text_mask(text, face, anchor)
                l0, t0, r0, b0 = face.getbbox(text, anchor=anchor)
                want = Image.new("L", (max(1, r0 - l0), max(1, b0 - t0)))
                ImageDraw.Draw(want).text((-l0, -t0), text, font=face, fill=255, anchor=anchor)
                assert (left, top, mask.size) == (l0, t0, want.size)
                assert ImageChops.difference(mask, want).getbbox() is None


def test_same_bytes_from_the_memos_and_without_them():
    """A picture drawn with every memo warm (shapes, text stamps, texts) is the picture drawn
    with all of them emptied."""
    for game, seats in (("pantheon", 4), ("amunre", 5)):
        state, _ = simulate(game, seats, 3, 120)
        hooks, rules = registry.part(game, "render"), registry.rules(game)
        warm = [hooks.board_png(rules.view(state, None), lang) for lang in LANGUAGES[:2]]
        warm.append(hooks.hand_png(rules.view(state, 1)))
        typeface._SHAPES.clear()
        typeface._SEEN.clear()
        typeface._REGIONS.clear()
        typeface._stamp.cache_clear()
        typeface._stencil.cache_clear()
        typeface._text_mask.cache_clear()
        words._MEMO.clear()
        cold = [hooks.board_png(rules.view(state, None), lang) for lang in LANGUAGES[:2]]
        cold.append(hooks.hand_png(rules.view(state, 1)))
        assert warm == cold
        img = Image.open(io.BytesIO(cold[0]))
        assert img.mode == "P"


@pytest.mark.parametrize(("game", "seats", "seed"), [("amunre", 4, 11), ("pantheon", 4, 5)])
def test_remembered_regions_are_the_regions_drawn_afresh(game, seats, seed):
    """Parts of a board that did not change are pasted from a memo (TextDraw.memo_region):
    Amun-Re's province tiles, seat cards, temple and table panels, Pantheon's player panels.
    Through a whole game (owners, removed cards, cards on offer, ringed winners, gods gained),
    the board drawn with the memo warm from every earlier position is the board drawn with
    it empty."""
    rules = registry.rules(game)
    draw = amunre_board.draw_board if game == "amunre" else pantheon_board.draw_board
    state = rules.new_game([f"p{i}" for i in range(seats)], seed, None)
    rng = random.Random(seed)
    typeface._REGIONS.clear()
    compared = 0
    while rules.result(state) is None:
        state, _ = play_random(rules, state, rng, 6)
        view = rules.view(state, None)
        warm = draw(view, "cs").tobytes()
        typeface._REGIONS.clear()
        assert draw(view, "cs").tobytes() == warm, (game, state.decisions)
        compared += 1
    assert compared > 20 and len(typeface._REGIONS) > 0


def test_remembered_texts_are_the_catalogues(monkeypatch):
    """render.words.t gives what data.i18n.t gives, the second time too; True and 1 (or 1 and
    1.0) are different arguments; a replaced catalogue is read afresh."""
    from data import i18n
    calls = [("pantheon.render.board.cards_left", "cs", {"n": 1}),
             ("pantheon.render.board.cards_left", "cs", {"n": 5}),
             ("pantheon.render.board.cards_left", "pl", {"n": 1.0}),
             ("pantheon.render.board.cards_left", "pl", {"n": True}),
             ("amunre.render.harvest", None, {"n": 3}),
             ("no.such.key", "de", {})]
    for _ in range(2):
        for key, locale, args in calls:
            assert words.t(key, locale, **args) == i18n.t(key, locale, **args)
    with i18n.use_language("de"):
        assert words.t("amunre.render.harvest", None, n=3) == i18n.t("amunre.render.harvest", "de",
                                                                      n=3)
    monkeypatch.setattr(i18n, "catalogue", lambda loc: {"amunre.render.harvest": "X{n}"})
    assert words.t("amunre.render.harvest", "en", n=3) == "X3"
