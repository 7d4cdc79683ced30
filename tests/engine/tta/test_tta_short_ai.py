"""The AI in the shorter game (V-SHORT-13): it scores none of the tutorial's final items and
values the Age III events it knows will be scored — the three public ones and its own kept one
(before it keeps, the better of its two) — from its own view only."""

from __future__ import annotations

import random

import engine.tta as T
from engine.tta.ai.policy import Ctx
from engine.tta.ai.values import impact_award
from tests.engine.tta.tta_short_helpers import to_keep


def test_the_ai_values_the_public_events_and_its_own() -> None:
    s = to_keep(3, seed=4)
    seat = T.pending(s)[0].seat
    view = T.view(s, seat)
    c = Ctx(view, seat, T.options(s, seat), "normal", random.Random(1))
    assert not c.k.tutorial_items  # V-SHORT-13: no tutorial scoring
    own = view["short"]["own"]
    expected = sum(impact_award(c.base, seat, e) for e in view["short"]["public"])
    expected += max(impact_award(c.base, seat, e) for e in own["dealt"])
    assert c.short_events(c.base) == expected
    easy = Ctx(view, seat, T.options(s, seat), "easy", random.Random(1))
    assert easy.short_events(easy.base) == 0.0  # the easy level looks no further
