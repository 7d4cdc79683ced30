"""What a seat is told "since your last turn" (engine/tta/digest.py) and the last turn's summary
the close-up draws (engine/tta/last.py): public facts only. A card in a hand is named only where
it was taken from the open card row or played in the open; military cards drawn and events
prepared stay unnamed (T-INFO, T-POL)."""

from __future__ import annotations

import random

import engine.tta as T
from engine.tta.ai import choose
from engine.tta.digest import digest_lines, seats_since

NAMES = ["Ann", "Bob", "Cy"]


def played_game(seed: int = 3):
    """A whole 3-seat game of AI seats: (seat, kind, state, events so far) after each
    decision, and every event."""
    s = T.new_game(NAMES, seed)
    rng = random.Random(seed)
    events = list(T.start_events(s))
    steps = []
    while T.result(s) is None:
        p = T.pending(s)[0]
        d = choose(s, p.seat, "normal", rng)
        s, evs = T.apply(s, p.seat, d)
        events += evs
        steps.append((p.seat, d.kind, s, len(events)))
    return steps, events


STEPS, EVENTS = played_game()


def turn_starts():
    """Every moment a seat is asked for an action (INFO.turn_prompts) with the events so far."""
    for _seat, _kind, s, upto in STEPS:
        for p in T.pending(s):
            if p.kind in T.INFO.turn_prompts:
                yield p.seat, s, EVENTS[:upto]


def test_each_other_turn_is_one_line_with_what_it_did():
    # T-TURN: each turn since mine in one line (AI seats' turns too): the cards taken and
    # built, the culture and science its end scored
    told = 0
    for seat, _s, events in turn_starts():
        lines = digest_lines(events, NAMES, seat)
        turns = [x for x in lines if x.startswith(tuple(f"{n}: " for n in NAMES))]
        if not turns:
            continue
        assert all(not x.startswith(f"{NAMES[seat]}: ") for x in turns)  # never my own turn
        assert all("culture" in x for x in turns)  # the turn's end scored
        told += any("took " in x for x in turns)
    assert told > 10


def test_an_event_and_its_losses_are_told_in_the_logs_words():
    # T-POL: an event revealed by a turn's politics and what it did to the others
    for seat, _s, events in turn_starts():
        lines = digest_lines(events, NAMES, seat)
        if any(x.startswith("Event: ") for x in lines):
            event = next(x for x in lines if x.startswith("Event: "))
            assert "(revealed by " in event
            return
    raise AssertionError("no event was told")


def test_nothing_private_reaches_the_lines():
    # the lines are the same without any private event, and no military card still held or
    # event card prepared (both private) is named unless a public event named it
    checked = 0
    for seat, s, events in turn_starts():
        public = [e for e in events if e.private_to is None]
        lines = digest_lines(events, NAMES, seat)
        assert lines == digest_lines(public, NAMES, seat)
        text = "\n".join(lines)
        said = "\n".join(T.event_text(e, NAMES, None) or "" for e in public)
        for p in s.players:
            for card in p.military:
                name = T.text.card_name(card)
                assert name in said or name not in text, card
        checked += 1
    assert checked > 30


def test_my_turn_under_way_has_no_digest():
    for seat, _s, events in turn_starts():
        own = [e for e in events if e.template == "tta.turn"][-1]
        if own.args["seat"] == seat and events[-1].template in ("tta.take", "tta.build"):
            assert digest_lines(events, NAMES, seat) == []
            return
    raise AssertionError("no turn was asked again after an action")


def test_the_last_turn_summary_names_its_seat_and_numbers():
    # engine.tta.last: whose turn it was, the cards it took from the row, its numbers before
    # and after; the view carries them (public facts). A turn closes right after its
    # production (T-TURN-4).
    ends = []
    before = 0
    for _seat, _kind, s, upto in STEPS:
        produced = [e for e in EVENTS[before:upto] if e.template == "tta.production"]
        before = upto
        if not produced:
            continue
        last = T.view(s, None)["last"]
        assert last["seat"] == produced[-1].args["seat"]
        for was, now in last["values"].values():
            assert was != now
        assert all(isinstance(c, str) for c in last["taken"])
        ends.append(last)
    assert len(ends) > 20
    assert any(x["taken"] for x in ends) and any("culture" in x["values"] for x in ends)


def test_seats_since_name_the_cards_put_on_a_board():
    found = 0
    for seat, _s, events in turn_starts():
        cards = seats_since(events, seat)
        assert seat not in cards or not cards[seat] or len(cards) > 1
        text = "\n".join(digest_lines(events, NAMES, seat))
        for mine in cards.values():
            for card in mine:
                assert T.text.card_name(card) in text
            found += bool(mine)
    assert found > 10
