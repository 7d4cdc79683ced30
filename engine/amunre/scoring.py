"""Phase 6, scoring after rounds 3 and 6 (A-SCORE), with the bonus cards (A-PWR-BPC/BFA/BUL/BEW/
BNB).

First every seat makes a secret choice, possibly empty, in one simultaneous frame (A-DEC-6,
A-INFO-1): `play {card}` adds a bonus card whose condition holds, `sell {card}` sells a
card (counted before the final gold ranking, A-SCORE-10), `done` seals the choice and publishes
its receipt. Then everything is revealed together and every category is scored (A-SCORE-11)."""

from __future__ import annotations

from typing import Any

from data.amunre import BOARD, BONUS_CARDS
from engine.core import Decision, Event

from . import pieces, receipts
from .flow import AGENDA, Frame, err, push
from .setup import ROUNDS
from .state import State

WHAT = "bonus"


def condition(s: State, seat: int, card: str) -> bool:
    """Whether a bonus card's condition holds for `seat` now."""
    owned = [BOARD.provinces[x] for x in s.owned(seat)]
    if not owned:
        return False
    if card == "BPC":  # A-PWR-BPC-1
        return sum(x.power_symbols for x in owned) >= BOARD["bonus_power_symbols"]
    if card == "BFA":  # A-PWR-BFA-1
        return sum(pieces.farmers_in(s, x.name) for x in owned) >= BOARD["bonus_farmers"]
    if card == "BUL":  # A-PWR-BUL-1
        return len({x.region for x in owned}) == 1
    if card == "BEW":  # A-PWR-BEW-1
        return len({x.side for x in owned}) == 1
    if card == "BNB":  # A-PWR-BNB-1
        return len({x.bank for x in owned}) == 1
    return False


def playable_bonus(s: State, seat: int) -> list[str]:
    p = s.players[seat]
    chosen = (p.choice or {}).get("bonus", [])
    return [c for c in BONUS_CARDS if c in p.cards and c not in chosen and c not in p.played
            and condition(s, seat, c)]


def final(s: State) -> bool:
    return s.round == ROUNDS


@AGENDA.auto("scoring_phase")
def _phase(s: State, frame: Frame, events: list[Event]) -> None:
    s.phase = "scoring"
    for p in s.players:
        p.choice = None
    # every seat makes the secret choice, even an empty one: listing only the seats with a
    # bonus card or a card to sell would show everyone who holds cards (A-INFO-1, A-INFO-6)
    seats = s.order_from(s.pharaoh)
    push(s, {"t": "bonus", "seats": seats, "all": list(seats)}, {"t": "score"})
    events.append(Event("phase", {"phase": "scoring", "round": s.round}))


def _options(s: State, frame: Frame) -> list[Decision]:
    seat = frame["seat"]
    opts = [Decision("play", {"card": c}) for c in playable_bonus(s, seat)]
    opts += [Decision("sell", {"card": c}) for c in dict.fromkeys(s.players[seat].cards)]
    return [*opts, Decision("done")]


@AGENDA.choice("bonus", _options)
def _choose(s: State, frame: Frame, d: Decision, events: list[Event]) -> None:
    seat = frame["seat"]
    p = s.players[seat]
    if p.choice is None:
        p.choice = {"bonus": [], "sell": []}
    if d.kind == "done":
        try:
            given = receipts.given(d)
        except ValueError:
            raise err("bad_args", "A-DEC-6") from None
        if set(d.args) - {"nonce"}:
            raise err("bad_args", "A-DEC-6")
        choice = {"bonus": sorted(p.choice["bonus"]), "sell": sorted(p.choice["sell"])}
        key = given or receipts.nonce(s.secret, s.round, WHAT, seat)
        receipt = receipts.receipt(s.round, WHAT, seat, choice, key)
        p.choice.update({"nonce": key, "receipt": receipt})
        frame["seats"].remove(seat)
        events.append(Event("sealed", {"seat": seat, "round": s.round, "what": WHAT,
                                       "receipt": receipt}))
        events.append(Event("my_choice", {"seat": seat, **choice}, private_to=seat))
        return
    card = d.args.get("card")
    if set(d.args) != {"card"} or not isinstance(card, str):
        raise err("bad_args", "A-DEC-6")
    if card not in p.cards:
        raise err("no_such_card", "A-PWR-GEN-1", card=card)
    if d.kind == "sell":  # secret until the reveal (A-DEC-6)
        pieces.take_from_hand(s, seat, card)
        p.choice["sell"].append(card)
    elif d.kind == "play":
        if card not in BONUS_CARDS:
            raise err("phase6_cards", "A-PWR-GEN-1", card=card)
        if card in p.choice["bonus"] or card in p.played:
            raise err("identical", "A-PWR-GEN-4", card=card)
        if not condition(s, seat, card):
            raise err("bonus_condition", "A-SCORE-8", card=card)
        pieces.take_from_hand(s, seat, card)
        p.choice["bonus"].append(card)
    else:
        raise err("bonus_now", "A-DEC-6")
    events.append(Event("my_step", {"seat": seat, "kind": d.kind, "card": card},
                        private_to=seat))


