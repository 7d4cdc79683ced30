"""The pass the host takes for a seat whose deadline ran out with `on_deadline: skip` (the
optional rules hook `pass_decision`): the option that gives a decision up. Pantheon's own turn
has no pass (every turn is one action, P-TURN-1), so there the host lets the AI decide; its
other prompts have one: drawing a card instead of following a move (P-MOVE-16), ending the
placement or a purchase, skipping or declining a people's offer, ending the turn instead of
using a Traitera."""

from __future__ import annotations

from engine.core import Decision

from .game import options
from .state import State

PASSES = ("follow_draw", "stop", "done", "skip", "decline", "end_turn")


def pass_decision(s: State, seat: int) -> Decision | None:
    opts = options(s, seat)
    return next((d for kind in PASSES for d in opts if d.kind == kind), None)
