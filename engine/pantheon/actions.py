"""The turn phase: a turn, the four actions (section 4), follow-up moves, Traitera and loot
resolution."""

from __future__ import annotations

from collections.abc import Iterator

from data.i18n import t
from data.pantheon import COMPONENTS
from engine.core import Decision, Event, IllegalDecision

from . import cards, sacrifice
from .flow import Frame, auto, choice, pop, push, reject
from .gains import (
    GODS,
    KINDS,
    gain_god,
    general_supplies,
    general_supply,
    resolve_tile,
    set_tile,
    steps_value,
    stonkus_value,
    take_from_general,
)
from .placement import (
    cheapest_cost,
    check_connected,
    check_field,
    has_direct_placements,
    placement_decisions,
    put,
)
from .state import COLUMN, FOOT, PIECES, State
from .text import card_name, god_name, is_card, kind_name, kinds_list, pieces_name

TILE_COST = COMPONENTS.tile_cost
assert all(TILE_COST[lv] < TILE_COST[lv + 1] for lv in range(1, 4)), "iter_purchases needs it"
NEED = {g: tuple(sorted(gt.requirement, reverse=True)) for g, gt in GODS.items()}  # covers_sorted
ACTIONS = ("move", "buy", "god", "draw")


# --- the turn ---------------------------------------------------------------------------------

@auto("turn")
def _turn(s: State, frame: Frame, events: list[Event]) -> None:
    seat = frame["seat"]
    # P-TRAI-2: only Traitera tiles held at the start of the turn may be used in it
    s.turn = {"seat": seat, "traitera": s.players[seat].gods.count("traitera"), "used": 0,
              "took": False}
    s.last_changes = {"seat": seat}
    events.append(Event("turn", {"seat": seat}))
    push(s, {"t": "action", "seat": seat}, {"t": "after_action", "seat": seat})


def _action_options(s: State, frame: Frame) -> list[Decision]:
    # action_possible for each action, in ACTIONS order, without its dispatch on the name
    seat = frame["seat"]
    out = []
    if _move_possible(s, seat):
        out.append(Decision("action", {"action": "move"}))
    if _buy_possible(s, seat):
        out.append(Decision("action", {"action": "buy"}))
    if _god_possible(s, seat):
        out.append(Decision("action", {"action": "god"}))
    out.append(Decision("action", {"action": "draw"}))  # P-TURN-3: always legal
    return out


def _action_several(s: State, frame: Frame) -> bool:
    """Drawing is always legal, so the action is a real choice as soon as one other action is
    possible; the cheap tests first (the options list them in rule order, move first)."""
    seat = frame["seat"]
    return _buy_possible(s, seat) or _god_possible(s, seat) or _move_possible(s, seat)


def action_possible(s: State, seat: int, action: str) -> bool:
    if action == "move":
        return _move_possible(s, seat)
    if action == "buy":
        return _buy_possible(s, seat)
    if action == "god":
        return _god_possible(s, seat)
    return action == "draw"  # P-TURN-3: drawing is always legal


def _move_possible(s: State, seat: int) -> bool:
    budget = max_move_budget(s, seat, big=True)
    return min_placement_cost(s, seat, jumps=True, good_enough=budget) <= budget


def _god_possible(s: State, seat: int) -> bool:
    return next(_iter_payable_gods(s, seat), None) is not None


@choice("action", _action_options, _action_several)
def _action(s: State, frame: Frame, d: Decision, events: list[Event]) -> None:
    seat = frame["seat"]
    act = d.args.get("action")
    if d.kind != "action" or act not in ACTIONS:
        raise reject(d, frame)
    if not action_possible(s, seat, act):
        raise IllegalDecision(_why_not(act), "P-TURN-3")
    pop(s)
    s.last_changes.setdefault("actions", []).append(act)
    events.append(Event("action", {"seat": seat, "action": act}))
    if act == "move":
        push(s, {"t": "move_cards", "seat": seat, "big": True},
             {"t": "followups", "seat": seat})
    elif act == "buy":
        push(s, {"t": "buy", "seat": seat, "budget": stonkus_value(s, seat), "spent": 0,
                 "bought": 0, "played": [], "loot": []})
    elif act == "god":
        push(s, {"t": "god_choose", "seat": seat})
    else:
        n = 3 + s.players[seat].gods.count("gadicea")  # P-GADI-1
        push(s, {"t": "draw_pick", "seat": seat, "left": n})


