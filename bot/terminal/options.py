"""`--option KEY=VALUE` of `agora play|simulate|render`: a game's own options (GameInfo.options,
the OptionSpecs the Discord lobby offers too) typed from command-line text and checked with the
lobby's messages. Nothing here names a game."""

from __future__ import annotations

import re
from typing import Any

from engine.core import GameInfo, OptionSpec

# the words a yes/no option takes on the command line (a bare `--option KEY` is yes)
YES = ("true", "yes", "on", "1")
NO = ("false", "no", "off", "0")
WHOLE = re.compile(r"[+-]?\d{1,9}")  # bounded: int() of thousands of digits is slow


def option_allowed(spec: OptionSpec) -> str:
    """What an option takes, as `--help` shows it: "true|false", "1..50", "a|b|c"."""
    if spec.kind == "bool":
        return "true|false"
    if spec.kind == "int":
        low = "" if spec.minimum is None else spec.minimum
        high = "" if spec.maximum is None else spec.maximum
        return f"{low}..{high}"
    return "|".join(spec.choices)


def option_value(spec: OptionSpec, text: str | None) -> Any:
    """Command-line text as the typed value the Discord lobby would hand over (a bool, an int,
    a choice's name); a text that is none of these is passed on as it is, for the option's own
    check to refuse with the allowed values."""
    if spec.kind == "bool":
        word = "true" if text is None else text.lower()
        return True if word in YES else False if word in NO else text
    if spec.kind == "int" and text is not None and WHOLE.fullmatch(text):
        return int(text)
    return text


def game_options(info: GameInfo, pairs: list[str]) -> dict[str, Any]:
    """`--option KEY=VALUE` pairs as the engine options of a new game, checked by the game's
    OptionSpecs with the lobby's messages (IllegalDecision: an unknown key with the known ones,
    a value with what the option takes). As from the lobby, an option turned off (False) is
    not passed: the engine's default; a choice left out takes its default, written in
    (GameInfo.with_defaults). A key given twice keeps its last value."""
    typed: dict[str, Any] = {}
    for pair in pairs:
        key, sep, text = pair.partition("=")
        key = key.strip()
        spec = info.option(key)
        value = text.strip() if sep else None
        typed[key] = option_value(spec, value) if spec is not None else value
    checked = info.check_options(info.with_defaults(typed))
    return {k: v for k, v in checked.items() if v is not None and v is not False}


def options_text(options: dict[str, Any]) -> str:
    """Engine options as the command line writes them: "bonus_draft=true, start_player=1"."""
    return ", ".join(f"{k}={str(v).lower() if isinstance(v, bool) else v}"
                     for k, v in sorted(options.items()))
