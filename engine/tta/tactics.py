"""Tactics (T-TAC): playing a tactic card from the military hand (1 MA, T-TAC-2), copying an
available one from the tactics area (2 MA, T-TAC-5), at most one of the two per turn
(T-TAC-3), and making a played tactic available at the start of its owner's next turn
(T-TAC-4). The strength the armies add is derived (armies.py, stats.tactical_strength).

Decisions (action phase): "tactic" {"card"} and "copy" {"card"}. A player's current tactic is
`Player.tactic`; `tactic_exclusive` is true while the card lies in front of him; the shared
area is `State.tactics_area` (one entry per card name, G-TAC-1)."""

from __future__ import annotations

from typing import Any

from data.tta import CARDS, COPY_TACTIC_MA
from engine.core import Event

from .actions import card_arg, need_military, not_round_one
from .flow import err
from .state import Player, State

USED = "tactic"  # Player.turn_used marker: a tactic was played or copied this turn


def _once(p: Player) -> None:
    if USED in p.turn_used:
        raise err("tactic_once", "T-TAC-3")


def play_tactic(s: State, p: Player, args: dict[str, Any], events: list[Event], commit: bool
                ) -> None:
    not_round_one(s)
    card = card_arg(args)
    if card not in p.military or CARDS[card].kind != "tactic":
        raise err("not_tactic", "T-TAC-2")
    _once(p)
    cost = CARDS[card].cost_military_actions
    need_military(p, cost)
    if not commit:
        return
    p.ma_spent += cost
    p.military.remove(card)
    p.tactic, p.tactic_exclusive = card, True  # any previous tactic is lost (T-TAC-2)
    p.turn_used.append(USED)
    events.append(Event("tta.tactic", {"seat": p.seat, "card": card}))


def copy_tactic(s: State, p: Player, args: dict[str, Any], events: list[Event], commit: bool
                ) -> None:
    not_round_one(s)
    card = card_arg(args)
    if card not in s.tactics_area:
        raise err("not_available", "T-TAC-5")
    if card == p.tactic:
        raise err("same_tactic", "T-TAC-5")
    _once(p)
    need_military(p, COPY_TACTIC_MA)
    if not commit:
        return
    p.ma_spent += COPY_TACTIC_MA
    p.tactic, p.tactic_exclusive = card, False
    p.turn_used.append(USED)
    events.append(Event("tta.copy_tactic", {"seat": p.seat, "card": card}))


def make_available(s: State, p: Player, events: list[Event]) -> None:
    """T-TAC-4: at the start of the owner's next turn (after the refill, before politics) the
    card moves to the tactics area; the marker stays on it."""
    if not p.tactic_exclusive or p.tactic is None:
        return
    p.tactic_exclusive = False
    if p.tactic not in s.tactics_area:  # G-TAC-1: one shared card per name
        s.tactics_area.append(p.tactic)
    events.append(Event("tta.tactic_available", {"seat": p.seat, "card": p.tactic}))
