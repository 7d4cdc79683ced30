"""engine.agenda on a toy game that is not Pantheon: automatic frames, forced and lapsing
one-seat choices, simultaneous (secret) choices, refusals, and the turn-order helpers."""

from __future__ import annotations

import copy
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest

from engine.agenda import Agenda, Frame, in_turn_order, others_in_turn_order
from engine.core import Decision, Event, IllegalDecision


@dataclass
class Toy:
    queue: list[dict[str, Any]] = field(default_factory=list)
    log: list[str] = field(default_factory=list)
    secrets: dict[int, str] = field(default_factory=dict)  # sealed choices, revealed together
    bids: dict[int, int] = field(default_factory=dict)
    pulled: int = 0  # how many options the lazy generator has produced


TOY: Agenda[Toy] = Agenda(game_over="The toy game is over.", game_over_rule="T-END",
                          not_your_turn="Wait for your turn.", not_your_turn_rule="T-TURN")


@TOY.auto("note")
def _note(s: Toy, frame: Frame, events: list[Event]) -> None:
    s.log.append(frame["text"])
    TOY.push(s, *({"t": "note", "text": t} for t in frame.get("then", [])))


@TOY.auto("forever")
def _forever(s: Toy, frame: Frame, events: list[Event]) -> None:
    TOY.push(s, frame)


def _pick_options(s: Toy, frame: Frame) -> Iterator[Decision]:
    for x in frame["offer"]:
        s.pulled += 1
        yield Decision("pick", {"x": x})


@TOY.choice("pick", _pick_options)
def _pick(s: Toy, frame: Frame, d: Decision, events: list[Event]) -> None:
    if d.args.get("x") not in frame["offer"]:
        raise IllegalDecision("Not on offer.", "T-PICK")
    TOY.pop(s)
    s.log.append(f"{frame['seat']} picked {d.args['x']}")


def _sure_several(s: Toy, frame: Frame) -> bool:
    """The hook a choice may give: True only when surely two or more options (here, when the
    offer says so without looking at it); False is "not sure"."""
    return frame.get("many", False)


@TOY.choice("pick_hinted", _pick_options, _sure_several)
def _pick_hinted(s: Toy, frame: Frame, d: Decision, events: list[Event]) -> None:
    _pick(s, frame, d, events)


def _secret_options(s: Toy, frame: Frame) -> list[Decision]:
    return [Decision("secret", {"x": x}) for x in frame["menu"][str(frame["seat"])]]


@TOY.choice("secret", _secret_options)
def _secret(s: Toy, frame: Frame, d: Decision, events: list[Event]) -> None:
    seat = frame["seat"]  # set by the agenda for the seat being served
    if d.args.get("x") not in frame["menu"][str(seat)]:
        raise IllegalDecision("Not on your menu.", "T-SECRET")
    s.secrets[seat] = d.args["x"]
    events.append(Event("sealed", {"seat": seat}))  # public: only that the seat has chosen
    events.append(Event("your_secret", {"x": d.args["x"]}, private_to=seat))
    frame["seats"].remove(seat)


def _bid_options(s: Toy, frame: Frame) -> list[Decision]:
    adds = [Decision("add")] if s.bids.get(frame["seat"], 0) < 2 else []
    return adds + [Decision("done")]


@TOY.choice("bid", _bid_options)
def _bid(s: Toy, frame: Frame, d: Decision, events: list[Event]) -> None:
    seat = frame["seat"]
    if d.kind == "add":
        s.bids[seat] = s.bids.get(seat, 0) + 1  # the seat stays awaited: more may follow
    else:
        frame["seats"].remove(seat)


@TOY.auto("reveal")
def _reveal(s: Toy, frame: Frame, events: list[Event]) -> None:
    events.append(Event("revealed", {"secrets": dict(sorted(s.secrets.items()))}))


def started(*frames: Frame) -> tuple[Toy, list[Event]]:
    s = Toy()
    TOY.push(s, *frames)
    events: list[Event] = []
    TOY.advance(s, events)
    return s, events


# --- automatic frames and one-seat choices --------------------------------------------------------

def test_auto_frames_run_in_order_and_their_pushes_run_before_what_was_queued_behind():
    s, events = started({"t": "note", "text": "a", "then": ["a1", "a2"]},
                        {"t": "note", "text": "b"})
    assert s.log == ["a", "a1", "a2", "b"]
    assert s.queue == [] and events == []
    assert TOY.current(s) is None and TOY.awaited(s) == []


