"""What changed in the last turn, for the magenta rings.

The engine's view carries a `last` field of this shape (engine.tta.last, the last finished turn):
`{"slots": [row spaces whose card changed], "seats": {seat: {"cards": [card ids whose workers or
tokens changed, or that entered play], "parts": [statistics and areas that changed]}}}` (seat
keys may be strings after a JSON round trip). Without it the table falls back on what a single
view shows: the empty spaces of the card row were taken since the last refill."""

from __future__ import annotations

from typing import Any

View = dict[str, Any]


def ringed_slots(view: View) -> set[int]:
    """Row spaces to ring: the view's own summary, else the spaces emptied since the refill."""
    last = view.get("last")
    if isinstance(last, dict) and "slots" in last:
        return set(last["slots"])
    if view.get("result") is not None or not _refilled(view):
        return set()
    return {i for i, c in enumerate(view["row"]) if c is None}


def _refilled(view: View) -> bool:
    """Whether the row is refilled at turn starts now (not in the card-less final age, where
    every space empties for good)."""
    return view.get("age") != view.get("final_age", "III")


def ringed(view: View, seat: int) -> tuple[set[str], set[str]]:
    """(cards, parts) of `seat`'s board to ring."""
    last = view.get("last")
    if not isinstance(last, dict):
        return set(), set()
    seats = last.get("seats", {})
    mine = seats.get(seat, seats.get(str(seat)))
    if not isinstance(mine, dict):
        return set(), set()
    return set(mine.get("cards", [])), set(mine.get("parts", []))
