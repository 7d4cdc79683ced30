"""Amun-Re pictures, pure functions of a view (engine.amunre.view.View) to PNG bytes:

- `board_png(view, locale=None)`: the public board (the Nile and its 15 provinces, scores,
  temple track, province cards on offer with their bids, decks); only public facts are drawn.
- `hand_png(view, locale=None)`: the viewing seat's own hand (gold, power cards with their
  phase, the −3 card, its sealed sacrifice or phase-6 choice); a spectator's view has none.
"""

from .board import board_png, draw_board
from .hand import draw_hand, hand_png

__all__ = ["board_png", "draw_board", "draw_hand", "hand_png"]
