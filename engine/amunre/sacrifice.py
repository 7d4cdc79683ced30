"""Phase 4, the sacrifice to Amun-Re (A-SAC, Sacrifice Correction A-PWR-SC).

Every seat seals `sacrifice {gold, minus3, correction}` in one simultaneous frame (A-SAC-3): the
choice stays in the seat's hidden part (`Player.offer`) with its nonce, and only a receipt is
public. The reveal publishes every choice with its nonce (A-SAC-5); then the corrections, Pharaoh
first (A-SAC-7), the temple's move (A-SAC-8/9), the rewards in ranking order (A-SAC-11..15), the
thieves' gold (A-SAC-13, A-GAP-14)."""

from __future__ import annotations

from data.amunre import BOARD
from engine.core import Decision, Event

from . import pieces, receipts
from .flow import AGENDA, Frame, err, pop, push
from .state import State

WHAT = "sacrifice"


@AGENDA.auto("sacrifice_phase")
def _phase(s: State, frame: Frame, events: list[Event]) -> None:
    s.phase = "sacrifice"
    s.sacrifice = None
    seats = s.order_from(s.pharaoh)  # every seat: the "-3" card is always at hand
    push(s, {"t": "sacrifice", "seats": seats, "all": list(seats)}, {"t": "sacrifice_reveal"})
    events.append(Event("phase", {"phase": "sacrifice", "round": s.round}))


def may_correct(s: State, seat: int) -> bool:
    p = s.players[seat]
    return "SC" in p.cards and "SC" not in p.played


def _options(s: State, frame: Frame) -> list[Decision]:
    seat = frame["seat"]
    p = s.players[seat]
    corrections = (False, True) if may_correct(s, seat) else (False,)
    opts = []
    if p.minus3:
        opts += [Decision("sacrifice", {"gold": 0, "minus3": True, "correction": c})
                 for c in corrections]
    opts += [Decision("sacrifice", {"gold": g, "minus3": False, "correction": c})
             for g in range(1, p.gold + 1) for c in corrections]
    return opts


def check(s: State, seat: int, d: Decision) -> dict[str, object]:
    """The choice as sealed, or IllegalDecision (A-SAC-1/2, A-PWR-SC-1/3).

    Rulebook vs spec (A-SAC-4): the rulebook counts any mistake in a sacrifice as the "-3" card.
    The engine cannot receive a physically botched offering; a malformed decision is refused
    with a private message and nothing changes, as the spec ([P]) and the brief ask."""
    if d.kind != "sacrifice":
        raise err("sacrifice_now", "A-SAC-3")
    if (set(d.args) - {"gold", "minus3", "correction", "nonce"}
            or not {"gold", "minus3"} & set(d.args)):
        raise err("bad_args", "A-DEC-4")
    try:
        receipts.given(d)
    except ValueError:
        raise err("bad_args", "A-DEC-4") from None
    gold = d.args.get("gold", 0)
    minus3 = d.args.get("minus3", False)
    correction = d.args.get("correction", False)
    if type(gold) is not int or type(minus3) is not bool or type(correction) is not bool:
        raise err("bad_args", "A-DEC-4")
    p = s.players[seat]
    if minus3 and gold:
        raise err("minus3_alone", "A-SAC-2")
    if minus3 and not p.minus3:
        raise err("no_minus3", "A-SAC-1")
    if not minus3 and gold < 1:
        raise err("sacrifice_nothing", "A-SAC-1")
    if gold > p.gold:  # told to this seat only (A-INFO-1)
        raise err("sacrifice_afford", "A-SAC-1", gold=gold, have=p.gold, count=gold)
    if correction and not may_correct(s, seat):
        raise err("no_correction", "A-PWR-SC-3")
    return {"gold": gold, "minus3": minus3, "correction": correction}


