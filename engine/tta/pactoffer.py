"""Offering, answering and cancelling pacts (F-PACT-2…5, F-PACT-10…13, G-ASYNC-9/10), the full
game's political actions registered with politics.political:

- `offer {card, partner, side}` (side "A"/"B" only for an asymmetric pact: the offerer's side,
  F-PACT-7/10). The card leaves the offerer's military hand into `State.pact_offer`, which only
  the offerer's and the partner's views show (view.py, G-ASYNC-16); the public event says only
  who offers to whom. The partner answers in a secret one-seat frame
  {"t": "pact_answer", "seats": [partner]} (a *seats* frame even for one seat, so the agenda
  never takes a lone answer as a forced move and publishes it, G-ASYNC-6), with `accept` or
  `refuse`; the offerer's turn waits (G-ASYNC-9).
- The answer is public with the card and the sides (G-PACT-1). Accept: the offerer's previous
  own pact is cancelled, then the pact comes into play with its effects at once (F-PACT-4,
  F-PACT-11). Refuse: the card returns to the offerer's hand. Either way the political action
  is spent. The host's default on a deadline is `refuse` (G-ASYNC-19): passing.pass_decision
  takes it, as it takes "end", "pass" and "done" elsewhere.
- `cancel_pact {card}`: a party cancels a pact in play (F-PACT-5, F-PACT-13, G-ASYNC-10).

Pacts exist only in the full game (modes.political_cards), never in a strict peaceful game and,
with keep_pacts, only the four of V-PEACE-3; never with 2 players at setup (F-PACT-1/16: a
resignation that leaves two keeps them usable, G-PACT-5, so the count is the seats')."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from data.tta import CARDS, PEACEFUL_PACTS  # V-PEACE-3: the pacts keep_pacts keeps
from engine.core import Decision, Event

from . import cardtext, modes, pacts, politics  # cardtext: words of refusals
from .flow import AGENDA, Frame, err
from .state import Player, State

PACT_MIN_SEATS = 3  # F-PACT-1
ANSWER = "pact_answer"


def exists(s: State, card: str | None = None) -> None:
    """Refuse unless pacts (or this pact) exist in this game (F-PACT-1, T-SETUP-8, V-PEACE-3)."""
    if not modes.political_cards(s):
        raise err("no_pacts", "T-SETUP-8")
    if s.n < PACT_MIN_SEATS:
        raise err("pacts_two_players", "F-PACT-1")
    calm = modes.peaceful(s)
    if calm == "strict" or (calm == "keep_pacts" and card is not None
                            and card not in PEACEFUL_PACTS):
        raise err("pact_peaceful", "V-PEACE-3")


def _candidates(s: State, p: Player) -> Iterator[Decision]:
    if not modes.political_cards(s) or s.n < PACT_MIN_SEATS:
        return
    for card in sorted(set(p.military)):
        if CARDS[card].kind != "pact":
            continue
        for q in s.players:
            if q.seat == p.seat or q.resigned:
                continue
            quote = {"name": q.name}  # the label names the partner (labels are worded alone)
            if card in pacts.ASYMMETRIC:
                for side in ("A", "B"):
                    yield Decision("offer", {"card": card, "partner": q.seat, "side": side,
                                             **quote})
            else:
                yield Decision("offer", {"card": card, "partner": q.seat, **quote})


def _check(s: State, p: Player, d: Decision) -> None:
    card = d.args.get("card")
    exists(s, card if isinstance(card, str) else None)
    if type(card) is not str or card not in p.military or CARDS[card].kind != "pact":
        raise err("not_pact_in_hand", "F-PACT-10")
    partner = d.args.get("partner")
    if type(partner) is not int or not 0 <= partner < s.n or partner == p.seat \
            or s.players[partner].resigned:
        raise err("pact_partner", "F-PACT-10")
    side = d.args.get("side")
    if card in pacts.ASYMMETRIC and side not in ("A", "B"):
        raise err("pact_side", "F-PACT-10", card=cardtext.card_name(card))
    if card not in pacts.ASYMMETRIC and side is not None:
        raise err("pact_no_side", "F-PACT-10", card=cardtext.card_name(card))


def _apply(s: State, p: Player, d: Decision, events: list[Event]) -> None:
    card, partner = d.args["card"], d.args["partner"]
    p.military.remove(card)
    s.pact_offer = {"card": card, "owner": p.seat, "partner": partner,
                    "side": d.args.get("side")}
    events.append(Event("tta.pact_offer", {"seat": p.seat, "partner": partner}))
    AGENDA.push(s, {"t": ANSWER, "seats": [partner]})


def _cancel_candidates(s: State, p: Player) -> Iterator[Decision]:
    for pact in pacts.of(s, p.seat):
        other = s.players[pacts.other_party(pact, p.seat)]
        yield Decision("cancel_pact", {"card": pact["card"], "name": other.name})


def _cancel_check(s: State, p: Player, d: Decision) -> None:
    card = d.args.get("card")
    if type(card) is not str or pacts.named(s, p.seat, card) is None:
        raise err("not_party", "F-PACT-5")


def _cancel(s: State, p: Player, d: Decision, events: list[Event]) -> None:
    pact = pacts.named(s, p.seat, d.args["card"])
    assert pact is not None  # checked
    pacts.cancel(s, pact, events, "cancel", by=p.seat)


politics.political("offer", politics.Political(_candidates, _check, _apply))
politics.political("cancel_pact", politics.Political(_cancel_candidates, _cancel_check, _cancel))


# --- the partner's answer (F-PACT-11, G-ASYNC-9) ------------------------------------------------

def answer_quote(s: State) -> dict[str, Any]:
    """What the answer's label names: the card, the offerer and the partner's side."""
    offer = s.pact_offer or {}
    owner = offer.get("owner")
    name = s.players[owner].name if isinstance(owner, int) else "?"
    quote: dict[str, Any] = {"card": offer.get("card"), "from": owner, "name": name}
    side = pacts.other_side(offer.get("side"))
    if side is not None:
        quote["side"] = side
    return quote


def _answer_options(s: State, frame: Frame) -> Iterator[Decision]:
    yield Decision("accept", answer_quote(s))
    yield Decision("refuse", {})


@AGENDA.choice(ANSWER, _answer_options)
def _answer(s: State, frame: Frame, d: Decision, events: list[Event]) -> None:
    offer = s.pact_offer
    if d.kind not in ("accept", "refuse") or offer is None:
        raise err("pact_answer_now", "F-PACT-11")
    quote = answer_quote(s)
    if d.kind == "accept" and any(k in d.args and d.args[k] != v for k, v in quote.items()):
        raise err("pact_answer_changed", "F-PACT-11")  # the partner cannot change the offer
    s.pact_offer = None
    frame["seats"].remove(offer["partner"])  # the agenda pops the frame
    owner = s.players[offer["owner"]]
    args = {"seat": offer["partner"], "owner": offer["owner"], "card": offer["card"],
            "side": offer["side"]}
    if d.kind == "refuse":
        owner.military.append(offer["card"])  # F-PACT-2: back to his hand
        events.append(Event("tta.pact_refused", args))
        return
    events.append(Event("tta.pact_accepted", args))
    previous = pacts.own(s, owner.seat)
    if previous is not None:  # F-PACT-4: his one own pact is replaced
        pacts.cancel(s, previous, events, "replaced")
    pacts.add(s, dict(offer))
