"""Where AI seats think, away from the event loop.

An AI segment (a seat's decisions until the game no longer waits for it) takes milliseconds at
the fast levels and about a second a decision at the searching level (`engine.search.LEVEL`,
"strong"). Pure-Python work in a thread of the bot's process holds the interpreter lock, so a
second of search in a thread slows every other game's clicks, which must be acknowledged
within Discord's 3 seconds. So the searching level thinks in worker processes
(`AGORA_AI_PROCESSES`, 1 by default, started on the first strong seat's turn and kept), and the
fast levels in a thread as before (a process would cost more in copying the state than they
think). A worker gets the game's stored form (`dump`), its id and the seat, and answers with
the decisions; the host commits them as it commits any AI segment. A worker that dies (the
machine ran out of memory) is replaced, and that segment is thought in a thread instead."""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import random
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from engine import search
from engine.core import Decision

from ..logs import log
from .kinds import Kind, kind

PROCESSES_ENV = "AGORA_AI_PROCESSES"
MAX_STEPS = 1000  # a segment longer than this is a rules bug, not a turn


def processes() -> int:
    """AGORA_AI_PROCESSES: how many worker processes think for strong seats (1 to 16)."""
    try:
        n = int(os.environ.get(PROCESSES_ENV, "1"))
    except ValueError:
        return 1
    return min(16, max(1, n))


def play_segment(k: Kind, state: Any, seat: int, level: str, rng_key: str, *,
                 skip: bool = False) -> tuple[list[Decision], bool]:
    """The seat's decisions until the game no longer waits for it (or ends), at `level`, and
    whether every one was the rules' pass (`skip`: the pass wherever the game has one)."""
    rng = random.Random(rng_key)
    steps: list[Decision] = []
    passed = True
    while len(steps) < MAX_STEPS and seat in k.awaited(state):
        d = k.pass_decision(state, seat) if skip else None
        if d is None:
            passed = False
            d = k.ai_choose(state, seat, level, rng)
        d = k.salted(state, seat, d)
        state, _ = k.rules.apply(state, seat, d)
        steps.append(d)
    return steps, passed


def _in_worker(game_id: str, dumped: dict[str, Any], seat: int, level: str, rng_key: str,
               skip: bool) -> tuple[list[dict[str, Any]], bool]:
    """play_segment in a worker process: the state comes as its stored form, the decisions go
    back as JSON (both cross the process boundary as plain data)."""
    k = kind(game_id)
    steps, passed = play_segment(k, k.rules.load(dumped), seat, level, rng_key, skip=skip)
    return [d.to_json() for d in steps], passed


class Thinker:
    """The AI's segments, each in a thread or (the searching level) in a worker process."""

    def __init__(self, workers: int | None = None, *, isolate: bool = True) -> None:
        self.workers = workers or processes()
        self.isolate = isolate  # False: every level in a thread (benchmarks compare)
        self._pool: ProcessPoolExecutor | None = None

    async def segment(self, k: Kind, state: Any, seat: int, level: str, rng_key: str, *,
                      skip: bool = False) -> tuple[list[Decision], bool]:
        if level != search.LEVEL or not self.isolate:
            return await asyncio.to_thread(play_segment, k, state, seat, level, rng_key,
                                           skip=skip)
        dumped = await asyncio.to_thread(k.rules.dump, state)
        try:
            out, passed = await asyncio.get_running_loop().run_in_executor(
                self._workers(), _in_worker, k.id, dumped, seat, level, rng_key, skip)
        except BrokenProcessPool:
            log("ai_worker_lost", game=k.id, seat=seat)
            self.close()
            return await asyncio.to_thread(play_segment, k, state, seat, level, rng_key,
                                           skip=skip)
        return [Decision.from_json(d) for d in out], passed

    def _workers(self) -> ProcessPoolExecutor:
        if self._pool is None:
            # spawned, not forked: the bot's process has threads (the store's, discord.py's)
            # that a fork would copy in whatever state they were
            self._pool = ProcessPoolExecutor(self.workers,
                                             mp_context=multiprocessing.get_context("spawn"))
            log("ai_workers", processes=self.workers)
        return self._pool

    def close(self) -> None:
        """Stop the workers (a segment being thought is dropped: its turn is played again
        after the restart, as after any shutdown)."""
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
