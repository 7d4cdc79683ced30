"""Pieces on the board and cards in the decks: farmers, stones and pyramids with their supply
limits (A-GAP-8), stones turning into pyramids (A-PYR-1, A-GAP-11), drawing and discarding power
cards (A-BUY-10, A-PWR-GEN-2/3). Every function changes the state and reports public events."""

from __future__ import annotations

from data.amunre import BOARD
from engine.core import Event, Rng

from .state import State

PROV = BOARD.provinces


# --- farmers ------------------------------------------------------------------------------------

def farmers_in(s: State, name: str) -> int:
    """Every farmer that harvests in a province: printed, on fields, on the plain (A-INC-3)."""
    p = s.provinces[name]
    return PROV[name].printed_farmers + p.farmers + p.plain_farmers


def free_fields(s: State, name: str) -> int:
    """Empty farming fields of a province (A-BUY-11)."""
    return PROV[name].free_fields - s.provinces[name].farmers


def room_for_farmers(s: State, seat: int) -> int:
    """Empty fields across a seat's provinces (A-BUY-12)."""
    return sum(free_fields(s, name) for name in s.owned(seat))


def place_farmer(s: State, name: str, *, plain: bool = False) -> None:
    p = s.provinces[name]
    if plain:
        p.plain_farmers += 1
    else:
        p.farmers += 1
    s.supply["farmers"] -= 1


# --- stones and pyramids ------------------------------------------------------------------------

def add_pyramid(s: State, name: str) -> bool:
    """One more pyramid in a province if the 45-pyramid limit allows (A-GAP-8, A-GAP-11)."""
    if s.supply["pyramids"] <= 0:
        return False
    s.provinces[name].pyramids += 1
    s.supply["pyramids"] -= 1
    return True


def convert(s: State, name: str, events: list[Event]) -> None:
    """3 stones in a province become a pyramid at once (A-PYR-1); without pyramids left the
    stones stay (A-GAP-11)."""
    p = s.provinces[name]
    need = BOARD["stones_per_pyramid"]
    while p.stones >= need and add_pyramid(s, name):
        p.stones -= need
        s.supply["stones"] += need
        events.append(Event("pyramid", {"province": name, "pyramids": p.pyramids,
                                        "how": "stones"}))


def place_stone(s: State, name: str, events: list[Event]) -> None:
    """One stone from the supply onto a province's plain, then the conversion check."""
    s.provinces[name].stones += 1
    s.supply["stones"] -= 1
    convert(s, name, events)


def display(s: State) -> dict[str, dict[str, int]]:
    """Pieces that show each province's pyramids (A-PYR-2): doubles while the supply of 15
    lasts, in board order. For display only; every rule counts pyramids."""
    doubles_left = BOARD["pyramids"]["double"]
    out = {}
    for name, p in s.provinces.items():
        doubles = min(p.pyramids // 2, doubles_left)
        doubles_left -= doubles
        out[name] = {"single": p.pyramids - 2 * doubles, "double": doubles}
    return out


# --- power cards ----------------------------------------------------------------------------------

def cards_available(s: State) -> int:
    """Cards that can still be drawn: the deck and, reshuffled, the discard pile (A-BUY-10)."""
    return len(s.power_deck) + len(s.power_discard)


def draw_power(s: State, k: int, events: list[Event]) -> list[str]:
    """Draw up to k cards from the top; an empty deck takes the shuffled discards (A-BUY-10)."""
    drawn: list[str] = []
    for _ in range(k):
        if not s.power_deck:
            if not s.power_discard:
                break
            rng = Rng(s.rng)
            s.power_deck = list(s.power_discard)
            s.power_discard = []
            rng.shuffle(s.power_deck)
            s.rng = rng.state
            events.append(Event("reshuffled", {"cards": len(s.power_deck)}))
        drawn.append(s.power_deck.pop())
    return drawn


def discard(s: State, cards: list[str]) -> None:
    s.power_discard.extend(cards)


def take_from_hand(s: State, seat: int, card: str) -> None:
    """The first card of that type the seat acquired leaves its hand."""
    s.players[seat].cards.remove(card)


def sell(s: State, seat: int, card: str, events: list[Event], *, secret: bool = False) -> None:
    """Sell a card to the bank for 1 gold (A-PWR-GEN-3); it goes on the face-up discard pile
    (A-GAP-24). A secret sale (phase 6) is reported at the reveal instead."""
    take_from_hand(s, seat, card)
    s.players[seat].gold += BOARD["sell_price"]
    discard(s, [card])
    if not secret:
        events.append(Event("sold", {"seat": seat, "card": card, "gold": BOARD["sell_price"]}))


def play(s: State, seat: int, card: str) -> None:
    """A played card goes face up on the discard pile (A-PWR-GEN-2) and counts for the round's
    one-of-each rule (A-PWR-GEN-4)."""
    take_from_hand(s, seat, card)
    discard(s, [card])
    s.players[seat].played.append(card)
