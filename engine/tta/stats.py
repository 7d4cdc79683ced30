"""Derived statistics (T-STAT, T-TOK-4, T-HAND, T-HAPPY, T-CORR, T-FOOD): computed from the
cards in play and the workers on them every time they are needed, never stored (T-META-6)."""

from __future__ import annotations

from dataclasses import dataclass

from data.tta import CARDS, corruption, yellow_row

from . import listing
from .armies import best_armies
from .effects import INFANTRY_AS_CAVALRY, RUIN_CULTURE, STAT_BONUS, extra_mine_tokens
from .state import Player

PER_WORKER = ("farm", "mine", "urban", "unit")  # T-STAT-2(a)
MAX_HAPPINESS = 8  # T-STAT-5


@dataclass(frozen=True)
class Stats:
    civil_actions: int
    military_actions: int
    urban_limit: int
    science: int  # science rating
    culture: int  # culture rating
    strength: int
    happiness: int
    colonization: int
    civil_limit: int  # T-HAND-1
    military_limit: int  # T-HAND-2


# per card: (counted per worker, its symbols in the order of STAT_FIELDS); cards without any
# symbol are left out
STAT_FIELDS = ("civil_actions", "military_actions", "urban_limit", "science", "culture",
               "strength", "happiness", "colonization")
_SYMBOLS: dict[str, tuple[bool, tuple[int, ...]]] = {
    card.id: (card.kind in PER_WORKER, symbols)
    for card in CARDS.values()
    if any(symbols := tuple(getattr(card, f) for f in STAT_FIELDS))}


def stats(p: Player) -> Stats:
    """T-STAT-1..7: the symbols of every card in play (per worker on farm/mine/urban/unit
    technologies, once for the others), plus the named bonuses of effects.py, the pacts in
    play (F-PACT-17, Player.pact_mods) and the armies under the current tactic (T-TAC-6);
    ratings floor at 0, happiness is capped at 8. While options are listed (listing.py) the
    listed player's are computed once."""
    memo = listing.memo_for(p)
    if memo is None:
        return _stats(p)
    if memo.stats is None:
        memo.stats = _stats(p)
    return memo.stats


def _stats(p: Player) -> Stats:
    total = [0] * len(STAT_FIELDS)
    extra = {"civil_limit": 0, "military_limit": 0}
    workers = p.workers
    for card_id in p.in_play():
        entry = _SYMBOLS.get(card_id)
        if entry is not None:
            times = workers.get(card_id, 0) if entry[0] else 1
            if times:
                for i, value in enumerate(entry[1]):
                    total[i] += value * times
        bonus = STAT_BONUS.get(card_id)
        if bonus is not None:
            for key, value in bonus(p).items():
                if key in extra:
                    extra[key] += value
                else:
                    total[STAT_FIELDS.index(key)] += value
    ca, ma, urban, science, culture, strength, happiness, colonization = total
    culture += RUIN_CULTURE * len(p.ruins)
    mods = p.pact_mods  # F-PACT-17: the pacts in play, before the floors (pacts.refresh)
    if mods:
        culture += mods.get("culture", 0)
        strength += mods.get("strength", 0)
        ma += mods.get("military_actions", 0)
    strength += tactical_strength(p)
    ca = max(ca, 0)
    ma = max(ma, 0)
    return Stats(civil_actions=ca, military_actions=ma, urban_limit=urban,
                 science=max(science, 0), culture=max(culture, 0), strength=max(strength, 0),
                 happiness=min(max(happiness, 0), MAX_HAPPINESS),
                 colonization=max(colonization, 0),
                 civil_limit=ca + extra["civil_limit"],
                 military_limit=ma + extra["military_limit"])


def tactical_strength(p: Player, units: dict[str, int] | None = None) -> int:
    """T-TAC-6/8: the armies the units (default: all the player's) form under the current
    tactic; T-TAC-10 passes only the units sent to colonise."""
    if p.tactic is None:
        return 0
    return best_armies(p.workers if units is None else units, p.tactic,
                       p.leader in INFANTRY_AS_CAVALRY)


def civil_available(p: Player) -> int:
    return stats(p).civil_actions - p.ca_spent


def military_available(p: Player) -> int:
    """Unspent military actions, this turn's extra ones included (G-ACARD-2)."""
    return stats(p).military_actions + p.temp_ma - p.ma_spent


def discontent(p: Player) -> int:
    """T-HAPPY-3, G-HAPPY-1: required happy faces for Y minus happiness, at least 0."""
    return max(0, yellow_row(p.yellow_bank)[2] - stats(p).happiness)


def uprising(p: Player) -> bool:
    """T-HAPPY-5: more discontent workers than unused workers."""
    return discontent(p) > p.pool


def consumption(p: Player) -> int:
    """T-FOOD-1: the first uncovered negative number of the yellow bank."""
    return yellow_row(p.yellow_bank)[1]


def population_cost(p: Player) -> int | None:
    """T-POP-1/4: the printed food cost of the next increase (None: bank empty, T-POP-3)."""
    return yellow_row(p.yellow_bank)[0]


def corruption_of(p: Player) -> int:
    """T-CORR-1, G-BANK-2."""
    return corruption(p.blue_bank)


def output(p: Player, kind: str) -> int:
    """Food or resources the workers produce per round (T-TSCORE-1 item 5, G-TSCORE-2)."""
    value = "food" if kind == "farm" else "resources"
    total = sum(n * getattr(CARDS[c], value) for c, n in p.workers.items()
                if CARDS[c].kind == kind)
    if kind == "mine":
        total += sum(CARDS[c].resources for c in extra_mine_tokens(p))
    return total


def units(p: Player) -> int:
    return sum(n for c, n in p.workers.items() if CARDS[c].kind == "unit")


def buildings_of(p: Player, subtype: str) -> int:
    """Urban buildings of one type, all ages together (T-BUILD-2)."""
    return sum(n for c, n in p.workers.items()
               if CARDS[c].kind == "urban" and CARDS[c].subtype == subtype)
