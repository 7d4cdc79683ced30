"""Derived statistics (T-STAT, T-TOK-4, T-HAND, T-HAPPY, T-CORR, T-FOOD): computed from the
cards in play and the workers on them every time they are needed, never stored (T-META-6)."""

from __future__ import annotations

from dataclasses import dataclass

from data.tta import CARDS, corruption, yellow_row

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


def stats(p: Player) -> Stats:
    """T-STAT-1..7: the symbols of every card in play (per worker on farm/mine/urban/unit
    technologies, once for the others), plus the named bonuses of effects.py and the armies
    under the current tactic (T-TAC-6); ratings floor at 0, happiness is capped at 8."""
    total = {"civil_actions": 0, "military_actions": 0, "urban_limit": 0, "science": 0,
             "culture": 0, "strength": 0, "happiness": 0, "colonization": 0,
             "civil_limit": 0, "military_limit": 0}
    for card_id in p.in_play():
        card = CARDS[card_id]
        times = p.workers.get(card_id, 0) if card.kind in PER_WORKER else 1
        if times:
            total["civil_actions"] += card.civil_actions * times
            total["military_actions"] += card.military_actions * times
            total["urban_limit"] += card.urban_limit * times
            total["science"] += card.science * times
            total["culture"] += card.culture * times
            total["strength"] += card.strength * times
            total["happiness"] += card.happiness * times
            total["colonization"] += card.colonization * times
        bonus = STAT_BONUS.get(card_id)
        if bonus is not None:
            for key, value in bonus(p).items():
                total[key] += value
    total["culture"] += RUIN_CULTURE * len(p.ruins)
    total["strength"] += tactical_strength(p)
    ca = max(total["civil_actions"], 0)
    ma = max(total["military_actions"], 0)
    return Stats(civil_actions=ca, military_actions=ma, urban_limit=total["urban_limit"],
                 science=max(total["science"], 0), culture=max(total["culture"], 0),
                 strength=max(total["strength"], 0),
                 happiness=min(max(total["happiness"], 0), MAX_HAPPINESS),
                 colonization=max(total["colonization"], 0),
                 civil_limit=ca + total["civil_limit"], military_limit=ma + total["military_limit"])


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
