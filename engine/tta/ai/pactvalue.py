"""What a pact is worth to an AI seat (F-PACT, C-104…C-113), in the value function's units
(culture points by the end of the game), from the seat's view only: its figures for each party
(pactmods.py, on the mirror's players) over the rounds left, and what it means for attacks
between the parties (F-PACT-14) given their public strengths. A pact also helps the other party,
a rival: his gain counts against it (RIVAL).

- `answer`: accept a pact offer (the offer's content is in the partner's view) while it is worth
  more than nothing to this seat (F-PACT-11);
- `political_score`: offering (the partner must be expected to accept, and this seat's own pact
  in play, which an accepted offer replaces, F-PACT-4, is given up) and cancelling (a pact worth
  less than nothing, F-PACT-5), scored beside the other political actions (policy.politics)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.core import Decision

from .. import pactmods, pacts, pactuse

if TYPE_CHECKING:
    from .policy import Ctx

RIVAL = 0.5  # the other party's gain is a rival's: this share of it counts against the pact
DEVELOPMENTS = 0.5  # technologies a seat develops per round, about (C-113's discount)
TRADE_ROUTES = 0.2  # the once-a-turn exchange, per round: a small convenience (C-109)
SAFE = 2.0  # no attacks from a stronger party (F-PACT-14), once
OPEN = 1.0  # an attack a stronger party forgoes or gains (F-PACT-14, C-108), once
POLITICAL = ("offer", "cancel_pact")


def figures_worth(mods: dict[str, int], rounds: float, c: Ctx) -> float:
    """The pact's figures for one party over the rounds left (F-PACT-17)."""
    k = c.k
    per_round = (mods.get("culture", 0)
                 + mods.get("military_actions", 0) * k.ma_left
                 + mods.get("food", 0) * k.food
                 + (mods.get("resources", 0) - mods.get("resources_lost", 0)) * k.resources
                 + mods.get("science_discount", 0) * DEVELOPMENTS * k.science)
    return per_round * rounds + mods.get("strength", 0) * k.strength


def party_worth(c: Ctx, card: str, seat: int, side: str | None, other: int) -> float:
    """What the pact brings `seat` (on `side`, with `other` as the other party)."""
    s = c.base
    mods = pactmods.effect(card, side, s.players[other])
    worth = figures_worth(mods, c.rounds, c)
    if card == pactuse.COOPERATION:  # C-113: pays 1 science when the other develops
        worth -= DEVELOPMENTS * c.rounds * c.k.science * pactuse.COOPERATION_PAYMENT
    if card == pactuse.TRADE_ROUTES:  # C-109
        worth += TRADE_ROUTES * c.rounds
    strength = {p["seat"]: p["strength"] for p in c.view["players"]}
    stronger = strength[other] > strength[seat]
    if card in pacts.FORBID_ATTACKS:  # F-PACT-14: safe from him, and he from us
        worth += SAFE if stronger else -OPEN
    if card == pacts.OPEN_BORDERS:  # C-108: the attacker's +2 between the parties
        worth += -OPEN if stronger else OPEN
    if card == pacts.SOVEREIGNTY and side == "B":  # C-105: nobody may declare war on B
        worth += SAFE
    return worth


def pact_worth(c: Ctx, card: str, owner: int, partner: int, owner_side: str | None,
               seat: int) -> float:
    """The pact's worth to `seat` (one of the parties), the other party's gain counted against
    it."""
    other = partner if seat == owner else owner
    mine = owner_side if seat == owner else pacts.other_side(owner_side)
    theirs = pacts.other_side(mine)
    return party_worth(c, card, seat, mine, other) - RIVAL * party_worth(c, card, other, theirs,
                                                                          seat)


def answer(c: Ctx) -> Decision | None:
    """The pact answer (F-PACT-11): accept while the offered pact is worth more than nothing
    to this seat; the default otherwise is to refuse (G-ASYNC-19)."""
    offer: dict[str, Any] | None = c.view.get("pact_offer")
    accept = next((d for d in c.opts if d.kind == "accept"), None)
    refuse = next((d for d in c.opts if d.kind == "refuse"), None)
    if offer is None or accept is None:
        return refuse
    worth = pact_worth(c, offer["card"], offer["owner"], offer["partner"], offer["side"],
                       c.seat)
    return accept if worth > 0 else refuse


def political_score(c: Ctx, d: Decision) -> float:
    """An offer: its worth to this seat less that of the own pact it would replace (F-PACT-4),
    and only if the partner is expected to accept; a cancellation: what the pact costs."""
    card = d.args["card"]
    if d.kind == "cancel_pact":
        pact = next((p for p in c.view.get("pacts", []) if p["card"] == card), None)
        if pact is None:
            return -2.0
        return -pact_worth(c, card, pact["owner"], pact["partner"], pact["side"], c.seat)
    partner, side = d.args["partner"], d.args.get("side")
    if pact_worth(c, card, c.seat, partner, side, partner) <= 0:
        return -2.0  # he would refuse (by this seat's reckoning of his view)
    gain = pact_worth(c, card, c.seat, partner, side, c.seat)
    mine = next((p for p in c.view.get("pacts", []) if p["owner"] == c.seat), None)
    if mine is not None:
        gain -= pact_worth(c, mine["card"], c.seat, mine["partner"], mine["side"], c.seat)
    return gain if gain > 0 else -2.0
