"""Worlds for the strong level's search: a full `State` sampled from one seat's `View`.

The strong seat cannot search the real state (P-GAP-HIDDEN), so it searches states drawn from
what its view leaves open. Everything the view shows is copied as it is: the board, the
displays, scores, supplies, kept tiles and gods, the seat's own hand, demigods and bonus tile,
the public counts. Every hidden thing is drawn at random from what is left of its pool once
everything visible is taken out:

* cards (the action deck and the special money cards taken so far): the other hands, the deck
  and the discard pile under its face-up top, in their public sizes;
* demigod tokens: the face-down stack (its 1-3 tokens on top, P-SETUP-6), the other players'
  demigods and the box;
* god tiles: the face-down stack and the box; loot tiles: the bag and the box;
* bonus tiles: the other players' unresolved ones and the box; the people deck: the peoples not
  yet played, shuffled; the seed and the game's rng.

The agenda is rebuilt for the turn's action prompt (the only prompt the strong level searches):
`[action, after_action]` with the turn's bookkeeping as it stands before the first action. At
other prompts the world holds the current step as the view shows it (like the Belief), and the
search does not run there.

Nothing here reads a State: the sample is made from the View alone, so a seat's worlds are the
same whatever the hidden zones of the real game hold."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from data.pantheon import COMPONENTS
from engine.core import Rng

from ..cards import MONEY
from ..gains import GODS, LOOT
from ..state import Player, State
from ..view import PlayerView, View
from .belief import PEOPLE_KEY

RAW = COMPONENTS.raw
MONEY_CARD = {v: c for c, v in sorted(MONEY.items())}
ALL_CARDS = Counter({**RAW["action_cards"]}) + Counter(RAW["special_money"])
LOW_DEMIGODS = sorted(int(v) for v, c in RAW["demigods"].items() for _ in range(c) if int(v) <= 3)
HIGH_DEMIGODS = sorted(int(v) for v, c in RAW["demigods"].items() for _ in range(c) if int(v) > 3)
ALL_GODS = Counter({g: gt.count for g, gt in GODS.items()})
ALL_LOOT = Counter({tile: spec["count"] for tile, spec in COMPONENTS.loot.items()})
ALL_BONUS = Counter(sorted(COMPONENTS.bonus))  # one tile of each
ACTION = "action"  # the turn-beginning prompt (INFO.turn_prompts), where the agenda is known


def sample(seen: View, rng: random.Random) -> State:
    """One state consistent with `seen` (see the module docstring); `rng` draws every hidden
    thing, so the same view and rng state give the same world in every process."""
    me = seen.seat
    others = [pv for pv in seen.players if pv.seat != me]
    hands, deck, discard = _cards(seen, others, rng)
    demigods, demigod_stack, demigod_box = _demigods(seen, others, rng)
    bonuses, bonus_box = _bonuses(seen, others, rng)
    god_stack, god_box = _god_tiles(seen, rng)
    bag, loot_box = _split(_left(ALL_LOOT, _loot_seen(seen)), seen.bag_count, rng)
    players = []
    for pv in seen.players:
        mine = pv.seat == me
        players.append(Player(
            seat=pv.seat, name=pv.name, colour=pv.colour, score=pv.score,
            hand=dict(pv.hand or {}) if mine else hands[pv.seat],
            supply=dict(pv.supply), tiles=dict(pv.tiles), gods=list(pv.gods),
            steps_tiles=list(pv.steps_tiles),
            demigods=list(pv.demigods or []) if mine else demigods[pv.seat],
            bonus=pv.bonus if mine else bonuses.get(pv.seat),
            placed=list(pv.placed), used_gods=list(pv.used_gods)))
    played = [PEOPLE_KEY[x] for x in seen.peoples_played]
    people_deck = sorted(k for k in COMPONENTS.peoples if k not in played)
    rng.shuffle(people_deck)
    queue, turn = _agenda(seen)
    now, last = _changes(seen.last_changes)
    return State(
        seed=rng.getrandbits(31), rng=Rng(rng.getrandbits(64)).state,
        options={"bonus_draft": True} if seen.bonus_offer else {},
        players=players, epoch=seen.epoch, start_player=seen.start_player,
        people_deck=people_deck, peoples_played=played, temple=seen.temple,
        deck=deck, display=list(seen.display), discard=discard,
        special_money=[MONEY_CARD[v] for v in seen.special_money],
        god_stack=god_stack, god_display=list(seen.god_display), god_box=god_box,
        demigod_stack=demigod_stack, demigod_pool=list(seen.demigod_pool),
        demigod_box=demigod_box, bag=bag, loot=dict(seen.loot), loot_box=loot_box,
        bonus_stack=list(seen.bonus_offer), bonus_box=bonus_box,
        pieces={k: [list(pc) for pc in ps] for k, ps in seen.pieces.items()},
        queue=queue, turn=turn, phase_end=_phase_end(seen, queue),
        stall_turns=seen.stall_turns, last_changes=now, last_turn=last,
        result=dict(seen.result) if seen.result is not None else None,
    )


# --- the pools ---------------------------------------------------------------------------------

def _left(pool: Counter[Any], visible: Counter[Any]) -> list[Any]:
    """What of `pool` is not visible, as a sorted list (sorted: the draw must not depend on
    the order a Counter was filled in)."""
    return sorted((pool - visible).elements())


def _split(items: list[Any], n: int, rng: random.Random) -> tuple[list[Any], list[Any]]:
    """`items` shuffled and cut: `n` of them (the face-down stack) and the rest (the box)."""
    rng.shuffle(items)
    return items[:n], items[n:]


def _deal(items: list[Any], n: int, spare: list[Any]) -> list[Any]:
    """The next `n` of `items` (taken off it). A view that does not add up (it should not
    happen) is padded from `spare`, so the world stays playable."""
    got = items[:n]
    del items[:n]
    while len(got) < n and spare:
        got.append(spare[len(got) % len(spare)])
    return got


def _cards(seen: View, others: list[PlayerView], rng: random.Random
           ) -> tuple[dict[int, dict[str, int]], list[str], list[str]]:
    """Other hands, the deck and the discard pile under its top: every card not in sight."""
    visible: Counter[str] = Counter()
    for pv in seen.players:
        visible.update(pv.hand or {})
    visible.update(c for c in seen.display if c is not None)
    if seen.discard_top is not None:
        visible[seen.discard_top] += 1
    visible.update(MONEY_CARD[v] for v in seen.special_money)
    unseen = _left(ALL_CARDS, visible)
    rng.shuffle(unseen)
    spare = sorted(ALL_CARDS)
    hands = {pv.seat: dict(sorted(Counter(_deal(unseen, pv.hand_size, spare)).items()))
             for pv in others}
    deck = _deal(unseen, seen.deck_count, spare)
    under = _deal(unseen, max(0, seen.discard_count - 1), spare)
    discard = under + ([seen.discard_top] if seen.discard_top is not None else [])
    return hands, deck, discard


def _demigods(seen: View, others: list[PlayerView], rng: random.Random
              ) -> tuple[dict[int, list[int]], list[int], list[int]]:
    """The face-down stack, the other players' demigods and the box. The stack was dealt with
    the 1-3 tokens on top and only ever loses its top (P-SETUP-6), so what is left of it is
    the bottom of that order: the unseen 4-6 tokens, then the unseen 1-3 tokens above them."""
    visible: Counter[int] = Counter(seen.demigod_pool)
    for pv in seen.players:
        visible.update(pv.demigods or [])
    high = _left(Counter(HIGH_DEMIGODS), visible)
    low = _left(Counter(LOW_DEMIGODS), visible)
    rng.shuffle(high)
    rng.shuffle(low)
    order = high + low  # bottom to top
    stack = order[:seen.demigod_stack_count]
    taken = order[seen.demigod_stack_count:]  # drawn from the top: held by others or boxed
    rng.shuffle(taken)
    spare = sorted(LOW_DEMIGODS)
    held = {pv.seat: _deal(taken, pv.demigod_count, spare) for pv in others}
    return held, stack, taken


def _bonuses(seen: View, others: list[PlayerView], rng: random.Random
             ) -> tuple[dict[int, str], list[str]]:
    """The other players' unresolved bonus tiles and the box (a draft's offer is face up)."""
    visible: Counter[str] = Counter(seen.bonus_offer)
    for pv in seen.players:
        if pv.bonus is not None:
            visible[pv.bonus] += 1
        visible.update(t for t in pv.steps_tiles if t in ALL_BONUS)
    unseen = _left(ALL_BONUS, visible)
    rng.shuffle(unseen)
    spare = sorted(ALL_BONUS)
    held = {pv.seat: _deal(unseen, 1, spare)[0] for pv in others if pv.has_bonus}
    return held, unseen


def _god_tiles(seen: View, rng: random.Random) -> tuple[list[str], list[str]]:
    """The face-down god stack and the box. Used one-time gods lie in the box, unless the
    stack ran out and was rebuilt from the box (P-GODS): they fill the stack only when the
    tiles never seen are too few."""
    held: Counter[str] = Counter(seen.god_display)
    used: Counter[str] = Counter()
    for pv in seen.players:
        held.update(pv.gods)
        used.update(pv.used_gods)
    fresh = _left(ALL_GODS, held + used)
    stack, box = _split(fresh, seen.god_stack_count, rng)
    if len(stack) < seen.god_stack_count:
        stack2, box = _split(_left(ALL_GODS - held, Counter(stack)), seen.god_stack_count
                             - len(stack), rng)
        stack += stack2
        rng.shuffle(stack)
    else:
        box += sorted(used.elements())
    return stack, box


def _loot_seen(seen: View) -> Counter[str]:
    out: Counter[str] = Counter(seen.loot.values())
    for pv in seen.players:
        out.update(t for t in pv.steps_tiles if t in LOOT)
    return out


# --- the agenda and the turn ---------------------------------------------------------------------

def _agenda(seen: View) -> tuple[list[dict[str, Any]], dict[str, Any] | None]:
    """The queue and the turn's bookkeeping. At the action prompt they are known: the turn
    frame pushed exactly `[action, after_action]` and nothing lies below them (the next turn
    or the epoch's end is pushed by turn_end). The Traitera tiles usable this turn are those
    held (P-TRAI-2); before the first action none has been used and nothing taken."""
    if seen.step is None or not seen.waiting:
        return [], None
    seat = seen.waiting[0]["seat"]
    kind = seen.step["kind"]
    frame = {"t": kind, "seat": seat, **{k: v for k, v in seen.step.items() if k != "kind"}}
    if kind != ACTION:
        return [frame], None
    traitera = seen.players[seat].gods.count("traitera")
    return ([frame, {"t": "after_action", "seat": seat}],
            {"seat": seat, "traitera": traitera, "used": 0, "took": False})


def _phase_end(seen: View, queue: list[dict[str, Any]]) -> bool:
    """P-PHASEEND-1: the last loot or god taken ends the epoch after this turn. Between the
    turn's actions only (at the turn's start the epoch would have ended already)."""
    return bool(queue) and seen.epoch > 0 and (not seen.loot or not seen.god_display)


def _changes(shown: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """This turn's changes and the last turn's, as the view's highlight shows them (pictures
    only: the rules never read them)."""
    rest = {k: v for k, v in shown.items() if k != "done"}
    if shown.get("done"):
        return {}, rest
    return rest, {}
