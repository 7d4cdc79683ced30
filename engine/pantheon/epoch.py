"""Setup (section 2), epoch preparation with the peoples (3.1, 7), the bonus tiles (3.2, 6.1),
the end of an epoch (3.5), the scorings (3.6) and the game end (3.7)."""

from __future__ import annotations

from data.i18n import t
from data.pantheon import BOARD, COMPONENTS
from engine.core import Decision, Event, IllegalDecision, Rng

from . import cards, sacrifice
from .actions import check_purchase, do_purchase, pay_cards, purchase_options
from .flow import Frame, auto, choice, pop, push, reject
from .gains import GODS, draw_god, gain_god, general_supply, resolve_tile
from .state import COLOUR_ORDER, COLUMN, FOOT, Player, State

RAW = COMPONENTS.raw
PEOPLES = COMPONENTS.peoples


def setup(names: list[str], seed: int, options: dict) -> State:
    n = len(names)
    if not 2 <= n <= 4:
        raise IllegalDecision(t("pantheon.err.players"), "P-COMP-18")
    rng = Rng(seed)
    supply = RAW["start_supply"]
    if options.get("start_supply_by_player_count"):  # P-SETUP-12 variant
        supply = RAW["start_supply_by_player_count"][str(n)]
    players = [Player(seat=i, name=nm, colour=COLOUR_ORDER[i],
                      supply={FOOT: supply["foot"], COLUMN: supply["column"]})
               for i, nm in enumerate(names)]
    s = State(seed=seed, rng=0, options=dict(options), players=players)
    s.bonus_stack = sorted(COMPONENTS.bonus)  # P-SETUP-3
    if not options.get("bonus_draft"):
        rng.shuffle(s.bonus_stack)
    s.bag = [t for t, spec in sorted(COMPONENTS.loot.items()) for _ in range(spec["count"])]
    rng.shuffle(s.bag)  # P-SETUP-4: drawing from the bag at random = drawing from a shuffled bag
    s.god_stack = [g for g, gt in sorted(GODS.items()) for _ in range(gt.count)]
    rng.shuffle(s.god_stack)  # P-SETUP-5
    low = [int(v) for v, c in RAW["demigods"].items() for _ in range(c) if int(v) <= 3]
    high = [int(v) for v, c in RAW["demigods"].items() for _ in range(c) if int(v) >= 4]
    rng.shuffle(low)
    rng.shuffle(high)
    s.demigod_stack = high + low  # P-SETUP-6: the 1-3 tokens on top (the end is the top)
    s.people_deck = sorted(PEOPLES)
    rng.shuffle(s.people_deck)  # P-SETUP-8
    s.special_money = list(RAW["special_money"])  # P-SETUP-10: 2 on top, 5 at the bottom
    s.deck = [c for c, k in RAW["action_cards"].items() for _ in range(k)]
    rng.shuffle(s.deck)  # P-SETUP-11
    s.display = [s.deck.pop() for _ in range(RAW["display_size"])]
    for p in s.players:
        for _ in range(RAW["start_hand"]):
            cards.add(p.hand, s.deck.pop())
        if not options.get("bonus_draft"):
            p.bonus = s.bonus_stack.pop()
    if not options.get("bonus_draft"):
        s.bonus_box.extend(s.bonus_stack)  # the remaining bonus tiles are out of the game
        s.bonus_stack = []
    guard = options.get("stall_guard_rounds")
    if guard is not None and not (type(guard) is int and guard >= 0):
        raise IllegalDecision(t("pantheon.err.stall_guard_rounds"), "P-GAP-STALL")
    start = options.get("start_player")
    if start is not None and not (type(start) is int and 0 <= start < n):
        raise IllegalDecision(t("pantheon.err.start_player", last=n - 1), "P-SETUP-13")
    s.start_player = start if start is not None else rng.below(n)
    s.rng = rng.state
    s.queue = [{"t": "epoch_start"}]
    return s


