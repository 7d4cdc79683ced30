"""Parts shared by the Through the Ages pictures: words through the locale, card names and
kinds, seat chips, tokens, card tiles, the ring around what changed last, and the palette PNG
encoding. Everything is drawn from a view (a dict of engine.tta.view.make_view)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from data import i18n
from data.tta import CARDS
from engine.tta import cardtext
from render.memo import Memo
from render.png import encode
from render.typeface import (
    BREAKS,
    TextDraw,
    auditing,
    fit,
    font,
    memo_region,
    text_width,
    wrap,
)
from render.words import t

from . import palette as pal

Draw = ImageDraw.ImageDraw
Box = tuple[int, int, int, int]
View = dict[str, Any]

PALETTE = pal.PAL.holder
MARGIN = 16
RING_W = 4
RING_GAP = 2  # between a box and its ring: two rings in a 14 px gap stay apart


def png(image: Image.Image) -> bytes:
    return encode(image, PALETTE)


def canvas(size: tuple[int, int], rgb: bool) -> tuple[Image.Image, TextDraw]:
    """A blank picture in the palette (in RGB with `rgb`: the reference drawing)."""
    img = Image.new("RGB", size, pal.BACKGROUND) if rgb else pal.PAL.new(size, pal.BACKGROUND)
    return img, TextDraw(img)


def language(locale: str | None) -> str:
    """The language a picture for `locale` is written in, as `tr` resolves it (None: the
    context's): resolved once per picture, it is what a memo key holds."""
    return locale if locale in i18n.LANGUAGES else i18n.language(locale)


def tr(key: str, locale: str | None = None, **args: object) -> str:
    return t(f"tta.render.{key}", locale, **args)


def card_name(card: str | None, locale: str | None) -> str:
    """A card's name in the locale (engine.tta.cardtext), "" for no card."""
    return "" if card is None else cardtext.card_name(card, locale)


MILITARY_KINDS = frozenset({"event", "territory", "tactic", "bonus", "aggression", "war",
                            "pact"})


def kind_of(card: str) -> str:
    """The colour family of a card (palette.KIND): military cards share one."""
    c = CARDS.get(card)
    if c is None:
        return "military"
    return "military" if c.kind in MILITARY_KINDS else c.kind


def kind_label(card: str, locale: str | None) -> str:
    """What kind of card it is, in words: "Farm", "Lab", "Infantry", "Leader", "Tactic"."""
    c = CARDS.get(card)
    if c is None:
        return "?"
    key = c.subtype if c.kind in ("urban", "unit") else c.kind
    return tr(f"kind.{key}", locale)


def age_label(card: str) -> str:
    c = CARDS.get(card)
    return c.age if c is not None else "?"


def colour(name: str) -> pal.RGB:
    return pal.PLAYER.get(name, pal.FAINT)


def ink(name: str) -> pal.RGB:
    return pal.PLAYER_INK.get(name, pal.INK)


def letter(colour_name: str, locale: str | None) -> str:
    """A seat colour's letter, in the language of its colour name ("Č" for červená)."""
    key = f"tta.render.colour_letter.{colour_name}"
    text = t(key, locale)
    return pal.PLAYER_LETTER.get(colour_name, "?") if text == key else text


def seat_chip(d: Draw, x: int, y: int, size: int, colour_name: str, locale: str | None) -> None:
    """A square in a seat's colour with its letter, outlined so that yellow shows on white."""
    d.rounded_rectangle((x, y, x + size, y + size), max(3, size // 6), fill=colour(colour_name),
                        outline=pal.INK, width=2)
    d.text((x + size / 2, y + size / 2 + 1), letter(colour_name, locale),
           font=font(max(12, size * 6 // 10), True), fill=ink(colour_name), anchor="mm")


def token(d: Draw, cx: int, cy: int, r: int, fill: pal.RGB, edge: pal.RGB, text: str = "",
          size: int = 0, text_ink: pal.RGB = pal.INK) -> None:
    """A round token (a worker, a blue token, an action) with an optional number on it."""
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill, outline=edge, width=2)
    if text:
        d.text((cx, cy + 1), text, font=font(size or max(12, r), True), fill=text_ink,
               anchor="mm")


def ring(d: Draw, box: Box) -> None:
    """The magenta ring around what changed in the last turn."""
    x0, y0, x1, y1 = box
    out = RING_W + RING_GAP
    d.rounded_rectangle((x0 - out, y0 - out, x1 + out, y1 + out), 10, outline=pal.NEW_RING,
                        width=RING_W)


def panel(d: Draw, box: Box, title: str = "", size: int = 20) -> int:
    """A light panel with an optional title; returns the y under the title."""
    d.rounded_rectangle(box, 10, fill=pal.PANEL, outline=pal.PANEL_EDGE, width=2)
    if title:
        d.text((box[0] + 14, box[1] + 8 + size // 2),
               fit(title, size, box[2] - box[0] - 28, True), font=font(size, True),
               fill=pal.MUTED, anchor="lm")
    return panel_top(box, title, size)


def panel_top(box: Box, title: str = "", size: int = 20) -> int:
    """The y under a panel's title (`panel` returns it too)."""
    return box[1] + size + 16 if title else box[1] + 10


def grid_boxes(box: Box, count: int, cols: int, entry_h: int, gap: int) -> list[Box]:
    """Where `count` entries go inside a titled panel `box`: `cols` a line, `entry_h` tall,
    `gap` apart (the wars-and-pacts strip, the shorter game's public events)."""
    x0, _, x1, _ = box
    top = panel_top(box, "x", 20)
    w = (x1 - x0 - 28 - (cols - 1) * gap) // cols
    return [(x0 + 14 + (i % cols) * (w + gap), top + (i // cols) * (entry_h + gap),
             x0 + 14 + (i % cols) * (w + gap) + w, top + (i // cols) * (entry_h + gap) + entry_h)
            for i in range(count)]


def pill(d: Draw, x: int, y: int, text: str, size: int, fill: pal.RGB, ink_: pal.RGB,
         pad: int = 8, room: int = 10_000) -> int:
    """A rounded label at most `room` wide; returns its right edge."""
    text = fit(text, size, room - 2 * pad, True)
    w = text_width(text, size, True) + 2 * pad
    h = size + pad
    d.rounded_rectangle((x, y, x + w, y + h), h // 2, fill=fill)
    d.text((x + w / 2, y + h / 2 + 1), text, font=font(size, True), fill=ink_, anchor="mm")
    return x + w


def stat_tile(d: Draw, box: Box, label: str, value: str, sub: str = "",
              value_ink: pal.RGB = pal.INK, sub_ink: pal.RGB = pal.MUTED) -> None:
    """A statistic: a small label, its value in big type, a line under it. On a palette
    picture the tile is pasted from the region memo when the same words were drawn there (the
    tiles stand on the picture's flat background, rings are drawn around them after)."""
    x0, y0, x1, y1 = box
    memo_region(d, ("tta/stat", label, value, sub, value_ink, sub_ink), (x0, y0, x1 + 1, y1 + 1),
                lambda d: _stat_face(d, box, label, value, sub, value_ink, sub_ink))


def _stat_face(d: Draw, box: Box, label: str, value: str, sub: str, value_ink: pal.RGB,
               sub_ink: pal.RGB) -> None:
    x0, y0, x1, y1 = box
    w = x1 - x0
    d.rounded_rectangle(box, 10, fill=pal.PANEL, outline=pal.PANEL_EDGE, width=2)
    d.text((x0 + w / 2, y0 + 16), fit(label, 18, w - 16, True), font=font(18, True),
           fill=pal.MUTED, anchor="mm")
    big = 44 if not sub else 40
    d.text((x0 + w / 2, y0 + 32 + big // 2 + (0 if sub else 6)), fit(value, big, w - 12, True),
           font=font(big, True), fill=value_ink, anchor="mm")
    if sub:
        d.text((x0 + w / 2, y1 - 16), fit(sub, 18, w - 12), font=font(18), fill=sub_ink,
               anchor="mm")


NAME_SIZES = (21, 19, 17, 15, 13)  # a card name's type, smaller only for a long name


def fitted(text: str, sizes: tuple[int, ...], width: int, bold: bool = False) -> int:
    """The largest of `sizes` at which `text` fits `width` (the smallest if none does: `fit`
    then shortens it, audited). Words differ in length between languages; a label shrinks a
    little rather than lose letters."""
    for size in sizes:
        if text_width(text, size, bold) <= width:
            return size
    return sizes[-1]


def name_fit(name: str, width: int, max_lines: int, height: int | None = None,
             sizes: tuple[int, ...] = NAME_SIZES) -> tuple[int, list[str]]:
    """The largest of `sizes` at which `name` wraps into `max_lines` lines of `width`
    (and, with `height`, lines of size + 3 px within it) without cutting a word, and its
    lines (the smallest size, shortened, if none does)."""
    for size in sizes:
        if all(text_width(word, size, True) <= width for word in name.split()):
            lines = _plain_wrap(name, size, width)
            if len(lines) <= max_lines and (height is None or len(lines) * (size + 3) <= height):
                return size, lines
    # a word longer than the card is wide: broken with a hyphen, at the largest size whose
    # lines fit (a card's name is never cut while any size holds it)
    for size in sizes:
        lines = list(wrap_whole(name, size, width, True))
        if len(lines) <= max_lines and (height is None or len(lines) * (size + 3) <= height):
            return size, lines
    size = sizes[-1]
    if height is not None:
        max_lines = max(1, min(max_lines, height // (size + 3)))
    return size, wrap(name, size, width, True, max_lines)


def _plain_wrap(text: str, size: int, width: int) -> list[str]:
    """Words into lines of at most `width` (every word known to fit alone)."""
    lines: list[str] = []
    for word in text.split():
        if lines and text_width(f"{lines[-1]} {word}", size, True) <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines


def wrap_whole(text: str, size: int, width: int, bold: bool = False) -> tuple[str, ...]:
    """`text` in lines of at most `width` (render.typeface.wrap), a word too long for a line
    even at its "/" and "-" broken with a hyphen where it must: a card's words are never cut
    off, whatever a translation's longest word."""
    words = []
    for word in text.split():
        pieces = (BREAKS.findall(word) if text_width(word, size, bold) > width
                  else [word])
        for piece in pieces:
            while text_width(piece, size, bold) > width:
                k = len(piece) - 1
                while k > 1 and text_width(piece[:k] + "-", size, bold) > width:
                    k -= 1
                k = _syllable(piece, k)
                words.append(piece[:k] + "-")
                piece = piece[k:]
            words.append(piece)
    return tuple(wrap(" ".join(words), size, width, bold)) if words else ()


VOWELS = frozenset("aeiouyáéíóúůýěäöüąęóAEIOUYÁÉÍÓÚŮÝĚÄÖÜĄĘ")


def _syllable(word: str, most: int) -> int:
    """Where to break `word` with a hyphen, at most `most` letters in: before a consonant
    that starts a syllable (a consonant followed by a vowel, "Unabhän-gigkeit"), if there is
    one in the word's second half of the room; else at `most`."""
    for k in range(most, max(2, most // 2), -1):
        if (k + 1 < len(word) and word[k] not in VOWELS and word[k + 1] in VOWELS
                and word[k - 1].isalpha() and word[k].isalpha()):
            return k
    return most


def pack(items: tuple[str, ...], size: int, width: int, bold: bool = False) -> tuple[str, ...]:
    """Short items ("+2 culture", "+1 happy") in lines of at most `width`, joined by " · ",
    an item kept whole on its line where it fits one (a number stays by its word)."""
    lines: list[str] = []
    for item in items:
        if lines and text_width(f"{lines[-1]} · {item}", size, bold) <= width:
            lines[-1] = f"{lines[-1]} · {item}"
        elif text_width(item, size, bold) <= width:
            lines.append(item)
        else:
            lines += wrap_whole(item, size, width, bold)
    return tuple(lines)


FIGURE_SIZES = (16, 14, 13)  # a row card's key figures, in bold
FIGURE_LINE = 18  # the height of a line of figures


def figure_lines(figures: tuple[str, ...], width: int,
                 sizes: tuple[int, ...] = FIGURE_SIZES) -> tuple[int, list[str]]:
    """A row card's key figures ("+2 food", "+1 happy") in at most three lines of `width`,
    each figure whole: the type size (one of `sizes`) and the lines (the fewest lines first,
    the name needs the room; cut, audited, only if three lines of the smallest type cannot
    hold them)."""
    if not figures:
        return sizes[0], []
    for most in (1, 2, 3):
        for size in sizes:
            lines = pack(figures, size, width, True)
            if len(lines) <= most:
                return size, list(lines)
    size = sizes[-1]
    lines = pack(figures, size, width, True)
    return size, [*lines[:2], fit(" ".join(lines[2:]), size, width, True)]


@dataclass(frozen=True)
class TileStyle:
    """The type sizes (px, on the picture as drawn) and spacing of a card tile. TILE, the
    default, is the small tile of the boards and the close-up; ROW_TILE the card row's and
    the tactics area's, read on a phone at half size (render.tta.table)."""

    band: int = 28  # the coloured band with the kind and the age
    kind_sizes: tuple[int, ...] = (16, 14, 13)  # the kind's label in the band (bold)
    age: int = 18  # the age in the band (bold)
    names: tuple[int, ...] = NAME_SIZES  # the name (bold), smaller only for a long one
    figures: tuple[int, ...] = FIGURE_SIZES  # the key figures (bold)
    figure_line: int = FIGURE_LINE  # a line of figures
    details: tuple[int, ...] = (17, 15, 13)  # the detail line (a cost)
    detail_line: int = 22  # from the figures' last baseline to the detail's
    wrap_detail: bool = False  # a detail too wide goes on two lines (else it shrinks, cut)
    corner: int = 16  # the corner number (bold)
    bottom: int = 10  # from the tile's bottom edge to the last baseline


TILE = TileStyle()


def card_tile(d: Draw, box: Box, card: str, locale: str | None, detail: str = "",
              name_lines: int = 2, corner: str = "", figures: tuple[str, ...] = (),
              style: TileStyle = TILE) -> int:
    """A card: its kind's band (kind and age), its name in bold; its key figures above a
    detail line and a corner number at the bottom. Returns the y under the name."""
    reserve = _reserve(corner, style) if corner else 0
    shown = _detail_fit(box[2] - box[0], detail, reserve, style)
    y = _tile_top(d, box, card, locale, name_lines, figures, bool(detail or corner), style,
                  len(shown[1]) if shown else 1)
    if corner:  # a small number in the bottom right corner (the row space)
        _corner(d, box, corner, style)
    _detail(d, box, shown, style)
    return y


def _tile_top(d: Draw, box: Box, card: str, locale: str | None, name_lines: int,
              figures: tuple[str, ...] = (), footed: bool = False, style: TileStyle = TILE,
              foot_lines: int = 1) -> int:
    """A card tile's face, its band (kind and age), its name and its key figures (above the
    bottom lines when the tile is `footed`: `foot_lines` of detail or a corner number);
    returns the y under the name."""
    x0, y0, x1, y1 = box
    kind = kind_of(card)
    w = x1 - x0
    band = style.band
    d.rounded_rectangle(box, 8, fill=pal.KIND[kind], outline=pal.INK, width=2)
    d.rounded_rectangle((x0, y0, x1, y0 + band), 8, fill=pal.KIND_BAND[kind],
                        corners=(True, True, False, False))
    age = age_label(card)
    mid = y0 + band // 2 + 1
    d.text((x1 - 10, mid), age, font=font(style.age, True), fill=pal.WHITE, anchor="rm")
    room = w - 28 - text_width(age, style.age, True)
    label = kind_label(card, locale)
    size = fitted(label, style.kind_sizes, room, True)
    d.text((x0 + 10, mid), fit(label, size, room, True), font=font(size, True),
           fill=pal.WHITE, anchor="lm")
    y = y0 + band + 8
    height = None
    if figures:
        fsize, flines = figure_lines(figures, w - 16, style.figures)
        # the last figure line's baseline, above the bottom lines
        bottom = y1 - style.bottom - (foot_lines * style.detail_line if footed else 0)
        for i, line in enumerate(reversed(flines)):
            d.text((x0 + 8, bottom - i * style.figure_line), line, font=font(fsize, True),
                   fill=pal.INK, anchor="ls")
        height = bottom - len(flines) * style.figure_line - 4 - y
    size, lines = name_fit(card_name(card, locale), w - 16, name_lines, height, style.names)
    for line in lines:
        d.text((x0 + 8, y), line, font=font(size, True), fill=pal.INK, anchor="la")
        y += size + 3
    return y


def _reserve(corner: str, style: TileStyle = TILE) -> int:
    """The width a corner number keeps from the detail line."""
    return text_width(corner, style.corner, True) + 8


def _corner(d: Draw, box: Box, corner: str, style: TileStyle = TILE) -> None:
    d.text((box[2] - 8, box[3] - style.bottom), corner, font=font(style.corner, True),
           fill=pal.MUTED, anchor="rs")


def _detail(d: Draw, box: Box, shown: tuple[int, tuple[str, ...]] | None,
            style: TileStyle = TILE) -> None:
    """The detail's lines (as `_detail_fit` laid them out), the last at the bottom."""
    if shown is not None:
        size, lines = shown
        for i, line in enumerate(reversed(lines)):
            d.text((box[0] + 8, box[3] - style.bottom - i * style.detail_line), line,
                   font=font(size), fill=pal.INK, anchor="ls")


def _detail_fit(width: int, detail: str, reserve: int,
                style: TileStyle = TILE) -> tuple[int, tuple[str, ...]] | None:
    """The detail line of a tile `width` wide, beside a corner number `reserve` wide: its size
    and lines (cut to fit on one line, or wrapped with `style.wrap_detail`), or None for no
    detail."""
    if not detail:
        return None
    room = width - 16 - reserve
    size = fitted(detail, style.details, room)
    if style.wrap_detail:
        return size, _wrap_costs(detail, size, room)
    return size, (fit(detail, size, room),)


def _wrap_costs(detail: str, size: int, width: int) -> tuple[str, ...]:
    """A detail in lines of at most `width`, broken after a " / " first (a government's
    science and revolution costs: "19 sci. /", "5 revol."), each cost kept whole on its line
    where it fits one."""
    parts = detail.split(" / ")
    lines: list[str] = []
    for i, part in enumerate(parts):
        part = part if i == len(parts) - 1 else f"{part} /"
        if lines and lines[-1].endswith(" /") and text_width(f"{lines[-1]} {part}",
                                                            size) <= width:
            lines[-1] = f"{lines[-1]} {part}"
        else:
            lines += wrap_whole(part, size, width)
    return tuple(lines)


# for the face memo's key (never asked while auditing: a cut is reported by drawing it)
_detail_key = lru_cache(maxsize=4096)(_detail_fit)


# Row card faces (everything but the corner number), wherever in the row: the row moves left
# every turn, so a card drawn last turn is mostly found again in another space. A face of a
# row space (152 x 151 palette pixels, ~23 kB) for each card and language met: the memo keeps
# 512 of them and 8 MB at most (some 350 faces: a dozen games' rows).
TILE_MEMO = 512
TILE_MEMO_BYTES = 8 * 1024 * 1024
TILES = Memo(TILE_MEMO, TILE_MEMO_BYTES)


def row_tile(d: Draw, box: Box, card: str, locale: str | None, detail: str = "",
             name_lines: int = 2, corner: str = "", figures: tuple[str, ...] = (),
             style: TileStyle = TILE) -> None:
    """card_tile, the same pixels, for a box on one flat colour (a panel) in which nothing was
    drawn yet: on a palette picture the face (all but the corner number) is pasted from TILES
    when the same card was drawn at this size in this language over this colour, in any
    place; the corner number is drawn over it after (it keeps clear of the detail line, see
    `_reserve`, so the order does not show). On an RGB picture or while auditing it is simply
    card_tile."""
    if not (isinstance(d, TextDraw) and d.colours is not None) or auditing():
        card_tile(d, box, card, locale, detail, name_lines, corner, figures, style)
        return
    x0, y0, x1, y1 = box
    region = (x0, y0, x1 + 1, y1 + 1)
    reserve = _reserve(corner, style) if corner else 0
    # everything the face depends on; the colour under it shows in its rounded corners. The
    # detail line as it is drawn, not the corner's width: a card moving from space 10 to 9
    # keeps its face when its detail fits beside either number (it nearly always does)
    under = d.im.getpixel((x0, y0))
    shown = _detail_key(x1 - x0, detail, reserve, style)
    key = (card, locale, shown, name_lines, x1 - x0, y1 - y0, figures, bool(detail or corner),
           under, d.colours, style)
    face = TILES.get(key)
    if face is None:
        # drawn on its own (the blank space cut out) at the origin, not at its place: the
        # shapes of every card of a kind are then at the same place, where the shape memo
        # finds them again; at the space's place each place would be new
        alone = d.target.crop(region)
        tile = (0, 0, x1 - x0, y1 - y0)
        drawn = TextDraw(alone)
        _tile_top(drawn, tile, card, locale, name_lines, figures, bool(detail or corner),
                  style, len(shown[1]) if shown else 1)
        _detail(drawn, tile, shown, style)
        face = alone.im
        TILES.put(key, face)
    d.im.paste(face, region)
    if corner:
        _corner(d, box, corner, style)


def card_detail(card: str, locale: str | None) -> str:
    """The short cost line of a card not yet in play: science to develop a technology,
    resources per wonder stage; nothing for the others."""
    c = CARDS.get(card)
    if c is None:
        return ""
    if c.kind == "government":
        return tr("cost_government", locale, science=c.cost_science,
                  revolution=c.cost_revolution)
    if c.is_technology and c.cost_science:
        return tr("cost_science", locale, n=c.cost_science)
    if c.kind == "wonder" and c.stages:
        return tr("cost_stages", locale, stages=" ".join(str(x) for x in c.stages))
    return ""


def seat_of(view: View, seat: int) -> dict[str, Any]:
    return view["players"][seat]


def stored(pv: dict[str, Any], what: str) -> int:
    """Food ("food") or resources ("resources") held as blue tokens on farms or mines."""
    total = 0
    for card, n in pv.get("blue", {}).items():
        c = CARDS.get(card)
        if c is not None:
            total += n * getattr(c, what)
    return total
