"""The Through the Ages engine contract (engine.core.GameRules): new_game, pending, options,
apply, view, result, dump/load, version, reveals, sealed, auto_answer. Every call is pure:
`apply` works on a copy and raises IllegalDecision (message and T-rule) before anything
changes. What every game writes alike is engine.contract; this module keeps what is its own."""

from __future__ import annotations

import json
import zlib
from typing import Any

from data.i18n import t
from data.tta import CARDS
from engine import contract
from engine.core import Decision, Event, GameInfo, IllegalDecision, OptionSpec

from . import pacts, setup, turn  # noqa: F401 (turn registers the agenda frames)
from .flow import AGENDA, current, err
from .modes import PEACEFUL
from .politics import peeker
from .state import COLOURS, State
from .view import make_view

INFO = GameInfo(
    id="tta", name="Through the Ages", min_players=2, max_players=4, colours=COLOURS,
    # F-SETUP-3 (V-OPT-1): the game played, fixed for the whole game and shown to everyone: the
    # full game unless the table asks for another. The host writes the default into a new
    # table's options; a game stored before the option existed stays a tutorial (LEGACY_MODE)
    options=(
        OptionSpec("mode", "choice", "full", t("tta.option.mode", "en"),
                   choices=("full", "tutorial", "short")),
        OptionSpec("peaceful", "choice", "off", t("tta.option.peaceful", "en"),
                   choices=PEACEFUL),
        OptionSpec("global_conflict", "bool", False, t("tta.option.global_conflict", "en")),
        OptionSpec("start_player", "int", None, t("tta.option.start_player", "en"),
                   minimum=0, maximum=3, in_lobby=False),
    ),
    ai_levels=("easy", "normal", "strong"),  # engine/tta/ai
    ai_default="normal",  # the strong level thinks for about a second a decision: asked for by name
    policies=("ask",),
    rules_topics=("overview", "turn", "production", "military", "scoring"),
    player_rule="T-COMP-1", turn_rule="T-OVER-1", end_rule="T-TEND-4",
    shared_win_rule="T-TSCORE-2",
    turn_prompts=("action",),
    rules_version="1",
)

KINDS = (*turn.ACTIONS, "end", "discard", "prepare", "columbus", "alexander", "done", "bid",
         "pass", "send", "add", "choose",
         # the full game's attacks and resignation (aggression.py, war.py, resign.py)
         "aggression", "bonus", "plunder", "raid", "annex", "infiltrate", "war", "steal",
         "science", "resign", "resign_confirm", "back",
         # the full game's pacts (pactoffer.py, pactuse.py)
         "offer", "cancel_pact", "accept", "refuse", "trade_routes",
         # the shorter game's keep at the end of Age I (shortgame.py, V-SHORT-10)
         "keep")


def new_game(players: list[str] | int, seed: int, options: dict[str, Any] | None = None
             ) -> State:
    """A new game (the tutorial unless the options name another, F-SETUP-3); `players` are
    display names (or a count). Setup runs at once, up to the first decision (the starting
    player's first action)."""
    names, opts = contract.seats_and_options(INFO, players, options, err, "T-SETUP-14")
    return contract.start(setup.setup, AGENDA.advance, names, seed, opts)[0]


def start_events(s: State) -> list[Event]:
    return contract.start_events(setup.setup, AGENDA.advance, s)


pending = AGENDA.pending  # the agenda's own: no call in between (asked before every decision)


def options(s: State, seat: int) -> list[Decision]:
    if not contract.is_seat(seat, s.n) or current(s) is None:
        return []
    return AGENDA.options_for(s, seat)


def _unknown(s: State) -> IllegalDecision:
    """The refusal of a decision the rules do not understand (not one of KINDS, or arguments
    that do not fit)."""
    return err("unknown", "T-ACT-3")


def apply(s: State, seat: int, decision: Decision, *, in_place: bool = False
          ) -> tuple[State, list[Event]]:
    """Apply one decision. Raises IllegalDecision (with the rule) and leaves `s` untouched.
    `in_place=True` skips the copy for simulations that keep no history."""
    if not contract.is_decision(decision) or decision.kind not in KINDS:
        raise _unknown(s)
    if not contract.is_seat(seat, s.n):
        raise err("not_seated", None)
    if current(s) is None:
        raise err("game_over", "T-TEND-4")
    work, events, _ = contract.run_decision(s, seat, decision, in_place, AGENDA.apply_decision,
                                            _unknown)
    if work.pacts:
        pacts.refresh(work)  # a wonder completed changes International Tourism (C-104)
    contract.extend_trails(work, seat, decision, public=not sealed(s, seat, decision))
    return work, events


# the contract's names for what the view and the state already do (no call in between)
view = make_view
dump = State.to_json
load = State.from_json


def result(s: State) -> dict[str, Any] | None:
    return s.result


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
    # an attack, a resignation or a pact offered, answered or cancelled involves another
    # player: final at once (G-ASYNC-18)
    if before.wars != after.wars or before.defence != after.defence \
            or _attacks_resolved(after) > _attacks_resolved(before) \
            or before.pacts != after.pacts or before.pact_offer != after.pact_offer \
            or before.short != after.short \
            or any(b.resigned != a.resigned for b, a in zip(before.players, after.players,
                                                             strict=True)):
        return True
    if peeker(after) is not None and peeker(before) is None:  # Joan of Arc sees the top event
        return True
    if before.result is None and after.result is not None:
        return True
    for b, a in zip(before.players, after.players, strict=True):
        if b.seat != seat and (b.hand != a.hand or b.military != a.military):
            return True
    return False


def _attacks_resolved(s: State) -> int:
    """Aggression and war cards on the discard piles (an aggression resolved at once, G-AGGR-7)."""
    return sum(CARDS[c].kind in ("aggression", "war") for pile in s.military_discard.values()
               for c in pile)


def sealed(s: State, seat: int, decision: Decision) -> bool:
    """The military discard is face down (T-MDISC-1), a prepared event is put face down
    (T-POL-3, T-POL-5), a defender picks his cards in secret (F-AGGR-8) and a pact offer's card
    and sides are for the partner alone until he answers (G-ASYNC-9): never described in
    public; nor is the event a player keeps in the shorter game (V-SHORT-10)."""
    return decision.kind in ("discard", "prepare", "bonus", "offer", "keep")


def auto_answer(s: State, seat: int, policy: str) -> Decision | None:
    return None  # only "ask"


def replay(players: list[str], seed: int, opts: dict[str, Any] | None,
           decisions: list[tuple[int, Decision]]) -> State:
    return contract.replay(new_game, apply, players, seed, opts, decisions)
