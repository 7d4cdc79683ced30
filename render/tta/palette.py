"""Colours of the Through the Ages pictures.

Seat colours copy the Okabe-Ito values the other games use (apart for the common kinds of colour
blindness); every seat patch also carries the seat's letter, so colour is never the only cue.
Card kinds get pale fills that dark ink reads well on; tokens keep the game's own colours
(yellow workers, blue tokens, white civil and red military actions)."""

from __future__ import annotations

from render.png import Palette, flat_colours, with_shades

RGB = tuple[int, int, int]

INK: RGB = (30, 28, 24)
WHITE: RGB = (255, 255, 255)

PLAYER: dict[str, RGB] = {
    "red": (213, 94, 0),  # vermillion
    "green": (0, 158, 115),  # bluish green
    "blue": (0, 114, 178),
    "yellow": (240, 228, 66),
}
PLAYER_INK: dict[str, RGB] = {"red": WHITE, "green": WHITE, "blue": WHITE, "yellow": INK}
PLAYER_LETTER: dict[str, str] = {"red": "R", "green": "G", "blue": "B", "yellow": "Y"}

BACKGROUND: RGB = (236, 232, 222)
PANEL: RGB = (252, 250, 244)
PANEL_EDGE: RGB = (150, 140, 122)
MUTED: RGB = (98, 92, 82)
FAINT: RGB = (204, 198, 186)
EMPTY: RGB = (226, 221, 210)  # an empty space of the card row, an empty bank space
HEADER: RGB = (44, 48, 60)
HEADER_INK: RGB = PANEL
NEW_RING: RGB = (214, 0, 140)  # magenta: apart from the seat colours and the card kinds
ACTIVE: RGB = (176, 120, 0)
BAD: RGB = (178, 34, 34)  # discontent, corruption, famine

WORKER: RGB = (246, 196, 30)  # yellow token
WORKER_EDGE: RGB = (140, 100, 0)
BLUE_TOKEN: RGB = (40, 100, 200)
BLUE_EDGE: RGB = (10, 40, 110)
CIVIL: RGB = (250, 250, 250)  # white token (civil action)
MILITARY: RGB = (196, 40, 40)  # red token (military action)

CULTURE: RGB = (150, 70, 160)
SCIENCE: RGB = (30, 120, 190)

# card kinds (engine data.tta Card.kind), pale fills for dark ink
KIND: dict[str, RGB] = {
    "farm": (196, 222, 150),
    "mine": (214, 190, 150),
    "urban": (206, 210, 226),
    "unit": (236, 176, 166),
    "special": (168, 206, 236),
    "government": (208, 190, 232),
    "leader": (176, 222, 200),
    "wonder": (238, 214, 140),
    "action": (248, 236, 150),
    "military": (222, 200, 186),  # events, territories, tactics, bonus cards in a hand
}
# the darker band on top of a card, for its kind label (white ink)
KIND_BAND: dict[str, RGB] = {
    "farm": (84, 128, 40),
    "mine": (128, 90, 50),
    "urban": (84, 92, 128),
    "unit": (160, 50, 40),
    "special": (30, 100, 160),
    "government": (104, 70, 150),
    "leader": (30, 120, 90),
    "wonder": (150, 110, 0),
    "action": (140, 120, 0),
    "military": (110, 80, 66),
}


def _quant_colours() -> list[RGB]:
    """Every flat colour above, plus in-between shades of text and edges on the surfaces they
    are drawn on, so that the palette PNG keeps anti-aliased edges smooth."""
    flat = flat_colours(globals())
    surfaces = (PANEL, BACKGROUND, EMPTY, WORKER, BLUE_TOKEN, *PLAYER.values(), *KIND.values())
    pairs: list[tuple[RGB, tuple[RGB, ...]]] = [
        (INK, surfaces),
        (WHITE, (HEADER, *PLAYER.values(), *KIND_BAND.values(), BLUE_TOKEN, MILITARY,
                 CULTURE, SCIENCE, BAD)),
        (MUTED, (PANEL, BACKGROUND, EMPTY)),
        (BAD, (PANEL,)),
        (HEADER_INK, (HEADER,)),
        (NEW_RING, (PANEL, BACKGROUND)),
        (CULTURE, (PANEL,)),
        (SCIENCE, (PANEL,)),
    ]
    return with_shades(flat, pairs, 255)


QUANT_COLOURS = _quant_colours()
PAL = Palette(QUANT_COLOURS)  # what the pictures are drawn in (render.png.Palette)
