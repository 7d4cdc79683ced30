"""A bounded memo for pictures and parts of pictures: the least recently used entry goes first
when it is full, and it is safe across threads (the bot draws pictures in worker threads)."""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any


class Memo:
    """Up to `limit` entries; `get` gives None for a key it does not hold."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._items: OrderedDict[Any, Any] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Any) -> Any:
        with self._lock:
            value = self._items.get(key)
            if value is not None:
                self._items.move_to_end(key)
            return value

    def put(self, key: Any, value: Any) -> None:
        with self._lock:
            self._items[key] = value
            self._items.move_to_end(key)
            while len(self._items) > self.limit:
                self._items.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._items.clear()

    def __len__(self) -> int:
        return len(self._items)
