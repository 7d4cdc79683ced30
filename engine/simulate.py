"""Random legal play for any registered game: fuzzing, property tests, benchmarks, `agora
simulate` and `agora render`. Pure and deterministic: the decision chooser is a
`random.Random` the caller seeds, and the caller prints.

The game is given as its rules module (`engine.registry.rules(id)`, an engine.core.GameRules).
When several seats are pending at once, the seat that decides next is drawn with the same
generator; a lone pending seat uses no randomness for that (so the choices of a game that asks
one seat at a time depend only on the option lists).

A rules module may offer `record_extras(state) -> dict`: game-specific fields for the summary of
a finished game (Pantheon adds "epochs"). They follow the common fields in the summary."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import Any

from data.i18n import t
from engine.core import Decision

MAX_DECISIONS = 20_000


def player_names(players: int) -> list[str]:
    """The default seat names of a simulated game: "Player 1", "Player 2", ... (in the current
    language: they are drawn on the pictures of `agora render`)."""
    return [t("core.player_name", n=i + 1) for i in range(players)]


def random_step(rules: Any, state: Any, rng: random.Random) -> tuple[int, Decision] | None:
    """A pending seat and one of its legal decisions, both drawn with `rng`; None when no seat
    is pending (the game is over)."""
    seats = sorted({p.seat for p in rules.pending(state)})
    if not seats:
        return None
    seat = seats[0] if len(seats) == 1 else rng.choice(seats)
    choices = rules.options(state, seat)
    if not choices:
        raise RuntimeError(f"seat {seat} is pending but has no legal decision")
    return seat, rng.choice(choices)


def play_random(rules: Any, state: Any, rng: random.Random, max_decisions: int,
                on_decision: Callable[[int, Decision, list], None] | None = None
                ) -> tuple[Any, int]:
    """Apply up to `max_decisions` random legal decisions (fewer if the game ends first), in
    place (`state` itself changes). Returns the state and the number of decisions applied.
    `on_decision(seat, decision, events)` is called after each one."""
    count = 0
    while count < max_decisions:
        step = random_step(rules, state, rng)
        if step is None:
            break
        seat, decision = step
        state, events = rules.apply(state, seat, decision, in_place=True)
        count += 1
        if on_decision is not None:
            on_decision(seat, decision, events)
    return state, count


def random_game(rules: Any, players: int, seed: int, options: dict[str, Any] | None = None,
                max_decisions: int = MAX_DECISIONS) -> tuple[Any, dict[str, Any]]:
    """Play one game with `players` seats to its end; the chooser is seeded from `seed`.

    Returns the final state and its summary: {"seed", "players", "decisions", "scores",
    "winners", "decisions_by_kind"} followed by the game's `record_extras(state)` if it has
    that hook. `decisions_by_kind` counts the decisions applied of each kind (`Decision.kind`,
    sorted by kind): whether a game's random play reaches each of its mechanisms. Raises
    RuntimeError if the game has not ended after `max_decisions` decisions."""
    rng = random.Random(seed)
    state = rules.new_game(player_names(players), seed, options)
    kinds: Counter[str] = Counter()
    state, count = play_random(rules, state, rng, max_decisions,
                               lambda seat, d, events: kinds.update((d.kind,)))
    res = rules.result(state)
    if res is None:
        raise RuntimeError(f"game with seed {seed} did not end in {max_decisions} decisions")
    summary: dict[str, Any] = {"seed": seed, "players": players, "decisions": count,
                               "scores": list(res["scores"]), "winners": list(res["winners"]),
                               "decisions_by_kind": dict(sorted(kinds.items()))}
    extras = getattr(rules, "record_extras", None)
    if extras is not None:
        summary.update(extras(state))
    return state, summary
