"""Phase 5, harvest and other income (A-INC), with 8 Gold (A-PWR-G8) and Harvest Increase
(A-PWR-HI).

Every seat answers one simultaneous, public frame (A-DEC-5: nothing interacts, so nobody waits
for the Pharaoh-first order): it plays its phase-5 cards or carries on. Then every seat is paid,
Pharaoh first (A-INC-1)."""

from __future__ import annotations

from data.amunre import BOARD
from engine.core import Decision, Event

from . import pieces
from .buy import check_card_on_province
from .flow import AGENDA, Frame, err, push
from .state import State

INCOME_CARDS = ("G8", "HI")


@AGENDA.auto("income_phase")
def _phase(s: State, frame: Frame, events: list[Event]) -> None:
    s.phase = "income"
    s.income_cards = {}
    # every seat answers, holder of a phase-5 card or not: listing only the holders would
    # show everyone who holds 8 Gold or Harvest Increase (A-INFO-1)
    seats = s.order_from(s.pharaoh)
    push(s, {"t": "income", "seats": seats, "all": list(seats)}, {"t": "income_pay"})
    events.append(Event("phase", {"phase": "income", "round": s.round}))


def playable(s: State, seat: int) -> list[str]:
    p = s.players[seat]
    if not s.owned(seat):
        return []
    return [c for c in INCOME_CARDS if c in p.cards and c not in p.played]


def _options(s: State, frame: Frame) -> list[Decision]:
    seat = frame["seat"]
    opts = [Decision("play", {"card": c, "province": x})
            for c in playable(s, seat) for x in s.owned(seat)]
    return [*opts, Decision("done")]


@AGENDA.choice("income", _options)
def _income(s: State, frame: Frame, d: Decision, events: list[Event]) -> None:
    seat = frame["seat"]
    if d.kind == "done":
        if d.args:
            raise err("bad_args", "A-DEC-5")
        frame["seats"].remove(seat)
        return
    if d.kind != "play":
        raise err("income_now", "A-INC-7")
    card, province = d.args.get("card"), d.args.get("province")
    if set(d.args) != {"card", "province"} or card not in INCOME_CARDS:
        raise err("phase5_cards", "A-PWR-GEN-1")
    check_card_on_province(s, seat, card, province,
                           "A-PWR-G8-1" if card == "G8" else "A-PWR-HI-1")
    pieces.play(s, seat, card)
    s.income_cards.setdefault(str(seat), {})[card] = province
    events.append(Event("played", {"seat": seat, "card": card, "province": province}))
    if not playable(s, seat):
        frame["seats"].remove(seat)


def province_income(s: State, seat: int, name: str) -> int:
    """A-INC-2..6, A-PWR-G8-2, A-PWR-HI-1: one province's income this phase."""
    assert s.temple is not None  # A-INC-9
    space = BOARD.space(s.temple)
    cards = s.income_cards.get(str(seat), {})
    if cards.get("G8") == name:
        return BOARD["eight_gold"]
    per = space.harvest + (BOARD["harvest_increase"] if cards.get("HI") == name else 0)
    prov = BOARD.provinces[name]
    return (pieces.farmers_in(s, name) * per + prov.fixed_income
            + (prov.camel_income if space.camel else 0))


@AGENDA.auto("income_pay")
def _pay(s: State, frame: Frame, events: list[Event]) -> None:
    for seat in s.order_from(s.pharaoh):
        parts = {x: province_income(s, seat, x) for x in s.owned(seat)}
        total = sum(parts.values())
        s.players[seat].gold += total
        events.append(Event("income", {"seat": seat, "total": total, "parts": parts}))
    s.income_cards = {}
