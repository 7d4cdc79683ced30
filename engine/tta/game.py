"""The Through the Ages engine contract (engine.core.GameRules): new_game, pending, options,
apply, view, result, dump/load, version, reveals, sealed, auto_answer. Every call is pure:
`apply` works on a copy and raises IllegalDecision (message and T-rule) before anything
changes."""

from __future__ import annotations

import json
import zlib
from typing import Any

from data.i18n import t
from engine.core import Decision, Event, GameInfo, IllegalDecision, OptionSpec, Prompt
from engine.simulate import player_names

from . import setup, turn  # noqa: F401 (turn registers the agenda frames)
from .flow import AGENDA, current, err
from .politics import peeker
from .state import COLOURS, State
from .view import make_view

INFO = GameInfo(
    id="tta", name="Through the Ages", min_players=2, max_players=4, colours=COLOURS,
    options=(
        OptionSpec("start_player", "int", None, t("tta.option.start_player", "en"),
                   minimum=0, maximum=3, in_lobby=False),
    ),
    ai_levels=("easy", "normal"),  # engine/tta/ai
    policies=("ask",),
    rules_topics=("overview", "turn", "production", "military", "scoring"),
    player_rule="T-COMP-1", turn_rule="T-OVER-1", end_rule="T-TEND-4",
    shared_win_rule="T-TSCORE-2",
    turn_prompts=("action",),
)

KINDS = (*turn.ACTIONS, "end", "discard", "prepare", "columbus", "alexander", "done", "bid",
         "pass", "send", "choose")


def new_game(players: list[str] | int, seed: int, options: dict[str, Any] | None = None
             ) -> State:
    """A new tutorial game; `players` are display names (or a count). Setup runs at once, up
    to the first decision (the starting player's first action)."""
    names = player_names(players) if isinstance(players, int) else list(players)
    if not INFO.min_players <= len(names) <= INFO.max_players:
        raise err("players", "T-COMP-1", min=INFO.min_players, max=INFO.max_players)
    opts = INFO.check_options(options)
    start = opts.get("start_player")
    if start is not None and start >= len(names):
        raise err("start_player", "T-SETUP-14", n=len(names))
    s = setup.setup(names, seed, opts)
    AGENDA.advance(s, [])
    return s


def start_events(s: State) -> list[Event]:
    again = setup.setup([p.name for p in s.players], s.seed, s.options)
    events: list[Event] = []
    AGENDA.advance(again, events)
    return events


def pending(s: State) -> list[Prompt]:
    return AGENDA.pending(s)


def options(s: State, seat: int) -> list[Decision]:
    if type(seat) is not int or not 0 <= seat < s.n or current(s) is None:
        return []
    return AGENDA.options_for(s, seat)


def apply(s: State, seat: int, decision: Decision, *, in_place: bool = False
          ) -> tuple[State, list[Event]]:
    """Apply one decision. Raises IllegalDecision (with the rule) and leaves `s` untouched.
    `in_place=True` skips the copy for simulations that keep no history."""
    if not isinstance(decision, Decision) or not isinstance(decision.args, dict) \
            or decision.kind not in KINDS:
        raise err("unknown", "T-ACT-3")
    if type(seat) is not int or not 0 <= seat < s.n:
        raise err("not_seated", None)
    if current(s) is None:
        raise err("game_over", "T-TEND-4")
    work = s if in_place else s.clone()
    events: list[Event] = []
    try:
        AGENDA.apply_decision(work, seat, decision, events)
    except IllegalDecision:
        raise
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
        raise err("unknown", "T-ACT-3") from exc
    work.decisions += 1
    text = f"{seat}:{decision.canonical()}".encode()
    p = work.players[seat]
    p.trail = zlib.crc32(text, p.trail)
    if not sealed(s, seat, decision):
        work.public_trail = zlib.crc32(text, work.public_trail)
    return work, events


def view(s: State, seat: int | None) -> dict[str, Any]:
    return make_view(s, seat)


def result(s: State) -> dict[str, Any] | None:
    return s.result


def dump(s: State) -> dict[str, Any]:
    return s.to_json()


def load(data: dict[str, Any]) -> State:
    return State.from_json(data)


def version(s: State, seat: int) -> str:
    """Changes whenever what `seat` may decide changes: the public trail, the seat's own
    trail, the awaited step and a digest of the seat's options."""
    frame = current(s)
    opts = sorted(d.canonical() for d in options(s, seat))
    raw = json.dumps([s.public_trail, s.players[seat].trail, len(s.queue), frame, opts],
                     sort_keys=True, separators=(",", ":"))
    return f"{s.round}.{zlib.crc32(raw.encode()):08x}"


def reveals(before: State, after: State, seat: int) -> bool:
    """Chance or hidden information: a deck changed (a refill or a draw), the RNG moved, the
    game ended, or another seat's hand changed."""
    if before.rng != after.rng or before.civil != after.civil:
        return True
    if before.military_deck != after.military_deck or before.events != after.events:
        return True
    if before.future_events != after.future_events:  # a card prepared face down
        return True
    if peeker(after) is not None and peeker(before) is None:  # Joan of Arc sees the top event
        return True
    if before.result is None and after.result is not None:
        return True
    for b, a in zip(before.players, after.players, strict=True):
        if b.seat != seat and (b.hand != a.hand or b.military != a.military):
            return True
    return False


def sealed(s: State, seat: int, decision: Decision) -> bool:
    """The military discard is face down (T-MDISC-1) and a prepared event is put face down
    (T-POL-3, T-POL-5): never described in public."""
    return decision.kind in ("discard", "prepare")


def auto_answer(s: State, seat: int, policy: str) -> Decision | None:
    return None  # only "ask"


def replay(players: list[str], seed: int, opts: dict[str, Any] | None,
           decisions: list[tuple[int, Decision]]) -> State:
    s = new_game(players, seed, opts)
    for seat, d in decisions:
        s, _ = apply(s, seat, d, in_place=True)
    return s
