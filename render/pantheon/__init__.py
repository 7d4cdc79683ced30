"""Pantheon pictures: the public board snapshot and each player's private hand, as PNG bytes."""

from .board import board_png
from .hand import hand_png

__all__ = ["board_png", "hand_png"]