@auto("epoch_start")
def _epoch_start(s: State, frame: Frame, events: list[Event]) -> None:
    s.epoch += 1
    people = s.people_deck.pop()  # P-PREP-1/2
    s.peoples_played.append(people)
    events.append(Event("epoch", {"epoch": s.epoch, "people": PEOPLES[people]["id"],
                                  "start_player": s.start_player}))
    s.phase_end = False
    s.stall_turns = 0
    s.last_changes = {}
    for _ in range(s.n + 1):  # P-PREP-3
        god = draw_god(s, events)
        if god is None:
            break
        s.god_display.append(god)
        if god == "plaesiris":  # P-PLAE-1
            reveal_demigods(s, 2)
    rng = Rng(s.rng)
    allowed = [i for i in range(5) if not (s.n == 2 and i >= 3) and not (s.n == 3 and i == 4)]
    fields = [BOARD.label(BOARD.symbol_fields[people][i]) for i in allowed]  # P-PREP-4
    rng.shuffle(fields)
    s.rng = rng.state
    for label in fields:
        tile = s.bag.pop()
        s.loot[label] = tile
        if COMPONENTS.loot[tile]["effect"] == "demigod":  # P-TILE-DEMI-1
            reveal_demigods(s, 1)
    events.append(Event("prepared", {"gods": list(s.god_display), "loot": dict(s.loot),
                                     "demigods": sorted(s.demigod_pool)}))
    order = s.order_from(s.start_player)
    ability = PEOPLES[people]["ability"]
    frames: list[Frame] = []  # P-PREP-5
    if ability == "gallia":
        frames = [{"t": "gallia", "seat": seat} for seat in order]
    elif ability == "hand7":
        frames = [{"t": "hand7", "seat": seat} for seat in order]
    elif ability == "aegyptus":
        frames = [{"t": "aegyptus", "seat": seat} for seat in order]
    elif ability == "persia":
        frames = [{"t": "persia"}]
    elif ability == "cartago":
        frames = [{"t": "cartago", "seat": seat, "left": 2, "bought": 0} for seat in order]
    elif ability == "iberia":
        frames = [{"t": "offering_gain", "seat": seat, "optional": True} for seat in order]
    elif ability == "roma":
        frames = [{"t": "roma"}]
    frames += [{"t": "temple"}, {"t": "depraccus"}]
    if s.epoch == 1:
        if s.options.get("bonus_draft"):  # P-VAR-DRAFT-2: last in turn order picks first
            frames += [{"t": "draft", "seat": seat} for seat in reversed(order)]
            frames.append({"t": "draft_end"})
        frames += [{"t": "bonus", "seat": seat} for seat in order]  # P-BONUS-1
    frames.append({"t": "turn", "seat": s.start_player})
    push(s, *frames)


def reveal_demigods(s: State, n: int) -> None:
    for _ in range(n):
        if s.demigod_stack:  # P-GAP-DEMI-EX
            s.demigod_pool.append(s.demigod_stack.pop())


@auto("temple")
def _temple(s: State, frame: Frame, events: list[Event]) -> None:
    s.temple = BOARD.label(BOARD.start_field[s.peoples_played[-1]])  # P-PREP-6
    events.append(Event("temple", {"field": s.temple, "seat": s.start_player}))


@auto("depraccus")
def _depraccus(s: State, frame: Frame, events: list[Event]) -> None:
    for seat in s.order_from(s.start_player):  # P-PREP-7, P-DEPR-2: 2 cards per tile
        k = s.players[seat].gods.count("depraccus")
        if k:
            cards.draw_cards(s, seat, 2 * k, events)


# --- peoples ----------------------------------------------------------------------------------

def _gallia_options(s: State, frame: Frame) -> list[Decision]:
    return [Decision("gallia", {"choice": "draw"}), Decision("gallia", {"choice": "reveal"})]


@choice("gallia", _gallia_options)
def _gallia(s: State, frame: Frame, d: Decision, events: list[Event]) -> None:
    seat = frame["seat"]
    pick = d.args.get("choice")
    if d.kind != "gallia" or pick not in ("draw", "reveal"):
        raise reject(d, frame)
    pop(s)
    if pick == "draw":  # P-PEOPLE-GAL-1 (a)
        cards.draw_cards(s, seat, 2, events)
        return
    god = draw_god(s, events)
    events.append(Event("gallia_revealed", {"seat": seat, "god": god}))
    if god is not None:
        push(s, {"t": "gallia_buy", "seat": seat, "god": god})


def _gallia_numbers(god: str) -> tuple[int, ...]:
    return GODS[god].requirement[:1]  # P-PEOPLE-GAL-2: only the top number


def _gallia_buy_options(s: State, frame: Frame) -> list[Decision]:
    god = frame["god"]
    opts = [Decision("offer", {"kinds": k})
            for k in sacrifice.payments(s.players[frame["seat"]], _gallia_numbers(god),
                                        not GODS[god].cards_only)]
    return opts + [Decision("decline")]