def _why_not(action: str) -> str:
    if action in ("move", "buy", "god"):
        return t(f"pantheon.err.cannot_{action}")
    return t("pantheon.err.action_impossible")


@auto("after_action")
def _after_action(s: State, frame: Frame, events: list[Event]) -> None:
    seat = frame["seat"]
    turn = s.turn or {}  # not `t`: that is the translation hook here
    if turn.get("traitera", 0) - turn.get("used", 0) > 0 and "traitera" in s.players[seat].gods:
        push(s, {"t": "traitera", "seat": seat})
    else:
        push(s, {"t": "turn_end", "seat": seat})


def _traitera_options(s: State, frame: Frame) -> list[Decision]:
    return [Decision("traitera"), Decision("end_turn")]


@choice("traitera", _traitera_options)
def _traitera(s: State, frame: Frame, d: Decision, events: list[Event]) -> None:
    seat = frame["seat"]
    if d.kind not in ("traitera", "end_turn"):
        raise reject(d, frame)
    pop(s)
    if d.kind == "end_turn":
        push(s, {"t": "turn_end", "seat": seat})
        return
    # P-TRAI-7: a used Traitera goes to the box at once
    s.players[seat].gods.remove("traitera")
    s.players[seat].used_gods.append("traitera")
    s.god_box.append("traitera")
    assert s.turn is not None
    s.turn["used"] += 1
    events.append(Event("used_traitera", {"seat": seat}))
    push(s, {"t": "action", "seat": seat}, {"t": "after_action", "seat": seat})


@auto("turn_end")
def _turn_end(s: State, frame: Frame, events: list[Event]) -> None:
    seat = frame["seat"]
    took = bool(s.turn and s.turn.get("took"))
    s.stall_turns = 0 if took else s.stall_turns + 1
    guard = s.options.get("stall_guard_rounds")
    if guard and not s.phase_end and s.stall_turns >= guard * s.n:  # P-GAP-STALL
        s.phase_end = True
        events.append(Event("stall_guard", {"rounds": guard}))
    s.turn = None
    s.last_turn, s.last_changes = s.last_changes, {}  # the board pictures name the turn just over
    if s.phase_end:
        # P-PHASEEND-4/5: the player who started the action scores, the temple passes left
        points = COMPONENTS.raw["phase_end_points"]
        s.players[seat].score += points
        events.append(Event("phase_end_points", {"seat": seat, "points": points}))
        s.start_player = s.next_seat(seat)
        push(s, {"t": "epoch_end"})
    else:
        push(s, {"t": "turn", "seat": s.next_seat(seat)})


def note_taken(s: State) -> None:
    if s.turn is not None:
        s.turn["took"] = True


# --- Move -------------------------------------------------------------------------------------

def max_move_budget(s: State, seat: int, big: bool) -> int:
    return int(big) + 2 * s.players[seat].hand.get("move", 0) + steps_value(s, seat)


def min_placement_cost(s: State, seat: int, jumps: bool, good_enough: int = 1) -> int:
    """The cheapest placement the seat could make now (99 when none). The search stops at the
    first placement costing at most `good_enough`, and returns that cost: callers that only ask
    "can I afford any placement with this budget?" pass the budget and skip the full search."""
    return cheapest_cost(s, seat, jumps and _gaiviles(s, seat) > 0, good_enough)


def _gaiviles(s: State, seat: int) -> int:
    return s.players[seat].gods.count("gaiviles")


def _move_cards_options(s: State, frame: Frame) -> list[Decision]:
    seat, big = frame["seat"], frame["big"]
    free = int(big) + steps_value(s, seat)
    held = s.players[seat].hand.get("move", 0)
    # only a cheapest cost above `free` changes the list below, so the search may stop early;
    # with no step at all (most follow-up movers) every placement costs too much: no search.
    # Without free steps only card counts n >= 1 can qualify (2n >= 2 >= any cost), so any
    # placement will do and the search stops at the first.
    if free + 2 * held < 1:
        cheapest = 99
    else:
        cheapest = min_placement_cost(s, seat, jumps=True, good_enough=free if free else 2)
    opts = [Decision("cards", {"n": n}) for n in range(held + 1) if free + 2 * n >= cheapest]
    if not big:
        opts.append(Decision("follow_draw"))  # P-MOVE-16
    return opts


