"""A seat's private hand: its gold, its power cards (each with the phase in which it is played,
those playable in the current phase marked), the −3 card, and its sealed sacrifice or phase-6
choice until the reveal (A-INFO-1, A-INFO-8).

Only the viewing seat's own PlayerView is read (never another seat's, nor the board); a
spectator's view (seat None) holds no hand and is refused, as for Pantheon. At Discord's inline
width (480 pixels, half size) the gold, the phases and the card names stay readable."""

from __future__ import annotations

from collections import Counter
from typing import Any

from PIL import Image

from data.amunre import CARD_PHASES
from engine.amunre.view import PlayerView, View
from render.typeface import BREAKS, TextDraw, fit, font, text_width, wrap

from . import palette as pal
from .common import Draw, coin, named, png, seat_chip, tr

WIDTH = 960
MARGIN = 16
HEADER_H = 72
CARD_W, CARD_H, CARD_GAP = 170, 128, 12
PHASE_OF = {"auction": 2, "buy": 3, "sacrifice": 4, "income": 5, "scoring": 6}


def hand_png(view: View, locale: str | None = None) -> bytes:
    return png(draw_hand(view, locale))


def draw_hand(view: View, locale: str | None = None, rgb: bool = False) -> Image.Image:
    """The hand in the palette (in RGB with `rgb`: the reference, see board.draw_board)."""
    me = _own(view)
    if me is None:
        raise ValueError("hand_png needs a seat view: a spectator holds no hand")
    cards = Counter(me.cards or [])
    kinds = sorted(cards, key=lambda c: (CARD_PHASES.get(c, 9), c))
    per_row = (WIDTH - 2 * MARGIN + CARD_GAP) // (CARD_W + CARD_GAP)
    rows = max(1, -(-len(kinds) // per_row))
    cards_top = HEADER_H + 16 + 168 + 16
    height = cards_top + 44 + rows * (CARD_H + CARD_GAP) + 56
    size = (WIDTH, height)
    img = Image.new("RGB", size, pal.BACKGROUND) if rgb else pal.PAL.new(size, pal.BACKGROUND)
    d = TextDraw(img)
    _header(d, view, me, locale)
    _gold(d, me, HEADER_H + 16, locale)
    _minus3(d, me, HEADER_H + 16, locale)
    _sealed(d, me, HEADER_H + 16, locale)
    d.text((MARGIN, cards_top + 18), tr("power_cards", locale), font=font(22, True),
           fill=pal.INK, anchor="lm")
    now = PHASE_OF.get(view.phase)
    if not kinds:
        d.text((MARGIN, cards_top + 64), tr("no_cards", locale), font=font(20), fill=pal.MUTED,
               anchor="lm")
    for i, card in enumerate(kinds):
        x = MARGIN + (i % per_row) * (CARD_W + CARD_GAP)
        y = cards_top + 40 + (i // per_row) * (CARD_H + CARD_GAP)
        _card(d, x, y, card, cards[card], now, card in me.played, locale)
    provinces = ", ".join(named("province", x, locale) for x in me.provinces)
    d.text((MARGIN, height - 28), fit(tr("your_provinces", locale,
                                          provinces=provinces or tr("none", locale)),
                                       18, WIDTH - 2 * MARGIN),
           font=font(18), fill=pal.INK, anchor="lm")
    return img


def _own(view: View) -> PlayerView | None:
    """The viewing seat's PlayerView if the view holds its hidden part."""
    if view.seat is None or not 0 <= view.seat < len(view.players):
        return None
    me = view.players[view.seat]
    return me if me.gold is not None and me.cards is not None else None


def _header(d: Draw, view: View, me: PlayerView, locale: str | None) -> None:
    d.rectangle((0, 0, WIDTH, HEADER_H), fill=pal.HEADER)
    seat_chip(d, MARGIN, 14, 44, me.colour, locale)
    title = tr("hand_title", locale, name=me.name, round=view.round,
               phase=named("phase", view.phase, locale))
    d.text((MARGIN + 58, HEADER_H / 2), fit(title, 24, WIDTH - MARGIN * 2 - 60, True),
           font=font(24, True), fill=pal.HEADER_INK, anchor="lm")


def _box(d: Draw, x0: int, y0: int, x1: int, y1: int, title: str) -> None:
    d.rounded_rectangle((x0, y0, x1, y1), 10, fill=pal.PANEL, outline=pal.PANEL_EDGE, width=2)
    d.text((x0 + 14, y0 + 20), title, font=font(18, True), fill=pal.INK, anchor="lm")


def _gold(d: Draw, me: PlayerView, top: int, locale: str | None) -> None:
    x0, x1 = MARGIN, MARGIN + 250
    _box(d, x0, top, x1, top + 168, tr("gold", locale).capitalize())
    coin(d, x0 + 60, top + 100, 38)
    d.text((x0 + 112, top + 100), str(me.gold), font=font(60, True), fill=pal.INK,
           anchor="lm")


def _minus3(d: Draw, me: PlayerView, top: int, locale: str | None) -> None:
    x0, x1 = MARGIN + 266, MARGIN + 266 + 250
    _box(d, x0, top, x1, top + 168, tr("minus3", locale))
    cx, cy = x0 + 20, top + 42
    held = bool(me.minus3)
    d.rounded_rectangle((cx, cy, cx + 80, cy + 112), 8,
                        fill=pal.MINUS3 if held else pal.FAINT, outline=pal.INK, width=2)
    d.text((cx + 40, cy + 56), "−3", font=font(36, True), fill=pal.WHITE if held else pal.MUTED,
           anchor="mm")
    status = tr("minus3_in" if held else "minus3_out", locale)
    _wrapped(d, x0 + 112, top + 70, status, 17, x1 - x0 - 124, pal.INK)


def _sealed(d: Draw, me: PlayerView, top: int, locale: str | None) -> None:
    """The own sealed sacrifice, or the own phase-6 choice, until the reveal."""
    x0, x1 = MARGIN + 532, WIDTH - MARGIN
    if me.offer is not None:
        _box(d, x0, top, x1, top + 168, tr("sacrifice_sealed", locale))
        o = me.offer
        text = (tr("offer_minus3", locale) if o.get("minus3")
                else tr("offer_gold", locale, gold=o.get("gold", 0), count=o.get("gold", 0)))
        d.text((x0 + 14, top + 66), fit(text, 30, x1 - x0 - 28, True), font=font(30, True),
               fill=pal.INK, anchor="lm")
        if o.get("correction"):
            d.text((x0 + 14, top + 104), fit(tr("offer_correction", locale), 18, x1 - x0 - 28),
                   font=font(18), fill=pal.INK, anchor="lm")
        _receipt(d, x0, x1, top, o, locale)
    elif me.choice is not None:
        _box(d, x0, top, x1, top + 168, tr("choice_sealed", locale))
        c = me.choice
        bonus = ", ".join(named("card", x, locale) for x in c.get("bonus", []))
        sell = ", ".join(named("card", x, locale) for x in c.get("sell", []))
        d.text((x0 + 14, top + 62), fit(tr("choice_bonus", locale,
                                            cards=bonus or tr("none", locale)),
                                         18, x1 - x0 - 28),
               font=font(18), fill=pal.INK, anchor="lm")
        d.text((x0 + 14, top + 92), fit(tr("choice_sell", locale, cards=sell or tr("none", locale)),
                                         18, x1 - x0 - 28),
               font=font(18), fill=pal.INK, anchor="lm")
        _receipt(d, x0, x1, top, c, locale)


def _receipt(d: Draw, x0: int, x1: int, top: int, choice: dict[str, Any],
             locale: str | None) -> None:
    receipt = str(choice.get("receipt") or "")
    if receipt:
        d.text((x0 + 14, top + 142), fit(tr("receipt", locale, receipt=receipt[:16]), 15,
                                          x1 - x0 - 28),
               font=font(15), fill=pal.MUTED, anchor="lm")


def _card(d: Draw, x: int, y: int, card: str, n: int, now: int | None, played: bool,
          locale: str | None) -> None:
    """A power card: its phase band on top, its full name, how many are held; the cards of the
    current phase framed, a type already played this round greyed (A-PWR-GEN-5)."""
    phase = CARD_PHASES.get(card, 0)
    live = phase == now and not played
    d.rounded_rectangle((x, y, x + CARD_W, y + CARD_H), 8, fill=pal.PANEL,
                        outline=pal.ACTIVE_EDGE if live else pal.PANEL_EDGE,
                        width=5 if live else 2)
    band = pal.PHASE.get(phase, pal.FAINT)
    d.rounded_rectangle((x + 4, y + 4, x + CARD_W - 4, y + 34), 6,
                        fill=pal.FAINT if played else band)
    # the band: the phase, and how many are held; the card's full name stands under it (a
    # player never sees the internal code)
    fg = pal.INK if played else pal.PHASE_INK.get(phase, pal.INK)
    count = f"{n}×" if n > 1 else ""
    count_w = text_width(count, 20, True) + 8 if count else 0
    d.text((x + 12, y + 19), fit(tr("phase_n", locale, n=phase), 17, CARD_W - 24 - count_w, True),
           font=font(17, True), fill=fg, anchor="lm")
    if count:
        d.text((x + CARD_W - 12, y + 19), count, font=font(20, True), fill=fg, anchor="rm")
    _wrapped(d, x + 10, y + 56, named("card", card, locale), 17, CARD_W - 20,
             pal.MUTED if played else pal.INK, bold=True, lines=2)
    note = tr("played", locale) if played else tr("now", locale) if live else ""
    if note:
        d.text((x + 10, y + CARD_H - 14), fit(note, 13, CARD_W - 20), font=font(13),
               fill=pal.MUTED if played else pal.ACTIVE_EDGE, anchor="ls")


def _wrapped(d: Draw, x: int, y: int, text: str, size: int, width: int, fill: pal.RGB,
             bold: bool = False, lines: int = 3) -> None:
    """`text` broken into at most `lines` lines of `width` pixels, the first centred on y; a
    text that needs more (a long card name in German or Polish), or has a word longer than a
    line ("Machtkartenbonus"), takes one more line in a font 3 px smaller, which fills the
    same height."""
    if not _breakable(text, size, width, bold) or len(wrap(text, size, width, bold)) > lines:
        size, lines = size - 3, lines + 1
    out = wrap(text, size, width, bold, max_lines=lines)
    for i, line in enumerate(out):
        d.text((x, y + i * (size + 4)), line, font=font(size, bold), fill=fill, anchor="lm")


def _breakable(text: str, size: int, width: int, bold: bool) -> bool:
    """Whether `wrap` can break `text` into lines of `width` pixels without cutting a word:
    every word fits a line, or its pieces do (split after "/" or "-")."""
    for word in text.split():
        if text_width(word, size, bold) > width and any(
                text_width(piece, size, bold) > width for piece in BREAKS.findall(word)):
            return False
    return True
