"""Pantheon's agenda: `State.queue` is a list of frames (plain dicts with a type `t`) that the
game-neutral `engine.agenda.Agenda` runs. Automatic frames run at once; a choice frame waits for
one decision from its seat. A choice with exactly one legal decision is taken automatically (a
forced move is not a decision).

This module binds Pantheon's own agenda (its frame types and refusal messages) to the
module-level names the rest of the package has always used, and keeps what only Pantheon words:
the WAITING texts and `reject`."""

from __future__ import annotations

from engine.agenda import Agenda, ApplyFn, AutoHandler, Choice, Frame, OptionsFn, current, pop, push
from engine.core import Decision, IllegalDecision

from .state import State
from .text import describe

__all__ = ["AGENDA", "AUTO", "CHOICES", "WAITING", "ApplyFn", "AutoHandler", "Choice", "Frame",
           "OptionsFn", "advance", "apply_decision", "auto", "awaited", "choice", "current",
           "options_for", "pop", "push", "reject"]

AGENDA: Agenda[State] = Agenda(game_over="pantheon.err.game_over", game_over_rule="P-END-1",
                               not_your_turn="pantheon.err.not_your_turn",
                               not_your_turn_rule="P-TURN-1")

# The registries are the agenda's own dicts (not copies), filled as actions, epoch and gains
# import; push, pop and current are engine.agenda's plain functions, the rest bound methods, so
# calling them through this module costs no extra call.
AUTO = AGENDA.auto_handlers
CHOICES = AGENDA.choices
auto = AGENDA.auto
choice = AGENDA.choice
advance = AGENDA.advance
awaited = AGENDA.awaited
options_for = AGENDA.options_for
apply_decision = AGENDA.apply_decision


def reject(d: Decision, frame: Frame) -> IllegalDecision:
    waiting = WAITING.get(frame["t"], frame["t"])
    return IllegalDecision(f"“{describe(d)}” is not possible now: you may {waiting}.",
                           "P-TURN-2")


WAITING: dict[str, str] = {
    "action": "choose your action (move, buy, god or draw)",
    "move_cards": "choose how many movement cards to play",
    "move_place": "place a piece or stop",
    "buy": "play money, buy, place or finish the purchase",
    "god_choose": "choose a god from the display",
    "god_pay": "choose which offerings pay for the god",
    "draw_pick": "take a card from the display or the deck",
    "traitera": "use a Traitera for one more action, or end your turn",
    "loot_order": "choose which loot tile to resolve next",
    "offering_gain": "take a new level-1 offering tile or upgrade one",
    "supply_choice": "take 2 feet or 2 columns",
    "column_bonus": "place your bonus column on any column field",
    "draft": "pick a bonus tile",
    "gallia": "draw 2 cards or reveal the top god tile",
    "gallia_buy": "pay for the revealed god with its top number, or decline",
    "discard": "discard down to 7 cards",
    "aegyptus": "swap feet for columns, columns for feet, or keep your pieces",
    "cartago": "spend up to 2 money or finish",
}
