"""bot/host/memory.py: on glibc (this machine, CI, the Docker image) malloc's mmap threshold is
fixed and a trim gives freed pictures back; the RSS drop is measured by
benchmarks/bench_memory.py, here that the calls take effect."""

from __future__ import annotations

import platform
from pathlib import Path

from bot.host import memory


def rss_kb() -> int:
    status = Path("/proc/self/status").read_text()
    return int(next(x for x in status.splitlines() if x.startswith("VmRSS")).split()[1])


def test_the_threshold_is_fixed_and_freed_memory_goes_back():
    assert platform.libc_ver()[0] == "glibc"
    assert memory.tune() is True
    # 200 blocks of 64 kB (below the threshold: from the heap), written to (so their pages are
    # resident), then all but the last freed; the heap's free pages are returned first, so
    # that the blocks cannot reuse pages already resident
    memory.give_back()
    before = rss_kb()
    blocks = [bytearray(b"\x01" * 64 * 1024) for _ in range(200)]
    grown = rss_kb()
    del blocks[:-1]
    memory.give_back()
    assert grown - before > 10_000  # they were really there (12.5 MB)
    assert rss_kb() - before < (grown - before) / 2  # and most of it went back
