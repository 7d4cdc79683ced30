"""Amun-Re pictures, pure functions of a view (engine.amunre.view.View) to PNG bytes:

- `board_png(view, locale=None)`: the public board (scores, the Nile and its 15 provinces,
  temple track, province cards on offer with their bids, decks), 960 px wide so that its key
  facts read at a phone's 480 px (board.FACT_PX); only public facts are drawn.
- `hand_png(view, locale=None)`: the viewing seat's own hand (gold, power cards by their full
  names with their phase, the −3 card, its sealed sacrifice or phase-6 choice); a spectator's
  view has none.

No close-up (`focus_png`): the whole board carries the key facts at 480 px, and the view holds
no record of what a buying turn changed (only the auction's result and the temple's move,
which the board rings).
"""

from .board import board_png, draw_board
from .hand import draw_hand, hand_png

__all__ = ["board_png", "draw_board", "draw_hand", "hand_png"]
