"""Through the Ages: A New Story of Civilization (Vlaada Chvátil, 2015), the tutorial game:
rules engine. See shared/rules/through-the-ages.md (rules T-..., gaps G-...).

Milestones A-1 ("economy core": setup, the card row, every civil action and the military unit
actions, payments with change, production, corruption, consumption, happiness, the ends of the
ages, the tutorial scoring) and A-2 ("complete tutorial": the politics phase and the events
decks (politics.py), every Age A-II event (eventcards.py), colonisation auctions
(colonize.py), tactics and armies (tactics.py, armies.py), military bonus cards, and every
civil card of the tutorial decks, the leaders' and wonders' powers in effects.py and
powers.py). The whole tutorial game is played with its real decks. Not registered in
engine/registry.py yet (pictures, words and AI come first).

The module meets engine.core.GameRules (the rules); the words (GameText) come later."""

from .game import (
    INFO,
    apply,
    auto_answer,
    dump,
    load,
    new_game,
    options,
    pending,
    replay,
    result,
    reveals,
    sealed,
    start_events,
    version,
    view,
)

__all__ = ["INFO", "apply", "auto_answer", "dump", "load", "new_game", "options", "pending",
           "replay", "result", "reveals", "sealed", "start_events", "version", "view"]
