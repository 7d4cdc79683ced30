"""The shared table (960 px wide, read at 480 on a phone): the round, the age and whose turn it
is; the decks (civil, military) and the events decks (current / future counts); in a game with
them, the wars pending and the pacts in force (render.tta.politics); in the shorter game, its
public events and War over Culture (render.tta.shortevents); the card row in its three
cost groups, each space with its civil-action cost; the culture and science tracks of every seat
with their rates; the tactics area.

Drawn from the public part of a view only (no hand, no deck order), so a seat's own view gives
the spectator's picture. Row spaces the view's `last` summary names (else the spaces emptied
since the last refill) are ringed in magenta.

Read on a phone at half size: no text is drawn under MIN_PX (18 px, 9 px at 480 wide), the row's
and the tactics area's card names and key figures not under CARD_TEXT_PX (20 px, 10 px at 480)
(ROW_TILE; tests/render/tta/test_render_tta_phone.py measures every text drawn)."""

from __future__ import annotations

from functools import cache, lru_cache
from typing import Any

from PIL import Image

from data import i18n
from data.tta import ROW_SIZE, row_cost
from render.memo import Memo
from render.typeface import TextDraw, auditing, fit, font, memo_region, text_width

from . import palette as pal
from . import politics, shortevents
from .cardface import figures
from .common import (
    MARGIN,
    Box,
    Draw,
    TileStyle,
    View,
    canvas,
    card_detail,
    fitted,
    language,
    panel,
    panel_top,
    pill,
    png,
    ring,
    row_tile,
    seat_chip,
    stat_tile,
    tr,
)
from .last import ringed_slots

WIDTH = 960
MIN_PX = 18  # the smallest type on the table: 9 px on a phone showing it 480 px wide
CARD_TEXT_PX = 20  # a row card's name and key figures: 10 px at 480 px wide
HEADER_H = 84
GAP = 14
TILE_H = 108
COST_W = 64
CARD_GAP = 12
PER_LINE = 4  # cards on a line of the row: wide enough for a name and its figures in big type
CARD_W = (WIDTH - 2 * MARGIN - 28 - COST_W - PER_LINE * CARD_GAP) // PER_LINE
CARD_H = 200
ROW_HEAD = 76  # the row panel's title line and the legend's line under it
TACTICS_PER_LINE = 5  # no cost column there: the cards of the tactics area are a little narrower
TACTIC_W = (WIDTH - 2 * MARGIN - 28 - (TACTICS_PER_LINE - 1) * CARD_GAP) // TACTICS_PER_LINE
TRACK_H = 96
RATE_W = 124
# a row card's face for the phone: its name, figures, cost and space number at 20 px at least,
# its band (kind, age) at 18 px; a science or stage cost too wide beside the space's number
# takes two lines (common.card_tile)
ROW_TILE = TileStyle(band=34, kind_sizes=(MIN_PX,), age=20, names=(22, 21, CARD_TEXT_PX),
                     figures=(CARD_TEXT_PX,), figure_line=24, details=(CARD_TEXT_PX,),
                     detail_line=24, wrap_detail=True, corner=CARD_TEXT_PX, bottom=12)


def board_png(view: View, locale: str | None = None) -> bytes:
    return png(draw_board(view, locale))


@cache
def _groups() -> tuple[tuple[int, ...], ...]:
    """Row spaces by civil-action cost: 1 (five spaces), 2 (four), 3 (four)."""
    groups: list[list[int]] = []
    for i in range(ROW_SIZE):
        if groups and row_cost(groups[-1][0]) == row_cost(i):
            groups[-1].append(i)
        else:
            groups.append([i])
    return tuple(tuple(g) for g in groups)


def layout(view: View) -> dict[str, Box]:
    """Where everything is drawn (a fresh dict: the caller may change it)."""
    return dict(_layout(len(view["players"]), bool(view.get("tactics_area")),
                        politics.lines(view), shortevents.present(view)))


