"""The shorter game (V-SHORT-1…14, G-VAR-1/2/5/6, G-ASYNC-14): Ages A, I and II with the full
game's rules, an end-game deck of Age III events, the public War over Culture and a scoring of
Age II wonders and Age III events.

`State.short` holds what the variant adds (None in other games):
  {"dealt": [[card, card] per seat] (seat order: V-SHORT-9; the first is the first dealt),
   "kept": [card | None per seat] (V-SHORT-10, secret), "public": [3 events] (V-SHORT-3),
   "war": "war_over_culture_iii" | None (None in a peaceful game, V-PEACE-6)}.
The events left over at setup and the events discarded at the end of Age I leave the game unseen
(V-SHORT-9/10): they are not stored at all.

Visibility (V-SHORT-14, G-ASYNC-16): the public events and the War over Culture are public; a
seat sees his two dealt events and his kept event only from the end of Age I (V-SHORT-2: before
that nobody may look at them, the owner included); nobody else ever sees them, until the final
scoring reveals the kept events (G-ASYNC-15).

The keep choice is the only simultaneous secret choice of the full rules (G-ASYNC-3/14): a
*seats* frame {"t": "keep_event", "seats": [...]} pushed in the replenishment that ends Age I,
after the end-of-age steps (row.end_age: global conflict, antiquation); the current player's
turn waits until every remaining seat has chosen."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from data.tta import CARDS
from engine.core import Decision, Event, Rng

from . import modes
from .flow import AGENDA, Frame, err
from .state import State

KEEP = "keep_event"  # the frame (G-ASYNC-14)
WAR_OVER_CULTURE = "war_over_culture_iii"  # C-101, V-SHORT-3
DEALT = 2  # V-SHORT-9: two events to each player
PUBLIC = 3  # V-SHORT-3: three public events
WONDER_II_CULTURE = 6  # V-SHORT-7: per completed Age II wonder
# V-SHORT-8: the Age III military deck's 15 events
END_GAME_EVENTS = tuple(sorted(c.id for c in CARDS.values()
                               if c.age == "III" and c.deck == "military" and c.kind == "event"))


def active(s: State) -> bool:
    return s.short is not None


def deal(n: int, start: int, rng: Rng, war: bool) -> dict[str, Any]:
    """V-SHORT-9: shuffle the 15 events, deal 2 face down to every player in seat order from
    the starting player (one card at a time around the table), turn 3 face up; the rest go back
    to the box unseen. `war`: the public War over Culture is set out (not in a peaceful game,
    V-PEACE-6)."""
    pile = list(END_GAME_EVENTS)
    rng.shuffle(pile)
    dealt: list[list[str]] = [[] for _ in range(n)]
    for _ in range(DEALT):
        for i in range(n):
            dealt[(start + i) % n].append(pile.pop())
    public = [pile.pop() for _ in range(PUBLIC)]
    return {"dealt": dealt, "kept": [None] * n, "public": public,
            "war": WAR_OVER_CULTURE if war else None}


def opened(s: State) -> bool:
    """V-SHORT-2: the dealt events may be looked at once Age I has ended."""
    return s.age not in ("A", "I")


# --- the end of Age I (V-SHORT-6/10, G-ASYNC-14) ----------------------------------------------

def age_ended(s: State, ending: str) -> None:
    """Called by row.end_age after the end-of-age steps: when Age I ends, every remaining
    player is asked (at once, in secret) which event he keeps."""
    if active(s) and ending == "I":
        seats = [p.seat for p in modes.remaining(s)]
        if seats:
            s.queue.insert(0, {"t": KEEP, "seats": seats})


def keep_first(s: State) -> None:
    """The turn frame pushes the current player's phases after its replenishment, in front of
    the keep question the replenishment asked: it goes back to the front, since the turn waits
    for it (G-ASYNC-14)."""
    for i, frame in enumerate(s.queue):
        if frame.get("t") == KEEP:
            s.queue.insert(0, s.queue.pop(i))
            return


def _keep_options(s: State, frame: Frame) -> Iterator[Decision]:
    # the first dealt card first: the default on timeout (G-VAR-5) is the first option
    for card in s.short["dealt"][frame["seat"]] if active(s) else []:
        yield Decision("keep", {"card": card})


@AGENDA.choice(KEEP, _keep_options)
def _keep(s: State, frame: Frame, d: Decision, events: list[Event]) -> None:
    """V-SHORT-10: keep one of the two dealt events; the other leaves the game unseen. The
    public event says only how many players are still choosing (G-ASYNC-14: not who); the card
    is in the seat's own log alone."""
    seat = frame["seat"]
    card = d.args.get("card")
    if d.kind != "keep" or card not in s.short["dealt"][seat]:
        raise err("keep_event", "V-SHORT-10")
    s.short["kept"][seat] = card
    s.short["dealt"][seat] = [card]
    frame["seats"].remove(seat)  # the agenda pops the frame once every seat has chosen
    events.append(Event("tta.kept", {"n": len(frame["seats"])}))
    events.append(Event("tta.kept_card", {"seat": seat, "card": card}, private_to=seat))


# --- what each seat sees (V-SHORT-14) ---------------------------------------------------------

def pending_view(frame: dict[str, Any], seat: int | None) -> None:
    """G-ASYNC-14: the keep frame shows a seat only whether he himself still chooses, and how
    many players are still choosing (`waiting`) — not who."""
    waiting = frame.get("seats", [])
    frame["waiting"] = len(waiting)
    frame["seats"] = [seat] if seat in waiting else []


def view(s: State, seat: int | None) -> dict[str, Any]:
    """The public part (the 3 public events, the War over Culture) and, for the seat himself
    from the end of Age I on, his dealt and kept events. Nobody else's, ever (the final
    scoring's result reveals the kept events)."""
    if not active(s):
        return {}
    own: dict[str, Any] | None = None
    if seat is not None and 0 <= seat < s.n and opened(s):
        own = {"dealt": list(s.short["dealt"][seat]), "kept": s.short["kept"][seat]}
    return {"short": {"public": list(s.short["public"]), "war": s.short["war"],
                      "own": own}}


# --- final scoring (V-SHORT-7/13, G-VAR-2/6) ---------------------------------------------------

def scored_events(s: State) -> list[str]:
    """V-SHORT-13 steps 2-3: the public events and every remaining player's kept event (a
    resigning player's leave unscored, G-VAR-6); the order is irrelevant."""
    if not active(s):
        return []
    kept = [s.short["kept"][p.seat] for p in modes.remaining(s)]
    return [*s.short["public"], *(c for c in kept if c is not None)]


def wonder_items(s: State, seat: int) -> dict[str, int]:
    """V-SHORT-13 step 1: 6 culture per completed Age II wonder, each wonder named (Ravages of
    Time flips only Age A and I wonders, so every Age II wonder completed is still in play)."""
    items: dict[str, int] = {}
    for w in s.players[seat].wonders:
        if CARDS[w].age == "II":
            items[w] = items.get(w, 0) + WONDER_II_CULTURE
    return items


def revealed(s: State) -> dict[str, Any]:
    """What the game-over breakdown shows (G-ASYNC-15): the public events and each remaining
    player's kept event (None for a resigned player: his leave unseen, G-VAR-6)."""
    if not active(s):
        return {"public_events": [], "kept": [None] * s.n}
    alive = {p.seat for p in modes.remaining(s)}
    return {"public_events": list(s.short["public"]),
            "kept": [c if q in alive else None for q, c in enumerate(s.short["kept"])]}
