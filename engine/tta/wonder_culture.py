"""The one-time culture of the Age III wonders (F-WOND-1/2, C-56…C-59): computed once, when
the last stage is covered and the wonder is completed (actions._complete, after its tokens
went back to the blue bank), from the player's state at that moment, and added to his culture
points. The wonders have no lasting symbols (cards.csv)."""

from __future__ import annotations

from collections.abc import Callable

from data.tta import CARDS

from .effects import STAT_BONUS, THEATER_LIBRARY_LEADERS, URBAN_LEADERS
from .state import Player

OUTPUT = ("culture", "science", "strength")  # what Internet counts (happy faces do not, C-59)


def _workers(p: Player, *kinds: str) -> int:
    return sum(n for c, n in p.workers.items() if CARDS[c].kind in kinds)


def fast_food_chains(p: Player) -> int:
    """C-56: 2 per worker on farms and mines, 1 per worker on urban buildings and units;
    unused workers score nothing."""
    return 2 * _workers(p, "farm", "mine") + _workers(p, "urban", "unit")


def first_space_flight(p: Player) -> int:
    """C-57: the levels of every technology card in play, each card once, with or without
    workers — farms, mines, urban buildings, units, special technologies and the government
    (the board technologies are level 0); cards in hand score nothing."""
    return sum(CARDS[c].level for c in (p.government, *p.techs))


def _leader_output(p: Player, leaders: frozenset[str], keys: tuple[str, ...]) -> int:
    """What the leader adds to the output of urban buildings (G-END-8): his named bonus
    (effects.STAT_BONUS), when he is one of `leaders`."""
    if p.leader not in leaders:
        return 0
    bonus = STAT_BONUS[p.leader](p)
    return sum(bonus.get(k, 0) for k in keys)


def hollywood(p: Player) -> int:
    """C-58: twice the culture the theatres and libraries produce — their printed culture
    per building plus the leader's part of it (Shakespeare, Bach, Chaplin)."""
    printed = sum(n * CARDS[c].culture for c, n in p.workers.items()
                  if CARDS[c].kind == "urban" and CARDS[c].subtype in ("theater", "library"))
    return 2 * (printed + _leader_output(p, THEATER_LIBRARY_LEADERS, ("culture",)))


def internet(p: Player) -> int:
    """C-59: the culture, science and strength every urban building produces, the leader's
    part included (Shakespeare, Bach, Chaplin, Sid Meier, Newton, Einstein)."""
    printed = sum(n * sum(getattr(CARDS[c], k) for k in OUTPUT)
                  for c, n in p.workers.items() if CARDS[c].kind == "urban")
    return printed + _leader_output(p, URBAN_LEADERS, OUTPUT)


# wonder -> culture points scored once when it is completed
ONE_TIME: dict[str, Callable[[Player], int]] = {
    "fast_food_chains_iii": fast_food_chains,
    "first_space_flight_iii": first_space_flight,
    "hollywood_iii": hollywood,
    "internet_iii": internet,
}
