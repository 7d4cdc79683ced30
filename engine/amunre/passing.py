"""The pass the host takes for a seat whose deadline ran out with `on_deadline: skip` (the
optional rules hook `pass_decision`): ending one's buying, taking no more rewards, being done
with income or scoring choices, and a sacrifice of nothing. A bid has no pass: every player
bids in the auction (A-AUCT), so there the host lets the AI decide."""

from __future__ import annotations

from engine.core import Decision

from .game import options
from .state import State

PASSES = ("end_turn", "stop", "done")


def pass_decision(s: State, seat: int) -> Decision | None:
    opts = options(s, seat)
    found = next((d for kind in PASSES for d in opts if d.kind == kind), None)
    if found is not None:
        return found
    # the sacrifice: nothing given (no gold, no -3 token), with the smallest correction
    nothing = [d for d in opts if d.kind == "sacrifice" and d.args.get("gold") == 0
               and not d.args.get("minus3")]
    return min(nothing, key=lambda d: abs(d.args.get("correction") or 0), default=None)
