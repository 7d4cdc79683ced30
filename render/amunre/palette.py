"""Colours of the Amun-Re pictures.

Red, blue and yellow copy the values of the Pantheon pictures (Okabe-Ito, chosen to stay apart
for the common kinds of colour blindness); black and white are Amun-Re's own seat colours. Every
owner patch also carries the colour's letter, so colour is never the only cue."""

from __future__ import annotations

from render.png import Palette, flat_colours, with_shades

RGB = tuple[int, int, int]

INK: RGB = (30, 28, 24)
WHITE: RGB = (255, 255, 255)

PLAYER: dict[str, RGB] = {
    "red": (213, 94, 0),  # vermillion
    "black": (44, 44, 52),
    "blue": (0, 114, 178),
    "white": (252, 252, 250),
    "yellow": (240, 228, 66),
}
PLAYER_INK: dict[str, RGB] = {
    "red": WHITE,
    "black": WHITE,
    "blue": WHITE,
    "white": INK,
    "yellow": INK,
}
PLAYER_LETTER: dict[str, str] = {"red": "R", "black": "K", "blue": "B", "white": "W",
                                 "yellow": "Y"}

BACKGROUND: RGB = (240, 233, 216)
PANEL: RGB = (252, 247, 235)
PANEL_EDGE: RGB = (160, 145, 115)
MUTED: RGB = (110, 102, 90)
FAINT: RGB = (200, 192, 178)
HEADER: RGB = (52, 46, 40)
HEADER_INK: RGB = PANEL

DESERT: RGB = (226, 206, 160)  # the map between the provinces
LAND: RGB = (238, 229, 200)  # a province's body
UNOWNED_BAND: RGB = (205, 194, 168)  # the name band of a province nobody holds
REMOVED: RGB = (214, 208, 196)
WATER: RGB = (110, 170, 214)
WATER_INK: RGB = (30, 70, 110)
FIELD: RGB = (196, 214, 140)  # an empty farming field
FIELD_EDGE: RGB = (120, 140, 70)
FARMER: RGB = (70, 110, 40)
PRINTED_FARMER: RGB = (120, 80, 40)
STONE: RGB = (150, 146, 140)
STONE_EDGE: RGB = (90, 86, 80)
PYRAMID: RGB = (214, 168, 70)
PYRAMID_SHADE: RGB = (160, 116, 36)
PYRAMID_EDGE: RGB = (60, 40, 10)
GOLD: RGB = (236, 190, 40)
GOLD_EDGE: RGB = (150, 110, 10)
OFFER_EDGE: RGB = (176, 120, 0)  # a province whose card is on offer
ACTIVE_EDGE: RGB = (176, 120, 0)
NEW_RING: RGB = (214, 0, 140)  # magenta: apart from the five seat colours and the terrain
HIGHLIGHT: RGB = (255, 238, 170)
TEMPLE_SPACE: RGB = (244, 236, 214)
CARD_BACK: RGB = (120, 84, 40)
MINUS3: RGB = (150, 40, 40)

# the phase in which a power card is played: a colour each, always paired with the number
PHASE: dict[int, RGB] = {
    2: (142, 100, 190),
    3: (92, 140, 60),
    4: (150, 90, 50),
    5: (212, 170, 40),
    6: (70, 120, 138),
}
PHASE_INK: dict[int, RGB] = {2: WHITE, 3: WHITE, 4: WHITE, 5: INK, 6: WHITE}


def _quant_colours() -> list[RGB]:
    """Every flat colour above, plus in-between shades of text and edges on the surfaces they
    are drawn on, so that the palette PNG keeps anti-aliased edges smooth."""
    flat = flat_colours(globals())
    surfaces = (PANEL, BACKGROUND, LAND, DESERT, HIGHLIGHT, TEMPLE_SPACE, UNOWNED_BAND, GOLD,
                *PLAYER.values())
    pairs: list[tuple[RGB, tuple[RGB, ...]]] = [
        (INK, surfaces),
        (WHITE, (HEADER, *PLAYER.values(), *PHASE.values(), MINUS3, CARD_BACK)),
        (MUTED, (PANEL, LAND, BACKGROUND, TEMPLE_SPACE)),
        (HEADER_INK, (HEADER,)),
        (HIGHLIGHT, (HEADER,)),
        (WATER_INK, (WATER,)),
        (PYRAMID_EDGE, (LAND, PYRAMID)),
        (NEW_RING, (DESERT, PANEL)),
        (INK, tuple(PHASE.values())),
    ]
    return with_shades(flat, pairs, 256)


QUANT_COLOURS = _quant_colours()
PAL = Palette(QUANT_COLOURS)  # what the pictures are drawn in (render.png.Palette)