def _move_cards_several(s: State, frame: Frame) -> bool:
    """The options are the card counts n = 0..held with free + 2n at least the cheapest
    placement, and "draw instead" for a follow-up mover: two or more when the second-largest
    count (the largest, for a follow-up mover) pays for a placement."""
    seat, big = frame["seat"], frame["big"]
    held = s.players[seat].hand.get("move", 0)
    if big and not held:
        return False  # only "0 cards": one option at most
    steps = int(big) + steps_value(s, seat) + 2 * (held - 1 if big else held)
    if steps < 1:
        return False  # nothing affordable: the listing finds the one option, if any
    return min_placement_cost(s, seat, jumps=True, good_enough=steps) <= steps


@choice("move_cards", _move_cards_options, _move_cards_several)
def _move_cards(s: State, frame: Frame, d: Decision, events: list[Event]) -> None:
    seat, big = frame["seat"], frame["big"]
    if d.kind == "follow_draw" and not big:
        pop(s)
        events.append(Event("follow_draw", {"seat": seat}))
        cards.draw_cards(s, seat, 1, events)
        return
    n = d.args.get("n")
    if d.kind != "cards" or not isinstance(n, int) or isinstance(n, bool) or n < 0:
        raise reject(d, frame)
    held = s.players[seat].hand.get("move", 0)
    if n > held:
        raise IllegalDecision(t("pantheon.err.held_move_cards", count=held), "P-MOVE-2")
    budget = int(big) + 2 * n + steps_value(s, seat)  # P-MOVE-4
    # every placement costs at least 1: no search for a budget of 0
    if budget < 1 or budget < min_placement_cost(s, seat, jumps=True, good_enough=budget):
        raise IllegalDecision(t("pantheon.err.no_placement", count=budget), "P-TURN-3")
    pop(s)
    if n:
        cards.remove(s.players[seat].hand, "move", n)
    events.append(Event("move_started", {"seat": seat, "cards": n, "steps": budget,
                                         "follow": not big}))
    push(s, {"t": "move_place", "seat": seat, "big": big, "cards": n, "budget": budget,
             "spent": 0, "placed": 0, "jumps": _gaiviles(s, seat), "loot": []})


def _move_place_several(s: State, frame: Frame) -> bool:
    """Once something is placed "stop" is an option, so one affordable placement makes it a
    real choice, before that two: the fast unordered searches answer that (the listing sorts
    and builds them all)."""
    left = frame["budget"] - frame["spent"]
    if left < 1:
        return False  # spent out (every placement costs 1 or 2): "stop" is all that is left
    if not frame["placed"]:
        # two placements needed; jumps aside (False is "not sure": the agenda lists them)
        return has_direct_placements(s, frame["seat"], left, 2)
    return cheapest_cost(s, frame["seat"], frame["jumps"] > 0, left) <= left


def _move_place_options(s: State, frame: Frame) -> list[Decision]:
    opts = placement_decisions(s, frame["seat"], frame["budget"] - frame["spent"],
                               jumps=frame["jumps"] > 0)
    if frame["placed"]:
        opts.append(Decision("stop"))
    return opts


def check_place(s: State, seat: int, d: Decision, available: int, jumps: int) -> int:
    """Validate a placement decision; returns its cost."""
    piece, label, via = d.args.get("piece"), d.args.get("field"), d.args.get("via")
    if piece not in PIECES:
        raise IllegalDecision(t("pantheon.err.place_piece"), "P-MOVE-5")
    if not isinstance(label, str) or (via is not None and not isinstance(via, str)):
        raise IllegalDecision(t("pantheon.err.name_field"), "P-PLACE-1")
    if s.players[seat].supply[piece] <= 0:
        raise IllegalDecision(t("pantheon.err.no_personal", pieces=pieces_name(piece)),
                              "P-PLACE-10")
    cost = check_field(s, seat, piece, label)
    if via is not None and jumps <= 0:
        raise IllegalDecision(t("pantheon.err.no_jump"), "P-GAIV-1")
    check_connected(s, seat, piece, label, via)
    if cost > available:
        raise IllegalDecision(t("pantheon.err.place_costs", field=label, cost=cost,
                                left=available), "P-MOVE-9" if cost == 2 else "P-MOVE-11")
    return cost


