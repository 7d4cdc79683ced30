"""Final scoring: the tutorial's (T-TSCORE-1/2, G-TSCORE-1/2) and the full game's (F-END-1..9,
G-END-6, F-RES-9, G-ASYNC-15). The tutorial scoring list is not used in the full game (F-END-1).

A result holds `scores` (culture by seat), `winners` (seats) and `breakdown` (by seat, what
the final scoring added: item -> culture; in the full game the item is a card id, or "floor"
for what the floor at 0 gave back). The full game's result also holds `before` (culture before
the final scoring), `ranking` (seats, best first, resigned players last), `resigned_seats` and
`revealed` (the current and future events decks, shown in the breakdown, G-ASYNC-15). The
shorter game's (V-SHORT-13) is the full game's with its own items (a completed Age II wonder's
6 culture under the wonder's id), `revealed` the public and the kept events, plus
`public_events` and `kept` (by seat, None for a resigned player)."""

from __future__ import annotations

from typing import Any

from data.tta import CARDS, TSCORE

from . import shortgame
from .impacts import BILL_GATES, IMPACTS, awards, lab_levels
from .modes import mode, remaining
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
    """The scoring of the game played: the full game's (F-END-7), the shorter game's
    (V-SHORT-13), else the tutorial's (the shorter game does not use its list, V-SHORT-13)."""
    if mode(s) == "short":
        return short_scoring(s)
    return full_scoring(s) if mode(s) == "full" else tutorial_scoring(s)


def tutorial_scoring(s: State) -> dict[str, Any]:
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


def full_items(s: State) -> dict[int, dict[str, int]]:
    """F-END-7 steps 1-2 for every remaining player: each Age III event in the current and the
    future events deck (F-END-2, F-END-8; older events and events elsewhere score nothing),
    ranked with the starting player as the current player (F-END-5); then Bill Gates (C-52)."""
    kept = [c for c in (*s.events, *s.future_events) if c in IMPACTS]
    items: dict[int, dict[str, int]] = {p.seat: {} for p in remaining(s)}
    for card in kept:  # the order is irrelevant (F-END-2): nothing changes between them
        for seat, culture in awards(s, card, s.start).items():
            items[seat][card] = items[seat].get(card, 0) + culture
    for p in remaining(s):
        if p.leader == BILL_GATES:
            items[p.seat][BILL_GATES] = lab_levels(p)
    return items


def short_items(s: State) -> dict[int, dict[str, int]]:
    """V-SHORT-13 steps 1-3 for every remaining player: 6 culture per completed Age II wonder,
    the 3 public events, every remaining player's kept event (Impact of Technology counting
    Age II technologies, C-87), ranked with the starting player as the current player (F-END-5).
    A resigned player's kept event is not scored (G-VAR-6); events in the event decks score
    nothing."""
    items: dict[int, dict[str, int]] = {p.seat: shortgame.wonder_items(s, p.seat)
                                        for p in remaining(s)}
    for card in shortgame.scored_events(s):  # 15 distinct cards: one item each
        for seat, culture in awards(s, card, s.start).items():
            items[seat][card] = items[seat].get(card, 0) + culture
    return items


def short_scoring(s: State) -> dict[str, Any]:
    """V-SHORT-13: the full game's sum, floor and ranking over the shorter game's items; the
    breakdown reveals the public and the kept events (G-ASYNC-15)."""
    out = full_scoring(s, short_items(s))
    out["revealed"] = shortgame.scored_events(s)
    out.update(shortgame.revealed(s))
    return out


def full_scoring(s: State, items: dict[int, dict[str, int]] | None = None) -> dict[str, Any]:
    """F-END-7: the awards of steps 1-2 (or the shorter game's `items`) summed and added to
    each remaining player's culture, floored at 0 once (G-END-6); most culture wins, ties share
    the victory (F-END-6); resigned players rank below every remaining player (F-RES-9) and
    their culture is not compared."""
    if items is None:
        items = full_items(s)
    before = [p.culture for p in s.players]
    for seat, got in items.items():
        p = s.players[seat]
        total = p.culture + sum(got.values())
        if total < 0:
            got["floor"] = -total
        p.culture = max(total, 0)
    scores = [p.culture for p in s.players]
    alive = [p.seat for p in remaining(s)]
    best = max((scores[q] for q in alive), default=0)
    # F-RES-9: resigned players below the others, a later resigner above an earlier one
    order = [q for q in reversed(s.resignations) if s.players[q].resigned]
    resigned = order + [p.seat for p in s.players if p.resigned and p.seat not in order]
    return {"scores": scores, "winners": [q for q in alive if scores[q] == best],
            "breakdown": [items.get(q, {}) for q in range(s.n)], "before": before,
            "ranking": sorted(alive, key=lambda q: (-scores[q], q)) + resigned,
            "resigned_seats": resigned, "revealed": [*s.events, *s.future_events]}
