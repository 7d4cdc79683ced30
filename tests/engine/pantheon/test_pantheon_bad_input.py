"""Bad input: thousands of illegal or malformed decisions at positions of random games. Each
must raise IllegalDecision with a message and leave the state byte-identical; never any other
exception. Sacrifice payments are also checked against an independent reading of P-SAC-4/6."""

from __future__ import annotations

import json
import random
from itertools import permutations

import pytest

from data.pantheon import COMPONENTS
from engine.core import Decision, IllegalDecision
from engine.pantheon import apply, apply_all, new_game, options, pending
from engine.pantheon.state import State
from tests.engine.pantheon.pantheon_helpers import NAMES

# the decision kinds each prompt understands at all
FRAME_KINDS: dict[str, set[str]] = {
    "action": {"action"},
    "move_cards": {"cards", "follow_draw"},
    "move_place": {"place", "stop"},
    "buy": {"money", "tile", "upgrade", "buy_piece", "place", "done"},
    "god_choose": {"god"},
    "god_pay": {"offer"},
    "draw_pick": {"take"},
    "traitera": {"traitera", "end_turn"},
    "loot_order": {"loot"},
    "offering_gain": {"tile", "upgrade", "skip"},
    "supply_choice": {"supply"},
    "column_bonus": {"place"},
    "draft": {"bonus"},
    "gallia": {"gallia"},
    "gallia_buy": {"offer", "decline"},
    "discard": {"discard"},
    "aegyptus": {"swap", "skip"},
    "cartago": {"tile", "upgrade", "buy_piece", "done"},
}
ALL_KINDS = sorted(set().union(*FRAME_KINDS.values()) | {"pass", "", "MOVE", "undo"})

HUGE = 10**30
JUNK = [None, True, False, 1.5, -1, HUGE, -HUGE, "", "??", [], ["x"], {}, {"a": 1}, [1, 2]]
BAD_LABELS = ["Z99", "", "d10", "A0", "R1", "A30", "D 10", "10D", "D10 ", "🙂"]

# malformed arguments: every value here is wrong for its key whatever the position
MALFORMED: dict[str, list[dict]] = {
    "action": [{"action": v} for v in ["pass", "MOVE", "Move", 1, None, ["move"], {"a": 1}]],
    "cards": [{"n": v} for v in ["1", None, -1, 0.0, 1.0, True, False, HUGE, [1], {"n": 1}, 99]]
    + [{}],
    "place": ([{"piece": v, "field": "D10"} for v in ["tower", None, 1, ["foot"], "FOOT"]]
              + [{"piece": "foot", "field": v} for v in BAD_LABELS + [None, 12, ["D10"]]]
              + [{"piece": "column", "field": v} for v in BAD_LABELS]
              + [{"piece": "foot", "field": "D10", "via": v} for v in ["Z99", 5, ["D9"], {}]]
              + [{}]),
    "money": [{"card": v} for v in ["money9", "money0", None, ["money1"], {"x": 1}, 1, "move",
                                    "gifts"]] + [{}],
    "tile": ([{"kind": v, "level": 1} for v in ["gold", None, 3, ["gifts"], "Gifts"]]
             + [{"kind": k, "level": v} for k in COMPONENTS.kinds
                for v in ["1", 0, 5, HUGE, None, 1.5, 1.0, -3, True, [1]]]),
    "upgrade": ([{"kind": v, "level": 2} for v in ["gold", None, 3, ["gifts"]]]
                + [{"kind": k, "level": v} for k in COMPONENTS.kinds
                   for v in ["2", 0, 5, HUGE, None, 2.0, 3.0, 4.0, True, False, -HUGE]]),
    "buy_piece": [{"piece": v} for v in ["temple", None, ["foot"], 1, "Foot"]] + [{}],
    "god": [{"god": v} for v in ["zeus", None, 7, ["vinthrad"], {"g": 1}, "Vinthrad"]],
    "offer": [{"kinds": v} for v in ["dancers", None, [1, 2], ["gold"], ["dancers"] * 5,
                                     [["x"]], {"k": 1}, [None], ["dancers", "dancers", "dancers",
                                                                 "dancers", "dancers"]]],
    "take": ([{"from": v} for v in ["hand", None, 1, ["deck"], "DECK", "discard"]]
             + [{"from": "display", "card": v} for v in ["unicorn", None, 5, ["move"],
                                                         {"c": 1}, "money5"]]),
    "loot": [{"tile": v} for v in ["nope", None, 5, ["demigod"]]],
    "supply": [{"piece": v} for v in ["temple", None, 2, ["foot"]]],
    "bonus": [{"tile": v} for v in ["b_fake", None, 1, ["b_god"], "demigod"]],
    "gallia": [{"choice": v} for v in ["both", None, 1, ["draw"], "Draw"]] + [{}],
    "discard": [{"card": v} for v in ["unicorn", None, 3, ["move"], {"x": 1}]],
    "swap": ([{"to": v, "n": 1} for v in ["temple", None, 3, ["foot"]]]
             + [{"to": "foot", "n": v} for v in ["1", 0, -2, HUGE, None, 1.5, 1.0, True, [1]]]
             + [{"to": "column", "n": v} for v in ["1", 0, HUGE, None, 2.5, 1.0, True, False]]),
}


