"""What one seat (or a spectator, seat None) may see (issue: a seat's hand is private, others
see only counts; deck order hidden). Public: the card row, every card in play, workers, tokens,
banks, points, the derived statistics. Hidden: other seats' hands (civil and military), the
order and contents of every deck, the military discards (face down), the events decks."""

from __future__ import annotations

from typing import Any

from .state import Player, State
from .stats import consumption, corruption_of, discontent, population_cost, stats


def player_view(p: Player, own: bool) -> dict[str, Any]:
    rating = stats(p)
    out: dict[str, Any] = {
        "seat": p.seat, "name": p.name, "colour": p.colour,
        "yellow_bank": p.yellow_bank, "blue_bank": p.blue_bank, "pool": p.pool,
        "government": p.government, "techs": list(p.techs), "workers": dict(p.workers),
        "blue": dict(p.blue), "leader": p.leader, "wonder": p.wonder,
        "wonder_stages": p.wonder_stages, "wonders": list(p.wonders),
        "civil_actions": rating.civil_actions - p.ca_spent,
        "civil_total": rating.civil_actions,
        "military_actions": rating.military_actions + p.temp_ma - p.ma_spent,
        "unit_allowance": p.allowance,
        "military_total": rating.military_actions,
        "science": p.science, "culture": p.culture,
        "science_rating": rating.science, "culture_rating": rating.culture,
        "strength": rating.strength, "happiness": rating.happiness,
        "urban_limit": rating.urban_limit, "discontent": discontent(p),
        "corruption": corruption_of(p), "consumption": consumption(p),
        "population_cost": population_cost(p),
        "hand_count": len(p.hand), "military_count": len(p.military),
    }
    if own:
        out["hand"] = list(p.hand)
        out["military"] = list(p.military)
        out["taken"] = list(p.taken)
    return out


def make_view(s: State, seat: int | None) -> dict[str, Any]:
    return {
        "seat": seat, "round": s.round, "turn": s.turn, "start": s.start, "age": s.age,
        "row": list(s.row),
        "civil_deck": len(s.civil.get(s.age, [])) if s.age in s.civil else 0,
        "military_deck": len(s.military_deck.get(s.age, [])),
        "events": len(s.events), "future_events": len(s.future_events),
        "past_events": list(s.past_events), "last_round": s.last_round,
        "players": [player_view(p, p.seat == seat) for p in s.players],
        "result": s.result,
    }
