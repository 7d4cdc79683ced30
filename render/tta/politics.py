"""The full game's politics on the table: a compact strip of the wars pending (F-WAR-6: who
against whom, with which card, resolved at the attacker's next turn, F-WAR-7) and the pacts in
force (F-PACT-12: the two parties, each with his side of an asymmetric pact, F-PACT-10, and
who offered it), two entries a line; and the words of the full game's ages (F-AGE-2..5: Age IV
is the final age, its last round announced).

Drawn from the view's public `wars` and `pacts` (engine.tta.view.full_game_view) only; a view
without them (a tutorial game, or one saved before them) has no strip."""

from __future__ import annotations

from typing import Any

from engine.tta.text import final_age
from render.typeface import fit, font, text_width

from . import palette as pal
from .common import (
    Box,
    Draw,
    View,
    card_name,
    fitted,
    grid_boxes,
    panel,
    pill,
    seat_chip,
    tr,
)

COLS = 1  # one entry a line, the width of the table: names in big type at 480 px too
ENTRY_H = 88
ENTRY_GAP = 10
TITLE_H = 44  # a panel's title line (common.panel_top with a 20 px title)
CHIP = 34
# (the table is read at half size on a phone: nothing under 18 px, 9 px there)
NAME_SIZES = (21, 19, 18)
CARD_SIZES = (23, 21, 20)
NOTE_SIZES = (18,)
WAR_ARROW, PACT_ARROW = "→", "↔"  # the attacker attacks the defender; a pact binds both
ARROW_W = 64  # the arrow and the room around it


def entries(view: View) -> list[dict[str, Any]]:
    """What the strip shows, wars first (they resolve soon), then pacts, each as in the view."""
    return ([dict(w, kind="war") for w in view.get("wars") or []]
            + [dict(p, kind="pact") for p in view.get("pacts") or []])


def lines(view: View) -> int:
    """How many lines of entries the strip has (0: no strip)."""
    return -(-len(entries(view)) // COLS)


def height(n_lines: int) -> int:
    """The strip's panel height for `n_lines` lines of entries (0 for none)."""
    if n_lines == 0:
        return 0
    return TITLE_H + n_lines * (ENTRY_H + ENTRY_GAP)


def possible(view: View) -> bool:
    """Whether wars and pacts can be in this game at all (not in the tutorial, T-SETUP-8)."""
    return view.get("mode", "tutorial") != "tutorial"


def most_lines(n: int) -> int:
    """The most lines a table of `n` seats can need: each seat owns one pact at most (F-PACT-4)
    and has one war pending at most (its next turn resolves it, F-WAR-7)."""
    return -(-2 * n // COLS)


def entry_boxes(box: Box, count: int) -> list[Box]:
    """Where each entry is drawn inside the strip's panel `box`."""
    return grid_boxes(box, count, COLS, ENTRY_H, ENTRY_GAP)


def draw_strip(d: Draw, view: View, box: Box, locale: str) -> None:
    """The panel with every war and pact of `view`."""
    panel(d, box, tr("politics", locale), 20)
    found = entries(view)
    for entry, ebox in zip(found, entry_boxes(box, len(found)), strict=True):
        _entry(d, view, entry, ebox, locale)


def _entry(d: Draw, view: View, entry: dict[str, Any], box: Box, locale: str) -> None:
    """One war or pact: its kind, its card and (on the right) when it is resolved or who
    offered it on the first line; the two players, with their sides, on the second."""
    x0, y0, x1, _ = box
    war = entry["kind"] == "war"
    edge = pal.MILITARY if war else pal.KIND_BAND["military"]
    d.rounded_rectangle(box, 8, fill=pal.BACKGROUND, outline=edge, width=3)
    # line 1: the kind as a label, the card's name, the note on the right
    cy = y0 + 24
    x = pill(d, x0 + 10, cy - 13, tr(f"kind.{entry['kind']}", locale), 18, edge, pal.WHITE,
             room=140) + 12
    name = card_name(entry.get("war", entry["card"]), locale)  # the war named (V-SHORT-12)
    size = fitted(name, CARD_SIZES, x1 - 12 - x, True)
    name = fit(name, size, x1 - 12 - x, True)
    d.text((x, cy), name, font=font(size, True), fill=pal.INK, anchor="lm")
    if war:
        note = tr("war_resolves", locale, round=entry.get("resolves", entry["round"] + 1))
    else:
        note = tr("pact_owner", locale, name=_player(view, entry["owner"])["name"])
    room = x1 - 12 - (x + text_width(name, size, True) + 24)
    nsize = fitted(note, NOTE_SIZES, room)
    d.text((x1 - 12, cy), fit(note, nsize, room), font=font(nsize), fill=pal.INK,
           anchor="rm")
    # line 2: the two players, the arrow between them
    first, second = ((entry["attacker"], entry["defender"]) if war
                     else (entry["owner"], entry["partner"]))
    sides = (None, None) if war else (entry.get("owner_side"), entry.get("partner_side"))
    arrow = WAR_ARROW if war else PACT_ARROW
    half = (x1 - x0 - 20 - ARROW_W) // 2  # the most each party may take
    cy = y0 + 64
    x = _party(d, view, first, sides[0], (x0 + 10, cy, x0 + 10 + half), locale)
    d.text((x + ARROW_W // 2, cy), arrow, font=font(28, True), fill=pal.INK, anchor="mm")
    _party(d, view, second, sides[1], (x + ARROW_W, cy, x1 - 10), locale)


def _player(view: View, seat: int) -> dict[str, Any]:
    return view["players"][seat]


def _party(d: Draw, view: View, seat: int, side: str | None, span: tuple[int, int, int],
           locale: str) -> int:
    """A player by chip and name, centred on `cy` from `x0`, at most to `x1`, his side of the
    pact (the letter printed on the card) after the name; returns where it ends."""
    x0, cy, x1 = span
    pv = _player(view, seat)
    seat_chip(d, x0, cy - CHIP // 2, CHIP, pv["colour"], locale)
    x = x0 + CHIP + 10
    side_w = text_width(side, 18, True) + 16 if side else 0
    room = x1 - x - (side_w + 8 if side else 0)
    size = fitted(pv["name"], NAME_SIZES, room, True)
    name = fit(pv["name"], size, room, True)
    d.text((x, cy), name, font=font(size, True), fill=pal.INK, anchor="lm")
    x += text_width(name, size, True)
    if side:
        x = pill(d, x + 8, cy - 13, side, 18, pal.KIND_BAND["military"], pal.WHITE)
    return x


# --- the full game's ages (F-AGE-2..5) ----------------------------------------------------------

def card_less(view: View) -> bool:
    """The tutorial's final stretch after Age II, which the pictures call Age II's final round
    (T-TEND-1), never "Age III"."""
    return view["age"] == "III" == final_age(view)


def in_last_round(view: View) -> bool:
    """F-AGE-5: the last round is known and has come."""
    last = view.get("last_round")
    return last is not None and view["round"] >= last


def age_sub(view: View, locale: str) -> str:
    """The line under the age on the table's age tile in a game whose final age is an age of
    its own (Age IV, F-AGE-3): "last round" in its last round, "final age" before it; "" in
    any other age."""
    if view["age"] != final_age(view):
        return ""
    return tr("last_round_now" if in_last_round(view) else "final_age", locale)
