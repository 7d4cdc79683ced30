"""Through the Ages: A New Story of Civilization (Vlaada Chvátil, 2015), the tutorial game:
rules engine. See shared/rules/through-the-ages.md (rules T-..., gaps G-...).

This is milestone A-1 ("economy core"): setup, the card row, every civil action and the
military unit actions, payments with change, production, corruption, consumption, happiness,
the ends of the ages and the tutorial scoring. Not registered in engine/registry.py yet. What
comes next is named in data.tta.NEXT_MILESTONE_CIVIL and NEXT_MILESTONE_MILITARY_PLAY.

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
