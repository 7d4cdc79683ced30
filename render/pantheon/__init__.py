"""Pantheon pictures: the public board snapshot, the focus on the last turn's fields and each
player's private hand, as PNG bytes."""

from .board import board_png
from .focus import focus_png
from .hand import hand_png

__all__ = ["board_png", "focus_png", "hand_png"]
