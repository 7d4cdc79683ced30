"""Pantheon pictures (render/pantheon): what the board and hand PNGs show, probed pixel by pixel,
and that hidden information never reaches the public board picture (P-GAP-HIDDEN)."""

from __future__ import annotations

import io
from argparse import Namespace
from functools import cache

import pytest
from PIL import Image

from data.pantheon import BOARD, COMPONENTS
from engine.core import Decision
from engine.pantheon import apply, new_game, view
from engine.pantheon.state import State
from render.cli import main as render_main
from render.cli import simulate as simulate_game
from render.pantheon import board_png, focus_png, hand_png
from render.pantheon import palette as pal
from render.pantheon.board import CHANGES_Y, symbols_in_play
from render.pantheon.focus import MIN_H, MIN_W, focus_box
from render.pantheon.geometry import HEX_R, field_centre, piece_centre
from render.pantheon.icons import LOOT_GLYPHS
from render.pantheon.layout import board_layout
from tests.engine.pantheon.pantheon_helpers import at_turn, blank, hand

NAMES = ["Ann", "Bob", "Cy", "Dee"]
MAX_BYTES = 1_500_000
MAX_WIDTH = 2000


def decode(png: bytes) -> Image.Image:
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    return Image.open(io.BytesIO(png)).convert("RGB")


def fresh(n: int = 4, seed: int = 5) -> State:
    """A new game with an empty board: no pieces, no loot, no highlights."""
    s = new_game(NAMES[:n], seed)
    s.pieces, s.loot, s.last_changes = {}, {}, {}
    return s


def simulate(n: int, seed: int, decisions: int) -> State:
    """A Pantheon game after `decisions` random legal decisions (`agora render`'s own)."""
    return simulate_game("pantheon", n, seed, decisions)[0]


@cache
def finished(n: int) -> State:
    s = simulate(n, 7, 100_000)
    assert s.result is not None
    return s


def board(s: State) -> Image.Image:
    return decode(board_png(view(s, None)))


def body(label: str, slot: int = 0, count: int = 1) -> tuple[int, int]:
    """A pixel in the lower half of a piece, below the colour's letter: plain seat colour."""
    x, y = piece_centre(label, slot, count)
    return x, y + 6


@pytest.mark.parametrize("seat", [0, 1, 2, 3])
def test_foot_colour_at_field_centre(seat):
    s = fresh()
    s.pieces = {"F12": [[seat, "foot"]], "J20": [[seat, "foot"]]}  # J20 is a water field
    img = board(s)
    colour = pal.PLAYER[s.players[seat].colour]
    for label in ("F12", "J20"):
        assert img.getpixel(body(label)) == colour
    # a field without a piece keeps its terrain colour
    assert img.getpixel(body("F14")) == pal.LAND


@pytest.mark.parametrize("pieces", [
    [[0, "column"], [2, "foot"]],
    [[3, "column"], [1, "column"]],
    [[1, "foot"], [0, "foot"]],
])
def test_two_pieces_on_one_field_both_show(pieces):
    s = fresh()
    label = "C24"  # a column field
    s.pieces = {label: pieces}
    img = board(s)
    for slot, (seat, _) in enumerate(pieces):
        assert img.getpixel(body(label, slot, 2)) == pal.PLAYER[s.players[seat].colour]


def test_every_player_colour_appears_on_map_and_panel():
    s = fresh()
    s.pieces = {lab: [[i, "column"]] for i, lab in enumerate(["C24", "E24", "G24", "K24"])}
    img = board(s)
    lay = board_layout(4)
    for i, p in enumerate(s.players):
        colour = pal.PLAYER[p.colour]
        assert img.getpixel(body(["C24", "E24", "G24", "K24"][i])) == colour
        x0, y0, x1, _ = lay.players[i]
        assert img.getpixel((x1 - 4, y0 + 21)) == colour  # the tableau's colour band
    assert len({pal.PLAYER[p.colour] for p in s.players}) == 4


