"""Through the Ages pictures from their memos are the pictures drawn: the table's row tiles,
empty spaces, cost boxes and statistics, a board's technologies, statistics and named boxes,
pasted on a palette picture (render.tta.common.row_tile, render.typeface.memo_region), and each
player's board PNG remembered by everything it is drawn from (render.tta.player.board_inputs).
Compared byte for byte with the drawing while an `overflow_audit` listens (every memo
bypassed), over seeded games of 2, 3 and 4 players, including a moved turn marker and changed
rings (the `last` summary)."""

from __future__ import annotations

import json
from functools import cache
from typing import Any

import pytest

import engine.tta as T
from data.i18n import use_language
from data.tta import CARDS
from render import typeface
from render.tta import common, player, table
from render.tta import palette as pal
from render.tta.cardface import figures
from render.tta.common import card_detail, card_tile, panel, png, ring, row_tile
from render.typeface import TextDraw, overflow_audit
from tests.engine.tta.tta_helpers import builder_game


@cache
def _views(n: int, seed: int, every: int) -> tuple[dict[str, Any], ...]:
    """Spectator views of a seeded random game: its start, every `every`-th decision, its end."""
    return tuple(T.view(s, None) for k, s in builder_game(n, seed)
                 if k % every == 0 or s.result is not None)


def views(n: int, seed: int, every: int) -> list[dict[str, Any]]:
    return list(_views(n, seed, every))  # (never changed in place: variants are new dicts)


def forget() -> None:
    """Every memo the TTA pictures paste from, emptied (the first picture of a process)."""
    typeface._REGIONS.clear()
    common.TILES.clear()
    player.PNGS.clear()
    table.BACKGROUNDS.clear()


def drawn_board(view: dict[str, Any], lang: str) -> bytes:
    """The table drawn without any region memo (an audit bypasses them)."""
    with overflow_audit():
        return table.draw_board(view, lang).tobytes()


def test_a_ring_stays_outside_its_space():
    """The ring around a changed row space (RING_GAP off the card) touches neither that space
    nor any other space or cost box, so nothing it draws falls in a remembered box."""
    v = _views(4, 3, 40)[0]
    boxes = table.layout(v)
    img, d = table.canvas((table.WIDTH, boxes["bottom"][3]), False)
    fill = d.colours.index(pal.NEW_RING)
    spaces = [b for name, b in boxes.items() if name.startswith(("slot:", "cost:"))]
    for slot in range(len(v["row"])):
        ring(d, table.slot_box(v, slot))
    for x0, y0, x1, y1 in spaces:
        inside = img.crop((x0, y0, x1 + 1, y1 + 1))
        assert fill not in {c for _, c in inside.getcolors(1 << 16)}


@pytest.mark.parametrize("lang", ["en", "cs", "de", "pl"])
def test_a_row_tile_from_the_memo_is_the_drawn_card(lang):
    """Every card at the first and the last row space (corner numbers of one and two digits),
    drawn first and then pasted in another place, gives card_tile's pixels."""
    size = (table.CARD_W + 40, table.CARD_H + 40)
    here, there = (20, 20, 20 + table.CARD_W, 20 + table.CARD_H), (
        10, 30, 10 + table.CARD_W, 30 + table.CARD_H)
    common.TILES.clear()

    def tile(draw: Any, box: tuple[int, int, int, int], card: str, corner: str) -> bytes:
        img = pal.PAL.new(size, pal.BACKGROUND)
        d = TextDraw(img)
        panel(d, (0, 0, size[0] - 1, size[1] - 1))
        draw(d, box, card, lang, card_detail(card, lang), name_lines=3, corner=corner,
             figures=figures(card, lang, key_only=True), style=table.ROW_TILE)
        return img.tobytes()

    for card in sorted(CARDS):
        for corner in ("1", "13"):
            want = tile(card_tile, there, card, corner)
            assert tile(row_tile, here, card, corner) == tile(card_tile, here, card, corner)
            assert tile(row_tile, there, card, corner) == want, (card, corner)
    assert len(common.TILES) > 0


@pytest.mark.parametrize("style", [common.TILE, table.ROW_TILE])
def test_a_card_keeps_its_face_from_a_two_digit_space_to_a_one_digit_one(style):
    """A face is remembered by its detail line as drawn, not by the width of the space's
    number: a card moving from space 10 to space 9 is pasted from the face drawn at 10 when its
    detail fits beside both numbers, and drawn again when the detail must be cut differently.
    Either way the pixels are card_tile's."""
    size = (table.CARD_W + 40, table.CARD_H + 40)
    box = (20, 20, 20 + table.CARD_W, 20 + table.CARD_H)
    card = next(c for c in sorted(CARDS) if card_detail(c, "en"))

    def tile(draw: Any, detail: str, corner: str) -> bytes:
        img = pal.PAL.new(size, pal.BACKGROUND)
        d = TextDraw(img)
        panel(d, (0, 0, size[0] - 1, size[1] - 1))
        draw(d, box, card, "en", detail, name_lines=3, corner=corner, style=style)
        return img.tobytes()

    long = "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15"  # cut beside either number, not alike
    for detail, faces in ((card_detail(card, "en"), 1), (long, 2)):
        if style.wrap_detail:  # the row's tiles wrap it instead: as many faces as wrappings
            faces = len({common._detail_fit(box[2] - box[0], detail,
                                            common._reserve(c, style), style)
                         for c in ("10", "9")})
        common.TILES.clear()
        for corner in ("10", "9"):
            assert tile(row_tile, detail, corner) == tile(card_tile, detail, corner)
        assert len(common.TILES) == faces, detail


