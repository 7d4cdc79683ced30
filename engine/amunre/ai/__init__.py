"""AI seats for Amun-Re.

    choose(state, seat, level="normal", rng=None) -> Decision

returns one of `options(state, seat)`. Levels:

* ``"normal"``: a valuation heuristic (`policy.py`, `values.py`). It values each province on offer
  in gold for this seat (income for the rest of the kingdom, free material, pyramids and stones
  towards the kingdom's scoring: rows, the Nile sides, temples, the bonus cards it holds) and bids
  the best surplus within a budget; buys power cards, farmers and stones where the expected
  return beats the triangular price; uses Master Builder and Free Farmer; sacrifices the amount
  that maximises items, Pharaoh and the temple's effect on its own income against the other
  seats' public past sacrifices; steers Sacrifice Correction; plays 8 Gold, Harvest Increase and
  every bonus card where they pay; sells everything before the final gold count.
* ``"easy"``: the same machinery with cruder values (income only, no scoring lookahead), random
  noise on the bids, small random sacrifices, no Bid Blockade / Overbid: legal, sensible, fast
  and beatable.
* ``"strong"``: determinized search (`strong.py` on engine/search.py): where a decision shapes
  the game (bids, the buying turn, the sacrifice, Sacrifice Correction) it samples full worlds
  from the seat's view (`worlds.py`: hidden cards, deck orders, the others' gold and sealed
  choices drawn from what the seat may know), plays the normal AI's choice and a few
  alternatives in each, rolls every world out with the normal AI to the end of the round and
  keeps the best mean margin. Elsewhere it answers as normal. About a second a searched
  decision on one core (`AGORA_AI_BUDGET` scales it).
* ``"random"``: uniform among the options (the benchmark's baseline).

Fair by construction (A-INFO): `choose` reads the state exactly twice, as a player of `seat`
sees it: `view(state, seat)` and `options(state, seat)`. Only those reach the decision code
(`decide_seen`), so it cannot read another seat's gold, power cards, sealed sacrifice or bonus
choice, the decks or the free cards under a province card: the view does not hold them.

Deterministic across processes: the same view, options, level and rng state give the same
decision (no set order or `hash()` reaches a choice). Without an rng it seeds one from a checksum
of the view.
"""

from __future__ import annotations

import json
import random
import zlib
from dataclasses import asdict

from engine import contract, search
from engine.core import Decision, IllegalDecision

from ..flow import err
from ..game import options, view
from ..state import State
from ..view import View
from .policy import decide_level

LEVELS = ("easy", "normal", search.LEVEL)
ALL_LEVELS = (*LEVELS, contract.RANDOM)


def choose(state: State, seat: int, level: str = "normal",
           rng: random.Random | None = None) -> Decision:
    """One legal decision for `seat` (see the module docstring)."""
    return decide(state, seat, level, rng)[0]


def decide(state: State, seat: int, level: str = "normal",
           rng: random.Random | None = None) -> tuple[Decision, bool]:
    """Like `choose`, and also whether the level's own logic produced the decision (False when it
    had to fall back to the first option; the tests and the benchmark count these).

    The state is read twice, as a player of `seat` sees it: its view and its options."""
    seen = view(state, seat)
    opts = options(state, seat)
    return decide_seen(seen, opts, level, rng)


def decide_seen(seen: View, opts: list[Decision], level: str = "normal",
                rng: random.Random | None = None) -> tuple[Decision, bool]:
    """The decision of the seat whose view `seen` is, among its legal options `opts`."""
    return contract.decide_around(_valued, seen, opts, level, rng, levels=ALL_LEVELS,
                                  stamp=stamp, refused=_not_your_turn, same=Decision.key)


def _valued(seen: View, opts: list[Decision], level: str, rng: random.Random
            ) -> Decision | None:
    """What the level's valuation wants; None for a spectator's view (no seat to play for)."""
    if seen.seat is None:
        return None
    if level == search.LEVEL:
        from . import strong  # the search imports this module's `choose` for its roll-outs

        return strong.decide(seen, opts, rng)
    return decide_level(seen, seen.seat, opts, level, rng)


def _not_your_turn() -> IllegalDecision:
    return err("not_your_turn", "A-FLOW-4")


def stamp(seen: View) -> int:
    """A checksum of the view, the same in every process (the default rng's seed)."""
    return zlib.crc32(json.dumps(asdict(seen), sort_keys=True, separators=(",", ":"),
                                 default=str).encode())


__all__ = ["ALL_LEVELS", "LEVELS", "choose", "decide", "decide_seen", "stamp"]
