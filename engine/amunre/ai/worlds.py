"""Worlds for the strong AI: full Amun-Re states drawn from what one seat may know.

`sample(seen, rng)` builds a State whose view for `seen.seat` is `seen` itself. What the view
shows is copied as it is: the board, scores, the temple, the Pharaoh, the public bids, the
discard pile, the used and removed province cards, the counts of both decks and of the free
cards under each card on offer (A-INFO-3), the last sacrifice once revealed (A-INFO-5), the
income cards played (A-INFO-4), the seat's own gold, cards and sealed choices (A-INFO-1).

What it hides is drawn at random (A-INFO-1, A-INFO-2, A-INFO-6):

- the power cards nobody has shown: every card of the game minus the discard pile and the
  seat's own cards, dealt to the face-down free material (its public count), the deck (its
  public count) and the other seats' hands (what is left, split at random);
- the order of the province deck (its contents are public: the cards neither used, removed nor
  on offer) and of the power deck;
- the other seats' gold: the seat's own wealth with noise, raised to what their standing bids
  need (a bid is never more than its seat can pay, A-AUCT-5) and kept below the debt of a seat
  that is selling to cover its bid (A-GAP-6);
- the other seats' sealed sacrifice (A-SAC-3) and phase-6 choice (A-DEC-6): the normal AI
  makes it for them in the sampled world.

The agenda (`State.queue`) is not in the view, but every frame in it follows from public facts
and the rules: the rounds still to play, the phases left of this one, the seats still to bid,
buy, correct or take their rewards (A-FLOW-2..4, A-SAC-7, A-SAC-11), so it is rebuilt here.
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from collections.abc import Callable
from typing import Any

from data.amunre import BOARD
from engine.core import Decision

from .. import receipts
from ..game import apply, options
from ..setup import ROUNDS
from ..state import Player, Province, State
from ..view import View

PER = BOARD["rounds_per_kingdom"]
PHASES = ("reveal", "auction_start", "buy_phase", "sacrifice_phase", "income_phase")
AFTER = {"bid": "buy_phase", "cover": "buy_phase", "buy": "sacrifice_phase",
         "place": "sacrifice_phase", "sacrifice": "income_phase",
         "correction": "income_phase", "reward": "income_phase", "income": "scoring_phase",
         "bonus": "kingdom"}


Decide = Callable[[State, int, random.Random], Decision]


def all_cards() -> Counter[str]:
    """Every power card of the game: the box's cards (A-SETUP-1; one Master Builder per seat is
    dealt instead of shuffled in, so the count is the box's whatever the number of seats)."""
    return Counter(dict(BOARD["power_cards"]))


def sample(seen: View, rng: random.Random, decide: Decide | None = None) -> State:
    """A full state consistent with `seen` (see the module docstring). `decide(state, seat, rng)`
    makes the other seats' sealed choices (the normal AI by default)."""
    me = seen.seat
    assert me is not None, "a spectator has nothing to decide"
    n = len(seen.players)
    frame = seen.frame or {}
    kind = frame.get("t")
    s = _public(seen)
    rng.shuffle(s.province_deck)  # its contents are public, its order is not (A-INFO-2/3)
    s.rng = rng.getrandbits(64)  # the engine's own draws from here on (reshuffles)
    own = s.players[me]
    sealed = [p.seat for p in seen.players if p.sealed and p.seat != me]
    # --- cards nobody has shown --------------------------------------------------------------
    pool = all_cards()
    pool.subtract(seen.power_discard)
    pool.subtract(own.cards)
    mine = seen.players[me]
    if mine.offer and mine.offer.get("correction"):
        pool["SC"] -= 1  # lies face down with the seat's own offering (A-PWR-SC-1)
    if mine.choice:
        pool.subtract(mine.choice.get("bonus", []))
        pool.subtract(mine.choice.get("sell", []))
    hidden = sorted(pool.elements())
    rng.shuffle(hidden)
    for name in s.material:
        k = seen.provinces[name].free_cards
        s.material[name]["cards"] = [hidden.pop() for _ in range(k)]
    s.power_deck = [hidden.pop() for _ in range(min(seen.power_deck, len(hidden)))]
    others = [q for q in range(n) if q != me]
    for card in hidden:
        s.players[rng.choice(others)].cards.append(card)
    # --- the other seats' gold ---------------------------------------------------------------
    wealth = (mine.gold or 0) + (int(mine.offer["gold"]) if mine.offer else 0)
    auction = seen.auction
    for q in others:
        p = s.players[q]
        gold = max(0, round(wealth * rng.uniform(0.6, 1.4)) + rng.randint(-3, 3))
        bid = auction["bids"][q] if auction else None
        if bid is not None:
            gold = max(gold, bid["value"])
        p.gold = gold
    if kind == "cover":
        _cover_gold(s, seen, rng)
    # --- the agenda ----------------------------------------------------------------------------
    s.queue = _queue(s, seen, sealed)
    # --- sealed choices of the others, made again in this world -----------------------------
    if sealed and kind in ("sacrifice", "bonus"):
        _seal(s, sealed, rng, decide)
    return s