RING_DX = HEX_R * 3 // 4 + 2  # right of a field's centre, inside the ring's band at its edge


def ringed(img: Image.Image, label: str) -> bool:
    x, y = field_centre(label)
    return img.getpixel((x + RING_DX, y)) == pal.NEW_RING


def test_new_pieces_are_ringed_and_old_ones_are_not():
    s = fresh()
    s.pieces = {"F12": [[0, "foot"]], "F13": [[1, "foot"]]}
    s.last_changes = {"seat": 1, "placed": [[1, "foot", "F13"]]}
    img = board(s)
    assert ringed(img, "F13")
    assert not ringed(img, "F12")


# --- read on a phone (Discord shows the board about 480 pixels wide) -------------------------

PHONE_W = 480


def phone(img: Image.Image) -> Image.Image:
    return img.resize((PHONE_W, round(img.height * PHONE_W / img.width)), Image.LANCZOS)


def colour_pixels(small: Image.Image, scale: float, label: str, colour: pal.RGB,
                  tolerance: int = 40) -> int:
    """Pixels of (about) `colour` inside the field `label` of the downsized picture."""
    x, y = field_centre(label)
    cx, cy, r = x * scale, y * scale, HEX_R * scale
    near = tolerance * tolerance
    return sum(1 for px in range(int(cx - r), int(cx + r) + 1)
               for py in range(int(cy - r), int(cy + r) + 1)
               if (px - cx) ** 2 + (py - cy) ** 2 <= r * r
               and sum((a - b) ** 2 for a, b in zip(small.getpixel((px, py)), colour,
                                                    strict=True)) <= near)


PHONE_PIECES = {
    "F12": [[0, "foot"]], "J20": [[1, "foot"]], "F14": [[2, "foot"]], "B2": [[3, "foot"]],
    "H14": [[2, "foot"], [1, "foot"]], "H20": [[0, "foot"], [3, "foot"]],
    "C24": [[2, "column"]], "E24": [[1, "column"], [3, "column"]],
    "G24": [[0, "column"], [2, "column"]],
}


def test_pieces_keep_their_size_and_colour_at_phone_width():
    # a single piece stays a spot of about 7 x 7 pixels of its colour, each of two pieces on
    # one field about 4 x 4 (before the redesign: 3 x 4 and 2 x 3), on land, water and
    # column fields, yellow on sand included
    s = fresh()
    s.pieces = PHONE_PIECES
    img = board(s)
    small = phone(img)
    scale = PHONE_W / img.width
    for label, plist in PHONE_PIECES.items():
        for seat, kind in plist:
            colour = pal.PLAYER[s.players[seat].colour]
            want = 28 if len(plist) == 1 else 14
            if kind == "column" and len(plist) == 1:
                want = 24
            assert colour_pixels(small, scale, label, colour) >= want, (label, seat, kind)
    # and the board is no taller than it is wide: the phone shows it whole
    assert img.height <= img.width


def test_the_last_turn_stays_visible_at_phone_width():
    s = fresh()
    s.pieces = {"F10": [[0, "foot"]], "F13": [[1, "foot"]]}
    s.last_changes = {"seat": 1, "placed": [[1, "foot", "F13"]]}
    img = board(s)
    small = phone(img)
    scale = PHONE_W / img.width
    assert colour_pixels(small, scale, "F13", pal.NEW_RING, 60) >= 20
    assert colour_pixels(small, scale, "F10", pal.NEW_RING, 60) == 0


def gallia_not_played(s: State) -> State:
    roma = next(k for k, v in COMPONENTS.peoples.items() if v["id"] == "roma")
    s.peoples_played = [roma]
    return s


