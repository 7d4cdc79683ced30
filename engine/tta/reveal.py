"""The GameText hook `reveal_note`: before a step that reveals hidden information the seat's
prompt says so, because the host commits such a step at once, with no Confirm and no undo.

In Through the Ages that step is "End your actions" when the end of the turn draws cards
(military cards, T-EOT-1; the card row's refill for the next player): found by ending the
turn on the seat's state and asking `reveals`, as the host will after the click."""

from __future__ import annotations

from data.i18n import t
from engine.core import Decision, IllegalDecision

from .game import apply, options, reveals
from .state import State

END = Decision("end")


def reveal_note(s: State, seat: int) -> str | None:
    if END not in options(s, seat):
        return None
    try:
        after, _ = apply(s, seat, END)
    except IllegalDecision:
        return None
    return t("tta.note.end_reveals") if reveals(s, after, seat) else None
