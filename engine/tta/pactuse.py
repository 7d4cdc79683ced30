"""The pacts' effects that are rules rather than figures (pactmods.py holds the figures):

- Scientific Cooperation (C-113, G-PACT-4): whenever a party develops a technology (a
  revolution too) the other party pays 1 science; while the other party has none, the party
  cannot develop at all. The 2 science less is a figure (effects.science_cost).
- Trade Routes Agreement (C-109, G-PACT-6, G-ASYNC-13): once in each of his own turns, in the
  action phase and at no action cost, side A pays 1 food for 1 resource and side B 1 resource
  for 1 food — the decision `trade_routes {side}` (the side optional: it names the way for the
  label), offered while unused this turn."""

from __future__ import annotations

from typing import Any

from engine.core import Event

from . import cardtext, pacts  # cardtext: words of refusals (called, not imported early)
from .flow import err
from .state import Player, State
from .tokens import gain, pay, pay_plan

COOPERATION = "scientific_cooperation_ii"
COOPERATION_PAYMENT = 1  # C-113: the other party's science per development
TRADE_ROUTES = "trade_routes_agreement_i"
TRADE_USED = "trade_routes"  # Player.turn_used: the exchange of this turn is spent
# C-109: what each side pays and gets (stores of tokens.py: "farm" food, "mine" resources)
TRADE = {"A": ("farm", "mine"), "B": ("mine", "farm")}


def cooperate(s: State, p: Player, commit: bool, events: list[Event]) -> None:
    """C-113, G-PACT-4: refuse a development while the other party of `p`'s Scientific
    Cooperation has no science; on commit he pays his 1 science."""
    pact = pacts.named(s, p.seat, COOPERATION)
    if pact is None:
        return
    other = s.players[pacts.other_party(pact, p.seat)]
    if other.science < COOPERATION_PAYMENT:
        raise err("cooperation_no_science", "G-PACT-4", name=other.name,
                  card=cardtext.card_name(COOPERATION))
    if commit:
        other.science -= COOPERATION_PAYMENT
        events.append(Event("tta.cooperation", {"seat": other.seat, "partner": p.seat,
                                                "amount": COOPERATION_PAYMENT}))


def trade_side(s: State, seat: int) -> str | None:
    """The side `seat` takes in a Trade Routes Agreement in play (None: not a party)."""
    pact = pacts.named(s, seat, TRADE_ROUTES)
    return None if pact is None else pacts.side_of(pact, seat)


def trade_routes(s: State, p: Player, args: dict[str, Any], events: list[Event], commit: bool
                 ) -> None:
    """C-109, G-PACT-6: pay 1 food, gain 1 resource (side A) or the reverse (side B), once in
    each of his own turns (the action phase: G-ASYNC-13), no action spent. Refused when the
    payment cannot be made or nothing could be gained for it (no blue token, G-BANK-5b)."""
    side = trade_side(s, p.seat)
    if side is None:
        raise err("no_trade_routes", "C-109", card=cardtext.card_name(TRADE_ROUTES))
    if args.get("side", side) != side:  # a stale label: the exchange the player did not read
        raise err("trade_routes_side", "C-109", side=side, card=cardtext.card_name(TRADE_ROUTES))
    if TRADE_USED in p.turn_used:
        raise err("trade_routes_used", "G-PACT-6", card=cardtext.card_name(TRADE_ROUTES))
    paid, got = TRADE[side]
    if pay_plan(p, paid, 1) is None:
        raise err("trade_routes_short", "C-109")
    scratch = Player(**p.to_json())  # a token paid may be the one the gain needs (G-BANK-5b)
    pay(scratch, paid, 1)
    if gain(scratch, got, 1) < 1:
        raise err("trade_routes_no_token", "G-BANK-5b")
    if not commit:
        return
    pay(p, paid, 1)
    gain(p, got, 1)
    p.turn_used.append(TRADE_USED)
    events.append(Event("tta.trade_routes", {"seat": p.seat, "side": side}))