def do_place(s: State, seat: int, piece: str, label: str, cost: int, frame: Frame,
             events: list[Event]) -> None:
    put(s, seat, piece, label)
    s.last_changes.setdefault("placed", []).append([seat, piece, label])
    events.append(Event("placed", {"seat": seat, "piece": piece, "field": label, "cost": cost}))
    if piece == FOOT and label in s.loot:  # P-MOVE-12: a foot on loot takes it
        tile = s.loot.pop(label)
        frame["loot"].append(tile)
        s.last_changes.setdefault("loot", []).append([seat, label, tile])
        note_taken(s)
        events.append(Event("took_loot", {"seat": seat, "tile": tile, "field": label}))
        if not s.loot:  # P-PHASEEND-1
            s.phase_end = True
            events.append(Event("last_loot", {"seat": seat}))


@choice("move_place", _move_place_options, _move_place_several)
def _move_place(s: State, frame: Frame, d: Decision, events: list[Event]) -> None:
    seat = frame["seat"]
    if d.kind == "stop":
        if not frame["placed"]:
            raise IllegalDecision(t("pantheon.err.place_nothing"), "P-TURN-3")
        pop(s)
        if frame["cards"]:
            cards.to_discard(s, "move", frame["cards"])  # P-MOVE-14
        events.append(Event("move_done", {"seat": seat, "placed": frame["placed"],
                                          "spent": frame["spent"]}))
        push(s, {"t": "loot_resolve", "seat": seat, "tiles": frame["loot"]})  # P-MOVE-13
        return
    if d.kind != "place":
        raise reject(d, frame)
    cost = check_place(s, seat, d, frame["budget"] - frame["spent"], frame["jumps"])
    if d.args.get("via") is not None:
        frame["jumps"] -= 1
        events.append(Event("jumped", {"seat": seat, "over": d.args["via"]}))
    frame["spent"] += cost
    frame["placed"] += 1
    # when nothing more can be placed, "stop" is the only option and the agenda takes it
    do_place(s, seat, d.args["piece"], d.args["field"], cost, frame, events)


@auto("followups")
def _followups(s: State, frame: Frame, events: list[Event]) -> None:
    """P-MOVE-15: every other player, in turn order from the left, may move or draws 1."""
    starter = frame["seat"]
    others = s.order_from(starter)[1:]
    push(s, *[{"t": "move_cards", "seat": o, "big": False} for o in others],
         {"t": "move_end", "seat": starter})


@auto("move_end")
def _move_end(s: State, frame: Frame, events: list[Event]) -> None:
    events.append(Event("big_foot_returned", {"seat": frame["seat"]}))  # P-MOVE-17


# --- loot resolution --------------------------------------------------------------------------

@auto("loot_resolve")
def _loot_resolve(s: State, frame: Frame, events: list[Event]) -> None:
    tiles: list[str] = frame["tiles"]
    if not tiles:
        return
    if len(set(tiles)) > 1:  # P-MOVE-13 / P-GAP-MULTILOOT: the player picks the order
        push(s, {"t": "loot_order", "seat": frame["seat"], "tiles": tiles})
        return
    push(s, {"t": "loot_resolve", "seat": frame["seat"], "tiles": tiles[1:]})
    resolve_tile(s, frame["seat"], tiles[0], events)


def _loot_order_options(s: State, frame: Frame) -> list[Decision]:
    return [Decision("loot", {"tile": t}) for t in sorted(set(frame["tiles"]))]


@choice("loot_order", _loot_order_options)
def _loot_order(s: State, frame: Frame, d: Decision, events: list[Event]) -> None:
    tile = d.args.get("tile")
    if d.kind != "loot" or tile not in frame["tiles"]:
        raise IllegalDecision(t("pantheon.err.loot_choice"), "P-MOVE-13")
    pop(s)
    rest = list(frame["tiles"])
    rest.remove(tile)
    push(s, {"t": "loot_resolve", "seat": frame["seat"], "tiles": rest})
    resolve_tile(s, frame["seat"], tile, events)


