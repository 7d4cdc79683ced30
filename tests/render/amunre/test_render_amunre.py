"""Amun-Re pictures (render/amunre): PNG bytes from views at many points of seeded random games,
the same bytes for the same view, nothing hidden on the board, nothing of other seats on a hand,
and province owners that stay apart at Discord's inline width (480 px)."""

from __future__ import annotations

import io
import random
from functools import cache

import pytest
from PIL import Image

import engine.amunre as A
from engine.simulate import player_names, random_step
from render.amunre import board, board_png, hand_png
from render.amunre import palette as pal

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
INLINE_W = 480


@cache
def _positions(n: int, seed: int) -> tuple:
    """Clones of a seeded random game's state at its first position of every (round, phase) (in
    the auction also the first with a bid on the table), and the final one."""
    s = A.new_game(player_names(n), seed)
    rng = random.Random(seed)
    seen: dict[tuple, A.game.State] = {}
    while True:
        bids = s.auction is not None and any(m is not None for m in s.auction["markers"])
        seen.setdefault((s.round, s.phase, bids), s.clone())
        if (step := random_step(A, s, rng)) is None:
            break
        s, _ = A.apply(s, *step, in_place=True)
    seen[("end", "over")] = s.clone()
    return tuple(seen.values())


def positions(n: int, seed: int = 3) -> list:
    return [s.clone() for s in _positions(n, seed)]


def decode(data: bytes) -> Image.Image:
    return Image.open(io.BytesIO(data)).convert("RGB")


def inline(img: Image.Image) -> tuple[Image.Image, float]:
    scale = INLINE_W / img.width
    return img.resize((INLINE_W, round(img.height * scale)), Image.LANCZOS), scale


@pytest.mark.parametrize("n", [3, 4, 5])
def test_board_and_hands_are_pngs_at_every_point_of_a_game(n):
    states = positions(n)
    assert len(states) > 20  # every phase of six rounds
    for s in states[:: max(1, len(states) // 8)] + [states[-1]]:
        data = board_png(A.view(s, None))
        assert data.startswith(PNG_MAGIC)
        img = decode(data)
        assert img.width == board.WIDTH and img.height >= 900
        for seat in range(n):
            hand = hand_png(A.view(s, seat))
            assert hand.startswith(PNG_MAGIC)
            assert decode(hand).width == 960


def test_same_view_same_bytes():
    for s in positions(4)[5:40:7]:
        v = A.view(s, None)
        assert board_png(v) == board_png(v) == board_png(A.view(s.clone(), None))
        mine = A.view(s, 1)
        assert hand_png(mine) == hand_png(A.view(s.clone(), 1))


def _hide_differently(s, seats):
    """The same public position with other gold and power cards for `seats`."""
    other = s.clone()
    for q in seats:
        p = other.players[q]
        p.gold += 17
        p.cards = list(reversed(p.cards)) + ["G8", "BB"]
    return other


@pytest.mark.parametrize("n", [3, 5])
def test_spectator_board_ignores_hidden_information(n):
    for s in positions(n)[::4]:
        other = _hide_differently(s, range(1, n))
        assert board_png(A.view(s, None)) == board_png(A.view(other, None))
        # a seat's own view gives the public picture too: its hand is never on the board
        assert board_png(A.view(s, 0)) == board_png(A.view(s, None))


def test_hand_shows_nothing_of_other_seats():
    for s in positions(4)[::3]:
        other = _hide_differently(s, (1, 2, 3))
        for q in (1, 2, 3):  # public facts of other seats too
            other.players[q].score += 5
            other.players[q].name = f"Someone {q}"
        assert hand_png(A.view(s, 0)) == hand_png(A.view(other, 0))
        changed = _hide_differently(s, (0,))
        assert hand_png(A.view(s, 0)) != hand_png(A.view(changed, 0))


def test_hand_needs_a_seat_view():
    with pytest.raises(ValueError, match="seat"):
        hand_png(A.view(positions(3)[3], None))


def pixels(img: Image.Image) -> list[tuple[int, int, int]]:
    raw = img.tobytes()
    return [(raw[i], raw[i + 1], raw[i + 2]) for i in range(0, len(raw), 3)]


def _near(px: tuple[int, int, int], c: tuple[int, int, int], tol: int = 40) -> bool:
    return sum((a - b) ** 2 for a, b in zip(px, c, strict=True)) <= tol * tol


def test_owner_colours_survive_the_inline_width():
    """At 480 px every owned province's name band is still mostly its owner's colour, and more
    of that colour than of any other seat's."""
    for n in (4, 5):
        s = positions(n)[-1]
        v = A.view(s, None)
        small, scale = inline(decode(board_png(v)))
        owned = [pv for pv in v.provinces.values() if pv.owner is not None]
        assert owned
        for pv in owned:
            x0, y0, x1, y1 = board.band_box(pv.name)
            box = (round(x0 * scale) + 2, round(y0 * scale) + 2, round(x1 * scale) - 2,
                   round(y1 * scale) - 1)
            found = pixels(small.crop(box))
            counts = {c: sum(_near(px, pal.PLAYER[c]) for px in found) for c in pal.PLAYER}
            mine = v.players[pv.owner].colour
            assert counts[mine] >= 0.4 * len(found), (pv.name, mine, counts, len(found))
            assert counts[mine] == max(counts.values())


def test_an_unowned_province_shows_no_seat_colour_at_the_inline_width():
    s = positions(3)[2]
    v = A.view(s, None)
    small, scale = inline(decode(board_png(v)))
    free = [pv.name for pv in v.provinces.values() if pv.owner is None]
    assert free
    x0, y0, x1, y1 = board.band_box(free[0])
    found = pixels(small.crop((round(x0 * scale) + 2, round(y0 * scale) + 2,
                               round(x1 * scale) - 2, round(y1 * scale) - 1)))
    for c in pal.PLAYER.values():
        assert sum(_near(px, c) for px in found) < 0.2 * len(found)


def test_pyramids_show_at_the_inline_width():
    s = positions(4)[-1]
    v = A.view(s, None)
    small, scale = inline(decode(board_png(v)))
    with_pyramids = [pv.name for pv in v.provinces.values() if pv.pyramids]
    assert with_pyramids
    for name in with_pyramids:
        x0, y0, x1, y1 = board.province_box(name)
        plain = small.crop((round(x0 * scale), round((y0 + board.BAND_H + 40) * scale),
                            round(x1 * scale), round((y0 + board.BAND_H + 84) * scale)))
        assert sum(_near(px, pal.PYRAMID, 50) for px in pixels(plain)) >= 8, name


def test_auction_bids_are_drawn_in_the_bidders_colours():
    for s in positions(5):
        v = A.view(s, None)
        if v.phase == "auction" and any(p.marker for p in v.players):
            break
    else:
        pytest.fail("no auction with a bid")
    img = decode(board_png(v))
    panel = img.crop(board.offer_box())
    colours = set(pixels(panel))
    for p in v.players:
        if p.marker:
            assert pal.PLAYER[p.colour] in colours
