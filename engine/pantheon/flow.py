"""Pantheon's agenda: `State.queue` is a list of frames (plain dicts with a type `t`) that the
game-neutral `engine.agenda.Agenda` runs. Automatic frames run at once; a choice frame waits for
one decision from its seat. A choice with exactly one legal decision is taken automatically (a
forced move is not a decision).

This module binds Pantheon's own agenda (its frame types and refusal messages) to the
module-level names the rest of the package has always used, and keeps what only Pantheon words:
the waiting texts (`waiting_text`) and `reject`."""

from __future__ import annotations

from data.i18n import t
from engine.agenda import Agenda, ApplyFn, AutoHandler, Choice, Frame, OptionsFn, current, pop, push
from engine.core import Decision, IllegalDecision

from .state import State
from .text import describe

__all__ = ["AGENDA", "AUTO", "CHOICES", "ApplyFn", "AutoHandler", "Choice", "Frame", "OptionsFn",
           "advance", "apply_decision", "auto", "awaited", "choice", "current", "options_for",
           "pop", "push", "reject", "waiting_text"]

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


def waiting_text(kind: str, locale: str | None = None) -> str:
    """What the seat a `kind` frame waits for may do now ("choose your action (move, buy, god
    or draw)"), in the language of the moment it is shown: made from the catalogue
    (pantheon.waiting.<kind>) each time, never stored. An unknown kind is named as it is."""
    key = f"pantheon.waiting.{kind}"
    text = t(key, locale)
    return kind if text == key else text


def reject(d: Decision, frame: Frame) -> IllegalDecision:
    return IllegalDecision(t("pantheon.err.not_now", decision=describe(d),
                             waiting=waiting_text(frame["t"])), "P-TURN-2")
