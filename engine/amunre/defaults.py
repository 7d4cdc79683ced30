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
    """The A-DEC-7 default of a pending seat, or None when it is not pending. The default is
    always one of `options(s, seat)`: every step below has the option it takes (the comments say
    why where that needs the rules), and tests/engine/test_awaited_options.py checks it at every
    awaited seat of random games with out-of-turn plays (benchmarks/bench_awaited.py, many)."""
    frame = current(s)
    if frame is None or seat not in AGENDA.awaited(s):
        return None
    opts = options(s, seat)
    kind = frame["t"]
    if kind == "bid":
        return next(d for d in opts if d.kind == "bid" and d.args["value"] == 0)  # A-AUCT-12
    if kind == "cover":
        # The first card acquired (A-GAP-6). A seat is asked to cover only while its gold is
        # short of its bid, and a bid never exceeds its gold plus the cards it could sell: the
        # bid is checked when made, a sale keeps the sum, and Bid Blockade or Overbid may not be
        # played when that would leave the seat's standing bid unpayable (A-AUCT-5,
        # auction.stranded_bid). So the seat holds a card and `opts` offers its sale.
        return next(d for d in opts if d.kind == "sell")
    if kind == "sacrifice":
        return Decision("sacrifice", {"gold": 0, "minus3": True, "correction": False})
    if kind == "correction":
        return Decision("correction", {"delta": BOARD["correction"]})
    wanted = {"buy": "end_turn", "reward": "stop", "income": "done", "bonus": "done"}.get(kind)
    if wanted is not None:
        return Decision(wanted)
    return next(d for d in opts if d.kind != "sell")  # place: the pieces bought go down
