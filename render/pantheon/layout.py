"""Boxes of the board picture below the map. They depend only on the player count, so the frames
can be drawn once and cached; tests use the same boxes to probe what was drawn in them."""

from __future__ import annotations

from dataclasses import dataclass

from .geometry import BOARD_W, MAP_FRAME_BOTTOM, MARGIN

Box = tuple[int, int, int, int]  # left, top, right, bottom

GAP = 12
ROW_A_H = 196
ROW_B_H = 176
PLAYERS_H = 286
TITLE_H = 26  # panel title strip


@dataclass(frozen=True)
class BoardLayout:
    width: int
    height: int
    epochs: Box
    gods: Box
    cards: Box
    demigods: Box
    loot: Box
    players: tuple[Box, ...]

    def god_tile(self, i: int, count: int) -> Box:
        """The i-th of `count` god tiles on display."""
        left, top, right, bottom = self.gods
        slots = max(count, 4)
        w = min(236, (right - left - GAP * (slots + 1)) // slots)
        x = left + GAP + i * (w + GAP)
        return x, top + TITLE_H + 8, x + w, bottom - GAP

    def epoch_slot(self, i: int) -> Box:
        left, top, _, _ = self.epochs
        w = 84
        x = left + GAP + i * (w + 6)
        return x, top + TITLE_H + 8, x + w, top + TITLE_H + 8 + 96

    def display_card(self, i: int) -> Box:
        left, top, _, _ = self.cards
        x = left + GAP + i * (CARD_W + 8)
        return x, top + TITLE_H + 10, x + CARD_W, top + TITLE_H + 10 + CARD_H

    def demigod_centre(self, i: int) -> tuple[int, int]:
        left, top, _, _ = self.demigods
        per_row = 9
        return left + GAP + 16 + (i % per_row) * 34, top + TITLE_H + 26 + (i // per_row) * 34

    def loot_entry(self, i: int) -> tuple[int, int]:
        """Centre of the glyph of the i-th loot legend entry."""
        left, top, right, _ = self.loot
        col_w = (right - left - 2 * GAP) // 3
        return left + GAP + 24 + (i % 3) * col_w, top + TITLE_H + 30 + (i // 3) * 50


CARD_W = 72
CARD_H = 100


def board_layout(n_players: int) -> BoardLayout:
    w = BOARD_W
    inner_l, inner_r = MARGIN, w - MARGIN
    y = MAP_FRAME_BOTTOM + GAP
    epochs = (inner_l, y, inner_l + 6 * 90 + 2 * GAP - 6, y + ROW_A_H)
    gods = (epochs[2] + GAP, y, inner_r, y + ROW_A_H)
    y = epochs[3] + GAP
    cards_w = GAP + 4 * (CARD_W + 8) + 3 * (CARD_W + 24) + GAP
    cards = (inner_l, y, inner_l + cards_w, y + ROW_B_H)
    demigods = (cards[2] + GAP, y, cards[2] + GAP + 9 * 34 + 2 * GAP, y + ROW_B_H)
    loot = (demigods[2] + GAP, y, inner_r, y + ROW_B_H)
    y = cards[3] + GAP
    pw = (inner_r - inner_l - GAP * (n_players - 1)) // n_players
    players = tuple((inner_l + i * (pw + GAP), y, inner_l + i * (pw + GAP) + pw, y + PLAYERS_H)
                    for i in range(n_players))
    return BoardLayout(w, y + PLAYERS_H + MARGIN, epochs, gods, cards, demigods, loot, players)