# --- Buy (and Cartago's 2 money) --------------------------------------------------------------

def purchase_options(s: State, seat: int, left: int, placing: bool) -> list[Decision]:
    """P-BUY-4..7 purchases affordable with `left` money."""
    return list(iter_purchases(s, seat, left, placing))


def iter_purchases(s: State, seat: int, left: int, placing: bool) -> Iterator[Decision]:
    """purchase_options lazily: the agenda's "is Buy still a choice?" stops after two, before
    the placement search."""
    tiles = s.players[seat].tiles
    # the prices rise with the level (checked at import), so the first level too dear ends
    # each search
    for k in KINDS:
        if k not in tiles:
            for lv in range(1, 5):
                if TILE_COST[lv] > left:
                    break
                yield Decision("tile", {"kind": k, "level": lv})
    for k in KINDS:
        if k in tiles:
            for lv in range(tiles[k] + 1, 5):
                if TILE_COST[lv] - TILE_COST[tiles[k]] > left:
                    break
                yield Decision("upgrade", {"kind": k, "level": lv})
    if left >= 1:
        general = general_supplies(s, seat)
        for pc in PIECES:
            if general[pc] > 0:
                yield Decision("buy_piece", {"piece": pc})
    if placing:
        yield from placement_decisions(s, seat, left, jumps=False)  # P-BUY-8: no Gaiviles


def check_purchase(s: State, seat: int, d: Decision, left: int) -> int:
    """Validate one purchase; returns its price."""
    p = s.players[seat]
    if d.kind in ("tile", "upgrade"):
        kind, level = d.args.get("kind"), d.args.get("level")
        if kind not in KINDS:
            raise IllegalDecision(t("pantheon.err.not_a_kind", kind=kind, kinds=kinds_list()),
                                  "P-COMP-8")
        if not isinstance(level, int) or isinstance(level, bool) or not 1 <= level <= 4:
            raise IllegalDecision(t("pantheon.err.tile_levels"), "P-COMP-8")
        if d.kind == "tile":
            if kind in p.tiles:
                raise IllegalDecision(t("pantheon.err.tile_owned", kind=kind_name(kind)),
                                      "P-BUY-11")
            price = TILE_COST[level]
        else:
            if kind not in p.tiles:
                raise IllegalDecision(t("pantheon.err.no_tile", kind=kind_name(kind)),
                                      "P-BUY-5")
            if level <= p.tiles[kind]:
                raise IllegalDecision(t("pantheon.err.upgrade_higher"), "P-BUY-5")
            price = TILE_COST[level] - TILE_COST[p.tiles[kind]]
    elif d.kind == "buy_piece":
        piece = d.args.get("piece")
        if piece not in PIECES:
            raise IllegalDecision(t("pantheon.err.buy_piece"), "P-BUY-6")
        if general_supply(s, seat, piece) <= 0:
            raise IllegalDecision(t("pantheon.err.no_general", pieces=pieces_name(piece)),
                                  "P-BUY-6")
        price = 1
    else:
        raise IllegalDecision(t("pantheon.err.not_a_purchase"), "P-BUY-3")
    if price > left:
        raise IllegalDecision(t("pantheon.err.costs", price=price, left=left), "P-BUY-2")
    return price


def do_purchase(s: State, seat: int, d: Decision, events: list[Event]) -> None:
    if d.kind in ("tile", "upgrade"):
        set_tile(s, seat, d.args["kind"], d.args["level"], events)
    else:
        take_from_general(s, seat, d.args["piece"], 1, events)


def _buy_possible(s: State, seat: int) -> bool:
    money = cards.money_in_hand(s.players[seat].hand) + stonkus_value(s, seat)
    if money < 1:
        return False
    tiles = s.players[seat].tiles
    # the cheap checks first: a new level-1 tile costs 1, then an upgrade, then a piece from
    # the general supply (1, but counting them looks at the whole board)
    if len(tiles) < len(KINDS):
        return True
    if any(lv < 4 and TILE_COST[lv + 1] - TILE_COST[lv] <= money for lv in tiles.values()):
        return True
    if max(general_supplies(s, seat).values()) > 0:
        return True
    return money >= min_placement_cost(s, seat, jumps=False, good_enough=money)


