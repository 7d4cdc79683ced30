"""The card row (T-ROW): the sweep, the slide and the refill, and the ends of the ages that a
refill triggers (T-ROW-3/5, T-AGE, T-TEND-1..3; the full game's Ages III and IV, F-AGE-1..8).

The final age is asked of modes.py (F-AGE-4): the card-less Age III of the tutorial, Age IV of
the full game."""

from __future__ import annotations

from data.tta import AGE_END_YELLOW, CARDS, ROW_SIZE, SWEEP
from engine.core import Event

from . import modes, pacts, shortgame
from .cards import remove_leader, remove_unfinished_wonder
from .globalconflict import global_conflict
from .modes import in_final_age, mode, remaining
from .state import State
from .tokens import box_yellow

NEXT_AGE = {"A": "I", "I": "II", "II": "III", "III": "IV"}  # T-OVER-4, F-AGE-2
PREVIOUS_AGE = {new: old for old, new in NEXT_AGE.items()}


def replenish(s: State, events: list[Event]) -> None:
    """T-ROW-2: clear the marked leftmost spaces, slide the rest left, refill from the current
    civil deck (not in the final age, T-ROW-6). The first replenishment of the game ends Age A
    (T-ROW-3)."""
    sweep = SWEEP[len(modes.remaining(s))]  # F-RES-6: the remaining players' count
    swept = [c for c in s.row[:sweep] if c is not None]
    s.removed.extend(swept)
    s.row[:sweep] = [None] * sweep
    events.append(Event("tta.sweep", {"removed": swept}))
    refill(s, events)


def refill(s: State, events: list[Event]) -> None:
    """Slide the cards left and fill the empty spaces from the current civil deck (T-ROW-2;
    also after International Agreement). The last card of an age's deck ends the age at once
    and the next age's deck fills the spaces still empty (T-ROW-5, F-AGE-1); the first refill
    of the game ends Age A (T-ROW-3). Nothing is dealt in the final age (T-ROW-6, F-AGE-8)."""
    rest = [c for c in s.row if c is not None]
    s.row = rest + [None] * (ROW_SIZE - len(rest))
    if in_final_age(s):
        return
    first = s.age == "A"
    for i in range(ROW_SIZE):
        if s.row[i] is not None:
            continue
        pile = s.civil.get(s.age, [])
        if first and not pile:
            pile = s.civil["I"]  # T-ROW-3: the Age A deck ran out, continue with Age I
        if not pile:
            break
        s.row[i] = pile.pop()
        if not first and not pile:
            end_age(s, events)  # T-ROW-5: the last card ends the age at once
            if in_final_age(s):
                break
    if first:
        end_age_a(s, events)


def end_age_a(s: State, events: list[Event]) -> None:
    """T-ROW-3, T-AGE-1: only the decks change; the rest of Age A goes back to the box."""
    s.civil["A"] = []
    s.age = "I"
    events.append(Event("tta.age", {"age": "I"}))


def end_age(s: State, events: list[Event]) -> None:
    """The current age N ends (T-AGE-2..4, F-AGE-1/2, in the order of F-AGE-8): first the global
    conflict if that option is on (V-GLOBAL-2); then cards of age N-1 are antiquated — in
    hands, the leader, the unfinished wonder and (full game) the pacts — and every player loses
    2 yellow tokens; the next decks replace the old ones. When the final age begins (the
    tutorial's card-less Age III, T-TEND-1; the full game's Age IV, F-AGE-2) its last round is
    fixed (T-TEND-3, F-AGE-3)."""
    ending = s.age
    old = PREVIOUS_AGE[ending]
    global_conflict(s, events)  # V-GLOBAL-2/3: before the antiquation
    for p in remaining(s):  # F-GEN-2: a resigned player is out of the game
        # step 1: antiquated cards in hand, civil and military (G-AGE-1)
        s.removed.extend(c for c in p.hand if CARDS[c].age == old)
        p.hand = [c for c in p.hand if CARDS[c].age != old]
        s.military_discard.setdefault(old, []).extend(
            c for c in p.military if CARDS[c].age == old)
        p.military = [c for c in p.military if CARDS[c].age != old]
        # step 2: an antiquated leader and an antiquated unfinished wonder leave play
        if p.leader is not None and CARDS[p.leader].age == old:
            remove_leader(s, p)
        if p.wonder is not None and CARDS[p.wonder].age == old:
            remove_unfinished_wonder(s, p)
        box_yellow(p, -AGE_END_YELLOW)  # step 4 (T-TOK-3, G-AGE-3)
    for pact in [q for q in s.pacts if CARDS[q["card"]].age == old]:
        pacts.cancel(s, pact, events, "age")  # step 2, full game: antiquated pacts (F-AGE-1/2)
    s.military_deck[ending] = []  # step 5: the old military deck leaves (G-AGE-2, F-AGE-7)
    s.age = NEXT_AGE[ending]
    if in_final_age(s):
        # T-TEND-3, F-AGE-3: this round is the last if the starting player's turn, else the next
        s.last_round = s.round if s.turn == s.start else s.round + 1
    args: dict[str, object] = {"age": s.age}
    if mode(s) == "full":  # (a tutorial's event keeps its old words: its Age III is the last)
        args["final"] = in_final_age(s)
        if in_final_age(s):
            args["last_round"] = s.last_round
    events.append(Event("tta.age", args))
    shortgame.age_ended(s, ending)  # V-SHORT-10: after the end-of-age steps, the keep question
