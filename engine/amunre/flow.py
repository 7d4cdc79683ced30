"""Amun-Re's agenda: `State.queue` is a list of frames that the game-neutral engine.agenda.Agenda
runs. Automatic frames run at once; a one-seat choice frame waits for its seat; a simultaneous
frame {"t": kind, "seats": [...]} waits for every listed seat in any order (the secret sacrifice
of phase 4, the phase-5 income cards, the secret bonus choice of phase 6).

This module holds the agenda object and the refusal helper every phase module uses; the phase
modules (setup, auction, buy, sacrifice, income, scoring) register their frame types on import."""

from __future__ import annotations

from typing import Any

from data.i18n import t
from engine.agenda import Agenda, Frame, current, pop, push
from engine.core import IllegalDecision

from .state import State

__all__ = ["AGENDA", "Frame", "current", "err", "pop", "push"]

AGENDA: Agenda[State] = Agenda(game_over="amunre.err.game_over", game_over_rule="A-END-1",
                               not_your_turn="amunre.err.not_your_turn",
                               not_your_turn_rule="A-FLOW-4")


def err(key: str, rule: str | None, **args: Any) -> IllegalDecision:
    """A refusal fit to show the deciding player: `amunre.err.<key>` and the rule it enforces."""
    return IllegalDecision(t(f"amunre.err.{key}", **args), rule)

