"""Amun-Re's pictures as a player sees them (issue 31): what a hand or the board writes, word by
word, in every language, and the size of the board's key facts at Discord's inline width.

The words are collected as they are drawn: every call of TextDraw.text inside `drawn()` is
noted with its font and the box its letters cover (full-size pixels), while an overflow audit
makes every memoised region draw afresh.

"Readable at 480 px" is defined as: the picture scaled to 480 px wide, the text's font has a cap
height (the height of "H") of at least MIN_CAP_PX = 9 px; that is 12-13 px type, the smallest
the phone apps set their own small print in. The key facts held to it: each province's name and
its owner's letter, the number of farmers and of pyramids in each province, every bid on the
table (its value and the name of its province), the temple's space, each seat's name and
score."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

import pytest
from PIL import ImageFont

import engine.amunre as A
from data.amunre import CARD_PHASES
from data.i18n import LANGUAGES
from engine.amunre.view import View
from render.amunre import board, common, draw_board, draw_hand
from render.cli import simulate
from render.typeface import Overflow, TextDraw, overflow_audit
from tests.render.amunre.test_render_amunre import positions

INLINE_W = 480
MIN_CAP_PX = 9
CODES = frozenset(CARD_PHASES)  # BB, OV, FF, MB, SC, G8, HI, BPC, BFA, BUL, BEW, BNB


@dataclass(frozen=True)
class Drawn:
    text: str
    box: tuple[int, int, int, int]  # what its letters cover, full size
    cap: int  # the cap height of its font, full size

    @property
    def centre(self) -> tuple[float, float]:
        return (self.box[0] + self.box[2]) / 2, (self.box[1] + self.box[3]) / 2

    def inside(self, box: tuple[int, int, int, int]) -> bool:
        x, y = self.centre
        return box[0] <= x <= box[2] and box[1] <= y <= box[3]

    def inline_cap(self, width: int) -> float:
        return self.cap * INLINE_W / width


class Texts(list[Drawn]):
    """The texts drawn, and those that did not fit their boxes (`overflows`, as
    render.typeface.overflow_audit notes them)."""
    overflows: list[Overflow]


@contextmanager
def drawn(monkeypatch: pytest.MonkeyPatch) -> Iterator[Texts]:
    """Every text drawn inside the block (memoised regions drawn afresh)."""
    found = Texts()
    original = TextDraw.text

    def text(self, xy, text, fill=None, font=None, anchor=None, *args, **kwargs):  # type: ignore[no-untyped-def]
        if isinstance(font, ImageFont.FreeTypeFont) and text:
            left, top, right, bottom = font.getbbox(text, anchor=anchor or "la")
            cap = -font.getbbox("H", anchor="ls")[1]
            found.append(Drawn(text, (round(xy[0] + left), round(xy[1] + top),
                                      round(xy[0] + right), round(xy[1] + bottom)), cap))
        return original(self, xy, text, fill, font, anchor, *args, **kwargs)

    with monkeypatch.context() as m, overflow_audit() as overflows:
        m.setattr(TextDraw, "text", text)
        found.overflows = overflows
        yield found


def words(texts: list[Drawn]) -> set[str]:
    return {w for d in texts for w in re.findall(r"[A-Za-z0-9]+", d.text)}


# --- no internal card code ------------------------------------------------------------------

def _full_hand(s: A.game.State) -> A.game.State:
    """`s` with seat 0 holding every power card (two Master Builders, one of them played)."""
    s = s.clone()
    s.players[0].cards = sorted(CODES) + ["MB"]
    s.players[0].played = ["MB"]
    return s


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_hand_shows_no_internal_card_code(monkeypatch, lang):
    """Every card in a hand is named in the player's language: its full name, never the
    engine's code (MB, BNB, ...)."""
    shown = 0
    for s in [_full_hand(positions(4)[12]), *positions(5)[::6]]:
        for seat in range(len(s.players)):
            v = A.view(s, seat)
            with drawn(monkeypatch) as texts:
                draw_hand(v, lang)
            assert not words(texts) & CODES, (lang, seat, sorted(words(texts) & CODES))
            assert texts.overflows == [], (lang, seat)
            for card in set(v.players[seat].cards or []):
                # the full name is there (over two lines when long)
                name = common.named("card", card, lang)
                assert name != card
                assert name.split()[0] in " ".join(d.text for d in texts), (lang, card)
                shown += 1
    assert shown > 12


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_board_shows_no_internal_card_code(monkeypatch, lang):
    """The cards the seats played this round (their tags), the income cards on a province and
    the discard pile are named by short labels of the language, never by code."""
    seen = Counter[str]()
    for n in (3, 5):
        for s in positions(n):
            v = A.view(s, None)
            with drawn(monkeypatch) as texts:
                draw_board(v, lang)
            assert not words(texts) & CODES, (lang, v.round, v.phase, sorted(words(texts) & CODES))
            for p in v.players:
                seen.update(p.played)
            seen.update(v.power_discard)
    assert len(seen) == len(CODES)  # every kind of card was on some board


