"""Phase 3, buying and using (A-BUY, A-PYR, Free Farmer A-PWR-FF, Master Builder A-PWR-MB).

Each seat in turn from the Pharaoh has one `buy` frame: step A (power cards), B (farmers), C
(stones), never back to an earlier step, each kind bought once (A-BUY-2, A-BUY-4). A purchase
of farmers or stones is followed by a `place` frame that places them one by one at once
(A-BUY-11, A-BUY-16). The `buy` frame is never taken as a forced move (auction.ask): a forced
end of turn would show that the seat had no gold and no cards."""

from __future__ import annotations

from collections.abc import Iterator

from data.amunre import BOARD
from data.i18n import t
from engine.core import Decision, Event

from . import pieces
from .auction import ask, done, sell_options
from .flow import AGENDA, Frame, err, pop, push
from .state import State

STEPS = "ABC"
KIND_STEP = {"buy_cards": "A", "buy_farmers": "B", "buy_stones": "C"}
KIND_ITEM = {"buy_cards": "cards", "buy_farmers": "farmers", "buy_stones": "stones"}


@AGENDA.auto("buy_phase")
def _phase(s: State, frame: Frame, events: list[Event]) -> None:
    s.phase = "buy"
    push(s, *(ask("buy", q, step="A", done=[]) for q in s.order_from(s.pharaoh)))
    events.append(Event("phase", {"phase": "buy", "round": s.round}))


def card_limit(s: State, seat: int) -> int:
    """A-BUY-6: the largest power-card limit among the seat's provinces."""
    return max((BOARD.provinces[x].card_limit for x in s.owned(seat)), default=0)


def most(s: State, seat: int, kind: str) -> int:
    """The largest quantity of a kind the seat may buy now, gold aside (A-BUY-6/10/12, A-GAP-8)."""
    if kind == "buy_cards":
        return min(card_limit(s, seat), pieces.cards_available(s))
    if kind == "buy_farmers":
        return min(pieces.room_for_farmers(s, seat), s.supply["farmers"])
    return s.supply["stones"] if s.owned(seat) else 0


def _may_buy(frame: Frame, kind: str) -> bool:
    return (KIND_ITEM[kind] not in frame["done"]
            and STEPS.index(frame["step"]) <= STEPS.index(KIND_STEP[kind]))


def free_farmer_targets(s: State, seat: int) -> list[str]:
    p = s.players[seat]
    if "FF" not in p.cards or "FF" in p.played or s.supply["farmers"] <= 0:
        return []
    return s.owned(seat)  # any plain, even without fields (A-PWR-FF-2)


def master_builder_targets(s: State, seat: int) -> list[str]:
    p = s.players[seat]
    if "MB" not in p.cards or "MB" in p.played or s.supply["pyramids"] <= 0:
        return []
    need = BOARD["master_builder_stones"]
    return [x for x in s.owned(seat) if s.provinces[x].stones >= need]


def _options(s: State, frame: Frame) -> Iterator[Decision]:
    seat = frame["seat"]
    gold = s.players[seat].gold
    for kind in KIND_STEP:
        if _may_buy(frame, kind):
            for n in range(1, most(s, seat, kind) + 1):
                if BOARD.price(n) > gold:
                    break
                yield Decision(kind, {"n": n})
    for x in free_farmer_targets(s, seat):
        yield Decision("play", {"card": "FF", "province": x})
    for x in master_builder_targets(s, seat):
        yield Decision("play", {"card": "MB", "province": x})
    # selling first can pay for a purchase (A-BUY-5): the turn is never ended for the seat
    yield from sell_options(s, seat)
    yield Decision("end_turn")


@AGENDA.choice("buy", _options)
def _buy(s: State, frame: Frame, d: Decision, events: list[Event]) -> None:
    seat = frame["seat"]
    if d.kind in KIND_STEP:
        _purchase(s, frame, d, events)
    elif d.kind == "play":
        _play(s, seat, d, events)
    elif d.kind == "end_turn":
        if d.args:
            raise err("bad_args", "A-DEC-3")
        events.append(Event("end_turn", {"seat": seat}))
        done(frame)
    elif d.kind == "sell":
        from .anytime import sell  # anytime imports this module

        sell(s, seat, d, events)
    else:
        raise err("buy_now", "A-BUY-2")


