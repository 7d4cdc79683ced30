"""Paying a god's sacrifice requirement (P-SAC): each number of the requirement gets its own
offering kind, paid with that kind's tile level plus exactly the missing cards (P-SAC-4)."""

from __future__ import annotations

from functools import lru_cache
from itertools import permutations
from operator import ge

from data.i18n import t
from engine.core import IllegalDecision

from .cards import KINDS
from .state import Player
from .text import kind_name, kinds_list


def cards_needed(player: Player, numbers: tuple[int, ...] | list[int], kinds: list[str],
                 tiles_allowed: bool) -> dict[str, int]:
    need: dict[str, int] = {}
    for number, kind in zip(numbers, kinds, strict=True):
        level = player.tiles.get(kind, 0) if tiles_allowed else 0
        need[kind] = max(0, number - level)
    return need


def check_payment(player: Player, numbers: tuple[int, ...] | list[int], kinds: object,
                  tiles_allowed: bool) -> dict[str, int]:
    """Validate an assignment of kinds to numbers; returns the cards it spends."""
    if (not isinstance(kinds, list) or len(kinds) != len(numbers)
            or not all(isinstance(k, str) for k in kinds)):
        raise IllegalDecision(t("pantheon.err.kind_per_number",
                                requirement="+".join(map(str, numbers))), "P-SAC-2")
    for k in kinds:
        if k not in KINDS:  # named as it was given
            raise IllegalDecision(t("pantheon.err.not_a_kind", kind=k, kinds=kinds_list()),
                                  "P-SAC-2")
    if len(set(kinds)) != len(kinds):
        raise IllegalDecision(t("pantheon.err.different_kinds"), "P-SAC-2")
    need = cards_needed(player, numbers, kinds, tiles_allowed)
    for kind, n in need.items():
        if player.hand.get(kind, 0) < n:
            have = player.hand.get(kind, 0)
            rule = "P-SAC-6" if not tiles_allowed else "P-SAC-4"
            raise IllegalDecision(t("pantheon.err.need_cards", count=n, kind=kind_name(kind),
                                    have=have), rule)
    return need


def payments(player: Player, numbers: tuple[int, ...] | list[int],
             tiles_allowed: bool) -> list[list[str]]:
    """Every distinct valid assignment, fewest cards first (P-SAC-8)."""
    # A kind pays a number when level + cards reach it, and pays `number - level` cards: a
    # level above the largest number, or more cards than that number lacks, change nothing.
    # Capping both lets the cache below serve every holding that pays alike.
    top = max(numbers, default=0)
    level = tuple(min(player.tiles.get(k, 0), top) if tiles_allowed else 0 for k in KINDS)
    held = tuple(min(player.hand.get(k, 0), top - lv) for k, lv in zip(KINDS, level,
                                                                         strict=True))
    return [list(kinds) for kinds in _payments(level, held, tuple(numbers))]


# every ordered choice of n kinds: as positions into KINDS (so into level and held) and by name
_PERMUTATIONS = {n: [(order, tuple(KINDS[i] for i in order))
                     for order in permutations(range(len(KINDS)), n)]
                 for n in range(len(KINDS) + 1)}


@lru_cache(maxsize=4096)
def _payments(level: tuple[int, ...], held: tuple[int, ...], numbers: tuple[int, ...]
              ) -> tuple[tuple[str, ...], ...]:
    """payments() on plain tuples (tile level and cards per kind, in KINDS order), cached: a
    pure function of few small numbers, asked for every god_pay and gallia_buy prompt (and
    again by the agenda's forced-step test), and with up to 24 permutations to try."""
    # Same test as check_payment (a permutation of KINDS always passes its shape checks, so
    # only the cards in hand can fail), done inline: raising and catching an exception for
    # each of up to 24 permutations made this the slowest option listing of the game.
    found: dict[tuple, tuple[int, tuple[str, ...]]] = {}
    for order, kinds in _PERMUTATIONS[len(numbers)]:
        spent = 0
        for number, i in zip(numbers, order, strict=True):
            missing = number - level[i]
            if missing > 0:
                if held[i] < missing:
                    break
                spent += missing
        else:
            # equal numbers make swapped kinds the same payment: keep one of them
            key = tuple(sorted(zip(numbers, kinds, strict=True)))
            if key not in found:
                found[key] = (spent, kinds)
    return tuple(k for _, k in sorted(found.values(), key=lambda t: (t[0], t[1])))


def can_pay(player: Player, numbers: tuple[int, ...] | list[int], tiles_allowed: bool) -> bool:
    """Fast check: a kind can serve a number when tile level + cards reach it, so pairing the
    largest numbers with the best-stocked kinds finds an assignment whenever one exists."""
    return covers(stock(player, tiles_allowed), numbers)


def stock(player: Player, tiles_allowed: bool) -> list[int]:
    """What each offering kind can pay at most (tile level + cards), largest first."""
    hand = player.hand
    if tiles_allowed:
        tiles = player.tiles
        avail = [tiles.get(k, 0) + hand.get(k, 0) for k in KINDS]
    else:
        avail = [hand.get(k, 0) for k in KINDS]
    avail.sort(reverse=True)
    return avail


def covers(avail: list[int], numbers: tuple[int, ...] | list[int]) -> bool:
    """can_pay with the player's stock worked out once, for checking several gods."""
    return covers_sorted(avail, sorted(numbers, reverse=True))


def covers_sorted(avail: list[int], need: tuple[int, ...] | list[int]) -> bool:
    """covers() with the numbers already sorted largest first (the action prompt asks it of
    every god on display, whose requirements are sorted once). map(ge) compares the pairs in C
    and stops at the shorter sequence, as zip does."""
    return len(need) <= len(avail) and all(map(ge, avail, need))
