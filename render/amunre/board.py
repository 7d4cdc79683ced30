"""The public board picture: the Nile with its 15 provinces, the scores, the temple track, the
province cards on offer with every bid, and the decks.

Drawn from the public part of a View only: no seat's gold, power cards, sealed sacrifice or
phase-6 choice is read, so a seat's own view gives the same picture as a spectator's (the final
gold comes from `view.result`, public at the end, A-INFO-6).

Made to be read at Discord's inline size (480 pixels wide, a third of the picture): each
province's owner fills its name band and frames it, pyramids are large pieces with their count
beside them, the scores stand large in the strip at the top; what the view says changed last
(the provinces just won at auction, the temple just moved) is ringed in magenta."""

from __future__ import annotations

from collections import Counter
from functools import cache
from typing import Any

from PIL import Image

from data.amunre import BOARD
from data.i18n import language
from engine.amunre.view import PlayerView, ProvinceView, View
from render.typeface import TextDraw, fit, font, memo_region, shapes, text_width, wrap

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
    stone,
    tr,
)

WIDTH = 1440
MARGIN = 16
HEADER_H = 96
SCORES_Y, SCORES_H = 108, 104
MAP_Y = 228
TILE_W, TILE_H, GAP = 200, 164, 12
RIVER_W = 100
REGION_LABEL_H = 30
BAND_H = 46
RIGHT_X = 996

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


RIVER_X = _column_x(1) + TILE_W + GAP // 2


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


def height() -> int:
    return max(layout()[2] + MARGIN, 1000)


def province_box(name: str) -> Box:
    """Where a province is drawn (full size), for tests and overlays."""
    return layout()[0][name]


def band_box(name: str) -> Box:
    """The name band of a province, filled with its owner's colour."""
    x0, y0, x1, _ = province_box(name)
    return (x0, y0, x1, y0 + BAND_H)


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
    map_box = (MARGIN, MAP_Y - 6, RIGHT_X - 14, bottom)
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
        d.text((MARGIN + 12, (top + low) / 2), label, font=font(18, True), fill=pal.INK,
               anchor="lm")
        if region != REGIONS[0]:
            d.line((MARGIN + 2, top - 2, map_box[2] - 2, top - 2), fill=pal.INK, width=3)
        d.text((map_box[2] - 12, (top + low) / 2), tr("east", locale), font=font(16),
               fill=pal.MUTED, anchor="rm")
        d.text((RIVER_X - 12, (top + low) / 2), tr("west", locale), font=font(16),
               fill=pal.MUTED, anchor="rm")
    for name, box in boxes.items():
        _tile_static(d, name, box, locale)
    return img


def _tile_static(d: Draw, name: str, box: Box, locale: str | None) -> None:
    """A province's body: its fields and the printed attributes in one quiet line."""
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
    d.text((x0 + 12, y1 - 12), fit(line, 13, TILE_W - 24), font=font(13), fill=pal.MUTED,
           anchor="ls")


# --- the picture --------------------------------------------------------------------------------

def board_png(view: View, locale: str | None = None) -> bytes:
    return png(draw_board(view, locale))


def draw_board(view: View, locale: str | None = None, rgb: bool = False) -> Image.Image:
    """The board in the palette it is stored in, drawn in that palette (render.png.Palette);
    with `rgb`, drawn in RGB: the reference, the same pixels once converted with
    `pal.PAL.quantize`."""
    img = background(locale, rgb).copy()
    d = TextDraw(img, None if rgb else (background(locale, True), background(locale)))
    ringed = _just_won(view)
    for name, box in layout()[0].items():
        _tile(d, view, view.provinces[name], box, name in ringed, locale)
    _header(d, view, locale)
    _scores(d, view, locale)
    y = _temple(d, view, MAP_Y - 6, locale)
    y = _offer(d, view, y + 12, locale)
    _decks(d, view, y + 12, locale)
    return img


def _just_won(view: View) -> set[str]:
    """The provinces the auction of this round just gave out, while its result is the news."""
    last = view.last.get("auction")
    if not last or last.get("round") != view.round or view.phase != "buy":
        return set()
    return {b["province"] for b in last.get("bids", [])}


def _seat(view: View, seat: Any) -> PlayerView | None:
    if isinstance(seat, int) and 0 <= seat < len(view.players):
        return view.players[seat]
    return None


