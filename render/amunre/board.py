"""The public board picture: the scores, the Nile with its 15 provinces, the temple track, the
province cards on offer with every bid (or what the auction gave out), and the decks.

Drawn from the public part of a View only: no seat's gold, power cards, sealed sacrifice or
phase-6 choice is read, so a seat's own view gives the same picture as a spectator's (the final
gold comes from `view.result`, public at the end, A-INFO-6).

Made to be read at Discord's inline width on a phone, 480 pixels: half of the picture's 960. The
facts a player needs at a glance are set in type of at least FACT_PX (a cap height of 9 px or
more at half size): the scores and seat names; each province's name, its owner (the name band
filled with the owner's colour, framed, and the colour's letter), its farmers and pyramids as
pieces with their count; the bids on each province card on offer (or the price each seat paid
this round); the temple space and its marker. The printed details (a province's card limit,
income, temples; a temple space's harvest and points; the decks and discards) are smaller print
for the full-size picture. What the view says changed last (the provinces just won at auction,
the temple just moved) is ringed in magenta."""

from __future__ import annotations

import threading
from collections import Counter
from functools import cache
from typing import Any

from PIL import Image

from data.amunre import BOARD
from data.i18n import language
from engine.amunre.view import PlayerView, ProvinceView, View
from render.typeface import (
    TextDraw,
    fit,
    font,
    memo_region,
    overflow,
    shapes,
    text_width,
    wrap,
)

from . import palette as pal
from .common import (
    Box,
    Draw,
    colour,
    double_pyramid,
    farmer,
    ink,
    letter,
    named,
    pill,
    png,
    pyramid,
    seat_chip,
    short_card,
    stone,
    tr,
)

WIDTH = 960
INLINE_W = 480  # Discord's inline width on a phone: the picture is seen at half its size
FACT_PX = 26  # the smallest type of a key fact: a cap height of 19 px, 9.5 px at 480 wide
MARGIN = 16
HEADER_H = 92
SCORES_Y, SCORES_H = HEADER_H + 12, 116
MAP_Y = SCORES_Y + SCORES_H + 18
TILE_W, TILE_H, GAP = 202, 140, 10
RIVER_W = 64
REGION_LABEL_H = 30
BAND_H = 44
ROW_H = 56  # a row of the offer panel
MATERIAL_H = 18  # and the line of its free material under it
BOTTOM_H = 470  # the most the panels under the map can take (the temple and the decks beside
# the offer); a picture ends under this turn's panels
SPLIT = 470  # the left column of panels (temple, decks) ends here, the right one (offer) begins
COUNT_PX = 30  # the number of farmers and of pyramids in a province
TEMPLE_H = 174  # the temple panel without the revealed sacrifice
DECK_PX = 15  # the decks, the supply and the discards: small print

# north to south within a column: a fixed order that follows the map of Egypt; provinces not
# named here (a corrected data file) follow in name order
NORTH_TO_SOUTH = ("DAMANHUR", "BUTO", "MENDES", "AVARIS", "MEMPHIS", "BAHARYA", "AMARNA",
                  "DAKHLA", "ABYDOS", "THEBES", "SAWU", "KHARGA", "EDFU", "ABU", "BERENIKE")
REGIONS = ("lower", "upper")  # Lower Egypt (the delta, north) is drawn at the top
COLUMNS = (("west", False), ("west", True), ("east", True), ("east", False))


# --- layout -------------------------------------------------------------------------------------

def _column_x(i: int) -> int:
    x = MARGIN + 8 + i * (TILE_W + GAP)
    return x + (RIVER_W + GAP if i >= 2 else 0)


RIVER_X = _column_x(1) + TILE_W + GAP


@cache
def layout() -> tuple[dict[str, Box], dict[str, tuple[int, int]], int]:
    """Each province's box, each region's label span (top, bottom) and the map's bottom. Columns
    are west inland, west bank, the Nile, east bank, east inland (from the data: side, bank);
    Lower Egypt's rows above Upper Egypt's (region)."""
    order = {name: i for i, name in enumerate(NORTH_TO_SOUTH)}
    boxes: dict[str, Box] = {}
    spans: dict[str, tuple[int, int]] = {}
    y = MAP_Y
    for region in REGIONS:
        spans[region] = (y, y + REGION_LABEL_H)
        y += REGION_LABEL_H + 4
        rows = 1
        for c, (side, bank) in enumerate(COLUMNS):
            names = sorted((p.name for p in BOARD.provinces.values()
                            if p.region == region and p.side == side and p.bank == bank),
                           key=lambda n: (order.get(n, len(order)), n))
            rows = max(rows, len(names))
            for r, name in enumerate(names):
                x, top = _column_x(c), y + r * (TILE_H + GAP)
                boxes[name] = (x, top, x + TILE_W, top + TILE_H)
        y += rows * (TILE_H + GAP) + 4
    return boxes, spans, y


