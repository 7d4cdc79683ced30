"""The glue between a game's own rules and the engine contract (engine.core.GameRules, and the
AI part's `choose`) that every game would otherwise write again: checking a new game's players
and options, running the automatic start, the checks and bookkeeping around one decision, and
the steps every AI seat takes before and after its level's own logic.

A game keeps its contract functions (the host finds them by name, tests patch some of them)
and calls these from them, passing what is its own: its setup, its agenda, its refusals and
their rules. What differs in substance (Pantheon's own option check, Amun-Re's free decisions,
each game's version, reveals and sealed) stays in the game. These are plain functions, not a
class or a table of hooks: `apply` and `options` run at every decision, and a plain call or two
is all they add there."""

from __future__ import annotations

import random
import zlib
from collections.abc import Callable, Sequence
from typing import Any, Protocol, Self, TypeVar

from engine.core import Decision, Event, GameInfo, IllegalDecision
from engine.simulate import player_names


class Played(Protocol):
    """A game state as `run_decision` handles it: it copies itself and counts decisions."""

    decisions: int

    def clone(self) -> Self:
        ...


S = TypeVar("S", bound=Played)
R = TypeVar("R")

# a game's refusal helper: err(key, rule, **args) words `<game>.err.<key>` and names the rule
Refusal = Callable[..., IllegalDecision]

# Exceptions a step raises on arguments no validator foresaw (the fuzz tests find none): the
# player gets a refusal and nothing changes, and `__cause__` lets the caller log an engine bug.
UNFORESEEN: tuple[type[Exception], ...] = (KeyError, TypeError, ValueError, AttributeError,
                                           IndexError)


# --- a new game -----------------------------------------------------------------------------------

def seats_and_options(info: GameInfo, players: list[str] | int, options: dict[str, Any] | None,
                      err: Refusal, start_rule: str) -> tuple[list[str], dict[str, Any]]:
    """The seat names and checked options of a new game: `players` are display names, or a
    count for the default names. Refused, in this order: a player count outside the game's
    range (`info.player_rule`), an unknown or ill-typed option (GameInfo.check_options), and a
    `start_player` option beyond the seats (`start_rule`)."""
    names = player_names(players) if isinstance(players, int) else list(players)
    if not info.min_players <= len(names) <= info.max_players:
        raise err("players", info.player_rule, min=info.min_players, max=info.max_players)
    opts = info.check_options(options)
    start = opts.get("start_player")
    if start is not None and start >= len(names):
        raise err("start_player", start_rule, n=len(names), last=len(names) - 1)
    return names, opts


def start(setup: Callable[[list[str], int, dict[str, Any]], S],
          advance: Callable[[S, list[Event]], None],
          names: list[str], seed: int, opts: dict[str, Any]) -> tuple[S, list[Event]]:
    """A game set up from its seed and run up to the first decision, with the events of that
    automatic start."""
    s = setup(names, seed, opts)
    events: list[Event] = []
    advance(s, events)
    return s, events


def start_events(setup: Callable[[list[str], int, dict[str, Any]], Any],
                 advance: Callable[[Any, list[Event]], None], s: Any) -> list[Event]:
    """GameRules.start_events: the events of `s`'s automatic start, made again from its seed
    (the state keeps no events)."""
    return start(setup, advance, [p.name for p in s.players], s.seed, s.options)[1]


# --- one decision ---------------------------------------------------------------------------------

def is_decision(decision: Any) -> bool:
    """A Decision with a dict of arguments: anything else is refused before the rules see it
    (the host hands on what a player or a stored record gave)."""
    return isinstance(decision, Decision) and isinstance(decision.args, dict)


def is_seat(seat: Any, n: int) -> bool:
    """One of the `n` seats: an int (not True, not 1.0), 0 to n - 1."""
    return type(seat) is int and 0 <= seat < n


