"""The public board snapshot: map, pieces, loot, the displays and every player's tableau.

Drawn from the public part of a View only; the private fields (hand, demigod values, bonus tile,
abilities) are never read here, so even a seat's own view gives the same public picture."""

from __future__ import annotations

from PIL import Image, ImageDraw

from data.i18n import t
from data.pantheon import BOARD
from engine.pantheon.view import View
from render.png import encode, palette_image
from render.typeface import TextDraw, fit, font, text_width

from . import icons, names, panels, tableau
from . import palette as pal
from .background import background, redraw_marks
from .geometry import HEX_R, field_centre, hex_corners, piece_centre
from .layout import board_layout

Draw = ImageDraw.ImageDraw
NAME_MAX_W = 300  # a long display name must not push the header's text off the picture


PALETTE = palette_image(pal.QUANT_COLOURS)


def board_png(view: View, locale: str | None = None) -> bytes:
    return encode(draw_board(view, locale), PALETTE)


def draw_board(view: View, locale: str | None = None) -> Image.Image:
    lay = board_layout(len(view.players))
    img = background(len(view.players), locale).copy()
    d = TextDraw(img)
    _active_people(d, view)
    if view.temple:
        icons.temple(d, *field_centre(view.temple))
    for label, loot_id in view.loot.items():
        icons.loot_tile(d, *field_centre(label), loot_id)
    _pieces(d, view, locale)
    _header(d, view, locale, lay.width)
    panels.epochs(d, lay, view, locale)
    panels.gods(d, lay, view, locale)
    panels.card_row(d, lay, view, locale)
    panels.demigods(d, lay, view, locale)
    panels.loot(d, lay, view, locale)
    for pv, box in zip(view.players, lay.players, strict=True):
        tableau.player_panel(d, box, pv, view, locale)
    return img


def _active_people(d: Draw, view: View) -> None:
    """Outline the active people's start and symbol fields, where this epoch's loot lies."""
    if view.people is None:
        return
    letter = names.people_letter(view.people)
    for idx in (BOARD.start_field[letter], *BOARD.symbol_fields[letter]):
        label = BOARD.label(idx)
        x, y = field_centre(label)
        d.polygon(hex_corners(x, y, HEX_R - 1), outline=pal.ACTIVE_EDGE, width=3)
        # the thick edge clips the label and the mark: write them again on top
        redraw_marks(d, BOARD.fields[idx])


def _pieces(d: Draw, view: View, locale: str | None) -> None:
    new = {(seat, kind, label) for seat, kind, label in view.last_changes.get("placed", [])}
    placed = [(label, slot, len(plist), seat, kind) for label, plist in view.pieces.items()
              for slot, (seat, kind) in enumerate(plist)]
    # rings first, so that a ring never covers the piece beside a new one
    for label, slot, count, seat, kind in placed:
        if (seat, kind, label) in new:
            icons.ring(d, *piece_centre(label, slot, count))
    for label, slot, count, seat, kind in placed:
        x, y = piece_centre(label, slot, count)
        tableau.token(d, x, y, view.players[seat], locale, kind)


def _player_ref(d: Draw, x: int, y: int, seat: int, view: View, locale: str | None,
                size: int) -> int:
    """A seat's token and name at (x, y) (vertical centre); returns the right edge."""
    pv = view.players[seat]
    tableau.token(d, x + 12, y, pv, locale)
    name = fit(pv.name, size, NAME_MAX_W, True)
    d.text((x + 26, y), name, font=font(size, True), fill=pal.HEADER_INK, anchor="lm")
    return x + 26 + text_width(name, size, True)


def _scores(d: Draw, view: View, locale: str | None, width: int) -> None:
    """Every seat's score at the right of the title line, in seat order."""
    x = width - 16
    for pv in reversed(view.players):
        score = str(pv.score)
        d.text((x, 20), score, font=font(22, True), fill=pal.HEADER_INK, anchor="rm")
        x -= text_width(score, 22, True) + 6
        name = fit(pv.name, 16, 120)
        d.text((x, 21), name, font=font(16), fill=pal.HEADER_INK, anchor="rm")
        x -= text_width(name, 16) + 16
        tableau.token(d, x, 20, pv, locale)
        x -= 30


def _header(d: Draw, view: View, locale: str | None, width: int) -> None:
    if view.people:
        head = t("pantheon.render.board.title", locale, epoch=names.roman(view.epoch),
                 people=names.people(view.people, locale))
    else:
        head = t("pantheon.render.board.title_setup", locale)
    d.text((16, 20), head, font=font(24, True), fill=pal.HEADER_INK, anchor="lm")
    _scores(d, view, locale, width)
    # line 2: what the game waits for, or the result
    y = 52
    x = 16
    if view.result is not None:
        winners = ", ".join(view.players[s].name for s in view.result.get("winners", []))
        text = t("pantheon.render.board.game_over", locale, winners=winners)
        if view.result.get("tie_break"):
            text += " " + t("pantheon.render.board.tie_break", locale)
        d.text((x, y), fit(text, 18, width - 32, True), font=font(18, True), fill=pal.HIGHLIGHT,
               anchor="lm")
    for w in view.waiting:
        waiting = t("pantheon.render.board.waiting", locale)
        d.text((x, y), waiting, font=font(17), fill=pal.HIGHLIGHT, anchor="lm")
        x += text_width(waiting, 17) + 8
        x = _player_ref(d, x, y, w["seat"], view, locale, 17)
        what = names.waiting(w, locale)
        progress = names.progress(view.step, locale)
        text = f" — {what}" + (f" ({progress})" if progress else "")
        d.text((x, y), fit(text, 17, width - x - 16), font=font(17), fill=pal.HEADER_INK,
               anchor="lm")
    # line 3: the last turn (or this turn so far, while its player is still acting)
    changes = view.last_changes
    if "seat" not in changes:
        return
    y, x = 81, 16
    ongoing = any(w["seat"] == changes["seat"] for w in view.waiting)
    lead = t("pantheon.render.board.this_turn" if ongoing else "pantheon.render.board.last_turn",
             locale)
    d.text((x, y), lead, font=font(16), fill=pal.FAINT, anchor="lm")
    x = _player_ref(d, x + text_width(lead, 16) + 8, y, changes["seat"], view, locale, 16)
    parts = []
    placed = changes.get("placed", [])
    if placed:
        parts.append(t("pantheon.render.board.placed", locale, n=len(placed),
                       fields=", ".join(label for _, _, label in placed)))
    for seat, gid in changes.get("gods", []):
        god = names.god(gid, locale)
        if seat == changes["seat"]:
            parts.append(t("pantheon.render.board.took_god_self", locale, god=god))
        else:
            parts.append(t("pantheon.render.board.took_god", locale, name=view.players[seat].name,
                           god=god))
    if parts:
        text = " — " + "; ".join(parts)
        d.text((x, y), fit(text, 16, width - x - 16), font=font(16), fill=pal.HEADER_INK,
               anchor="lm")
