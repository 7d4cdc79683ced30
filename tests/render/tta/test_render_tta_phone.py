"""The Through the Ages table read on a phone (issue 29): players see the 960 px table about
480 px wide, so every text of it is drawn at 18 px at least (9 px there) and the card row's and
the tactics area's card names, key figures, costs and space numbers at 20 px at least (10 px
there), in every language. Measured on the texts the table really draws (every call of the
drawing's `text`, memos bypassed by the overflow audit) for tutorial games of 2 to 4 players
(the game over included), a crowded table, and the full game's Age III and IV tables with wars
and pacts; nothing is cut while drawing (the audit hears every `fit`), and every row card still
shows its name, its cost and its figures (the facts the table showed before)."""

from __future__ import annotations

from typing import Any

import pytest

import engine.tta as T
from data.i18n import LANGUAGES
from data.tta import CARDS
from render.tta import table
from render.tta.cardface import figures
from render.tta.common import card_detail, card_name
from render.typeface import TextDraw, overflow_audit
from tests.render.tta.test_render_tta import LONG_NAME, _crowded, positions
from tests.render.tta.test_render_tta_fullgame import full_game_state

PHONE_W = 480
PHONE_MIN_PX = 9  # any text of the table on the phone
PHONE_CARD_PX = 10  # a row card's name and figures on the phone


def _drawn(view: dict[str, Any], lang: str, monkeypatch: pytest.MonkeyPatch
           ) -> tuple[list[tuple[str, int, tuple[float, float]]], list[Any]]:
    """Every text the table draws for `view` as (text, size in px, anchor point), and what the
    overflow audit heard."""
    texts: list[tuple[str, int, tuple[float, float]]] = []
    original = TextDraw.text

    def text(self, xy, text, fill=None, font=None, anchor=None, *args, **kwargs):  # type: ignore[no-untyped-def]
        texts.append((text, font.size, (float(xy[0]), float(xy[1]))))
        return original(self, xy, text, fill, font, anchor, *args, **kwargs)

    with monkeypatch.context() as m, overflow_audit() as found:
        m.setattr(TextDraw, "text", text)
        table.draw_board(view, lang, rgb=True)
    return texts, list(found)


def _views() -> list[tuple[str, dict[str, Any]]]:
    crowded = _crowded(T.view(positions(4)[2], None))
    crowded["players"][1] = dict(crowded["players"][1], resigned=True)  # F-RES: its pill
    return [("2 seats", T.view(positions(2)[1], None)),
            ("3 seats, game over", T.view(positions(3)[-1], None)),
            ("crowded", crowded),
            ("full game, Age III", T.view(full_game_state("III"), None)),
            ("full game, Age IV", T.view(full_game_state("IV", last_round_now=True), None))]


def _inside(xy: tuple[float, float], box: tuple[int, int, int, int]) -> bool:
    return box[0] <= xy[0] <= box[2] and box[1] <= xy[1] <= box[3]


def test_the_sizes_read_on_a_phone():
    assert table.WIDTH == 960
    assert table.MIN_PX * PHONE_W / table.WIDTH >= PHONE_MIN_PX
    assert table.CARD_TEXT_PX * PHONE_W / table.WIDTH >= PHONE_CARD_PX
    style = table.ROW_TILE
    assert min(style.names + style.figures + style.details + (style.corner,)) \
        >= table.CARD_TEXT_PX
    assert min(style.kind_sizes + (style.age,)) >= table.MIN_PX


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_text_of_the_table_is_readable_at_480_px(lang, monkeypatch):
    for name, view in _views():
        texts, found = _drawn(view, lang, monkeypatch)
        # only a player's name (any length a Discord name may have) is ever shortened
        assert {o.text for o in found} <= {LONG_NAME}, (name, lang, found)
        small = [(t, size) for t, size, _ in texts if size < table.MIN_PX]
        assert small == [], (name, lang)
        # the card row's and the tactics area's cards: below the band, 20 px at least
        boxes = table.layout(view)
        cards = [boxes[f"slot:{i}"] for i in range(len(view["row"]))]
        if "tactics_area" in boxes:
            cards += [table.tactic_box(boxes["tactics_area"], i)
                      for i in range(min(len(view["tactics_area"]), table.TACTICS_PER_LINE))]
        faces = [(x0, y0 + table.ROW_TILE.band, x1, y1) for x0, y0, x1, y1 in cards]
        small = [(t, size) for t, size, xy in texts
                 if size < table.CARD_TEXT_PX and any(_inside(xy, f) for f in faces)]
        assert small == [], (name, lang)
        assert min(size for _, size, _ in texts) * PHONE_W / table.WIDTH >= PHONE_MIN_PX


def _letters(text: str) -> str:
    return "".join(text.split()).replace("-", "")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_row_card_shows_its_name_cost_and_figures(lang, monkeypatch):
    """The facts of a row space, at the new sizes: the card's name whole (broken into lines,
    a long word with a hyphen), its science or stage cost, each of its key figures, and the
    space's number (its civil-action cost is its group's box)."""
    view = T.view(full_game_state("III"), None)
    texts, _ = _drawn(view, lang, monkeypatch)
    boxes = table.layout(view)
    for slot, card in enumerate(view["row"]):
        box = boxes[f"slot:{slot}"]
        # (a part's lines in reading order: the figures and costs are drawn bottom up)
        inside = _letters(" ".join(t for t, _, xy in sorted(
            (t for t in texts if _inside(t[2], box)), key=lambda t: (t[2][1], t[2][0]))))
        wanted = [card_name(card, lang), card_detail(card, lang), str(slot + 1),
                  *figures(card, lang, key_only=True)]
        assert all(_letters(w) in inside for w in wanted), (lang, card, inside)
    for cost in (1, 2, 3):
        assert any(t == str(cost) and _inside(xy, boxes[f"cost:{cost}"])
                   for t, _, xy in texts)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_war_and_pact_fits_the_politics_strip(lang, monkeypatch):
    """Each war and pact card of the game, between players with the longest names, in the
    strip at 18 px at least (F-WAR-6, F-PACT-12): only the names are shortened."""
    view = dict(T.view(full_game_state("III"), None))
    players = [dict(p, name=LONG_NAME) for p in view["players"]]
    wars = sorted(c for c, card in CARDS.items() if card.kind == "war")
    pacts = sorted(c for c, card in CARDS.items() if card.kind == "pact")
    for card in wars + pacts:
        if card in wars:
            view.update(wars=[{"card": card, "attacker": 0, "defender": 1, "round": 19}],
                        pacts=[])
        else:
            view.update(wars=[], pacts=[{"card": card, "owner": 0, "partner": 1,
                                         "owner_side": "A", "partner_side": "B"}])
        view["players"] = players
        texts, found = _drawn(view, lang, monkeypatch)
        assert all(LONG_NAME in o.text for o in found), (lang, card, found)
        assert min(size for _, size, _ in texts) >= table.MIN_PX
