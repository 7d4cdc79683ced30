"""The Amun-Re engine contract (engine.core.GameRules): new_game, pending, options, apply, view,
result, dump/load, version, reveals, sealed, auto_answer. Every call is pure: `apply` works on a
copy and raises IllegalDecision (message and A-rule) before anything changes. What every game
writes alike is engine.contract; this module keeps what is Amun-Re's own."""

from __future__ import annotations

import json
import zlib
from typing import Any

from data.i18n import t
from engine import contract
from engine.core import Decision, Event, GameInfo, IllegalDecision, OptionSpec, _freeze

from . import anytime, auction, buy, digest, income, sacrifice, scoring, setup  # noqa: F401 (agenda)
from .flow import AGENDA, current, err
from .state import COLOUR_ORDER, State
from .view import make_view

INFO = GameInfo(
    id="amunre", name="Amun-Re", min_players=3, max_players=5, colours=COLOUR_ORDER,
    # the help is the English base of the slash-command option (bot/discord/commands.py has Discord
    # translate it through the same key), never a text frozen at import in AGORA_LOCALE
    options=(
        OptionSpec("bid_cap", "int", None, t("amunre.option.bid_cap", "en"), minimum=1,
                   maximum=1000),
        OptionSpec("correction_may_abstain", "bool", False,
                   t("amunre.option.correction_may_abstain", "en")),
        OptionSpec("start_player", "int", None, t("amunre.option.start_player", "en"),
                   minimum=0, maximum=4, in_lobby=False),
    ),
    ai_levels=("easy", "normal", "strong"),
    ai_default="normal",  # the strong level thinks for about a second a decision: asked for by name
    policies=("ask",),
    rules_topics=("overview", "setup", "auction", "buy", "sacrifice", "income", "scoring",
                  "cards", "kingdoms", "secrets"),
    player_rule="A-SETUP-9", turn_rule="A-FLOW-4", end_rule="A-END-1",
    shared_win_rule="A-END-3",
    turn_prompts=("bid", "buy"),
    rules_version="1",
)

KINDS = ("bid", "play", "sell", "buy_cards", "buy_farmers", "buy_stones", "place", "end_turn",
         "sacrifice", "correction", "take", "stop", "done")
SELF_ONLY = ("income",)  # simultaneous public frames: a decision changes only its own seat
PHASE_RULE = {"auction": "A-DEC-2", "buy": "A-DEC-3", "sacrifice": "A-DEC-4",
              "income": "A-DEC-5", "scoring": "A-DEC-6"}


def new_game(players: list[str] | int, seed: int, options: dict[str, Any] | None = None
             ) -> State:
    """A new game; `players` are display names (or a count). Setup runs at once, up to the first
    decision (the first bid of round 1)."""
    names, opts = contract.seats_and_options(INFO, players, options, err, "A-GAP-15")
    return contract.start(setup.setup, AGENDA.advance, names, seed, opts)[0]


def start_events(s: State) -> list[Event]:
    """The events of the automatic start (replayed from the seed)."""
    return contract.start_events(setup.setup, AGENDA.advance, s)


pending = AGENDA.pending  # the agenda's own: no call in between (asked before every decision)


def options(s: State, seat: int) -> list[Decision]:
    """Every legal decision of `seat` now: its frame's (when awaited) and the free ones it may
    take at any time (selling; Bid Blockade and Overbid during phase 2), which are offered even
    when the seat is not pending."""
    if not contract.is_seat(seat, s.n) or current(s) is None:
        return []
    opts = AGENDA.options_for(s, seat) + anytime.options(s, seat)
    seen: set = set()
    out = []
    for d in opts:
        key = _same(d)
        if key not in seen:
            seen.add(key)
            out.append(d)
    return out


def _same(d: Decision) -> tuple:
    """Equal for the decisions Decision.key() finds equal: the kind and the arguments as a set
    of (name, value) pairs (names are unique), lists and dicts frozen. A frozenset of the items
    is built in C, where key() sorts them in Python; options() asks this of every option."""
    try:
        return (d.kind, frozenset(d.args.items()))
    except TypeError:  # a list or dict among the values
        return (d.kind, frozenset((k, _freeze(v)) for k, v in d.args.items()))


def _understood(s: State) -> IllegalDecision:
    return err("unknown", PHASE_RULE.get(s.phase, "A-DEC-1"))