def test_field_labels_are_light_and_marks_are_shapes():
    s = gallia_not_played(fresh())
    img = board(s)
    # the label "F14" is drawn light: no pixel as dark as the old bold labels
    x, y = field_centre("F14")
    crop = img.crop((x - 14, y - 32, x + 14, y - 18))
    assert min(sum(c) for _, c in crop.getcolors(4096)) > sum(pal.LABEL) + 60
    # G8 is Gallia's symbol field 4 (in play with 4 players): a shield with the letter, not
    # the text "G4" that read like a field's label
    assert symbols_in_play(4) == [0, 1, 2, 3, 4] and symbols_in_play(2) == [0, 1, 2]
    x, y = field_centre("G8")
    assert img.getpixel((x - 7, y - 5)) == pal.MARK_FILL
    mark = {c for _, c in img.crop((x - 14, y - 12, x + 14, y + 18)).getcolors(4096)}
    assert pal.MARK_EDGE in mark and pal.ACTIVE_EDGE not in mark


def test_a_played_peoples_marks_leave_the_map():
    s = gallia_not_played(fresh())
    x, y = field_centre("G8")
    assert board(s).getpixel((x - 7, y - 5)) == pal.MARK_FILL
    gallia = next(k for k, v in COMPONENTS.peoples.items() if v["id"] == "gallia")
    s.peoples_played = [s.peoples_played[0], gallia]
    assert board(s).getpixel((x - 7, y - 5)) == pal.PEOPLE_FIELD


# --- the last turn on the pictures ------------------------------------------------------------

def after_red_moves(loot: dict[str, str] | None = None) -> State:
    """A real turn: RED (seat 0) moves the big foot onto D10 next to Gallia's temple D9; the
    game then waits for the next seat, which is when the bot posts the board."""
    s = blank(3)
    s.loot = dict(loot or {})
    hand(s, 1, money1=1)
    at_turn(s, 0)
    s, _ = apply(s, 0, Decision("action", {"action": "move"}))
    s, _ = apply(s, 0, Decision("place", {"piece": "foot", "field": "D10"}))
    return s


def test_the_board_after_a_turn_rings_and_names_that_turn():
    s = after_red_moves()
    assert view(s, None).waiting[0]["seat"] == 1
    img = board(s)
    assert ringed(img, "D10") and not ringed(img, "D11")
    # the header's last line names the turn, with the magenta hexagon of the rings
    band = (0, CHANGES_Y - 14, img.width, CHANGES_Y + 14)
    line = img.crop(band)
    assert pal.NEW_RING in {c for _, c in line.getcolors(1 << 16)}
    quiet = State.from_json(s.to_json())
    quiet.last_turn = {}  # as if nothing had happened yet: no line at all
    assert {c for _, c in board(quiet).crop(band).getcolors(1 << 16)} == {pal.HEADER}


def test_feet_that_went_home_leave_their_outline_where_they_stood():
    s = after_red_moves({"D10": "draw2"})  # the last loot: the epoch ends with this turn
    assert s.epoch == 2 and "D10" not in s.pieces
    img = board(s)
    assert ringed(img, "D10")
    x, y = piece_centre("D10", 0, 1)
    colours = {c for _, c in img.crop((x - 22, y - 4, x + 22, y + 4)).getcolors(4096)}
    assert pal.PLAYER["red"] in colours  # the outline of the foot that went home


def test_focus_shows_the_fields_of_the_last_turn():
    s = after_red_moves()
    png = focus_png(view(s, None))
    assert png is not None
    img = decode(png)
    box = focus_box(view(s, None))
    assert box is not None and box[2] - box[0] == img.width
    assert MIN_W <= img.width <= board_layout(3).width and img.height >= MIN_H
    assert img.width >= img.height * 0.9  # landscape-ish: it fills a phone's width
    colours = {c for _, c in img.getcolors(1 << 16)}
    assert {pal.NEW_RING, pal.PLAYER["red"]} <= colours
    # the ringed field lies inside the crop, below the caption
    x, y = field_centre("D10")
    assert box[0] < x < box[2] and box[1] < y < box[3]
    assert focus_png(view(s, 1)) == png  # public: a seat's view gives the same picture


def test_no_focus_without_changes_on_the_map():
    s = fresh()
    assert focus_png(view(s, None)) is None
    s.last_changes = {"seat": 0, "actions": ["draw"]}
    assert focus_png(view(s, None)) is None


