"""The card row (T-ROW): the sweep, the slide and the refill, and the ends of
the ages that a refill triggers (T-ROW-3/5, T-AGE, T-TEND-1..3)."""

from __future__ import annotations

from data.tta import AGE_END_YELLOW, AGES, CARDS, ROW_SIZE, SWEEP
from engine.core import Event

from . import modes
from .cards import remove_leader, remove_unfinished_wonder
from .state import State
from .tokens import box_yellow

FINAL_AGE = "III"  # the tutorial's card-less final stretch (T-TEND-1)


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
    (T-ROW-5); the first refill of the game ends Age A (T-ROW-3)."""
    rest = [c for c in s.row if c is not None]
    s.row = rest + [None] * (ROW_SIZE - len(rest))
    if s.age == FINAL_AGE:
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
            if s.age == FINAL_AGE:
                break
    if first:
        end_age_a(s, events)


def end_age_a(s: State, events: list[Event]) -> None:
    """T-ROW-3, T-AGE-1: only the decks change; the rest of Age A goes back to the box."""
    s.civil["A"] = []
    s.age = "I"
    events.append(Event("tta.age", {"age": "I"}))


def end_age(s: State, events: list[Event]) -> None:
    """T-AGE-2..4, T-TEND-1..3: the current age N ends; cards of age N-1 are antiquated; every
    player loses 2 yellow tokens; the next decks replace the old ones (none after Age II in the
    tutorial, which then begins its last round or two)."""
    ending = s.age
    old = AGES[AGES.index(ending) - 1]
    for p in s.players:
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
    s.military_deck[ending] = []  # step 5: the old military deck leaves (G-AGE-2)
    s.age = AGES[AGES.index(ending) + 1]
    if s.age == FINAL_AGE:
        # T-TEND-3: this round is the last if the starting player's turn, else the next one
        s.last_round = s.round if s.turn == s.start else s.round + 1
    events.append(Event("tta.age", {"age": s.age}))
