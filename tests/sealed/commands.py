"""Sealed offers' own slash-command verbs (bot.host.verbs): `/sealed offer`. Taking coins and the
veto go through the host's `/sealed choose` and `/sealed turn`."""

from __future__ import annotations

from bot.host.verbs import ANY, Verb
from engine.core import Decision

VERBS = (
    Verb("offer", "Seal your offer for this round (0 to 3 coins)",
         "An offer (pick from the list)"),
)


def in_family(d: Decision, prompt_kind: str, family: str) -> bool:
    return family == ANY or d.kind == family


def first_step(prompt_kind: str, family: str) -> Decision | None:
    return None


def notation_text(family: str, text: str) -> str:
    return text
