"""Colours of the Pantheon pictures.

Player colours follow the Okabe-Ito palette (Okabe & Ito, "Color Universal Design", 2008), chosen so
that the four seats stay apart for the common kinds of colour blindness; every piece also carries
the colour's letter, so colour is never the only cue."""

from __future__ import annotations

from render.png import Palette, flat_colours, with_shades

RGB = tuple[int, int, int]

INK: RGB = (30, 28, 24)
WHITE: RGB = (255, 255, 255)

PLAYER: dict[str, RGB] = {
    "red": (213, 94, 0),  # vermillion
    "blue": (0, 114, 178),
    "yellow": (240, 228, 66),
    "green": (0, 158, 115),  # bluish green
}
# text drawn on a player colour
PLAYER_INK: dict[str, RGB] = {
    "red": WHITE,
    "blue": WHITE,
    "yellow": INK,
    "green": WHITE,
}

BACKGROUND: RGB = (240, 233, 216)
PANEL: RGB = (252, 247, 235)
PANEL_EDGE: RGB = (160, 145, 115)
MUTED: RGB = (110, 102, 90)
FAINT: RGB = (200, 192, 178)
HEADER: RGB = (52, 46, 40)
HEADER_INK: RGB = PANEL

LAND: RGB = (233, 221, 187)
WATER: RGB = (168, 203, 228)
COLUMN_FIELD: RGB = (206, 200, 188)
COLUMN_MARK: RGB = (178, 171, 158)
PEOPLE_FIELD: RGB = (245, 233, 196)
HEX_EDGE: RGB = (150, 136, 108)
ACTIVE_EDGE: RGB = (176, 120, 0)
LABEL: RGB = (70, 62, 50)  # field labels where they must be read: the focus picture
WATER_LABEL: RGB = (40, 70, 100)
LIGHT_LABEL: RGB = (140, 127, 102)  # the board's field labels: there when zoomed in, quiet else
LIGHT_WATER_LABEL: RGB = (92, 128, 158)
COORD_BAND: RGB = (222, 211, 186)  # the margins with the row letters and column numbers
COORD_INK: RGB = (92, 82, 66)
MARK_FILL: RGB = PANEL  # a people's start and symbol fields (star, shield)
MARK_EDGE: RGB = (164, 124, 50)
MARK_INK: RGB = (96, 60, 0)

OUTLINE: RGB = INK
NEW_RING: RGB = (214, 0, 140)  # magenta: apart from the four seat colours and every terrain
TEMPLE: RGB = WHITE
LOOT_TILE: RGB = (255, 240, 205)
LOOT_EDGE: RGB = (120, 84, 40)

GOD_BAND: dict[str, RGB] = {"yellow": (236, 190, 40), "blue": (70, 130, 200)}
GOD_BAND_INK: dict[str, RGB] = {"yellow": INK, "blue": WHITE}

# Action cards: a colour per type, always paired with the type's name and icon.
CARD: dict[str, RGB] = {
    "move": (92, 140, 60),
    "gifts": (142, 100, 190),
    "priests": (150, 90, 50),
    "dancers": (214, 96, 150),
    "temples": (70, 120, 138),
    "money": (212, 170, 40),
}
CARD_INK: dict[str, RGB] = {k: WHITE for k in CARD} | {"money": INK}

DEMIGOD: RGB = (226, 200, 120)
HIGHLIGHT: RGB = (255, 238, 170)


def _quant_colours() -> list[RGB]:
    """Every flat colour above, plus the in-between shades of anti-aliased text on the surfaces
    it is drawn on, so that the palette PNG keeps text edges smooth."""
    flat = flat_colours(globals())
    pairs: list[tuple[RGB, tuple[RGB, ...]]] = [
        (INK, (PANEL, BACKGROUND, HIGHLIGHT, LOOT_TILE, TEMPLE, DEMIGOD, FAINT, CARD["money"],
               GOD_BAND["yellow"], PLAYER["yellow"], CARD["move"])),
        (LABEL, (LAND, PEOPLE_FIELD, COLUMN_FIELD)),
        (WATER_LABEL, (WATER,)),
        (LIGHT_LABEL, (LAND, PEOPLE_FIELD, COLUMN_FIELD)),
        (LIGHT_WATER_LABEL, (WATER,)),
        (MARK_INK, (MARK_FILL,)),
        (COORD_INK, (COORD_BAND,)),
        (NEW_RING, (HEADER, PANEL)),
        (ACTIVE_EDGE, (PEOPLE_FIELD, PANEL, HIGHLIGHT, LAND, BACKGROUND)),
        (MUTED, (PANEL, BACKGROUND, FAINT)),
        (HEADER_INK, (HEADER,)),
        (HIGHLIGHT, (HEADER,)),
        (FAINT, (HEADER,)),
        (DEMIGOD, (HEADER,)),
        (WHITE, (PLAYER["red"], PLAYER["blue"], PLAYER["green"], CARD["gifts"], CARD["priests"],
                 CARD["dancers"], CARD["temples"], CARD["move"], GOD_BAND["blue"])),
    ]
    return with_shades(flat, pairs, 256)


QUANT_COLOURS = _quant_colours()
PAL = Palette(QUANT_COLOURS)  # what the pictures are drawn in (render.png.Palette)
