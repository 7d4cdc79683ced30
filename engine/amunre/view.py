"""What one seat (or a spectator, seat None) may see (A-INFO). Hidden: every player's gold, power
cards and hand size (A-INFO-1, A-INFO-6), the sealed sacrifice and the phase-6 choice until the
reveal, the decks' order and contents and the free cards under a province card (A-INFO-2), the
receipts' nonces. A seat's own view adds its own hidden part. Pictures and every channel
message are drawn from views, never from the raw state."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from data.amunre import BOARD

from . import pieces
from .flow import AGENDA, current
from .state import State


@dataclass
class ProvinceView:
    name: str
    owner: int | None
    farmers: int  # every farmer that harvests: printed, on fields, on the plain
    field_farmers: int  # bought or taken farmers on the fields
    plain_farmers: int
    printed_farmers: int
    free_fields: int
    stones: int
    pyramids: int
    singles: int  # pieces that show the pyramids (A-PYR-2)
    doubles: int
    card: str  # where its province card is: "deck", "offer", "used" or "removed"
    free_cards: int  # face-down cards under a card on offer: only their number (A-INFO-3)
    free_gold: int


@dataclass
class PlayerView:
    seat: int
    name: str
    colour: str
    score: int
    provinces: list[str]
    played: list[str]  # card types played this round (public)
    sealed: bool  # has answered the open simultaneous frame (sealed its secret choice)
    marker: dict[str, Any] | None  # its bid in phase 2: {"province", "value"}
    blockade: bool
    overbid: bool
    # private: only in the owner's view (A-INFO-1)
    gold: int | None = None
    cards: list[str] | None = None
    minus3: bool | None = None
    offer: dict[str, Any] | None = None  # its sealed sacrifice until the reveal
    choice: dict[str, Any] | None = None  # its phase-6 choice until the reveal


@dataclass
class View:
    seat: int | None
    round: int
    kingdom: str
    phase: str
    pharaoh: int
    temple: int | None
    provinces: dict[str, ProvinceView]
    on_offer: list[str]
    auction: dict[str, Any] | None  # lap and every bid on the table (A-INFO-3)
    sacrifice: dict[str, Any] | None  # the last phase 4 once revealed (A-INFO-5)
    power_deck: int  # cards left
    power_discard: list[str]  # face up (A-INFO-3)
    province_deck: int
    province_used: list[str]
    province_removed: list[str]
    supply: dict[str, int]
    income_cards: dict[str, dict[str, str]]  # played this phase 5 (public)
    players: list[PlayerView]
    waiting: list[dict[str, Any]]  # [{seat, kind}]
    frame: dict[str, Any] | None  # public progress of the step awaited now
    last: dict[str, Any]
    result: dict[str, Any] | None
    verified: bool = field(default=False)  # the board data is checked (A-DOC-5)
    # the game's options (public: the lobby posts them); the strong AI's worlds play by them
    options: dict[str, Any] = field(default_factory=dict)


PUBLIC_FRAME_KEYS = ("t", "seat", "who", "step", "done", "item", "left", "due")
SECRET_FRAMES = ("sacrifice", "bonus")


def make_view(s: State, seat: int | None) -> View:
    frame = current(s)
    awaited = AGENDA.awaited(s)
    simultaneous = frame is not None and "seats" in frame
    show = pieces.display(s)
    where = {x: "deck" for x in BOARD.names}
    where.update({x: "used" for x in s.province_used})
    where.update({x: "removed" for x in s.province_removed})
    where.update({x: "offer" for x in s.on_offer})
    provinces = {}
    for name, p in s.provinces.items():
        prov = BOARD.provinces[name]
        mat = s.material.get(name, {"cards": [], "gold": 0})
        provinces[name] = ProvinceView(
            name=name, owner=p.owner, farmers=pieces.farmers_in(s, name), field_farmers=p.farmers,
            plain_farmers=p.plain_farmers, printed_farmers=prov.printed_farmers,
            free_fields=pieces.free_fields(s, name), stones=p.stones, pyramids=p.pyramids,
            singles=show[name]["single"], doubles=show[name]["double"], card=where[name],
            free_cards=len(mat["cards"]), free_gold=mat["gold"])
    a = s.auction
    auction = None
    if a is not None:
        auction = {"lap": a["lap"], "open": a["open"], "order": list(a["order"]),
                   "bids": [None if m is None else {"province": m[0],
                                                   "value": BOARD.bid_value(m[1])}
                            for m in a["markers"]],
                   "blockade": list(a["blockade"]), "overbid": list(a["overbid"])}
    players = []
    for p in s.players:
        mine = seat == p.seat
        bid = auction["bids"][p.seat] if auction else None
        players.append(PlayerView(
            seat=p.seat, name=p.name, colour=p.colour, score=p.score, provinces=s.owned(p.seat),
            played=list(p.played), sealed=simultaneous and frame is not None
            and p.seat in frame.get("all", []) and p.seat not in frame["seats"],
            marker=bid, blockade=bool(a and p.seat in a["blockade"]),
            overbid=bool(a and p.seat in a["overbid"]),
            gold=p.gold if mine else None, cards=list(p.cards) if mine else None,
            minus3=p.minus3 if mine else None,
            offer=_own(p.offer) if mine else None, choice=_own(p.choice) if mine else None))
    public_frame = None
    if frame is not None and frame["t"] not in SECRET_FRAMES:
        public_frame = {k: copy.deepcopy(frame[k]) for k in PUBLIC_FRAME_KEYS if k in frame}
    elif frame is not None:
        public_frame = {"t": frame["t"]}
    return View(
        seat=seat, round=s.round, kingdom="old" if s.round <= BOARD["rounds_per_kingdom"]
        else "new", phase=s.phase, pharaoh=s.pharaoh, temple=s.temple, provinces=provinces,
        on_offer=list(s.on_offer), auction=auction, sacrifice=copy.deepcopy(s.sacrifice),
        power_deck=len(s.power_deck), power_discard=list(s.power_discard),
        province_deck=len(s.province_deck), province_used=list(s.province_used),
        province_removed=list(s.province_removed), supply=dict(s.supply),
        income_cards=copy.deepcopy(s.income_cards), players=players,
        waiting=[{"seat": q, "kind": frame["t"]} for q in awaited] if frame else [],
        frame=public_frame, last=copy.deepcopy(s.last), result=copy.deepcopy(s.result),
        verified=BOARD.verified, options=copy.deepcopy(s.options))


def _own(choice: dict[str, Any] | None) -> dict[str, Any] | None:
    """A seat's own sealed choice as it sees it (with its receipt; the nonce stays inside)."""
    if choice is None:
        return None
    return {k: copy.deepcopy(v) for k, v in choice.items() if k != "nonce"}
