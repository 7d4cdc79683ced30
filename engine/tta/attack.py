"""What aggressions and wars have in common (F-GEN-3: both are *attacks*): who may be attacked,
what the attack costs, the strengths compared, and what playing the card does to the attacker's
hand, tokens and pacts (F-AGGR-6/7, F-WAR-5/6, F-POL-3/4, F-PACT-14).

Options carry a quote for their label ("Play Raid I against Bob (2 military actions)"): the
target's `name` and the military-action `cost`. A label is worded from the decision alone, so
the quote is information, not a choice; a quote that no longer matches the state is refused
(T-ACT-3), as quotes.py does for the action phase."""

from __future__ import annotations

from typing import Any

from data.tta import CARDS
from engine.core import Decision, Event

from . import modes, pacts
from .flow import err
from .state import Player, State
from .stats import military_available, stats

GANDHI = "mahatma_gandhi_iii"  # F-POL-4
GANDHI_FACTOR = 2  # F-POL-4: an attack on Gandhi's player costs twice the printed actions


def target_of(s: State, d: Decision) -> Player:
    """The attacked player named by `target` (F-GEN-2: another remaining player)."""
    target = d.args.get("target")
    if type(target) is not int or not 0 <= target < s.n:
        raise err("no_target", "F-GEN-2")
    return s.players[target]


def card_of(p: Player, d: Decision, kind: str, rule: str) -> str:
    """The attack card named by `card`: a card of that `kind` in the attacker's military hand."""
    card = d.args.get("card")
    if not isinstance(card, str) or card not in p.military or CARDS[card].kind != kind:
        raise err(f"not_{kind}", rule)
    return card


def cost(s: State, card: str, target: Player) -> int:
    """The printed military actions, doubled against Mahatma Gandhi (F-POL-3/4)."""
    printed = CARDS[card].cost_military_actions
    return printed * GANDHI_FACTOR if target.leader == GANDHI else printed


def quote(s: State, p: Player, card: str, target: Player) -> dict[str, Any]:
    return {"name": target.name, "cost": cost(s, card, target)}


def check_quote(s: State, p: Player, d: Decision, card: str, target: Player) -> None:
    actual = quote(s, p, card, target)
    if any(k in d.args and d.args[k] != v for k, v in actual.items()):
        raise err("quote", "T-ACT-3")


def in_game(s: State, kind: str) -> None:
    """Aggressions and wars exist only in a game with attacks (F-SETUP-1, V-PEACE-3)."""
    if not modes.attacks(s):
        raise err("no_attacks", "F-POL-1", kind=kind)


def no_gandhi(p: Player) -> None:
    if p.leader == GANDHI:
        raise err("gandhi", "F-POL-4")


def valid_target(s: State, p: Player, target: Player) -> None:
    """F-AGGR-6 steps 4-5, F-WAR-5 steps 6-7."""
    if target.seat == p.seat or target.resigned:
        raise err("no_target", "F-GEN-2")
    if pacts.forbids_attack(s, p.seat, target.seat):
        raise err("pact_forbids", "F-PACT-14", name=target.name)


def affordable(s: State, p: Player, card: str, target: Player) -> None:
    need = cost(s, card, target)
    if military_available(p) < need:
        raise err("attack_actions", "F-POL-3", n=need)


def strength(s: State, seat: int) -> int:
    """A player's current strength rating (T-STAT)."""
    return stats(s.players[seat]).strength


def strengths(s: State, attacker: int, target: int, as_played: bool) -> tuple[int, int]:
    """S_att and S_def. `as_played`: as if the pacts an attack ends were already cancelled
    (F-AGGR-6 step 8) — computed on a copy without them, so that it stays right once pacts
    add strength. The attacker adds Open Borders' +2 (C-108)."""
    if as_played and (ending := pacts.ending_on_attack(s, attacker, target)):
        s = pacts.without(s, ending)  # (their figures refreshed: a Military Pact's +3 gone)
    return (strength(s, attacker) + pacts.attack_bonus(s, attacker, target),
            strength(s, target))


def play(s: State, p: Player, card: str, target: Player, events: list[Event],
         priced: str | None = None) -> int:
    """F-AGGR-7 / F-WAR-6: the card leaves the hand (face up), the military actions are
    spent, the pacts the attack ends are cancelled. Returns the actions spent. `priced`: the
    card whose cost is paid, when not the card played (the shorter game's War over Culture,
    V-SHORT-12)."""
    spent = cost(s, priced or card, target)
    p.military.remove(card)
    p.ma_spent += spent
    for pact in pacts.ending_on_attack(s, p.seat, target.seat):
        pacts.cancel(s, pact, events, "attack")
    return spent


def to_discard(s: State, card: str) -> None:
    """A resolved attack card (or a card used to defend) goes face down to its age's military
    discard pile (F-AGGR-9, F-WAR-8, G-MDRAW-1)."""
    s.military_discard.setdefault(CARDS[card].age, []).append(card)


def opponents(s: State, p: Player) -> list[Player]:
    return [q for q in modes.remaining(s) if q.seat != p.seat]
