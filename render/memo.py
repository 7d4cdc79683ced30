"""A bounded memo for pictures and parts of pictures: the least recently used entry goes first
when it holds more than its entries or its bytes allow, and it is safe across threads (the bot
draws pictures in worker threads).

A memo is bounded in bytes as well as in entries because its entries differ a hundredfold in
size (a province's region of a board is a few kB in the palette and a few hundred kB in RGB):
issue 27 found a memo of 1,024 regions holding 93 MB."""

from __future__ import annotations

import functools
import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Any, TypeVar

V = TypeVar("V")


def weight(value: Any) -> int:
    """About the bytes `value` holds: an image or image core (Pillow keeps a pixel of RGB or
    RGBA in 4 bytes, of the palette, grey or bilevel in 1), bytes, or a tuple or list of
    those; 0 for anything else."""
    if isinstance(value, (bytes, bytearray, memoryview)):
        return len(value)
    if isinstance(value, (tuple, list)):
        return sum(weight(v) for v in value)
    size, mode = getattr(value, "size", None), getattr(value, "mode", None)
    if isinstance(size, tuple) and isinstance(mode, str):
        return size[0] * size[1] * (1 if mode in ("1", "L", "P") else 4)
    return 0


class Memo:
    """Up to `limit` entries and `max_bytes` bytes (by `weight`); `get` gives None for a key it
    does not hold. An entry bigger than `max_bytes` is not kept."""

    def __init__(self, limit: int, max_bytes: int) -> None:
        self.limit = limit
        self.max_bytes = max_bytes
        self.bytes = 0
        self._items: OrderedDict[Any, tuple[Any, int]] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Any) -> Any:
        with self._lock:
            found = self._items.get(key)
            if found is None:
                return None
            self._items.move_to_end(key)
            return found[0]

    def put(self, key: Any, value: Any) -> None:
        size = weight(value)
        with self._lock:
            old = self._items.pop(key, None)
            if old is not None:
                self.bytes -= old[1]
            if size > self.max_bytes:
                return
            self._items[key] = (value, size)
            self.bytes += size
            while len(self._items) > self.limit or self.bytes > self.max_bytes:
                _, (_, gone) = self._items.popitem(last=False)
                self.bytes -= gone

    def clear(self) -> None:
        with self._lock:
            self._items.clear()
            self.bytes = 0

    def __len__(self) -> int:
        return len(self._items)


def memoized(limit: int, max_bytes: int) -> Callable[[Callable[..., V]], Callable[..., V]]:
    """Like functools.lru_cache, but bounded in bytes (by `weight`) as well as in entries: for
    functions that return pictures or parts of pictures, and never None. The cache is the
    function's `memo`, emptied by its `cache_clear()`."""

    def wrap(fn: Callable[..., V]) -> Callable[..., V]:
        memo = Memo(limit, max_bytes)

        @functools.wraps(fn)
        def memoized_fn(*args: Any) -> V:
            found = memo.get(args)
            if found is None:
                found = fn(*args)
                memo.put(args, found)
            return found

        memoized_fn.memo = memo  # type: ignore[attr-defined]
        memoized_fn.cache_clear = memo.clear  # type: ignore[attr-defined]
        return memoized_fn

    return wrap
