"""The agenda that drives a game: `State.queue` is a list of frames (plain dicts with a type `t`).
Automatic frames run at once; a choice frame waits for one decision from its seat. A choice with
exactly one legal decision is taken automatically (a forced move is not a decision)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from itertools import islice
from typing import Any

from engine.core import Decision, Event, IllegalDecision

from .state import State
from .text import describe

Frame = dict[str, Any]
AutoHandler = Callable[[State, Frame, list[Event]], None]
OptionsFn = Callable[[State, Frame], Iterable[Decision]]  # may be lazy: see `advance`
ApplyFn = Callable[[State, Frame, Decision, list[Event]], None]


@dataclass(frozen=True)
class Choice:
    options: OptionsFn
    apply: ApplyFn


AUTO: dict[str, AutoHandler] = {}
CHOICES: dict[str, Choice] = {}


def auto(name: str) -> Callable[[AutoHandler], AutoHandler]:
    def register(fn: AutoHandler) -> AutoHandler:
        AUTO[name] = fn
        return fn
    return register


def choice(name: str, options: OptionsFn) -> Callable[[ApplyFn], ApplyFn]:
    def register(fn: ApplyFn) -> ApplyFn:
        CHOICES[name] = Choice(options, fn)
        return fn
    return register


def push(s: State, *frames: Frame) -> None:
    """Put frames at the front of the agenda, in the order given."""
    s.queue[0:0] = list(frames)


def pop(s: State) -> Frame:
    return s.queue.pop(0)


def advance(s: State, events: list[Event]) -> None:
    """Run automatic frames (and forced choices) until a real decision is awaited."""
    guard = 0
    while s.queue:
        guard += 1
        if guard > 100_000:
            raise RuntimeError("agenda does not settle")
        frame = s.queue[0]
        kind = frame["t"]
        if kind in AUTO:
            pop(s)
            AUTO[kind](s, frame, events)
            continue
        # two options make it a real choice: lazy option generators stop there
        opts = list(islice(CHOICES[kind].options(s, frame), 2))
        if len(opts) > 1:
            return
        if not opts:
            pop(s)  # nothing can be chosen: the step lapses (e.g. no offering tile left to gain)
            continue
        # recorded so the notation can recognise a step the player wrote but the engine took
        events.append(Event("forced", {"seat": frame["seat"], "decision": opts[0].to_json()}))
        CHOICES[kind].apply(s, frame, opts[0], events)


def current(s: State) -> Frame | None:
    return s.queue[0] if s.queue else None


def options_for(s: State, seat: int) -> list[Decision]:
    frame = current(s)
    if frame is None or frame.get("seat") != seat:
        return []
    return list(CHOICES[frame["t"]].options(s, frame))


def apply_decision(s: State, seat: int, d: Decision, events: list[Event]) -> None:
    frame = current(s)
    if frame is None:
        raise IllegalDecision("The game is over.", "P-END-1")
    if frame.get("seat") != seat:
        raise IllegalDecision("It is not your turn to decide.", "P-TURN-1")
    handler = CHOICES[frame["t"]]
    handler.apply(s, frame, d, events)
    advance(s, events)


def reject(d: Decision, frame: Frame) -> IllegalDecision:
    waiting = WAITING.get(frame["t"], frame["t"])
    return IllegalDecision(f"“{describe(d)}” is not possible now: you may {waiting}.",
                           "P-TURN-2")


WAITING: dict[str, str] = {
    "action": "choose your action (move, buy, god or draw)",
    "move_cards": "choose how many movement cards to play",
    "move_place": "place a piece or stop",
    "buy": "play money, buy, place or finish the purchase",
    "god_choose": "choose a god from the display",
    "god_pay": "choose which offerings pay for the god",
    "draw_pick": "take a card from the display or the deck",
    "traitera": "use a Traitera for one more action, or end your turn",
    "loot_order": "choose which loot tile to resolve next",
    "offering_gain": "take a new level-1 offering tile or upgrade one",
    "supply_choice": "take 2 feet or 2 columns",
    "column_bonus": "place your bonus column on any column field",
    "draft": "pick a bonus tile",
    "gallia": "draw 2 cards or reveal the top god tile",
    "gallia_buy": "pay for the revealed god with its top number, or decline",
    "discard": "discard down to 7 cards",
    "aegyptus": "swap feet for columns, columns for feet, or keep your pieces",
    "cartago": "spend up to 2 money or finish",
}