def test_every_card_has_a_short_label_of_its_own_in_every_language():
    for lang in LANGUAGES:
        labels = {card: common.short_card(card, lang) for card in CODES}
        assert len(set(labels.values())) == len(CODES), lang
        for card, label in labels.items():
            assert label != card and not set(re.findall(r"[A-Za-z0-9]+", label)) & CODES


# --- the key facts at 480 px ----------------------------------------------------------------

def _small(texts: list[Drawn], width: int) -> list[tuple[str, float]]:
    return [(d.text, round(d.inline_cap(width), 1)) for d in texts
            if d.inline_cap(width) < MIN_CAP_PX]


def _in(texts: list[Drawn], box: tuple[int, int, int, int], text: str | None = None
        ) -> list[Drawn]:
    return [d for d in texts if d.inside(box) and (text is None or d.text == text)]


def _facts(monkeypatch, v: View, lang: str) -> tuple[list[tuple[str, str]], int]:
    """The key facts of a board that are missing or smaller than MIN_CAP_PX at 480 px, as
    (fact, what), and how many facts were looked at."""
    with drawn(monkeypatch) as texts:
        img = draw_board(v, lang)
    width = img.width
    missing: list[tuple[str, str]] = []
    looked = 0

    def need(fact: str, found: list[Drawn]) -> None:
        nonlocal looked
        looked += 1
        if not any(d.inline_cap(width) >= MIN_CAP_PX for d in found):
            missing.append((fact, repr(_small(found, width) or "not drawn")))

    boxes = {name: board.province_box(name) for name in v.provinces}
    for name, pv in v.provinces.items():
        band = board.band_box(name)
        need(f"{name}: name", _in(texts, band, common.named("province", name, lang)))
        if pv.owner is not None:
            mark = common.letter(v.players[pv.owner].colour, lang)
            need(f"{name}: owner", _in(texts, band, mark))
        x0, _, x1, y1 = boxes[name]
        body = (x0, band[3], x1, y1)
        numbers = Counter(d.text for d in _in(texts, body)
                          if d.text.isdigit() and d.inline_cap(width) >= MIN_CAP_PX)
        for what, n in (("farmers", pv.farmers), ("pyramids", pv.pyramids)):
            if n:
                looked += 1
                if numbers[str(n)] < 1:
                    missing.append((f"{name}: {what} {n}",
                                    repr(_small(_in(texts, body, str(n)), width) or "not drawn")))
                numbers[str(n)] -= 1
    # every bid on the table: its value in the row of its province's name (off the map)
    on_map = list(boxes.values())
    for p in v.players:
        if p.marker:
            name = common.named("province", p.marker["province"], lang)
            rows = [d for d in texts if d.text == name and not any(d.inside(b) for b in on_map)]
            need(f"bid row of {name}", rows)
            values = [d for d in texts if d.text == str(p.marker["value"])
                      and any(abs(d.centre[1] - r.centre[1]) <= 30 and d.box[0] > r.box[2]
                              for r in rows)]
            need(f"bid {p.name} {p.marker['value']} on {name}", values)
    # the temple: the number (or the start) of the space its marker stands on
    markers = [d for d in texts if d.text == "☥"]  # on a gold disc: found, not read
    assert len(markers) == 1
    label = str(v.temple) if v.temple else common.tr("start", lang)
    need(f"temple space {label}",
         [d for d in texts if d.text == label and any(
             abs(d.centre[0] - m.centre[0]) <= 20 and d.box[3] < m.box[1] for m in markers)])
    for p in v.players:
        need(f"{p.name}: name", [d for d in texts if d.text == p.name])
        need(f"{p.name}: score", [d for d in texts if d.text == str(p.score)])
    return missing, looked


@pytest.mark.parametrize("n", [3, 4, 5])
def test_the_key_facts_read_at_the_inline_width(monkeypatch, n):
    """Through a whole game (every round and phase, with and without bids on the table),
    scaled to 480 px wide the board writes each key fact in type with a cap height of at
    least 9 px."""
    looked = 0
    bids = 0
    for i, s in enumerate(positions(n)):
        v = A.view(s, None)
        missing, k = _facts(monkeypatch, v, LANGUAGES[i % len(LANGUAGES)])
        assert missing == [], (v.round, v.phase, missing)
        looked += k
        bids += sum(1 for p in v.players if p.marker)
    assert looked > 100 and bids > 0


def test_the_key_facts_read_at_the_inline_width_late_in_a_long_game(monkeypatch):
    """The end of a game, in each language: many pieces, every province owned."""
    state, _ = simulate("amunre", 5, 3, 10_000)
    v = A.view(state, None)
    assert v.result is not None
    for lang in LANGUAGES:
        missing, looked = _facts(monkeypatch, v, lang)
        assert missing == [] and looked > 40, (lang, missing)