def bottom_y() -> int:
    """The top of the panels under the map."""
    return layout()[2] + 14


def height() -> int:
    """The height of the canvas (the static background): the tallest picture."""
    return bottom_y() + BOTTOM_H + MARGIN


def province_box(name: str) -> Box:
    """Where a province is drawn (full size), for tests and overlays."""
    return layout()[0][name]


def band_box(name: str) -> Box:
    """The name band of a province, filled with its owner's colour."""
    x0, y0, x1, _ = province_box(name)
    return (x0, y0, x1, y0 + BAND_H)


def offer_box() -> Box:
    """The column of the offer panel (the province cards on offer with their bids, or what the
    auction of this round gave out)."""
    return (SPLIT + 12, bottom_y(), WIDTH - MARGIN, height() - MARGIN)


# --- the static picture ---------------------------------------------------------------------

_BACKGROUNDS: dict[str | None, tuple[Image.Image, Image.Image]] = {}  # (RGB, palette)


def background(locale: str | None, rgb: bool = False) -> Image.Image:
    """The cached empty board (one per language), drawn in RGB and converted to the palette
    once; in RGB with `rgb` (the reference drawing). Callers copy it before drawing."""
    locale = language(locale)
    if locale not in _BACKGROUNDS:
        img = _draw_background(locale)
        _BACKGROUNDS[locale] = (img, pal.PAL.quantize(img))
    return _BACKGROUNDS[locale][0 if rgb else 1]


def _draw_background(locale: str | None) -> Image.Image:
    img = Image.new("RGB", (WIDTH, height()), pal.BACKGROUND)
    d = TextDraw(img)
    boxes, spans, bottom = layout()
    d.rectangle((0, 0, WIDTH, HEADER_H), fill=pal.HEADER)
    map_box = (MARGIN, MAP_Y - 6, WIDTH - MARGIN, bottom)
    d.rounded_rectangle(map_box, 10, fill=pal.DESERT, outline=pal.PANEL_EDGE, width=2)
    d.rectangle((RIVER_X, MAP_Y - 4, RIVER_X + RIVER_W, bottom - 2), fill=pal.WATER)
    letters = tr("nile", locale)
    step = (bottom - MAP_Y) // (len(letters) + 1)
    for i, ch in enumerate(letters):
        d.text((RIVER_X + RIVER_W / 2, MAP_Y + step * (i + 1)), ch, font=font(30, True),
               fill=pal.WATER_INK, anchor="mm")
    for region in REGIONS:
        top, low = spans[region]
        label = tr(f"region_{region}", locale)
        d.text((MARGIN + 12, (top + low) / 2), fit(label, 20, RIVER_X - MARGIN - 24, True),
               font=font(20, True), fill=pal.INK, anchor="lm")
        if region != REGIONS[0]:
            d.line((MARGIN + 2, top - 2, map_box[2] - 2, top - 2), fill=pal.INK, width=3)
        else:  # the sides of the Nile once, over the first row
            d.text((map_box[2] - 12, (top + low) / 2),
                   fit(tr("east", locale), 16, map_box[2] - RIVER_X - RIVER_W - 24),
                   font=font(16), fill=pal.MUTED, anchor="rm")
    west = tr("west", locale)
    top, low = spans[REGIONS[0]]
    left = MARGIN + 24 + text_width(tr(f"region_{REGIONS[0]}", locale), 20, True)
    d.text((RIVER_X - 12, (top + low) / 2), fit(west, 16, RIVER_X - 12 - left), font=font(16),
           fill=pal.MUTED, anchor="rm")
    for name, box in boxes.items():
        _tile_static(d, name, box, locale)
    return img


def _tile_static(d: Draw, name: str, box: Box, locale: str | None) -> None:
    """A province's body and the printed attributes in one quiet line at its foot."""
    x0, y0, x1, y1 = box
    prov = BOARD.provinces[name]
    d.rectangle(box, fill=pal.LAND, outline=pal.PANEL_EDGE, width=2)
    parts = []
    if prov.card_limit:
        parts.append(tr("attr_cards", locale, n=prov.card_limit))
    if prov.fixed_income:
        parts.append(tr("attr_income", locale, n=prov.fixed_income))
    if prov.camel_income:
        parts.append(tr("attr_camel", locale, n=prov.camel_income))
    if prov.temples:
        parts.append(tr("attr_temples", locale, n=prov.temples))
    line = " · ".join(parts)
    d.text((x0 + 12, y1 - 11), fit(line, 15, TILE_W - 24), font=font(15), fill=pal.MUTED,
           anchor="ls")