def snapshot(s: State) -> str:
    return json.dumps(s.to_json(), sort_keys=True)


def bad_decisions(s: State, seat: int, rng: random.Random, k: int) -> list[tuple]:
    """(seat, decision) pairs that are illegal by construction at this position."""
    frame = s.queue[0]
    allowed = FRAME_KINDS[frame["t"]]
    out: list[tuple] = []
    legal = options(s, seat)
    # another seat, whatever it sends (also a legal decision of the deciding seat)
    others = [x for x in range(s.n) if x != seat]
    out.append((rng.choice(others), rng.choice(legal)))
    out.append((rng.choice([-1, s.n, 99, "0", None, 1.0]), rng.choice(legal)))
    for _ in range(k):
        roll = rng.random()
        if roll < 0.25:  # a kind this prompt does not take (a wrong phase)
            kind = rng.choice([x for x in ALL_KINDS if x not in allowed])
            out.append((seat, Decision(kind, {})))
        elif roll < 0.35:  # a known kind with junk values for real keys
            kind = rng.choice(sorted(MALFORMED))
            keys = sorted({key for args in MALFORMED[kind] for key in args}) or ["x"]
            args = {key: rng.choice(JUNK) for key in keys}
            out.append((seat, Decision(kind, args)))
        else:  # a kind this prompt takes, with malformed arguments
            kinds = [x for x in allowed if x in MALFORMED]
            if not kinds:
                continue
            kind = rng.choice(kinds)
            out.append((seat, Decision(kind, dict(rng.choice(MALFORMED[kind])))))
    # "cartago" never takes a placement; "place" with a non-foot/column piece is junk anyway
    if frame["t"] == "cartago":
        out.append((seat, Decision("place", {"piece": "foot", "field": "O9"})))
    out += unaffordable(s, seat, frame)
    # drop anything that is a legal option; compared as JSON, so True or 1.0 sent for the
    # count 1 stays in (a bool or a float is not a whole number, whatever Python's == says)
    strict = {json.dumps(d.to_json(), sort_keys=True) for d in legal}
    return [(x, d) for x, d in out
            if not (type(x) is int and x == seat
                    and json.dumps(d.to_json(), sort_keys=True) in strict)]


TILE_COST = COMPONENTS.tile_cost


def unaffordable(s: State, seat: int, frame: dict) -> list[tuple]:
    """Purchases beyond the money left (P-BUY-2) and cards that are not held (P-BUY-1)."""
    out = []
    p = s.players[seat]
    if frame["t"] in ("buy", "cartago"):
        left = frame["budget"] - frame["spent"] if frame["t"] == "buy" else frame["left"]
        for kind in COMPONENTS.kinds:
            if kind not in p.tiles:
                out += [(seat, Decision("tile", {"kind": kind, "level": lv}))
                        for lv in range(1, 5) if TILE_COST[lv] > left]
        if frame["t"] == "buy":
            out += [(seat, Decision("money", {"card": c})) for c in COMPONENTS.money_values
                    if p.hand.get(c, 0) == 0]
    if frame["t"] == "move_cards":
        out.append((seat, Decision("cards", {"n": p.hand.get("move", 0) + 1})))
    return out


def assert_refused(s: State, seat, decision, before: str | None) -> None:
    """Refused with a message and no other exception; `before` given: the state is compared
    byte for byte right away (the fuzz loop compares once per batch instead, for speed)."""
    try:
        apply(s, seat, decision)
    except IllegalDecision as exc:
        assert exc.message and isinstance(exc.message, str)
        # a clear message from a validator, not the engine's last-resort catch-all
        assert "malformed (" not in exc.message, (decision, exc.message)
    else:
        raise AssertionError(f"accepted: seat {seat!r} {decision} at {s.queue[0]}")
    if before is not None:
        assert snapshot(s) == before, f"state changed by {decision}"


