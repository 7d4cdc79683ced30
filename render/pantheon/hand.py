"""One player's private picture for a DM: the hand grouped by type, own demigods with values, own
tiles and gods, and what the player could do right now."""

from __future__ import annotations

from PIL import Image, ImageDraw

from data.pantheon import COMPONENTS
from engine.pantheon.view import PlayerView, View
from render.png import encode
from render.typeface import TextDraw, fit, font, text_width
from render.words import t

from . import cards, icons, names, tableau
from . import palette as pal
from .board import PALETTE
from .layout import CARD_H, CARD_W

Draw = ImageDraw.ImageDraw

HAND_W = 1000
HAND_H = 800
PAD = 20
CARD_STEP = CARD_W + 8
GROUP_GAP = 30


def hand_png(view: View, locale: str | None = None) -> bytes:
    return encode(draw_hand(view, locale), PALETTE)


def draw_hand(view: View, locale: str | None = None, rgb: bool = False) -> Image.Image:
    """The hand in the palette (in RGB with `rgb`: the reference, see board.draw_board)."""
    if view.seat is None or view.players[view.seat].hand is None:
        raise ValueError("hand_png needs a seat's own view(state, seat), not a spectator view")
    pv = view.players[view.seat]
    size = (HAND_W, HAND_H)
    img = Image.new("RGB", size, pal.BACKGROUND) if rgb else pal.PAL.new(size, pal.BACKGROUND)
    d = TextDraw(img)
    _band(d, pv, locale)
    _status(d, view, pv, locale)
    y = _hand_cards(d, pv, locale, 112)
    y = _demigods(d, pv, locale, y + 14)
    y = _tableau(d, view, pv, locale, y + 14)
    if view.result is None:
        y = _abilities(d, view, pv, locale, y + 14)
    # the canvas is tall enough for any hand; keep only what was drawn
    return img.crop((0, 0, HAND_W, min(HAND_H, y + PAD)))


def _section(d: Draw, y: int, text: str) -> int:
    d.text((PAD, y), text, font=font(18, True), fill=pal.INK)
    d.line((PAD, y + 26, HAND_W - PAD, y + 26), fill=pal.FAINT, width=2)
    return y + 36


def _band(d: Draw, pv: PlayerView, locale: str | None) -> None:
    colour, ink = pal.PLAYER[pv.colour], pal.PLAYER_INK[pv.colour]
    d.rectangle((0, 0, HAND_W, 56), fill=colour)
    d.line((0, 56, HAND_W, 56), fill=pal.OUTLINE, width=2)
    d.ellipse((PAD - 2, 8, PAD + 38, 48), fill=pal.PANEL, outline=pal.OUTLINE, width=1)
    tableau.token(d, PAD + 18, 28, pv, locale, r=13)
    score = t("pantheon.render.player.score", locale, n=pv.score)
    d.text((HAND_W - PAD, 28), score, font=font(24, True), fill=ink, anchor="rm")
    title = t("pantheon.render.hand.title", locale, name=pv.name)
    room = HAND_W - 2 * PAD - 60 - text_width(score, 24, True)
    d.text((PAD + 50, 28), fit(title, 24, room, True), font=font(24, True), fill=ink, anchor="lm")


def _status(d: Draw, view: View, pv: PlayerView, locale: str | None) -> None:
    y = 66
    if view.result is not None:
        winners = ", ".join(view.players[s].name for s in view.result.get("winners", []))
        text = t("pantheon.render.board.game_over", locale, winners=winners)
        tableau.chip(d, PAD, y, fit(text, 16, HAND_W - 3 * PAD, True), pal.FAINT, size=16)
        return
    mine = [w for w in view.waiting if w["seat"] == pv.seat]
    if mine:
        progress = names.progress(view.step, locale)
        text = t("pantheon.render.hand.your_turn", locale, what=names.waiting(mine[0], locale))
        text += f" ({progress})" if progress else ""
        tableau.chip(d, PAD, y, fit(text, 16, HAND_W - 3 * PAD, True), pal.HIGHLIGHT, size=16)
    elif view.waiting:
        w = view.waiting[0]
        text = t("pantheon.render.hand.waiting_for", locale, name=view.players[w["seat"]].name,
                 what=names.waiting(w, locale))
        tableau.chip(d, PAD, y, fit(text, 16, HAND_W - 3 * PAD, True), pal.PANEL, size=16)


