"""Through the Ages pictures, pure functions of a view (engine.tta.view.make_view) to PNG bytes:

- `board_png(view, locale=None)`: the shared table (round and age, decks, events decks, the wars
  and pacts of the full game (render.tta.politics), the card row with each space's civil-action
  cost, every seat's culture and science tracks);
- `player_png(view, seat, locale=None)` / `player_pngs(view, locale=None)`: one player's board
  each (statistics, government, leader, tactic, technologies with workers and blue tokens, the
  banks, wonders, hand counts);
- `hand_png(view, locale=None)`: the viewing seat's own hand (a spectator's view has none);
- `card_png(card, locale=None)` (also the host's `lookup_png` hook): one card drawn large, with
  its name, cost, figures and effect, for the card lookup (render.tta.cardface).

- `focus_png(view, locale=None)`: the close-up of the last turn (render.tta.focus);
- `digest_png(view, events, seat, locale=None)`: what came since a seat's last turn
  (render.tta.since);
- `replay_files(record, locale=None)`: a finished game's animated replay and stats card.

Public pictures read only public view fields; what the view's `last` summary names is ringed
(render.tta.last)."""

from .cardface import card_png
from .focus import focus_png
from .hand import draw_hand, hand_png
from .player import draw_player, player_png, player_pngs
from .replay import replay_files
from .since import digest_png
from .table import board_png, draw_board

__all__ = ["board_png", "card_png", "digest_png", "draw_board", "draw_hand", "draw_player",
           "extra_pngs",
           "focus_png", "hand_png", "lookup_png", "player_png", "player_pngs", "replay_files"]

lookup_png = card_png  # the host's optional hook for a looked-up item (bot.host.kinds)


def extra_pngs(view: dict, locale: str | None = None) -> list[tuple[str, bytes]]:
    """The host's optional render hook (bot.host.kinds.Kind.extra_pngs): each player's board as its
    own picture beside the shared table, in seat order."""
    return [(f"player{q + 1}.png", data) for q, data in enumerate(player_pngs(view, locale))]
