"""Amun-Re's own slash-command verbs: /amunre bid|buy|sacrifice|card, each with autocomplete
from the legal options of that kind. Amun-Re has no whole-turn notation: a choice is picked
from the list (or from the prompt's buttons)."""

from __future__ import annotations

from engine.core import Decision

from ..host.verbs import ANY, Verb

VERBS = (
    Verb("bid", "Bid for a province card on the bid track (the auction)",
         "A bid (pick from the list of legal bids)"),
    Verb("buy", "Buy power cards, farmers and stones; place them",
         "A purchase or a placement (pick from the list), or end your buying"),
    Verb("sacrifice", "Your secret sacrifice to Amun-Re (sealed until everyone has chosen)",
         "How much gold to sacrifice (pick from the list)"),
    Verb("card", "Play or sell a power card (also out of turn, where the rules allow it)",
         "A power card to play or sell (pick from the list)"),
)
FAMILY_KINDS = {"bid": {"bid"},
                "buy": {"buy_cards", "buy_farmers", "buy_stones", "place", "end_turn"},
                "sacrifice": {"sacrifice", "correction"},
                "card": {"play", "sell"}}


def in_family(d: Decision, prompt_kind: str, family: str) -> bool:
    return family == ANY or d.kind in FAMILY_KINDS.get(family, set())


def first_step(prompt_kind: str, family: str) -> Decision | None:
    """Every Amun-Re step names its amount or card: the verb alone opens the prompt."""
    return None


def notation_text(family: str, text: str) -> str:
    return text.strip()
