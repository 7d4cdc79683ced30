"""Through the Ages pictures (render/tta): the table, one board per player and the private hand,
from views at several points of seeded games of 2, 3 and 4 players, in all four languages:
PNG bytes, no text overflowing its box, the palette drawing equal to the RGB reference, nothing
hidden on a public picture, the big numbers and kind colours still there at Discord's inline
width (480 px), and the magenta ring on what changed last."""

from __future__ import annotations

import io
from functools import cache
from typing import Any

import pytest
from PIL import Image, ImageChops

import engine.tta as T
from data.i18n import LANGUAGES
from data.tta import CARDS
from engine.core import Decision
from render.tta import board_png, hand_png, player_png, player_pngs
from render.tta import hand as hand_mod
from render.tta import palette as pal
from render.tta import player as player_mod
from render.tta import table as table_mod
from render.typeface import overflow_audit
from tests.engine.tta.tta_helpers import builder_game, view_changes

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
INLINE_W = 480
TOLERANCE = 16  # pixels where text meets other text's anti-aliased edge (test_render_palette)
# decisions weighted toward growth, so boards fill up with workers, wonders and leaders


@cache
def _positions(n: int, seed: int) -> tuple[Any, ...]:
    """Clones of a seeded game's state at its start, after 40, 120 and 250 decisions, and at
    its end."""
    out = []
    for k, s in builder_game(n, seed):
        if k in (0, 40, 120, 250) or s.result is not None:
            out.append(s.clone())
    return tuple(out)


def positions(n: int, seed: int = 3) -> list[Any]:
    return [s.clone() for s in _positions(n, seed)]


def decode(data: bytes) -> Image.Image:
    return Image.open(io.BytesIO(data)).convert("RGB")


def inline(img: Image.Image) -> tuple[Image.Image, float]:
    scale = INLINE_W / img.width
    return img.resize((INLINE_W, round(img.height * scale)), Image.LANCZOS), scale


def pictures(s: Any, lang: str) -> list[bytes]:
    public = T.view(s, None)
    out = [board_png(public, lang), *player_pngs(public, lang)]
    out += [hand_png(T.view(s, q), lang) for q in range(s.n)]
    return out


@pytest.mark.parametrize("n", [2, 3, 4])
def test_every_picture_in_every_language_without_overflow(n):
    problems = []
    for s in positions(n):
        for lang in LANGUAGES:
            with overflow_audit() as found:
                drawn = pictures(s, lang)
            assert all(p.startswith(PNG_MAGIC) for p in drawn)
            problems += [(lang, s.round, o.text, o.width, o.room) for o in found]
    assert problems == []


def test_picture_sizes():
    s = positions(4)[2]
    v = T.view(s, None)
    assert decode(board_png(v)).size[0] == table_mod.WIDTH == 960
    for q in range(4):
        img = decode(player_png(v, q))
        assert img.width == player_mod.WIDTH == 960 and 1000 <= img.height <= 2000
    assert decode(hand_png(T.view(s, 0))).width == hand_mod.WIDTH


def test_each_language_draws_its_own_words():
    v = T.view(positions(3)[2], None)
    assert len({board_png(v, lang) for lang in LANGUAGES}) == len(LANGUAGES)
    assert len({player_png(v, 0, lang) for lang in LANGUAGES}) == len(LANGUAGES)


def test_same_view_same_bytes():
    for s in positions(3)[1:]:
        v = T.view(s, None)
        assert board_png(v) == board_png(T.view(s.clone(), None))
        assert player_png(v, 1) == player_png(T.view(s.clone(), None), 1)


def differing(fast: Image.Image, reference: Image.Image) -> int:
    assert fast.mode == "P" and reference.mode == "RGB" and fast.size == reference.size
    diff = ImageChops.difference(fast.convert("RGB"), reference).convert("L")
    return sum(diff.point([0] + [1] * 255).histogram()[1:])


@pytest.mark.parametrize(("n", "index", "lang"), [(2, 1, "cs"), (3, 3, "de"), (4, 4, "pl"),
                                                   (4, 2, "en")])
def test_palette_drawing_matches_the_rgb_reference(n, index, lang):
    s = positions(n)[index]
    public = T.view(s, None)
    draws = [lambda rgb: table_mod.draw_board(public, lang, rgb)]
    draws += [lambda rgb, q=q: player_mod.draw_player(public, q, lang, rgb) for q in range(n)]
    draws += [lambda rgb, q=q: hand_mod.draw_hand(T.view(s, q), lang, rgb) for q in range(n)]
    for i, draw in enumerate(draws):
        fast, reference = draw(False), pal.PAL.quantize(draw(True)).convert("RGB")
        assert differing(fast, reference) <= TOLERANCE, (n, index, i)


