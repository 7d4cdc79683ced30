"""What changed in the last turn, for the pictures' rings (render.tta.last reads the view's
`last` field) and the close-up of that turn (render.tta.focus): `{"slots": [row spaces whose
card changed], "seats": {seat: {"cards": [...], "parts": [...]}}, "seat": whose turn it was,
"taken": [the cards that left those spaces], "values": {fact: [before, after]} (that seat's
numbers that changed)}`.

A turn's start stores a compact public snapshot (`State.mark`, taken after the row is
replenished, so a refill is not a change), and its end compares the table with it
(`State.last`). Only public facts are compared (never a hand's cards: counts only), so the
summary is public. Seat keys are strings in the state (a JSON round trip keeps them so) and
ints in the view."""

from __future__ import annotations

from typing import Any

from .state import Player, State
from .stats import stats
from .tokens import stored

# player facts -> the part of a board they are drawn in (render.tta.last.PARTS's names)
PARTS = {
    "culture": "culture", "culture_rating": "culture", "science": "science",
    "science_rating": "science", "strength": "strength", "happiness": "happiness",
    "civil_actions": "civil", "civil_total": "civil", "military_actions": "military",
    "military_total": "military", "government": "government", "leader": "leader",
    "tactic": "tactic", "yellow_bank": "yellow", "pool": "yellow", "blue_bank": "blue",
    "wonder": "wonder", "wonder_stages": "wonder", "wonders": "wonder",
    "hand_count": "hand", "military_count": "hand", "food": "food",
    "resources": "resources",
}


def _facts(p: Player) -> dict[str, Any]:
    """The public facts of one seat that its board shows (the keys of PARTS, plus its cards)."""
    rating = stats(p)
    return {
        "culture": p.culture, "culture_rating": rating.culture, "science": p.science,
        "science_rating": rating.science, "strength": rating.strength,
        "happiness": rating.happiness, "civil_actions": rating.civil_actions - p.ca_spent,
        "civil_total": rating.civil_actions,
        "military_actions": rating.military_actions + p.temp_ma - p.ma_spent,
        "military_total": rating.military_actions, "government": p.government,
        "leader": p.leader, "tactic": p.tactic, "yellow_bank": p.yellow_bank, "pool": p.pool,
        "blue_bank": p.blue_bank, "wonder": p.wonder, "wonder_stages": p.wonder_stages,
        "wonders": list(p.wonders), "hand_count": len(p.hand),
        "military_count": len(p.military), "food": stored(p, "farm"),
        "resources": stored(p, "mine"), "techs": list(p.techs),
        "workers": dict(p.workers), "blue": dict(p.blue),
    }


def mark(s: State) -> None:
    """A turn begins: remember the public table to compare its end with."""
    s.mark = {"row": list(s.row), "players": [_facts(p) for p in s.players]}


def close(s: State) -> None:
    """A turn's end (after production): what changed since its mark becomes `State.last`."""
    if s.mark is None:
        return
    s.last = summary(s.mark, s)
    s.mark = None


# the numbers of a seat the close-up shows as "before -> after"
VALUES = ("culture", "culture_rating", "science", "science_rating", "strength", "happiness",
          "food", "resources", "hand_count", "military_count")


def summary(before: dict[str, Any], s: State) -> dict[str, Any]:
    row = before["row"]
    slots = [i for i, (a, b) in enumerate(zip(row, s.row, strict=False)) if a != b]
    taken = [row[i] for i in slots if row[i] is not None]
    seat = s.turn
    was, now = before["players"][seat], _facts(s.players[seat])
    values = {k: [was[k], now[k]] for k in VALUES if was.get(k) != now.get(k)}
    seats: dict[str, dict[str, list[str]]] = {}
    for pb, p in zip(before["players"], s.players, strict=True):
        pa = _facts(p)
        parts = sorted({part for key, part in PARTS.items() if pb.get(key) != pa.get(key)})
        cards = [c for c in pa["techs"] if c not in pb["techs"]
                 or pb["workers"].get(c, 0) != pa["workers"].get(c, 0)
                 or pb["blue"].get(c, 0) != pa["blue"].get(c, 0)]
        cards += [c for c in (pa["government"], pa["leader"], pa["wonder"], *pa["wonders"])
                  if c and c not in cards and c not in (pb["government"], pb["leader"],
                                                        pb["wonder"], *pb["wonders"])]
        # a wonder built a stage further, or completed (it was the one under construction)
        cards += [c for c in (pa["wonder"], *pa["wonders"]) if c and c not in cards
                  and (c not in pb["wonders"] and c in pa["wonders"]
                       or c == pa["wonder"] == pb["wonder"]
                       and pa["wonder_stages"] != pb["wonder_stages"])]
        if parts or cards:
            seats[str(p.seat)] = {"cards": cards, "parts": parts}
    return {"slots": slots, "seats": seats, "seat": seat, "taken": taken, "values": values}


def view_of(last: dict[str, Any] | None) -> dict[str, Any] | None:
    """The view's copy: seat keys as ints."""
    if last is None:
        return None
    out: dict[str, Any] = {
        "slots": list(last["slots"]),
        "seats": {int(k): {"cards": list(v["cards"]), "parts": list(v["parts"])}
                  for k, v in last["seats"].items()}}
    if "seat" in last:  # (a state saved before the close-up existed has no more)
        out.update(seat=last["seat"], taken=list(last["taken"]),
                   values={k: list(v) for k, v in last["values"].items()})
    return out
