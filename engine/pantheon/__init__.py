"""Pantheon (Michael Tummelhofer, 2011): rules engine. See shared/rules/pantheon.md.

The module meets engine.core.GameRules (the rules) and engine.core.GameText (the words)."""

from .digest import digest_lines
from .game import (
    INFO,
    apply,
    apply_all,
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
from .notation import parse as parse_notation
from .passing import pass_decision
from .present import (
    auto_answer,
    group_key,
    hand_signature,
    hand_text,
    menu_title,
    panel_lines,
    post_boundaries,
    post_head,
    prompt_text,
    result_lines,
    scores,
    status_head,
    status_lines,
    table_lines,
)
from .simulate import record_extras
from .text import describe, event_text

__all__ = ["INFO", "apply", "apply_all", "auto_answer", "describe", "digest_lines", "dump",
           "event_text", "group_key", "hand_signature", "hand_text", "load", "menu_title",
           "new_game", "options", "panel_lines", "pass_decision", "parse_notation", "pending",
           "post_boundaries", "post_head", "prompt_text", "record_extras", "replay", "result",
           "result_lines", "reveals", "scores", "sealed", "start_events", "status_head",
           "status_lines", "table_lines", "version", "view"]
