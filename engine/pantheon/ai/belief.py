"""The AI's picture of the game: a `Belief`, rebuilt from one seat's `View` alone.

The AI is handed the real state only at its entry point (`engine.pantheon.ai.choose`), which
turns it into `view(state, seat)` at once. Everything else decides from a Belief built here:
a `State` with the same public position and the seat's own holdings, whose hidden zones are
filled from the public counts with neutral placeholders (P-GAP-HIDDEN):

* other players' hands: `hand_size` cards of the placeholder id `HIDDEN_CARD`;
* other players' demigods: `demigod_count` tokens of value 0; their unresolved bonus tile: none;
* the action deck, the god stack, the bag: `HIDDEN_*` placeholders, as many as the view counts;
  the demigod stack: that many 0 tokens; the discard pile: placeholders under its face-up top;
* the people deck: the peoples not yet played, in a fixed (sorted) order;
* the boxes of used tiles, the seed and the rng: empty or 0.

Engine helpers (`network`, `action_possible`, `sacrifice.payments`, ...) run on a Belief as on a
State, and whatever they or the planner read, they cannot learn a hidden thing: the Belief does
not hold one. The public counts stay readable through `Belief.seen`, the view itself.
"""

from __future__ import annotations

from typing import Any

from data.pantheon import COMPONENTS

from ..cards import MONEY
from ..state import Player, State
from ..view import PlayerView, View

HIDDEN_CARD = "?card"
HIDDEN_GOD = "?god"
HIDDEN_TILE = "?tile"
HIDDEN_DEMIGOD = 0
PEOPLE_KEY = {spec["id"]: key for key, spec in COMPONENTS.peoples.items()}
MONEY_CARD = {v: c for c, v in sorted(MONEY.items())}


class Belief(State):
    """A `State` rebuilt from a seat's view: public position exact, own holdings exact, every
    hidden zone a placeholder. `seen` is the view it was built from; `frame` the seat's own
    prompt as far as the view shows it (the step's public keys and the prompt kind)."""

    seen: View
    frame: dict[str, Any]


def from_view(v: View) -> Belief:
    """The Belief of the seat whose view `v` is (a spectator's view works too: every hand and
    demigod is then a placeholder)."""
    players = [_player(pv, v.seat) for pv in v.players]
    played = [PEOPLE_KEY[x] for x in v.peoples_played]
    frame: dict[str, Any] = {}
    queue: list[dict[str, Any]] = []
    if v.step is not None and v.waiting:
        frame = {k: val for k, val in v.step.items() if k != "kind"}
        frame = {"t": v.step["kind"], "seat": v.waiting[0]["seat"], **frame}
        queue = [frame]
    discard = [HIDDEN_CARD] * max(0, v.discard_count - 1)
    if v.discard_top is not None:
        discard.append(v.discard_top)
    b = Belief(
        seed=0, rng=0, options={}, players=players, epoch=v.epoch, start_player=v.start_player,
        people_deck=sorted(k for k in COMPONENTS.peoples if k not in played),
        peoples_played=played, temple=v.temple,
        deck=[HIDDEN_CARD] * v.deck_count, display=list(v.display), discard=discard,
        special_money=[MONEY_CARD[val] for val in v.special_money],
        god_stack=[HIDDEN_GOD] * v.god_stack_count, god_display=list(v.god_display),
        demigod_stack=[HIDDEN_DEMIGOD] * v.demigod_stack_count,
        demigod_pool=list(v.demigod_pool), bag=[HIDDEN_TILE] * v.bag_count,
        loot=dict(v.loot), bonus_stack=list(v.bonus_offer),
        pieces={k: [list(pc) for pc in ps] for k, ps in v.pieces.items()},
        queue=queue, stall_turns=v.stall_turns, last_changes={},
        result=dict(v.result) if v.result is not None else None,
    )
    b.seen = v
    b.frame = frame
    return b


def _player(pv: PlayerView, seat: int | None) -> Player:
    mine = pv.seat == seat
    hand = dict(pv.hand) if mine and pv.hand is not None else (
        {HIDDEN_CARD: pv.hand_size} if pv.hand_size else {})
    demigods = list(pv.demigods) if mine and pv.demigods is not None else (
        [HIDDEN_DEMIGOD] * pv.demigod_count)
    return Player(
        seat=pv.seat, name=pv.name, colour=pv.colour, score=pv.score, hand=hand,
        supply=dict(pv.supply), tiles=dict(pv.tiles), gods=list(pv.gods),
        steps_tiles=list(pv.steps_tiles), demigods=demigods,
        bonus=pv.bonus if mine else None, placed=list(pv.placed),
    )
