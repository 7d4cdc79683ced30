"""The `strong` level of Pantheon: engine/search.py's determinized search, at the turn's
action prompt.

At the prompt that begins a turn (INFO.turn_prompts: move, buy, god or draw) the seat samples
worlds from its view (`worlds.sample`: every hidden card, tile, token and order drawn from what
it may know, P-GAP-HIDDEN), plays each candidate action in the same worlds, lets the normal
level play the rest of its turn and the other seats' turns (each from its own view of that
world), and values the position when its next turn begins: its estimated final points less
the best opponent's (`values.Valuer.position`, from each seat's own view of the world; the
exact margin when the game ended). The action with the best mean is played; the prompts that
follow it (how many movement cards, where to place, what to buy, which cards to draw) are the
normal level's, which plans the whole action anyway.

The budget is simulated decisions, not seconds, so a view and a seed give one decision in
every process; `BUDGET` makes about a second on one core (README, "The strong AI")."""

from __future__ import annotations

import random
from collections.abc import Callable

from engine import search
from engine.core import Decision

from .. import game as rules
from ..state import State
from ..view import View
from .belief import from_view
from .policy import Ctx, action_gains
from .values import NORMAL, Valuer
from .worlds import ACTION, sample

# simulated decisions per search at AGORA_AI_BUDGET=1, by the number of players: about a second
# of one core (p95). A duel's rollout of one round is about ten decisions, so some 60 rollouts
# shared by the candidates; at a bigger table a decision costs more (more seats to plan around
# and to value), so fewer fit in the second.
BUDGET = {2: 650, 3: 520, 4: 420}
HORIZON = 60  # decisions at most in one rollout (a round is far fewer; a guard, not a limit)

Normal = Callable[[View, list[Decision], random.Random], Decision]


def searched(seen: View) -> bool:
    """Whether the strong level searches at this prompt (the turn's action prompt)."""
    return seen.seat is not None and seen.step is not None and seen.step["kind"] == ACTION


def make_game(normal: Normal, players: int) -> search.Game:
    """The search.Game of Pantheon at a table of `players`; `normal(seen, opts, rng)` is the
    normal level's decision (the package's decide_seen, passed in so this module does not
    import its own package)."""

    def rollout(state: State, seat: int, rng: random.Random) -> Decision:
        return normal(rules.view(state, seat), rules.options(state, seat), rng)

    return search.Game(rules=rules, sample=sample, rollout=rollout, value=value, stop=stop,
                       budget=BUDGET[players], candidates=candidates)


def decide(game: search.Game, seen: View, opts: list[Decision], rng: random.Random,
           stats: search.Stats | None = None, budget: int | None = None) -> Decision:
    """The strong decision at a searched prompt (see `searched`); `budget` in simulated
    decisions (the game's, scaled by AGORA_AI_BUDGET, when None)."""
    assert seen.seat is not None
    return search.search(game, seen, seen.seat, opts, rng, budget=budget, stats=stats)


def candidates(seen: View, opts: list[Decision], rng: random.Random) -> list[Decision]:
    """The actions in the order of the normal level's estimates (its choice first): every
    possible action is searched, there are four at most."""
    assert seen.seat is not None
    b = from_view(seen)
    gains = action_gains(Ctx(b, seen.seat, NORMAL, rng))

    def rank(d: Decision) -> float:
        return -gains.get(str(d.args.get("action")), float("-inf"))
    return sorted(opts, key=rank)


def stop(start: State, now: State, steps: int) -> bool:
    """A rollout ends when the deciding seat's next turn begins (after every other seat has
    played one), or at the horizon."""
    if steps >= HORIZON:
        return True
    me = start.queue[0]["seat"] if start.queue else -1
    head = now.queue[0] if now.queue else None
    return (head is not None and head.get("t") == ACTION and head.get("seat") == me
            and now.turn is not None and now.turn.get("used") == 0 and steps > 1)


def value(state: State, seat: int) -> float:
    """The seat's estimated final margin: its expected final points less the best other
    seat's, each seat valued from its own view of the world; the exact margin at the end."""
    if state.result is not None:
        scores = [p.score for p in state.players]
    else:
        scores = [Valuer(from_view(rules.view(state, p.seat)), p.seat, NORMAL).position()
                  for p in state.players]
    mine = scores[seat]
    return mine - max(sc for i, sc in enumerate(scores) if i != seat)