# --- the picture --------------------------------------------------------------------------------

def board_png(view: View, locale: str | None = None) -> bytes:
    return png(draw_board(view, locale))


def draw_board(view: View, locale: str | None = None, rgb: bool = False) -> Image.Image:
    """The board in the palette it is stored in, drawn in that palette (render.png.Palette);
    with `rgb`, drawn in RGB: the reference, the same pixels once converted with
    `pal.PAL.quantize`."""
    img = _canvas(background(locale, rgb))
    d = TextDraw(img, None if rgb else (background(locale, True), background(locale)))
    ringed = _just_won(view)
    for name, box in layout()[0].items():
        _tile(d, view, view.provinces[name], box, name in ringed, locale)
    _header(d, view, locale)
    _scores(d, view, locale)
    top = bottom_y()
    y = _temple(d, view, top, locale)
    low = max(_decks(d, view, y + 12, locale), _offer(d, view, top, locale))
    # the panels under the map are as tall as this turn's content: the picture ends under them
    return img.crop((0, 0, WIDTH, low + MARGIN))


_CANVASES = threading.local()


def _canvas(ground: Image.Image) -> Image.Image:
    """A canvas holding a copy of `ground` (a background) to draw this picture on: one per
    thread and mode, reused. The picture is cut from it at the end (`draw_board`), so that a
    board costs one new image of its own size, as a copy of the background did before boards
    ended under their panels (a copy and a cut of a new 1.4 MB image each cost a round of
    page faults)."""
    canvases = getattr(_CANVASES, "by_mode", None)
    if canvases is None:
        canvases = _CANVASES.by_mode = {}
    canvas = canvases.get(ground.mode)
    if canvas is None or canvas.size != ground.size:
        canvas = canvases[ground.mode] = ground.copy()
    else:
        canvas.paste(ground, (0, 0))
    return canvas


def _just_won(view: View) -> set[str]:
    """The provinces the auction of this round just gave out, while its result is the news;
    or, in the pictures that say what changed ("since your last turn", the close-up), the
    provinces they name (`view.last["ring"]`)."""
    if "ring" in view.last:
        return set(view.last["ring"])
    last = view.last.get("auction")
    if not last or last.get("round") != view.round or view.phase != "buy":
        return set()
    return {b["province"] for b in last.get("bids", [])}


def _seat(view: View, seat: Any) -> PlayerView | None:
    if isinstance(seat, int) and 0 <= seat < len(view.players):
        return view.players[seat]
    return None


def _header(d: Draw, view: View, locale: str | None) -> None:
    """The round and phase large; under it who is awaited, and the kingdom."""
    rounds = 2 * BOARD["rounds_per_kingdom"]
    title = tr("title", locale, round=view.round, rounds=rounds,
               phase=named("phase", view.phase, locale))
    d.text((MARGIN + 4, 30), fit(title, 28, WIDTH - 2 * MARGIN - 4, True), font=font(28, True),
           fill=pal.HEADER_INK, anchor="lm")
    kingdom = named("kingdom", view.kingdom, locale)
    w = text_width(kingdom, 20, True) + 24
    pill(d, WIDTH - MARGIN - w, 54, kingdom, 20, pal.GOLD, pal.INK, 12)
    d.text((MARGIN + 4, 70), fit(_status(view, locale), 19, WIDTH - 3 * MARGIN - w),
           font=font(19), fill=pal.HIGHLIGHT, anchor="lm")


def _status(view: View, locale: str | None) -> str:
    """The winners at the end; else the seats awaited, those awaited for the same step named
    together ("Waiting for Player 1, Player 3 (income)")."""
    if view.result is not None:
        names = [view.players[q].name for q in view.result.get("winners", [])
                 if _seat(view, q) is not None]
        return tr("winners", locale, names=", ".join(names))
    kinds: dict[str, list[str]] = {}
    for w in view.waiting:
        p = _seat(view, w.get("seat"))
        if p is not None:
            kinds.setdefault(str(w.get("kind")), []).append(p.name)
    if not kinds:
        return ""
    who = [tr("waiting_seat", locale, name=", ".join(names), kind=tr(f"kind_{kind}", locale))
           for kind, names in kinds.items()]
    return tr("waiting", locale, who=", ".join(who))


