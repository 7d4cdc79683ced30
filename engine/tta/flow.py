"""Through the Ages' agenda: `State.queue` is a list of frames run by the game-neutral
engine.agenda.Agenda. A turn is {"t": "turn"} (replenish the row, make the exclusive tactic
available, T-TURN-1), the politics phase {"t": "politics", "seat", "done"} (politics.py; a
prepared event pushes {"t": "reveal"}, the event's questions {"t": "ev", "seat", "step", ...}
(eventcards.py) or a colonisation {"t": "bid", ...} then {"t": "send", ...} (colonize.py), and
{"t": "new_events"} when the current events deck is used up), then the action phase
{"t": "action", "seat"} (a choice repeated until "end"), then the end-of-turn sequence
{"t": "eot"} with its only decision, the military discard {"t": "discard", "seats": [seat]}
(T-EOT-1, T-TURN-3; also Politics of Strength's discard, with "left"), and the next turn or
the end of the game {"t": "end"}.

This module holds the agenda object and the refusal helper every other module uses."""

from __future__ import annotations

from typing import Any

from data.i18n import t
from engine.agenda import Agenda, Frame, current, pop, push
from engine.core import IllegalDecision

from . import listing
from .state import State

__all__ = ["AGENDA", "Frame", "current", "err", "pop", "push"]

AGENDA: Agenda[State] = Agenda(game_over="tta.err.game_over", game_over_rule="T-TEND-4",
                               not_your_turn="tta.err.not_your_turn",
                               not_your_turn_rule="T-OVER-1")


def err(key: str, rule: str | None, **args: Any) -> IllegalDecision:
    """A refusal fit to show the deciding player: `tta.err.<key>` and the rule it enforces.
    While options are listed nobody sees it, so it is left unworded (listing.py)."""
    if listing.active():
        return IllegalDecision(key, rule)
    return IllegalDecision(t(f"tta.err.{key}", **args), rule)
