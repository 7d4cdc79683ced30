"""The pass the host takes for a seat whose deadline ran out with `on_deadline: skip` (the
optional rules hook `pass_decision`): ending the turn with the actions left unspent, passing
in an auction or on an event, being done in the political phase, refusing a pact offer
(G-ASYNC-19). Where none of these is on offer (a discard down to the hand limit), the host lets
the AI decide."""

from __future__ import annotations

from engine.core import Decision

from .game import options
from .state import State

PASSES = ("end", "pass", "done", "refuse")  # "refuse": a pact offer's answer (G-ASYNC-19)


def pass_decision(s: State, seat: int) -> Decision | None:
    opts = options(s, seat)
    return next((d for kind in PASSES for d in opts if d.kind == kind), None)