def _hide_differently(s: Any) -> Any:
    """The same public position with other cards in every hand (same counts)."""
    other = s.clone()
    for p in other.players:
        p.hand = ["code_of_laws_i"] * len(p.hand)
        p.military = ["barbarians_i"] * len(p.military)
        p.taken = []
    return other


@pytest.mark.parametrize("n", [2, 4])
def test_public_pictures_ignore_what_the_hands_hold(n):
    for s in positions(n)[1:]:
        other = _hide_differently(s)
        public, hidden = T.view(s, None), T.view(other, None)
        assert board_png(public) == board_png(hidden)
        assert player_pngs(public) == player_pngs(hidden)
        # a seat's own view gives the public pictures: its hand is never on them
        assert board_png(T.view(s, 0)) == board_png(public)
        assert player_png(T.view(s, 0), 0) == player_png(public, 0)


def test_hand_shows_the_own_hand_only():
    for s in positions(3)[1:]:
        other = _hide_differently(s)
        other.players[0] = s.clone().players[0]
        for q in (1, 2):
            other.players[q].culture += 7
        assert hand_png(T.view(s, 0)) == hand_png(T.view(other, 0))
        changed = s.clone()
        changed.players[0].hand = [*changed.players[0].hand, "code_of_laws_i"]
        assert hand_png(T.view(s, 0)) != hand_png(T.view(changed, 0))


def test_hand_needs_a_seat_view():
    with pytest.raises(ValueError, match="seat"):
        hand_png(T.view(positions(2)[1], None))


def pixels(img: Image.Image) -> list[tuple[int, int, int]]:
    raw = img.tobytes()
    return [(raw[i], raw[i + 1], raw[i + 2]) for i in range(0, len(raw), 3)]


def _near(px: tuple[int, int, int], c: tuple[int, int, int], tol: int = 40) -> bool:
    return sum((a - b) ** 2 for a, b in zip(px, c, strict=True)) <= tol * tol


def _rows_with(img: Image.Image, colour: tuple[int, int, int], tol: int = 60) -> int:
    """How many pixel rows of `img` hold at least one pixel near `colour`."""
    w, h = img.size
    found = pixels(img)
    return sum(any(_near(found[y * w + x], colour, tol) for x in range(w)) for y in range(h))


def _scaled(box: tuple[int, int, int, int], scale: float) -> tuple[int, int, int, int]:
    return tuple(round(c * scale) for c in box)  # type: ignore[return-value]


def test_big_numbers_stay_big_at_the_inline_width():
    """At 480 px the culture and science points on a board are still at least 14 px tall
    (the minimum type size is 12 px at full size)."""
    s = positions(3)[3]
    v = T.view(s, None)
    for q in range(3):
        small, scale = inline(decode(player_png(v, q)))
        boxes = player_mod.layout(v["players"][q])
        for part, colour in (("culture", pal.CULTURE), ("science", pal.SCIENCE)):
            crop = small.crop(_scaled(boxes[part], scale))
            assert _rows_with(crop, colour) >= 14, (q, part)


def test_card_kinds_and_seat_colours_survive_the_inline_width():
    s = positions(4)[2]
    v = T.view(s, None)
    small, scale = inline(decode(board_png(v)))
    from render.tta.common import kind_of
    for slot, card in enumerate(v["row"]):
        if card is None:
            continue
        x0, y0, x1, _ = table_mod.slot_box(v, slot)
        band = small.crop(_scaled((x0 + 6, y0 + 4, x1 - 6, y0 + 26), scale))
        found = pixels(band)
        band_colour = pal.KIND_BAND[kind_of(card)]
        assert sum(_near(p, band_colour) for p in found) >= 0.5 * len(found), card
    for q, pv in enumerate(v["players"]):
        x0, y0, _, _ = table_mod.layout(v)[f"track:{q}"]
        chip = small.crop(_scaled((x0 + 4, y0 + 8, x0 + 36, y0 + 40), scale))
        found = pixels(chip)
        assert sum(_near(p, pal.PLAYER[pv["colour"]]) for p in found) >= 0.4 * len(found)


def _ring_pixels(img: Image.Image, box: tuple[int, int, int, int]) -> int:
    x0, y0, x1, y1 = box
    crop = img.crop((x0 - 8, y0 - 8, x1 + 8, y1 + 8))
    return sum(1 for p in pixels(crop) if p == pal.NEW_RING)


