"""Amun-Re pictures, pure functions of a view (engine.amunre.view.View) to PNG bytes:

- `board_png(view, locale=None)`: the public board (scores, the Nile and its 15 provinces,
  temple track, province cards on offer with their bids, decks), 960 px wide so that its key
  facts read at a phone's 480 px (board.FACT_PX); only public facts are drawn.
- `hand_png(view, locale=None)`: the viewing seat's own hand (gold, power cards by their full
  names with their phase, the −3 card, its sealed sacrifice or phase-6 choice); a spectator's
  view has none.

- `focus_png(view, locale=None)`: the close-up of the last bid or buying turn (what it changed,
  cut from the board at full size, with a large caption; engine.amunre.digest.record_turn).
- `digest_png(view, events, seat, locale=None)`: the board with every province changed since
  `seat`'s last turn ringed ("Since your last turn").
- `replay_files(record, locale=None)`: a finished game's animated replay and stats card.
"""

from .board import board_png, draw_board
from .focus import focus_png
from .hand import draw_hand, hand_png
from .replay import replay_files
from .since import digest_png

__all__ = ["board_png", "digest_png", "draw_board", "draw_hand", "focus_png", "hand_png",
           "replay_files"]