def _public(seen: View) -> State:
    """Everything the view shows, in a State (the hidden parts empty for now)."""
    me = seen.seat
    players = []
    for pv in seen.players:
        p = Player(seat=pv.seat, name=pv.name, colour=pv.colour, gold=0, cards=[],
                   score=pv.score, played=list(pv.played))
        if pv.seat == me:
            p.gold = pv.gold or 0
            p.cards = list(pv.cards or [])
            p.minus3 = bool(pv.minus3)
            p.offer = _sealed(pv.offer, "sacrifice", seen, me)
            p.choice = _sealed(pv.choice, "bonus", seen, me)
        players.append(p)
    provinces = {name: Province(owner=pv.owner, farmers=pv.field_farmers,
                                plain_farmers=pv.plain_farmers, stones=pv.stones,
                                pyramids=pv.pyramids)
                 for name, pv in seen.provinces.items()}
    deck = sorted(name for name, pv in seen.provinces.items() if pv.card == "deck")
    s = State(seed=0, rng=0, secret="0" * 32, options=dict(seen.options), players=players,
              provinces=provinces,
              round=seen.round, phase=seen.phase, pharaoh=seen.pharaoh, temple=seen.temple,
              power_discard=list(seen.power_discard), province_deck=deck,
              province_used=list(seen.province_used),
              province_removed=list(seen.province_removed), on_offer=list(seen.on_offer),
              supply=dict(seen.supply), sacrifice=_copy(seen.sacrifice),
              income_cards=_copy(seen.income_cards), last=_copy(seen.last))
    s.material = {name: {"cards": [], "gold": seen.provinces[name].free_gold}
                  for name in seen.on_offer} if seen.auction is not None else {}
    if seen.auction is not None:
        a = seen.auction
        s.auction = {"markers": [None if b is None else [b["province"],
                                                         BOARD.bid_index(b["value"])]
                                 for b in a["bids"]],
                     "blockade": list(a["blockade"]), "overbid": list(a["overbid"]),
                     "lap": a["lap"], "pos": len(a["order"]), "order": list(a["order"]),
                     "open": a["open"]}
        who = (seen.frame or {}).get("who")
        if (seen.frame or {}).get("t") == "bid" and who is not None:
            s.auction["pos"] = a["order"].index(who) + 1  # the seat asked is order[pos - 1]
    return s


def _sealed(mine: dict[str, Any] | None, what: str, seen: View, me: int
            ) -> dict[str, Any] | None:
    """The seat's own sealed choice with a nonce again (the view leaves the nonce out)."""
    if mine is None:
        return None
    out = _copy(mine)
    if "receipt" in out:
        out["nonce"] = receipts.nonce("0" * 32, seen.round, what, me)
    return out


def _copy(x: Any) -> Any:
    return copy.deepcopy(x)


def _cover_gold(s: State, seen: View, rng: random.Random) -> None:
    """At the settlement (A-AUCT-13, A-GAP-6): the seat now selling is short of its due, the
    seats before it in turn order have paid what they owe or can pay it."""
    frame = seen.frame or {}
    who = frame.get("who")
    a = s.auction
    assert a is not None
    order = a["order"]
    for q in order[:order.index(who)] if who in order else []:
        if q != seen.seat:
            due = BOARD.bid_value(a["markers"][q][1])
            s.players[q].gold = max(s.players[q].gold, due)
    if who is not None and who != seen.seat:
        p = s.players[who]
        due = int(frame.get("due", 0))
        short = min(len(p.cards), max(1, rng.randint(1, 3))) if p.cards else 0
        if short == 0:  # it must hold a card to sell: one of another hidden hand's
            donors = [x for x in range(s.n) if x not in (who, seen.seat) and s.players[x].cards]
            if donors:
                p.cards.append(s.players[donors[0]].cards.pop())
                short = 1
        p.gold = max(0, due - short)