@pytest.mark.parametrize(("n", "seed", "lang"), [(2, 11, "cs"), (3, 12, "de"), (4, 13, "en")])
def test_the_table_from_its_memos_is_the_drawn_one(n, seed, lang):
    """Turn after turn (memos warm from the previous views), cold, and again warm: the same
    pixels and the same PNG bytes as the table drawn with no memo."""
    forget()
    for v in views(n, seed, 7):
        want = drawn_board(v, lang)
        assert table.draw_board(v, lang).tobytes() == want  # memos from the earlier views
        assert table.board_png(v, lang) == png(table.draw_board(v, lang))
    for v in views(n, seed, 29):
        forget()
        want = drawn_board(v, lang)
        assert table.draw_board(v, lang).tobytes() == want  # cold
        assert table.draw_board(v, lang).tobytes() == want  # every region pasted


def _variants(v: dict[str, Any], k: int) -> list[dict[str, Any]]:
    """The view; with its turn marker moved on; with seat k's rings changed; without rings;
    after a JSON round trip (seat keys of `last` as strings); over."""
    n = len(v["players"])
    q = k % n
    last = {"slots": [0], "seats": {str(q): {"cards": list(v["players"][q]["techs"][:2]),
                                              "parts": ["culture", "hand", "yellow"]}}}
    out = [v, dict(v, last=last), dict(v, last=None), json.loads(json.dumps(v)),
           dict(v, result={"winners": [0]})]
    if v.get("result") is None:
        out.append(dict(v, turn=(v["turn"] + 1) % n))
    return out


@pytest.mark.parametrize(("n", "seed", "lang", "every"), [(2, 21, "pl", 13), (3, 22, "en", 23),
                                                          (4, 23, "cs", 41)])
def test_a_board_png_from_the_memo_is_a_fresh_encode(n, seed, lang, every):
    """player_png, remembered across views, turn markers and rings, is the PNG of the board
    drawn with no memo, for every seat at every point; so is draw_player's picture, its
    technologies, statistics and named boxes pasted from the region memo."""
    forget()
    calls = 0
    for k, v in enumerate(views(n, seed, every)):
        for w in _variants(v, k):
            for q in range(n):
                with overflow_audit():
                    want = player.draw_player(w, q, lang)
                assert player.draw_player(w, q, lang).tobytes() == want.tobytes(), q
                assert player.player_png(w, q, lang) == png(want), q
                calls += 1
    assert 0 < len(player.PNGS) < min(calls, player.PNG_MEMO)  # some were remembered


def test_a_board_reads_only_its_inputs():
    """A board is the same drawn from the whole view and from a view holding only what
    board_inputs takes (the seat's part, result, turn, its rings); a ring or the turn marker
    changes it, what other seats or the table hold does not."""
    forget()
    v = views(3, 5, 50)[3]
    for q in range(3):
        mine = {str(q): {"cards": v["players"][q]["techs"][:1], "parts": ["science"]}}
        full = dict(v, turn=q, last={"slots": [1, 2], "seats": mine})
        bare = {"players": [{} for _ in range(3)], "turn": q, "result": None,
                "last": {"seats": mine}}
        bare["players"][q] = full["players"][q]
        assert player.board_inputs(full, q) == player.board_inputs(bare, q)
        want = png(player.draw_player(full, q, "de"))
        assert png(player.draw_player(bare, q, "de")) == want
        assert player.player_png(bare, q, "de") == want
        assert player.player_png(full, q, "de") == want  # the same key: from the memo
        others = dict(full, row=[None] * len(v["row"]), age="III",
                      players=[p if i == q else dict(p, culture=999)
                               for i, p in enumerate(v["players"])])
        assert player.player_png(others, q, "de") == want
        assert player.player_png(dict(full, turn=(q + 1) % 3), q, "de") != want
        assert player.player_png(dict(full, last=None), q, "de") != want
        assert player.player_png(full, q, "en") != want


def test_the_memo_is_bounded_and_not_used_while_auditing():
    forget()
    v = views(2, 7, 40)[2]
    for k in range(player.PNG_MEMO + 10):
        player.player_png(dict(v, players=[dict(v["players"][0], culture=k),
                                           v["players"][1]]), 0)
    # bounded in entries and in bytes, whichever comes first (issue 27)
    assert len(player.PNGS) == player.PNG_MEMO or (
        player.PNG_MEMO_BYTES - 100_000 < player.PNGS.bytes <= player.PNG_MEMO_BYTES)
    named = dict(v["players"][0], name="A very long player name, thirty-two, and more")
    wide = dict(v, players=[named, v["players"][1]])
    player.player_png(wide, 0)
    with overflow_audit() as found:  # drawn again, so that its overflow is measured
        player.player_png(wide, 0)
    assert [o.text for o in found] == [named["name"]]


def test_a_board_without_a_locale_is_remembered_in_the_context_language():
    """With no locale a board is written in the context's language (data.i18n.use_language):
    the memos hold that language, never None, so another context's board is not pasted."""
    forget()
    v = views(2, 7, 40)[2]
    with use_language("cs"):
        cs = player.player_png(v, 0)
    with use_language("en"):
        assert player.player_png(v, 0) == player.player_png(v, 0, "en") != cs
        assert png(player.draw_player(v, 1)) == png(player.draw_player(v, 1, "en"))
