"""The public board snapshot: map, pieces, loot, the displays and every player's tableau.

Drawn from the public part of a View only; the private fields (hand, demigod values, bonus tile,
abilities) are never read here, so even a seat's own view gives the same public picture.

Made to be read at Discord's inline size on a phone (about 480 pixels wide, a quarter of the
picture): pieces fill their field, the fields carry only light labels, the scores stand large in
the header, and the fields the last turn changed are ringed in magenta and named in one line."""

from __future__ import annotations

from PIL import Image, ImageDraw

from data.pantheon import BOARD, COMPONENTS
from engine.pantheon.view import View
from render.png import encode
from render.typeface import TextDraw, fit, font, text_width
from render.words import t

from . import background, changes, icons, names, panels, tableau
from . import palette as pal
from .geometry import HEX_R, field_centre, hex_corners, piece_centre, piece_r
from .layout import board_layout

Draw = ImageDraw.ImageDraw
NAME_MAX_W = 300  # a long display name must not push the header's text off the picture
TITLE_Y, WAITING_Y, CHANGES_Y = 30, 78, 112


PALETTE = pal.PAL.holder


def board_png(view: View, locale: str | None = None) -> bytes:
    return encode(draw_board(view, locale), PALETTE)


def draw_board(view: View, locale: str | None = None, rgb: bool = False) -> Image.Image:
    """The board in the palette it is stored in (drawn in that palette: see
    render.png.Palette); with `rgb`, drawn in RGB (the reference the palette drawing is
    compared with, and what the replay reduces), to be converted with `pal.PAL.quantize`."""
    lay = board_layout(len(view.players))
    img = background.background(len(view.players), locale, rgb).copy()
    d = TextDraw(img, None if rgb else background.pair(len(view.players), locale))
    draw_map(d, view, locale)
    _header(d, view, locale, lay.width)
    panels.epochs(d, lay, view, locale)
    panels.gods(d, lay, view, locale)
    panels.card_row(d, lay, view, locale)
    panels.demigods(d, lay, view, locale)
    panels.loot(d, lay, view, locale)
    for pv, box in zip(view.players, lay.players, strict=True):
        tableau.player_panel(d, box, pv, view, locale)
    return img


def symbols_in_play(n_players: int) -> list[int]:
    """P-PREP-4: the symbol numbers that get loot with this many players."""
    return [i for i in range(5) if not (n_players == 2 and i >= 3)
            and not (n_players == 3 and i == 4)]


Area = tuple[int, int, int, int] | None
REACH = 2 * HEX_R  # nothing drawn for a field reaches farther than this from its centre


def draw_map(d: Draw, view: View, locale: str | None, dark_labels: bool = False,
             area: Area = None) -> None:
    """Everything on the map that changes during a game, over the cached empty map; with
    `area` (a pixel box), only what is drawn for the fields near it (the focus picture crops
    that box: the rest of the map would be drawn for nothing)."""
    _people_marks(d, view, area)
    _active_people(d, view, area)
    if view.temple and _near(view.temple, area):
        icons.temple(d, *field_centre(view.temple))
    for label, loot_id in view.loot.items():
        if _near(label, area):
            icons.loot_tile(d, *field_centre(label), loot_id)
    _changed(d, view, dark_labels, area)
    _pieces(d, view, locale, area)


def _near(label: str, area: Area) -> bool:
    """Whether what is drawn for the field `label` may show in `area` (None: everywhere)."""
    if area is None:
        return True
    x, y = field_centre(label)
    return (area[0] - REACH <= x <= area[2] + REACH) and (area[1] - REACH <= y <= area[3] + REACH)


def _people_marks(d: Draw, view: View, area: Area = None) -> None:
    """The marks of the peoples still to come: a played people's fields never matter again."""
    played = set(view.peoples_played)
    for letter, spec in COMPONENTS.peoples.items():
        if spec["id"] in played:
            continue
        label = BOARD.label(BOARD.start_field[letter])
        if _near(label, area):
            x, y = field_centre(label)
            icons.people_mark(d, x, y + 3, letter, start=True)
        for i in symbols_in_play(len(view.players)):
            label = BOARD.label(BOARD.symbol_fields[letter][i])
            if _near(label, area):
                x, y = field_centre(label)
                icons.people_mark(d, x, y + 3, letter, start=False)


def _active_people(d: Draw, view: View, area: Area = None) -> None:
    """Outline the active people's start and symbol fields, where this epoch's loot lies."""
    if view.people is None:
        return
    letter = names.people_letter(view.people)
    symbols = BOARD.symbol_fields[letter]
    for idx in (BOARD.start_field[letter],
                *(symbols[i] for i in symbols_in_play(len(view.players)))):
        if _near(BOARD.label(idx), area):
            x, y = field_centre(BOARD.label(idx))
            d.polygon(hex_corners(x, y, HEX_R - 1), outline=pal.ACTIVE_EDGE, width=3)


def _changed(d: Draw, view: View, dark_labels: bool, area: Area = None) -> None:
    """Ring every field the last turn changed; where a piece it placed has gone home since (feet
    leave the board at an epoch's end), draw the piece's outline in its seat's colour."""
    for label in changes.changed_fields(view):
        if _near(label, area):
            icons.changed_field(d, *field_centre(label), HEX_R - 3)
            background.label(d, BOARD.fields[BOARD.by_label[label]], dark_labels)
    for seat, kind, label in view.last_changes.get("placed", []):
        if [seat, kind] not in view.pieces.get(label, []) and _near(label, area):
            x, y = piece_centre(label, 0, 1)
            icons.ghost(d, kind, x, y, pal.PLAYER[view.players[seat].colour], piece_r(1))