@AGENDA.choice("sacrifice", _options)
def _seal(s: State, frame: Frame, d: Decision, events: list[Event]) -> None:
    seat = frame["seat"]
    choice = check(s, seat, d)
    p = s.players[seat]
    key = receipts.given(d) or receipts.nonce(s.secret, s.round, WHAT, seat)
    receipt = receipts.receipt(s.round, WHAT, seat, choice, key)
    p.offer = {**choice, "nonce": key, "receipt": receipt}
    p.gold -= int(choice["gold"])  # type: ignore[call-overload]
    if choice["minus3"]:
        p.minus3 = False
    if choice["correction"]:
        pieces.take_from_hand(s, seat, "SC")  # lies face down with the offering (A-PWR-SC-1)
    frame["seats"].remove(seat)
    events.append(Event("sealed", {"seat": seat, "round": s.round, "what": WHAT,
                                   "receipt": receipt}))
    events.append(Event("my_sacrifice", {"seat": seat, **choice}, private_to=seat))


@AGENDA.auto("sacrifice_reveal")
def _reveal(s: State, frame: Frame, events: list[Event]) -> None:
    """A-SAC-5/6: everything is shown at once; the total counts "-3" for each thief."""
    order = s.order_from(s.pharaoh)
    offers = []
    opened = []
    for seat in order:
        p = s.players[seat]
        o = p.offer
        assert o is not None
        choice = {"gold": o["gold"], "minus3": o["minus3"], "correction": o["correction"]}
        offers.append({"seat": seat, **choice})
        opened.append({"round": s.round, "what": WHAT, "seat": seat, "choice": choice,
                       "nonce": o["nonce"]})
        if o["correction"]:  # played: on the discard pile (A-PWR-SC-3, A-SAC-17)
            pieces.discard(s, ["SC"])
            p.played.append("SC")
        p.minus3 = True  # the "-3" card returns to its owner (A-SAC-17)
        p.offer = None
    total = (sum(o["gold"] for o in offers)
             + BOARD["minus3_value"] * sum(1 for o in offers if o["minus3"]))
    s.sacrifice = {"round": s.round, "pharaoh": s.pharaoh, "offers": offers, "sum": total,
                   "total": total, "corrections": []}
    events.append(Event("sacrifices", {"round": s.round, "opened": opened, "total": total}))
    push(s, *({"t": "correction", "seat": o["seat"]} for o in offers if o["correction"]),
         {"t": "temple"})


def _correction_options(s: State, frame: Frame) -> list[Decision]:
    step = BOARD["correction"]
    deltas = [step, -step] + ([0] if s.options.get("correction_may_abstain") else [])
    return [Decision("correction", {"delta": x}) for x in deltas]


@AGENDA.choice("correction", _correction_options)
def _correct(s: State, frame: Frame, d: Decision, events: list[Event]) -> None:
    """A-SAC-7, A-PWR-SC-2: +3 or -3 to the running total (A-GAP-13: no abstaining unless the
    option `correction_may_abstain` is set)."""
    seat = frame["seat"]
    if d.kind != "correction":
        raise err("correction_now", "A-SAC-7")
    if set(d.args) != {"delta"} or d not in _correction_options(s, frame):
        raise err("correction_delta", "A-SAC-7", step=BOARD["correction"])
    assert s.sacrifice is not None
    delta = d.args["delta"]
    s.sacrifice["total"] += delta
    s.sacrifice["corrections"].append({"seat": seat, "delta": delta})
    events.append(Event("corrected", {"seat": seat, "delta": delta,
                                      "total": s.sacrifice["total"]}))
    pop(s)


def ranking(offers: list[dict[str, object]]) -> list[int]:
    """A-SAC-11: non-thieves by gold, highest first; ties to the Pharaoh, then clockwise from
    him. `offers` is in turn order from the Pharaoh in office before this phase."""
    honest = [(i, o) for i, o in enumerate(offers) if not o["minus3"]]
    honest.sort(key=lambda io: (-int(io[1]["gold"]), io[0]))  # type: ignore[call-overload]
    return [int(o["seat"]) for _, o in honest]  # type: ignore[call-overload]


