"""The process's memory: glibc's malloc kept from hoarding the pixels of freed pictures, and
freed memory given back to the system.

Issue 27 measured the bot's RSS growing by 110-150 MB per finished game and never shrinking,
though the pictures were freed: glibc raises its mmap threshold to the largest block freed (up
to 32 MB), after which a picture's pixels come from the heap, and the heap keeps its holes. A
fixed threshold maps every block of 128 kB or more by itself (and unmaps it when freed), and a
trim after the big drawings (the end-of-game replay) returns the heap's free pages. Elsewhere
than glibc (musl, macOS) both do nothing."""

from __future__ import annotations

import ctypes
import sys
from functools import cache
from typing import Any

M_MMAP_THRESHOLD = -3  # mallopt's parameter numbers (malloc.h)
MMAP_THRESHOLD = 128 * 1024  # glibc's own starting value, kept fixed


@cache
def _glibc() -> Any:
    if not sys.platform.startswith("linux"):
        return None
    try:
        libc = ctypes.CDLL("libc.so.6")
        libc.mallopt, libc.malloc_trim  # noqa: B018  (glibc has both; musl has neither)
    except (OSError, AttributeError):
        return None
    return libc


def tune() -> bool:
    """Fix malloc's mmap threshold (call once, at the start of a long-running process); False
    where this is not glibc."""
    libc = _glibc()
    return bool(libc and libc.mallopt(M_MMAP_THRESHOLD, MMAP_THRESHOLD))


def give_back() -> None:
    """Return the heap's free pages to the system (glibc's malloc_trim)."""
    libc = _glibc()
    if libc is not None:
        libc.malloc_trim(0)