@pytest.mark.parametrize("n,seed", [(2, 101), (3, 202), (4, 303)])
def test_thousands_of_bad_decisions_are_refused_cleanly(n, seed):
    rng = random.Random(seed)
    s = new_game(NAMES[:n], seed, {"bonus_draft": n == 4})
    tried = 0
    while pending(s):
        seat = pending(s)[0].seat
        before = snapshot(s)
        each = s.decisions % 8 == 0  # every 8th position: compare after every single try
        for who, dec in bad_decisions(s, seat, rng, 3):
            assert_refused(s, who, dec, before if each else None)
            tried += 1
        assert snapshot(s) == before  # byte-identical after the whole batch
        s, _ = apply(s, seat, rng.choice(options(s, seat)))
    assert tried >= 1500


def test_not_a_decision_or_not_a_dict_is_refused():
    s = new_game(NAMES[:3], 5)
    seat = pending(s)[0].seat
    before = snapshot(s)
    for junk in (None, "move", {"kind": "action"}, ("action", {}), 5):
        assert_refused(s, seat, junk, before)
    for args in (None, [], "x", 3, [("action", "move")]):
        assert_refused(s, seat, Decision("action", args), before)  # type: ignore[arg-type]


def test_apply_all_is_all_or_nothing():
    # a whole turn sent at once: a bad last step leaves everything untouched
    s = new_game(NAMES[:3], 9)
    seat = pending(s)[0].seat
    first = options(s, seat)[0]
    before = snapshot(s)
    with pytest.raises(IllegalDecision):
        apply_all(s, [(seat, first), (seat, Decision("place", {"piece": "foot",
                                                              "field": "Z99"}))])
    assert snapshot(s) == before


def test_after_the_game_every_decision_is_refused():
    from tests.engine.pantheon.pantheon_helpers import random_play
    s, _ = random_play(2, 4)
    before = snapshot(s)
    for seat in (0, 1):
        assert_refused(s, seat, Decision("action", {"action": "draw"}), before)


# --- sacrifices against an independent reading of the rules -------------------------------------

def payable(p, numbers, kinds, tiles_allowed) -> bool:
    """P-SAC-2/3/4/6 read directly: distinct kinds; tile level (if allowed) plus cards."""
    if len(set(kinds)) != len(kinds):
        return False
    return all(p.hand.get(k, 0) + (p.tiles.get(k, 0) if tiles_allowed else 0) >= n
               for n, k in zip(numbers, kinds, strict=True))


@pytest.mark.parametrize("seed", [11, 12])
def test_payment_decisions_agree_with_the_rules(seed):
    rng = random.Random(seed)
    checked = 0
    for game in range(6):
        s = new_game(NAMES[:3], seed * 100 + game)
        while pending(s) and checked < 400:
            seat = pending(s)[0].seat
            frame = s.queue[0]
            if frame["t"] in ("god_pay", "gallia_buy"):
                gt = COMPONENTS.gods[frame["god"]]
                numbers = gt.requirement if frame["t"] == "god_pay" else gt.requirement[:1]
                before = snapshot(s)
                p = s.players[seat]
                for kinds in permutations(COMPONENTS.kinds, len(numbers)):
                    d = Decision("offer", {"kinds": list(kinds)})
                    if payable(p, numbers, kinds, not gt.cards_only):
                        apply(s, seat, d)  # must be accepted
                    else:
                        assert_refused(s, seat, d, before)
                    checked += 1
            s, _ = apply(s, seat, rng.choice(options(s, seat)))
    assert checked > 50


def test_every_prompt_kind_refuses_every_malformed_argument():
    # exhaustive at the first position of each of the 18 prompt kinds in a few fixed games
    remaining = set(FRAME_KINDS)
    for seed in (0, 2, 13):
        n = 2 + seed % 3
        rng = random.Random(seed)
        s = new_game(NAMES[:n], seed, {"bonus_draft": seed % 2 == 0})
        while pending(s) and remaining:
            seat = pending(s)[0].seat
            kind = s.queue[0]["t"]
            if kind in remaining:
                remaining.discard(kind)
                before = snapshot(s)
                strict = {json.dumps(d.to_json(), sort_keys=True) for d in options(s, seat)}
                tries = [Decision(k, {}) for k in ALL_KINDS if k not in FRAME_KINDS[kind]]
                tries += [Decision(k, dict(args)) for k in FRAME_KINDS[kind]
                          for args in MALFORMED.get(k, [])]
                for d in tries:
                    if json.dumps(d.to_json(), sort_keys=True) not in strict:
                        assert_refused(s, seat, d, before)
            s, _ = apply(s, seat, rng.choice(options(s, seat)), in_place=True)
    assert remaining == set()