def _pieces(d: Draw, view: View, locale: str | None, area: Area = None) -> None:
    for label, plist in view.pieces.items():
        if not _near(label, area):
            continue
        r = piece_r(len(plist))
        for slot, (seat, kind) in enumerate(plist):
            x, y = piece_centre(label, slot, len(plist))
            tableau.token(d, x, y, view.players[seat], locale, kind, r)


def _player_ref(d: Draw, x: int, y: int, seat: int, view: View, locale: str | None,
                size: int) -> int:
    """A seat's token and name at (x, y) (vertical centre); returns the right edge."""
    pv = view.players[seat]
    tableau.token(d, x + 12, y, pv, locale)
    name = fit(pv.name, size, NAME_MAX_W, True)
    d.text((x + 28, y), name, font=font(size, True), fill=pal.HEADER_INK, anchor="lm")
    return x + 28 + text_width(name, size, True)


def _scores(d: Draw, view: View, locale: str | None, width: int) -> int:
    """Every seat's score at the right of the title line, in seat order, each on a chip of its
    colour; returns the left edge."""
    x = width - 16
    for pv in reversed(view.players):
        score = str(pv.score)
        name = fit(pv.name, 18, 150)
        w = text_width(score, 34, True) + text_width(name, 18) + 70
        colour, ink = pal.PLAYER[pv.colour], pal.PLAYER_INK[pv.colour]
        d.rounded_rectangle((x - w, TITLE_Y - 24, x, TITLE_Y + 24), 10, fill=colour,
                            outline=pal.OUTLINE, width=2)
        d.ellipse((x - w + 6, TITLE_Y - 17, x - w + 40, TITLE_Y + 17), fill=pal.PANEL,
                  outline=pal.OUTLINE, width=1)
        tableau.token(d, x - w + 23, TITLE_Y, pv, locale)
        d.text((x - 10, TITLE_Y + 1), score, font=font(34, True), fill=ink, anchor="rm")
        d.text((x - w + 48, TITLE_Y + 1), name, font=font(18), fill=ink, anchor="lm")
        x -= w + 10
    return x


def _header(d: Draw, view: View, locale: str | None, width: int) -> None:
    if view.people:
        head = t("pantheon.render.board.title", locale, epoch=names.roman(view.epoch),
                 people=names.people(view.people, locale))
    else:
        head = t("pantheon.render.board.title_setup", locale)
    left = _scores(d, view, locale, width)
    d.text((16, TITLE_Y + 1), fit(head, 32, left - 32, True), font=font(32, True),
           fill=pal.HEADER_INK, anchor="lm")
    # line 2: what the game waits for, or the result
    x, y = 16, WAITING_Y
    if view.result is not None:
        winners = ", ".join(view.players[s].name for s in view.result.get("winners", []))
        text = t("pantheon.render.board.game_over", locale, winners=winners)
        if view.result.get("tie_break"):
            text += " " + t("pantheon.render.board.tie_break", locale)
        d.text((x, y), fit(text, 22, width - 32, True), font=font(22, True), fill=pal.HIGHLIGHT,
               anchor="lm")
    for w in view.waiting:
        waiting = t("pantheon.render.board.waiting", locale)
        d.text((x, y), waiting, font=font(20), fill=pal.HIGHLIGHT, anchor="lm")
        x += text_width(waiting, 20) + 8
        x = _player_ref(d, x, y, w["seat"], view, locale, 20)
        what = names.waiting(w, locale)
        progress = names.progress(view.step, locale)
        text = f" — {what}" + (f" ({progress})" if progress else "")
        d.text((x, y), fit(text, 20, width - x - 16), font=font(20), fill=pal.HEADER_INK,
               anchor="lm")
    # line 3: the last turn (or this turn so far, while its player is still acting)
    if changes.has_changes(view):
        changes_line(d, view, locale, 16, CHANGES_Y, width - 16, 20)


def changes_line(d: Draw, view: View, locale: str | None, x: int, y: int, right: int,
                 size: int, ink: pal.RGB = pal.HEADER_INK) -> None:
    """The magenta hexagon of the rings, the lead, the acting seat and what the turn did."""
    d.polygon(hex_corners(x + size // 2 + 2, y, size * 0.6), outline=pal.NEW_RING, width=4)
    x += size + 10
    lead = changes.lead(view, locale)
    d.text((x, y), lead, font=font(size), fill=ink, anchor="lm")
    x += text_width(lead, size) + 8
    seat = view.last_changes.get("seat")
    if seat is not None:
        pv = view.players[seat]
        tableau.token(d, x + 12, y, pv, locale)
        name = fit(pv.name, size, NAME_MAX_W, True)
        d.text((x + 28, y), name, font=font(size, True), fill=ink, anchor="lm")
        x += 28 + text_width(name, size, True)
    text = changes.summary(view, locale)
    if text:
        d.text((x, y), fit(" — " + text, size, right - x), font=font(size), fill=ink,
               anchor="lm")
