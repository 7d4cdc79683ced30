"""Amun-Re (Reiner Knizia, 2003): rules engine. See shared/rules/amun-re.md.

The module meets engine.core.GameRules (the rules) and engine.core.GameText (the words)."""

from .digest import digest_lines
from .game import (
    INFO,
    apply,
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
    record_extras,
    result_lines,
    scores,
    status_head,
    status_lines,
    table_lines,
)
from .receipts import reveal_note, salt, verify_receipts
from .text import describe, event_text

__all__ = ["INFO", "apply", "auto_answer", "describe", "digest_lines", "dump", "event_text",
           "group_key", "hand_signature", "hand_text", "load", "menu_title", "new_game", "options",
           "panel_lines", "pass_decision", "pending", "post_boundaries", "post_head", "prompt_text",
           "record_extras", "replay", "result", "result_lines", "reveal_note", "reveals", "salt",
           "scores", "sealed", "start_events", "status_head", "status_lines", "table_lines",
           "verify_receipts", "version", "view"]
