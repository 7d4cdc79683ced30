"""What a seat finds when its turn comes, in one picture ("Since your last turn: …"): a section
for each seat that played since, with what its turn did and the cards it put on its board or
changed, as large card tiles. From public events only (engine.tta.digest)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from engine.core import Event
from engine.tta.digest import public, seats_since, since_last_turn, turn_parts

from .common import View, png, tr
from .focus import Section, draw_sections


def digest_png(view: View, events: Iterable[Event | dict[str, Any]], seat: int,
               locale: str | None = None) -> bytes | None:
    """Render hook: a section per seat whose turn came since `seat`'s last one; None when no
    turn came."""
    shown = public(events)
    cards = seats_since(shown, seat)
    turns = [s for s in since_last_turn(shown, seat) if s.seat is not None]
    if not turns:
        return None
    sections = []
    for q in dict.fromkeys(s.seat for s in turns):
        mine = [e for s in turns if s.seat == q for e in s.events]
        name = view["players"][q]["name"]
        played = [(tr("focus.in_play", locale), cards.get(q, []))] if cards.get(q) else []
        sections.append(Section(q, name, turn_parts(mine, q, locale) or
                                [tr("focus.nothing", locale)], cards=played))
    return png(draw_sections(view, sections, locale))
