"""The pass the host takes for a seat whose deadline ran out with `on_deadline: skip` (the
optional rules hook `pass_decision`): ending the turn with the actions left unspent, passing
in an auction or on an event, being done in the political phase or with a defence (G-ASYNC-19:
the cards already picked stand), going back from a resignation, taking only science after War
over Technology, refusing a pact offer, keeping the first event dealt (the shorter game's end of
Age I, G-ASYNC-19). Where none of these is on offer (a discard down to the
hand limit, the spoils of an aggression), the host lets the AI decide."""

from __future__ import annotations

from engine.core import Decision

from .game import options
from .state import State

# "refuse": a pact offer's answer; "keep": the shorter game's keep, whose first option is the
# first event dealt (G-VAR-5)
PASSES = ("end", "pass", "done", "back", "science", "refuse", "keep")


def pass_decision(s: State, seat: int) -> Decision | None:
    opts = options(s, seat)
    return next((d for kind in PASSES for d in opts if d.kind == kind), None)
