"""What one seat (or a spectator, seat None) may see (issue: a seat's hand is private, others
see only counts; deck order hidden). Public: the card row, every card in play (colonies, the
current tactic and whether it is still exclusive, flipped wonders, Homer tucked), workers,
tokens, banks, points, the derived statistics, the tactics area, the past events, the step
awaited (an auction's bids, an event's question). Hidden: other seats' hands (civil and
military), the order and contents of every deck, the military discards (face down), the
events decks — of which only the counts by age show, as their backs do (T-POL-5). Joan of
Arc's player sees the top current event during his politics phase. `last` is what the last
finished turn changed (engine.tta.last; public facts only), which the pictures ring. The full
game's public facts (its mode and final age, the pacts, the pending wars and who has resigned)
are added by `full_game_view`; a defender's picks while he answers an aggression (`defence`)
show in his own view only (F-AGGR-8, G-ASYNC-6), a pact offer's content only for the offerer
and the partner until answered (`pact_offer`, G-ASYNC-9). The shorter game's `short`
(shortgame.view, V-SHORT-14): the public events and War over Culture for all, a seat's own
dealt and kept events for him alone, and only once Age I has ended."""

from __future__ import annotations

from collections import Counter
from typing import Any

from data.tta import CARDS
from engine.core import copy_json

from . import last, shortgame
from .flow import current
from .listing import Listing
from .modes import final_age, game_options, last_round_now, mode
from .pacts import side_of
from .politics import peeker
from .state import Player, State
from .stats import consumption, corruption_of, discontent, population_cost, stats


def player_view(p: Player, own: bool) -> dict[str, Any]:
    # nothing changes `p` while it is viewed, so its statistics (which `discontent` asks for
    # again) are computed once, as while its options are listed
    with Listing(p):
        return _player_view(p, own)


def _player_view(p: Player, own: bool) -> dict[str, Any]:
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
        "unit_science": p.unit_science,
        "military_total": rating.military_actions,
        "science": p.science, "culture": p.culture,
        "science_rating": rating.science, "culture_rating": rating.culture,
        "strength": rating.strength, "happiness": rating.happiness,
        "urban_limit": rating.urban_limit, "discontent": discontent(p),
        "corruption": corruption_of(p), "consumption": consumption(p),
        "population_cost": population_cost(p),
        "hand_count": len(p.hand), "military_count": len(p.military),
        "colonization": rating.colonization, "tactic": p.tactic,
        "tactic_exclusive": p.tactic_exclusive, "colonies": list(p.colonies),
        "ruins": list(p.ruins), "tucked": p.tucked, "turn_used": list(p.turn_used),
        "once": list(p.once), "skip_politics": p.skip_politics,
        "leader_ages": list(p.leader_ages),  # public: the leaders played (G-LEAD-1)
        "resigned": p.resigned,  # F-RES: out of the game
    }
    if own:
        out["hand"] = list(p.hand)
        out["military"] = list(p.military)
        out["taken"] = list(p.taken)
    return out


def _ages(cards: list[str]) -> dict[str, int]:
    return dict(sorted(Counter(CARDS[c].age for c in cards).items()))


def _pending(frame: dict[str, Any] | None, seat: int | None) -> dict[str, Any] | None:
    """The awaited step, public parts only (prepared cards and military discards are never
    stored in frames, but for one: the military cards a colonisation winner with James Cook
    has put aside to discard face down, which only he sees — the others see their count)."""
    if frame is None:
        return None
    out = copy_json(frame)
    if out.get("t") == "send" and out.get("discard") and seat != out.get("seat"):
        out["discard"] = ["?"] * len(out["discard"])
    if out.get("t") == shortgame.KEEP:
        shortgame.pending_view(out, seat)
    return out


def make_view(s: State, seat: int | None) -> dict[str, Any]:
    frame = current(s)
    peek = s.events[-1] if seat is not None and peeker(s) == seat and s.events else None
    return {
        "event_ages": _ages(s.events), "future_event_ages": _ages(s.future_events),
        "tactics_area": list(s.tactics_area), "pending": _pending(frame, seat), "peek": peek,
        "seat": seat, "round": s.round, "turn": s.turn, "start": s.start, "age": s.age,
        "row": list(s.row),
        "civil_deck": len(s.civil.get(s.age, [])) if s.age in s.civil else 0,
        "military_deck": len(s.military_deck.get(s.age, [])),
        "events": len(s.events), "future_events": len(s.future_events),
        "past_events": list(s.past_events), "last_round": s.last_round,
        "players": [player_view(p, p.seat == seat) for p in s.players],
        "result": s.result, "last": last.view_of(s.last),
        # a defender's picks while he answers an aggression: his own view only (F-AGGR-8)
        "defence": copy_json(s.defence) if seat is not None and s.defence is not None
        and s.defence["seat"] == seat else None,
        "pact_offer": _offer(s, seat),
    } | full_game_view(s) | shortgame.view(s, seat)


def full_game_view(s: State) -> dict[str, Any]:
    """The full game's public facts (all public: F-PACT-12 pacts are in play face up, F-WAR-6 a
    declared war lies on the table): the game's `options` (F-SETUP-3: the game played) and its
    `mode`, the `final_age` (F-AGE-4: "IV" in the full game), whether this round is the last
    (`last_round_now`, F-AGE-5), the pacts in force with each party's side (F-PACT-10;
    `owner_side` and `partner_side` are None for a symmetric pact) and the pending wars, each
    with the round of the attacker's next turn, when it resolves (`resolves`, F-WAR-7), and the
    war named in the shorter game (`war`: the card played, or the public War over Culture,
    V-SHORT-12). Nothing
    of a hand: the military cards held show only as each player's `military_count`."""
    return {
        "options": game_options(s), "mode": mode(s), "final_age": final_age(s),
        "last_round_now": last_round_now(s),
        "pacts": [{"card": q["card"], "owner": q["owner"], "partner": q["partner"],
                   "side": q.get("side"), "owner_side": side_of(q, q["owner"]),
                   "partner_side": side_of(q, q["partner"])} for q in s.pacts],
        "wars": [{"card": w["card"], "attacker": w["attacker"], "defender": w["defender"],
                  "round": w["round"], "resolves": w["round"] + 1,
                  **({"war": w["war"]} if "war" in w else {})} for w in s.wars],
    }


def _offer(s: State, seat: int | None) -> dict[str, Any] | None:
    """A pact offer awaiting its answer: its card and sides only for the offerer and the
    partner (G-ASYNC-9/16); everybody else sees only the public event and the awaited frame."""
    offer = s.pact_offer
    if offer is None or seat is None or seat not in (offer["owner"], offer["partner"]):
        return None
    return copy_json(offer)