def _scores(d: Draw, view: View, locale: str | None) -> None:
    n = len(view.players)
    gap = 8
    w = (WIDTH - 2 * MARGIN - (n - 1) * gap) // n
    awaited = {x.get("seat") for x in view.waiting}
    result = view.result or {}
    for p in view.players:
        x0 = MARGIN + p.seat * (w + gap)
        pyramids = sum(view.provinces[x].pyramids for x in p.provinces if x in view.provinces)
        tags = []
        if p.seat in result.get("winners", []):
            tags.append((tr("winner", locale), pal.NEW_RING, pal.WHITE))
        if "gold" in result and p.seat < len(result["gold"]):
            tags.append((tr("final_gold", locale, gold=result["gold"][p.seat],
                             count=result["gold"][p.seat]), pal.GOLD,
                         pal.INK))
        if p.sealed:
            tags.append((tr("sealed", locale), pal.HEADER, pal.HEADER_INK))
        if p.seat == view.pharaoh:
            tags.append((tr("pharaoh", locale), pal.GOLD, pal.INK))
        for card in p.played:
            tags.append((short_card(card, locale), pal.FAINT, pal.INK))
        # a seat's card is remembered whole: most turns change one seat's card at most
        key = ("amunre/seat", locale, x0, w, p.colour, p.name, p.score, len(p.provinces),
               pyramids, tuple(tags), p.seat in awaited)
        memo_region(d, key, (x0, SCORES_Y, x0 + w + 1, SCORES_Y + SCORES_H + 1),
                    lambda d, p=p, x0=x0, pyramids=pyramids, tags=tags: _seat_card(
                        d, p, x0, SCORES_Y, w, pyramids, tags, p.seat in awaited, locale))


def _seat_card(d: Draw, p: PlayerView, x0: int, y0: int, w: int, pyramids: int,
               tags: list[tuple[str, pal.RGB, pal.RGB]], awaited: bool,
               locale: str | None) -> None:
    """One seat's card in the score row: a band in its colour with the colour's letter, its
    name, its score large, how many provinces and pyramids it holds, and its tags (winner,
    final gold, sealed, pharaoh, the cards it played this round)."""
    box = (x0, y0, x0 + w, y0 + SCORES_H)
    edge = pal.ACTIVE_EDGE if awaited else pal.PANEL_EDGE
    d.rounded_rectangle(box, 10, fill=pal.PANEL, outline=edge, width=5 if awaited else 2)
    bar, top_h = 30, 82  # the colour band beside the name and the score; the tags under both
    d.rectangle((x0 + 4, y0 + 4, x0 + bar, y0 + top_h), fill=colour(p.colour), outline=pal.INK,
                width=2)
    mark = letter(p.colour, locale)
    d.text((x0 + 4 + (bar - 4) / 2, y0 + 24), mark, font=font(22 if len(mark) < 2 else 16, True),
           fill=ink(p.colour), anchor="mm")
    left, right = x0 + bar + 10, x0 + w - 10
    d.text((left, y0 + 24), fit(p.name, FACT_PX, right - left, True), font=font(FACT_PX, True),
           fill=pal.INK, anchor="lm")
    score = str(p.score)
    d.text((left, y0 + 62), score, font=font(44, True), fill=pal.INK, anchor="lm")
    # the provinces (a small tile in the seat's colour) and the pyramids it holds, each with
    # its number, right-aligned beside the score
    x = right
    for count, icon in ((pyramids, "pyramid"), (len(p.provinces), "tile")):
        text = str(count)
        d.text((x, y0 + 64), text, font=font(24, True), fill=pal.INK, anchor="rm")
        x -= text_width(text, 24, True) + 4
        if icon == "pyramid":
            pyramid(d, x - 22, y0 + 52, 22, 22)
        else:
            d.rectangle((x - 18, y0 + 55, x, y0 + 73), fill=colour(p.colour), outline=pal.INK,
                        width=2)
        x -= 22 + 12
    _tags(d, tags, x0 + 8, right, y0 + top_h + 6)


def _tags(d: Draw, tags: list[tuple[str, pal.RGB, pal.RGB]], x: int, right: int,
          y: int) -> None:
    """As many of the tags as fit whole between x and right, in order, and a "+N" pill for
    the N that do not (never a tag cut short)."""
    widths = [text_width(text, 15, True) + 12 + 5 for text, _, _ in tags]
    shown = len(tags)
    while shown and x + sum(widths[:shown]) + (
            text_width(f"+{len(tags) - shown}", 15, True) + 12 if shown < len(tags) else 0
    ) > right + 5:
        shown -= 1
    for text, fill, fg in tags[:shown]:
        x = pill(d, x, y, text, 15, fill, fg, 6) + 5
    if shown < len(tags):
        pill(d, x, y, f"+{len(tags) - shown}", 15, pal.FAINT, pal.INK, 6)