def _hand_cards(d: Draw, pv: PlayerView, locale: str | None, y: int) -> int:
    hand = pv.hand or {}
    y = _section(d, y, t("pantheon.render.hand.cards", locale, n=sum(hand.values())))
    money = sorted((c for c in hand if c in COMPONENTS.money_values and hand[c]),
                   key=lambda c: COMPONENTS.money_values[c])
    total = sum(COMPONENTS.money_values[c] * hand[c] for c in money)
    groups = [
        (t("pantheon.render.hand.group_move", locale), ["move"]),
        (t("pantheon.render.hand.group_offerings", locale), list(COMPONENTS.kinds)),
        (t("pantheon.render.hand.group_money", locale, total=total), money or ["money1"]),
    ]
    x = PAD
    for label, ids in groups:
        d.text((x, y), label, font=font(14, True), fill=pal.MUTED)
        for i, card in enumerate(ids):
            box = (x + i * CARD_STEP, y + 22, x + i * CARD_STEP + CARD_W, y + 22 + CARD_H)
            cards.face(d, box, card, locale, count=hand.get(card, 0))
            if card in COMPONENTS.kinds:
                # what a sacrifice could use of this kind: cards plus the offering tile's level
                with_tile = hand.get(card, 0) + pv.tiles.get(card, 0)
                label = t("pantheon.render.hand.with_tile", locale, n=with_tile)
                d.text(((box[0] + box[2]) // 2, box[3] + 12), fit(label, 13, CARD_STEP - 6),
                       font=font(13), fill=pal.INK, anchor="mm")  # 6 px between neighbours
        x += max(len(ids) * CARD_STEP, text_width(label, 14, True) + 8) + GROUP_GAP
    return y + 22 + CARD_H + 24


def _demigods(d: Draw, pv: PlayerView, locale: str | None, y: int) -> int:
    values = pv.demigods or []
    y = _section(d, y, t("pantheon.render.hand.demigods", locale, n=len(values), total=sum(values)))
    if not values:
        d.text((PAD, y + 6), t("pantheon.render.board.none", locale), font=font(15), fill=pal.MUTED)
        return y + 30
    for i, value in enumerate(values):
        icons.demigod_token(d, PAD + 16 + i * 38, y + 18, value, r=16)
    return y + 40


def _tableau(d: Draw, view: View, pv: PlayerView, locale: str | None, y: int) -> int:
    y = _section(d, y, t("pantheon.render.hand.in_front", locale))
    tableau.offering_row(d, PAD, y, pv.tiles, locale, spacing=120)
    right = tableau.supply_row(d, PAD + 500, y + 17, pv, locale)
    on_board = tableau.columns_on_board(view, pv.seat)
    d.text((right + 8, y + 17), t("pantheon.render.hand.on_board", locale, n=on_board),
           font=font(14), fill=pal.INK, anchor="lm")
    y += 46
    chips = tableau.god_chips(pv, locale)
    if pv.bonus:
        chips.append((t("pantheon.render.hand.bonus", locale, tile=names.bonus(pv.bonus, locale)),
                      pal.FAINT, pal.INK))
    if chips:
        y = tableau.flow_chips(d, PAD, y, HAND_W - PAD, chips)
    else:
        d.text((PAD, y + 4), t("pantheon.render.player.no_gods", locale), font=font(14),
               fill=pal.MUTED)
        y += 30
    return y


def _abilities(d: Draw, view: View, pv: PlayerView, locale: str | None, y: int) -> int:
    y = _section(d, y, t("pantheon.render.hand.can_do", locale))
    gadicea = pv.gods.count("gadicea")
    lines = [
        (t("pantheon.render.hand.can_move", locale, n=pv.max_steps or 0,
           count=pv.max_steps or 0), "move"),
        (t("pantheon.render.hand.can_buy", locale, n=pv.money or 0), "money"),
        (t("pantheon.render.hand.can_draw", locale, n=3 + gadicea), "draw"),
    ]
    for text, kind in lines:
        _ability_icon(d, PAD + 12, y + 11, kind)
        d.text((PAD + 34, y + 11), fit(text, 16, HAND_W - 2 * PAD - 40), font=font(16),
               fill=pal.INK, anchor="lm")
        y += 28
    _ability_icon(d, PAD + 12, y + 11, "god")
    payable = pv.payable_gods or []
    if not payable:
        d.text((PAD + 34, y + 11), t("pantheon.render.hand.can_god_none", locale), font=font(16),
               fill=pal.INK, anchor="lm")
        return y + 24
    label = t("pantheon.render.hand.can_god", locale)
    d.text((PAD + 34, y + 11), label, font=font(16), fill=pal.INK, anchor="lm")
    chips = []
    for gid in payable:
        colour = COMPONENTS.gods[gid].colour
        req = "+".join(str(n) for n in names.requirement(gid))
        chips.append((f"{names.god(gid, locale)} {req}", pal.GOD_BAND[colour],
                      pal.GOD_BAND_INK[colour]))
    return tableau.flow_chips(d, PAD + 44 + text_width(label, 16), y - 1, HAND_W - PAD, chips)


def _ability_icon(d: Draw, x: int, y: int, kind: str) -> None:
    if kind == "move":
        d.text((x, y), "»", font=font(22, True), fill=pal.CARD["move"], anchor="mm")
    elif kind == "money":
        d.ellipse((x - 9, y - 9, x + 9, y + 9), fill=pal.CARD["money"], outline=pal.OUTLINE,
                  width=2)
        d.text((x, y), "$", font=font(13, True), fill=pal.INK, anchor="mm")
    elif kind == "draw":
        d.rounded_rectangle((x - 7, y - 10, x + 7, y + 10), 2, fill=pal.HEADER, outline=pal.OUTLINE)
    else:
        d.rectangle((x - 8, y - 10, x + 8, y), fill=pal.GOD_BAND["yellow"])
        d.rectangle((x - 8, y, x + 8, y + 10), fill=pal.GOD_BAND["blue"])
        d.rectangle((x - 8, y - 10, x + 8, y + 10), outline=pal.OUTLINE, width=2)
