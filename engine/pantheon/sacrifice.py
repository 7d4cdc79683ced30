"""Paying a god's sacrifice requirement (P-SAC): each number of the requirement gets its own
offering kind, paid with that kind's tile level plus exactly the missing cards (P-SAC-4)."""

from __future__ import annotations

from itertools import permutations

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
    # Same test as check_payment (a permutation of KINDS always passes its shape checks, so
    # only the cards in hand can fail), done inline: raising and catching an exception for
    # each of up to 24 permutations made this the slowest option listing of the game.
    level = {k: (player.tiles.get(k, 0) if tiles_allowed else 0) for k in KINDS}
    held = {k: player.hand.get(k, 0) for k in KINDS}
    found: dict[tuple, tuple[int, list[str]]] = {}
    for kinds in permutations(KINDS, len(numbers)):
        spent = 0
        for number, kind in zip(numbers, kinds, strict=True):
            missing = number - level[kind]
            if missing > 0:
                if held[kind] < missing:
                    break
                spent += missing
        else:
            # equal numbers make swapped kinds the same payment: keep one of them
            key = tuple(sorted(zip(numbers, kinds, strict=True)))
            if key not in found:
                found[key] = (spent, list(kinds))
    return [k for _, k in sorted(found.values(), key=lambda t: (t[0], t[1]))]


def can_pay(player: Player, numbers: tuple[int, ...] | list[int], tiles_allowed: bool) -> bool:
    """Fast check: a kind can serve a number when tile level + cards reach it, so pairing the
    largest numbers with the best-stocked kinds finds an assignment whenever one exists."""
    return covers(stock(player, tiles_allowed), numbers)


def stock(player: Player, tiles_allowed: bool) -> list[int]:
    """What each offering kind can pay at most (tile level + cards), largest first."""
    return sorted(((player.tiles.get(k, 0) if tiles_allowed else 0) + player.hand.get(k, 0)
                   for k in KINDS), reverse=True)


def covers(avail: list[int], numbers: tuple[int, ...] | list[int]) -> bool:
    """can_pay with the player's stock worked out once, for checking several gods."""
    return len(numbers) <= len(avail) and all(
        a >= n for a, n in zip(avail, sorted(numbers, reverse=True), strict=False))