# --- provinces ----------------------------------------------------------------------------------

def _tile(d: Draw, view: View, pv: ProvinceView, box: Box, ringed: bool,
          locale: str | None) -> None:
    x0, y0, x1, y1 = box
    owner = _seat(view, pv.owner)
    colour_name = owner.colour if owner is not None else None
    played = tuple(card for cards in (view.income_cards or {}).values()
                   for card, where in cards.items() if where == pv.name)
    # the face is remembered whole: most tiles do not change from one turn to the next. Its
    # box has a pixel of margin, where the hatching of a removed card may reach.
    key = ("amunre/tile", locale, tuple(vars(pv).values()), colour_name, played)
    memo_region(d, key, (x0 - 1, y0 - 1, x1 + 2, y1 + 2),
                lambda d: _face(d, pv, box, colour_name, played, locale))
    if pv.card == "offer":
        d.rectangle((x0 - 5, y0 - 5, x1 + 5, y1 + 5), outline=pal.OFFER_EDGE, width=4)
    if ringed:
        d.rectangle((x0 - 5, y0 - 5, x1 + 5, y1 + 5), outline=pal.NEW_RING, width=5)


def _face(d: Draw, pv: ProvinceView, box: Box, colour_name: str | None,
          played: tuple[str, ...], locale: str | None) -> None:
    """A province tile inside its box: the name band in its owner's colour, the fields with
    the number of farmers, the pyramids and stones with the number of pyramids, the income
    cards played there."""
    x0, y0, x1, y1 = box
    if pv.card == "removed":
        d.rectangle(box, fill=pal.REMOVED, outline=pal.FAINT, width=2)
        for k in range(-TILE_H, TILE_W, 24):
            d.line((x0 + max(k, 0), y0 + max(-k, 0), x0 + min(k + TILE_H, TILE_W),
                    y0 + min(TILE_H, TILE_W - k)), fill=pal.FAINT, width=2)
    band = (x0, y0, x1, y0 + BAND_H)
    if colour_name is not None:
        d.rectangle(band, fill=colour(colour_name))
        d.rectangle(box, outline=colour(colour_name), width=7)
        d.rectangle(box, outline=pal.INK, width=2)
        d.line((x0, y0 + BAND_H, x1, y0 + BAND_H), fill=pal.INK, width=2)
        fg = ink(colour_name)
        mark = letter(colour_name, locale)
        d.text((x1 - 10, y0 + BAND_H / 2 + 1), mark, font=font(28, True), fill=fg,
               anchor="rm")
        name_w = TILE_W - 22 - text_width(mark, 28, True) - 6
    else:
        d.rectangle(band, fill=pal.UNOWNED_BAND)
        d.line((x0, y0 + BAND_H, x1, y0 + BAND_H), fill=pal.PANEL_EDGE, width=2)
        fg = pal.INK
        name_w = TILE_W - 20
    d.text((x0 + 10, y0 + BAND_H / 2 + 1),
           fit(named("province", pv.name, locale), FACT_PX, name_w, True),
           font=font(FACT_PX, True), fill=fg, anchor="lm")
    inner = x1 - (9 if colour_name is not None else 8)
    _fields(d, pv, x0 + 10, y0 + BAND_H + 6, inner)
    _plain(d, pv, x0 + 10, y0 + BAND_H + 38, inner)
    tx = inner
    for card in played:
        label = short_card(card, locale)
        w = text_width(label, 15, True) + 12
        pill(d, tx - w, y1 - 30, label, 15, pal.PHASE[5], pal.INK, 6)
        tx -= w + 4


def _count(d: Draw, n: int, right: int, y: int) -> int:
    """A number of pieces, large, right-aligned on `right` and centred on y; returns where the
    pieces beside it must end (`right` when there is none)."""
    if not n:
        return right
    text = str(n)
    d.text((right, y), text, font=font(COUNT_PX, True), fill=pal.INK, anchor="rm")
    return right - text_width(text, COUNT_PX, True) - 8