def apply(s: State, seat: int, decision: Decision, *, in_place: bool = False
          ) -> tuple[State, list[Event]]:
    """Apply one decision. Raises IllegalDecision (with the rule) and leaves `s` untouched.
    `in_place=True` skips the copy for simulations that keep no history."""
    if not contract.is_decision(decision):
        raise _understood(s)
    if not contract.is_seat(seat, s.n):
        raise err("not_seated", None)
    frame = current(s)
    if frame is None:
        raise err("game_over", "A-END-1")
    if decision.kind not in KINDS:
        raise _understood(s)
    if decision.kind == "sacrifice":
        if frame["t"] != "sacrifice":
            raise err("sacrifice_phase", "A-SAC-3")
        if seat not in frame["seats"]:
            raise err("already_sealed", "A-SAC-3")
    secret = sealed(s, seat, decision)
    # a public decision in the income frame changes only the decider's own options; a free one
    # (the step says so) is public and may change others' options wherever it is made
    own_only = frame["t"] in SELF_ONLY
    phase = s.phase  # before the decision: a buying turn's end moves on to the sacrifice
    work, events, free = contract.run_decision(s, seat, decision, in_place, _step, _understood)
    if not secret:
        digest.record_turn(work, seat, frame, phase, events)  # for the close-up picture
    contract.extend_trails(work, seat, decision, public=not secret and (free or not own_only))
    return work, events


def _step(work: State, seat: int, decision: Decision, events: list[Event]) -> bool:
    """The decision applied to `work`: a free one (anytime.py: selling, Bid Blockade, Overbid)
    by its own rules and then the agenda run on, any other by the awaited frame. True for a
    free one."""
    if anytime.handles(work, seat, decision):
        anytime.apply(work, seat, decision, events)
        AGENDA.advance(work, events)
        return True
    AGENDA.apply_decision(work, seat, decision, events)
    return False


# the contract's names for what the view and the state already do (no call in between)
view = make_view
dump = State.to_json
load = State.from_json


def result(s: State) -> dict[str, Any] | None:
    return s.result


def version(s: State, seat: int) -> str:
    """A stamp that changes whenever what `seat` may decide changes: the public trail (every
    public decision of one-seat and free steps), the seat's own trail (its decisions, sealed ones
    included), the step awaited now (the front frame without the list of seats still to answer a
    simultaneous frame) and a digest of the seat's options. Another seat sealing its sacrifice or
    its bonus choice changes none of these (unless it was the last to seal, which runs the
    reveal), so this seat's prompt stays valid; except when it leaves this seat the last to
    seal: its seal will reveal them all and be committed at once, which its new prompt says
    (`reveal_note`)."""
    frame = current(s)
    step = None if frame is None else {k: v for k, v in frame.items() if k != "seats"}
    awaited = seat in AGENDA.awaited(s)
    last = frame is not None and frame.get("seats") == [seat]
    opts = sorted(d.canonical() for d in options(s, seat))
    raw = json.dumps([s.public_trail, s.players[seat].trail, len(s.queue), step, awaited, opts]
                     + ([True] if last else []), sort_keys=True, separators=(",", ":"))
    return f"{s.round}.{zlib.crc32(raw.encode()):08x}"


def reveals(before: State, after: State, seat: int) -> bool:
    """Did this step use chance or show `seat` something hidden? Then the host commits it at once
    and never undoes past it: a draw or shuffle (the RNG moved, a deck changed), free cards
    picked up, or another seat's hidden holdings or sealed choice changed (a reveal)."""
    if before.rng != after.rng or before.power_deck != after.power_deck:
        return True
    if before.province_deck != after.province_deck or before.material != after.material:
        return True
    if before.result is None and after.result is not None:
        return True  # the final gold ranking shows everyone's gold (A-INFO-6)
    for b, a in zip(before.players, after.players, strict=True):
        if b.seat != seat and (b.gold != a.gold or b.cards != a.cards or b.offer != a.offer
                               or b.choice != a.choice):
            return True
    return False


def sealed(s: State, seat: int, decision: Decision) -> bool:
    """The secret choices: the sacrifice (A-SAC-3) and every step of the phase-6 bonus choice
    (A-DEC-6, A-INFO-1). Never described in public, not even by an undo notice."""
    if decision.kind == "sacrifice":
        return True
    frame = current(s)
    return (frame is not None and frame["t"] == "bonus" and seat in frame["seats"]
            and decision.kind in ("play", "sell", "done"))


def replay(players: list[str], seed: int, opts: dict[str, Any] | None,
           decisions: list[tuple[int, Decision]]) -> State:
    return contract.replay(new_game, apply, players, seed, opts, decisions)