@AGENDA.auto("temple")
def _temple(s: State, frame: Frame, events: list[Event]) -> None:
    sac = s.sacrifice
    assert sac is not None
    space = BOARD.temple_space(sac["total"])
    s.temple = space.space  # A-SAC-8: set afresh every round
    ranked = ranking(sac["offers"])
    thieves = [o["seat"] for o in sac["offers"] if o["minus3"]]
    counts = BOARD["sacrifice_rewards"]
    # A-SAC-12 [I]: the rulebook says "then all players who did not play -3 take one item
    # each"; read, as the spec and the common rules do, as every *other* non-thief (1st: 3,
    # 2nd: 2, the rest: 1), not as one more item for the first two as well.
    rewards = [{"seat": q, "items": counts[min(i, 2)]} for i, q in enumerate(ranked)]
    if ranked:  # A-SAC-16: the first becomes Pharaoh at once; all thieves: no change
        s.pharaoh = ranked[0]
    sac.update({"temple": s.temple, "ranking": ranked, "thieves": thieves, "rewards": rewards})
    events.append(Event("temple", {"total": sac["total"], "space": s.temple, "ranking": ranked,
                                   "thieves": thieves, "pharaoh": s.pharaoh}))
    push(s, *({"t": "reward", "seat": r["seat"], "left": r["items"]} for r in rewards),
         {"t": "thieves"})


# --- the rewards (A-SAC-12..15) -------------------------------------------------------------------

def _reward_options(s: State, frame: Frame) -> list[Decision]:
    seat = frame["seat"]
    opts = []
    if pieces.cards_available(s):
        opts.append(Decision("take", {"item": "card"}))
    if s.supply["farmers"] > 0:
        opts += [Decision("take", {"item": "farmer", "province": x}) for x in s.owned(seat)
                 if pieces.free_fields(s, x) > 0]
    if s.supply["stones"] > 0:
        opts += [Decision("take", {"item": "stone", "province": x}) for x in s.owned(seat)]
    opts.append(Decision("stop"))
    return opts


@AGENDA.choice("reward", _reward_options)
def _reward(s: State, frame: Frame, d: Decision, events: list[Event]) -> None:
    seat = frame["seat"]
    if d.kind == "stop":
        if d.args:
            raise err("bad_args", "A-DEC-4")
        events.append(Event("declined", {"seat": seat, "left": frame["left"]}))
        pop(s)
        return
    if d.kind != "take":
        raise err("reward_now", "A-SAC-15")
    item = d.args.get("item")
    if item == "card":
        if set(d.args) != {"item"}:
            raise err("bad_args", "A-DEC-4")
        drawn = pieces.draw_power(s, 1, events)  # the limit does not apply (A-SAC-14)
        if not drawn:
            raise err("no_cards", "A-BUY-10")
        s.players[seat].cards.extend(drawn)
        events.append(Event("took", {"seat": seat, "item": "card"}))
        events.append(Event("drew", {"seat": seat, "cards": drawn}, private_to=seat))
    elif item in ("farmer", "stone"):
        if set(d.args) != {"item", "province"}:
            raise err("bad_args", "A-DEC-4")
        province = d.args["province"]
        if province not in s.owned(seat):
            raise err("not_your_province", "A-SAC-14", province=str(province))
        if item == "farmer":
            if s.supply["farmers"] <= 0:
                raise err("no_farmers", "A-GAP-8")
            if pieces.free_fields(s, province) <= 0:  # no Free Farmer here (A-SAC-14)
                raise err("no_field", "A-SAC-15", province=province)
            pieces.place_farmer(s, province)
            events.append(Event("took", {"seat": seat, "item": item, "province": province}))
        else:
            if s.supply["stones"] <= 0:
                raise err("no_stones", "A-GAP-8")
            events.append(Event("took", {"seat": seat, "item": item, "province": province}))
            pieces.place_stone(s, province, events)  # A-SAC-14, A-ERR-2: a pyramid at once
    else:
        raise err("bad_item", "A-SAC-12", item=str(item))
    frame["left"] -= 1
    if frame["left"] <= 0:
        pop(s)


@AGENDA.auto("thieves")
def _thieves(s: State, frame: Frame, events: list[Event]) -> None:
    """A-SAC-13: each thief takes 3 gold from the bank, after all items (A-GAP-14)."""
    assert s.sacrifice is not None
    for seat in s.sacrifice["thieves"]:
        s.players[seat].gold += BOARD["thief_gold"]
        events.append(Event("thief", {"seat": seat, "gold": BOARD["thief_gold"]}))
