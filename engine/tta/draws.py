"""Drawing military cards (T-MDRAW-1, T-DISC-2, G-MDRAW-1): from the current age's military
deck, its discards reshuffled when it runs out; none in the final age (T-TEND-2, F-AGE-4).
Used by the end of a turn, Development of Politics, Politics of Strength and Strategic
Territory. And discarding one from a hand, face down (the hand limit, Politics of Strength,
colonisation)."""

from __future__ import annotations

from data.tta import CARDS
from engine.core import Event, Rng

from .modes import in_final_age
from .state import Player, State


def draw_cards(s: State, p: Player, count: int, events: list[Event]) -> list[str]:
    """Up to `count` cards into `p`'s military hand (the hand limit is checked only at the end
    of the turn, T-MDRAW-1); returns the cards drawn."""
    if s.age == "A" or in_final_age(s) or count <= 0:
        return []
    pile = s.military_deck.setdefault(s.age, [])
    drawn = []
    for _ in range(count):
        if not pile:
            discards = s.military_discard.get(s.age, [])
            if not discards:
                break  # G-MDRAW-1: nothing left to draw
            rng = Rng(s.rng)
            pile.extend(discards)
            discards.clear()
            rng.shuffle(pile)
            s.rng = rng.state
        drawn.append(pile.pop())
    p.military.extend(drawn)
    if drawn:
        events.append(Event("tta.draw", {"seat": p.seat, "count": len(drawn)}))
        events.append(Event("tta.drawn", {"seat": p.seat, "cards": drawn}, private_to=p.seat))
    return drawn


def discard_military(s: State, p: Player, card: str) -> None:
    """A card from `p`'s military hand onto its age's discard pile, face down."""
    p.military.remove(card)
    s.military_discard.setdefault(CARDS[card].age, []).append(card)
