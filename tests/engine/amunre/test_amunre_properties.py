"""Whole-game properties of Amun-Re over seeded random 3-, 4- and 5-player games (out-of-turn
decisions included): every game ends; gold, stones, farmers, pyramids and power cards are
conserved; views and public events hold no other seat's secret (A-INFO); a replay from the seed
and the decisions equals the live state; the JSON round trip is lossless; the version changes
whenever a seat's options change and not when another seat seals; bad input is refused with a
rule and changes nothing; the AI decides from the view alone."""

from __future__ import annotations

import json
import random
from dataclasses import asdict
from functools import cache

import pytest

import engine.amunre as A
from data.amunre import BOARD, CARD_TYPES, PROVINCE_NAMES
from engine.amunre import ai
from engine.amunre.flow import AGENDA, current
from engine.amunre.state import State
from engine.core import Decision, Event, IllegalDecision
from engine.simulate import random_game
from tests.engine.amunre.test_amunre_helpers import (
    all_power_cards,
    fingerprint,
    random_play,
    run_until,
    total_cards,
)

GAMES = [(n, seed) for n in (3, 4, 5) for seed in (1, 2, 3)]
FREE = {"sell", "play"}
PRIVATE = {"got_cards", "drew", "my_sacrifice", "my_choice", "my_step"}


@cache
def played(n: int, seed: int):
    return random_play(n, seed)


