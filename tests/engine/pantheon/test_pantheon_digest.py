"""'Since your last turn' (engine/pantheon/digest.py): each other seat's turn in one line, drawn
from public events only, and the points by source of a whole game."""

from __future__ import annotations

import random

from engine.core import Event
from engine.pantheon import apply, digest_lines, new_game, options, pending, start_events
from engine.pantheon.digest import (
    SOURCES,
    changes_since,
    score_sources,
    since_last_turn,
    turns_ended,
)

NAMES = ["Ann", "Bob", "Cy"]


def played(seed: int, n: int = 3, opts: dict | None = None, until=None):
    """A game of random decisions: (state, every event as JSON in order)."""
    s = new_game(NAMES[:n] if n <= 3 else n, seed, opts or {"stall_guard_rounds": 1})
    events = [e.to_json() for e in start_events(s)]
    rng = random.Random(seed)
    while s.result is None and not (until and until(s, events)):
        p = pending(s)[0]
        s, ev = apply(s, p.seat, rng.choice(options(s, p.seat)))
        events += [e.to_json() for e in ev]
    return s, events


def turn_started(seat: int):
    def check(s, events) -> bool:
        turns = [e for e in events if e["template"] == "turn"]
        return len(turns) > 4 and turns[-1]["args"]["seat"] == seat and \
            pending(s)[0].kind == "action" and pending(s)[0].seat == seat
    return check


def test_digest_names_each_other_seats_turn_since_the_last_own_turn():
    s, events = played(7, until=turn_started(0))
    lines = digest_lines(events, NAMES, 0)
    turns = [seg for seg in since_last_turn(events, 0) if seg.seat is not None]
    assert [seg.seat for seg in turns] and all(seg.seat != 0 for seg in turns)
    named = [line for line in lines if line.startswith(("Bob:", "Cy:"))]
    assert len(named) == len(turns)  # one line per other seat's turn
    assert not any(line.startswith("Ann:") for line in lines)  # not its own last turn
    # once the turn is under way (a Traitera's second action asks again), nothing is repeated
    s2, ev = apply(s, 0, options(s, 0)[0])
    assert digest_lines(events + [e.to_json() for e in ev], NAMES, 0) == []


def test_digest_holds_no_private_fact():
    _, events = played(7, until=turn_started(0))
    lines = digest_lines(events, NAMES, 0)
    secret = [Event("drew_cards", {"seat": 1, "count": 99}, private_to=1).to_json(),
              Event("took_demigods", {"seat": 2, "count": 1, "values": [77]}, private_to=2
                    ).to_json()]
    cut = max(i for i, e in enumerate(events) if e["template"] == "turn")
    assert digest_lines(events[:cut] + secret + events[cut:], NAMES, 0) == lines
    # what the spectator's log line hides (a discarded card) is never named either
    hidden = [Event("turn", {"seat": 1}), Event("discarded", {"seat": 1, "card": "priests"}),
              Event("took_demigods", {"seat": 1, "count": 2, "from": "stack"}),
              Event("turn", {"seat": 0})]
    text = " ".join(digest_lines(hidden, NAMES, 0))
    assert text == "Bob: discarded 1 card; +2 demigods"
    assert "riest" not in text and "worth" not in text


def test_digest_lines_of_a_turn_name_gains_losses_and_points():
    events = [Event("turn", {"seat": 0}), Event("action", {"seat": 0, "action": "move"}),
              Event("turn", {"seat": 1}), Event("action", {"seat": 1, "action": "god"}),
              Event("sacrificed", {"seat": 1, "cards": {"gifts": 2}}),
              Event("gained_god", {"seat": 1, "god": "vinthrad", "source": "acquire",
                                   "points": 2}),
              Event("turn", {"seat": 2}), Event("action", {"seat": 2, "action": "move"}),
              Event("placed", {"seat": 2, "piece": "foot", "field": "F12", "cost": 1}),
              Event("took_loot", {"seat": 2, "tile": "l_draw2", "field": "F12"}),
              Event("placed", {"seat": 0, "piece": "foot", "field": "G7", "cost": 1}),
              Event("phase_end_points", {"seat": 2, "points": 1}),
              Event("epoch_end", {"epoch": 1, "next_start_player": 0}),
              Event("scored", {"seat": 0, "demigods": 0, "columns": 0, "column_count": 0,
                               "pietalte": 0, "total": 0, "score": 0}),
              Event("turn", {"seat": 0})]
    lines = digest_lines(events, NAMES, 0)
    assert lines[0].startswith("Bob: God; sacrificed 2 ") and lines[0].endswith("+2 points")
    assert lines[1].startswith("Cy: Move; placed 1: F12; took ") and "+1 point (" in lines[1]
    assert "(Ann: placed 1: G7)" in lines[1]  # a follow-up move in Cy's turn
    assert lines[2].startswith("Epoch 1 ends") and lines[3] == "Scoring: Ann +0"
    ch = changes_since(events, 0)
    assert ch["since"] and ch["gods"] == [[1, "vinthrad"]]
    assert ch["placed"] == [[2, "foot", "F12"], [0, "foot", "G7"]]
    assert ch["loot"] == [[2, "F12", "l_draw2"]]


def test_points_by_source_add_up_to_the_final_scores():
    for seed, n, opts in ((3, 2, None), (5, 3, None), (9, 4, {})):
        s, events = played(seed, n, opts)
        sources = score_sources(events, n)
        assert [sum(src[k] for k in SOURCES) for src in sources] == s.result["scores"]


def test_every_turn_ends_once():
    s, events = played(5)
    ended, in_turn = turns_ended(events, False)
    assert ended == sum(e["template"] == "turn" for e in events) and not in_turn
