"""Setup for 2-4 players (T-SETUP-1..15; the full game's decks F-SETUP-1/2, V-PEACE-3/4; the
shorter game's V-SHORT-8/9)."""

from __future__ import annotations

from typing import Any

from data.tta import (
    BOARD_TECHS,
    FULL_AGES,
    ROW_SIZE,
    START,
    START_GOVERNMENT,
    START_WORKERS,
    TUTORIAL_AGES,
    deck,
    events_count,
)
from engine.core import Rng

from . import shortgame
from .modes import mode_in, peaceful_in
from .state import COLOURS, Player, State


def setup(names: list[str], seed: int, options: dict[str, Any]) -> State:
    n = len(names)
    rng = Rng(seed)
    start = options.get("start_player")
    if start is None:
        start = rng.below(n)  # T-SETUP-14, G-SETUP-3: drawn at random
    players = []
    for seat, name in enumerate(names):
        order = (seat - start) % n  # 0 for the starting player
        players.append(Player(
            seat=seat, name=name, colour=COLOURS[seat],
            yellow_bank=START.yellow_bank, blue_bank=START.blue_bank, pool=START.pool,
            government=START_GOVERNMENT, techs=list(BOARD_TECHS),
            workers=dict(START_WORKERS),  # T-SETUP-4
            # T-SETUP-15: 1, 2, 3, 4 civil actions by seat from the starting player, no military
            ca_spent=START.civil_actions - min(order + 1, START.civil_actions),
            ma_spent=START.military_actions))
    civil = {}
    military = {}
    mode, peaceful = mode_in(options), peaceful_in(options)
    # T-SETUP-6..10: trimmed, tutorial decks, each shuffled; the full game adds the Age III decks
    # and every military card (F-SETUP-1/2; V-PEACE-3 takes some out again). Ages in the
    # tutorial's order first, so that a tutorial game deals exactly as before.
    # The shorter game: Ages A-II only (V-SHORT-8), with the full game's military cards.
    for age in FULL_AGES if mode == "full" else TUTORIAL_AGES:
        civil[age] = deck(age, "civil", n, mode, peaceful)
        rng.shuffle(civil[age])
        military[age] = deck(age, "military", n, mode, peaceful)
        rng.shuffle(military[age])
    row = [civil["A"].pop() for _ in range(ROW_SIZE)]  # T-SETUP-11
    events = military.pop("A")[:events_count(n)]  # T-SETUP-13: the rest back to the box
    s = State(seed=seed, rng=rng.state, options=dict(options), players=players, start=start,
              round=1, turn=start, age="A", row=row, civil=civil,
              military_deck={"A": [], **military}, military_discard={}, events=events)
    if mode == "short":  # V-SHORT-9: the end-game deck, after every other deck's shuffle
        s.short = shortgame.deal(n, start, rng, war=peaceful == "off")
        s.rng = rng.state
    s.queue = [{"t": "turn", "seat": start}]
    return s