@choice("gallia_buy", _gallia_buy_options)
def _gallia_buy(s: State, frame: Frame, d: Decision, events: list[Event]) -> None:
    seat, god = frame["seat"], frame["god"]
    if d.kind == "decline":
        pop(s)
        s.god_box.append(god)  # P-PEOPLE-GAL-3
        events.append(Event("gallia_declined", {"seat": seat, "god": god}))
        return
    if d.kind != "offer":
        raise reject(d, frame)
    need = sacrifice.check_payment(s.players[seat], _gallia_numbers(god), d.args.get("kinds"),
                                   not GODS[god].cards_only)
    pop(s)
    pay_cards(s, seat, need, events)
    gain_god(s, seat, god, "gallia", events)


@auto("hand7")
def _hand7(s: State, frame: Frame, events: list[Event]) -> None:
    seat = frame["seat"]  # P-PEOPLE-GER-1
    size = s.players[seat].hand_size()
    if size > 7:
        push(s, {"t": "discard", "seat": seat})
    elif size < 7:
        cards.draw_cards(s, seat, 7 - size, events)


def _discard_options(s: State, frame: Frame) -> list[Decision]:
    return [Decision("discard", {"card": c}) for c in sorted(s.players[frame["seat"]].hand)]


@choice("discard", _discard_options)
def _discard(s: State, frame: Frame, d: Decision, events: list[Event]) -> None:
    seat = frame["seat"]
    card = d.args.get("card")
    hand = s.players[seat].hand
    if d.kind != "discard" or not isinstance(card, str) or hand.get(card, 0) <= 0:
        raise IllegalDecision(t("pantheon.err.discard"), "P-PEOPLE-GER-1")
    cards.remove(hand, card)
    cards.to_discard(s, card)
    events.append(Event("discarded", {"seat": seat, "card": card}))
    if s.players[seat].hand_size() <= 7:
        pop(s)


def _aegyptus_options(s: State, frame: Frame) -> list[Decision]:
    seat = frame["seat"]
    p = s.players[seat]
    opts = [Decision("swap", {"to": COLUMN, "n": k})
            for k in range(1, min(p.supply[FOOT], general_supply(s, seat, COLUMN)) + 1)]
    opts += [Decision("swap", {"to": FOOT, "n": k})
             for k in range(1, min(p.supply[COLUMN], general_supply(s, seat, FOOT)) + 1)]
    return opts + [Decision("skip")]


@choice("aegyptus", _aegyptus_options)
def _aegyptus(s: State, frame: Frame, d: Decision, events: list[Event]) -> None:
    seat = frame["seat"]  # P-PEOPLE-AEG-1
    if d.kind == "skip":
        pop(s)
        return
    to, k = d.args.get("to"), d.args.get("n")
    if d.kind != "swap" or to not in (FOOT, COLUMN) or type(k) is not int or k < 1:
        raise IllegalDecision(t("pantheon.err.swap"), "P-PEOPLE-AEG-1")
    give = FOOT if to == COLUMN else COLUMN
    p = s.players[seat]
    if k > p.supply[give] or k > general_supply(s, seat, to):
        most = min(p.supply[give], general_supply(s, seat, to))
        raise IllegalDecision(t(f"pantheon.err.swap_most_{give}", count=most), "P-PEOPLE-AEG-1")
    pop(s)
    p.supply[give] -= k
    p.supply[to] += k
    events.append(Event("swapped", {"seat": seat, "gave": give, "got": to, "count": k}))


@auto("persia")
def _persia(s: State, frame: Frame, events: list[Event]) -> None:
    s.special_money.sort(key=lambda c: -cards.MONEY[c])  # P-PEOPLE-PER-1
    events.append(Event("persia_sorted", {"stack": [cards.MONEY[c] for c in s.special_money]}))


@auto("roma")
def _roma(s: State, frame: Frame, events: list[Event]) -> None:
    for seat in s.order_from(s.start_player):  # P-PEOPLE-ROM-1
        cards.draw_cards(s, seat, 2, events)


def _cartago_options(s: State, frame: Frame) -> list[Decision]:
    opts = purchase_options(s, frame["seat"], frame["left"], placing=False)  # P-PEOPLE-CAR-3
    return opts + [Decision("done")]


