"""Sealed offers' AI: a random legal option (INFO.ai_levels = ("random",)), awaited or not."""

from __future__ import annotations

import random
from typing import Any

from engine.core import Decision

from . import rules


def choose(state: Any, seat: int, level: str, rng: random.Random) -> Decision:
    opts = rules.options(state, seat)
    if not opts:
        raise ValueError(f"seat {seat} has nothing to decide")
    return rng.choice(opts)