def _header(d: Draw, view: View, locale: str | None) -> None:
    rounds = 2 * BOARD["rounds_per_kingdom"]
    title = tr("title", locale, round=view.round, rounds=rounds,
               phase=named("phase", view.phase, locale))
    d.text((MARGIN + 4, 30), fit(title, 30, 860, True), font=font(30, True),
           fill=pal.HEADER_INK, anchor="lm")
    x = WIDTH - MARGIN
    for kingdom in ("new", "old"):
        text = named("kingdom", kingdom, locale)
        w = text_width(text, 22, True) + 24
        active = view.kingdom == kingdom
        pill(d, x - w, 12, text, 22, pal.GOLD if active else pal.HEADER,
             pal.INK if active else pal.FAINT, 12, None if active else pal.FAINT)
        x -= w + 10
    d.text((MARGIN + 4, 74), fit(_status(view, locale), 20, WIDTH - 2 * MARGIN), font=font(20),
           fill=pal.HIGHLIGHT, anchor="lm")


def _status(view: View, locale: str | None) -> str:
    if view.result is not None:
        names = [view.players[q].name for q in view.result.get("winners", [])
                 if _seat(view, q) is not None]
        return tr("winners", locale, names=", ".join(names))
    waiting = []
    for w in view.waiting:
        p = _seat(view, w.get("seat"))
        if p is not None:
            waiting.append(tr("waiting_seat", locale, name=p.name,
                              kind=tr(f"kind_{w.get('kind')}", locale)))
    if not waiting:
        return ""
    return tr("waiting", locale, who=", ".join(waiting))


def _scores(d: Draw, view: View, locale: str | None) -> None:
    n = len(view.players)
    gap = 10
    w = (WIDTH - 2 * MARGIN - (n - 1) * gap) // n
    awaited = {x.get("seat") for x in view.waiting}
    result = view.result or {}
    for p in view.players:
        x0 = MARGIN + p.seat * (w + gap)
        pyramids = sum(view.provinces[x].pyramids for x in p.provinces if x in view.provinces)
        line = tr("seat_line", locale, provinces=len(p.provinces), pyramids=pyramids)
        if "gold" in result and p.seat < len(result["gold"]):
            line += " · " + tr("final_gold", locale, gold=result["gold"][p.seat])
        tags = []
        if p.seat == view.pharaoh:
            tags.append((tr("pharaoh", locale), pal.GOLD, pal.INK))
        if p.sealed:
            tags.append((tr("sealed", locale), pal.HEADER, pal.HEADER_INK))
        if p.seat in result.get("winners", []):
            tags.append((tr("winner", locale), pal.NEW_RING, pal.WHITE))
        for card in p.played:
            tags.append((card, pal.FAINT, pal.INK))
        # a seat's card is remembered whole: most turns change one seat's card at most
        key = ("amunre/seat", locale, x0, w, p.colour, p.name, p.score, line, tuple(tags),
               p.seat in awaited)
        memo_region(d, key, (x0, SCORES_Y, x0 + w + 1, SCORES_Y + SCORES_H + 1),
                    lambda d, p=p, x0=x0, line=line, tags=tags: _seat_card(
                        d, p, x0, SCORES_Y, w, line, tags, p.seat in awaited, locale))


def _seat_card(d: Draw, p: PlayerView, x0: int, y0: int, w: int, line: str,
               tags: list[tuple[str, pal.RGB, pal.RGB]], awaited: bool,
               locale: str | None) -> None:
    """One seat's card in the score row: its colour, name, score, provinces and pyramids, and
    its tags (pharaoh, sealed, winner, the cards it played)."""
    box = (x0, y0, x0 + w, y0 + SCORES_H)
    edge = pal.ACTIVE_EDGE if awaited else pal.PANEL_EDGE
    d.rounded_rectangle(box, 10, fill=pal.PANEL, outline=edge, width=5 if awaited else 2)
    d.rectangle((x0 + 3, y0 + 3, x0 + 20, y0 + SCORES_H - 3), fill=colour(p.colour))
    d.line((x0 + 21, y0 + 3, x0 + 21, y0 + SCORES_H - 3), fill=pal.INK, width=2)
    seat_chip(d, x0 + 30, y0 + 10, 36, p.colour, locale)
    score = str(p.score)
    sw = text_width(score, 52, True)
    d.text((x0 + w - 12, y0 + 36), score, font=font(52, True), fill=pal.INK, anchor="rm")
    name_w = w - 30 - 36 - 8 - sw - 24
    d.text((x0 + 74, y0 + 28), fit(p.name, 22, name_w, True), font=font(22, True),
           fill=pal.INK, anchor="lm")
    d.text((x0 + 30, y0 + 66), fit(line, 16, w - 40), font=font(16), fill=pal.MUTED,
           anchor="lm")
    tx = x0 + 30
    for text, fill, fg in tags:
        if tx + text_width(text, 14, True) + 12 > x0 + w - 8:
            break
        tx = pill(d, tx, y0 + 78, text, 14, fill, fg, 6) + 5


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
        d.rectangle((x0 - 6, y0 - 6, x1 + 6, y1 + 6), outline=pal.NEW_RING, width=6)