def _fields(d: Draw, pv: ProvinceView, x: int, y: int, right: int) -> None:
    """One square per farming field: printed farmers, bought farmers, empty fields; then the
    farmers on the plain (Free Farmer); the number of farmers that harvest at the right.
    Smaller squares when they would not fit the tile."""
    kinds = (["printed"] * pv.printed_farmers + ["farmer"] * pv.field_farmers
             + ["empty"] * max(0, pv.free_fields))
    end = _count(d, pv.farmers, right, y + 13)
    room = end - x - (6 if pv.plain_farmers else 0)
    s = max(12, min(26, room // max(1, len(kinds) + pv.plain_farmers) - 3))
    width = len(kinds) * (s + 3) + (6 + pv.plain_farmers * s if pv.plain_farmers else 0)
    shapes(d, ("fields", x, y, tuple(kinds), s, pv.plain_farmers, pal.FIELD, pal.FIELD_EDGE,
               pal.FARMER, pal.PRINTED_FARMER),
           (x, y, x + width, y + s), lambda d: _field_row(d, x, y, kinds, s, pv.plain_farmers))


def _field_row(d: Draw, x: int, y: int, kinds: list[str], s: int, plain: int) -> None:
    for k in kinds:
        d.rectangle((x, y, x + s, y + s), fill=pal.FIELD, outline=pal.FIELD_EDGE, width=2)
        if k != "empty":
            farmer(d, x + 2, y + 2, s - 4, printed=k == "printed")
        x += s + 3
    if plain:
        x += 6
        for _ in range(plain):
            farmer(d, x, y + 2, s - 4)
            x += s


def _plain(d: Draw, pv: ProvinceView, x: int, y: int, right: int) -> None:
    """Pyramids as pieces (singles and doubles) with their number large, then the stones."""
    limit = _count(d, pv.pyramids, right, y + 16)
    limit -= 4 + 18 * min(3, pv.stones) if pv.stones else 0
    px = x
    # pieces shrink (down to 14 px) rather than drop when many stand in one province
    units = pv.doubles * 1.35 + pv.singles
    w = max(14, min(28, int((limit - x) / units) - 2)) if units else 28
    h = w + 2
    top = y + 30 - h
    for k in ["double"] * pv.doubles + ["single"] * pv.singles:
        step = w + w // 3 + 2 if k == "double" else w + 2
        if px + step > limit:
            break
        if k == "double":
            double_pyramid(d, px, top, w + w // 3, h)
        else:
            pyramid(d, px, top + 4, w, h - 4)
        px += step
    sx = px + 4
    for i in range(pv.stones):
        stone(d, sx + (i % 3) * 18, y + 17 - (i // 3) * 14, 16)


# --- the panels under the map -------------------------------------------------------------------

def _panel(d: Draw, box: Box, title: str) -> None:
    d.rounded_rectangle(box, 10, fill=pal.PANEL, outline=pal.PANEL_EDGE, width=2)
    d.text((box[0] + 14, box[1] + 22), fit(title, 22, box[2] - box[0] - 28, True),
           font=font(22, True), fill=pal.INK, anchor="lm")


def _temple(d: Draw, view: View, top: int, locale: str | None) -> int:
    """The temple track: a start space and the numbered spaces with their harvest, temple points
    and camel; the temple marker; the last sacrifice once revealed. Returns the panel's
    bottom."""
    sac = view.sacrifice if view.sacrifice and view.sacrifice.get("round") == view.round else None
    rows = _sacrifice_rows(view, sac, locale) if sac else []
    bottom = top + TEMPLE_H + (36 * len(rows) + 30 if sac else 0)
    moved = sac is not None and view.phase in ("sacrifice", "income")
    key = ("amunre/temple", locale, top, view.temple, moved, repr(sac),
           tuple((p.seat, p.colour) for p in view.players))
    memo_region(d, key, (MARGIN, top, SPLIT + 1, bottom + 1),
                lambda d: _temple_panel(d, view, sac, rows, moved, top, bottom, locale))
    return bottom


def _temple_panel(d: Draw, view: View, sac: dict[str, Any] | None,
                  rows: list[list[tuple[PlayerView, str]]], moved: bool, top: int, bottom: int,
                  locale: str | None) -> None:
    _panel(d, (MARGIN, top, SPLIT, bottom), tr("temple", locale))
    spaces = [None, *BOARD.temple]
    gap = 6
    w = (SPLIT - MARGIN - 28 - (len(spaces) - 1) * gap) // len(spaces)
    for i, sp in enumerate(spaces):
        x = MARGIN + 14 + i * (w + gap)
        y = top + 44
        here = (view.temple or 0) == (0 if sp is None else sp.space)
        box = (x, y, x + w, y + 118)
        d.rounded_rectangle(box, 8, fill=pal.HIGHLIGHT if here else pal.TEMPLE_SPACE,
                            outline=pal.INK if here else pal.PANEL_EDGE, width=3 if here else 1)
        if here and moved:
            d.rounded_rectangle((x - 5, y - 5, x + w + 5, y + 123), 10, outline=pal.NEW_RING,
                                width=5)
        if sp is None:
            d.text((x + w / 2, y + 22), fit(tr("start", locale), FACT_PX, w - 6, True),
                   font=font(FACT_PX, True), fill=pal.INK, anchor="mm")
        else:
            d.text((x + w / 2, y + 22), str(sp.space), font=font(34, True), fill=pal.INK,
                   anchor="mm")
            for k, text in enumerate((tr("harvest", locale, n=sp.harvest),
                                      tr("temple_points", locale, n=sp.points),
                                      tr("camel", locale) if sp.camel else "")):
                if text:
                    d.text((x + w / 2, y + 50 + 16 * k), fit(text, 15, w - 6), font=font(15),
                           fill=pal.INK if k < 2 else pal.MUTED, anchor="mm")
        if here:
            _ankh(d, x + w // 2, y + 102)
    if sac:
        _sacrifice(d, sac, rows, top + TEMPLE_H, locale)


def _ankh(d: Draw, x: int, y: int) -> None:
    """The temple marker."""
    d.ellipse((x - 16, y - 12, x + 16, y + 12), fill=pal.GOLD, outline=pal.INK, width=2)
    d.text((x, y + 1), "☥", font=font(18, True), fill=pal.INK, anchor="mm")


def _sacrifice_rows(view: View, sac: dict[str, Any],
                    locale: str | None) -> list[list[tuple[PlayerView, str]]]:
    """Each seat's revealed offer (A-INFO-5) as (seat, text), in rows that fit the panel."""
    rows: list[list[tuple[PlayerView, str]]] = [[]]
    x, right = MARGIN + 14, SPLIT - 14
    for o in sac.get("offers", []):
        p = _seat(view, o.get("seat"))
        if p is None:
            continue
        text = "−3" if o.get("minus3") else str(o.get("gold", 0))
        if o.get("correction"):
            text += " + " + short_card("SC", locale)
        w = 34 + text_width(text, 20, True) + 16
        if rows[-1] and x + w > right:
            rows.append([])
            x = MARGIN + 14
        rows[-1].append((p, text))
        x += w
    return rows


def _sacrifice(d: Draw, sac: dict[str, Any], rows: list[list[tuple[PlayerView, str]]], y: int,
               locale: str | None) -> None:
    """The revealed offers, a chip in each seat's colour before each, and the total."""
    for row in rows:
        x = MARGIN + 14
        for p, text in row:
            seat_chip(d, x, y, 28, p.colour, locale)
            d.text((x + 34, y + 15), fit(text, 20, SPLIT - 14 - x - 34, True),
                   font=font(20, True), fill=pal.INK, anchor="lm")
            x += 34 + text_width(text, 20, True) + 16
        y += 36
    d.text((MARGIN + 14, y + 12), fit(tr("sacrifice_total", locale, total=sac.get("total")),
                                      17, SPLIT - MARGIN - 28),
           font=font(17), fill=pal.MUTED, anchor="lm")


def _offer(d: Draw, view: View, top: int, locale: str | None) -> int:
    """The province cards on offer with their free material and every bid on them, each bid in
    its seat's colour; after the auction, what each seat won and paid this round. Returns the
    panel's bottom (`top` when there is none)."""
    rows: list[tuple[str, list[tuple[PlayerView, int]], str]] = []
    a = view.auction
    if view.on_offer:
        title = tr("on_offer", locale) + (f" · {tr('lap', locale, n=a['lap'])}" if a else "")
        for name in view.on_offer:
            pv = view.provinces[name]
            bids = []
            for p in view.players:
                if p.marker and p.marker.get("province") == name:
                    bids.append((p, int(p.marker.get("value", 0))))
            bids.sort(key=lambda b: -b[1])
            rows.append((name, bids, _material(pv, locale)))
    else:
        last = view.last.get("auction")
        if not last or last.get("round") != view.round:
            return top
        title = tr("won", locale)
        for b in last.get("bids", []):
            p = _seat(view, b.get("seat"))
            if p is not None:
                rows.append((b["province"], [(p, int(b.get("value", 0)))], ""))
    x0, _, x1, low = offer_box()
    flags = wrap(_flags(view, locale), 16, x1 - x0 - 28)
    heights = [ROW_H + (MATERIAL_H if material else 0) for _, _, material in rows]
    bottom = min(low, top + 48 + sum(heights) + 24 * len(flags) + 6)
    _panel(d, (x0, top, x1, bottom), title)
    y = top + 46
    name_w = 168
    for (name, bids, material), row_h in zip(rows, heights, strict=True):
        d.line((x0 + 10, y - 2, x1 - 10, y - 2), fill=pal.FAINT, width=1)
        d.text((x0 + 14, y + 27), fit(named("province", name, locale), FACT_PX, name_w, True),
               font=font(FACT_PX, True), fill=pal.INK, anchor="lm")
        _bids(d, bids, x0 + 14 + name_w + 8, x1 - 10, y + 5)
        if material:  # the free material under the card, across the row under its bids
            d.text((x0 + 14, y + ROW_H + 6), fit(material, 15, x1 - x0 - 28), font=font(15),
                   fill=pal.MUTED, anchor="lm")
        y += row_h
    for line in flags:
        d.text((x0 + 14, y + 12), line, font=font(16), fill=pal.INK, anchor="lm")
        y += 24
    return bottom


def _bids(d: Draw, bids: list[tuple[PlayerView, int]], x: int, right: int, y: int) -> None:
    """A row of bids, each its value on a chip in the bidder's colour; chips narrow to fit
    (five bids on one card fit the panel)."""
    if not bids:
        return
    texts = [str(value) for _, value in bids]
    widths = [max(46, text_width(text, 28, True) + 14) for text in texts]
    gap = 6
    while sum(widths) + gap * (len(widths) - 1) > right - x and gap > 2:
        gap -= 1
    needed = sum(widths) + gap * (len(widths) - 1)
    if needed > right - x:  # never seen: five bids of three digits on one card
        overflow(" ".join(texts), needed, right - x)
    for (p, _), text, w in zip(bids, texts, widths, strict=True):
        d.rounded_rectangle((x, y, x + w, y + 44), 6, fill=colour(p.colour), outline=pal.INK,
                            width=2)
        d.text((x + w / 2, y + 22), text, font=font(28, True), fill=ink(p.colour), anchor="mm")
        x += w + gap


def _material(pv: ProvinceView, locale: str | None) -> str:
    parts = []
    if pv.free_gold:
        parts.append(tr("free_gold", locale, n=pv.free_gold, count=pv.free_gold))
    if pv.free_cards:
        parts.append(tr("free_cards", locale, n=pv.free_cards, count=pv.free_cards))
    return " · ".join(parts)


def _flags(view: View, locale: str | None) -> str:
    parts = []
    for p in view.players:
        if p.blockade:
            parts.append(tr("blockade", locale, name=p.name))
        if p.overbid:
            parts.append(tr("overbid", locale, name=p.name))
    return " · ".join(parts)


def _decks(d: Draw, view: View, top: int, locale: str | None) -> int:
    """The decks, the supply and the face-up discards (A-INFO-3), by short names. Returns the
    panel's bottom."""
    width = SPLIT - MARGIN - 28
    lines = [
        *wrap(tr("decks", locale, power=view.power_deck, provinces=view.province_deck),
              DECK_PX, width),
        *wrap(tr("supply", locale, stones=view.supply.get("stones", 0),
                 farmers=view.supply.get("farmers", 0), pyramids=view.supply.get("pyramids", 0)),
              DECK_PX, width),
    ]
    counts = Counter(view.power_discard)
    discard = ", ".join(f"{n}× {short_card(c, locale)}" for c, n in sorted(counts.items()))
    lines += wrap(tr("discard", locale, cards=discard or "–"), DECK_PX, width)
    bottom = min(height() - MARGIN, top + 52 + (DECK_PX + 6) * len(lines) - 8)
    memo_region(d, ("amunre/decks", locale, top, bottom, tuple(lines)),
                (MARGIN, top, SPLIT + 1, bottom + 1),
                lambda d: _deck_lines(d, top, bottom, lines, locale))
    return bottom


def _deck_lines(d: Draw, top: int, bottom: int, lines: list[str], locale: str | None) -> None:
    _panel(d, (MARGIN, top, SPLIT, bottom), tr("table", locale))
    y = top + 52
    for i, line in enumerate(lines):
        if y > bottom - 12:  # never seen: the column holds the most lines a game can have
            overflow(" ".join(lines[i:]), text_width(" ".join(lines[i:]), DECK_PX),
                     SPLIT - MARGIN - 28)
            break
        d.text((MARGIN + 14, y), line, font=font(DECK_PX), fill=pal.INK, anchor="lm")
        y += DECK_PX + 6
