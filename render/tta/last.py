"""What changed in the last turn, for the magenta rings.

The engine's view carries a `last` field of this shape (engine.tta.last, the last finished turn):
`{"slots": [row spaces whose card changed], "seats": {seat: {"cards": [card ids whose workers or
tokens changed, or that entered play], "parts": [statistics and areas that changed]}}}` (seat
keys may be strings after a JSON round trip). Without it, `changes(before, after)` derives the
same from two views, and the table alone falls back on what a single view shows: the empty
spaces of the card row were taken since the last refill."""

from __future__ import annotations

from typing import Any

from .common import stored

View = dict[str, Any]

# player-view fields -> the part of a board they are drawn in
PARTS = {
    "culture": "culture", "culture_rating": "culture", "science": "science",
    "science_rating": "science", "strength": "strength", "happiness": "happiness",
    "discontent": "happiness", "civil_actions": "civil", "civil_total": "civil",
    "military_actions": "military", "military_total": "military", "government": "government",
    "leader": "leader", "tactic": "tactic", "yellow_bank": "yellow", "pool": "yellow",
    "blue_bank": "blue", "wonder": "wonder", "wonder_stages": "wonder", "wonders": "wonder",
    "hand_count": "hand", "military_count": "hand",
}


def changes(before: View, after: View) -> dict[str, Any]:
    """The `last` summary between two views of the same game (public fields only)."""
    slots = [i for i, (a, b) in enumerate(zip(before["row"], after["row"], strict=False))
             if a != b]
    seats: dict[int, dict[str, list[str]]] = {}
    for pb, pa in zip(before["players"], after["players"], strict=True):
        parts = sorted({part for key, part in PARTS.items() if pb.get(key) != pa.get(key)})
        cards = [c for c in pa["techs"] if c not in pb["techs"]
                 or pb["workers"].get(c, 0) != pa["workers"].get(c, 0)
                 or pb["blue"].get(c, 0) != pa["blue"].get(c, 0)]
        if stored(pb, "food") != stored(pa, "food"):
            parts.append("food")
        if stored(pb, "resources") != stored(pa, "resources"):
            parts.append("resources")
        if parts or cards:
            seats[pa["seat"]] = {"cards": cards, "parts": sorted(parts)}
    return {"slots": slots, "seats": seats}


def ringed_slots(view: View) -> set[int]:
    """Row spaces to ring: the view's own summary, else the spaces emptied since the refill."""
    last = view.get("last")
    if isinstance(last, dict) and "slots" in last:
        return set(last["slots"])
    if view.get("result") is not None:
        return set()
    return {i for i, c in enumerate(view["row"]) if c is None and _refilled(view)}


def _refilled(view: View) -> bool:
    """Whether the row is refilled at turn starts now (not in the card-less final age, where
    every space empties for good)."""
    return view.get("age") != "III"


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
