"""Every card's words against their boxes, in every language (issue 29): for each card of
data.tta.CARDS, its name, cost, figures and effect as the hand card (render.tta.hand) and the
large card of the card lookup (render.tta.cardface.card_png) lay them out, and its name and
key figures on a small card of the card row (render.tta.table). Measured with the renderer's
own layout and fonts, whatever texts the catalogues hold: no line wider than its card, no
text shortened or cut (the overflow audit hears every `fit`), every line inside the card's
box, no card taller than its box (a hand card 1.6 times its width, the large card square), and
the hand's type large enough to read on a phone (11 px at 480 px wide)."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from data.i18n import LANGUAGES
from data.tta import CARDS
from engine.tta.cardtext import card_effect
from render.tta import cardface, hand, table
from render.tta.common import canvas, card_detail, row_tile
from render.tta.palette import BACKGROUND
from render.typeface import TextDraw, overflow_audit, text_width

PHONE_W = 480
READABLE_PX = 11
# The boxes a card's words must fit in height as well: a hand card at most 1.6 times as tall
# as it is wide (a printed card is 1.4), the lookup's large card at most square — a text that
# grows past them is too long for its card, not a reason for a taller card.
HAND_BOX_H = hand.CARD_W * 8 // 5
LARGE_BOX_H = cardface.LARGE_W


def lines_fit(face: cardface.Face) -> list[tuple[str, str, int]]:
    """Every line of a face wider than the card's room: (card, line, width)."""
    s = face.style
    room = face.width - 2 * s.pad
    out = []
    for part, size, bold in ((face.name, s.name, True), (face.cost, s.body, False),
                             (face.figures, s.body, True), (face.effect, s.body, False)):
        for line in part:
            w = text_width(line, size, bold)
            if w > room:
                out.append((face.card, line, w))
    return out


def whole(face: cardface.Face, lang: str) -> list[str]:
    """The effect as laid out is the effect as written: every letter there in its order (the
    lines' breaks and a hyphen at a broken word aside), none dropped or cut."""
    def letters(text: str) -> str:
        return "".join(text.split()).replace("-", "")
    return [] if letters(" ".join(face.effect)) == letters(card_effect(face.card, lang)) else [
        face.card]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_card_fits_the_hand_and_the_large_card(lang):
    problems: list[object] = []
    with overflow_audit() as found:
        for card in CARDS:
            for face in (cardface.hand_face(card, lang, hand.CARD_W),
                         cardface.large_face(card, lang)):
                problems += lines_fit(face)
                problems += whole(face, lang)
                assert face.effect, f"{card}: no effect text in {lang}"
                box_h = HAND_BOX_H if face.width == hand.CARD_W else LARGE_BOX_H
                if face.height > box_h:
                    problems.append((card, "taller than its box", face.height, box_h))
                img, d = canvas((face.width + 4, face.height + 4), True)
                cardface.draw_face(d, (2, 2, face.width + 2, face.height + 2), face)
                # nothing drawn below the box: the last row of the canvas is background
                bottom = img.crop((0, face.height + 3, face.width + 4, face.height + 4))
                assert [c for _, c in bottom.getcolors()] == [BACKGROUND], card
    assert problems == [] and found == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_card_fits_a_space_of_the_card_row(lang, monkeypatch):
    """Every card in a space of the row (its name, key figures, cost and a two-digit space
    number), every tactic in the tactics area too (T-TAC-4), without a cut, a line past the
    card's edges or two texts over each other."""
    spaces = [(card, table.CARD_W, card_detail(card, lang), "13") for card in CARDS]
    spaces += [(card, table.TACTIC_W, "", "") for card in CARDS
               if CARDS[card].kind == "tactic"]
    drawn: list[tuple[int, int, int, int]] = []
    original = TextDraw.text

    def text(self, xy, text, fill=None, font=None, anchor=None, *args, **kwargs):  # type: ignore[no-untyped-def]
        drawn.append(self.textbbox(xy, text, font=font, anchor=anchor))
        return original(self, xy, text, fill, font, anchor, *args, **kwargs)

    monkeypatch.setattr(TextDraw, "text", text)
    with overflow_audit() as found:
        for card, w, detail, corner in spaces:
            drawn.clear()
            img, d = canvas((w + 20, table.CARD_H + 20), True)
            row_tile(d, (10, 10, 10 + w, 10 + table.CARD_H), card, lang, detail,
                     name_lines=3, corner=corner,
                     figures=cardface.figures(card, lang, key_only=True),
                     style=table.ROW_TILE)
            # nothing drawn under the card: the canvas under its box is background
            under = img.crop((0, 12 + table.CARD_H, w + 20, table.CARD_H + 20))
            assert [c for _, c in under.getcolors()] == [BACKGROUND], card
            # every text inside the card, none over another (the band's two texts included)
            assert all(10 < x0 < x1 < 10 + w and 10 < y0 < y1 < 10 + table.CARD_H
                       for x0, y0, x1, y1 in drawn), (card, drawn)
            assert not any(a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]
                           for i, a in enumerate(drawn) for b in drawn[i + 1:]), (card, drawn)
    assert [(o.text, o.width, o.room) for o in found] == []


def test_the_hand_is_readable_on_a_phone():
    assert cardface.HAND.body * PHONE_W / hand.WIDTH >= READABLE_PX
    assert cardface.HAND.name * PHONE_W / hand.WIDTH >= READABLE_PX


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_large_card_is_a_png_of_the_card(lang):
    data = cardface.card_png("st_peters_basilica_i", lang)
    img = Image.open(io.BytesIO(data))
    assert img.width == cardface.LARGE_W
    assert img.height == cardface.large_face("st_peters_basilica_i", lang).height \
        + 2 * cardface.LARGE.pad
    assert cardface.card_png("st_peters_basilica_i", lang) == data  # a pure function
    with pytest.raises(ValueError):
        cardface.card_png("no_such_card", lang)
