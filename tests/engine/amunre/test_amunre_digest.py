"""What a seat is told "since your last turn" (engine/amunre/digest.py), the last turn kept for
the close-up (State.last["turn"]) and the points by source of the stats card: from public
events only (A-INFO-1, A-INFO-5: no gold, no power card, no sealed sacrifice before the
reveal)."""

from __future__ import annotations

import random

import engine.amunre as A
from engine.amunre.ai import choose
from engine.amunre.digest import SOURCES, digest_lines, provinces_since, score_sources
from engine.core import Event

NAMES = ["Ann", "Bob", "Cy"]


def played_game(seed: int = 4):
    """A whole 3-seat game of AI seats: every (seat, decision kind, state, events) in order,
    the events of the start first."""
    s = A.new_game(NAMES, seed)
    rng = random.Random(seed)
    steps = []
    events = list(A.start_events(s))
    while A.result(s) is None:
        p = A.pending(s)[0]
        d = choose(s, p.seat, "normal", rng)
        s, evs = A.apply(s, p.seat, d)
        events += evs
        steps.append((p.seat, d.kind, s, len(events)))
    return steps, events


STEPS, EVENTS = played_game()


def turn_starts():
    """Every moment a seat is asked for a bid or its buying turn (INFO.turn_prompts), with
    the events logged up to then."""
    for _seat, _kind, s, upto in STEPS:
        for p in A.pending(s):
            if p.kind in A.INFO.turn_prompts:
                yield p.seat, s, EVENTS[:upto]


def test_a_bid_is_told_as_the_log_tells_it():
    # A-AUC: each other seat's bid since mine, in the spectator's words, AI seats included
    seat, _s, events = next((q, s, evs) for q, s, evs in turn_starts()
                            if sum(e.template == "bid" for e in evs) >= 4)
    lines = digest_lines(events, NAMES, seat)
    bids = [e for e in events if e.template == "bid"]
    others = bids[-2:]  # the two bids since this seat's own, in a 3-seat lap
    assert all(e.args["seat"] != seat for e in others)
    for e in others:
        assert A.event_text(e, NAMES, None).rstrip(".") in lines


def test_a_buying_turn_is_one_line_of_its_parts():
    # A-BUY: a buying turn in one line: what was bought and where it went
    for seat, _s, events in turn_starts():
        lines = digest_lines(events, NAMES, seat)
        turns = [x for x in lines if x.startswith(tuple(f"{n}: " for n in NAMES))]
        if any("farmer" in x and "→" in x for x in turns):
            line = next(x for x in turns if "farmer" in x and "→" in x)
            assert line.split(": ")[0] != NAMES[seat]  # another seat's turn, not mine
            assert "bought 1 farmer" not in line  # said once, where they were placed
            return
    raise AssertionError("no buying turn with farmers was told")


def test_the_sacrifice_step_is_told_only_once_revealed():
    # A-SAC-3/5: the simultaneous sacrifice: its reveal and the temple are told; before the
    # reveal nothing of it
    told = 0
    for seat, _s, events in turn_starts():
        lines = "\n".join(digest_lines(events, NAMES, seat))
        opened = [e for e in events if e.template == "sacrifices"]
        if "Sacrifices revealed:" in lines:
            assert opened  # only after the reveal event
            assert "temple moves to space" in lines
            told += 1
    assert told >= 5


def test_nothing_private_or_sealed_reaches_the_lines():
    # A-INFO-1, A-SAC-3: the lines are the same without any private event (one's own sealed
    # sacrifice, a card drawn, a secret step), and no private log line appears in them
    checked = 0
    for seat, _s, events in turn_starts():
        public = [e for e in events if e.private_to is None]
        lines = digest_lines(events, NAMES, seat)
        assert lines == digest_lines(public, NAMES, seat)
        text = "\n".join(lines)
        for e in events:
            if e.private_to is not None:
                private = A.event_text(e, NAMES, e.private_to)
                assert private is None or private.rstrip(".") not in text
        assert "receipt" not in text and "nonce" not in text
        checked += 1
    assert checked > 30


def test_my_buying_turn_under_way_has_no_digest():
    # the buying turn is asked again after each purchase: the digest opens it only once
    for seat, s, events in turn_starts():
        mine = [e for e in events[-3:] if e.template == "bought" and e.args["seat"] == seat]
        if mine and A.pending(s)[0].kind == "buy":
            assert digest_lines(events, NAMES, seat) == []
            return
    raise AssertionError("no buying turn was asked again")


def test_the_last_turn_is_kept_for_the_close_up():
    # a bid replaces it; a buying turn's steps add up until its end; only public events
    for seat, kind, s, _upto in STEPS:
        turn = s.last.get("turn")
        if kind == "bid":
            assert turn["kind"] == "bid" and turn["seat"] == seat
            assert [e["template"] for e in turn["events"]][0] == "bid"
        if turn is not None:
            assert all("private_to" not in e for e in turn["events"])
            assert not any(e["template"].startswith("my_") for e in turn["events"])
    buys = [s.last["turn"] for _q, kind, s, _ in STEPS if kind == "end_turn"]
    assert buys and all(t["kind"] == "buy" and t["done"] for t in buys)
    assert any(len(t["events"]) > 2 for t in buys)  # several steps of one turn


def test_provinces_since_name_what_changed():
    # the picture rings exactly provinces that the lines name
    found = 0
    for seat, _s, events in turn_starts():
        changed = provinces_since(events, seat)
        shown = "\n".join(digest_lines(events, NAMES, seat))
        assert all(A.text.province_name(x) in shown for x in changed)
        found += bool(changed)
    assert found > 10


def test_points_by_source_add_up_to_the_scores():
    # A-SCORE: every scoring's parts, the gold ranking's points among the last one's
    sources = score_sources([e.to_json() for e in EVENTS], 3)
    final = STEPS[-1][2]
    assert [sum(x[k] for k in SOURCES) for x in sources] == A.result(final)["scores"]


def test_json_events_give_the_same_lines():
    seat, _s, events = list(turn_starts())[-1]
    as_json = [e.to_json() for e in events]
    assert digest_lines(as_json, NAMES, seat) == digest_lines(events, NAMES, seat)
    assert isinstance(Event.from_json(as_json[0]), Event)
