"""Pantheon (Michael Tummelhofer, 2011): rules engine. See shared/rules/pantheon.md."""

from .game import apply, apply_all, new_game, options, pending, replay, result, view

__all__ = ["apply", "apply_all", "new_game", "options", "pending", "replay", "result", "view"]
