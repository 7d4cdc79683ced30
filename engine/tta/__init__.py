"""Through the Ages: A New Story of Civilization (Vlaada Chvátil, 2015), the tutorial game:
rules engine. See shared/rules/through-the-ages.md (rules T-..., gaps G-...).

Milestones A-1 ("economy core": setup, the card row, every civil action and the military unit
actions, payments with change, production, corruption, consumption, happiness, the ends of the
ages, the tutorial scoring) and A-2 ("complete tutorial": the politics phase and the events
decks (politics.py), every Age A-II event (eventcards.py), colonisation auctions
(colonize.py), tactics and armies (tactics.py, armies.py), military bonus cards, and every
civil card of the tutorial decks, the leaders' and wonders' powers in effects.py and
powers.py). The whole tutorial game is played with its real decks. Registered in
engine/registry.py as "tta".

The full game (issue 28; the option `mode`, modes.py): the eight decks (data.tta.deck, setup.py),
Ages III and IV (row.py), the global conflict variant (globalconflict.py), the Age III events
(impacts.py) and the full game's final scoring (scoring.py).

The module meets engine.core.GameRules (the rules, game.py) and engine.core.GameText (the
words, text.py; the option labels, labels.py, priced by quotes.py), with the optional hooks
`table_lines` (the terminal's table), `summary_lines` (a turn's end in a few lines),
`turn_preview` (what ending the turn now would bring, preview.py) and the card lookup
`lookup_names`, `lookup_find`, `lookup_text` (lookup.py)."""

from .digest import digest_lines
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
from .labels import describe, group_key, menu_title
from .lookup import lookup_find, lookup_names, lookup_text
from .passing import pass_decision
from .preview import turn_preview
from .reveal import reveal_note
from .text import (
    event_text,
    hand_signature,
    hand_text,
    own_prompt_text,
    panel_lines,
    post_boundaries,
    post_head,
    prompt_text,
    result_lines,
    scores,
    status_head,
    status_lines,
    summary_lines,
    table_lines,
)

__all__ = ["INFO", "apply", "auto_answer", "describe", "digest_lines", "dump", "event_text",
           "group_key", "hand_signature", "hand_text", "load", "lookup_find", "lookup_names",
           "lookup_text", "menu_title", "new_game", "options",
           "own_prompt_text", "panel_lines", "pass_decision", "pending", "post_boundaries",
           "post_head", "prompt_text",
           "replay", "result", "result_lines", "reveal_note", "reveals", "scores", "sealed",
           "start_events", "status_head", "status_lines", "summary_lines", "table_lines",
           "turn_preview", "version", "view"]
