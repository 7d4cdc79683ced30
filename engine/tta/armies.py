"""Armies (T-TAC-6..8, T-TAC-10, G-TAC-2): under a tactic, units form armies — each complete
set of the units the tactic depicts is one army, worth the tactic's tactical strength, or its
smaller "outdated" value if any unit in it is two or more levels below the tactic's age.

Units always form the armies that give the greatest total (T-TAC-8). That needs a real search
(G-TAC-2: the most armies is not always best), so `best_armies` tries every way to fill one
army from the units left and keeps the best, memoised on the counts left; units are grouped by
(type, level), so a whole civilisation is a handful of groups and the search stays small.

Genghis Khan lets infantry fill cavalry slots (effects.INFANTRY_AS_CAVALRY).

Air forces (F-AIR-1..6) fill no slot: each joins one army (one per army) and doubles its value,
so k = min(air units, armies) of the most valuable armies count twice (F-AIR-5). As doubling can
make fewer but better armies worth more, the search keeps every undominated pair (normal
armies, outdated armies) the units can form and scores each pair with the air units."""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache, lru_cache

from data.tta import CARDS, LEVEL

UNIT_TYPES = ("infantry", "cavalry", "artillery")
AIR_FORCE = "airforce"  # the unit type of Air Forces (F-AIR-4)

Group = tuple[str, int]  # (unit type, level)


def groups_of(units: dict[str, int]) -> dict[Group, int]:
    """Unit card -> count, grouped by (type, level)."""
    out: dict[Group, int] = {}
    for card, n in units.items():
        if n > 0 and CARDS[card].kind == "unit" and CARDS[card].subtype in UNIT_TYPES:
            key = (CARDS[card].subtype, CARDS[card].level)
            out[key] = out.get(key, 0) + n
    return out


def _fill(slots: int, eligible: list[int], counts: list[int]) -> Iterator[list[int]]:
    """Every way to take `slots` units from the groups listed in `eligible` (indices)."""
    if slots == 0:
        yield [0] * len(counts)
        return
    if not eligible:
        return
    first, rest = eligible[0], eligible[1:]
    for k in range(min(slots, counts[first]), -1, -1):
        left = counts.copy()
        left[first] -= k
        for tail in _fill(slots - k, rest, left):
            tail[first] += k
            yield tail


def air_units(units: dict[str, int]) -> int:
    """Air force units among `units` (F-AIR-4: the only air force card is Air Forces)."""
    return sum(n for card, n in units.items()
               if n > 0 and CARDS[card].kind == "unit" and CARDS[card].subtype == AIR_FORCE)


def best_armies(units: dict[str, int], tactic: str, infantry_as_cavalry: bool = False) -> int:
    """The greatest total tactical strength the units can form under `tactic` (T-TAC-8), the
    air force units doubling the best armies (F-AIR-2/5); an air force unit's own strength is
    a symbol, counted elsewhere."""
    grouped = groups_of(units)
    return _best(tuple(sorted(grouped.items())), tactic, infantry_as_cavalry, air_units(units))


def doubled_total(normal_armies: int, outdated_armies: int, normal: int, outdated: int,
                  air: int) -> int:
    """F-AIR-5: the armies' values summed, plus the k = min(air, armies) most valuable of them
    once more (a normal army is worth at least an outdated one)."""
    k = min(air, normal_armies + outdated_armies)
    top_normal = min(k, normal_armies)
    return (normal_armies * normal + outdated_armies * outdated
            + top_normal * normal + (k - top_normal) * outdated)


def _undominated(pairs: set[tuple[int, int]]) -> frozenset[tuple[int, int]]:
    """The pairs no other pair beats in both counts."""
    return frozenset(x for x in pairs
                     if not any(y != x and y[0] >= x[0] and y[1] >= x[1] for y in pairs))


@lru_cache(maxsize=4096)
def _best(grouped_items: tuple[tuple[Group, int], ...], tactic: str,
          infantry_as_cavalry: bool, air: int = 0) -> int:
    """best_armies on (group, count) pairs: memoised, as strength is asked for often."""
    card = CARDS[tactic]
    need = {"infantry": card.tactic_infantry, "cavalry": card.tactic_cavalry,
            "artillery": card.tactic_artillery}
    if not any(need.values()):
        return 0
    grouped = dict(grouped_items)
    keys = tuple(sorted(grouped))
    normal = card.tactic_strength
    outdated = card.tactic_strength_outdated or normal  # Age I tactics have one value (T-TAC-7)
    level = LEVEL[card.age]

    def is_old(i: int) -> bool:
        return keys[i][1] <= level - 2

    def eligible(slot_type: str) -> list[int]:
        types = {slot_type}
        if slot_type == "cavalry" and infantry_as_cavalry:
            types.add("infantry")
        return [i for i, (kind, _) in enumerate(keys) if kind in types]

    order = [t for t in UNIT_TYPES if need[t]]

    def armies(counts: list[int], i: int = 0) -> Iterator[list[int]]:
        """Every way to fill the slots of one army (slot types in `order`) from `counts`."""
        if i == len(order):
            yield [0] * len(counts)
            return
        for taken in _fill(need[order[i]], eligible(order[i]), counts):
            left = [c - t for c, t in zip(counts, taken, strict=True)]
            for more in armies(left, i + 1):
                yield [a + b for a, b in zip(taken, more, strict=True)]

    @cache
    def formations(counts: tuple[int, ...]) -> frozenset[tuple[int, int]]:
        """The undominated (normal armies, outdated armies) the units can form."""
        found = {(0, 0)}
        for taken in armies(list(counts)):
            old = any(t and is_old(i) for i, t in enumerate(taken))
            left = tuple(c - t for c, t in zip(counts, taken, strict=True))
            for a, b in formations(left):
                found.add((a, b + 1) if old else (a + 1, b))
        return _undominated(found)

    return max(doubled_total(a, b, normal, outdated, air)
               for a, b in formations(tuple(grouped[k] for k in keys)))
