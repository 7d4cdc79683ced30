"""Through the Ages pictures of the full game (issue 28, "Pictures"): the table says "Age IV" and
"last round" (F-AGE-2..5) where the tutorial says "final round" (T-TEND-1), shows the wars
pending (F-WAR-6/7) and the pacts in force with each party's side (F-PACT-10/12) in a strip, and
the boards show Age III cards and air forces like every other card (F-AGE-1) with the count of
military cards held. Texts fit their boxes in every language (render.typeface.overflow_audit),
the pictures are the same bytes for the same view, and the palette drawing matches the RGB
reference."""

from __future__ import annotations

import random
from functools import cache
from typing import Any

import pytest

import engine.tta as T
from data.i18n import LANGUAGES
from data.tta import CARDS
from engine.tta import ai
from engine.tta.pacts import ASYMMETRIC as ASYMMETRIC_PACTS
from engine.tta.state import State
from render.tta import board_png, player_png, politics
from render.tta import palette as pal
from render.tta import player as player_mod
from render.tta import table as table_mod
from render.typeface import overflow_audit
from tests.render.tta.test_render_tta import decode, differing, inline, pixels

NAMES = ("Alžběta", "Maximilian", "Małgorzata")
WAR = "war_over_culture_iii"
ASYMMETRIC = "international_trade_agreement_ii"  # F-PACT-10: sides A and B
SYMMETRIC = "peace_treaty_iii"
AGE_III_TECHS = ("air_forces_iii", "computers_iii", "modern_infantry_iii")
AGE_III_ROW = ("hollywood_iii", "tanks_iii", "sid_meier_iii", "oil_iii", "democracy_iii",
               "air_forces_iii", "internet_iii", "computers_iii", "bill_gates_iii", "movies_iii",
               "communism_iii", "satellites_iii", "rockets_iii")


@cache
def _age_two(seed: int) -> State:
    """A tutorial game of three played by the easy AI until Age II begins."""
    s = T.new_game(3, seed)
    rng = random.Random(seed)
    while s.age != "II" and s.result is None:
        seat = T.pending(s)[0].seat
        s, _ = T.apply(s, seat, ai.choose(s, seat, "easy", rng), in_place=True)
    assert s.age == "II"
    return s


def full_game_state(age: str = "III", last_round_now: bool = False, seed: int = 7) -> State:
    """A full game (options mode "full") in Age III or IV, made from a tutorial game played
    to Age II: two pacts in force (one asymmetric, F-PACT-10), a war pending (F-WAR-6), Age
    III technologies (air forces among them) with workers, an Age III leader and government,
    Age III cards in the row (none in Age IV, F-AGE-3) and a military hand. In Age IV its last
    round is the next one, or this one with `last_round_now` (F-AGE-3)."""
    s = _age_two(seed).clone()
    s.options["mode"] = "full"
    s.age = age
    for p, name in zip(s.players, NAMES, strict=True):
        p.name = name
    first, second, third = s.players
    first.techs = [*first.techs, *AGE_III_TECHS]
    first.workers.update({"air_forces_iii": 1, "modern_infantry_iii": 2})
    first.leader, first.government = "albert_einstein_iii", "democracy_iii"
    first.military = ["raid_iii", "military_pact_iii"]
    second.techs = [*second.techs, "air_forces_iii"]
    second.workers["air_forces_iii"] = 2
    s.pacts = [{"card": ASYMMETRIC, "owner": 0, "partner": 1, "side": "A"},
               {"card": SYMMETRIC, "owner": 2, "partner": 0, "side": None}]
    # no war is declared in the last round (F-WAR-5): one declared in the round before
    s.wars = [{"card": WAR, "attacker": 1, "defender": 2,
               "round": s.round - 1 if last_round_now else s.round}]
    if age == "III":  # the Age III decks (F-AGE-1), in a fixed order
        s.civil["III"] = sorted(c for c, card in CARDS.items()
                                if card.age == "III" and card.deck == "civil")[:31]
        s.military_deck["III"] = sorted(c for c, card in CARDS.items()
                                        if card.age == "III" and card.deck == "military")[:17]
    if age == "IV":
        s.row = [None] * len(s.row)
        s.row[3], s.row[7] = "internet_iii", "bill_gates_iii"
        s.last_round = s.round if last_round_now else s.round + 1
    else:
        s.row = list(AGE_III_ROW)
    return s


