"""Phase 2, the province auction (A-AUCT), with Bid Blockade and Overbid (A-PWR-BB, A-PWR-OV).

The auction lives in `State.auction`: each seat's marker ([province, track index] or None), the
seats whose Bid Blockade / Overbid is in force, the lap and the position in the turn order. A
bid is `bid {province, value}`; the value is a space of the bid track (A-AUCT-2)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from data.amunre import BOARD
from data.i18n import t
from engine.core import Decision, Event

from . import pieces
from .flow import AGENDA, Frame, err, push
from .state import State


@AGENDA.auto("auction_start")
def _start(s: State, frame: Frame, events: list[Event]) -> None:
    s.phase = "auction"
    s.auction = {"markers": [None] * s.n, "blockade": [], "overbid": [], "lap": 1, "pos": 0,
                 "order": s.order_from(s.pharaoh), "open": True}
    push(s, {"t": "auction_turn"})
    events.append(Event("auction", {"round": s.round, "pharaoh": s.pharaoh,
                                    "provinces": list(s.on_offer)}))


def ask(kind: str, seat: int, **extra: object) -> Frame:
    """A one-seat step whose options depend on the seat's hidden gold or cards. It is written as
    a simultaneous frame of that one seat, so the agenda never takes it as a forced move: a
    forced bid or a forced end of turn would tell everyone that the seat had no gold or no
    cards (A-INFO-1, A-INFO-6). `who` names the seat for views and texts."""
    return {"t": kind, "seats": [seat], "who": seat, **extra}


def done(frame: Frame) -> None:
    """The seat of an `ask` frame has finished: the agenda pops the frame."""
    frame["seats"].clear()


def outbid(s: State, seat: int) -> bool:
    """A-AUCT-7: another marker on the same card shows a higher value."""
    a = s.auction
    assert a is not None
    mine = a["markers"][seat]
    if mine is None:
        return False
    return any(m is not None and m[0] == mine[0] and m[1] > mine[1] for m in a["markers"])


@AGENDA.auto("auction_turn")
def _turn(s: State, frame: Frame, events: list[Event]) -> None:
    """A-AUCT-6/8/9/11: lap 1 asks everyone in turn; later laps go on clockwise from the start
    player and ask only a seat that is outbid when its turn comes (A-GAP-27); the auction ends
    as soon as nobody is outbid."""
    a = s.auction
    assert a is not None
    n = s.n
    for _ in range(2 * n + 1):
        if a["pos"] == n:
            a["lap"] += 1
            a["pos"] = 0
        if a["lap"] >= 2 and not any(outbid(s, q) for q in range(n)):
            push(s, {"t": "settle"})
            return
        seat = a["order"][a["pos"]]
        a["pos"] += 1
        if a["lap"] == 1 or outbid(s, seat):
            push(s, ask("bid", seat), {"t": "auction_turn"})
            return
    raise RuntimeError("the auction found no seat to ask")  # excluded by A-AUCT-12


# --- legal bids ---------------------------------------------------------------------------------

def budget(s: State, seat: int) -> int:
    """The most a seat may bid: its gold plus the cards it could sell (A-AUCT-5, A-GAP-6)."""
    p = s.players[seat]
    return p.gold + len(p.cards) * BOARD["sell_price"]


def lowest_index(s: State, seat: int, province: str) -> int:
    """The lowest track index `seat` may bid on `province` (A-AUCT-4, A-PWR-BB-2/4)."""
    a = s.auction
    assert a is not None
    lo = 0
    for q, m in enumerate(a["markers"]):
        if q == seat or m is None or m[0] != province:
            continue
        lo = max(lo, m[1] + 1)
        if q in a["blockade"]:
            lo = max(lo, m[1] + 2)
    return lo


def allowed_cards(s: State, seat: int) -> list[str]:
    """A-AUCT-9/10: an outbid seat moves to another card; Overbid lets it stay (A-PWR-OV-2)."""
    a = s.auction
    assert a is not None
    mine = a["markers"][seat]
    if mine is None:
        return list(s.on_offer)
    return [x for x in s.on_offer if x != mine[0] or seat in a["overbid"]]


def cap(s: State) -> int | None:
    return s.options.get("bid_cap")  # A-GAP-3


def _bids(s: State, frame: Frame) -> Iterator[Decision]:
    seat = frame["seat"]
    most = budget(s, seat)
    limit = cap(s)
    for province in allowed_cards(s, seat):
        i = lowest_index(s, seat, province)
        while True:
            value = BOARD.bid_value(i)
            if value > most or (limit is not None and value > limit):
                break
            yield Decision("bid", {"province": province, "value": value})
            i += 1


def check_bid(s: State, seat: int, d: Decision) -> tuple[str, int, int]:
    """Validate a bid; returns (province, index, value) or raises IllegalDecision."""
    if d.kind != "bid":
        raise err("bid_now", "A-AUCT-9")
    if set(d.args) != {"province", "value"}:
        raise err("bad_args", "A-DEC-2")
    province, value = d.args["province"], d.args["value"]
    if not isinstance(province, str) or province not in s.on_offer:
        raise err("bid_province", "A-AUCT-3", province=str(province))
    if type(value) is not int or value < 0 or BOARD.bid_index(value) is None:
        raise err("bid_value", "A-AUCT-2", value=str(value))
    index = BOARD.bid_index(value)
    assert index is not None
    a = s.auction
    assert a is not None
    if province not in allowed_cards(s, seat):
        raise err("bid_same_card", "A-AUCT-10", province=province)
    lo = lowest_index(s, seat, province)
    if index < lo:
        top = max((m[1] for q, m in enumerate(a["markers"])
                   if q != seat and m is not None and m[0] == province), default=-1)
        if index <= top:
            raise err("bid_not_higher", "A-AUCT-4", province=province,
                      top=BOARD.bid_value(top))
        raise err("bid_blockade", "A-PWR-BB-2", province=province, least=BOARD.bid_value(lo))
    limit = cap(s)
    if limit is not None and value > limit:
        raise err("bid_cap", "A-GAP-3", cap=limit)
    # Rulebook vs spec: the rulebook's penalty for a bid one cannot pay (all gold lost, the
    # auction starts over, A-AUCT-14) needs a bid the engine has accepted. The engine refuses
    # the bid instead, as the spec (A-AUCT-14 [P], A-GAP-6) and the brief ask.
    if value > budget(s, seat):
        p = s.players[seat]  # told to this seat only (A-INFO-1)
        raise err("bid_afford", "A-AUCT-5", value=value, gold=p.gold, cards=len(p.cards),
                  count=len(p.cards))
    return province, index, value


@AGENDA.choice("bid", _bids)
def _bid(s: State, frame: Frame, d: Decision, events: list[Event]) -> None:
    seat = frame["seat"]
    province, index, value = check_bid(s, seat, d)
    a = s.auction
    assert a is not None
    before = a["markers"][seat]
    a["markers"][seat] = [province, index]
    victims = [q for q, m in enumerate(a["markers"])
               if q != seat and m is not None and m[0] == province and m[1] < index]
    events.append(Event("bid", {"seat": seat, "province": province, "value": value,
                                "lap": a["lap"], "moved_from": before[0] if before else None,
                                "outbid": victims}))
    done(frame)


# --- Bid Blockade and Overbid: played at any moment of phase 2 (A-AUCT-15, A-GAP-16) ------------

AUCTION_CARDS = {"BB": "blockade", "OV": "overbid"}


def may_play(s: State, seat: int, card: str) -> bool:
    a = s.auction
    p = s.players[seat]
    return (a is not None and a["open"] and card in p.cards and card not in p.played
            and stranded_bid(s, seat) is None)


def stranded_bid(s: State, seat: int) -> tuple[str, int] | None:
    """The seat's standing bid (province, value) when playing one of its cards would leave that
    bid more than it can pay, else None.

    No one may bid more than he can pay (A-AUCT-5; seed 004, l. 137-138: "Hráči nesmějí sázet
    více, než jsou schopni zaplatit"). A bid may count the cards the seat could sell (A-GAP-6),
    and a card played is no longer one it could sell: played after the bid, Bid Blockade or
    Overbid would leave the bid unpayable, and the settlement would wait for ever for a sale the
    seat cannot make (issue 31). The rulebook's penalty (A-AUCT-14) is never applied; the engine
    refuses the play instead, as it refuses an unaffordable bid. A marker that is outbid is never
    paid: it must move before the auction ends (A-AUCT-9/11), the marker above it never leaves
    (only an outbid marker moves), and its new bid is checked against what the seat has then."""
    a = s.auction
    assert a is not None
    mine = a["markers"][seat]
    if mine is None or outbid(s, seat):
        return None
    value = BOARD.bid_value(mine[1])
    if value > budget(s, seat) - BOARD["sell_price"]:
        return mine[0], value
    return None


def play_options(s: State, seat: int) -> list[Decision]:
    return [Decision("play", {"card": c}) for c in AUCTION_CARDS if may_play(s, seat, c)]


def play_card(s: State, seat: int, d: Decision, events: list[Event]) -> None:
    card = d.args.get("card")
    if set(d.args) != {"card"}:
        raise err("bad_args", "A-DEC-2")
    a = s.auction
    if a is None or not a["open"]:
        raise err("phase2_only", "A-PWR-GEN-1", card=card)
    p = s.players[seat]
    if card not in p.cards:
        raise err("no_such_card", "A-PWR-GEN-1", card=card)
    if card in p.played:
        raise err("identical", "A-PWR-GEN-4", card=card)
    stranded = stranded_bid(s, seat)
    if stranded is not None:
        left = len(p.cards) - 1  # told to this seat only (A-INFO-1)
        raise err("play_afford", "A-AUCT-5", card=t(f"amunre.card.{card}"),
                  province=stranded[0], value=stranded[1], gold=p.gold, cards=left, count=left)
    pieces.play(s, seat, card)
    a[AUCTION_CARDS[card]].append(seat)
    events.append(Event("played", {"seat": seat, "card": card}))


# --- settlement ---------------------------------------------------------------------------------

@AGENDA.auto("settle")
def _settle(s: State, frame: Frame, events: list[Event]) -> None:
    """A-AUCT-13: once the auction has ended each seat pays its bid; a seat whose gold is short
    sells power cards of its choice first (A-GAP-6)."""
    a = s.auction
    assert a is not None
    a["open"] = False  # Bid Blockade and Overbid end with the bidding (A-PWR-BB-1)
    covers: list[Frame] = []
    for seat in a["order"]:
        due = BOARD.bid_value(a["markers"][seat][1])
        if s.players[seat].gold < due:
            covers.append(ask("cover", seat, due=due))
    push(s, *covers, {"t": "settle_pay"})
    events.append(Event("auction_over", {"round": s.round, "bids": [
        {"seat": q, "province": m[0], "value": BOARD.bid_value(m[1])}
        for q, m in enumerate(a["markers"])]}))


def _cover_options(s: State, frame: Frame) -> list[Decision]:
    return sell_options(s, frame["seat"])


def sell_options(s: State, seat: int) -> list[Decision]:
    """One sell decision per type of card held, in the order the types were acquired."""
    return [Decision("sell", {"card": c}) for c in dict.fromkeys(s.players[seat].cards)]


@AGENDA.choice("cover", _cover_options)
def _cover(s: State, frame: Frame, d: Decision, events: list[Event]) -> None:
    from .anytime import sell  # anytime imports this module

    sell(s, frame["seat"], d, events)


def covered(s: State) -> None:
    """End every cover step whose seat can now pay (called after every sale: a seat may also
    sell while another seat's cover step is awaited)."""
    for frame in s.queue:
        if frame["t"] == "cover" and s.players[frame["who"]].gold >= frame["due"]:
            done(frame)


@AGENDA.auto("settle_pay")
def _pay(s: State, frame: Frame, events: list[Event]) -> None:
    a = s.auction
    assert a is not None
    for seat in a["order"]:
        province, index = a["markers"][seat]
        value = BOARD.bid_value(index)
        p = s.players[seat]
        p.gold -= value
        s.provinces[province].owner = seat
        got: dict[str, Any] = s.material.pop(province, {"cards": [], "gold": 0})
        p.cards.extend(got["cards"])
        p.gold += got["gold"]
        events.append(Event("won", {"seat": seat, "province": province, "paid": value,
                                    "cards": len(got["cards"]), "gold": got["gold"]}))
        if got["cards"]:
            events.append(Event("got_cards", {"seat": seat, "cards": list(got["cards"])},
                                private_to=seat))
    s.province_used.extend(s.on_offer)
    s.on_offer = []
    s.material = {}
    s.last["auction"] = {"round": s.round, "bids": [
        {"seat": q, "province": m[0], "value": BOARD.bid_value(m[1])}
        for q, m in enumerate(a["markers"])]}
    s.auction = None
