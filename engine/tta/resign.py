"""Resignation (F-RES), a political action of the full game (F-POL-1).

Two decisions of the same seat in his politics phase (G-ASYNC-11): `resign`, then the
confirmation frame {"t": "resign", "seat"} with `resign_confirm` or `back` (the request is
not counted as the political action: `back` returns to the politics phase as it was).
Confirmed, F-RES-5 runs in its order: the wars on him are cancelled (+7 culture to each
declarer), his pacts end, his hands and every card he has in play leave, his turn ends at once,
and the game ends if one player remains (he wins, no final scoring); otherwise the next
remaining player plays (seating.py, with F-RES-8's starting player). The decks of the ages not
yet begun are re-trimmed to the new player count (F-RES-7)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from data.tta import CARDS, LEVEL
from engine.core import Decision, Event

from . import last, modes, pacts
from .flow import AGENDA, Frame, err, pop, push
from .politics import Political, political
from .seating import next_turn
from .state import Player, State

KIND = "resign"
WAR_CULTURE = 7  # F-RES-2: each declarer of a war on the resigner
TURN_FRAMES = ("politics", "action", "eot")  # the rest of his turn (F-RES-5 step 6)


def check(s: State, p: Player, d: Decision) -> None:
    """F-RES-4: the full game's politics phase, not in the final age (nor in round 1, which
    has no politics phase)."""
    if not modes.political_cards(s):
        raise err("no_resign", "F-POL-1")
    if modes.in_final_age(s) or s.round <= 1:
        raise err("resign_final", "F-RES-4")


def candidates(s: State, p: Player) -> Iterator[Decision]:
    yield Decision(KIND, {})


def apply(s: State, p: Player, d: Decision, events: list[Event]) -> None:
    """Ask for the confirmation in front of the politics phase, which has not counted the
    request (`back` returns to it unchanged)."""
    push(s, {"t": "resign", "seat": p.seat})


political(KIND, Political(candidates, check, apply, counted=False))


def _options(s: State, frame: Frame) -> Iterator[Decision]:
    yield Decision("resign_confirm", {})
    yield Decision("back", {})


@AGENDA.choice("resign", _options)
def _confirm(s: State, frame: Frame, d: Decision, events: list[Event]) -> None:
    p = s.players[frame["seat"]]
    if d.kind == "back":
        pop(s)
        return
    if d.kind != "resign_confirm":
        raise err("resign_answer", "G-ASYNC-11")
    pop(s)
    resign(s, p, events)


def resign(s: State, p: Player, events: list[Event]) -> None:
    """F-RES-5, steps 1-8."""
    events.append(Event("tta.resigned", {"seat": p.seat}))
    for war in [w for w in s.wars if p.seat in (w["attacker"], w["defender"])]:
        s.wars.remove(war)  # steps 1-2 (G-WAR-4: his own war cannot be pending here)
        s.military_discard.setdefault(CARDS[war["card"]].age, []).append(war["card"])
        if war["defender"] == p.seat:
            s.players[war["attacker"]].culture += WAR_CULTURE
            events.append(Event("tta.war_cancelled", {"seat": war["attacker"],
                                                      "card": war["card"],
                                                      "defender": p.seat,
                                                      "culture": WAR_CULTURE}))
    for pact in pacts.of(s, p.seat):  # step 3
        pacts.cancel(s, pact, events, "resign")
    _leave(s, p)  # steps 4-5
    p.resigned = True
    s.resignations.append(p.seat)
    s.queue = [f for f in s.queue if not (f["t"] in TURN_FRAMES and f.get("seat") == p.seat)]
    last.close(s)  # step 6: his turn ends at once
    left = modes.remaining(s)
    if len(left) == 1:  # step 7: the last player wins, no final scoring
        s.queue = []
        scores = [q.culture for q in s.players]
        s.result = {"scores": scores, "winners": [left[0].seat], "resigned": True}
        events.append(Event("tta.game_over", {"scores": scores, "winners": [left[0].seat]}))
        return
    trimmed = retrim(s, len(left))
    if trimmed:
        events.append(Event("tta.retrimmed", {"count": trimmed, "players": len(left)}))
    next_turn(s, p.seat, events)  # step 8


def _leave(s: State, p: Player) -> None:
    """F-RES-5 steps 4-5: the civil hand and every card in play leave the game, the military
    hand goes face down to the discard piles, the tactics marker comes off (a tactic still
    lying in front of him leaves with his cards; one in the common area stays there)."""
    s.removed.extend(p.hand)
    for card in p.military:
        s.military_discard.setdefault(CARDS[card].age, []).append(card)
    gone = [*p.techs, *p.wonders, *p.colonies, *p.ruins]
    gone += [c for c in (p.leader, p.wonder, p.tucked) if c is not None]
    if p.tactic is not None and p.tactic_exclusive:
        gone.append(p.tactic)
    s.removed.extend(gone)
    p.hand, p.military, p.techs, p.wonders, p.colonies, p.ruins = [], [], [], [], [], []
    p.leader = p.wonder = p.tucked = p.tactic = None
    p.tactic_exclusive = False
    p.wonder_stages = 0
    p.workers, p.blue = {}, {}
    # his government stays named on the empty board only so that its statistics can still be
    # computed for the views; a resigned player is never compared (F-GEN-2)


def retrim(s: State, players: int) -> int:
    """F-RES-7: the civil decks of the ages not yet begun keep each card's copies for the new
    player count; with 2 players, their military decks lose the pacts. Returns the number of
    cards removed (unseen: they leave face down)."""
    removed = 0
    for age, pile in s.civil.items():
        if LEVEL.get(age, -1) <= LEVEL.get(s.age, 0):
            continue
        excess = Counter(pile)
        for card in excess:
            excess[card] = max(excess[card] - CARDS[card].count(players), 0)
        keep = []
        for card in reversed(pile):  # any copy will do: the same card face
            if excess[card]:
                excess[card] -= 1
                removed += 1
            else:
                keep.append(card)
        pile[:] = keep[::-1]
    if players == 2:
        for age, pile in s.military_deck.items():
            if LEVEL.get(age, -1) > LEVEL.get(s.age, 0):
                kept = [c for c in pile if CARDS[c].kind != "pact"]
                removed += len(pile) - len(kept)
                pile[:] = kept
    return removed