@pytest.mark.parametrize("decisions", [60, 240])
def test_focus_is_identical_whatever_the_hidden_information(decisions):
    s = simulate(4, 3, decisions)
    assert focus_png(view(s, None)) == focus_png(view(hidden_variant(s), None))


def test_used_one_time_gods_show_on_the_hand_and_the_board():
    s = fresh(3)
    s.players[0].gods = ["vinthrad"]
    a_hand, a_board = hand_png(view(s, 0)), board_png(view(s, None))
    s.players[0].used_gods = ["surparit", "surparit"]
    assert hand_png(view(s, 0)) != a_hand
    assert board_png(view(s, None)) != a_board


def test_temple_is_drawn_on_its_field():
    s = fresh()
    s.temple = "F12"
    img = board(s)
    x, y = field_centre("F12")
    assert img.getpixel((x, y - 12)) == pal.TEMPLE  # inside the pediment
    s.temple = None
    assert board(s).getpixel((x, y - 12)) == pal.LAND


def test_every_loot_type_has_its_own_glyph():
    s = fresh()
    kinds = list(COMPONENTS.loot)
    assert set(kinds) == set(LOOT_GLYPHS)
    fields = ["B4", "B8", "B12", "B16", "B20", "B24", "E4", "E8", "E12", "E16", "E20", "E26",
              "N4"]
    s.loot = dict(zip(fields, kinds, strict=True))
    img = board(s)
    crops = []
    for label in fields:
        x, y = field_centre(label)
        crop = img.crop((x - 17, y - 15, x + 18, y + 16))
        assert pal.LOOT_TILE in {c for _, c in crop.getcolors(4096)}
        crops.append(crop.tobytes())
    assert len(set(crops)) == len(kinds)  # no two loot types look the same


def test_loot_legend_lists_the_types_on_the_board():
    s = fresh()
    s.loot = {"B4": "god", "B8": "steps2", "B12": "god"}
    img = board(s)
    lay = board_layout(4)
    for i in range(2):
        x, y = lay.loot_entry(i)
        assert img.getpixel((x - 14, y)) == pal.LOOT_TILE  # the glyph's tile, left part
    x, y = lay.loot_entry(2)
    assert img.getpixel((x - 14, y)) == pal.PANEL  # only two distinct types: no third entry


@pytest.mark.parametrize("gods", [
    ["surparit", "plaesiris", "taksator", "depraccus", "vinthrad"],
    ["gaiviles", "stonkus1", "stonkus2", "gadicea", "pietalte"],
    ["traitera", "vinthrad"],
])
def test_every_god_on_display_appears_with_its_colour(gods):
    s = fresh()
    s.god_display = list(gods)
    img = board(s)
    lay = board_layout(4)
    crops = []
    for i, gid in enumerate(gods):
        x0, y0, x1, y1 = lay.god_tile(i, len(gods))
        assert img.getpixel((x0 + 5, y0 + 15)) == pal.GOD_BAND[COMPONENTS.gods[gid].colour]
        crops.append(img.crop((x0, y0, x1, y1)).tobytes())
    assert len(set(crops)) == len(gods)  # name, requirement and effect differ for every god
    # the slot after the last god is empty panel
    x0, y0, _, _ = lay.god_tile(len(gods), len(gods))
    if x0 < lay.gods[2] - 20:
        assert img.getpixel((x0 + 5, y0 + 15)) == pal.PANEL


def test_demigod_pool_shows_each_revealed_token():
    s = fresh()
    s.demigod_pool = [2, 6, 4]
    img = board(s)
    lay = board_layout(4)
    for i in range(3):
        x, y = lay.demigod_centre(i)
        assert img.getpixel((x - 10, y)) == pal.DEMIGOD
    x, y = lay.demigod_centre(3)
    assert img.getpixel((x - 10, y)) == pal.PANEL


