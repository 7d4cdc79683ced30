"""A player's public tableau: what everyone may see in front of that player."""

from __future__ import annotations

from PIL import ImageDraw

from data.pantheon import COMPONENTS
from engine.pantheon.view import PlayerView, View
from render.typeface import fit, font, memo_region, text_width
from render.words import t

from . import icons, names
from . import palette as pal

Draw = ImageDraw.ImageDraw
Box = tuple[int, int, int, int]


def token(d: Draw, x: int, y: int, pv: PlayerView, locale: str | None, kind: str = "foot",
          r: int = 12) -> None:
    """The seat's piece with its letter: how the seat appears wherever it is named."""
    icons.piece(d, kind, x, y, pal.PLAYER[pv.colour], names.colour_letter(pv.colour, locale),
                pal.PLAYER_INK[pv.colour], r)


def columns_on_board(view: View, seat: int) -> int:
    return sum(1 for plist in view.pieces.values() for s, kind in plist
               if s == seat and kind == "column")


def chip(d: Draw, x: int, y: int, text: str, fill: pal.RGB, ink: pal.RGB = pal.INK,
         size: int = 14, new: bool = False) -> int:
    """A rounded label, ringed in magenta when it is `new` (gained in the last turn); returns
    its right edge."""
    w = text_width(text, size, True) + 14
    d.rounded_rectangle((x, y, x + w, y + size + 10), 6, fill=fill,
                        outline=pal.NEW_RING if new else pal.OUTLINE, width=3 if new else 1)
    d.text((x + 7, y + (size + 10) // 2), text, font=font(size, True), fill=ink, anchor="lm")
    return x + w


def god_counts(gods: list[str]) -> list[tuple[str, int]]:
    """Kept gods in a fixed order with their counts (the list itself is in gain order)."""
    return [(g, gods.count(g)) for g in COMPONENTS.gods if g in gods]


Chip = tuple[str, pal.RGB, pal.RGB] | tuple[str, pal.RGB, pal.RGB, bool]


def flow_chips(d: Draw, x0: int, y: int, right: int, chips: list[Chip], size: int = 14) -> int:
    """Chips (text, fill, ink[, new]) left to right, wrapping at `right`; returns the y below
    the last row."""
    x = x0
    for text, fill, ink, *new in chips:
        w = text_width(text, size, True) + 14
        if x > x0 and x + w > right:
            x, y = x0, y + size + 16
        x = chip(d, x, y, text, fill, ink, size, bool(new and new[0])) + 6
    return y + size + 16


def god_chips(pv: PlayerView, locale: str | None, new: frozenset[str] = frozenset()
              ) -> list[Chip]:
    """Kept gods, steps tiles and the one-time gods used; the gods in `new` (gained in the last
    turn) are ringed."""
    out: list[Chip] = []
    for gid, n in god_counts(pv.gods):
        colour = COMPONENTS.gods[gid].colour
        label = names.god(gid, locale) + (f" ×{n}" if n > 1 else "")
        if gid.startswith("stonkus"):
            label = f"{label} (+{COMPONENTS.gods[gid].money})"
        elif gid == "traitera":
            label = f"{label} {t('pantheon.render.player.traitera_note', locale)}"
        out.append((label, pal.GOD_BAND[colour], pal.GOD_BAND_INK[colour], gid in new))
    steps: dict[str, int] = {}
    for tile in pv.steps_tiles:
        label = t(f"pantheon.render.steps_tile.{tile}", locale)
        steps[label] = steps.get(label, 0) + 1
    for label, n in steps.items():
        out.append((label + (f" ×{n}" if n > 1 else ""), pal.CARD["move"], pal.CARD_INK["move"]))
    if pv.used_gods:
        # one-time gods act once and go back to the box: still worth knowing who used which
        used = ", ".join(names.god(g, locale) + (f" ×{n}" if n > 1 else "")
                         for g, n in god_counts(pv.used_gods))
        out.append((t("pantheon.render.player.used", locale, gods=used), pal.PANEL, pal.MUTED,
                    bool(new & set(pv.used_gods))))
    return out


def offering_row(d: Draw, x: int, y: int, tiles: dict[str, int], locale: str | None,
                 spacing: int = 92) -> None:
    """The four offering kinds with the player's level of each (dashed when missing)."""
    for i, kind in enumerate(COMPONENTS.kinds):
        cx = x + 17 + i * spacing
        icons.offering_tile(d, cx, y + 17, kind, tiles.get(kind))
        d.text((cx + 24, y + 17), names.kind(kind, locale), font=font(14), fill=pal.INK,
               anchor="lm")


def supply_row(d: Draw, x: int, y: int, pv: PlayerView, locale: str | None) -> int:
    """Feet and columns in the personal supply; returns the right edge."""
    supply = t("pantheon.render.player.supply", locale)
    d.text((x, y), supply, font=font(14), fill=pal.INK, anchor="lm")
    x += text_width(supply, 14) + 18
    for kind in ("foot", "column"):
        token(d, x, y, pv, locale, kind, r=11)
        d.text((x + 16, y), f"×{pv.supply.get(kind, 0)}", font=font(16, True), fill=pal.INK,
               anchor="lm")
        x += 62
    return x


def player_panel(d: Draw, box: Box, pv: PlayerView, view: View, locale: str | None) -> None:
    """A seat's panel: colour, name and score, its status tags, counts, supply, offering
    tiles, gods (those gained in the last turn ringed) and permanent bonuses."""
    to_act = any(w["seat"] == pv.seat for w in view.waiting)
    starts = view.start_player == pv.seat and view.result is None
    columns = columns_on_board(view, pv.seat)
    gained = frozenset(g for s, g in view.last_changes.get("gods", []) if s == pv.seat)
    # remembered whole (most turns change one panel at most); the box reaches down to the
    # picture's bottom edge, where a long row of god chips may run on
    x0, y0, x1, _ = box
    key = ("pantheon/player", locale, box, repr(pv), to_act, starts, columns,
           tuple(sorted(gained)))
    memo_region(d, key, (x0, y0, x1 + 1, d.im.size[1]),
                lambda d: _panel_face(d, box, pv, locale, to_act, starts, columns, gained))


def _panel_face(d: Draw, box: Box, pv: PlayerView, locale: str | None, to_act: bool,
                starts: bool, columns: int, gained: frozenset[str]) -> None:
    x0, y0, x1, y1 = box
    colour = pal.PLAYER[pv.colour]
    ink = pal.PLAYER_INK[pv.colour]
    d.rounded_rectangle((x0, y0, x1, y0 + 42), 8, fill=colour, outline=pal.OUTLINE, width=2)
    d.ellipse((x0 + 5, y0 + 4, x0 + 39, y0 + 38), fill=pal.PANEL, outline=pal.OUTLINE, width=1)
    token(d, x0 + 22, y0 + 21, pv, locale)
    score = t("pantheon.render.player.score", locale, n=pv.score)
    sw = text_width(score, 22, True)
    d.text((x1 - 12, y0 + 21), score, font=font(22, True), fill=ink, anchor="rm")
    d.text((x0 + 42, y0 + 21), fit(pv.name, 20, x1 - x0 - 70 - sw, True), font=font(20, True),
           fill=ink, anchor="lm")
    # status: whose turn, the temple, an unresolved bonus tile
    tags = []
    if to_act:
        tags.append((t("pantheon.render.player.to_act", locale), pal.HIGHLIGHT, pal.INK))
    if starts:
        tags.append((t("pantheon.render.player.start", locale), pal.TEMPLE, pal.INK))
    if pv.has_bonus:
        tags.append((t("pantheon.render.player.bonus_hidden", locale), pal.FAINT, pal.INK))
    y = y0 + 50
    if tags:
        flow_chips(d, x0 + 10, y, x1 - 10, tags, size=13)
    y = y0 + 90
    counts = t("pantheon.render.player.counts", locale, hand=pv.hand_size,
               demigods=pv.demigod_count, columns=columns)
    d.text((x0 + 12, y), fit(counts, 16, x1 - x0 - 24), font=font(16), fill=pal.INK, anchor="lm")
    supply_row(d, x0 + 12, y0 + 120, pv, locale)
    offering_row(d, x0 + 12, y0 + 140, pv.tiles, locale, spacing=(x1 - x0 - 24) // 4)
    chips = god_chips(pv, locale, gained)
    if chips:
        flow_chips(d, x0 + 10, y0 + 186, x1 - 10, chips, size=14)
    else:
        d.text((x0 + 12, y0 + 198), t("pantheon.render.player.no_gods", locale), font=font(14),
               fill=pal.MUTED, anchor="lm")
    extras = []
    if pv.steps:
        extras.append(t("pantheon.render.player.steps_bonus", locale, n=pv.steps))
    if pv.money_bonus:
        extras.append(t("pantheon.render.player.money_bonus", locale, n=pv.money_bonus))
    if extras:
        d.text((x0 + 12, y1 - 16), fit(" · ".join(extras), 14, x1 - x0 - 24), font=font(14, True),
               fill=pal.INK, anchor="lm")
