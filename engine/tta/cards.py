"""Cards entering and leaving play: the token symbols (T-TOK-1) and the change of the action
totals that follows (T-GOV-2, T-TOK-4)."""

from __future__ import annotations

from collections.abc import Callable

from data.tta import CARDS
from engine.core import Event

from .effects import LEAVING_CULTURE
from .state import Player, State
from .stats import stats
from .tokens import box_blue, box_yellow


def changing_totals(p: Player, change: Callable[[], None]) -> None:
    """Run `change` (a card enters or leaves play) and settle the action totals by T-GOV-2:
    new tokens come from the box as available; when a total falls, spent tokens go back to the
    box first, then available ones."""
    before = stats(p)
    change()
    after = stats(p)
    drop = before.civil_actions - after.civil_actions
    if drop > 0:
        p.ca_spent -= min(p.ca_spent, drop)
    drop = before.military_actions - after.military_actions
    if drop > 0:
        p.ma_spent -= min(p.ma_spent, drop)


def tokens_in(p: Player, card_id: str) -> None:
    """T-TOK-1: +yellow/+blue symbols take tokens from the box into the banks."""
    card = CARDS[card_id]
    box_blue(p, card.blue_tokens)
    box_yellow(p, card.yellow_tokens)


def tokens_out(p: Player, card_id: str) -> None:
    """T-TOK-1: the reverse when the card leaves play."""
    card = CARDS[card_id]
    box_blue(p, -card.blue_tokens)
    box_yellow(p, -card.yellow_tokens)


def remove_leader(s: State, p: Player, events: list[Event] | None = None) -> None:
    """The leader leaves the game (T-LEAD-4, T-AGE-3); its effects end. A leader that scores
    when leaving play (Bill Gates, C-52) scores first, from the state at that moment; the
    event is told when `events` is given."""
    leader = p.leader
    if leader is None:
        return
    if leader in LEAVING_CULTURE:
        points = LEAVING_CULTURE[leader](p)
        p.culture += points
        if events is not None:
            events.append(Event("tta.leaving_culture", {"seat": p.seat, "card": leader,
                                                        "culture": points}))

    def go() -> None:
        p.leader = None
        tokens_out(p, leader)
        s.removed.append(leader)
    changing_totals(p, go)


def remove_unfinished_wonder(s: State, p: Player) -> None:
    """T-AGE-3 step 2: its blue tokens return to the blue bank."""
    if p.wonder is None:
        return
    p.blue_bank += p.wonder_stages
    s.removed.append(p.wonder)
    p.wonder, p.wonder_stages = None, 0
