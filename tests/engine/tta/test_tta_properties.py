"""Properties over whole random games of 2, 3 and 4 players with fixed seeds: tokens conserved
between banks and cards (T-TOK-2), no negative count, every game ends (T-TEND-4), no other
seat's hand or any deck order in a view (G-ASYNC-1, the issue's privacy rule), lossless
dump/load and independent clones, pure apply, refusals that change nothing."""

from __future__ import annotations

import json
import random

import pytest

import engine.tta as T
from engine.core import Decision, IllegalDecision
from engine.tta.state import State
from tests.engine.tta.tta_helpers import conserved, end_round_one, fingerprint, game, random_game

SEEDS = [(n, seed) for n in (2, 3, 4) for seed in (11, 12, 13)]


@pytest.mark.parametrize(("n", "seed"), SEEDS)
def test_random_games_conserve_tokens_and_end(n: int, seed: int) -> None:
    """Every step: the state it was applied to is untouched (pure apply), tokens are conserved
    and no count is negative; the game ends with scores and winners (T-TSCORE-2)."""
    def check(before: State, after: State, seat: int) -> None:
        conserved(after)

    s = random_game(n, seed, check)
    result = T.result(s)
    assert result is not None and len(result["scores"]) == n
    assert result["winners"] == [i for i, v in enumerate(result["scores"])
                                 if v == max(result["scores"])]
    assert s.age == "III" and T.pending(s) == [] and T.options(s, 0) == []


def test_random_games_play_the_military_cards() -> None:
    """A-2: with the full decks, random games prepare events (T-POL-3), colonise (T-COL),
    play and copy tactics (T-TAC-2/5) — and all of them still end with tokens conserved."""
    seen: dict[str, int] = {}

    def check(before: State, after: State, seat: int) -> None:
        conserved(after)
        for p in after.players:
            if p.colonies:
                seen["colony"] = 1
            if p.tactic:
                seen["tactic"] = 1
        if after.future_events or after.past_events:
            seen["event"] = 1

    for seed in (31, 32, 33):
        random_game(3, seed, check)
    assert seen == {"colony": 1, "tactic": 1, "event": 1}


def test_apply_is_pure() -> None:
    s = end_round_one(game(3))
    before = fingerprint(s)
    for d in T.options(s, T.pending(s)[0].seat)[:20]:
        T.apply(s, T.pending(s)[0].seat, d)
        assert fingerprint(s) == before