def _texts_cut(view: dict[str, Any], lang: str) -> list[tuple[str, int, int]]:
    with overflow_audit() as found:
        board_png(view, lang)
        for q in range(len(view["players"])):
            player_png(view, q, lang)
    return [(o.text, o.width, o.room) for o in found]


@pytest.mark.parametrize(("age", "last"), [("III", False), ("IV", False), ("IV", True)])
def test_full_game_pictures_fit_in_every_language(age, last):
    """Every text of the table and the boards, wars and pacts among them, fits its box in
    en, cs, de and pl (the names of the players and cards included)."""
    v = T.view(full_game_state(age, last), None)
    assert politics.lines(v) == 3
    for lang in LANGUAGES:
        assert _texts_cut(v, lang) == [], lang


def test_full_game_pictures_are_the_same_bytes_for_the_same_view():
    s = full_game_state("III")
    for lang in ("en", "de", "pl"):
        assert board_png(T.view(s, None), lang) == board_png(T.view(s.clone(), None), lang)
        assert player_png(T.view(s, None), 0, lang) == \
            player_png(T.view(s.clone(), None), 0, lang)


def test_full_game_palette_drawing_matches_the_rgb_reference():
    v = T.view(full_game_state("IV", True), None)
    for lang in ("de", "pl"):
        fast = table_mod.draw_board(v, lang)
        reference = pal.PAL.quantize(table_mod.draw_board(v, lang, True)).convert("RGB")
        assert differing(fast, reference) <= 16, lang


def test_age_iv_and_its_last_round_are_named():
    """F-AGE-3/5: the full game's final age is Age IV, its own age, not the tutorial's final
    round; the note names the last round, then says this round is it."""
    s = full_game_state("IV")
    v = T.view(s, None)
    assert table_mod.header_words(v, "en") == (f"Round {s.round} · Age IV",
                                               f"Last round: {s.round + 1}")
    assert politics.age_sub(v, "en") == "final age"
    v = T.view(full_game_state("IV", True), None)
    assert table_mod.header_words(v, "de") == (f"Runde {s.round} · Zeitalter IV",
                                               "Diese Runde ist die letzte")
    assert politics.age_sub(v, "pl") == "ostatnia runda"
    v = T.view(full_game_state("III"), None)
    assert table_mod.header_words(v, "en") == (f"Round {s.round} · Age III", "")
    assert politics.age_sub(v, "en") == ""


def test_the_tutorial_keeps_its_final_round():
    """T-TEND-1: the tutorial's Age III is still drawn as Age II's final round, its table has
    no strip of wars and pacts."""
    s = _age_two(7).clone()
    s.age, s.last_round = "III", s.round
    v = T.view(s, None)
    assert table_mod.header_words(v, "en") == (f"Round {s.round} · final round", "")
    assert politics.lines(v) == 0 and "politics" not in table_mod.layout(v)


def test_the_strip_shows_each_war_and_pact():
    """The strip has one entry per war and pact (wars first), the war's resolution round is
    the attacker's next turn (F-WAR-7), and each entry is drawn in its box: the war's edge in
    the military red, the parties' chips in their colours."""
    s = full_game_state("III")
    v = T.view(s, None)
    found = politics.entries(v)
    assert [(e["kind"], e["card"]) for e in found] == [("war", WAR), ("pact", ASYMMETRIC),
                                                       ("pact", SYMMETRIC)]
    assert found[0]["resolves"] == s.round + 1
    img = decode(board_png(v))
    strip = table_mod.layout(v)["politics"]
    boxes = politics.entry_boxes(strip, 3)
    war_box = img.crop(boxes[0])
    assert sum(p == pal.MILITARY for p in pixels(war_box)) > 500
    for box, seats in zip(boxes, ((1, 2), (0, 1), (2, 0)), strict=True):
        found_px = pixels(img.crop(box))
        for seat in seats:
            chip = pal.PLAYER[v["players"][seat]["colour"]]
            assert sum(p == chip for p in found_px) > 300, (box, seat)


