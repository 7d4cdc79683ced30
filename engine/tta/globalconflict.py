"""The global conflict variant (V-GLOBAL-1..3): whenever Age I, II or III ends, each remaining
player scores culture equal to his strength rating minus the lowest strength rating among the
remaining players (the weakest scores 0). It happens in the replenishment that ends the age, as
soon as the last civil card is dealt and before the antiquation steps (V-GLOBAL-2, F-AGE-8), on
the current ratings. The tutorial's card-less Age III never ends, so there it happens at the
ends of Ages I and II only (V-GLOBAL-3); the end of Age A is no end of Age I, II or III."""

from __future__ import annotations

from engine.core import Event

from .modes import global_conflict as enabled
from .modes import remaining
from .state import State
from .stats import stats

AGES_ENDING = ("I", "II", "III")  # V-GLOBAL-3


def awards(s: State) -> dict[int, int]:
    """Seat -> culture: strength minus the weakest remaining player's (V-GLOBAL-2)."""
    strength = {p.seat: stats(p).strength for p in remaining(s)}
    if not strength:
        return {}
    low = min(strength.values())
    return {seat: value - low for seat, value in strength.items()}


def global_conflict(s: State, events: list[Event]) -> None:
    """At the end of the current age, if the option is on: every remaining player scores his
    award; one public event names every award (V-GLOBAL-2)."""
    if not enabled(s) or s.age not in AGES_ENDING:
        return
    scored = awards(s)
    for seat, culture in scored.items():
        s.players[seat].culture += culture
    events.append(Event("tta.global_conflict", {
        "age": s.age, "awards": [[seat, culture] for seat, culture in sorted(scored.items())]}))
