"""The board picture's panels below the map: epoch track, god display, cards, demigods, loot."""

from __future__ import annotations

from PIL import ImageDraw

from data.pantheon import COMPONENTS
from engine.pantheon.view import View
from render.typeface import fit, font, text_width, wrap
from render.words import t

from . import cards, icons, names
from . import palette as pal
from .layout import CARD_W, TITLE_H, BoardLayout
from .tableau import flow_chips

Draw = ImageDraw.ImageDraw
EPOCHS = 6


def title(d: Draw, box: tuple[int, int, int, int], text: str) -> None:
    d.text((box[0] + 12, box[1] + 6), text, font=font(16, True), fill=pal.INK)


def epochs(d: Draw, lay: BoardLayout, view: View, locale: str | None) -> None:
    scorings = set(COMPONENTS.raw["scoring_after_epochs"])
    for i in range(EPOCHS):
        x0, y0, x1, y1 = box = lay.epoch_slot(i)
        current = i + 1 == view.epoch
        d.rounded_rectangle(box, 6, fill=pal.HIGHLIGHT if current else pal.BACKGROUND,
                            outline=pal.ACTIVE_EDGE if current else pal.FAINT,
                            width=3 if current else 1)
        cx = (x0 + x1) // 2
        d.text((cx, y0 + 18), names.roman(i + 1), font=font(22, True), fill=pal.INK, anchor="mm")
        if i < len(view.peoples_played):
            pid = view.peoples_played[i]
            letter = names.people_letter(pid)
            d.text((cx, y0 + 46), fit(names.people(pid, locale), 14, x1 - x0 - 6, True),
                   font=font(14, True), fill=pal.INK, anchor="mm")
            d.text((cx, y0 + 64), f"({letter})", font=font(13, True), fill=pal.ACTIVE_EDGE,
                   anchor="mm")
        else:
            d.text((cx, y0 + 50), "–", font=font(16), fill=pal.MUTED, anchor="mm")
        d.text((cx, y1 - 12), t("pantheon.render.board.epoch_points", locale, n=i + 1),
               font=font(12), fill=pal.MUTED, anchor="mm")
        if i + 1 in scorings:
            d.text((cx, y1 + 10), t("pantheon.render.board.scoring", locale), font=font(12, True),
                   fill=pal.ACTIVE_EDGE, anchor="mm")


def gods(d: Draw, lay: BoardLayout, view: View, locale: str | None) -> None:
    title(d, lay.gods, t("pantheon.render.board.gods", locale, stack=view.god_stack_count))
    if not view.god_display:
        left, top, _, _ = lay.gods
        d.text((left + 14, top + TITLE_H + 30), t("pantheon.render.board.no_gods", locale),
               font=font(15), fill=pal.MUTED)
    for i, gid in enumerate(view.god_display):
        god_tile(d, lay.god_tile(i, len(view.god_display)), gid, locale)


def god_tile(d: Draw, box: tuple[int, int, int, int], gid: str, locale: str | None) -> None:
    """A god tile: name on its colour band, requirement as one box per number, its effect."""
    x0, y0, x1, y1 = box
    colour = COMPONENTS.gods[gid].colour
    d.rounded_rectangle(box, 6, fill=pal.PANEL, outline=pal.OUTLINE, width=2)
    d.rounded_rectangle((x0, y0, x1, y0 + 30), 6, fill=pal.GOD_BAND[colour], outline=pal.OUTLINE,
                        width=2)
    d.text((x0 + 10, y0 + 15), fit(names.god(gid, locale), 18, x1 - x0 - 16, True),
           font=font(18, True), fill=pal.GOD_BAND_INK[colour], anchor="lm")
    x, y = x0 + 10, y0 + 40
    for j, n in enumerate(names.requirement(gid)):
        if j:
            d.text((x + 1, y + 14), "+", font=font(18, True), fill=pal.INK, anchor="lm")
            x += 16
        d.rectangle((x, y, x + 28, y + 28), fill=pal.BACKGROUND, outline=pal.OUTLINE, width=2)
        d.text((x + 14, y + 14), str(n), font=font(18, True), fill=pal.INK, anchor="mm")
        x += 30
    if COMPONENTS.gods[gid].cards_only:
        d.text((x + 6, y + 14), t("pantheon.render.god.cards_only", locale), font=font(12, True),
               fill=pal.INK, anchor="lm")
    effect = names.god_effect(gid, locale)
    for k, line in enumerate(wrap(effect, 13, x1 - x0 - 16, max_lines=3)):
        d.text((x0 + 10, y0 + 78 + k * 17), line, font=font(13), fill=pal.INK)