def _queue(s: State, seen: View, sealed: list[int]) -> list[dict[str, Any]]:
    """The agenda as the rules have built it by now (see the module docstring)."""
    frame = seen.frame or {}
    kind = frame.get("t")
    me = seen.seat
    n = len(seen.players)
    order = [(s.pharaoh + i) % n for i in range(n)]
    q: list[dict[str, Any]] = []
    if kind == "bid":
        q = [{"t": "bid", "seats": [frame["who"]], "who": frame["who"]}, {"t": "auction_turn"}]
    elif kind == "cover":
        a = s.auction
        assert a is not None
        later = a["order"][a["order"].index(frame["who"]):]
        for seat in later:
            due = BOARD.bid_value(a["markers"][seat][1])
            if seat == frame["who"] or s.players[seat].gold < due:
                q.append({"t": "cover", "seats": [seat], "who": seat, "due": due})
        q.append({"t": "settle_pay"})
    elif kind in ("buy", "place"):
        who = frame.get("who", frame.get("seat"))
        if kind == "place":
            item = frame["item"]
            q.append({"t": "place", "seat": who, "item": item, "left": frame["left"]})
            q.append({"t": "buy", "seats": [who], "who": who,
                      "step": "B" if item == "farmer" else "C", "done": [item + "s"]})
        else:
            q.append({"t": "buy", "seats": [who], "who": who, "step": frame["step"],
                      "done": list(frame["done"])})
        q += [{"t": "buy", "seats": [x], "who": x, "step": "A", "done": []}
              for x in order[order.index(who) + 1:]]
    elif kind == "sacrifice":
        waiting = [w["seat"] for w in seen.waiting]
        q = [{"t": "sacrifice", "seats": [x for x in order if x in waiting], "all": list(order)},
             {"t": "sacrifice_reveal"}]
    elif kind == "correction":
        sac = seen.sacrifice or {}
        fixers = [o["seat"] for o in sac.get("offers", []) if o["correction"]]
        q = [{"t": "correction", "seat": x} for x in fixers[fixers.index(frame["seat"]):]]
        q.append({"t": "temple"})
    elif kind == "reward":
        sac = seen.sacrifice or {}
        rewards = sac.get("rewards", [])
        at = [r["seat"] for r in rewards].index(frame["seat"])
        q = [{"t": "reward", "seat": frame["seat"], "left": frame["left"]}]
        q += [{"t": "reward", "seat": r["seat"], "left": r["items"]} for r in rewards[at + 1:]]
        q.append({"t": "thieves"})
    elif kind == "income":
        waiting = [w["seat"] for w in seen.waiting]
        q = [{"t": "income", "seats": [x for x in order if x in waiting], "all": list(order)},
             {"t": "income_pay"}]
    elif kind == "bonus":
        waiting = [w["seat"] for w in seen.waiting]
        q = [{"t": "bonus", "seats": [x for x in order if x in waiting], "all": list(order)},
             {"t": "score"}]
    else:
        raise ValueError(f"no world for a {kind!r} step")
    assert me is not None
    return q + _rest_of_round(s.round, AFTER[kind]) + _later_rounds(s.round)


def _rest_of_round(round_no: int, first: str) -> list[dict[str, Any]]:
    """The phase frames of this round from `first` on (A-FLOW-2, A-KING-1)."""
    names = list(PHASES)
    if round_no % PER == 0:
        names.append("scoring_phase")
        if round_no < ROUNDS:
            names.append("kingdom")
    if first not in names:
        return []
    return [{"t": x} for x in names[names.index(first):]]


def _later_rounds(round_no: int) -> list[dict[str, Any]]:
    return [*({"t": "round", "round": r} for r in range(round_no + 1, ROUNDS + 1)), {"t": "end"}]


def _seal(s: State, sealed: list[int], rng: random.Random, decide: Decide | None) -> None:
    """The other seats that have sealed make their choice again here, from their own view of
    this world (the normal AI unless `decide` is given): they are put back among the seats
    awaited, in turn order, and answer until they have sealed."""
    if decide is None:
        from . import choose

        def decide(state: State, seat: int, r: random.Random) -> Decision:
            return choose(state, seat, "normal", r)
    frame = s.queue[0]
    order = frame["all"]
    frame["seats"] = [x for x in order if x in frame["seats"] or x in sealed]
    for seat in sealed:
        for _ in range(40):  # a phase-6 choice is a few steps; a sacrifice one
            if seat not in s.queue[0].get("seats", []):
                break
            opts = options(s, seat)
            d = decide(s, seat, rng)
            if d not in opts:
                d = opts[-1]
            apply(s, seat, d, in_place=True)
