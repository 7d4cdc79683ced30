"""The end-of-turn preview (the host's optional GameText hook `turn_preview`): while a seat is
in its action phase, what ending the turn now would bring — the production phase of T-EOT-1
step 2 (culture and science scored, corruption, food produced and eaten, famine, resources)
or an uprising that skips it (T-HAPPY-5) — so nobody confirms a turn that starves or riots.

The numbers are not estimated: the very end-of-turn code (turn.strong_culture and
production.production) runs on a copy of the seat's (draft) state. The military discard and
the draws that come with the end change no number shown here."""

from __future__ import annotations

import copy
from typing import Any

from data.i18n import t
from engine.core import Event

from .flow import current
from .leaders3 import CHURCHILL, churchill_default
from .production import production
from .state import Player, State
from .stats import discontent
from .text import card_name, signed
from .turn import strong_culture


def end_of_turn(s: State, seat: int) -> dict[str, Any] | None:
    """What the end of `seat`'s turn would do now, or None when the seat is not in its action
    phase: {"uprising": bool, "science", "culture", "corruption", "corruption_unpaid", "food",
    "consumption", "famine", "resources", "bonus", "churchill"} (bonus: Genghis Khan's culture;
    churchill: Winston Churchill's default culture, G-LEAD-2)."""
    frame = current(s)
    if frame is None or frame.get("t") != "action" or frame.get("seat") != seat:
        return None
    # only the seat's own player changes (the others are read for Genghis Khan's strength):
    # a copy of that player in a shallow copy of the state, not a clone of the whole game
    p = Player(**s.players[seat].to_json())
    work = copy.copy(s)
    work.players = [p if q.seat == seat else q for q in s.players]
    events: list[Event] = []
    churchill_default(p, events)
    strong_culture(work, p, events)
    production(p, events)
    out: dict[str, Any] = {"uprising": False, "science": 0, "culture": 0, "corruption": 0,
                           "corruption_unpaid": 0, "food": 0, "consumption": 0, "famine": 0,
                           "resources": 0, "bonus": 0, "churchill": 0}
    for e in events:
        if e.template == "tta.uprising":
            out["uprising"] = True
        elif e.template == "tta.strong_culture":
            out["bonus"] = e.args["culture"]
        elif e.template == "tta.churchill_default":
            out["churchill"] = e.args["culture"]
        elif e.template == "tta.production":
            out.update({k: v for k, v in e.args.items() if k != "seat"})
    return out


def turn_preview(s: State, seat: int, locale: str | None = None) -> list[str]:
    """A few lines for the seat's own prompt (private: its draft state), or none outside its
    action phase."""
    end = end_of_turn(s, seat)
    if end is None:
        return []
    lines = [t("tta.preview.head", locale)]
    if end["churchill"]:  # scored even in an uprising (G-LEAD-2)
        lines.append(t("tta.preview.churchill", locale, card=card_name(CHURCHILL, locale),
                       n=end["churchill"]))
    if end["uprising"]:
        p = s.players[seat]
        lines.append(t("tta.preview.uprising", locale, discontent=discontent(p), idle=p.pool))
        return lines
    parts = [t("tta.summary.points", locale, culture=signed(end["culture"]),
               science=signed(end["science"]))]
    if end["corruption"]:
        parts.append(t("tta.summary.corruption", locale, n=end["corruption"]))
    parts.append(t("tta.summary.food", locale, food=signed(end["food"]),
                   eaten=end["consumption"]))
    parts.append(t("tta.summary.resources", locale, n=signed(end["resources"])))
    lines.append(" · ".join(parts))
    if end["bonus"]:
        lines.append(t("tta.preview.bonus", locale, n=end["bonus"]))
    if end["famine"]:
        lines.append(t("tta.preview.famine", locale, n=end["famine"]))
    if end["corruption_unpaid"]:
        lines.append(t("tta.preview.unpaid", locale, n=end["corruption_unpaid"]))
    return lines
