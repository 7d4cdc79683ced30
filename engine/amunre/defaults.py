"""A-DEC-7 (A-GAP-17): what a seat decides when the host forces play on (a time-out, a player
removed). Not a standing answer a player chooses: INFO.policies stays ("ask",).

- auction: a bid of 0 on the first empty card that is legal;
- settlement short of gold: sell cards in the order they were acquired (A-GAP-6);
- phase 3: end the turn without buying (bought pieces still in hand are placed first);
- sacrifice: the "-3" card (A-SAC-4); Sacrifice Correction: +3;
- items: take none; phases 5 and 6: pass."""

from __future__ import annotations

from data.amunre import BOARD
from engine.core import Decision

from .flow import AGENDA, current
from .game import options
from .state import State


def timeout_decision(s: State, seat: int) -> Decision | None:
    """The A-DEC-7 default of a pending seat, or None when it is not pending."""
    frame = current(s)
    if frame is None or seat not in AGENDA.awaited(s):
        return None
    opts = options(s, seat)
    kind = frame["t"]
    if kind == "bid":
        return next(d for d in opts if d.kind == "bid" and d.args["value"] == 0)  # A-AUCT-12
    if kind == "cover":
        return Decision("sell", {"card": s.players[seat].cards[0]})
    if kind == "sacrifice":
        return Decision("sacrifice", {"gold": 0, "minus3": True, "correction": False})
    if kind == "correction":
        return Decision("correction", {"delta": BOARD["correction"]})
    wanted = {"buy": "end_turn", "reward": "stop", "income": "done", "bonus": "done"}.get(kind)
    if wanted is not None:
        return Decision(wanted)
    return next(d for d in opts if d.kind != "sell")  # place: the pieces bought go down