def hidden_variant(s: State) -> State:
    """The same public position with every secret changed: hand contents (same sizes), demigod
    values (same counts), unresolved bonus tiles, deck, bag, god, demigod and people stack order."""
    t = State.from_json(s.to_json())
    for p in t.players:
        size = p.hand_size()
        p.hand = {"temples": size} if p.hand.get("temples") != size else {"gifts": size}
        p.demigods = [7 - v for v in p.demigods]
        if p.bonus is not None:
            p.bonus = "b_draw3" if p.bonus != "b_draw3" else "b_god"
    for stack in ("deck", "bag", "god_stack", "demigod_stack", "people_deck"):
        setattr(t, stack, list(reversed(getattr(t, stack))))
    return t


@pytest.mark.parametrize("decisions", [0, 60, 240])
def test_board_is_identical_whatever_the_hidden_information(decisions):
    s = simulate(4, 3, decisions)
    t = hidden_variant(s)
    assert [p.hand for p in s.players] != [p.hand for p in t.players]
    assert board_png(view(s, None)) == board_png(view(t, None))


def test_board_hides_hands_even_from_a_seat_view():
    # the bot should pass a spectator view, but a seat's own view must not leak into the board
    s = simulate(3, 9, 80)
    assert board_png(view(s, 1)) == board_png(view(s, None))


def test_same_view_same_bytes():
    s = simulate(3, 4, 150)
    first = board_png(view(s, None))
    board_png(view(simulate(2, 1, 30), None))  # a different picture in between
    assert board_png(view(s, None)) == first
    assert hand_png(view(s, 0)) == hand_png(view(s, 0))


@pytest.mark.parametrize("n", [2, 3, 4])
def test_size_bounds_at_the_end_of_a_long_game(n):
    s = finished(n)
    png = board_png(view(s, None))
    img = decode(png)
    assert img.width <= MAX_WIDTH and len(png) <= MAX_BYTES
    assert img.size == (board_layout(n).width, board_layout(n).height)
    for seat in range(n):
        hand = hand_png(view(s, seat))
        assert decode(hand).width <= MAX_WIDTH and len(hand) <= MAX_BYTES


def test_every_field_lies_inside_the_map():
    lay = board_layout(4)
    xs = [field_centre(f.label)[0] for f in BOARD.fields]
    ys = [field_centre(f.label)[1] for f in BOARD.fields]
    assert min(xs) > 0 and max(xs) < lay.width
    assert max(ys) < lay.epochs[1]  # above the panels


def test_hand_shows_private_cards_and_demigods():
    s = fresh(3)
    me = s.players[1]
    me.hand = {"move": 2, "priests": 1, "money3": 1}
    me.demigods = [5]
    a = decode(hand_png(view(s, 1)))
    assert pal.DEMIGOD in {c for _, c in a.getcolors(1 << 16)}
    me.hand = {"move": 1, "priests": 2, "money3": 1}
    b = decode(hand_png(view(s, 1)))
    assert a.tobytes() != b.tobytes()  # the counts are drawn
    me.demigods = [5, 2]
    c = decode(hand_png(view(s, 1)))
    assert b.tobytes() != c.tobytes()


def test_hand_draws_the_owner_in_their_colour():
    s = fresh(4)
    for seat in range(4):
        img = decode(hand_png(view(s, seat)))
        assert img.getpixel((img.width - 4, 4)) == pal.PLAYER[s.players[seat].colour]


def test_hand_needs_a_seat_view():
    with pytest.raises(ValueError, match="seat"):
        hand_png(view(fresh(), None))


def test_cli_writes_board_and_every_hand(tmp_path, capsys):
    args = Namespace(game="pantheon", players=3, seed=2, decisions=40, out=str(tmp_path / "pics"))
    assert render_main(args) == 0
    printed = capsys.readouterr().out
    for name in ("board.png", "hand1.png", "hand2.png", "hand3.png"):
        path = tmp_path / "pics" / name
        assert str(path) in printed
        decode(path.read_bytes())
    s = simulate(3, 2, 40)
    assert (tmp_path / "pics" / "board.png").read_bytes() == board_png(view(s, None))
