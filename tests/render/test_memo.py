"""render/memo.py: the picture memos are bounded in bytes as well as in entries (issue 27: a
memo of 1,024 regions held 93 MB), the least recently used entry going first."""

from __future__ import annotations

from PIL import Image

from render.memo import Memo, weight


def test_the_weight_of_pictures_and_bytes():
    assert weight(Image.new("P", (10, 20))) == 200
    assert weight(Image.new("RGB", (10, 20))) == 800  # Pillow keeps RGB in 4 bytes a pixel
    assert weight(Image.new("L", (10, 20)).im) == 200  # an image core too
    assert weight((Image.new("RGB", (1, 1)), b"abc")) == 7
    assert weight("a key, not a picture") == 0


def test_the_least_recently_used_goes_first_when_the_bytes_run_out():
    memo = Memo(limit=100, max_bytes=1000)
    for key in "abc":
        memo.put(key, b"x" * 300)
    assert memo.get("a") is not None  # a is used again: b is now the oldest
    memo.put("d", b"x" * 300)
    assert memo.get("b") is None and len(memo) == 3 and memo.bytes == 900
    memo.put("a", b"x" * 50)  # a replaced: its old bytes are not counted twice
    assert memo.bytes == 650


def test_entries_are_bounded_too_and_one_too_big_is_not_kept():
    memo = Memo(limit=2, max_bytes=10_000)
    for key in "abc":
        memo.put(key, b"x")
    assert memo.get("a") is None and len(memo) == 2
    memo.put("huge", b"x" * 10_001)
    assert memo.get("huge") is None and len(memo) == 2
    memo.clear()
    assert len(memo) == 0 and memo.bytes == 0
