"""Decisions a seat may take outside the agenda's frames, even when it is not its turn:

- `sell {card}`: a power card to the bank for 1 gold at any time (A-PWR-GEN-3, A-DEC-2), public
  (A-INFO-7). Not while the secret phase-6 choice is open: there a sale is part of the sealed
  choice (A-DEC-6).
- `play {card: BB|OV}`: Bid Blockade or Overbid at any moment of phase 2 (A-AUCT-15, A-GAP-16).

`options(state, seat)` offers them to any seat, pending or not; `pending()` never lists a seat
for them."""

from __future__ import annotations

from engine.core import Decision, Event

from . import auction, pieces
from .flow import current, err
from .state import State

FREE_KINDS = ("sell", "play")


def may_sell(s: State) -> bool:
    frame = current(s)
    return frame is not None and frame["t"] != "bonus"


def options(s: State, seat: int) -> list[Decision]:
    if current(s) is None:
        return []
    opts = auction.play_options(s, seat)
    if may_sell(s):
        opts += auction.sell_options(s, seat)
    return opts


def handles(s: State, seat: int, d: Decision) -> bool:
    """Whether `d` is one of these free decisions (else the agenda's frame takes it)."""
    frame = current(s)
    if d.kind == "sell":
        # inside the secret phase-6 frame a sale belongs to the sealed choice
        return not (frame is not None and frame["t"] == "bonus" and seat in frame["seats"])
    if d.kind == "play":
        return d.args.get("card") in auction.AUCTION_CARDS
    return False


def sell(s: State, seat: int, d: Decision, events: list[Event]) -> None:
    if set(d.args) != {"card"}:
        raise err("bad_args", "A-DEC-2")
    card = d.args["card"]
    if not may_sell(s):
        raise err("sell_secret_now", "A-DEC-6")
    if not isinstance(card, str) or card not in s.players[seat].cards:
        raise err("no_such_card", "A-PWR-GEN-3", card=str(card))
    pieces.sell(s, seat, card, events)
    auction.covered(s)


def apply(s: State, seat: int, d: Decision, events: list[Event]) -> None:
    if current(s) is None:
        raise err("game_over", "A-END-1")
    if d.kind == "sell":
        sell(s, seat, d, events)
    else:
        auction.play_card(s, seat, d, events)