@choice("cartago", _cartago_options)
def _cartago(s: State, frame: Frame, d: Decision, events: list[Event]) -> None:
    seat = frame["seat"]  # P-PEOPLE-CAR-1/2: 2 money, no cards, no Stonkus
    if d.kind == "done":
        pop(s)
        return
    if d.kind == "place":
        raise IllegalDecision(t("pantheon.err.cartago_place"), "P-PEOPLE-CAR-3")
    frame["left"] -= check_purchase(s, seat, d, frame["left"])
    do_purchase(s, seat, d, events)


# --- bonus tiles ------------------------------------------------------------------------------

def _draft_options(s: State, frame: Frame) -> list[Decision]:
    return [Decision("bonus", {"tile": t}) for t in sorted(set(s.bonus_stack))]


@choice("draft", _draft_options)
def _draft(s: State, frame: Frame, d: Decision, events: list[Event]) -> None:
    tile = d.args.get("tile")
    if d.kind != "bonus" or tile not in s.bonus_stack:
        raise IllegalDecision(t("pantheon.err.draft"), "P-VAR-DRAFT-2")
    pop(s)
    s.bonus_stack.remove(tile)
    s.players[frame["seat"]].bonus = tile
    events.append(Event("drafted_bonus", {"seat": frame["seat"], "tile": tile}))


@auto("draft_end")
def _draft_end(s: State, frame: Frame, events: list[Event]) -> None:
    s.bonus_box.extend(s.bonus_stack)
    s.bonus_stack = []


@auto("bonus")
def _bonus(s: State, frame: Frame, events: list[Event]) -> None:
    p = s.players[frame["seat"]]
    if p.bonus:
        tile, p.bonus = p.bonus, None
        resolve_tile(s, frame["seat"], tile, events)


# --- end of the epoch, scoring, game end ------------------------------------------------------

@auto("epoch_end")
def _epoch_end(s: State, frame: Frame, events: list[Event]) -> None:
    for label in list(s.pieces):  # P-EPOCHEND-1/2: feet go home, columns stay
        kept = [pc for pc in s.pieces[label] if pc[1] == COLUMN]
        for seat, piece in s.pieces[label]:
            if piece == FOOT:
                s.players[seat].supply[FOOT] += 1
        if kept:
            s.pieces[label] = kept
        else:
            del s.pieces[label]
    for p in s.players:
        p.placed = []
    s.god_box.extend(s.god_display)  # P-EPOCHEND-3
    s.god_display = []
    # in field order: the same box whether or not the state went through JSON (sorted keys)
    s.loot_box.extend(s.loot[label] for label in sorted(s.loot))
    s.loot = {}
    s.demigod_box.extend(s.demigod_pool)
    s.demigod_pool = []
    s.temple = None
    events.append(Event("epoch_end", {"epoch": s.epoch, "next_start_player": s.start_player}))
    after: list[Frame] = []
    if s.epoch in RAW["scoring_after_epochs"]:
        after.append({"t": "scoring"})
    after.append({"t": "game_end"} if s.epoch >= RAW["epochs"] else {"t": "epoch_start"})
    push(s, *after)


def score_breakdown(s: State, seat: int) -> dict[str, int]:
    p = s.players[seat]
    columns = sum(1 for ps in s.pieces.values() for pc in ps if pc[0] == seat and pc[1] == COLUMN)
    best_tile = max(p.tiles.values(), default=0)
    return {"demigods": sum(p.demigods),  # P-SCORE-1
            "columns": COMPONENTS.column_points(columns),  # P-SCORE-2
            "column_count": columns,
            "pietalte": p.gods.count("pietalte") * best_tile}  # P-SCORE-3 / P-PIET-3


@auto("scoring")
def _scoring(s: State, frame: Frame, events: list[Event]) -> None:
    for seat in range(s.n):
        b = score_breakdown(s, seat)
        total = b["demigods"] + b["columns"] + b["pietalte"]
        s.players[seat].score += total
        events.append(Event("scored", {"seat": seat, **b, "total": total,
                                       "score": s.players[seat].score}))


@auto("game_end")
def _game_end(s: State, frame: Frame, events: list[Event]) -> None:
    best = max(p.score for p in s.players)
    tied = [p for p in s.players if p.score == best]
    most = max(len(p.demigods) for p in tied)  # P-END-2: number of tokens, not values
    winners = [p.seat for p in tied if len(p.demigods) == most]  # P-END-3: shared win
    s.result = {"scores": [p.score for p in s.players], "winners": winners,
                "tie_break": len(tied) > 1,
                "demigods": [len(p.demigods) for p in s.players]}
    events.append(Event("game_over", {"winners": winners, "scores": s.result["scores"]}))
