"""The Pantheon engine contract (shared/ARCHITECTURE.md): new_game, pending, options, apply,
view, result. Every call is pure: `apply` works on a copy and raises before changing anything.
What every game writes alike is engine.contract; this module keeps what is Pantheon's own."""

from __future__ import annotations

import zlib
from typing import Any

from data.i18n import t
from engine import contract
from engine.core import Decision, Event, GameInfo, IllegalDecision, OptionSpec, Prompt

from . import actions, epoch, flow, gains  # noqa: F401  (they register the agenda handlers)
from .state import COLOUR_ORDER, State
from .view import make_view

INFO = GameInfo(
    id="pantheon", name="Pantheon", min_players=2, max_players=4, colours=COLOUR_ORDER,
    options=(
        OptionSpec("bonus_draft", "bool", False,
                   "Draft the bonus tiles instead of dealing them (P-VAR-DRAFT)"),
        OptionSpec("stall_guard_rounds", "int", None,
                   "End an epoch after this many rounds without loot or gods taken",
                   minimum=1, maximum=50),
        OptionSpec("start_supply_by_player_count", "bool", False,
                   "Starting pieces by player count (P-SETUP-12 variant)"),
        OptionSpec("start_player", "int", None, "The seat that begins (default: drawn by lot)",
                   minimum=0, maximum=3, in_lobby=False),
    ),
    ai_levels=("easy", "normal", "strong"),
    ai_default="normal",  # the strong level thinks for about a second a decision: asked for by name
    policies=("ask", "draw"),
    rules_topics=("overview", "turn", "move", "follow", "buy", "god", "draw", "loot", "peoples",
                  "epochs", "scoring", "notation", "undo"),
    player_rule="P-COMP-18", turn_rule="P-TURN-1", end_rule="P-END-1",
    shared_win_rule="P-END-3",
    turn_prompts=("action",),
    rules_version="1",
)
OPTION_NAMES = tuple(o.name for o in INFO.options)


def new_game(players: list[str] | int, seed: int, options: dict[str, Any] | None = None
             ) -> State:
    """A new game; `players` are display names (or a count). The preparation of epoch 1 runs
    at once, up to the first decision."""
    names = [f"Player {i + 1}" for i in range(players)] if isinstance(players, int) else players
    opts = dict(options or {})
    unknown = set(opts) - set(OPTION_NAMES)
    if unknown:
        raise IllegalDecision(t("pantheon.err.unknown_options", count=len(unknown),
                                names=", ".join(sorted(unknown)), known=", ".join(OPTION_NAMES)))
    return contract.start(epoch.setup, flow.advance, list(names), seed, opts)[0]


def start_events(s: State) -> list[Event]:
    """The events of the automatic start (replayed from the seed)."""
    return contract.start_events(epoch.setup, flow.advance, s)


def pending(s: State) -> list[Prompt]:
    if not s.queue or "seat" not in s.queue[0]:
        return []
    frame = s.queue[0]
    # no text in the prompt: present.prompt_text words it in the language of the moment
    return [Prompt(frame["seat"], frame["t"])]


def options(s: State, seat: int) -> list[Decision]:
    return flow.options_for(s, seat)


# What a step may raise on arguments no validator foresaw, turned into a refusal: the shared
# list less IndexError, which Pantheon has never caught (it stays the engine error it is).
UNFORESEEN = (KeyError, TypeError, ValueError, AttributeError)


def _does_not_fit(s: State) -> IllegalDecision:
    return IllegalDecision(t("pantheon.err.does_not_fit"))


def apply(s: State, seat: int, decision: Decision, *, in_place: bool = False
          ) -> tuple[State, list[Event]]:
    """Apply one decision. Raises IllegalDecision (with the rule) and leaves `s` untouched.
    `in_place=True` skips the copy for simulations that keep no history."""
    if not contract.is_decision(decision):
        raise IllegalDecision(t("pantheon.err.not_a_decision"))
    if not contract.is_seat(seat, len(s.players)):
        raise IllegalDecision(t("pantheon.err.not_seated"))
    work, events, _ = contract.run_decision(s, seat, decision, in_place, flow.apply_decision,
                                            _does_not_fit, UNFORESEEN)
    # one rolling trail of every decision so far (Pantheon has no secret choice): two states
    # reached by different histories never share a version, and it costs one crc per decision
    work.trail = zlib.crc32(contract.trail_text(seat, decision), work.trail)
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


# the contract's names for what the view and the state already do (no call in between)
view = make_view
dump = State.to_json
load = State.from_json


def result(s: State) -> dict[str, Any] | None:
    return s.result


def version(s: State, seat: int) -> str:
    """Pantheon asks one seat at a time, so every decision changes what is asked next."""
    return f"{s.decisions}.{s.trail:08x}"


def reveals(before: State, after: State, seat: int) -> bool:
    """Did this step reveal hidden information or use randomness? Then the host commits it at
    once and it can never be undone (drawing from the deck, display refills, face-down stacks,
    shuffles, other players' hidden holdings)."""
    if before.rng != after.rng:
        return True
    for zone in ("deck", "god_stack", "demigod_stack", "bag"):
        if getattr(before, zone) != getattr(after, zone):
            return True
    if not before.options.get("bonus_draft") and before.bonus_stack != after.bonus_stack:
        return True
    for b, a in zip(before.players, after.players, strict=True):
        if b.seat != seat and (b.hand != a.hand or b.demigods != a.demigods or b.bonus != a.bonus):
            return True
    return False


def sealed(s: State, seat: int, decision: Decision) -> bool:
    """Pantheon has no secret choices: every decision is public once committed."""
    return False


def replay(players: list[str], seed: int, opts: dict[str, Any] | None,
           decisions: list[tuple[int, Decision]]) -> State:
    return contract.replay(new_game, apply, players, seed, opts, decisions)
