"""Helpers for the Amun-Re tests (shared/rules/amun-re.md): games set up at a chosen step, a
passive player that only moves the game along, and the whole-state fingerprint used to check that
a refused decision changes nothing. The few tests at the bottom check the helpers themselves."""

from __future__ import annotations

import json
import random
from typing import Any

import engine.amunre as A
from data.amunre import BOARD
from engine.amunre import setup as amunre_setup
from engine.amunre.flow import AGENDA, current
from engine.amunre.state import State
from engine.core import Decision, Event

NAMES4 = ["Red", "Black", "Blue", "White"]  # the seed's examples: Red is start player (A-EX-1)
RED, BLACK, BLUE, WHITE = range(4)
# A-EX-1: the provinces on offer in round 1, and who wins which at the auction
EX1 = ["BAHARYA", "DAKHLA", "ABYDOS", "SAWU"]
WINS = {RED: "DAKHLA", BLACK: "BAHARYA", BLUE: "SAWU", WHITE: "ABYDOS"}


def sac(gold: int = 0, minus3: bool = False, correction: bool = False) -> Decision:
    """A sealed sacrifice decision (A-SAC-3)."""
    return Decision("sacrifice", {"gold": gold, "minus3": minus3, "correction": correction})


def fingerprint(s: State) -> str:
    return json.dumps(A.dump(s), sort_keys=True)


def game(names: list[str] | None = None, *, seed: int = 1, start: int = 0,
         first: list[str] | None = None, options: dict[str, Any] | None = None,
         before: Any = None) -> State:
    """A new game whose first revealed provinces are `first` (in that order) and whose first
    Pharaoh is `start`; `before(state)` may arrange the board before the automatic start runs
    up to the first bid."""
    names = names or NAMES4
    opts = {"start_player": start, **(options or {})}
    s = amunre_setup.setup(list(names), seed, A.INFO.check_options(opts))
    if first:
        rest = [x for x in s.province_deck if x not in first]
        s.province_deck = rest + list(reversed(first))  # the top is the last element
    if before is not None:
        before(s)
    AGENDA.advance(s, [])
    return s


def play_out(s: State, chooser: Any = None, limit: int = 5000) -> State:
    """Play to the end passively (or with `chooser(s, seat)`)."""
    for _ in range(limit):
        if A.result(s) is not None:
            return s
        seat = sorted({p.seat for p in A.pending(s)})[0]
        s, _ = A.apply(s, seat, (chooser or passive)(s, seat))
    raise AssertionError("the game does not end")


def step(s: State) -> tuple[str, int | None]:
    """The step awaited now and whose it is (one-seat steps; None for a simultaneous one)."""
    frame = current(s)
    assert frame is not None
    return frame["t"], frame.get("who", frame.get("seat"))


def bid(province: str, value: int) -> Decision:
    return Decision("bid", {"province": province, "value": value})


def do(s: State, seat: int, d: Decision) -> tuple[State, list[Event]]:
    return A.apply(s, seat, d)


def passive(s: State, seat: int) -> Decision:
    """A decision that moves the game along and changes as little as possible."""
    frame = current(s)
    assert frame is not None
    opts = A.options(s, seat)
    kind = frame["t"]
    if kind == "bid":
        return next(d for d in opts if d.kind == "bid" and d.args["value"] == 0)
    if kind == "sacrifice":
        gold = s.players[seat].gold
        return Decision("sacrifice", {"gold": 1, "minus3": False, "correction": False}) if gold \
            else Decision("sacrifice", {"gold": 0, "minus3": True, "correction": False})
    wanted = {"buy": "end_turn", "reward": "stop", "income": "done", "bonus": "done",
              "correction": "correction"}.get(kind)
    return next((d for d in opts if d.kind == wanted), opts[0]) if wanted else next(
        d for d in opts if d.kind != "sell")


def run_until(s: State, kind: str, *, round_no: int | None = None, limit: int = 3000,
              chooser: Any = None) -> State:
    """Play passively (or with `chooser(s, seat)`) until the front frame is `kind` (in round
    `round_no` if given)."""
    for _ in range(limit):
        frame = current(s)
        assert frame is not None, f"the game ended before a {kind} frame"
        if frame["t"] == kind and (round_no is None or s.round == round_no):
            return s
        seat = sorted({p.seat for p in A.pending(s)})[0]
        d = (chooser or passive)(s, seat)
        s, _ = A.apply(s, seat, d)
    raise AssertionError(f"no {kind} frame within {limit} decisions")