def test_the_last_change_is_ringed():
    """A take: `view_changes` between the views before and after names the emptied space and the
    taker's hand count; given as the view's `last`, the table rings the space and the board
    rings the hand count; a view without it rings nothing on the boards."""
    s = T.new_game(3, 5, {"start_player": 0})
    before = T.view(s, None)
    after_state, _ = T.apply(s, 0, Decision("take", {"slot": 2}))
    # the view as it was before the engine carried its own `last` (this test gives its own)
    after = {k: v for k, v in T.view(after_state, None).items() if k != "last"}
    last = view_changes(before, after)
    assert last["slots"] == [2]
    assert 0 in last["seats"] and "hand" in last["seats"][0]["parts"]
    assert set(last["seats"]) == {0}
    ringed = dict(after, last=last)
    table = decode(board_png(ringed))
    box = table_mod.slot_box(after, 2)
    assert _ring_pixels(table, box) > 200
    assert _ring_pixels(table, table_mod.slot_box(after, 3)) < _ring_pixels(table, box) / 4
    # a board rings only its own changes
    board = decode(player_png(ringed, 0))
    assert decode(player_png(after, 0)) != board
    assert sum(1 for p in pixels(board) if p == pal.NEW_RING) > 0
    other = decode(player_png(ringed, 1))
    assert sum(1 for p in pixels(other) if p == pal.NEW_RING) == 0
    # without a summary the table still rings the space emptied since the last refill
    plain = decode(board_png(after))
    assert _ring_pixels(plain, box) > 200


def test_a_changed_technology_is_ringed_on_its_card():
    s = positions(3)[2]
    v = T.view(s, None)
    pv = v["players"][1]
    card = next(c for c in pv["techs"] if pv["workers"].get(c, 0))
    last = {"slots": [], "seats": {"1": {"cards": [card], "parts": ["culture", "yellow"]}}}
    img = decode(player_png(dict(v, last=last), 1))
    boxes = player_mod.layout(pv)
    for name in (f"card:{card}", "culture", "yellow"):
        assert _ring_pixels(img, boxes[name]) > 200, name
    assert _ring_pixels(img, boxes["military"]) == 0


LONG_NAME = "A very long player name, thirty-two"


def _crowded(view: dict[str, Any]) -> dict[str, Any]:
    """A view with every part full: the longest names, many technologies, wonders built and
    in progress, colonies, a tactic, a full tactics area, and big numbers."""
    v = dict(view)
    players = [dict(p) for p in v["players"]]
    techs = sorted(c for c, card in CARDS.items() if card.is_technology
                   and card.kind != "government")[:22]
    wonders = sorted(c for c, card in CARDS.items() if card.kind == "wonder")
    territories = sorted(c for c, card in CARDS.items() if card.kind == "territory")
    tactics = sorted(c for c, card in CARDS.items() if card.kind == "tactic")
    p = players[0]
    p.update(techs=techs, workers={c: 4 for c in techs}, blue={c: 12 for c in techs},
             government="constitutional_monarchy_ii", leader="maximilien_robespierre_ii",
             wonder="transcontinental_railroad_ii", wonder_stages=2, wonders=wonders[:7],
             colonies=territories[:6], tactic=tactics[0], culture=1234, science=999,
             culture_rating=88, science_rating=77, strength=123, discontent=8,
             yellow_bank=24, blue_bank=22, pool=18, corruption=6, consumption=6,
             hand_count=11, military_count=9, name=LONG_NAME)
    players[0] = p
    v.update(players=players, tactics_area=tactics[:9], round=23, last_round=24,
             row=["transcontinental_railroad_ii", "constitutional_monarchy_ii",
                  *v["row"][2:]])
    return v


def test_a_crowded_table_and_board_fit_in_every_language():
    v = _crowded(T.view(positions(4)[2], None))
    for lang in LANGUAGES:
        with overflow_audit() as found:
            table = decode(board_png(v, lang))
            board = decode(player_png(v, 0, lang))
        # only the player's name (any length a Discord name may have) is shortened
        assert {o.text for o in found} <= {LONG_NAME}, (lang, found)
        assert table.height <= 2000 and board.height <= 2600


def test_the_tutorials_final_round_is_not_called_age_iii():
    """After Age II the tutorial plays one final round without cards (T-TEND-1): the table's
    header and its age tile say so, never "Age III"; while Age II ends mid-round, the header
    keeps Age II and its note names the final round."""
    v = dict(T.view(positions(3)[0], None))
    v.update(age="III", round=13, last_round=13)
    for lang in LANGUAGES:
        title, note = table_mod.header_words(v, lang)
        assert "III" not in title and note == "", (lang, title)
    assert table_mod.header_words(v, "en") == ("Round 13 · final round", "")
    assert table_mod.header_words(v, "de") == ("Runde 13 · letzte Runde", "")
    v.update(round=12)
    assert table_mod.header_words(v, "en") == ("Round 12 · Age II", "Last round: 13")
    v.update(age="II", last_round=None)
    assert table_mod.header_words(v, "en") == ("Round 12 · Age II", "")