def sample(states: list[State], k: int = 25) -> list[int]:
    step = max(1, len(states) // k)
    return list(range(0, len(states), step))


# --- the games end --------------------------------------------------------------------------------

@pytest.mark.parametrize("n", [3, 4, 5])
def test_random_games_finish(n):
    for seed in range(6):
        _, rec = random_game(A, n, seed)
        assert rec["players"] == n and rec["rounds"] == 6 and rec["winners"]
    states, decisions, _ = played(n, 1)
    res = A.result(states[-1])
    assert res is not None and set(res["winners"]) <= set(range(n))
    assert res["scores"] == [p.score for p in states[-1].players]


@pytest.mark.parametrize("level", ["easy", "normal"])
@pytest.mark.parametrize("n", [3, 4, 5])
def test_ai_games_finish_with_legal_choices(level, n):
    s = A.new_game(n, 40 + n)
    rng = random.Random(n)
    for _ in range(3000):
        if A.result(s) is not None:
            break
        seat = rng.choice(sorted({p.seat for p in A.pending(s)}))
        d = ai.choose(s, seat, level, rng)
        assert d in A.options(s, seat)
        s, _ = A.apply(s, seat, d)
    assert A.result(s) is not None


# --- conservation ---------------------------------------------------------------------------------

GOLD_FLOWS = {
    "won": lambda a: a["gold"] - a["paid"],
    "bought": lambda a: -a["cost"],
    "sold": lambda a: a["gold"],
    "income": lambda a: a["total"],
    "thief": lambda a: a["gold"],
}


def gold_flows(events: list[Event], n: int) -> list[int]:
    """Each seat's gold as the public log accounts for it (A-INFO-4): payments, costs, sales,
    income, thieves, sacrifices at the reveal, secret sales at the scoring reveal."""
    flow = [0] * n
    for e in events:
        if e.private_to is not None:
            continue
        if e.template in GOLD_FLOWS:
            flow[e.args["seat"]] += GOLD_FLOWS[e.template](e.args)
        elif e.template == "sacrifices":
            for o in e.args["opened"]:
                flow[o["seat"]] -= o["choice"]["gold"]
        elif e.template == "choices":
            for o in e.args["opened"]:
                flow[o["seat"]] += BOARD["sell_price"] * len(o["choice"]["sell"])
    return flow


@pytest.mark.parametrize("n,seed", GAMES)
def test_components_and_gold_are_conserved(n, seed):
    # A-GAP-7/8, A-COMP, A-PYR-3/4
    states, decisions, events = played(n, seed)
    pyr_total = BOARD["pyramids"]["single"] + 2 * BOARD["pyramids"]["double"]
    log: list[Event] = A.start_events(states[0])
    last_pyramids = {x: 0 for x in PROVINCE_NAMES}
    for i, s in enumerate(states):
        if i:
            log += events[i - 1]
        board = s.provinces.values()
        assert s.supply["stones"] + sum(p.stones for p in board) == BOARD["stones"]
        assert s.supply["farmers"] + sum(p.farmers + p.plain_farmers for p in board) == (
            BOARD["farmers"])
        assert s.supply["pyramids"] + sum(p.pyramids for p in board) == pyr_total
        assert min(s.supply.values()) >= 0
        for x, p in s.provinces.items():
            assert p.pyramids >= last_pyramids[x]  # pyramids never leave the board
            last_pyramids[x] = p.pyramids
            assert 0 <= p.farmers <= BOARD.provinces[x].free_fields
        assert total_cards(s) == all_power_cards()
        assert all(c in CARD_TYPES for p in s.players for c in p.cards)
        flows = gold_flows(log, n)
        for q, p in enumerate(s.players):
            in_flight = p.offer["gold"] if p.offer else 0
            assert p.gold >= 0
            assert p.gold + in_flight == BOARD["start_gold"] + flows[q], (i, q)


# --- replay and round trip ------------------------------------------------------------------------

@pytest.mark.parametrize("n,seed", GAMES)
def test_replay_from_seed_and_decisions_equals_the_live_state(n, seed):
    states, decisions, _ = played(n, seed)
    names = [p.name for p in states[0].players]
    assert A.dump(A.replay(names, seed, None, decisions)) == A.dump(states[-1])
    for k in sample(states, 6):
        assert A.dump(A.replay(names, seed, None, decisions[:k])) == A.dump(states[k])


@pytest.mark.parametrize("n,seed", GAMES)
def test_json_round_trip_is_lossless(n, seed):
    states, decisions, _ = played(n, seed)
    for k in sample(states, 10):
        text = json.dumps(A.dump(states[k]))
        back = A.load(json.loads(text))
        assert json.dumps(A.dump(back)) == text
        for seat, d in decisions[k:k + 5]:
            back, _ = A.apply(back, seat, d)
        assert A.dump(back) == A.dump(states[min(k + 5, len(states) - 1)])


@pytest.mark.parametrize("n,seed", GAMES)
def test_dump_is_asdict_byte_for_byte(n, seed):
    """State.to_json is written out field by field (asdict cost several times more at every
    commit of the bot): it must give the very same data and JSON text."""
    states, _, _ = played(n, seed)
    for s in states:
        data, generic = A.dump(s), asdict(s)
        assert data == generic and json.dumps(data) == json.dumps(generic)
        assert (json.dumps(data, sort_keys=True, separators=(",", ":"))
                == json.dumps(generic, sort_keys=True, separators=(",", ":")))


@pytest.mark.parametrize("n,seed", GAMES)
def test_clone_is_a_deep_copy(n, seed):
    states, _, _ = played(n, seed)
    for s in states[::15]:
        copy = s.clone()
        assert type(copy) is State and asdict(copy) == asdict(s)
        before = json.dumps(A.dump(s))
        for p in copy.players:
            p.cards.append("x")
            p.played.append("x")
            if p.offer is not None:
                p.offer["x"] = 1
            if p.choice is not None:
                p.choice["x"] = 1
        for prov in copy.provinces.values():
            prov.farmers += 1
        for part in (copy.power_deck, copy.province_deck, copy.on_offer, copy.queue):
            part.append({})
        copy.supply["x"] = 1
        copy.last["x"] = 1
        copy.options["x"] = 1
        if copy.auction is not None:
            copy.auction["markers"].append(None)
        if copy.sacrifice is not None:
            copy.sacrifice["x"] = 1
        for frame in copy.queue[:-1]:
            frame["x"] = 1
        assert json.dumps(A.dump(s)) == before


def test_options_drop_repeats_as_decision_keys_tell_them():
    """options() drops a decision equal to an earlier one (Decision.key); its cheaper identity
    must find exactly the same pairs equal."""
    from engine.amunre.game import _same

    made = [Decision("sell", {"card": "FF"}), Decision("sell", {"card": "FF"}),
            Decision("play", {"card": "FF", "province": "Buto"}),
            Decision("play", {"province": "Buto", "card": "FF"}), Decision("x", {"n": 1}),
            Decision("x", {"n": True}), Decision("x", {"n": 1.0}), Decision("x", {"a": [1]}),
            Decision("x", {"a": (1,)}), Decision("x", {"a": {"b": [2]}}), Decision("y"),
            Decision("x"), Decision("x", {"a": {"b": [2]}})]
    for a in made:
        for b in made:
            assert (_same(a) == _same(b)) == (a.key() == b.key()), (a, b)


# --- secrets --------------------------------------------------------------------------------------

def altered(s: State, keep: int | None, rng: random.Random, keys: bool = True) -> State:
    """Every hidden part changed except `keep`'s own: other seats' gold, cards (and hand size),
    "-3" card, sealed offer and scoring choice; the decks' order and contents; the free cards'
    identities; the nonce key and the RNG."""
    t = s.clone()
    for p in t.players:
        if p.seat == keep:
            continue
        p.gold += 17
        p.cards = [rng.choice(CARD_TYPES) for _ in range(len(p.cards) + 2)]
        p.minus3 = not p.minus3
        if p.offer:
            p.offer = {**p.offer, "gold": p.offer["gold"] + 5, "correction": not p.offer[
                "correction"], "nonce": "0" * 32, "receipt": "f" * 64}
        if p.choice:
            p.choice = {**p.choice, "bonus": ["BNB"], "sell": ["G8", "HI"]}
    t.power_deck = [rng.choice(CARD_TYPES) for _ in t.power_deck]
    rng.shuffle(t.province_deck)
    for m in t.material.values():
        m["cards"] = [rng.choice(CARD_TYPES) for _ in m["cards"]]
    if keys:
        t.secret = "deadbeef" * 4
        t.rng ^= 0x5555
    return t


@pytest.mark.parametrize("n,seed", GAMES)
def test_no_view_shows_another_seats_secrets(n, seed):
    # A-INFO-1/2/6, A-GAP-25
    states, _, _ = played(n, seed)
    rng = random.Random(seed)
    for k in sample(states, 15):
        s = states[k]
        for viewer in [None, *range(n)]:
            assert asdict(A.view(altered(s, viewer, rng), viewer)) == asdict(A.view(s, viewer))
            if viewer is not None:
                other = A.view(s, viewer).players
                assert all(p.gold is None and p.cards is None and p.offer is None
                           for p in other if p.seat != viewer)


@pytest.mark.parametrize("n,seed", GAMES)
def test_public_events_do_not_depend_on_other_seats_secrets(n, seed):
    # A-INFO-1/4: a step that reveals nothing tells the others the same whatever they hold
    states, decisions, events = played(n, seed)
    rng = random.Random(seed)
    names = [p.name for p in states[0].players]
    for i, (seat, d) in enumerate(decisions):
        before, after = states[i], states[i + 1]
        for e in events[i]:
            if e.private_to is not None:  # a seat's own draw or choice, shown to it alone
                assert e.template in PRIVATE
                others = [q for q in range(n) if q != e.private_to]
                assert all(A.event_text(e, names, q) is None for q in [None, *others])
            if e.template != "forced":  # bookkeeping: the step's own events say it
                assert A.event_text(e, names, e.private_to)
        if A.reveals(before, after, seat) or i % 3:
            continue
        if any(f["t"] == "cover" for f in after.queue):
            # A-GAP-6: a seat short of gold at settlement sells cards in public, as at the table
            continue
        # the game's own nonce key stays: it is nobody's secret but the game's
        _, ev2 = A.apply(altered(before, seat, rng, keys=False), seat, d)
        public = [e.to_json() for e in events[i] if e.private_to is None]
        assert public == [e.to_json() for e in ev2 if e.private_to is None]


@pytest.mark.parametrize("n,seed", GAMES)
def test_receipts_of_a_whole_game_check(n, seed):
    states, _, events = played(n, seed)
    log = [e for ev in events for e in ev]
    sealed = [e for e in log if e.template == "sealed"]
    assert len(sealed) >= 6 * n  # at least every sacrifice
    assert A.verify_receipts(log) == []


# --- versions -------------------------------------------------------------------------------------

@pytest.mark.parametrize("n,seed", GAMES)
def test_version_follows_each_seats_options(n, seed):
    states, decisions, _ = played(n, seed)
    for i, (seat, d) in enumerate(decisions):
        before, after = states[i], states[i + 1]
        still_open = (A.sealed(before, seat, d) and current(after) is not None
                      and current(after).get("seats") is not None
                      and current(after)["t"] == current(before)["t"])
        for q in range(n):
            if q == seat:
                continue
            if A.options(before, q) != A.options(after, q):
                assert A.version(before, q) != A.version(after, q)
            if still_open and current(after)["seats"] == [q]:
                # left the last to seal: its seal now reveals them all, and its prompt says so
                assert A.version(before, q) != A.version(after, q)
            elif still_open:
                assert A.version(before, q) == A.version(after, q)


@pytest.mark.parametrize("n,seed", GAMES)
def test_pending_seats_can_act_and_out_of_turn_options_are_free_decisions(n, seed):
    # A-GAP-16: only selling and the phase-2 cards are offered to a seat that is not pending
    states, _, _ = played(n, seed)
    for s in states[:-1]:
        pend = {p.seat for p in A.pending(s)}
        assert pend
        for q in range(n):
            if q in pend:
                assert AGENDA.options_for(s, q)
            else:
                assert all(d.kind in FREE for d in A.options(s, q))
                assert all(d.args["card"] in ("BB", "OV")
                           for d in A.options(s, q) if d.kind == "play")


# --- bad input ------------------------------------------------------------------------------------

def bad_decisions(s: State, seat: int) -> list[object]:
    frame = current(s)
    p = s.players[seat]
    bad: list[object] = [Decision("fly"), Decision("bid", {"province": 3}), "bid",
                         Decision("sell", {"card": "XX"}), Decision("end_turn", {"x": 1}),
                         Decision("play", {"card": "FF"}), Decision("take", {"item": "gold"})]
    if frame["t"] == "bid":
        top = {}
        for m in s.auction["markers"]:
            if m is not None:
                top[m[0]] = max(top.get(m[0], -1), m[1])
        bad.append(Decision("bid", {"province": "NOWHERE", "value": 0}))
        bad.append(Decision("bid", {"province": s.on_offer[0], "value": 2}))
        budget = p.gold + len(p.cards)
        over = next(BOARD.bid_value(i) for i in range(40) if BOARD.bid_value(i) > budget)
        bad.append(Decision("bid", {"province": s.on_offer[0], "value": over}))
        for x, i in top.items():
            bad.append(Decision("bid", {"province": x, "value": BOARD.bid_value(i)}))
    if frame["t"] == "sacrifice":
        bad.append(Decision("sacrifice", {"gold": p.gold + 1}))
        bad.append(Decision("sacrifice", {"gold": 0}))
        bad.append(Decision("sacrifice", {"gold": 1, "minus3": True}))
    if frame["t"] == "buy":
        bad.append(Decision("buy_stones", {"n": 99}))
        bad.append(Decision("buy_farmers", {"n": "2"}))
    return bad


@pytest.mark.parametrize("n,seed", GAMES[::2])
def test_bad_input_is_refused_with_a_rule_and_changes_nothing(n, seed):
    states, decisions, _ = played(n, seed)
    for k in sample(states, 40)[:-1]:
        s = states[k]
        before = fingerprint(s)
        seat = A.pending(s)[0].seat
        for d in bad_decisions(s, seat):
            with pytest.raises(IllegalDecision) as e:
                A.apply(s, seat, d)  # type: ignore[arg-type]
            assert e.value.rule, (d, e.value)
            assert fingerprint(s) == before
        for wrong_seat in (-1, n, "0"):
            with pytest.raises(IllegalDecision):
                A.apply(s, wrong_seat, decisions[k][1])  # type: ignore[arg-type]
        assert fingerprint(s) == before


def test_a_second_sacrifice_and_out_of_turn_steps_are_refused():
    # A-SAC-3, A-FLOW-4
    s = run_until(A.new_game(3, 5), "sacrifice")
    s, _ = A.apply(s, 0, Decision("sacrifice", {"minus3": True}))
    before = fingerprint(s)
    with pytest.raises(IllegalDecision) as e:
        A.apply(s, 0, Decision("sacrifice", {"minus3": True}))
    assert e.value.rule == "A-SAC-3" and fingerprint(s) == before
    with pytest.raises(IllegalDecision) as e:
        A.apply(s, 0, Decision("end_turn"))
    assert e.value.rule == "A-FLOW-4" and fingerprint(s) == before


# --- the AI reads its view only -------------------------------------------------------------------

@pytest.mark.parametrize("level", ["easy", "normal"])
def test_the_ai_decides_from_its_view_and_options_only(level):
    states, _, _ = played(4, 2)
    rng = random.Random(5)
    for k in sample(states, 30)[:-1]:
        s = states[k]
        seat = A.pending(s)[0].seat
        d1 = ai.choose(s, seat, level, random.Random(k))
        d2 = ai.choose(altered(s, seat, rng), seat, level, random.Random(k))
        assert d1 == d2
