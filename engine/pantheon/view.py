"""What one seat (or a spectator) may see: the state minus everything hidden (P-GAP-HIDDEN).
Pictures and every channel message are drawn from these views, never from the raw state."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from data.pantheon import COMPONENTS

from . import cards, flow, sacrifice
from .gains import GODS, steps_value, stonkus_value
from .state import State


@dataclass
class PlayerView:
    seat: int
    name: str
    colour: str
    score: int
    hand_size: int
    supply: dict[str, int]
    tiles: dict[str, int]
    gods: list[str]
    steps_tiles: list[str]
    steps: int  # permanent steps per Move (steps tiles + Vinthrad)
    money_bonus: int  # permanent money per Buy (Stonkus)
    demigod_count: int
    has_bonus: bool
    used_gods: list[str] = field(default_factory=list)  # one-time gods used, in order (public)
    placed: list[str] = field(default_factory=list)  # fields placed on this epoch (public)
    # private: only in the owner's view
    hand: dict[str, int] | None = None
    demigods: list[int] | None = None
    bonus: str | None = None
    # private: what this seat could do now (for the hand picture and the prompts)
    payable_gods: list[str] | None = None  # gods on display whose sacrifice they can pay
    max_steps: int | None = None  # steps of a Move with the big foot and every movement card
    money: int | None = None  # money of a Buy with every money card (plus Stonkus)


@dataclass
class View:
    seat: int | None  # whose view this is; None for a spectator
    epoch: int
    people: str | None  # active people id
    peoples_played: list[str]
    start_player: int
    temple: str | None
    pieces: dict[str, list[list[Any]]]
    loot: dict[str, str]
    god_display: list[str]
    demigod_pool: list[int]
    display: list[str | None]
    deck_count: int
    discard_count: int
    discard_top: str | None
    special_money: list[int]  # the face-up stack's values, top first
    god_stack_count: int
    demigod_stack_count: int
    bag_count: int
    bonus_offer: list[str]  # face-up bonus tiles in the draft
    players: list[PlayerView]
    waiting: list[dict[str, Any]]  # [{seat, kind}]; flow.waiting_text(kind) words it when shown
    last_changes: dict[str, Any]  # this turn's or the last turn's public changes (_highlight)
    result: dict[str, Any] | None
    step: dict[str, Any] | None = field(default=None)  # public progress of the current step
    stall_turns: int = 0  # turns in a row without a loot or god tile taken (P-GAP-STALL)


PUBLIC_STEP_KEYS = ("big", "cards", "budget", "spent", "placed", "jumps", "left", "god", "bought",
                    "amount")


def make_view(s: State, seat: int | None) -> View:
    frame = flow.current(s)
    waiting = []
    step = None
    if frame is not None and "seat" in frame:
        waiting.append({"seat": frame["seat"], "kind": frame["t"]})
        step = {"kind": frame["t"], **{k: frame[k] for k in PUBLIC_STEP_KEYS if k in frame}}
    players = []
    for p in s.players:
        mine = seat == p.seat
        players.append(PlayerView(
            seat=p.seat, name=p.name, colour=p.colour, score=p.score, hand_size=p.hand_size(),
            supply=dict(p.supply), tiles=dict(p.tiles), gods=list(p.gods),
            steps_tiles=list(p.steps_tiles), steps=steps_value(s, p.seat),
            money_bonus=stonkus_value(s, p.seat), demigod_count=len(p.demigods),
            has_bonus=p.bonus is not None, used_gods=list(p.used_gods), placed=list(p.placed),
            hand=dict(p.hand) if mine else None,
            demigods=sorted(p.demigods) if mine else None,
            bonus=p.bonus if mine else None,
            **(_abilities(s, p.seat) if mine else {}),
        ))
    money = COMPONENTS.money_values
    return View(
        seat=seat, epoch=s.epoch,
        people=COMPONENTS.peoples[s.peoples_played[-1]]["id"] if s.peoples_played else None,
        peoples_played=[COMPONENTS.peoples[x]["id"] for x in s.peoples_played],
        start_player=s.start_player, temple=s.temple,
        pieces={k: [list(pc) for pc in v] for k, v in s.pieces.items()},
        loot=dict(s.loot), god_display=list(s.god_display), demigod_pool=sorted(s.demigod_pool),
        display=list(s.display), deck_count=len(s.deck), discard_count=len(s.discard),
        discard_top=s.discard[-1] if s.discard else None,
        special_money=[money[c] for c in s.special_money],
        god_stack_count=len(s.god_stack), demigod_stack_count=len(s.demigod_stack),
        bag_count=len(s.bag),
        bonus_offer=sorted(s.bonus_stack) if s.options.get("bonus_draft") else [],
        players=players, waiting=waiting, last_changes=_highlight(s),
        result=s.result, step=step, stall_turns=s.stall_turns,
    )


def _public_changes(changes: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in changes.items()
            if k in ("seat", "placed", "gods", "loot", "actions")}


def _highlight(s: State) -> dict[str, Any]:
    """What the pictures ring and name: the public changes of the turn in progress (or of the
    epoch's preparation), and once it has changed nothing on the board or the god display yet,
    those of the last finished turn, marked "done". Only public keys ever pass (P-GAP-HIDDEN)."""
    now = _public_changes(s.last_changes)
    if any(k in now for k in ("placed", "gods", "loot")):
        return {**now, "done": False}
    last = _public_changes(s.last_turn)
    return {**last, "done": True} if last else now


def _abilities(s: State, seat: int) -> dict[str, Any]:
    p = s.players[seat]
    gods = sorted({g for g in s.god_display
                   if sacrifice.can_pay(p, GODS[g].requirement, not GODS[g].cards_only)})
    return {"payable_gods": gods,
            "max_steps": 1 + 2 * p.hand.get("move", 0) + steps_value(s, seat),
            "money": cards.money_in_hand(p.hand) + stonkus_value(s, seat)}