def settle_auction(s: State, wins: dict[int, str]) -> State:
    """Lap 1 with every seat bidding 0 on its own province: nobody is outbid, so the auction
    ends at once (A-AUCT-8) and each seat owns the province given."""
    while current(s) is not None and current(s)["t"] == "bid":
        seat = step(s)[1]
        s, _ = A.apply(s, seat, bid(wins[seat], 0))
    return s


def put(s: State, name: str, *, owner: int | None = None, farmers: int | None = None,
        stones: int | None = None, pyramids: int | None = None, plain: int | None = None) -> None:
    """Arrange a province, keeping the supply counts consistent (A-GAP-8)."""
    p = s.provinces[name]
    if owner is not None:
        p.owner = owner
    if farmers is not None:
        s.supply["farmers"] -= farmers - p.farmers
        p.farmers = farmers
    if plain is not None:
        s.supply["farmers"] -= plain - p.plain_farmers
        p.plain_farmers = plain
    if stones is not None:
        s.supply["stones"] -= stones - p.stones
        p.stones = stones
    if pyramids is not None:
        s.supply["pyramids"] -= pyramids - p.pyramids
        p.pyramids = pyramids


def clear_owners(s: State) -> None:
    for p in s.provinces.values():
        p.owner = None


def random_play(n: int, seed: int, *, limit: int = 5000, out_of_turn: float = 0.1
                ) -> tuple[list[State], list[tuple[int, Decision]], list[list[Event]]]:
    """A whole random game, with the out-of-turn decisions (sales, Bid Blockade, Overbid) of
    seats that are not pending taken now and then. Returns every state, the decisions and the
    events of each."""
    rng = random.Random(seed * 7919 + n)
    s = A.new_game(n, seed)
    states, played, events = [s], [], []
    while A.result(s) is None:
        assert len(played) < limit, "the game does not end"
        pend = sorted({p.seat for p in A.pending(s)})
        others = [q for q in range(n) if q not in pend and A.options(s, q)]
        seat = rng.choice(others if others and rng.random() < out_of_turn else pend)
        opts = A.options(s, seat)
        # sales are legal at any time; keep them rare so the games stay lively
        keep = [d for d in opts if d.kind != "sell"] or opts
        d = rng.choice(opts if rng.random() < 0.05 else keep)
        s, ev = A.apply(s, seat, d)
        states.append(s)
        played.append((seat, d))
        events.append(ev)
    return states, played, events


def total_cards(s: State) -> int:
    held = sum(len(p.cards) for p in s.players)
    sealed = sum(1 for p in s.players if p.offer and p.offer["correction"])
    chosen = sum(len(p.choice.get("bonus", [])) + len(p.choice.get("sell", []))
                 for p in s.players if p.choice)
    under = sum(len(m["cards"]) for m in s.material.values())
    return len(s.power_deck) + len(s.power_discard) + held + sealed + chosen + under


def all_power_cards() -> int:
    return sum(BOARD["power_cards"].values())


def give(s: State, seat: int, *cards: str) -> None:
    """Hand a seat power cards taken from the deck (or discards), keeping the 39 cards whole."""
    for card in cards:
        pile = s.power_deck if card in s.power_deck else s.power_discard
        pile.remove(card)
        s.players[seat].cards.append(card)


# --- the helpers work -----------------------------------------------------------------------------

def test_game_reveals_the_provinces_asked_for_in_order():
    s = game(first=["BAHARYA", "DAKHLA", "ABYDOS", "SAWU"])
    assert s.on_offer == ["BAHARYA", "DAKHLA", "ABYDOS", "SAWU"]
    assert s.pharaoh == RED and step(s) == ("bid", RED)


def test_settle_auction_gives_each_seat_its_province():
    s = game(first=["BAHARYA", "DAKHLA", "ABYDOS", "SAWU"])
    s = settle_auction(s, {RED: "DAKHLA", BLACK: "BAHARYA", BLUE: "SAWU", WHITE: "ABYDOS"})
    assert [s.owned(q) for q in range(4)] == [["DAKHLA"], ["BAHARYA"], ["SAWU"], ["ABYDOS"]]
    assert current(s)["t"] == "buy"
