"""Hands, the action deck, the display and the special money stack (P-DECK, P-DRAW)."""

from __future__ import annotations

from data.pantheon import COMPONENTS
from engine.core import Event, Rng

from .state import State

MONEY = COMPONENTS.money_values
KINDS = COMPONENTS.kinds


def add(hand: dict[str, int], card: str, n: int = 1) -> None:
    hand[card] = hand.get(card, 0) + n


def remove(hand: dict[str, int], card: str, n: int = 1) -> None:
    left = hand.get(card, 0) - n
    if left < 0:
        raise ValueError(f"hand has no {card}")
    if left:
        hand[card] = left
    else:
        hand.pop(card, None)


def to_discard(s: State, card: str, n: int = 1) -> None:
    s.discard.extend([card] * n)


def _refill_deck(s: State, events: list[Event]) -> bool:
    """P-DECK-1/2: the deck is empty. Returns False when no card exists anywhere (P-DECK-4)."""
    rng = Rng(s.rng)
    if s.discard:
        s.deck = s.discard
        s.discard = []
        events.append(Event("deck_reshuffled", {"cards": len(s.deck)}))
    else:
        collected: list[str] = []
        for p in s.players:
            for card, count in sorted(p.hand.items()):
                collected.extend([card] * count)
            p.hand = {}
        if not collected:
            return False
        s.deck = collected
        events.append(Event("hands_collected", {"cards": len(collected)}))
    rng.shuffle(s.deck)
    s.rng = rng.state
    return True


def draw_top(s: State, events: list[Event]) -> str | None:
    if not s.deck and not _refill_deck(s, events):
        return None
    return s.deck.pop()


def draw_cards(s: State, seat: int, n: int, events: list[Event]) -> int:
    """Draw n cards from the face-down deck into a hand; returns how many arrived."""
    got = 0
    for _ in range(n):
        card = draw_top(s, events)
        if card is None:
            break
        add(s.players[seat].hand, card)
        got += 1
    if got:
        events.append(Event("drew_cards", {"seat": seat, "count": got}))
    return got


def refill_display(s: State, events: list[Event]) -> None:
    """P-DRAW-2 / P-DECK-4: empty display slots are refilled from the deck at once."""
    for i, card in enumerate(s.display):
        if card is None:
            s.display[i] = draw_top(s, events)


def money_in_hand(hand: dict[str, int]) -> int:
    # a list, not a generator: a hand holds a few kinds of card, and the action prompt asks
    return sum([MONEY[c] * n for c, n in hand.items() if c in MONEY])


def take_special_money(s: State, seat: int, events: list[Event]) -> None:
    """P-DECK-7 / P-TAKS-1 / P-TILE-MONEY-1: the top special money card, if any is left."""
    if not s.special_money:
        events.append(Event("no_special_money", {"seat": seat}))
        return
    card = s.special_money.pop(0)
    add(s.players[seat].hand, card)
    events.append(Event("took_special_money", {"seat": seat, "value": MONEY[card]}))
