"""The shorter game's table picture (V-SHORT-3, V-SHORT-14, G-ASYNC-16): a panel under the decks
names the three public Age III events and War over Culture (edged in red), never a dealt or a
kept event — a seat's own view draws the spectator's picture; every text fits in en, cs, de and
pl; the full game and the tutorial have no such panel; a war naming War over Culture shows that
war in the politics strip (V-SHORT-12)."""

from __future__ import annotations

from typing import Any

import engine.tta as T
from data.i18n import LANGUAGES
from engine.tta.state import State
from render.tta import board_png, shortevents
from render.tta import palette as pal
from render.tta import table as table_mod
from render.typeface import overflow_audit
from tests.render.tta.test_render_tta import decode, pixels

NAMES = ("Alžběta", "Maximilian", "Małgorzata")


def short(n: int, **options: Any) -> State:
    return T.new_game(n, 1, {"mode": "short", **options})


def kept() -> State:
    """A shorter game after the end of Age I: every seat has kept his first dealt event (what
    matters here is what the views hold: each seat's own events, from then on)."""
    s = short(3)
    s.age = "II"
    s.short["kept"] = [dealt[0] for dealt in s.short["dealt"]]
    s.short["dealt"] = [[c] for c in s.short["kept"]]
    for p, name in zip(s.players, NAMES, strict=True):
        p.name = name
    assert T.view(s, 0)["short"]["own"]["kept"] == s.short["kept"][0]
    return s


def _texts_cut(view: dict[str, Any], lang: str) -> list[tuple[str, int, int]]:
    with overflow_audit() as found:
        board_png(view, lang)
    return [(o.text, o.width, o.room) for o in found]


def test_the_panel_fits_in_every_language() -> None:
    v = T.view(kept(), None)
    assert len(shortevents.cards(v)) == 4
    for lang in LANGUAGES:
        assert _texts_cut(v, lang) == [], lang


def test_the_panel_shows_the_public_cards_and_no_dealt_event() -> None:
    """V-SHORT-14: the picture is the same bytes from the spectator's view and from each
    seat's own (which alone holds his events): no private event is drawn. The war's box is
    edged in the military red, the events' in the military band."""
    s = kept()
    spectator = board_png(T.view(s, None))
    for seat in range(3):
        assert board_png(T.view(s, seat)) == spectator
    v = T.view(s, None)
    assert shortevents.cards(v) == [*s.short["public"], "war_over_culture_iii"]
    img = decode(spectator)
    boxes = shortevents.entry_boxes(table_mod.layout(v)["short"], 4)
    assert sum(p == pal.MILITARY for p in pixels(img.crop(boxes[3]))) > 300
    for box in boxes[:3]:
        found = pixels(img.crop(box))
        assert sum(p == pal.KIND_BAND["military"] for p in found) > 300
        assert sum(p == pal.MILITARY for p in found) == 0


def test_other_games_have_no_panel() -> None:
    for options in ({"mode": "full"}, {}):
        v = T.view(T.new_game(3, 1, options), None)
        assert "short" not in table_mod.layout(v) and shortevents.cards(v) == []
    assert "short" in table_mod.layout(T.view(short(3), None))


def test_a_peaceful_short_game_shows_only_the_events() -> None:
    """V-PEACE-6: no War over Culture is set out."""
    v = T.view(short(3, peaceful="strict"), None)
    assert len(shortevents.cards(v)) == 3
    assert _texts_cut(v, "de") == []


def test_the_strip_names_the_war_declared() -> None:
    """V-SHORT-12: a pending war naming War over Culture is drawn under that war's name (the
    public facts of the view), the same picture for every seat."""
    s = kept()
    s.wars = [{"card": "war_over_territory_ii", "attacker": 0, "defender": 1,
               "round": s.round, "war": "war_over_culture_iii"}]
    v = T.view(s, None)
    assert v["wars"][0]["war"] == "war_over_culture_iii"
    assert _texts_cut(v, "pl") == []
    assert board_png(v) == board_png(T.view(s, 2))
