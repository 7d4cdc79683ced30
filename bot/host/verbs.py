"""What a game's command module declares (bot/games/<id>.py): its own play verbs. The host
builds `/<game> <verb> choice:` for each, with autocomplete from the legal options the verb
covers, and reads typed text through the game's notation (its `parse_notation`, if any).

A command module provides:
    VERBS: tuple[Verb, ...]
    def in_family(decision, prompt_kind, family) -> bool   # does this option belong to the verb
    def first_step(prompt_kind, family) -> Decision | None  # the verb alone, e.g. "move" at the
                                                            # start of a turn
    def notation_text(family, text) -> str                  # the verb's text as the notation
"""

from __future__ import annotations

from dataclasses import dataclass

ANY = "any"  # the family of the host's own `choose` verb: every option


@dataclass(frozen=True)
class Verb:
    name: str  # the subcommand, also the family its options are filtered by
    description: str
    choice_help: str
