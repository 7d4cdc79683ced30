"""The end-of-turn preview (engine.tta.preview, the GameText hook `turn_preview`) and the
view's `last` summary (engine.tta.last) that the pictures ring.

The preview's numbers are checked against what ending the turn then really does (the
production event of T-EOT-1 step 2), at every action phase of whole random games; its warnings
(famine G-FOOD-1, uprising T-HAPPY-5) at arranged positions."""

from __future__ import annotations

import random

import engine.tta as T
from data.i18n import t
from engine.core import Decision
from engine.simulate import random_step
from engine.tta.preview import end_of_turn
from engine.tta.stats import uprising
from tests.engine.tta.tta_helpers import actor, arrange, end_round_one, game, play, view_changes


def _end(s, seat):
    """End the seat's turn, discarding (the first card) while asked: the events of it."""
    s, events = T.apply(s, seat, Decision("end", {}))
    while any(p.seat == seat and p.kind == "discard" for p in T.pending(s)):
        card = T.options(s, seat)[0]
        s, more = T.apply(s, seat, card)
        events += more
    return s, events


def test_the_preview_is_what_the_end_of_the_turn_does() -> None:
    """At every action phase of two random 3-player games (famines included), the preview
    gives the production event's own numbers, or the uprising; the state looked at is left
    as it was (the preview works on a copy of the seat's player)."""
    checked = famines = 0
    for seed in (1, 3):
        s = T.new_game(3, seed)
        rng = random.Random(seed)
        while T.result(s) is None:
            seat = s.turn
            before = T.dump(s)
            predicted = end_of_turn(s, seat)
            assert T.dump(s) == before
            if predicted is not None:
                _, events = _end(s, seat)
                mine = [e for e in events if e.args.get("seat") == seat]
                done = next(e for e in mine if e.template in ("tta.production", "tta.uprising"))
                assert predicted["uprising"] == (done.template == "tta.uprising")
                if done.template == "tta.production":
                    for key, value in done.args.items():
                        if key != "seat":
                            assert predicted[key] == value, (seed, seat, key)
                checked += 1
                famines += bool(predicted["famine"])
            step = random_step(T, s, rng)
            assert step is not None
            s, _ = T.apply(s, *step, in_place=True)
    assert checked > 300 and famines > 10


def test_the_preview_lines_warn_of_famine_and_uprising() -> None:
    s = end_round_one(game(3, seed=2))
    p = actor(s)
    lines = T.turn_preview(s, p.seat)
    assert lines[0] == t("tta.preview.head")
    assert not any("⚠" in x for x in lines)
    # no food stored and nothing produced: the people starve
    arrange(p, workers={**p.workers, "agriculture_a": 0}, blue={}, yellow_bank=12)
    end = end_of_turn(s, p.seat)
    assert end is not None and end["famine"] > 0
    assert t("tta.preview.famine", n=end["famine"]) in T.turn_preview(s, p.seat)
    # more discontent workers than unused ones: no production at all
    arrange(p, techs=["theology_i"], workers={**p.workers, "religion_a": 1}, yellow_bank=10)
    p.pool = 1
    assert uprising(p)
    lines = T.turn_preview(s, p.seat)
    assert lines[1].startswith("⚠") and "T-HAPPY-5" in lines[1] and len(lines) == 2


def test_no_preview_outside_the_seats_action_phase() -> None:
    s = game(3)
    assert T.turn_preview(s, 1) == [] and T.turn_preview(s, 0)


def test_the_view_carries_the_last_turns_changes() -> None:
    """A turn with a take: the view's `last` names the emptied space and the taker's hand
    count, as tta_helpers.view_changes between the turn's start and end does; it survives dump/load;
    a finished turn's summary stays until the next turn ends."""
    s = game(3, seed=4)
    s = play(s, 0, "end")
    start = T.view(s, None)
    assert start["last"] is not None and start["last"]["slots"] == []
    s = play(s, 1, "take", slot=0)
    s, _ = _end(s, 1)
    v = T.view(s, None)
    assert v["last"]["slots"] == [0]
    assert "hand" in v["last"]["seats"][1]["parts"]
    derived = view_changes(start, v)
    assert v["last"]["slots"] == derived["slots"]
    assert set(v["last"]["seats"]) == set(derived["seats"])
    assert T.view(T.load(T.dump(s)), None)["last"] == v["last"]
    assert T.view(s.clone(), None)["last"] == v["last"]
    assert T.view(T.new_game(3, 4), None)["last"] is None
