"""Pantheon pictures: the public board snapshot, the focus on the last turn's fields, each
player's private hand, the board since a seat's last turn (PNG bytes), and a finished game's
replay (an animated GIF) and stats card."""

from .board import board_png
from .focus import focus_png
from .hand import hand_png
from .replay import replay_files
from .since import digest_png

__all__ = ["board_png", "digest_png", "focus_png", "hand_png", "replay_files"]
