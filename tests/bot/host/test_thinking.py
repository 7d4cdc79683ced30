"""bot/host/thinking.py: the strong level thinks in a worker process (spawned once, kept), the
fast levels in a thread; a worker that dies is replaced and its segment still played. The
decisions are the ones the same seat would make in the bot's own process (the same view and
seed: engine/search.py is deterministic)."""

from __future__ import annotations

import os
import signal

import pytest

from bot.host.kinds import kind
from bot.host.thinking import Thinker, play_segment, processes
from engine import registry, search

STRONG = [g for g in registry.GAMES if search.LEVEL in registry.info(g).ai_levels]


@pytest.fixture
def small_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    # a worker is spawned with the environment of the moment: the search stays short
    monkeypatch.setenv(search.BUDGET_ENV, "0.05")


def first_turn(game: str, seed: int = 3):
    k = kind(game)
    state = k.rules.new_game(3, seed)
    return k, state, k.rules.pending(state)[0].seat


def test_every_game_offers_the_strong_level() -> None:
    assert list(registry.GAMES) == STRONG  # issue 25: all three games


@pytest.mark.parametrize("game", STRONG)
async def test_a_strong_segment_is_thought_in_a_worker_and_plays_as_in_process(
        game: str, small_budget: None) -> None:
    k, state, seat = first_turn(game)
    thinker = Thinker(1)
    try:
        steps, passed = await thinker.segment(k, state, seat, search.LEVEL, "7:0:0")
        pool = thinker._pool
        assert pool is not None and len(pool._processes) == 1  # noqa: SLF001 - what ran it
        assert os.getpid() not in pool._processes  # noqa: SLF001
    finally:
        thinker.close()
    here, _ = play_segment(k, state, seat, search.LEVEL, "7:0:0")
    assert steps and not passed
    # the same decisions (a sealing one's fresh salt aside: Amun-Re's receipts)
    assert [d.kind for d in steps] == [d.kind for d in here]
    assert [{a: v for a, v in d.args.items() if a != "salt"} for d in steps] == \
        [{a: v for a, v in d.args.items() if a != "salt"} for d in here]
    assert seat not in k.awaited(replay(k, state, seat, steps))


def replay(k, state, seat, steps):
    for d in steps:
        state, _ = k.rules.apply(state, seat, d)
    return state


async def test_the_fast_levels_stay_in_a_thread() -> None:
    k, state, seat = first_turn("pantheon")
    thinker = Thinker(1)
    steps, _ = await thinker.segment(k, state, seat, "normal", "1:0:0")
    assert steps and thinker._pool is None  # noqa: SLF001 - no process was started


async def test_a_worker_that_dies_is_replaced_and_the_segment_still_played(
        small_budget: None) -> None:
    k, state, seat = first_turn(STRONG[0])
    thinker = Thinker(1)
    try:
        await thinker.segment(k, state, seat, search.LEVEL, "1:0:0")
        pool = thinker._pool  # noqa: SLF001
        assert pool is not None
        for pid in list(pool._processes):  # noqa: SLF001 - as the kernel's OOM killer would
            os.kill(pid, signal.SIGKILL)
        steps, _ = await thinker.segment(k, state, seat, search.LEVEL, "1:0:0")
        assert steps  # thought in a thread this once
        again, _ = await thinker.segment(k, state, seat, search.LEVEL, "1:0:0")
        assert again and thinker._pool is not None and thinker._pool is not pool  # noqa: SLF001
    finally:
        thinker.close()


def test_the_number_of_workers_comes_from_the_environment(monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    for raw, n in (("3", 3), ("0", 1), ("99", 16), ("many", 1)):
        monkeypatch.setenv("AGORA_AI_PROCESSES", raw)
        assert processes() == n