def _mid_game(n: int, seed: int, steps: int) -> State:
    s = T.new_game(n, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        seat = T.pending(s)[0].seat
        opts = T.options(s, seat)
        acting = [d for d in opts if d.kind != "end"]
        s, _ = T.apply(s, seat, rng.choice(acting or opts), in_place=True)
    return s


@pytest.mark.parametrize("n", [2, 3, 4])
def test_views_hide_other_hands_and_deck_order(n: int) -> None:
    """A seat sees its own hands; of the others only counts; of no deck its order. Changing
    another seat's hands (same counts) or reordering every deck leaves the view unchanged."""
    s = _mid_game(n, 5, 60)
    assert any(p.hand or p.military for p in s.players)
    for seat in [*range(n), None]:
        v = T.view(s, seat)
        for pv in v["players"]:
            mine = pv["seat"] == seat
            assert ("hand" in pv) is mine and ("military" in pv) is mine
        other = s.clone()
        for p in other.players:
            if p.seat != seat:
                p.hand = ["frugality_i"] * len(p.hand)
                p.military = ["raiders_i"] * len(p.military)
        for pile in (*other.civil.values(), *other.military_deck.values(), other.events,
                     other.future_events):
            pile.reverse()
        assert json.dumps(T.view(other, seat), sort_keys=True) == json.dumps(v, sort_keys=True)


def test_dump_load_round_trip_and_clone_independence() -> None:
    s = _mid_game(3, 8, 80)
    text = json.dumps(T.dump(s))
    back = T.load(json.loads(text))
    assert fingerprint(back) == fingerprint(s)
    # the loaded game goes on exactly like the original
    seat = T.pending(s)[0].seat
    d = T.options(s, seat)[0]
    assert fingerprint(T.apply(back, seat, d)[0]) == fingerprint(T.apply(s, seat, d)[0])
    twin = s.clone()
    assert fingerprint(twin) == fingerprint(s)
    twin.players[0].hand.append("frugality_i")
    twin.players[0].workers["agriculture_a"] = 99
    twin.row[0] = None
    twin.civil["II"].clear()
    twin.queue.append({"t": "end"})
    assert fingerprint(s) == json.dumps(json.loads(text), sort_keys=True)


@pytest.mark.parametrize("decision", [
    Decision("fly", {}), Decision("take", {"slot": "x"}), Decision("take", {"slot": 99}),
    Decision("build", {"card": 3}), Decision("build", {"card": "nonsense"}),
    Decision("upgrade", {"card": "bronze_a"}), Decision("wonder", {"stages": 0}),
    Decision("play", {"card": "frugality_i", "target": ["x"]}), Decision("discard", {})])
def test_bad_input_is_refused_with_a_rule(decision: Decision) -> None:
    """Bad input: a clear IllegalDecision naming a rule; the state is unchanged."""
    s = end_round_one(game(3))
    before = fingerprint(s)
    with pytest.raises(IllegalDecision) as caught:
        T.apply(s, T.pending(s)[0].seat, decision)
    assert caught.value.rule and caught.value.message
    assert fingerprint(s) == before


def test_out_of_turn_and_after_the_end() -> None:
    s = game(3, start=0)
    with pytest.raises(IllegalDecision) as caught:
        T.apply(s, 1, Decision("end", {}))
    assert caught.value.rule == "T-OVER-1"
    done = random_game(2, 3)
    with pytest.raises(IllegalDecision) as caught:
        T.apply(done, 0, Decision("end", {}))
    assert caught.value.rule == "T-TEND-4"


def test_version_and_reveals() -> None:
    """A prompt goes stale when the seat's options change; a turn whose refill deals new
    cards reveals chance (the host commits it)."""
    s = end_round_one(game(3, start=0))
    v = T.version(s, 0)
    after, _ = T.apply(s, 0, Decision("population", {}))
    assert T.version(after, 0) != v
    assert not T.reveals(s, after, 0)
    ended, _ = T.apply(after, 0, Decision("end", {}))
    assert T.reveals(after, ended, 1)
    assert T.auto_answer(s, 0, "ask") is None


def test_start_events_replay_the_automatic_start() -> None:
    s = game(4, seed=3, start=2)
    events = T.start_events(s)
    assert events and events[0].template == "tta.turn" and events[0].args["seat"] == 2


def test_replay_rebuilds_the_game() -> None:
    s = T.new_game(2, 21)
    log = []
    rng = random.Random(2)
    for _ in range(40):
        seat = T.pending(s)[0].seat
        d = rng.choice(T.options(s, seat))
        log.append((seat, d))
        s, _ = T.apply(s, seat, d)
    assert fingerprint(T.replay([p.name for p in s.players], 21, {}, log)) == fingerprint(s)


@pytest.mark.parametrize("n", [2, 4])
def test_listed_options_are_exactly_the_candidates_apply_accepts(n: int) -> None:
    """The action phase lists its options by checking every candidate with statistics computed
    once and refusals left unworded (engine/tta/listing.py): the list must be exactly the
    candidates that the real `apply`, outside any listing, accepts (T-ACT)."""
    from engine.tta.quotes import quoted
    from engine.tta.turn import candidates

    rng = random.Random(n)
    s = T.new_game(n, 21 + n)
    checked = 0
    while T.pending(s):
        seat = T.pending(s)[0].seat
        opts = T.options(s, seat)
        if s.queue[0]["t"] == "action" and rng.random() < 0.3:
            accepted = []
            for d in [*candidates(s, s.players[seat]), Decision("end", {})]:
                try:
                    T.apply(s, seat, d)
                except IllegalDecision as exc:
                    assert not exc.message.startswith("tta.err.")  # worded for the player
                    continue
                if d.canonical() not in {a.canonical() for a in accepted}:
                    accepted.append(d)
            # the options carry their price (quotes.py), the candidates do not
            assert [d.canonical() for d in opts] == [
                quoted(s, s.players[seat], d).canonical() for d in accepted]
            checked += 1
        s, _ = T.apply(s, seat, rng.choice(opts), in_place=True)
    assert checked > 20
