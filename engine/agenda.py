"""The agenda: a game-neutral turn-order machine that a game drives with small frames.

A game state keeps `queue: list[dict]`, its agenda. Each item is a *frame*, a plain dict with a
type under "t" (plain data, so the agenda serialises with the state and a replay rebuilds it).
The front frame runs next. A frame type is either

- automatic (`Agenda.auto`): its handler runs as soon as the frame reaches the front, or
- a choice (`Agenda.choice`): the agenda stops and waits for a decision. A choice frame waits
  for one seat ("seat": int), or for several seats at once ("seats": [int, ...], a
  *simultaneous* frame, e.g. Amun-Re's secret sacrifice, where every seat chooses without
  seeing the others' choices).

Handlers push follow-up frames to the front, so a step's consequences run before the step that
was queued behind it; the queue is the whole "what happens next" and nothing is hidden in the
call stack.

One `Agenda` per game holds that game's frame types and its refusal messages; the turn-order
helpers at the bottom are plain functions because they need no game.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from itertools import islice
from typing import Any, Generic, Protocol, TypeVar

from data.i18n import t
from engine.core import Decision, Event, IllegalDecision, Prompt

Frame = dict[str, Any]


class HasQueue(Protocol):
    """Any game state the agenda can drive: it only needs the queue of frames."""

    queue: list[Frame]


S = TypeVar("S", bound=HasQueue)

AutoHandler = Callable[[S, Frame, list[Event]], None]
# Options may be a lazy iterable: `advance` only needs to know whether there are 0, 1 or more,
# so a generator lets it stop after two instead of building every option (placement searches
# are the expensive part of Pantheon's options).
OptionsFn = Callable[[S, Frame], Iterable[Decision]]
ApplyFn = Callable[[S, Frame, Decision, list[Event]], None]

SETTLE_LIMIT = 100_000  # automatic steps without a decision before we call it an endless loop


# Optional, per choice: True only when the frame surely has two or more legal decisions. The
# agenda asks it before listing options to tell a real choice from a forced step; a choice whose
# options come in an order that puts an expensive test first (Pantheon's action: move before
# draw) can answer from cheap facts ("draw is always legal, and so is buying"). False means
# "not sure": the agenda then lists the options as usual.
SeveralFn = Callable[[S, Frame], bool]


@dataclass(frozen=True)
class Choice(Generic[S]):
    """A choice frame type: its legal decisions, and how one of them changes the state."""

    options: OptionsFn[S]
    apply: ApplyFn[S]
    several: SeveralFn[S] | None = None


# --- queue operations (no game data needed, so plain functions the Agenda also offers) ------------

def push(s: HasQueue, *frames: Frame) -> None:
    """Put frames at the front of the agenda, in the order given (the first runs next)."""
    s.queue[0:0] = frames


def pop(s: HasQueue) -> Frame:
    """Take the front frame off the agenda."""
    return s.queue.pop(0)


def current(s: HasQueue) -> Frame | None:
    """The front frame (the one awaited after `advance`), or None when the agenda is empty."""
    return s.queue[0] if s.queue else None


class Agenda(Generic[S]):
    """The frame types of one game and the messages it refuses decisions with.

    Choice frames and the seat their functions serve:

    - A one-seat frame {"t": kind, "seat": n}: the choice's options and apply functions read the
      deciding seat from frame["seat"]. The apply function takes the frame off the agenda
      (`pop`) when the step is done; it may leave it there to ask the same seat again (a step
      made of several decisions, such as placing pieces one by one until "stop").
    - A simultaneous frame {"t": kind, "seats": [n, ...]}: every listed seat may decide now, in
      any order. While the agenda calls the choice's options or apply function for one of these
      seats it sets frame["seat"] to that seat (and removes it again afterwards), so the same
      pair of functions serves one-seat and simultaneous frames alike. The apply function must
      record the seat's decision in the state (secretly: the agenda publishes nothing) and
      remove the seat from frame["seats"]; a seat it leaves there stays awaited, which is how a
      secret choice of several decisions is made. The apply function must NOT pop the frame:
      the agenda pops a simultaneous frame once its "seats" list is empty and it is at the
      front, so that whatever is queued behind it (typically the reveal) runs after the last
      seat has chosen.

    A one-seat choice with exactly one legal decision is taken by the agenda (a forced move is
    not a decision) and recorded as a public Event("forced", {"seat", "decision"}); with no
    legal decision the step lapses. Simultaneous frames get neither shortcut: a forced event
    would tell everyone what a secret choice was, and the agenda does not look at their options
    while advancing, so a game lists only seats that have something to choose.
    """

    # the queue operations need no game data; offered here too so a game can use one object
    push = staticmethod(push)
    pop = staticmethod(pop)
    current = staticmethod(current)

    def __init__(self, *, game_over: str, not_your_turn: str, game_over_rule: str | None = None,
                 not_your_turn_rule: str | None = None) -> None:
        """`game_over` refuses a decision when the agenda is empty; `not_your_turn` a decision
        from a seat the front frame does not wait for. Both are catalogue keys (data/i18n),
        worded by each game and translated when a refusal is made, in the refused player's
        language; each names its own rule."""
        self.auto_handlers: dict[str, AutoHandler[S]] = {}
        self.choices: dict[str, Choice[S]] = {}
        self.game_over = game_over
        self.game_over_rule = game_over_rule
        self.not_your_turn = not_your_turn
        self.not_your_turn_rule = not_your_turn_rule

    # --- registering frame types ------------------------------------------------------------------

    def auto(self, name: str) -> Callable[[AutoHandler[S]], AutoHandler[S]]:
        """Decorator: `fn(state, frame, events)` runs frames of type `name`. The agenda pops the
        frame before calling it, so the handler only pushes what follows."""
        def register(fn: AutoHandler[S]) -> AutoHandler[S]:
            self.auto_handlers[name] = fn
            return fn
        return register

    def choice(self, name: str, options: OptionsFn[S], several: SeveralFn[S] | None = None
               ) -> Callable[[ApplyFn[S]], ApplyFn[S]]:
        """Decorator: `fn(state, frame, decision, events)` applies a decision to a frame of type
        `name`; `options(state, frame)` lists the legal decisions (lazily if it likes). The apply
        function validates the decision itself and raises IllegalDecision if it is not legal.
        `several(state, frame)`, if given, is a cheap "surely two or more options" (SeveralFn)."""
        def register(fn: ApplyFn[S]) -> ApplyFn[S]:
            self.choices[name] = Choice(options, fn, several)
            return fn
        return register

    # --- running ----------------------------------------------------------------------------------

    def advance(self, s: S, events: list[Event]) -> None:
        """Run automatic frames (and forced one-seat choices) until a decision is awaited or the
        agenda is empty."""
        autos = self.auto_handlers
        choices = self.choices
        guard = 0
        while s.queue:
            guard += 1
            if guard > SETTLE_LIMIT:
                raise RuntimeError("agenda does not settle")
            frame = s.queue[0]
            kind = frame["t"]
            handler = autos.get(kind)
            if handler is not None:
                s.queue.pop(0)
                handler(s, frame, events)
                continue
            seats = frame.get("seats")
            if seats is not None:
                if seats:
                    return  # a simultaneous choice: always asked, never forced (see the class)
                s.queue.pop(0)  # every seat has chosen
                continue
            chosen = choices[kind]
            if chosen.several is not None and chosen.several(s, frame):
                return
            # two options make it a real choice: lazy option generators stop there
            opts = list(islice(chosen.options(s, frame), 2))
            if len(opts) > 1:
                return
            if not opts:
                s.queue.pop(0)  # nothing can be chosen: the step lapses
                continue
            # recorded so a game's notation can recognise a step the player wrote but the
            # agenda took (and so the log shows why the turn moved on without a decision)
            events.append(Event("forced", {"seat": frame["seat"], "decision": opts[0].to_json()}))
            chosen.apply(s, frame, opts[0], events)

    def pending(self, s: S) -> list[Prompt]:
        """GameRules.pending for a game run by this agenda: every seat the front frame waits
        for, with the frame's type as the prompt's kind (its text is worded when shown)."""
        frame = current(s)
        if frame is None:
            return []
        return [Prompt(q, frame["t"]) for q in self.awaited(s)]

    def awaited(self, s: S) -> list[int]:
        """The seats the front frame waits for: one, several (simultaneous), or none. Meant to be
        asked after `advance`, when the front frame is a choice."""
        frame = current(s)
        if frame is None:
            return []
        seats = frame.get("seats")
        if seats is not None:
            return list(seats)  # a copy: the caller must not change who is awaited
        return [frame["seat"]] if "seat" in frame else []

    def options_for(self, s: S, seat: int) -> list[Decision]:
        """Every legal decision of `seat` now; empty if the front frame does not wait for it
        (including a seat of a simultaneous frame that has already chosen)."""
        if not s.queue:
            return []
        frame = s.queue[0]
        if frame.get("seat") == seat:  # the common case first: one seat, no bookkeeping
            return list(self.choices[frame["t"]].options(s, frame))
        seats = frame.get("seats")
        if seats is None or seat not in seats:
            return []
        frame["seat"] = seat
        try:
            return list(self.choices[frame["t"]].options(s, frame))
        finally:
            del frame["seat"]

    def apply_decision(self, s: S, seat: int, decision: Decision, events: list[Event]) -> None:
        """Apply one decision of `seat` to the front frame, then advance.

        Raises IllegalDecision when the game is over, when the seat is not awaited, or when the
        choice's apply function refuses the decision. The agenda itself changes nothing before
        those checks pass; whether a refusing apply function left the state untouched is the
        game's affair, so a game that promises an unchanged state works on a copy."""
        if not s.queue:
            raise IllegalDecision(t(self.game_over), self.game_over_rule)
        frame = s.queue[0]
        if frame.get("seat") == seat:
            self.choices[frame["t"]].apply(s, frame, decision, events)
        else:
            seats = frame.get("seats")
            if seats is None or seat not in seats:
                raise IllegalDecision(t(self.not_your_turn), self.not_your_turn_rule)
            frame["seat"] = seat
            try:
                self.choices[frame["t"]].apply(s, frame, decision, events)
            finally:
                frame.pop("seat", None)
        self.advance(s, events)


# --- turn order -----------------------------------------------------------------------------------
# Seats are numbered 0..n-1 clockwise, the order every one of our games plays in.

def in_turn_order(first: int, n: int) -> list[int]:
    """Every seat once, clockwise, beginning with `first` (a round that `first` opens)."""
    if n < 1 or not 0 <= first < n:
        raise ValueError(f"seat {first} is not one of {n} seats")
    return [(first + i) % n for i in range(n)]


def others_in_turn_order(seat: int, n: int) -> list[int]:
    """Every other seat, clockwise after `seat` (who answers in turn when `seat` acts, as with
    Pantheon's "everyone else may move too")."""
    return in_turn_order(seat, n)[1:]