def test_a_real_choice_waits_for_its_seat_only():
    s, events = started({"t": "pick", "seat": 1, "offer": [3, 4]}, {"t": "note", "text": "after"})
    assert TOY.awaited(s) == [1]
    assert TOY.options_for(s, 1) == [Decision("pick", {"x": 3}), Decision("pick", {"x": 4})]
    assert TOY.options_for(s, 0) == []
    assert events == [] and s.log == []
    TOY.apply_decision(s, 1, Decision("pick", {"x": 4}), events)
    assert s.log == ["1 picked 4", "after"]  # the agenda advanced after the decision
    assert s.queue == []


def test_advance_asks_a_lazy_generator_for_two_options_only():
    s, _ = started({"t": "pick", "seat": 0, "offer": list(range(50))})
    assert s.pulled == 2
    assert TOY.awaited(s) == [0]


def test_a_sure_several_hook_spares_the_listing_and_a_doubtful_one_lists_as_usual():
    s, events = started({"t": "pick_hinted", "seat": 0, "offer": [1, 2, 3], "many": True})
    assert s.pulled == 0 and TOY.awaited(s) == [0] and events == []
    assert len(TOY.options_for(s, 0)) == 3  # the options themselves are listed as ever
    s, events = started({"t": "pick_hinted", "seat": 0, "offer": [1, 2, 3]})
    assert s.pulled == 2 and TOY.awaited(s) == [0]
    s, events = started({"t": "pick_hinted", "seat": 1, "offer": [5]})  # not sure: still forced
    assert s.log == ["1 picked 5"] and events[0].template == "forced"


def test_a_single_option_is_taken_and_recorded_as_a_forced_event():
    s, events = started({"t": "pick", "seat": 2, "offer": [7]},
                        {"t": "pick", "seat": 0, "offer": [1, 2]})
    forced = {"seat": 2, "decision": {"kind": "pick", "args": {"x": 7}}}
    assert events == [Event("forced", forced)]
    assert events[0].private_to is None  # public: the notation and the log both read it
    assert s.log == ["2 picked 7"]
    assert TOY.awaited(s) == [0]


def test_a_choice_without_options_lapses_silently():
    s, events = started({"t": "pick", "seat": 1, "offer": []}, {"t": "note", "text": "next"})
    assert events == []
    assert s.log == ["next"]
    assert s.queue == []


def test_an_agenda_that_never_settles_is_an_error():
    s = Toy()
    TOY.push(s, {"t": "forever"})
    with pytest.raises(RuntimeError, match="agenda does not settle"):
        TOY.advance(s, [])


# --- simultaneous frames --------------------------------------------------------------------------

MENUS = {"0": ["ankh", "boat"], "1": ["corn", "date"], "2": ["eye", "fig"]}


@pytest.mark.parametrize("order", [(0, 1, 2), (2, 0, 1), (1, 2, 0)])
def test_three_seats_choose_at_once_in_any_order(order):
    s, events = started({"t": "secret", "seats": [0, 1, 2], "menu": MENUS}, {"t": "reveal"})
    assert events == []
    waiting = [0, 1, 2]
    for i, seat in enumerate(order):
        assert TOY.awaited(s) == waiting
        for other in waiting:  # everyone still awaited has their own options now
            assert TOY.options_for(s, other) == [Decision("secret", {"x": x})
                                                 for x in MENUS[str(other)]]
        events = []
        TOY.apply_decision(s, seat, Decision("secret", {"x": MENUS[str(seat)][1]}), events)
        waiting.remove(seat)
        assert TOY.options_for(s, seat) == []  # decided: nothing more to choose
        assert [e.template for e in events] == (
            ["sealed", "your_secret"] if i < 2 else ["sealed", "your_secret", "revealed"])
        if waiting:
            assert TOY.awaited(s) == waiting
            assert s.queue[0]["t"] == "secret"  # not popped before the last seat
            assert "seat" not in s.queue[0]  # the served seat does not linger in the state
            with pytest.raises(IllegalDecision) as exc:
                TOY.apply_decision(s, seat, Decision("secret", {"x": MENUS[str(seat)][0]}), [])
            assert (exc.value.message, exc.value.rule) == ("Wait for your turn.", "T-TURN")
    # popped after the last seat, and the reveal queued behind it ran
    assert s.queue == [] and TOY.awaited(s) == []
    assert events[-1] == Event("revealed", {"secrets": {0: "boat", 1: "date", 2: "fig"}})


def test_a_simultaneous_choice_is_never_forced():
    one_each = {"0": ["ankh"], "1": ["corn"], "2": ["eye"]}
    s, events = started({"t": "secret", "seats": [0, 1, 2], "menu": one_each}, {"t": "reveal"})
    assert events == []  # a "forced" event would reveal the secret
    assert TOY.awaited(s) == [0, 1, 2]
    assert TOY.options_for(s, 1) == [Decision("secret", {"x": "corn"})]
    events = []
    TOY.apply_decision(s, 1, Decision("secret", {"x": "corn"}), events)
    assert all(e.template != "forced" for e in events)
    assert TOY.awaited(s) == [0, 2]  # the other two still decide for themselves
    TOY.awaited(s).clear()  # a caller's copy: who is awaited does not change
    assert TOY.awaited(s) == [0, 2]


