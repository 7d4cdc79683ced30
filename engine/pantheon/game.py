"""The Pantheon engine contract (shared/ARCHITECTURE.md): new_game, pending, options, apply,
view, result. Every call is pure: `apply` works on a copy and raises before changing anything."""

from __future__ import annotations

from typing import Any

from engine.core import Decision, Event, IllegalDecision, Prompt

from . import actions, epoch, flow, gains  # noqa: F401  (they register the agenda handlers)
from .state import State
from .view import View, make_view

OPTION_NAMES = ("bonus_draft", "start_player", "start_supply_by_player_count",
                "stall_guard_rounds")


def new_game(players: list[str] | int, seed: int, options: dict[str, Any] | None = None
             ) -> State:
    """A new game; `players` are display names (or a count). The preparation of epoch 1 runs
    at once, up to the first decision."""
    names = [f"Player {i + 1}" for i in range(players)] if isinstance(players, int) else players
    opts = dict(options or {})
    unknown = set(opts) - set(OPTION_NAMES)
    if unknown:
        raise IllegalDecision(f"Unknown option(s): {', '.join(sorted(unknown))}. "
                              f"Known: {', '.join(OPTION_NAMES)}.")
    s = epoch.setup(list(names), seed, opts)
    events: list[Event] = []
    flow.advance(s, events)
    return s


def start_events(s: State) -> list[Event]:
    """The events of the automatic start (replayed from the seed)."""
    s2 = epoch.setup([p.name for p in s.players], s.seed, s.options)
    events: list[Event] = []
    flow.advance(s2, events)
    return events


def pending(s: State) -> list[Prompt]:
    frame = flow.current(s)
    if frame is None or "seat" not in frame:
        return []
    return [Prompt(frame["seat"], frame["t"], {"text": flow.WAITING.get(frame["t"], "")})]


def options(s: State, seat: int) -> list[Decision]:
    return flow.options_for(s, seat)


def apply(s: State, seat: int, decision: Decision, *, in_place: bool = False
          ) -> tuple[State, list[Event]]:
    """Apply one decision. Raises IllegalDecision (with the rule) and leaves `s` untouched.
    `in_place=True` skips the copy for simulations that keep no history."""
    if not isinstance(decision, Decision) or not isinstance(decision.args, dict):
        raise IllegalDecision("That is not a decision this game understands.")
    if type(seat) is not int or not 0 <= seat < s.n:
        raise IllegalDecision("You are not seated in this game.")
    work = s if in_place else s.clone()
    events: list[Event] = []
    try:
        flow.apply_decision(work, seat, decision, events)
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        # Arguments no validator foresaw. The fuzz tests show none reach here; if one does, the
        # player still gets a message and nothing changes, and `__cause__` lets the caller log it
        # as an engine bug.
        raise IllegalDecision("That choice does not fit this step of the game.") from exc
    work.decisions += 1
    return work, events


def apply_all(s: State, seat_decisions: list[tuple[int, Decision]]
              ) -> tuple[State, list[Event]]:
    """Apply several decisions atomically: all of them, or none."""
    events: list[Event] = []
    work = s.clone()
    for seat, d in seat_decisions:
        work, ev = apply(work, seat, d, in_place=True)
        events += ev
    return work, events


def view(s: State, seat: int | None) -> View:
    return make_view(s, seat)


def result(s: State) -> dict[str, Any] | None:
    return s.result


def replay(players: list[str], seed: int, opts: dict[str, Any] | None,
           decisions: list[tuple[int, Decision]]) -> State:
    s = new_game(players, seed, opts)
    for seat, d in decisions:
        s, _ = apply(s, seat, d, in_place=True)
    return s