def run_decision(s: S, seat: int, decision: Decision, in_place: bool,
                 step: Callable[[S, int, Decision, list[Event]], R],
                 refused: Callable[[S], IllegalDecision],
                 unforeseen: tuple[type[Exception], ...] = UNFORESEEN
                 ) -> tuple[S, list[Event], R]:
    """The body of GameRules.apply once the game's own checks have passed: `step(work, seat,
    decision, events)` on a copy of `s` (on `s` itself with `in_place`, for simulations that
    keep no history), and the decision counted. An IllegalDecision from the step goes to the
    caller as it is; an `unforeseen` exception becomes `refused(s)`, `s` as it was given.
    Returns the state, its events and what the step returned (a game that must tell its kinds
    of step apart has its step say which)."""
    work = s if in_place else s.clone()
    events: list[Event] = []
    try:
        done = step(work, seat, decision, events)
    except unforeseen as exc:
        raise refused(s) from exc
    work.decisions += 1
    return work, events, done


def trail_text(seat: int, decision: Decision) -> bytes:
    """What a version trail folds in for one decision: the same bytes in every process."""
    return f"{seat}:{decision.canonical()}".encode()


def extend_trails(work: Any, seat: int, decision: Decision, public: bool) -> None:
    """Fold a decision into the rolling crc trails of a game with secret choices: always into
    the deciding seat's own trail, and into the state's public trail when `public`. A game's
    `version` stamps a seat's prompt from the public trail and the seat's own, so a sealed
    choice of another seat (not public) leaves that prompt valid."""
    text = trail_text(seat, decision)
    p = work.players[seat]
    p.trail = zlib.crc32(text, p.trail)
    if public:
        work.public_trail = zlib.crc32(text, work.public_trail)


def replay(new_game: Callable[[list[str], int, dict[str, Any] | None], S],
           apply: Callable[..., tuple[S, list[Event]]], players: list[str], seed: int,
           opts: dict[str, Any] | None, decisions: list[tuple[int, Decision]]) -> S:
    """A game rebuilt from its seed, options and decisions (applied in place, no copies)."""
    s = new_game(players, seed, opts)
    for seat, d in decisions:
        s, _ = apply(s, seat, d, in_place=True)
    return s


# --- the AI seats ---------------------------------------------------------------------------------

RANDOM = "random"  # the level every game's AI has: uniform among the options (the baseline)


def decide_around(own: Callable[[Any, list[Decision], str, random.Random], Decision | None],
                  seen: Any, opts: list[Decision], level: str, rng: random.Random | None, *,
                  levels: Sequence[str], stamp: Callable[[Any], int],
                  refused: Callable[[], IllegalDecision],
                  same: Callable[[Decision], object]) -> tuple[Decision, bool]:
    """An AI seat's `decide_seen`: the decision of the seat whose view `seen` is, among its
    legal options `opts`, and whether the level's own logic made it.

    What every game's AI does around its own logic: refuse an unknown level (ValueError: a
    host's mistake) and a seat with no options (`refused()`: not its turn); seed an rng from
    `stamp(seen)` when none is given, so the same view always gets the same decision; answer
    the "random" level and a lone option without asking `own`. Otherwise `own(seen, opts,
    level, rng)` names the decision it wants (None: it has none), and the option the same by
    `same` (Decision.key or Decision.canonical, the game's choice) is returned; the first option
    when there is none, reported as a fallback (False), which tests and benchmarks count."""
    if level not in levels:
        raise ValueError(f"unknown AI level {level!r}; choose from {', '.join(levels)}")
    if not opts:
        raise refused()
    if rng is None:
        rng = random.Random(stamp(seen))
    if level == RANDOM:
        return opts[rng.randrange(len(opts))], True
    if len(opts) == 1:
        return opts[0], True
    wanted = own(seen, opts, level, rng)
    if wanted is not None:
        key = same(wanted)
        for d in opts:
            if same(d) == key:
                return d, True
    return opts[0], False