def _face(d: Draw, pv: ProvinceView, box: Box, colour_name: str | None,
          played: tuple[str, ...], locale: str | None) -> None:
    """A province tile inside its box: the name band in its owner's colour, the fields, the
    pyramids and stones, the income cards played there."""
    x0, y0, x1, y1 = box
    if pv.card == "removed":
        d.rectangle(box, fill=pal.REMOVED, outline=pal.FAINT, width=2)
        for k in range(-TILE_H, TILE_W, 24):
            d.line((x0 + max(k, 0), y0 + max(-k, 0), x0 + min(k + TILE_H, TILE_W),
                    y0 + min(TILE_H, TILE_W - k)), fill=pal.FAINT, width=2)
    band = (x0, y0, x1, y0 + BAND_H)
    if colour_name is not None:
        d.rectangle(band, fill=colour(colour_name))
        d.rectangle(box, outline=colour(colour_name), width=9)
        d.rectangle(box, outline=pal.INK, width=2)
        d.line((x0, y0 + BAND_H, x1, y0 + BAND_H), fill=pal.INK, width=2)
        fg = ink(colour_name)
        mark = letter(colour_name, locale)
        d.text((x1 - 12, y0 + BAND_H / 2 + 1), mark, font=font(26, True), fill=fg,
               anchor="rm")
        name_w = TILE_W - 24 - text_width(mark, 26, True) - 8
    else:
        d.rectangle(band, fill=pal.UNOWNED_BAND)
        d.line((x0, y0 + BAND_H, x1, y0 + BAND_H), fill=pal.PANEL_EDGE, width=2)
        fg = pal.INK
        name_w = TILE_W - 20
    d.text((x0 + 10, y0 + BAND_H / 2 + 1), fit(named("province", pv.name, locale), 21, name_w,
                                                True),
           font=font(21, True), fill=fg, anchor="lm")
    _fields(d, pv, x0 + 8, y0 + BAND_H + 8)
    _plain(d, pv, x0 + 8, y0 + BAND_H + 44, x1 - 8)
    tx = x1 - 8
    for card in played:
        w = text_width(card, 14, True) + 12
        pill(d, tx - w, y1 - 26, card, 14, pal.PHASE[5], pal.INK, 6)
        tx -= w + 4