@cache
def _layout(n: int, tactics: bool, politics_lines: int = 0, short: bool = False
            ) -> dict[str, Box]:
    """The boxes for `n` seats, with or without the tactics area, with `politics_lines` lines
    of wars and pacts (render.tta.politics, the full game) under the decks: the same every
    turn, so computed once (draw_board only reads the dict)."""
    boxes: dict[str, Box] = {}
    w4 = (WIDTH - 2 * MARGIN - 3 * GAP) // 4
    y = HEADER_H + GAP
    for i, name in enumerate(("age", "civil_deck", "military_deck", "events")):
        x = MARGIN + i * (w4 + GAP)
        boxes[name] = (x, y, x + w4, y + TILE_H)
    y += TILE_H + GAP
    if politics_lines:  # what is pending between the players, before the row they act on
        boxes["politics"] = (MARGIN, y, WIDTH - MARGIN, y + politics.height(politics_lines))
        y = boxes["politics"][3] + GAP
    if short:  # the shorter game's public events and War over Culture (V-SHORT-3)
        boxes["short"] = (MARGIN, y, WIDTH - MARGIN, y + shortevents.HEIGHT)
        y = boxes["short"][3] + GAP
    groups = _groups()
    lines = sum(-(-len(g) // PER_LINE) for g in groups)
    boxes["row"] = (MARGIN, y, WIDTH - MARGIN, y + ROW_HEAD + lines * (CARD_H + CARD_GAP))
    top = y + ROW_HEAD
    for group in groups:
        # a group's cost beside all its lines
        span = -(-len(group) // PER_LINE) * (CARD_H + CARD_GAP) - CARD_GAP
        boxes[f"cost:{row_cost(group[0])}"] = (MARGIN + 14, top, MARGIN + 14 + COST_W,
                                               top + span)
        for k, slot in enumerate(group):
            x = MARGIN + 14 + COST_W + CARD_GAP + (k % PER_LINE) * (CARD_W + CARD_GAP)
            yy = top + (k // PER_LINE) * (CARD_H + CARD_GAP)
            boxes[f"slot:{slot}"] = (x, yy, x + CARD_W, yy + CARD_H)
        top += -(-len(group) // PER_LINE) * (CARD_H + CARD_GAP)
    y = boxes["row"][3] + GAP
    boxes["tracks"] = (MARGIN, y, WIDTH - MARGIN, y + 44 + n * TRACK_H + 6)
    for q in range(n):
        boxes[f"track:{q}"] = (MARGIN + 14, y + 44 + q * TRACK_H, WIDTH - MARGIN - 14,
                               y + 44 + (q + 1) * TRACK_H - 8)
    y = boxes["tracks"][3] + GAP
    if tactics:  # (a later milestone's view field)
        boxes["tactics_area"] = (MARGIN, y, WIDTH - MARGIN, y + 44 + CARD_H + 14)
        y = boxes["tactics_area"][3] + GAP
    boxes["bottom"] = (0, 0, WIDTH, y - GAP + MARGIN)
    return boxes


def tallest(n: int, politics_possible: bool = False, short: bool = False) -> int:
    """The height of the table for `n` seats once it has its tactics area (and, in a game
    with wars and pacts, `politics_possible`, the most lines of them): the tallest it gets
    (the replay's frames all have it)."""
    lines = politics.most_lines(n) if politics_possible else 0
    return _layout(n, True, lines, short)["bottom"][3]


def slot_box(view: View, slot: int) -> Box:
    """Where row space `slot` (0-based) is drawn, for tests and overlays."""
    return layout(view)[f"slot:{slot}"]


# The words the table shows whatever the view: looked up once per language, not every picture
FIXED_WORDS = ("card_row", "tracks", "tactics_area", "ca_short", "empty", "age", "civil_deck",
               "military_deck", "events", "events_sub", "game_over", "legend", "final_round")
PREVIOUS_AGE = "II"  # the age before the tutorial's final round


def _words(lang: str) -> dict[str, str]:
    # (the catalogue loader is part of the key, as in render.words: a test may replace it)
    return _words_in(lang, i18n.catalogue)


@lru_cache(maxsize=16)
def _words_in(lang: str, catalogue: object) -> dict[str, str]:
    """FIXED_WORDS in `lang` (a shared dict: read only)."""
    return {key: tr(key, lang) for key in FIXED_WORDS}


# The static part of the picture (its background, the header's band, the row's and the tracks'
# panels with their titles, the cost boxes): the same for every view with the same layout and
# words, so drawn once and copied (one copy costs less than its fill, panels and texts). About
# 1 MB each; the key holds the words, so a language or catalogue of its own gets its own.
BACKGROUND_MEMO = 12
BACKGROUND_MEMO_BYTES = 16 * 1024 * 1024
BACKGROUNDS = Memo(BACKGROUND_MEMO, BACKGROUND_MEMO_BYTES)


def draw_board(view: View, locale: str | None = None, rgb: bool = False) -> Image.Image:
    """The table in the palette (in RGB with `rgb`: the reference drawing)."""
    lang = language(locale)  # once: the memo keys hold it
    words = _words(lang)
    n, tactics = len(view["players"]), bool(view.get("tactics_area"))
    politics_lines = politics.lines(view)
    short = shortevents.present(view)
    boxes = _layout(n, tactics, politics_lines, short)
    size = (WIDTH, boxes["bottom"][3])
    if rgb or auditing():  # drawn whole: the reference drawing, every text measured
        img, d = canvas(size, rgb)
        _static(d, boxes, words)
    else:
        key = (n, tactics, politics_lines, short, tuple(words.values()))
        done = BACKGROUNDS.get(key)
        if done is None:
            done, d = canvas(size, rgb)
            _static(d, boxes, words)
            BACKGROUNDS.put(key, done)
        img = done.copy()
        d = TextDraw(img)
    _header(d, view, lang, words)
    _decks(d, view, boxes, lang, words)
    if politics_lines:
        politics.draw_strip(d, view, boxes["politics"], lang)
    if short:
        shortevents.draw_panel(d, view, boxes["short"], lang)
    _row(d, view, boxes, lang, words)
    _tracks(d, view, boxes, lang)
    if tactics:
        _tactics(d, view, boxes["tactics_area"], lang, words)
    return img


def _static(d: Draw, boxes: dict[str, Box], words: dict[str, str]) -> None:
    """What does not change from view to view (on the blank canvas). Nothing the views draw
    overlaps these, so drawing them first gives the pixels of drawing them in turn."""
    d.rectangle((0, 0, WIDTH, HEADER_H), fill=pal.HEADER)
    _row_panel(d, boxes["row"], words["card_row"], words["legend"])
    for group in _groups():
        cost = row_cost(group[0])
        _cost(d, boxes[f"cost:{cost}"], cost, words["ca_short"])
    panel(d, boxes["tracks"], words["tracks"], 20)
    if "tactics_area" in boxes:
        panel(d, boxes["tactics_area"], words["tactics_area"], 20)


LEGEND_SIZES = (20, 19, MIN_PX)


def _row_panel(d: Draw, box: Box, title: str, legend: str) -> None:
    """The card row's panel: its title, and on a line under it the legend of the action
    abbreviations the pictures use (CA, MA), once for the whole table."""
    panel(d, box)
    x0, y0, x1, _ = box
    room = x1 - x0 - 28
    tsize = fitted(title, (20, 19, MIN_PX), room, True)
    d.text((x0 + 14, y0 + 18), fit(title, tsize, room, True), font=font(tsize, True),
           fill=pal.MUTED, anchor="lm")
    size = fitted(legend, LEGEND_SIZES, room)
    d.text((x0 + 14, y0 + 48), fit(legend, size, room), font=font(size), fill=pal.INK,
           anchor="lm")


def tactic_box(area: Box, i: int, title: str = "x") -> Box:
    """Where the `i`-th card of the tactics area (its panel `area`) is drawn."""
    top = panel_top(area, title, 20)
    x = area[0] + 14 + i * (TACTIC_W + CARD_GAP)
    return (x, top, x + TACTIC_W, top + CARD_H)


def _tactics(d: Draw, view: View, box: Box, locale: str, words: dict[str, str]) -> None:
    """The common tactics area: tactics every player may copy (T-TAC), in its panel (drawn
    with the static part)."""
    cards = list(view["tactics_area"])
    per = TACTICS_PER_LINE
    for i, card in enumerate(cards[:per]):
        row_tile(d, tactic_box(box, i, words["tactics_area"]), card, locale, name_lines=3,
                 figures=figures(card, locale, key_only=True), style=ROW_TILE)
    if len(cards) > per:
        d.text((box[2] - 14, box[1] + 18), tr("more", locale, n=len(cards) - per),
               font=font(MIN_PX, True), fill=pal.INK, anchor="rm")


def header_words(view: View, locale: str) -> tuple[str, str]:
    """The header's title (round and age) and the note under it (the last round, once known),
    or "" when there is none."""
    last = view.get("last_round")
    card_less = politics.card_less(view)
    if card_less and (last is None or view["round"] >= last):
        # the tutorial's final round after Age II (T-TEND-1); a note would repeat it
        return tr("round_final", locale, round=view["round"]), ""
    # (Age II may end mid-round: its rest, then the final round the note names)
    age = PREVIOUS_AGE if card_less else view["age"]
    title = tr("round_age", locale, round=view["round"], age=age)
    if last is None or view.get("result") is not None:
        return title, ""
    if politics.in_last_round(view):  # the full game's Age IV has a last round of its own
        return title, tr("this_last_round", locale)  # (F-AGE-3, F-AGE-5)
    return title, tr("last_round", locale, round=last)


def _header(d: Draw, view: View, locale: str, words: dict[str, str]) -> None:
    """The round and age, whose turn it is, or that the game is over (on the header's band,
    drawn with the static part)."""
    title, note = header_words(view, locale)
    right = WIDTH - MARGIN
    players = view["players"]
    if view.get("result") is not None:
        label = words["game_over"]
        x = WIDTH - MARGIN - text_width(label, 22, True) - 20  # the pill ends at the margin
        pill(d, x, 24, label, 22, pal.ACTIVE, pal.WHITE, 10)
        right = x - 12
    else:
        pv = players[view["turn"]] if 0 <= view.get("turn", -1) < len(players) else None
        if pv is not None:
            name = fit(pv["name"], 24, 300, True)
            w = text_width(name, 24, True)
            d.text((WIDTH - MARGIN, 42), name, font=font(24, True), fill=pal.HEADER_INK,
                   anchor="rm")
            seat_chip(d, WIDTH - MARGIN - w - 54, 20, 44, pv["colour"], locale)
            right = WIDTH - MARGIN - w - 66
    d.text((MARGIN, 30), fit(title, 32, right - MARGIN - 10, True), font=font(32, True),
           fill=pal.HEADER_INK, anchor="lm")
    if note:
        d.text((MARGIN, 66), fit(note, 19, right - MARGIN - 10, True), font=font(19, True),
               fill=pal.WORKER, anchor="lm")


def _decks(d: Draw, view: View, boxes: dict[str, Box], locale: str,
           words: dict[str, str]) -> None:
    if politics.card_less(view):  # no Age III in the tutorial: Age II, then its final round
        stat_tile(d, boxes["age"], words["age"], PREVIOUS_AGE, words["final_round"])
    else:  # the full game's Age IV: "final age", then "last round" (F-AGE-3, F-AGE-5)
        stat_tile(d, boxes["age"], words["age"], str(view["age"]),
                  politics.age_sub(view, locale))
    stat_tile(d, boxes["civil_deck"], words["civil_deck"], str(view["civil_deck"]))
    stat_tile(d, boxes["military_deck"], words["military_deck"], str(view["military_deck"]))
    stat_tile(d, boxes["events"], words["events"],
              f"{view['events']} / {view['future_events']}", words["events_sub"])


def _row(d: Draw, view: View, boxes: dict[str, Box], locale: str,
         words: dict[str, str]) -> None:
    """The card row, in its panel with the cost boxes (drawn with the static part). What
    repeats from turn to turn is pasted from memos on a palette picture: the empty spaces
    (render.typeface.memo_region, by their place) and the cards' faces (common.row_tile, in
    whatever space a card moved to). A ring is drawn after its space and only outside it
    (RING_GAP), never inside a remembered box."""
    ringed = ringed_slots(view)
    empty = words["empty"]
    for slot, card in enumerate(view["row"]):
        x0, y0, x1, y1 = box = boxes[f"slot:{slot}"]
        if card is None:
            memo_region(d, ("tta/empty", empty, slot), (x0, y0, x1 + 1, y1 + 1),
                        lambda d, box=box, slot=slot: _empty(d, box, slot, empty))
        else:
            row_tile(d, box, card, locale, card_detail(card, locale), name_lines=3,
                     corner=str(slot + 1), figures=figures(card, locale, key_only=True),
                     style=ROW_TILE)
        if slot in ringed:
            ring(d, box)


def _cost(d: Draw, box: Box, cost: int, ca_short: str) -> None:
    """A group's civil-action cost (at the top of its box: a group may have two lines)."""
    x0, y0, x1, y1 = box
    d.rounded_rectangle((x0, y0, x1, y1), 10, fill=pal.CIVIL, outline=pal.INK, width=2)
    d.text(((x0 + x1) / 2, y0 + 50), str(cost), font=font(56, True), fill=pal.INK,
           anchor="mm")
    d.text(((x0 + x1) / 2, y0 + 102), fit(ca_short, 20, COST_W - 8, True),
           font=font(20, True), fill=pal.MUTED, anchor="mm")


def _empty(d: Draw, box: Box, slot: int, empty: str) -> None:
    x0, y0, x1, y1 = box
    d.rounded_rectangle(box, 8, fill=pal.EMPTY, outline=pal.FAINT, width=2)
    d.text(((x0 + x1) / 2, (y0 + y1) / 2), fit(empty, CARD_TEXT_PX, x1 - x0 - 12),
           font=font(CARD_TEXT_PX), fill=pal.MUTED, anchor="mm")
    d.text((x1 - 8, y1 - ROW_TILE.bottom), str(slot + 1), font=font(ROW_TILE.corner, True),
           fill=pal.MUTED, anchor="rs")


def _tracks(d: Draw, view: View, boxes: dict[str, Box], locale: str) -> None:
    """Culture and science of every seat as bars against the leader, the points in big type
    and the rate per round beside them (in their panel, drawn with the static part)."""
    players = view["players"]
    top_culture = max([p["culture"] for p in players] + [1])
    top_science = max([p["science"] for p in players] + [1])
    winners = set((view.get("result") or {}).get("winners", []))
    for q, pv in enumerate(players):
        # a seat's line is pasted from the region memo while its numbers and the leaders'
        # stay (the box reaches into the panel's flat margin: a number ends at its edge)
        x0, y0, x1, y1 = box = boxes[f"track:{q}"]
        key = ("tta/track", locale, pv["colour"], pv["name"], q in winners, pv["culture"],
               pv["science"], pv["culture_rating"], pv["science_rating"], top_culture,
               top_science, bool(pv.get("resigned")))
        memo_region(d, key, (x0, y0, x1 + 8, y1 + 1),
                    lambda d, box=box, pv=pv, won=q in winners: _track(
                        d, box, pv, won, top_culture, top_science, locale))


def _track(d: Draw, box: Box, pv: dict[str, Any], won: bool, top_culture: int, top_science: int,
           locale: str | None) -> None:
    """One seat's line: its chip and name, the winner's label, culture and science."""
    x0, y0, x1, y1 = box
    seat_chip(d, x0, y0 + 4, 40, pv["colour"], locale)
    name = pv["name"]
    size = fitted(name, (21, 20, 19, MIN_PX), 186, True)
    d.text((x0 + 50, y0 + 24), fit(name, size, 186, True), font=font(size, True),
           fill=pal.INK, anchor="lm")
    if won:
        pill(d, x0 + 50, y0 + 46, tr("winner", locale), MIN_PX, pal.ACTIVE, pal.WHITE,
             room=186)
    elif pv.get("resigned"):  # F-RES: out of the game, his points still shown
        pill(d, x0 + 50, y0 + 46, tr("resigned", locale), MIN_PX, pal.BAD, pal.WHITE,
             room=186)
    bar_x = x0 + 244
    _bar(d, (bar_x, y0 + 2, x1, y0 + 40), pv["culture"], top_culture,
         pv["culture_rating"], pal.CULTURE, tr("culture", locale), locale)
    _bar(d, (bar_x, y0 + 46, x1, y0 + 84), pv["science"], top_science,
         pv["science_rating"], pal.SCIENCE, tr("science", locale), locale)


def _bar(d: Draw, box: Box, value: int, top: int, rate: int, fill: pal.RGB, label: str,
         locale: str | None) -> None:
    """One track: a label, the bar, the points and the rate."""
    x0, y0, x1, y1 = box
    label_w = 150
    size = fitted(label, (20, 19, MIN_PX), label_w - 8, True)
    d.text((x0, (y0 + y1) / 2), fit(label, size, label_w - 8, True), font=font(size, True),
           fill=pal.MUTED, anchor="lm")
    num_w = 92 + RATE_W  # the points (76 px at most) clear of the bar
    bx0, bx1 = x0 + label_w, x1 - num_w
    d.rectangle((bx0, y0 + 6, bx1, y1 - 6), fill=pal.EMPTY)
    length = round((bx1 - bx0) * max(value, 0) / max(top, 1))
    if length > 0:
        d.rectangle((bx0, y0 + 6, bx0 + length, y1 - 6), fill=fill)
    number = str(value)
    size = fitted(number, (30, 26, 22), 76, True)
    d.text((x1 - RATE_W - 4, (y0 + y1) / 2), fit(number, size, 76, True),
           font=font(size, True), fill=fill, anchor="rm")
    per = tr("per_round", locale, n=f"+{rate}" if rate > 0 else str(rate))
    size = fitted(per, (20, 19, MIN_PX), RATE_W)
    d.text((x1, (y0 + y1) / 2), fit(per, size, RATE_W), font=font(size), fill=pal.INK,
           anchor="rm")
