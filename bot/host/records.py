"""A game's record as Agora hands it out (`/<game> export`, `/history id:`, the web
companion's record.json): the public record while it is played, the whole record once it is
over, naming the Agora and rules versions it was played under (engine/record.py)."""

from __future__ import annotations

from typing import Any

from engine.record import FIRST_RULES, full_record, public_record, stored_record

from ..store import GameStore
from . import messages
from .lobby import engine_options
from .turns import Table


def other_rules(table: Table) -> bool:
    """The game was begun under other rules than this Agora's version of its game plays."""
    return (table.game.rules_version or FIRST_RULES) != table.kind.info.rules_version


async def game_record(store: GameStore, table: Table) -> dict[str, Any]:
    """The game's record, naming the Agora and rules versions it was played under: the public
    log while it is played (or when it was abandoned), the whole record (seed and every
    decision) once it is over (engine.record). A finished game of other rules than this
    Agora's is not replayed to make it (these rules could not): its record is what was stored
    as it was played, its result the one kept when it ended."""
    game = table.game
    k = table.kind
    options = engine_options(k.info, game.options)
    played = (game.agora_version, game.rules_version)
    entries = await store.log(game.id)
    if game.status == "over" and other_rules(table):
        kept = next((f for f in await store.finished(game.guild_id, k.id)
                     if f.game.id == game.id), None)
        if kept is not None:
            return stored_record(k.id, table.names, options, game.seed,
                                 [(e.seat, e.decision) for e in entries],
                                 [e.events for e in entries], kept.result, played,
                                 title=messages.title(table))
    if game.status != "over" or table.state is None or other_rules(table):
        opening = (k.rules.start_events(table.state)
                   if table.state is not None and not other_rules(table) else [])
        return public_record(k.id, table.names, options, game.status, messages.title(table),
                             [opening, *[e.events for e in entries]], played)
    decisions = [(e.seat, e.decision) for e in entries]
    return full_record(k.id, table.names, options, game.seed, decisions,
                       title=messages.title(table), agora=game.agora_version)