def _fields(d: Draw, pv: ProvinceView, x: int, y: int) -> None:
    """One square per farming field: printed farmers, bought farmers, empty fields; then the
    farmers on the plain (Free Farmer). Smaller squares when they would not fit the tile."""
    kinds = (["printed"] * pv.printed_farmers + ["farmer"] * pv.field_farmers
             + ["empty"] * max(0, pv.free_fields))
    room = TILE_W - 16 - (6 if pv.plain_farmers else 0)
    s = max(12, min(28, room // max(1, len(kinds) + pv.plain_farmers) - 3))
    right = x + len(kinds) * (s + 3) + (6 + pv.plain_farmers * s if pv.plain_farmers else 0)
    shapes(d, ("fields", x, y, tuple(kinds), s, pv.plain_farmers, pal.FIELD, pal.FIELD_EDGE,
               pal.FARMER, pal.PRINTED_FARMER),
           (x, y, right, y + s), lambda d: _field_row(d, x, y, kinds, s, pv.plain_farmers))


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
    """Pyramids as pieces (singles and doubles), their count large, then the stones."""
    if pv.pyramids:
        count = str(pv.pyramids)
        d.text((right, y + 18), count, font=font(34, True), fill=pal.INK, anchor="rm")
        right -= text_width(count, 34, True) + 6
    px = x
    limit = right - (4 + 18 * min(3, pv.stones) if pv.stones else 0)
    # pieces shrink (down to 14 px) rather than drop when many stand in one province
    units = pv.doubles * 1.35 + pv.singles
    w = max(14, min(34, int((limit - x) / units) - 2)) if units else 34
    h = w + 2
    top = y + 36 - h
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
        stone(d, sx + (i % 3) * 18, y + 20 - (i // 3) * 14, 16)


# --- the side panels ----------------------------------------------------------------------------

def _panel(d: Draw, top: int, bottom: int, title: str) -> None:
    d.rounded_rectangle((RIGHT_X, top, WIDTH - MARGIN, bottom), 10, fill=pal.PANEL,
                        outline=pal.PANEL_EDGE, width=2)
    d.text((RIGHT_X + 14, top + 20), title, font=font(20, True), fill=pal.INK, anchor="lm")


def _temple(d: Draw, view: View, top: int, locale: str | None) -> int:
    """The temple track: a start space and the numbered spaces with their harvest, temple points
    and camel; the temple marker; the last sacrifice once revealed."""
    sac = view.sacrifice if view.sacrifice and view.sacrifice.get("round") == view.round else None
    bottom = top + 184 + (70 if sac else 0)
    moved = sac is not None and view.phase in ("sacrifice", "income")
    key = ("amunre/temple", locale, top, view.temple, moved, repr(sac),
           tuple((p.seat, p.colour) for p in view.players))
    memo_region(d, key, (RIGHT_X, top, WIDTH - MARGIN + 1, bottom + 1),
                lambda d: _temple_panel(d, view, sac, moved, top, bottom, locale))
    return bottom


def _temple_panel(d: Draw, view: View, sac: dict[str, Any] | None, moved: bool, top: int,
                  bottom: int, locale: str | None) -> None:
    _panel(d, top, bottom, tr("temple", locale))
    spaces = [None, *BOARD.temple]
    w = (WIDTH - MARGIN - RIGHT_X - 28 - 4 * 6) // len(spaces)
    for i, sp in enumerate(spaces):
        x = RIGHT_X + 14 + i * (w + 6)
        y = top + 42
        here = (view.temple or 0) == (0 if sp is None else sp.space)
        box = (x, y, x + w, y + 128)
        d.rounded_rectangle(box, 8, fill=pal.HIGHLIGHT if here else pal.TEMPLE_SPACE,
                            outline=pal.INK if here else pal.PANEL_EDGE, width=3 if here else 1)
        if here and moved:
            d.rounded_rectangle((x - 5, y - 5, x + w + 5, y + 133), 10, outline=pal.NEW_RING,
                                width=5)
        if sp is None:
            d.text((x + w / 2, y + 22), tr("start", locale), font=font(16, True), fill=pal.INK,
                   anchor="mm")
        else:
            d.text((x + w / 2, y + 22), str(sp.space), font=font(28, True), fill=pal.INK,
                   anchor="mm")
            for k, text in enumerate((tr("harvest", locale, n=sp.harvest),
                                      tr("temple_points", locale, n=sp.points),
                                      tr("camel", locale) if sp.camel else "")):
                if text:
                    d.text((x + w / 2, y + 52 + 18 * k), fit(text, 14, w - 6), font=font(14),
                           fill=pal.INK if k < 2 else pal.MUTED, anchor="mm")
        if here:
            _ankh(d, x + w // 2, y + 112)
    if sac:
        _sacrifice(d, view, sac, top + 184, locale)


def _ankh(d: Draw, x: int, y: int) -> None:
    """The temple marker."""
    d.ellipse((x - 16, y - 12, x + 16, y + 12), fill=pal.GOLD, outline=pal.INK, width=2)
    d.text((x, y + 1), "☥", font=font(18, True), fill=pal.INK, anchor="mm")


def _sacrifice(d: Draw, view: View, sac: dict[str, Any], y: int, locale: str | None) -> None:
    """Each seat's revealed offer (A-INFO-5) and the corrected total."""
    x = RIGHT_X + 14
    for o in sac.get("offers", []):
        p = _seat(view, o.get("seat"))
        if p is None:
            continue
        text = "−3" if o.get("minus3") else str(o.get("gold", 0))
        if o.get("correction"):
            text += tr("plus_correction", locale)
        seat_chip(d, x, y, 28, p.colour, locale)
        d.text((x + 34, y + 14), text, font=font(18, True), fill=pal.INK, anchor="lm")
        x += 34 + text_width(text, 18, True) + 14
    d.text((RIGHT_X + 14, y + 48), fit(tr("sacrifice_total", locale, total=sac.get("total")),
                                        16, WIDTH - MARGIN - RIGHT_X - 28),
           font=font(16), fill=pal.MUTED, anchor="lm")


def _offer(d: Draw, view: View, top: int, locale: str | None) -> int:
    """The province cards on offer with their free material and every bid on them; after the
    auction, what each seat won and paid this round."""
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
            return top - 12
        title = tr("won", locale)
        for b in last.get("bids", []):
            p = _seat(view, b.get("seat"))
            if p is not None:
                rows.append((b["province"], [(p, int(b.get("value", 0)))], ""))
    row_h = 58
    flags = _flags(view, locale)
    bottom = top + 44 + row_h * len(rows) + (26 if flags else 0) + 6
    _panel(d, top, bottom, title)
    y = top + 44
    for name, bids, material in rows:
        d.line((RIGHT_X + 10, y - 2, WIDTH - MARGIN - 10, y - 2), fill=pal.FAINT, width=1)
        d.text((RIGHT_X + 14, y + 16), fit(named("province", name, locale), 20, 170, True),
               font=font(20, True), fill=pal.INK, anchor="lm")
        if material:
            d.text((RIGHT_X + 14, y + 41), fit(material, 14, 170), font=font(14),
                   fill=pal.MUTED, anchor="lm")
        bx = RIGHT_X + 196
        for p, value in bids:
            text = str(value)
            w = max(44, text_width(text, 22, True) + 16)
            if bx + w > WIDTH - MARGIN - 8:
                break
            d.rounded_rectangle((bx, y + 6, bx + w, y + 46), 6, fill=colour(p.colour),
                                outline=pal.INK, width=2)
            d.text((bx + w / 2, y + 27), text, font=font(22, True), fill=ink(p.colour),
                   anchor="mm")
            bx += w + 6
        y += row_h
    if flags:
        d.text((RIGHT_X + 14, y + 10), fit(flags, 15, WIDTH - MARGIN - RIGHT_X - 28),
               font=font(15), fill=pal.INK, anchor="lm")
    return bottom


def _material(pv: ProvinceView, locale: str | None) -> str:
    parts = []
    if pv.free_gold:
        parts.append(tr("free_gold", locale, n=pv.free_gold))
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


def _decks(d: Draw, view: View, top: int, locale: str | None) -> None:
    lines = [
        tr("decks", locale, power=view.power_deck, provinces=view.province_deck),
        tr("supply", locale, stones=view.supply.get("stones", 0),
           farmers=view.supply.get("farmers", 0), pyramids=view.supply.get("pyramids", 0)),
    ]
    width = WIDTH - MARGIN - RIGHT_X - 28
    counts = Counter(view.power_discard)  # face up (A-INFO-3): every card by its name
    discard = ", ".join(f"{n}× {named('card', c, locale)}" for c, n in sorted(counts.items()))
    lines += wrap(tr("discard", locale, cards=discard or "–"), 16, width)
    bottom = min(height() - MARGIN, top + 44 + 26 * len(lines) + 40)
    if bottom - top < 60:
        return
    memo_region(d, ("amunre/decks", locale, top, bottom, tuple(lines)),
                (RIGHT_X, top, WIDTH - MARGIN + 1, bottom + 1),
                lambda d: _deck_lines(d, top, bottom, lines, width, locale))


def _deck_lines(d: Draw, top: int, bottom: int, lines: list[str], width: int,
                locale: str | None) -> None:
    _panel(d, top, bottom, tr("table", locale))
    y = top + 50
    for line in lines:
        if y > bottom - 12:
            break
        d.text((RIGHT_X + 14, y), fit(line, 16, width), font=font(16), fill=pal.INK,
               anchor="lm")
        y += 26