def side_winners(s: State, side: str) -> list[int]:
    """A-SCORE-5/6: the owners of the province(s) on one side of the Nile with the most
    pyramids, ties by stones, still tied all of them; nobody without a pyramid there."""
    names = [x for x, p in s.provinces.items()
             if p.owner is not None and BOARD.provinces[x].side == side]
    best = max(((s.provinces[x].pyramids, s.provinces[x].stones) for x in names), default=(0, 0))
    if best[0] == 0:
        return []
    owners = {s.provinces[x].owner for x in names
              if (s.provinces[x].pyramids, s.provinces[x].stones) == best}
    return sorted(q for q in owners if q is not None)


def gold_points(golds: list[int]) -> list[int]:
    """A-SCORE-9: place = 1 + players with strictly more gold; places 1/2/3 score 6/4/2."""
    table = BOARD["gold_points"]
    out = []
    for g in golds:
        place = 1 + sum(1 for h in golds if h > g)
        out.append(table[place - 1] if place <= len(table) else 0)
    return out


def breakdown(s: State, seat: int, bonus: list[str], gold_pts: int | None) -> dict[str, int]:
    """One seat's points in every category of this scoring (A-SCORE-3..9)."""
    owned = s.owned(seat)
    pyr = [s.provinces[x].pyramids for x in owned]
    assert s.temple is not None
    points = BOARD.space(s.temple).points
    parts = {
        "pyramids": sum(pyr),  # A-SCORE-3
        "rows": BOARD["row_points"] * (min(pyr) if pyr else 0),  # A-SCORE-4
        "west": BOARD["side_points"] if seat in side_winners(s, "west") else 0,  # A-SCORE-5
        "east": BOARD["side_points"] if seat in side_winners(s, "east") else 0,
        "temples": points * sum(BOARD.provinces[x].temples for x in owned),  # A-SCORE-7
        "bonus": BOARD["bonus_points"] * len(bonus),  # A-SCORE-8
    }
    if gold_pts is not None:
        parts["gold"] = gold_pts  # A-SCORE-9
    return parts


@AGENDA.auto("score")
def _score(s: State, frame: Frame, events: list[Event]) -> None:
    opened: list[dict[str, Any]] = []
    bonus: dict[int, list[str]] = {}
    for seat in s.order_from(s.pharaoh):
        p = s.players[seat]
        c = p.choice
        if c is None or "receipt" not in c:
            continue
        choice = {"bonus": sorted(c["bonus"]), "sell": sorted(c["sell"])}
        opened.append({"round": s.round, "what": WHAT, "seat": seat, "choice": choice,
                       "nonce": c["nonce"]})
        bonus[seat] = choice["bonus"]
        p.gold += BOARD["sell_price"] * len(c["sell"])  # A-SCORE-10
        pieces.discard(s, list(c["sell"]) + list(c["bonus"]))
        p.played.extend(c["bonus"])
        p.choice = None
    if opened:
        events.append(Event("choices", {"round": s.round, "opened": opened}))
    golds = [p.gold for p in s.players]
    gpts = gold_points(golds) if final(s) else None
    if gpts is not None:  # every player's gold is shown to rank them (A-INFO-6)
        events.append(Event("gold_ranking", {"gold": golds, "points": gpts}))
    for seat in s.order_from(s.pharaoh):
        parts = breakdown(s, seat, bonus.get(seat, []), None if gpts is None else gpts[seat])
        total = sum(parts.values())
        s.players[seat].score += total
        events.append(Event("scored", {"seat": seat, "round": s.round, "parts": parts,
                                       "total": total, "score": s.players[seat].score}))
    s.last["scoring"] = {"round": s.round, "temple": s.temple}