def test_a_simultaneous_frame_without_seats_is_popped():
    s, events = started({"t": "secret", "seats": [], "menu": MENUS}, {"t": "note", "text": "x"})
    assert s.log == ["x"] and s.queue == [] and events == []


def test_a_seat_stays_awaited_until_its_apply_function_lets_it_go():
    s, _ = started({"t": "bid", "seats": [0, 1]})
    TOY.apply_decision(s, 0, Decision("add"), [])
    TOY.apply_decision(s, 0, Decision("add"), [])
    assert TOY.awaited(s) == [0, 1]
    assert TOY.options_for(s, 0) == [Decision("done")]  # at the cap, but still not forced
    TOY.apply_decision(s, 1, Decision("done"), [])
    assert TOY.awaited(s) == [0]
    TOY.apply_decision(s, 0, Decision("done"), [])
    assert s.queue == [] and s.bids == {0: 2}


def test_a_refused_simultaneous_decision_leaves_the_frame_as_it_was():
    s, _ = started({"t": "secret", "seats": [0, 1, 2], "menu": MENUS})
    before = copy.deepcopy(s)
    with pytest.raises(IllegalDecision, match="Not on your menu"):
        TOY.apply_decision(s, 0, Decision("secret", {"x": "corn"}), [])
    assert s == before  # in particular no "seat" key left behind on the frame


# --- refusals -------------------------------------------------------------------------------------

def apply_on_copy(s: Toy, seat: int, d: Decision) -> Toy:
    """How a game keeps a refused decision from changing anything: it works on a copy."""
    work = copy.deepcopy(s)
    TOY.apply_decision(work, seat, d, [])
    return work


def test_a_seat_that_is_not_awaited_is_refused_and_nothing_changes():
    s, _ = started({"t": "pick", "seat": 1, "offer": [3, 4]})
    before = copy.deepcopy(s)
    work = copy.deepcopy(s)
    with pytest.raises(IllegalDecision) as exc:
        TOY.apply_decision(work, 0, Decision("pick", {"x": 3}), [])
    assert (exc.value.message, exc.value.rule) == ("Wait for your turn.", "T-TURN")
    assert work == before  # refused before the choice was touched
    with pytest.raises(IllegalDecision):
        apply_on_copy(s, 2, Decision("pick", {"x": 3}))
    assert s == before


def test_a_decision_after_the_end_is_refused_with_the_game_over_message():
    s, _ = started({"t": "note", "text": "last"})
    before = copy.deepcopy(s)
    with pytest.raises(IllegalDecision) as exc:
        apply_on_copy(s, 0, Decision("pick", {"x": 3}))
    assert (exc.value.message, exc.value.rule) == ("The toy game is over.", "T-END")
    assert str(exc.value) == "The toy game is over. (T-END)"
    assert s == before
    assert TOY.options_for(s, 0) == []


def test_pantheon_keeps_its_own_messages():
    from engine.pantheon import apply, flow, new_game, pending

    s = new_game(3, 5)
    seat = pending(s)[0].seat
    with pytest.raises(IllegalDecision) as exc:
        apply(s, (seat + 1) % 3, Decision("action", {"action": "draw"}))
    assert (exc.value.message, exc.value.rule) == ("It is not your turn to decide.", "P-TURN-1")
    s.queue = []
    with pytest.raises(IllegalDecision) as exc:
        apply(s, seat, Decision("action", {"action": "draw"}))
    assert (exc.value.message, exc.value.rule) == ("The game is over.", "P-END-1")
    assert flow.AUTO is flow.AGENDA.auto_handlers and "turn" in flow.AUTO
    assert flow.CHOICES is flow.AGENDA.choices and "action" in flow.CHOICES


# --- turn order -----------------------------------------------------------------------------------

def test_in_turn_order_is_every_seat_clockwise_from_the_first():
    assert in_turn_order(0, 4) == [0, 1, 2, 3]
    assert in_turn_order(2, 4) == [2, 3, 0, 1]
    assert in_turn_order(0, 1) == [0]


def test_others_in_turn_order_follow_the_seat_and_leave_it_out():
    assert others_in_turn_order(2, 4) == [3, 0, 1]
    assert others_in_turn_order(0, 3) == [1, 2]
    assert others_in_turn_order(0, 1) == []


@pytest.mark.parametrize(("first", "n"), [(4, 4), (-1, 4), (0, 0)])
def test_turn_order_refuses_a_seat_outside_the_table(first, n):
    with pytest.raises(ValueError):
        in_turn_order(first, n)
