"""The board as a seat finds it when its turn comes: every province changed since its last turn
(won at auction, farmers, stones or pyramids added, a card played on it) ringed, in one picture
("Since your last turn: …")."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from typing import Any

from engine.amunre.digest import provinces_since
from engine.amunre.view import View
from engine.core import Event

from .board import board_png


def digest_png(view: View, events: Iterable[Event | dict[str, Any]], seat: int,
               locale: str | None = None) -> bytes | None:
    """Render hook: the public board with every province changed since `seat`'s last turn
    ringed; None when no province changed since then."""
    ring = provinces_since(events, seat)
    if not ring:
        return None
    return board_png(dataclasses.replace(view, last={**view.last, "ring": ring}), locale)
