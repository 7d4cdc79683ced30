"""The tutorial final scoring (T-TSCORE-1/2, G-TSCORE-1/2)."""

from __future__ import annotations

from typing import Any

from data.tta import CARDS, TSCORE

from .state import Player, State
from .stats import output, stats


def breakdown(p: Player) -> dict[str, int]:
    """Culture points each item of T-TSCORE-1 adds for `p`."""
    rating = stats(p)
    techs = sum(TSCORE["tech"].get(CARDS[c].age, 0) for c in p.techs)
    gov = TSCORE["tech"].get(CARDS[p.government].age, 0) * TSCORE["government_factor"]
    return {
        "technologies": techs + gov,  # item 1 (G-TSCORE-1: in play, with or without workers)
        "science": rating.science,  # 2
        "strength": rating.strength,  # 3
        "happiness": rating.happiness,  # 4
        "production": output(p, "farm") + output(p, "mine"),  # 5 (G-TSCORE-2)
        "colonies": TSCORE["colony"] * len(p.colonies),  # 6
        "wonders": TSCORE["wonder_ii"] * sum(CARDS[w].age == "II" for w in p.wonders),  # 7
    }


def final_scoring(s: State) -> dict[str, Any]:
    """Adds the points and names the winners: most culture, ties share (T-TSCORE-2)."""
    details = []
    for p in s.players:
        items = breakdown(p)
        p.culture += sum(items.values())
        details.append(items)
    scores = [p.culture for p in s.players]
    best = max(scores)
    return {"scores": scores, "winners": [i for i, v in enumerate(scores) if v == best],
            "breakdown": details}