def card_row(d: Draw, lay: BoardLayout, view: View, locale: str | None) -> None:
    for i in range(len(view.display)):
        box = lay.display_card(i)
        card = view.display[i]
        if card:
            cards.face(d, box, card, locale)
        else:
            cards.empty(d, box)
    x = lay.display_card(3)[2] + 24
    y0, y1 = lay.display_card(0)[1], lay.display_card(0)[3]
    piles = [
        (t("pantheon.render.board.deck", locale), view.deck_count,
         "back" if view.deck_count else None),
        (t("pantheon.render.board.discard", locale), view.discard_count, view.discard_top),
        (t("pantheon.render.board.special_money", locale), len(view.special_money),
         f"money{view.special_money[0]}" if view.special_money else None),
    ]
    for caption, count, card in piles:
        box = (x, y0, x + CARD_W, y1)
        if card == "back":
            cards.back(d, box)
        elif card:
            cards.face(d, box, card, locale)
        else:
            cards.empty(d, box)
        cx = x + CARD_W // 2
        d.text((cx, y1 + 11), caption, font=font(13, True), fill=pal.INK, anchor="mm")
        left = t("pantheon.render.board.cards_left", locale, n=count, count=count)
        d.text((cx, y1 + 27), left, font=font(13), fill=pal.INK, anchor="mm")
        x += CARD_W + 24
    d.text((lay.display_card(0)[0], y1 + 11), t("pantheon.render.board.display", locale),
           font=font(13, True), fill=pal.INK, anchor="lm")
    d.text((lay.display_card(0)[0], y1 + 27), t("pantheon.render.board.display_hint", locale),
           font=font(13), fill=pal.INK, anchor="lm")


def demigods(d: Draw, lay: BoardLayout, view: View, locale: str | None) -> None:
    title(d, lay.demigods,
          t("pantheon.render.board.demigods", locale, stack=view.demigod_stack_count))
    if not view.demigod_pool:
        left, top, _, _ = lay.demigods
        d.text((left + 14, top + TITLE_H + 18), t("pantheon.render.board.none", locale),
               font=font(15), fill=pal.MUTED)
    # highest first: the order in which demigod loot and Plaesiris take them
    for i, value in enumerate(sorted(view.demigod_pool, reverse=True)):
        x, y = lay.demigod_centre(i)
        icons.demigod_token(d, x, y, value)


def loot(d: Draw, lay: BoardLayout, view: View, locale: str | None) -> None:
    title(d, lay.loot, t("pantheon.render.board.loot", locale, bag=view.bag_count))
    counts: dict[str, int] = {}
    for lid in view.loot.values():
        counts[lid] = counts.get(lid, 0) + 1
    # a board holds at most 5 loot tiles (P-PREP-4), so 6 legend places always suffice
    kinds = [k for k in icons.LOOT_GLYPHS if k in counts][:6]
    if not kinds:
        left, top, _, _ = lay.loot
        d.text((left + 14, top + TITLE_H + 18), t("pantheon.render.board.none", locale),
               font=font(15), fill=pal.MUTED)
    col_w = (lay.loot[2] - lay.loot[0] - 24) // 3
    for i, lid in enumerate(kinds):
        x, y = lay.loot_entry(i)
        icons.loot_tile(d, x, y, lid)
        text = names.loot(lid, locale) + (f" ×{counts[lid]}" if counts[lid] > 1 else "")
        lines = wrap(text, 14, col_w - 56, max_lines=2)
        for k, line in enumerate(lines):
            d.text((x + 28, y - 8 * (len(lines) - 1) + k * 17), line, font=font(14),
                   fill=pal.INK, anchor="lm")
    if view.bonus_offer:
        # the draft variant: the face-up bonus tiles still to be picked (P-VAR-DRAFT)
        left, _, right, bottom = lay.loot
        chips = [(t(f"pantheon.render.bonus_short.{b}", locale), pal.FAINT, pal.INK)
                 for b in view.bonus_offer]
        label = t("pantheon.render.board.bonus_offer", locale)
        d.text((left + 12, bottom - 22), label, font=font(14, True), fill=pal.INK, anchor="lm")
        flow_chips(d, left + 20 + text_width(label, 14, True), bottom - 34, right - 10, chips,
                   size=13)
