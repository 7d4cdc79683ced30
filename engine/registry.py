"""The one list of games. The bot, the command line (`agora play|simulate|render|replay`), the AI
runner and the renderer all find a game here and nowhere else.

A game `<id>` is, by convention, four parts:
    engine/<id>/       the rules module (meets engine.core.GameRules and GameText; has INFO)
    engine/<id>/ai/    `choose(state, seat, level, rng) -> Decision`
    render/<id>/       `board_png(view) -> bytes` and `hand_png(view) -> bytes`
    bot/games/<id>.py  the game's own slash-command verbs (bot.host.verbs)
and its data in data/<id>/. Adding a game is those folders and one line in `GAMES`.

Parts are named by module path and imported on first use, so this module imports no game
(and never the bot or the renderer: a layer asks only for its own parts)."""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from engine.core import GameInfo

GAMES: tuple[str, ...] = (
    "pantheon",
    "amunre",
    "tta",
)


@dataclass(frozen=True)
class Entry:
    """Where a game's parts live (module paths)."""

    id: str
    rules: str
    ai: str | None
    render: str | None
    commands: str | None


_entries: dict[str, Entry] = {
    g: Entry(g, f"engine.{g}", f"engine.{g}.ai", f"render.{g}", f"bot.games.{g}") for g in GAMES}


def register(game_id: str, *, rules: str, ai: str | None = None, render: str | None = None,
             commands: str | None = None) -> None:
    """Add a game whose parts live elsewhere (a game written for tests, a plug-in)."""
    _entries[game_id] = Entry(game_id, rules, ai, render, commands)


def unregister(game_id: str) -> None:
    if game_id in GAMES:
        raise ValueError(f"{game_id} is a built-in game")
    _entries.pop(game_id, None)


def ids() -> list[str]:
    return list(_entries)


def entry(game_id: str) -> Entry:
    try:
        return _entries[game_id]
    except KeyError:
        raise KeyError(f"no game {game_id!r}; known: {', '.join(_entries)}") from None


def part(game_id: str, which: str) -> ModuleType:
    """Import one part of a game: "rules", "ai", "render" or "commands"."""
    path = getattr(entry(game_id), which)
    if path is None:
        raise LookupError(f"{game_id} has no {which} part")
    return importlib.import_module(path)


def rules(game_id: str) -> Any:
    """The rules module (engine.core.GameRules + GameText)."""
    return part(game_id, "rules")


def info(game_id: str) -> GameInfo:
    return rules(game_id).INFO