def _buy_options(s: State, frame: Frame) -> Iterator[Decision]:
    seat = frame["seat"]
    yield from (Decision("money", {"card": c}) for c in sorted(s.players[seat].hand)
                if c in cards.MONEY)
    yield from iter_purchases(s, seat, frame["budget"] - frame["spent"], placing=True)
    if frame["bought"]:
        yield Decision("done")


def _buy_several(s: State, frame: Frame) -> bool:
    """Counts options that need no search: each kind of money card held, "done" (once
    something is bought) and a level-1 tile of each kind not yet held (when 1 is left)."""
    p = s.players[frame["seat"]]
    found = sum(1 for c in p.hand if c in cards.MONEY) + (frame["bought"] > 0)
    if found < 2 and frame["budget"] - frame["spent"] >= TILE_COST[1]:
        found += len(KINDS) - len(p.tiles)
    return found > 1


@choice("buy", _buy_options, _buy_several)
def _buy(s: State, frame: Frame, d: Decision, events: list[Event]) -> None:
    seat = frame["seat"]
    hand = s.players[seat].hand
    left = frame["budget"] - frame["spent"]
    if d.kind == "money":
        card = d.args.get("card")
        if not isinstance(card, str) or card not in cards.MONEY or hand.get(card, 0) <= 0:
            raise IllegalDecision(t("pantheon.err.money_card"), "P-BUY-1")
        cards.remove(hand, card)
        frame["played"].append(card)
        frame["budget"] += cards.MONEY[card]
        events.append(Event("played_money", {"seat": seat, "value": cards.MONEY[card]}))
        return
    if d.kind == "done":
        if not frame["bought"]:
            raise IllegalDecision(t("pantheon.err.buy_nothing"), "P-TURN-3")
        pop(s)
        for card in frame["played"]:  # P-BUY-2: no change; every played card is discarded
            cards.to_discard(s, card)
        events.append(Event("buy_done", {"seat": seat, "spent": frame["spent"],
                                         "budget": frame["budget"]}))
        push(s, {"t": "loot_resolve", "seat": seat, "tiles": frame["loot"]})  # P-BUY-9
        return
    if d.kind == "place":
        cost = check_place(s, seat, d, left, jumps=0)
        frame["spent"] += cost
        frame["bought"] += 1
        do_place(s, seat, d.args["piece"], d.args["field"], cost, frame, events)
        return
    if d.kind not in ("tile", "upgrade", "buy_piece"):
        raise reject(d, frame)
    frame["spent"] += check_purchase(s, seat, d, left)
    frame["bought"] += 1
    do_purchase(s, seat, d, events)


# --- Acquire a god ----------------------------------------------------------------------------

def _payable_gods(s: State, seat: int) -> list[str]:
    return sorted(set(_iter_payable_gods(s, seat)))


def _iter_payable_gods(s: State, seat: int) -> Iterator[str]:
    """Gods on display (repeats included) whose sacrifice the seat can pay, lazily: the action
    prompt only asks whether there is one."""
    p = s.players[seat]
    stocks: dict[bool, list[int]] = {}  # the player's stock is the same for every god
    for g in s.god_display:
        tiles_allowed = not GODS[g].cards_only
        if tiles_allowed not in stocks:
            stocks[tiles_allowed] = sacrifice.stock(p, tiles_allowed)
        if sacrifice.covers_sorted(stocks[tiles_allowed], NEED[g]):
            yield g


def _god_choose_options(s: State, frame: Frame) -> list[Decision]:
    return [Decision("god", {"god": g}) for g in _payable_gods(s, frame["seat"])]


