"""How the log's rows and the snapshots are stored: JSON, deflated with a small dictionary of
the JSON every game writes, so that even a row of a hundred bytes compresses (README.md,
"Storage and speed"). Both backends store the same bytes."""

from __future__ import annotations

import json
import zlib
from typing import Any


def dumps(value: Any) -> str:
    """Canonical JSON (sorted keys, no spaces) for the columns stored as text."""
    return json.dumps(value, separators=(",", ":"), sort_keys=True)


# Fragments of the JSON every game writes (decisions, events, states), so that even a row of a
# hundred bytes compresses. The first byte of a packed value names this format.
ZDICT = (b'"seat":0},{"args":{"seat":1,"count":2,"kind":"","template":"turn"},'
         b'{"args":{},"kind":"take","from":"display","card":"","field":"","players":[')
PACKED_V1 = b"\x01"


def pack(value: Any) -> bytes:
    """JSON, deflated with the dictionary: what the log and the snapshots store."""
    z = zlib.compressobj(6, zlib.DEFLATED, -15, 9, zlib.Z_DEFAULT_STRATEGY, ZDICT)
    # keys in the order the game wrote them (its to_json order, always the same): sorting a
    # state's keys cost a third of packing it, and nothing compares packed bytes
    text = json.dumps(value, separators=(",", ":"))
    return PACKED_V1 + z.compress(text.encode()) + z.flush()


def unpack(data: bytes | str) -> Any:
    """A stored value: packed (bytes), or the JSON text of a row written before version 5."""
    if isinstance(data, str):
        return json.loads(data)
    if data[:1] != PACKED_V1:
        raise ValueError("unknown packed format")
    z = zlib.decompressobj(-15, ZDICT)
    return json.loads(z.decompress(data[1:]) + z.flush())
