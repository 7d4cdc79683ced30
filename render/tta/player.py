"""One player's board as its own picture (960 px wide, read at 480 on a phone): the statistics
in big type (culture and science points with their rates, strength, happiness against
discontent, stored food and resources, civil and military actions available of their totals),
the government, leader and current tactic, every technology with its workers (yellow) and blue
tokens, the yellow and blue banks with the worker pool, the wonders (built, and the one in
progress with its stages) and the hand counts.

Only the public part of a player view is read (never `hand` or `military`), so a seat's own
view and a spectator's give the same picture. What the view's `last` summary names for this
seat is ringed in magenta (render.tta.last)."""

from __future__ import annotations

import json
from typing import Any, NamedTuple

from PIL import Image

from data.tta import CARDS, YELLOW_TABLE, corruption
from render.memo import Memo
from render.typeface import auditing, fit, font, memo_region, text_width, wrap

from . import palette as pal
from .common import (
    MARGIN,
    Box,
    Draw,
    View,
    canvas,
    card_name,
    card_tile,
    colour,
    fitted,
    language,
    panel,
    pill,
    png,
    ring,
    seat_chip,
    seat_of,
    stat_tile,
    stored,
    token,
    tr,
)
from .last import ringed

WIDTH = 960
HEADER_H = 80
GAP = 14
TILE_H = 108
COLS = 5
TECH_W = (WIDTH - 2 * MARGIN - 28 - (COLS - 1) * GAP) // COLS
TECH_H = 164
ORDER = ("farm", "mine", "urban", "unit", "special")
YELLOW_SLOTS, BLUE_SLOTS = 18, 16
BANK_R = 15


# PNG bytes of the last boards drawn, by everything a board is drawn from (`board_inputs`) and
# the language: most boards do not change during another player's turn, and every board is
# posted after every turn. A board's PNG is ~60-90 kB and its key ~2-4 kB of JSON: the memo
# keeps 128 of them and 6 MB at most (some 80 boards: the games played just now).
PNG_MEMO = 128
PNG_MEMO_BYTES = 6 * 1024 * 1024
PNGS = Memo(PNG_MEMO, PNG_MEMO_BYTES)


class Board(NamedTuple):
    """Everything one seat's board is drawn from, taken out of a view by `board_inputs`."""
    pv: dict[str, Any]  # the seat's part of the view, view["players"][seat]
    on_turn: bool  # the game goes on and it is this seat's turn (the "on turn" label)
    cards: list[str]  # technologies to ring (render.tta.last.ringed), in a fixed order
    parts: list[str]  # parts of the board to ring, sorted


def board_inputs(view: View, seat: int) -> Board:
    """The only parts of `view` that seat `seat`'s board shows."""
    pv = seat_of(view, seat)
    cards, parts = ringed(view, seat)
    on_turn = view.get("result") is None and view.get("turn") == pv["seat"]
    return Board(pv, on_turn, sorted(cards, key=repr), sorted(parts))


def player_png(view: View, seat: int, locale: str | None = None) -> bytes:
    """Seat `seat`'s board as a PNG: from PNGS when a board was drawn from the same inputs
    (compared as canonical JSON, dict keys sorted) in the same language."""
    board, locale = board_inputs(view, seat), language(locale)
    if auditing():  # every text measured
        return png(_draw(board, locale, False))
    try:
        key = json.dumps([board.pv, board.on_turn, board.cards, board.parts, locale],
                         sort_keys=True, separators=(",", ":"))
    except (TypeError, ValueError):  # not JSON (a set, keys of mixed types): not remembered
        return png(_draw(board, locale, False))
    data = PNGS.get(key)
    if data is None:
        data = png(_draw(board, locale, False))
        PNGS.put(key, data)
    return data


def player_pngs(view: View, locale: str | None = None) -> list[bytes]:
    """Every seat's board, in seat order."""
    return [player_png(view, q, locale) for q in range(len(view["players"]))]


def _techs(pv: dict[str, Any]) -> list[str]:
    """Technologies in play, farms first, then mines, urban buildings, units, specials."""
    def key(card: str) -> tuple[int, str, int, str]:
        c = CARDS[card]
        return (ORDER.index(c.kind) if c.kind in ORDER else len(ORDER), c.subtype, c.level,
                card)
    return sorted(pv["techs"], key=key)