def test_the_strip_is_readable_at_the_inline_width():
    """At 480 px the card names in the strip are still drawn in ink over at least 8 pixel
    rows (a 21 px name halved), and the seat chips keep their colour."""
    v = T.view(full_game_state("III"), None)
    small, scale = inline(decode(board_png(v, "de")))
    for x0, y0, x1, _ in politics.entry_boxes(table_mod.layout(v)["politics"], 3):
        line = small.crop(tuple(round(c * scale) for c in (x0 + 90, y0 + 8, x1 - 40, y0 + 38)))
        w, h = line.size
        px = pixels(line)
        inked = sum(any(sum(c) < 200 for c in px[y * w:(y + 1) * w]) for y in range(h))
        assert inked >= 8, (x0, y0)


def test_board_draws_age_iii_cards_air_forces_and_the_military_count():
    """F-AGE-1: Age III technologies are on the board like the others, air forces as a unit
    with its workers; the header counts the military cards held (their names stay hidden)."""
    s = full_game_state("III")
    v = T.view(s, None)
    pv = v["players"][0]
    boxes = player_mod.layout(pv)
    for card in AGE_III_TECHS:
        assert f"card:{card}" in boxes
    assert pv["military_count"] == 2 and "military" not in pv
    img = decode(player_png(v, 0))
    air = img.crop(boxes["card:air_forces_iii"])
    assert sum(p == pal.KIND_BAND["unit"] for p in pixels(air)) > 1000
    assert sum(p == pal.WORKER for p in pixels(air)) > 300
    other = s.clone()
    other.players[0].military = ["peace_treaty_iii", "raid_iii"]
    assert player_png(T.view(other, None), 0) == player_png(v, 0)
    other.players[0].military = ["raid_iii"]
    assert player_png(T.view(other, None), 0) != player_png(v, 0)


def test_a_resigned_player_is_marked():
    """F-RES: a resigned player's board and track say so."""
    s = full_game_state("III")
    s.players[2].resigned = True
    s.pacts, s.wars = [], []
    v = T.view(s, None)
    for lang in LANGUAGES:
        assert _texts_cut(v, lang) == [], lang
    plain = full_game_state("III")
    plain.pacts, plain.wars = [], []
    assert player_png(v, 2) != player_png(T.view(plain, None), 2)
    assert board_png(v) != board_png(T.view(plain, None))



def test_every_war_and_pact_card_fits_its_entry():
    """Each war and pact card of the game (the longest German and Polish names among them),
    with each player as a party, (13 entries) is named whole in the strip in every language."""
    s = full_game_state("III")
    pacts = sorted(c for c, card in CARDS.items() if card.kind == "pact")
    wars = sorted(c for c, card in CARDS.items() if card.kind == "war")
    s.pacts = [{"card": c, "owner": i % 3, "partner": (i + 1) % 3,
                "side": "AB"[i % 2] if c in ASYMMETRIC_PACTS else None}
               for i, c in enumerate(pacts)]
    s.wars = [{"card": c, "attacker": i % 3, "defender": (i + 2) % 3, "round": s.round}
              for i, c in enumerate(wars)]
    v = T.view(s, None)
    assert len(politics.entries(v)) == len(pacts) + len(wars) == 13
    for lang in LANGUAGES:
        with overflow_audit() as found:
            board_png(v, lang)
        assert found == [], lang
