"""Decision labels and event log lines: every option of random games has a readable label, every
event renders to text without leftover placeholders, and private events stay private."""

from __future__ import annotations

import random

from engine.core import Event
from engine.pantheon import apply, new_game, options, pending
from engine.pantheon.game import start_events
from engine.pantheon.text import describe, event_text


def test_every_option_and_event_of_random_games_has_text() -> None:
    for players, seed in ((2, 3), (3, 4), (4, 5)):
        rng = random.Random(seed)
        s = new_game(players, seed, {"bonus_draft": seed % 2 == 0})
        names = [p.name for p in s.players]
        events = start_events(s)
        while pending(s):
            seat = pending(s)[0].seat
            opts = options(s, seat)
            for d in opts:
                label = describe(d)
                assert label and "{" not in label and not label.startswith("pantheon."), d
                assert len(label) <= 80
            s, ev = apply(s, seat, rng.choice(opts), in_place=True)
            events += ev
        lines = [event_text(e, names, None) for e in events]
        shown = [x for x in lines if x is not None]
        assert any("Game over" in x for x in shown)
        for line in shown:
            assert "{" not in line and not line.startswith("pantheon."), line


def test_private_events_reach_only_their_owner() -> None:
    secret = Event("drew_cards", {"seat": 1, "count": 2}, private_to=1)
    names = ["Ann", "Bob"]
    assert event_text(secret, names, 0) is None
    assert event_text(secret, names, None) is None
    assert event_text(secret, names, 1) == "Bob draws 2 cards."


def test_demigods_from_the_stack_show_no_values() -> None:
    """P-PLAE-5 / P-GAP-HIDDEN: face-down demigods are counted, never valued, in public."""
    ev = Event("took_demigods", {"seat": 0, "count": 2, "from": "stack"})
    assert event_text(ev, ["Ann"], None) == "Ann takes 2 demigods."