def layout(pv: dict[str, Any]) -> dict[str, Box]:
    """Where each part of the board is drawn (full size), for the drawing and the tests."""
    boxes: dict[str, Box] = {}
    w4 = (WIDTH - 2 * MARGIN - 3 * GAP) // 4
    y = HEADER_H + GAP
    for names in (("culture", "science", "strength", "happiness"),
                  ("food", "resources", "civil", "military")):
        for i, name in enumerate(names):
            x = MARGIN + i * (w4 + GAP)
            boxes[name] = (x, y, x + w4, y + TILE_H)
        y += TILE_H + GAP
    w3 = (WIDTH - 2 * MARGIN - 2 * GAP) // 3
    for i, name in enumerate(("government", "leader", "tactic")):
        x = MARGIN + i * (w3 + GAP)
        boxes[name] = (x, y, x + w3, y + 104)
    y += 104 + GAP
    rows = max(1, -(-len(pv["techs"]) // COLS))
    boxes["techs"] = (MARGIN, y, WIDTH - MARGIN, y + 44 + rows * (TECH_H + GAP))
    for i, card in enumerate(_techs(pv)):
        x = MARGIN + 14 + (i % COLS) * (TECH_W + GAP)
        top = y + 44 + (i // COLS) * (TECH_H + GAP)
        boxes[f"card:{card}"] = (x, top, x + TECH_W, top + TECH_H)
    y = boxes["techs"][3] + GAP
    boxes["yellow"] = (MARGIN, y, WIDTH - MARGIN, y + 124)
    y += 124 + GAP
    boxes["blue"] = (MARGIN, y, WIDTH - MARGIN, y + 124)
    y += 124 + GAP
    tall = pv.get("wonder") or pv.get("wonders")
    boxes["wonder"] = (MARGIN, y, WIDTH - MARGIN, y + (44 + 150 if tall else 84))
    y = boxes["wonder"][3] + GAP
    if pv.get("colonies"):  # (a later milestone's view field)
        boxes["colonies"] = (MARGIN, y, WIDTH - MARGIN, y + 44 + 150)
        y = boxes["colonies"][3] + GAP
    boxes["bottom"] = (0, 0, WIDTH, y - GAP + MARGIN)
    return boxes


def draw_player(view: View, seat: int, locale: str | None = None,
                rgb: bool = False) -> Image.Image:
    """Seat `seat`'s board in the palette (in RGB with `rgb`: the reference drawing)."""
    return _draw(board_inputs(view, seat), language(locale), rgb)


def _draw(board: Board, locale: str | None, rgb: bool) -> Image.Image:
    """A board from its inputs alone (nothing else of the view can show on it)."""
    pv = board.pv
    boxes = layout(pv)
    img, d = canvas((WIDTH, boxes["bottom"][3]), rgb)
    _header(d, pv, board.on_turn, locale)
    _stats(d, pv, boxes, locale)
    _rulers(d, pv, boxes, locale)
    _technologies(d, pv, boxes, set(board.cards), locale)
    _yellow(d, pv, boxes["yellow"], locale)
    _blue(d, pv, boxes["blue"], locale)
    _wonders(d, pv, boxes["wonder"], locale)
    if "colonies" in boxes:
        _row_of_cards(d, boxes["colonies"], tr("colonies", locale), pv["colonies"], locale)
    for part in board.parts:
        if part in boxes:
            ring(d, boxes[part])
    return img


def _header(d: Draw, pv: dict[str, Any], on_turn: bool, locale: str | None) -> None:
    d.rectangle((0, 0, WIDTH, HEADER_H), fill=pal.HEADER)
    d.rectangle((0, HEADER_H - 8, WIDTH, HEADER_H), fill=colour(pv["colour"]))
    seat_chip(d, MARGIN, 12, 50, pv["colour"], locale)
    hand = tr("hand_counts", locale, civil=pv["hand_count"], military=pv["military_count"])
    hand_w = text_width(hand, 20, True)
    x = MARGIN + 64
    room = WIDTH - MARGIN - hand_w - 24 - x
    if on_turn or pv.get("resigned"):  # a resigned player is never on turn (F-RES)
        label = tr("on_turn" if on_turn else "resigned", locale)
        label_w = text_width(label, 20, True)
        room -= label_w + 28
        pill(d, WIDTH - MARGIN - hand_w - 24 - label_w - 16, 24, label, 20,
             pal.ACTIVE if on_turn else pal.BAD, pal.WHITE)
    d.text((x, 38), fit(pv["name"], 32, room, True), font=font(32, True), fill=pal.HEADER_INK,
           anchor="lm")
    d.text((WIDTH - MARGIN, 38), hand, font=font(20, True), fill=pal.HEADER_INK, anchor="rm")


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


def _stats(d: Draw, pv: dict[str, Any], boxes: dict[str, Box], locale: str | None) -> None:
    per = tr("per_round", locale, n=_signed(pv["culture_rating"]))
    stat_tile(d, boxes["culture"], tr("culture", locale), str(pv["culture"]), per,
              value_ink=pal.CULTURE)
    per = tr("per_round", locale, n=_signed(pv["science_rating"]))
    stat_tile(d, boxes["science"], tr("science", locale), str(pv["science"]), per,
              value_ink=pal.SCIENCE)
    stat_tile(d, boxes["strength"], tr("strength", locale), str(pv["strength"]))
    unhappy = pv["discontent"]
    stat_tile(d, boxes["happiness"], tr("happiness", locale), str(pv["happiness"]),
              tr("discontent", locale, n=unhappy) if unhappy else tr("content", locale),
              sub_ink=pal.BAD if unhappy else pal.MUTED)
    stat_tile(d, boxes["food"], tr("food", locale), str(stored(pv, "food")),
              tr("consumption", locale, n=pv["consumption"]) if pv["consumption"]
              else tr("no_consumption", locale),
              sub_ink=pal.BAD if pv["consumption"] else pal.MUTED)
    stat_tile(d, boxes["resources"], tr("resources", locale), str(stored(pv, "resources")),
              tr("corruption", locale, n=pv["corruption"]) if pv["corruption"]
              else tr("no_corruption", locale),
              sub_ink=pal.BAD if pv["corruption"] else pal.MUTED)
    for name, left, total in (("civil", "civil_actions", "civil_total"),
                              ("military", "military_actions", "military_total")):
        used = max(pv[total] - pv[left], 0)
        stat_tile(d, boxes[name], tr(f"{name}_actions", locale), f"{pv[left]}/{pv[total]}",
                  tr("used", locale, n=used))


def _named_box(d: Draw, box: Box, label: str, name: str, sub: str = "") -> None:
    """A panel with a small label and a name in bold on up to two lines (pasted from the
    region memo when the same words were drawn there)."""
    x0, y0, x1, y1 = box
    memo_region(d, ("tta/named", label, name, sub), (x0, y0, x1 + 1, y1 + 1),
                lambda d: _named_face(d, box, label, name, sub))


def _named_face(d: Draw, box: Box, label: str, name: str, sub: str) -> None:
    x0, y0, x1, y1 = box
    d.rounded_rectangle(box, 10, fill=pal.PANEL, outline=pal.PANEL_EDGE, width=2)
    d.text((x0 + 12, y0 + 16), fit(label, 17, x1 - x0 - 24, True), font=font(17, True),
           fill=pal.MUTED, anchor="lm")
    size = fitted(name, (23, 20, 18), x1 - x0 - 24, True) if sub else 23
    lines = wrap(name, size, x1 - x0 - 24, True, 1 if sub else 2)
    y = y0 + 32
    for line in lines:
        d.text((x0 + 12, y), line, font=font(size, True), fill=pal.INK, anchor="la")
        y += 28
    if sub:
        d.text((x0 + 12, y1 - 12), fit(sub, 18, x1 - x0 - 24), font=font(18), fill=pal.INK,
               anchor="ls")


def _rulers(d: Draw, pv: dict[str, Any], boxes: dict[str, Box], locale: str | None) -> None:
    _named_box(d, boxes["government"], tr("government", locale),
               card_name(pv["government"], locale),
               tr("urban_limit", locale, n=pv["urban_limit"]))
    _named_box(d, boxes["leader"], tr("leader", locale),
               card_name(pv["leader"], locale) if pv.get("leader") else tr("none", locale))
    tactic = pv.get("tactic")
    _named_box(d, boxes["tactic"], tr("tactic", locale),
               card_name(tactic, locale) if tactic else tr("none", locale))


def _technologies(d: Draw, pv: dict[str, Any], boxes: dict[str, Box], ringed_cards: set[str],
                  locale: str | None) -> None:
    panel(d, boxes["techs"], tr("technologies", locale), 20)
    for card in _techs(pv):
        box = boxes[f"card:{card}"]
        _tech(d, box, card, pv, locale)
        if card in ringed_cards:
            ring(d, box)


def _tech(d: Draw, box: Box, card: str, pv: dict[str, Any], locale: str | None) -> None:
    """A technology in play: its workers as a yellow token with the count, the blue tokens
    on a farm or mine as a blue token with the count and what one is worth. Pasted from the
    region memo when the same card with the same tokens was drawn in the same place (on the
    panel's flat colour; its ring is drawn after, outside it)."""
    workers, blue = pv["workers"].get(card, 0), pv["blue"].get(card, 0)
    x0, y0, x1, y1 = box
    memo_region(d, ("tta/tech", locale, card, workers, blue), (x0, y0, x1 + 1, y1 + 1),
                lambda d: _tech_face(d, box, card, workers, blue, locale))


def _tech_face(d: Draw, box: Box, card: str, workers: int, blue: int,
               locale: str | None) -> None:
    c = CARDS[card]
    card_tile(d, box, card, locale)
    x0, _, x1, y1 = box
    cy = y1 - 28
    if c.kind in ("farm", "mine", "urban", "unit"):
        token(d, x0 + 30, cy, 21, pal.WORKER, pal.WORKER_EDGE,
              str(workers), 24)
    if c.kind in ("farm", "mine"):
        token(d, x0 + 80, cy, 21, pal.BLUE_TOKEN, pal.BLUE_EDGE, str(blue), 24, pal.WHITE)
        n = c.food if c.kind == "farm" else c.resources
        worth = tr("each_food" if c.kind == "farm" else "each_resources", locale, n=n, count=n)
        d.text((x0 + 8, y1 - 62), fit(worth, 16, x1 - x0 - 16), font=font(16), fill=pal.INK,
               anchor="ls")
    elif c.kind not in ("urban", "unit"):
        effect = _effect(c, locale)
        lines = wrap(effect, 17, x1 - x0 - 16, max_lines=2) if effect else []
        for i, line in enumerate(reversed(lines)):
            d.text((x0 + 8, y1 - 12 - i * 22), line, font=font(17), fill=pal.INK, anchor="ls")


def _effect(c: Any, locale: str | None) -> str:
    """A special technology's symbols in short words ("+1 CA", "+2 strength")."""
    parts = []
    for field, key in (("civil_actions", "ca"), ("military_actions", "ma"),
                       ("strength", "sym_strength"), ("colonization", "sym_colonization"),
                       ("urban_limit", "sym_urban")):
        n = getattr(c, field)
        if n:
            parts.append(tr(key, locale, n=_signed(n)))
    return " ".join(parts)


def _sections(table: list[Any]) -> list[list[int]]:
    """Bank spaces 1..n grouped into the printed sections (the same numbers under them)."""
    groups: list[list[int]] = []
    for i, key in enumerate(table, 1):
        if groups and table[groups[-1][0] - 1] == key:
            groups[-1].append(i)
        else:
            groups.append([i])
    return groups


def _bank(d: Draw, box: Box, title: str, count: int, slots: int, sections: list[list[int]],
          fill: pal.RGB, edge: pal.RGB, line: str, line_ink: pal.RGB) -> None:
    """A bank's panel: its title; its spaces filled from the left, a gap between sections,
    "+n" for tokens beyond them; `line` under them."""
    d.rounded_rectangle(box, 10, fill=pal.PANEL, outline=pal.PANEL_EDGE, width=2)
    d.text((box[0] + 14, box[1] + 18), fit(title, 20, 560, True), font=font(20, True),
           fill=pal.MUTED, anchor="lm")
    x = box[0] + 24
    cy = box[1] + 58
    step = 2 * BANK_R + 6
    for group in sections:
        for i in group:
            if i <= count:
                token(d, x + BANK_R, cy, BANK_R, fill, edge)
            else:
                d.ellipse((x, cy - BANK_R, x + 2 * BANK_R, cy + BANK_R), fill=pal.EMPTY,
                          outline=pal.FAINT, width=2)
            x += step
        x += 12
    if count > slots:  # tokens beyond the printed spaces (cards that add yellow or blue)
        d.text((x, cy), f"+{count - slots}", font=font(24, True), fill=pal.INK, anchor="lm")
        x += text_width(f"+{count - slots}", 24, True) + 12
    d.text((box[0] + 24, box[3] - 16), fit(line, 18, max(x, 640) - box[0] - 24),
           font=font(18), fill=line_ink, anchor="lm")


# the printed sections of the banks: by the food cost and happy faces of the next worker
# (yellow), by the corruption they uncover (blue)
YELLOW_SECTIONS = _sections([YELLOW_TABLE[i] for i in range(1, YELLOW_SLOTS + 1)])
BLUE_SECTIONS = _sections([corruption(i) for i in range(1, BLUE_SLOTS + 1)])


def _yellow(d: Draw, pv: dict[str, Any], box: Box, locale: str | None) -> None:
    """The yellow bank (T-BOARD-3) with the food cost of the next worker, the consumption and
    the happy faces required; the worker pool as one big token."""
    count = pv["yellow_bank"]
    cost = pv["population_cost"]
    line = tr("population_line", locale, cost=cost if cost is not None else "-",
              need=YELLOW_TABLE[min(max(count, 0), YELLOW_SLOTS)][2])
    _bank(d, box, tr("yellow_bank", locale, n=count), count, YELLOW_SLOTS, YELLOW_SECTIONS,
          pal.WORKER, pal.WORKER_EDGE, line, pal.INK)
    _pool(d, pv, box, locale)


def _pool(d: Draw, pv: dict[str, Any], box: Box, locale: str | None) -> None:
    cx = box[2] - 64
    d.text((cx, box[1] + 18), fit(tr("pool", locale), 17, 124, True), font=font(17, True),
           fill=pal.MUTED, anchor="mm")
    token(d, cx, box[1] + 70, 32, pal.WORKER, pal.WORKER_EDGE, str(pv["pool"]), 34)


def _blue(d: Draw, pv: dict[str, Any], box: Box, locale: str | None) -> None:
    """The blue bank (T-BOARD-1): sections by the corruption they uncover."""
    count = pv["blue_bank"]
    corruption = pv["corruption"]
    line = (tr("corruption_line", locale, n=corruption, count=corruption) if corruption
            else tr("no_corruption_line", locale))
    _bank(d, box, tr("blue_bank", locale, n=count), count, BLUE_SLOTS, BLUE_SECTIONS,
          pal.BLUE_TOKEN, pal.BLUE_EDGE, line, pal.BAD if pv["corruption"] else pal.INK)


def _wonders(d: Draw, pv: dict[str, Any], box: Box, locale: str | None) -> None:
    """The wonder in progress (its stages, built ones blue) and the completed wonders."""
    top = panel(d, box, tr("wonders", locale), 20)
    x = box[0] + 14
    y1 = box[3] - 12
    wonder = pv.get("wonder")
    if wonder:
        stages = CARDS[wonder].stages
        card_tile(d, (x, top, x + 200, y1), wonder, locale,
                  tr("stages_built", locale, n=pv["wonder_stages"], of=len(stages)))
        sx = x + 212
        for i, cost in enumerate(stages):
            built = i < pv["wonder_stages"]
            d.rounded_rectangle((sx, top + 30, sx + 50, top + 80), 6,
                                fill=pal.BLUE_TOKEN if built else pal.EMPTY,
                                outline=pal.BLUE_EDGE if built else pal.PANEL_EDGE, width=2)
            d.text((sx + 25, top + 56), str(cost), font=font(24, True),
                   fill=pal.WHITE if built else pal.INK, anchor="mm")
            sx += 58
        x = sx + 16
    done = pv.get("wonders", [])
    if not done and not wonder:
        d.text((x, top + 14), tr("no_wonders", locale), font=font(20), fill=pal.MUTED,
               anchor="lm")
        return
    _cards_from(d, box, x, top, done, locale)


def _cards_from(d: Draw, box: Box, x: int, top: int, cards: list[str],
                locale: str | None) -> None:
    """Card tiles from `x` to the panel's right edge; "+n more" in its title line when they
    do not all fit."""
    room = box[2] - 14 - x
    if not cards:
        return
    per = max(1, min(len(cards), room // 170))
    w = min(200, (room - (per - 1) * 10) // per)
    for i, card in enumerate(cards[:per]):
        card_tile(d, (x + i * (w + 10), top, x + i * (w + 10) + w, box[3] - 12), card, locale,
                  name_lines=3)
    if len(cards) > per:
        d.text((box[2] - 14, box[1] + 18), tr("more", locale, n=len(cards) - per),
               font=font(18, True), fill=pal.INK, anchor="rm")


def _row_of_cards(d: Draw, box: Box, title: str, cards: list[str],
                  locale: str | None) -> None:
    top = panel(d, box, title, 20)
    _cards_from(d, box, box[0] + 14, top, cards, locale)
