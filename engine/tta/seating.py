"""Who plays next (T-OVER-1, T-TEND-4) once players may have resigned (F-RES-5 step 8,
F-RES-8): turns go clockwise over the remaining players; a round ends when the turn passes the
starting player's seat, and if he has resigned the role passes to the next remaining player
clockwise at that moment (G-RES-3), so the round he left is completed by the others first."""

from __future__ import annotations

from engine.core import Event

from .flow import push
from .state import State


def next_remaining(s: State, seat: int) -> int:
    """The first remaining player clockwise after `seat`."""
    for step in range(1, s.n + 1):
        q = (seat + step) % s.n
        if not s.players[q].resigned:
            return q
    return seat


def last_of_round(s: State) -> int:
    """The remaining player who plays last in a round: the first one counter-clockwise from
    the starting player's seat (the starting player himself when he is alone)."""
    for step in range(1, s.n + 1):
        q = (s.start - step) % s.n
        if not s.players[q].resigned:
            return q
    return s.start


def next_turn(s: State, seat: int, events: list[Event]) -> None:
    """After `seat`'s turn: the end of the game after the last round (T-TEND-4), or the next
    remaining player's turn (a new round when the starting seat is passed)."""
    if s.last_round is not None and s.round >= s.last_round and seat == last_of_round(s):
        push(s, {"t": "end"})
        return
    q, new_round = seat, False
    while True:
        q = (q + 1) % s.n
        if q == s.start and not new_round:
            s.round += 1
            new_round = True
            if s.players[q].resigned:  # F-RES-8: the role passes on
                s.start = next_remaining(s, q)
                events.append(Event("tta.new_start", {"seat": s.start}))
        if not s.players[q].resigned:
            push(s, {"t": "turn", "seat": q})
            return
