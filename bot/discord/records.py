"""A game's record as the bot hands it out (`/<game> export`, `/history id:`): the file and
the words it goes out with; the record itself is bot.host.records'."""

from __future__ import annotations

import io
from typing import Any

import discord

from data.i18n import t
from engine.record import dumps_record, replayable

from ..host import messages
from ..host.turns import Table


def export_note(table: Table, record: dict[str, Any]) -> str:
    """What the export's reply says of its record: public, whole, or whole but of other rules
    (then why `agora replay` cannot replay it)."""
    if "decisions" not in record:
        return t("bot.export.public", title=messages.title(table))
    why = replayable(record)
    if why is not None:
        return t("bot.export.other_rules", title=messages.title(table), why=why)
    return t("bot.export.full", title=messages.title(table))


def record_file(table: Table, record: dict[str, Any]) -> discord.File:
    name = f"agora-{table.game.game}-{table.game.id}.json"
    return discord.File(io.BytesIO(dumps_record(record).encode()), filename=name)