def _purchase(s: State, frame: Frame, d: Decision, events: list[Event]) -> None:
    seat = frame["seat"]
    kind = d.kind
    if set(d.args) != {"n"} or type(d.args["n"]) is not int:
        raise err("bad_args", "A-DEC-3")
    n = d.args["n"]
    item = KIND_ITEM[kind]
    if item in frame["done"]:
        raise err("bought_once", "A-BUY-4", item=t(f"amunre.item.{item}"))
    if STEPS.index(frame["step"]) > STEPS.index(KIND_STEP[kind]):
        raise err("step_back", "A-BUY-2", item=t(f"amunre.item.{item}"))
    if n < 1:
        raise err("buy_positive", "A-BUY-3")
    limit = most(s, seat, kind)
    if n > limit:
        rule = {"buy_cards": "A-BUY-6", "buy_farmers": "A-BUY-12", "buy_stones": "A-GAP-8"}[kind]
        raise err(f"too_many_{item}", rule, n=n, most=limit, count=limit)
    cost = BOARD.price(n)
    p = s.players[seat]
    if cost > p.gold:  # told to this seat only (A-INFO-1)
        raise err("cannot_pay", "A-BUY-5", cost=cost, gold=p.gold, count=p.gold)
    p.gold -= cost
    frame["step"] = KIND_STEP[kind]
    frame["done"].append(item)
    events.append(Event("bought", {"seat": seat, "item": item[:-1], "n": n, "cost": cost}))
    if kind == "buy_cards":
        drawn = pieces.draw_power(s, n, events)
        p.cards.extend(drawn)
        events.append(Event("drew", {"seat": seat, "cards": drawn}, private_to=seat))
    else:
        push(s, {"t": "place", "seat": seat, "item": item[:-1], "left": n})


def check_card_on_province(s: State, seat: int, card: str, province: object,
                           province_rule: str) -> None:
    """A power card played on one of the seat's own provinces (Free Farmer, Master Builder,
    8 Gold, Harvest Increase): held, not yet played this round, and the province is the seat's."""
    p = s.players[seat]
    if card not in p.cards:
        raise err("no_such_card", "A-PWR-GEN-1", card=card)
    if card in p.played:
        raise err("identical", "A-PWR-GEN-4", card=card)
    if province not in s.owned(seat):
        raise err("not_your_province", province_rule, province=str(province))


def _play(s: State, seat: int, d: Decision, events: list[Event]) -> None:
    card, province = d.args.get("card"), d.args.get("province")
    if set(d.args) != {"card", "province"} or card not in ("FF", "MB"):
        raise err("phase3_cards", "A-PWR-GEN-1")
    check_card_on_province(s, seat, card, province,
                           "A-PWR-FF-2" if card == "FF" else "A-PWR-MB-2")
    if card == "FF":
        if s.supply["farmers"] <= 0:
            raise err("no_farmers", "A-GAP-8")
        pieces.play(s, seat, card)
        pieces.place_farmer(s, province, plain=True)
        events.append(Event("played", {"seat": seat, "card": card, "province": province}))
        return
    need = BOARD["master_builder_stones"]
    if s.provinces[province].stones < need:
        raise err("builder_stones", "A-PWR-MB-2", province=province, need=need,
                  count=need)
    if s.supply["pyramids"] <= 0:
        raise err("no_pyramids", "A-GAP-11")
    pieces.play(s, seat, card)
    s.provinces[province].stones -= need
    s.supply["stones"] += need
    pieces.add_pyramid(s, province)
    events.append(Event("played", {"seat": seat, "card": card, "province": province}))
    events.append(Event("pyramid", {"province": province,
                                    "pyramids": s.provinces[province].pyramids, "how": "MB"}))


# --- placing bought farmers and stones ------------------------------------------------------------

def place_targets(s: State, seat: int, item: str) -> list[str]:
    if item == "farmer":
        return [x for x in s.owned(seat) if pieces.free_fields(s, x) > 0]
    return s.owned(seat)


def _place_options(s: State, frame: Frame) -> list[Decision]:
    return [Decision("place", {"province": x})
            for x in place_targets(s, frame["seat"], frame["item"])]


@AGENDA.choice("place", _place_options)
def _place(s: State, frame: Frame, d: Decision, events: list[Event]) -> None:
    seat, item = frame["seat"], frame["item"]
    if d.kind != "place":
        raise err("place_now", "A-BUY-11" if item == "farmer" else "A-BUY-16",
                  item=t(f"amunre.item.{item}"))
    if set(d.args) != {"province"}:
        raise err("bad_args", "A-DEC-3")
    province = d.args["province"]
    if province not in s.owned(seat):
        raise err("not_your_province", "A-BUY-11" if item == "farmer" else "A-BUY-16",
                  province=str(province))
    if item == "farmer":
        if pieces.free_fields(s, province) <= 0:
            raise err("no_field", "A-BUY-11", province=province)
        pieces.place_farmer(s, province)
        events.append(Event("placed", {"seat": seat, "item": item, "province": province}))
    else:
        events.append(Event("placed", {"seat": seat, "item": item, "province": province}))
        pieces.place_stone(s, province, events)
    frame["left"] -= 1
    if frame["left"] <= 0:
        pop(s)
