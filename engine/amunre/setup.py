"""Setup (A-SETUP), the round structure (A-FLOW), phase 1 (A-REV), the move from the Old to the
New Kingdom (A-KING) and the end of the game (A-END)."""

from __future__ import annotations

from typing import Any

from data.amunre import BOARD, CARD_TYPES, PROVINCE_NAMES
from engine.core import Event, Rng

from . import pieces
from .flow import AGENDA, Frame, push
from .state import COLOUR_ORDER, Player, Province, State

ROUNDS = 2 * BOARD["rounds_per_kingdom"]  # A-FLOW-1


def setup(names: list[str], seed: int, options: dict[str, Any]) -> State:
    """A-SETUP-1..9. The engine is the bank (A-SETUP-8); the first Pharaoh is the option
    `start_player` or drawn by lot (A-GAP-15)."""
    n = len(names)
    rng = Rng(seed)
    secret = f"{rng.next64():016x}{rng.next64():016x}"  # nonce key for the receipts
    counts = BOARD["power_cards"]
    deck = [card for card in CARD_TYPES for _ in range(counts[card])]
    for _ in range(n):  # one Master Builder each, before the shuffle (A-SETUP-1)
        deck.remove("MB")
    rng.shuffle(deck)
    provinces = list(PROVINCE_NAMES)
    rng.shuffle(provinces)  # A-SETUP-2
    start = options.get("start_player")
    pharaoh = rng.below(n) if start is None else start
    players = [Player(seat=i, name=name, colour=COLOUR_ORDER[i], gold=BOARD["start_gold"],
                      cards=["MB"]) for i, name in enumerate(names)]  # A-SETUP-4
    pyr = BOARD["pyramids"]
    s = State(seed=seed, rng=rng.state, secret=secret, options=dict(options), players=players,
              provinces={name: Province() for name in PROVINCE_NAMES}, pharaoh=pharaoh,
              power_deck=deck, province_deck=provinces,
              supply={"stones": BOARD["stones"], "farmers": BOARD["farmers"],
                      "pyramids": pyr["single"] + 2 * pyr["double"]})
    s.queue = [*({"t": "round", "round": r} for r in range(1, ROUNDS + 1)), {"t": "end"}]
    return s


@AGENDA.auto("round")
def _round(s: State, frame: Frame, events: list[Event]) -> None:
    """A-FLOW-2: phases 1-5 of a round, phase 6 after rounds 3 and 6, then the kingdom change
    after round 3 (A-KING-1)."""
    s.round = frame["round"]
    for p in s.players:
        p.played = []  # A-PWR-GEN-4 counts identical cards per round
    frames: list[Frame] = [{"t": "reveal"}, {"t": "auction_start"}, {"t": "buy_phase"},
                           {"t": "sacrifice_phase"}, {"t": "income_phase"}]
    per = BOARD["rounds_per_kingdom"]
    if s.round % per == 0:
        frames.append({"t": "scoring_phase"})
        if s.round < ROUNDS:
            frames.append({"t": "kingdom"})
    push(s, *frames)
    events.append(Event("round", {"round": s.round, "kingdom": kingdom(s.round),
                                  "pharaoh": s.pharaoh}))


def kingdom(round_no: int) -> str:
    return "old" if round_no <= BOARD["rounds_per_kingdom"] else "new"


@AGENDA.auto("reveal")
def _reveal(s: State, frame: Frame, events: list[Event]) -> None:
    """A-REV-1..6: as many province cards as players, each with its free material."""
    s.phase = "reveal"
    dealt = [s.province_deck.pop() for _ in range(min(s.n, len(s.province_deck)))]
    s.on_offer = dealt
    s.material = {}
    shown: dict[str, dict[str, int]] = {}
    later: list[Event] = []
    for name in dealt:
        prov = BOARD.provinces[name]
        cards = pieces.draw_power(s, prov.free_cards, later)  # face down (A-GAP-25, A-REV-6)
        s.material[name] = {"cards": cards, "gold": prov.free_gold}
        stones = min(prov.free_stones, s.supply["stones"])  # A-REV-6
        for _ in range(stones):
            pieces.place_stone(s, name, later)  # A-REV-4: a third stone converts at once
        shown[name] = {"cards": len(cards), "gold": prov.free_gold, "stones": stones}
    events.append(Event("revealed", {"round": s.round, "provinces": list(dealt),
                                     "material": shown}))
    events.extend(later)


@AGENDA.auto("kingdom")
def _kingdom(s: State, frame: Frame, events: list[Event]) -> None:
    """A-KING-1..6: markers and farmers leave (printed farmers stay), pyramids and stones stay,
    the used province cards are shuffled into the New Kingdom's deck and the unused ones leave
    the game. Gold, cards, scores, the Pharaoh and the temple stay (A-KING-5)."""
    for p in s.provinces.values():
        p.owner = None
        s.supply["farmers"] += p.farmers + p.plain_farmers
        p.farmers = p.plain_farmers = 0
    s.province_removed.extend(sorted(s.province_deck))
    rng = Rng(s.rng)
    deck = list(s.province_used)
    rng.shuffle(deck)
    s.rng = rng.state
    s.province_deck = deck
    s.province_used = []
    events.append(Event("kingdom", {"removed": sorted(s.province_removed),
                                    "deck": len(s.province_deck)}))


@AGENDA.auto("end")
def _end(s: State, frame: Frame, events: list[Event]) -> None:
    """A-END-1..3: the highest score wins; ties by pyramids, then stones, in the provinces each
    player controls at the end (A-GAP-19); still tied, they share the victory."""
    s.phase = "over"
    scores = [p.score for p in s.players]
    pyramids = [sum(s.provinces[x].pyramids for x in s.owned(q)) for q in range(s.n)]
    stones = [sum(s.provinces[x].stones for x in s.owned(q)) for q in range(s.n)]
    keys = [(scores[q], pyramids[q], stones[q]) for q in range(s.n)]
    best = max(keys)
    winners = [q for q in range(s.n) if keys[q] == best]
    tied = [q for q in range(s.n) if scores[q] == best[0]]
    s.result = {"scores": scores, "winners": winners, "pyramids": pyramids, "stones": stones,
                "gold": [p.gold for p in s.players], "tie_break": len(tied) > 1}
    events.append(Event("game_over", {"scores": scores, "winners": winners,
                                      "tie_break": len(tied) > 1}))