@choice("god_choose", _god_choose_options)
def _god_choose(s: State, frame: Frame, d: Decision, events: list[Event]) -> None:
    seat = frame["seat"]
    god = d.args.get("god")
    if d.kind != "god":
        raise reject(d, frame)
    if god not in s.god_display:
        if isinstance(god, str) and god in GODS:
            raise IllegalDecision(t("pantheon.err.god_not_displayed", god=god_name(god)),
                                  "P-ACQ-1")
        raise IllegalDecision(t("pantheon.err.not_a_god", god=god), "P-ACQ-1")  # as given
    gt = GODS[god]
    if not sacrifice.can_pay(s.players[seat], gt.requirement, not gt.cards_only):
        raise IllegalDecision(
            t("pantheon.err.cannot_pay_cards_only" if gt.cards_only else "pantheon.err.cannot_pay",
              god=gt.name, requirement="+".join(map(str, gt.requirement))),
            "P-PIET-1" if gt.cards_only else "P-SAC-8")
    pop(s)
    push(s, {"t": "god_pay", "seat": seat, "god": god})


def _god_pay_options(s: State, frame: Frame) -> list[Decision]:
    gt = GODS[frame["god"]]
    return [Decision("offer", {"kinds": k})
            for k in sacrifice.payments(s.players[frame["seat"]], gt.requirement,
                                        not gt.cards_only)]


@choice("god_pay", _god_pay_options)
def _god_pay(s: State, frame: Frame, d: Decision, events: list[Event]) -> None:
    seat, god = frame["seat"], frame["god"]
    if d.kind != "offer":
        raise reject(d, frame)
    gt = GODS[god]
    need = sacrifice.check_payment(s.players[seat], gt.requirement, d.args.get("kinds"),
                                   not gt.cards_only)
    pop(s)
    pay_cards(s, seat, need, events)
    s.god_display.remove(god)
    note_taken(s)
    gain_god(s, seat, god, "acquire", events)
    if not s.god_display:  # P-PHASEEND-1
        s.phase_end = True
        events.append(Event("last_god", {"seat": seat}))


def pay_cards(s: State, seat: int, need: dict[str, int], events: list[Event]) -> None:
    for kind, n in need.items():
        if n:
            cards.remove(s.players[seat].hand, kind, n)
            cards.to_discard(s, kind, n)  # P-SAC-5
    events.append(Event("sacrificed", {"seat": seat, "cards": {k: n for k, n in need.items()
                                                                if n}}))


# --- Draw 3 cards -----------------------------------------------------------------------------

def _shown(s: State) -> set[str]:
    """The different cards on display (an empty slot is None)."""
    shown = set(s.display)
    shown.discard(None)
    return shown


def _draw_options(s: State, frame: Frame) -> list[Decision]:
    opts = [Decision("take", {"from": "display", "card": c}) for c in sorted(_shown(s))]
    if s.deck or s.discard or any(p.hand for p in s.players):
        opts.append(Decision("take", {"from": "deck"}))
    return opts


def _draw_several(s: State, frame: Frame) -> bool:
    """Two different cards on display, or one and a deck (or discard pile) to draw from."""
    shown = _shown(s)
    return len(shown) > 1 or (len(shown) == 1 and bool(s.deck or s.discard))


@choice("draw_pick", _draw_options, _draw_several)
def _draw_pick(s: State, frame: Frame, d: Decision, events: list[Event]) -> None:
    seat = frame["seat"]
    src = d.args.get("from")
    if d.kind != "take" or src not in ("display", "deck"):
        raise reject(d, frame)
    if src == "display":
        card = d.args.get("card")
        if not isinstance(card, str) or card not in s.display:  # an empty slot is None
            if is_card(card):
                raise IllegalDecision(t("pantheon.err.card_not_displayed",
                                        card=card_name(str(card))), "P-DRAW-1")
            raise IllegalDecision(t("pantheon.err.not_a_card", card=card), "P-DRAW-1")
        s.display[s.display.index(card)] = None
        cards.add(s.players[seat].hand, card)
        events.append(Event("took_display_card", {"seat": seat, "card": card}))
        cards.refill_display(s, events)  # P-DRAW-2
    else:
        if not cards.draw_cards(s, seat, 1, events):
            events.append(Event("no_cards_left", {"seat": seat}))  # P-DECK-4
    frame["left"] -= 1
    if frame["left"] <= 0:
        pop(s)


# keep ruff from flagging names other modules import from here
__all__ = ["ACTIONS", "COLUMN", "check_place", "purchase_options", "check_purchase",
           "do_purchase", "pay_cards"]
