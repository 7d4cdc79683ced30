"""Which game a table plays (F-SETUP-3, §4): the `mode` (full, tutorial or short, V-SHORT), the
`peaceful` setting (V-PEACE-3) and `global_conflict` (V-GLOBAL), read from the game's options.

A game saved before these options existed has none of them: it is a tutorial game, and stays
one. Every rule that differs between the games asks this module, never the options directly."""

from __future__ import annotations

from typing import Any

from .state import Player, State

MODES = ("full", "tutorial", "short")
PEACEFUL = ("off", "strict", "keep_pacts")
LEGACY_MODE = "tutorial"  # the only game before the option: a saved game without it


def mode(s: State) -> str:
    return mode_in(s.options)


def mode_in(options: dict[str, Any]) -> str:
    """The mode that game options name (setup reads it before the state exists)."""
    return str(options.get("mode", LEGACY_MODE))


def peaceful(s: State) -> str:
    return peaceful_in(s.options)


def peaceful_in(options: dict[str, Any]) -> str:
    return str(options.get("peaceful", "off"))


def global_conflict(s: State) -> bool:
    return bool(s.options.get("global_conflict", False))


def game_options(s: State) -> dict[str, Any]:
    """The options that say which game is played (F-SETUP-3), as given: public, and what an
    AI's picture of the game needs to play by the same rules."""
    return {k: s.options[k] for k in ("mode", "peaceful", "global_conflict") if k in s.options}


def final_age(s: State) -> str:
    """F-AGE-4: Age IV in the full game, the card-less Age III in the tutorial and the shorter
    game (T-TEND-1, V-SHORT-11)."""
    return "IV" if mode(s) == "full" else "III"


def in_final_age(s: State) -> bool:
    return s.age == final_age(s)


def political_cards(s: State) -> bool:
    """Aggressions, wars and pacts exist at all: not in the tutorial (T-SETUP-8)."""
    return mode(s) != "tutorial"


def attacks(s: State) -> bool:
    """Aggressions and wars are in the decks (F-SETUP-1; none in a peaceful game, V-PEACE-3)."""
    return political_cards(s) and peaceful(s) == "off"


def remaining(s: State) -> list[Player]:
    """The players who have not resigned (F-GEN-2), in seat order."""
    return [p for p in s.players if not p.resigned]


def last_round_now(s: State) -> bool:
    """F-AGE-5: this round is the last (no war may be declared, F-WAR-5)."""
    return s.last_round is not None and s.round >= s.last_round
