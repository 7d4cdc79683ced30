"""The test game "Sealed offers" (tests/sealed) meets the engine contract the host relies on:
several seats awaited at once with sealed choices, an out-of-turn decision, refusals that change
nothing, and a replay from the seed. Rules: tests/sealed/__init__.py (S-...)."""

from __future__ import annotations

import random

import pytest

import tests.sealed as sealed_game
from engine import registry
from engine.core import Decision, Event, GameRules, GameText, IllegalDecision, Prompt
from engine.simulate import random_game
from tests.sealed import ai, commands, render, rules
from tests.sealed.rules import State, apply, options, pending, version, view

NAMES = ["ann", "bob", "cyd"]


def offer(coins: int) -> Decision:
    return Decision("offer", {"coins": coins})


def take(coins: int) -> Decision:
    return Decision("take", {"coins": coins})


def seed_opened_by(seat: int, n: int = 3) -> int:
    return next(sd for sd in range(1, 200) if rules.new_game(n, sd).first == seat)


def sealed_all(s: State, amounts: list[int]) -> tuple[State, list[Event]]:
    events: list[Event] = []
    for seat, coins in enumerate(amounts):
        s, ev = apply(s, seat, offer(coins))
        events += ev
    return s, events


def at_turns(amounts=(2, 1, 3), opener: int = 0) -> State:
    s, _ = sealed_all(rules.new_game(NAMES, seed_opened_by(opener)), list(amounts))
    return s


def every_option(s: State) -> list[tuple[int, Decision]]:
    """What every seat may decide now: the pending seats and those acting out of turn."""
    return [(seat, d) for seat in range(s.n) for d in options(s, seat)]


def play_randomly(s: State, rng: random.Random, limit: int = 200
                  ) -> tuple[State, list[tuple[int, Decision]]]:
    """A whole game of random decisions, out-of-turn vetoes included (the AI chooses each)."""
    played: list[tuple[int, Decision]] = []
    while rules.result(s) is None:
        assert len(played) < limit, "the game does not end"
        seats = sorted({seat for seat, _ in every_option(s)})
        assert seats, "nobody can decide, yet the game is not over"
        seat = rng.choice(seats)
        d = ai.choose(s, seat, "random", rng)
        assert d in options(s, seat)
        s, _ = apply(s, seat, d)
        played.append((seat, d))
    return s, played


# --- the contract ---------------------------------------------------------------------------------

def test_the_module_meets_the_contract_and_is_found_through_the_registry():
    assert isinstance(rules, GameRules) and isinstance(rules, GameText)
    assert rules.INFO.id == "sealed" and (rules.INFO.min_players, rules.INFO.max_players) == (3, 5)
    assert rules.INFO.turn_prompts == ("take",) and rules.INFO.ai_levels == ("random",)
    assert (rules.INFO.turn_rule, rules.INFO.end_rule, rules.INFO.player_rule) == (
        "S-TURN-1", "S-END-1", "S-SETUP-1")
    with pytest.raises(KeyError):
        registry.entry("sealed")
    sealed_game.register()
    try:
        assert "sealed" in registry.ids() and registry.rules("sealed") is rules
        assert registry.info("sealed") is rules.INFO
        assert registry.part("sealed", "ai") is ai
        assert registry.part("sealed", "render") is render
        assert registry.part("sealed", "commands") is commands
    finally:
        sealed_game.unregister()
    assert "sealed" not in registry.ids()


def test_setup_is_deterministic_from_the_seed_and_checks_the_player_count():
    a, b = rules.new_game(NAMES, 7), rules.new_game(NAMES, 7)
    assert rules.dump(a) == rules.dump(b)
    assert {rules.new_game(NAMES, sd).first for sd in range(1, 40)} == {0, 1, 2}
    assert (a.coins, a.scores, a.veto) == ([5, 5, 5], [0, 0, 0], [True, True, True])
    assert [e.template for e in rules.start_events(a)] == ["round"]
    for players in (2, 6):
        with pytest.raises(IllegalDecision) as exc:
            rules.new_game(players, 1)
        assert exc.value.rule == "S-SETUP-1"
    with pytest.raises(IllegalDecision, match="Unknown option"):
        rules.new_game(NAMES, 1, {"speed": 2})


def test_dump_and_load_round_trip_through_json():
    import json

    s = at_turns()
    s, _ = apply(s, 1, Decision("veto"))
    again = rules.load(json.loads(json.dumps(rules.dump(s))))
    assert rules.dump(again) == rules.dump(s) and again == s


# --- the simultaneous, sealed offers (S-OFFER-1, S-OFFER-2, S-REVEAL-1) ---------------------------

def test_every_seat_is_awaited_at_once_with_its_own_offers():
    s = rules.new_game(NAMES, 3)
    assert pending(s) == [Prompt(0, "offer"), Prompt(1, "offer"), Prompt(2, "offer")]
    for seat in range(3):
        assert options(s, seat) == [offer(c) for c in range(4)]
    s, _ = apply(s, 1, offer(2))
    assert [p.seat for p in pending(s)] == [0, 2]  # the others still choose, in any order
    assert options(s, 1) == []
    s, _ = apply(s, 2, offer(0))
    assert [p.seat for p in pending(s)] == [0]


def test_a_sealed_offer_is_hidden_from_everyone_else_until_the_reveal():
    s = rules.new_game(NAMES, 3)
    s, events = apply(s, 0, offer(2))
    assert rules.sealed(s, 0, offer(2)) and not rules.sealed(s, 0, take(1))
    assert view(s, 0).offers == [2, None, None]  # its own view shows it
    assert view(s, 1).offers == [None, None, None] and view(s, None).offers == [None] * 3
    assert view(s, None).sealed == [True, False, False]  # only *that* ann has chosen
    public = [e for e in events if e.private_to is None]
    assert [e.template for e in public] == ["sealed"] and public[0].args == {"seat": 0}
    for viewer in (None, 1, 2):
        lines = [rules.event_text(e, NAMES, viewer) for e in events]
        assert lines == ["ann has sealed an offer.", None]
    assert rules.event_text(events[1], NAMES, 0) == "You sealed an offer of 2 coins."
    # the words and pictures for everyone else are the same as before ann chose
    fresh = rules.new_game(NAMES, 3)
    for seat in (1, 2):
        assert rules.hand_text(view(s, seat), seat) == rules.hand_text(view(fresh, seat), seat)
        assert rules.hand_signature(s, seat) == rules.hand_signature(fresh, seat)
        assert rules.panel_lines(view(s, seat), seat) == rules.panel_lines(view(fresh, seat),
                                                                           seat)
    assert "Your sealed offer: 2 coins" in rules.hand_text(view(s, 0), 0)
    assert rules.hand_signature(s, 0) != rules.hand_signature(fresh, 0)
    assert render.hand_png(view(s, 1)) == render.hand_png(view(fresh, 1))
    s2, _ = apply(fresh, 0, offer(3))  # another amount: the public board cannot tell them apart
    assert render.board_png(view(s, None)) == render.board_png(view(s2, None))
    assert rules.status_lines(view(s, None)) == rules.status_lines(view(s2, None))


def test_one_seat_sealing_keeps_the_others_versions_and_changes_its_own():
    s = rules.new_game(NAMES, 3)
    before = [version(s, seat) for seat in range(3)]
    s, _ = apply(s, 0, offer(2))
    assert version(s, 1) == before[1] and version(s, 2) == before[2]
    assert version(s, 0) != before[0]  # ann has nothing left to choose
    s, _ = apply(s, 1, offer(1))
    assert version(s, 2) == before[2]
    s, _ = apply(s, 2, offer(3))  # the reveal: everyone's options change
    assert all(version(s, seat) != before[seat] for seat in range(3))


def test_the_reveal_lists_every_offer_scores_the_highest_unique_one_and_pays_them():
    s = rules.new_game(NAMES, seed_opened_by(0))
    s, events = sealed_all(s, [2, 1, 3])
    revealed = next(e for e in events if e.template == "revealed")
    assert revealed.private_to is None
    assert revealed.args == {"round": 1, "offers": [2, 1, 3], "winner": 2}
    assert rules.event_text(revealed, NAMES, None) == (
        "Offers revealed (round 1): ann 2 coins, bob 1 coin, cyd 3 coins — cyd scores 3 points "
        "(the highest unique offer).")
    assert s.coins == [3, 4, 2] and s.scores == [0, 0, 3]
    assert view(s, None).history == [{"round": 1, "offers": [2, 1, 3], "winner": 2}]
    assert pending(s) == [Prompt(0, "take")]
    s, _ = sealed_all(rules.new_game(NAMES, 5), [3, 3, 1])  # 3 is not unique: 1 wins
    assert s.scores == [0, 0, 3] and s.coins == [2, 2, 4]
    s, events = sealed_all(rules.new_game(NAMES, 5), [2, 2, 2])
    assert s.scores == [0, 0, 0]
    revealed = next(e for e in events if e.template == "revealed")
    assert "nobody scores" in rules.event_text(revealed, NAMES, None)


def test_only_the_step_that_runs_the_reveal_reveals():
    s0 = rules.new_game(NAMES, 3)
    s1, _ = apply(s0, 0, offer(2))
    s2, _ = apply(s1, 1, offer(1))
    s3, _ = apply(s2, 2, offer(3))
    assert not rules.reveals(s0, s1, 0) and not rules.reveals(s1, s2, 1)
    # the last offer shows its seat the others' offers at once (its view after the step holds
    # them), so the host must commit it immediately rather than keep it as a previewed draft
    assert rules.reveals(s2, s3, 2)
    assert view(s3, 2).history[-1]["offers"] == [2, 1, 3]
    s4, _ = apply(s3, 1, Decision("veto"))
    s5, _ = apply(s4, s4.queue[0]["seat"], take(2))
    assert not rules.reveals(s3, s4, 1) and not rules.reveals(s4, s5, 0)


def test_offers_are_only_what_a_seat_can_pay():
    s = at_turns((3, 3, 1))  # ann and bob pay 3: 2 coins left
    for seat, d in [(0, take(1)), (1, take(1)), (2, take(2))]:
        s, _ = apply(s, seat, d)
    assert s.round == 2 and s.coins == [3, 3, 6]
    assert options(s, 0) == [offer(c) for c in range(4)]
    s = at_turns((3, 3, 3))
    s.coins = [1, 2, 5]
    s.queue = [{"t": "round", "round": 2}, {"t": "end"}]
    rules.AGENDA.advance(s, [])
    assert options(s, 0) == [offer(0), offer(1)] and options(s, 1) == [offer(c) for c in (0, 1, 2)]
    with pytest.raises(IllegalDecision) as exc:
        apply(s, 0, offer(2))
    assert exc.value.rule == "S-OFFER-1" and "never more than you have (1)" in exc.value.message


# --- turns and the out-of-turn veto (S-TURN-1, S-VETO-1..3) ---------------------------------------

def test_a_seat_that_is_not_awaited_may_veto_the_take_at_any_time():
    s = at_turns(opener=0)
    assert pending(s) == [Prompt(0, "take")]
    assert options(s, 0) == [take(1), take(2)]
    assert options(s, 1) == [Decision("veto")] and options(s, 2) == [Decision("veto")]
    before = version(s, 0)
    s, events = apply(s, 2, Decision("veto"))
    assert [(e.template, e.args, e.private_to) for e in events] == [
        ("veto", {"seat": 2, "target": 0}, None)]
    assert rules.event_text(events[0], NAMES, None) == "cyd vetoes ann's take."
    assert pending(s) == [Prompt(0, "take")]  # the veto never makes cyd pending
    assert s.veto == [True, True, False] and s.vetoed_by == 2
    assert options(s, 1) == [] and options(s, 2) == []  # one veto per take (S-VETO-3)
    assert version(s, 0) != before  # ann's prompt now says her take gives nothing
    assert "vetoed by cyd" in rules.prompt_text(s, pending(s)[0])
    coins = s.coins[0]
    s, events = apply(s, 0, take(2))
    assert s.coins[0] == coins  # the vetoed take gives 0 coins
    assert rules.event_text(events[0], NAMES, None) == (
        "ann asks for 2 coins but gets nothing (vetoed by cyd).")
    assert pending(s) == [Prompt(1, "take")] and s.vetoed_by is None
    assert options(s, 0) == [Decision("veto")] and options(s, 2) == []  # cyd's token is used
    s, events = apply(s, 1, take(2))
    assert s.coins[1] == 4 + 2 and rules.event_text(events[0], NAMES, None) == "bob takes 2 coins."


@pytest.mark.parametrize(("when", "seat", "message", "rule"), [
    ("offers", 1, "while a seat takes coins", "S-VETO-1"),
    ("turns", 0, "your own take", "S-VETO-1"),
    ("used", 2, "already used your veto token", "S-VETO-2"),
    ("vetoed", 1, "cyd has already vetoed this take", "S-VETO-3"),
])
def test_a_veto_out_of_place_is_refused_and_changes_nothing(when, seat, message, rule):
    s = rules.new_game(NAMES, seed_opened_by(0)) if when == "offers" else at_turns(opener=0)
    if when in ("used", "vetoed"):
        s, _ = apply(s, 2, Decision("veto"))
    if when == "used":
        s, _ = apply(s, 0, take(1))  # bob's take now; cyd's token is gone
    before = rules.dump(s)
    with pytest.raises(IllegalDecision) as exc:
        apply(s, seat, Decision("veto"))
    assert message in exc.value.message and exc.value.rule == rule
    assert rules.dump(s) == before


# --- refusals -------------------------------------------------------------------------------------

def _offers_state() -> State:
    s, _ = apply(rules.new_game(NAMES, seed_opened_by(0)), 0, offer(2))
    return s


@pytest.mark.parametrize(("make", "seat", "decision", "match", "rule"), [
    (_offers_state, 0, offer(1), "already sealed your offer", "S-OFFER-2"),
    (_offers_state, 1, offer(4), "0 to 3 coins", "S-OFFER-1"),
    (_offers_state, 1, offer(-1), "0 to 3 coins", "S-OFFER-1"),
    (_offers_state, 1, Decision("offer", {"coins": "2"}), "not a decision", None),
    (_offers_state, 1, Decision("offer", {"coins": True}), "not a decision", None),
    (_offers_state, 1, Decision("offer", {"coins": 1, "x": 1}), "not a decision", None),
    (_offers_state, 1, Decision("offer"), "not a decision", None),
    (_offers_state, 1, take(1), "seals an offer", "S-OFFER-1"),
    (_offers_state, 1, Decision("bribe"), "not a decision", None),
    (_offers_state, 3, offer(1), "not seated", None),
    (_offers_state, -1, offer(1), "not seated", None),
    (at_turns, 1, take(1), "not your turn", "S-TURN-1"),
    (at_turns, 1, offer(1), "not your turn", "S-TURN-1"),
    (at_turns, 0, take(3), "Take 1 or 2 coins", "S-TURN-1"),
    (at_turns, 0, offer(1), "take 1 or 2 coins", "S-TURN-1"),
    (at_turns, 1, Decision("veto", {"target": 2}), "not a decision", None),
])
def test_illegal_input_is_refused_with_the_state_unchanged(make, seat, decision, match, rule):
    s = make()
    before = rules.dump(s)
    with pytest.raises(IllegalDecision) as exc:
        apply(s, seat, decision)
    assert match.lower() in exc.value.message.lower() and exc.value.rule == rule
    assert rules.dump(s) == before
    with pytest.raises(IllegalDecision):  # in place too: refused before anything changes
        apply(s, seat, decision, in_place=True)
    assert rules.dump(s) == before


def test_nothing_is_accepted_after_the_end():
    s, _ = play_randomly(rules.new_game(NAMES, 2), random.Random(2))
    assert pending(s) == [] and every_option(s) == []
    for d in (offer(0), take(1), Decision("veto")):
        with pytest.raises(IllegalDecision) as exc:
            apply(s, 0, d)
        assert exc.value.rule in ("S-END-1", "S-VETO-1")


def test_a_decision_that_is_not_a_decision_is_refused():
    s = rules.new_game(NAMES, 1)
    with pytest.raises(IllegalDecision, match="not a decision"):
        apply(s, 0, {"kind": "offer", "args": {"coins": 1}})  # type: ignore[arg-type]


# --- whole games, replays -------------------------------------------------------------------------

@pytest.mark.parametrize("players", [3, 4, 5])
def test_whole_random_games_end_with_a_result(players):
    for seed in range(1, 25):
        s, played = play_randomly(rules.new_game(players, seed), random.Random(seed))
        res = rules.result(s)
        assert set(res) >= {"scores", "winners"} and len(res["scores"]) == players
        assert res["winners"] == [i for i, p in enumerate(res["scores"])
                                  if p == max(res["scores"])]
        assert sum(res["scores"]) % 3 == 0 and len(s.history) == 2
        assert sum(1 for _, d in played if d.kind == "offer") == 2 * players
        assert sum(1 for _, d in played if d.kind == "take") == 2 * players
        assert all(c >= 0 for c in s.coins)
        lines = rules.result_lines(res, [f"p{i}" for i in range(players)])
        assert lines[-1].startswith("Won by ")
    _, summary = random_game(rules, players, 9)  # the engine's own random runner
    assert summary["players"] == players and summary["winners"]


def test_a_replay_from_the_seed_and_the_decisions_equals_the_live_state():
    vetoes = 0
    for seed in range(1, 30):
        live, played = play_randomly(rules.new_game(NAMES, seed), random.Random(seed * 31))
        vetoes += sum(1 for _, d in played if d.kind == "veto")
        again = rules.new_game(NAMES, seed)
        for seat, d in played:
            again, _ = apply(again, seat, Decision.from_json(d.to_json()), in_place=True)
        assert rules.dump(again) == rules.dump(live)
        assert again.decisions == len(played)
    assert vetoes > 0  # the random games did play out-of-turn vetoes


# --- the words, the pictures, the AI and the commands ---------------------------------------------

def test_the_words_come_from_views_and_public_events():
    s = at_turns(opener=0)
    v = view(s, None)
    assert rules.post_head(v) == "round 1, takes" and rules.status_head(v) == "round 1, takes"
    assert rules.scores(v) == [0, 0, 3]
    assert rules.status_lines(v) == ["3 coins, 0 points, veto ready",
                                     "4 coins, 0 points, veto ready",
                                     "2 coins, 3 points, veto ready"]
    assert rules.prompt_text(s, pending(s)[0]) == "take 1 or 2 coins from the bank"
    assert rules.prompt_text(rules.new_game(NAMES, 1), Prompt(0, "offer")) == (
        "seal an offer (0 to 3 coins)")
    assert rules.panel_lines(view(s, 1), 1) == ["Your coins: 4 · veto token: ready",
                                                "Scores: ann 0 · bob 0 · cyd 3"]
    assert [rules.describe(d) for d in (offer(1), offer(3), take(2), Decision("veto"))] == [
        "Offer 1 coin", "Offer 3 coins", "Take 2 coins", "Veto this take"]
    assert rules.group_key(offer(1)) == "offer" and rules.menu_title("offer") == "Offers"
    assert "revealed" in rules.post_boundaries and "game_over" in rules.post_boundaries
    assert rules.auto_answer(s, 0, "ask") is None
    assert rules.result(s) is None


def test_pictures_are_small_pngs_drawn_from_views():
    s = at_turns()
    for data in (render.board_png(view(s, None)), render.hand_png(view(s, 1))):
        assert data.startswith(b"\x89PNG")
        assert int.from_bytes(data[16:20], "big") == 240 and int.from_bytes(data[20:24],
                                                                             "big") == 120
    with pytest.raises(ValueError):
        render.hand_png(view(s, None))


def test_the_ai_picks_a_legal_option_in_and_out_of_turn():
    s = at_turns(opener=0)
    rng = random.Random(1)
    assert ai.choose(s, 0, "random", rng) in (take(1), take(2))
    assert ai.choose(s, 1, "random", rng) == Decision("veto")
    s, _ = apply(s, 1, Decision("veto"))
    with pytest.raises(ValueError):
        ai.choose(s, 2, "random", rng)


def test_the_command_module_declares_the_offer_verb():
    from bot.host.verbs import ANY

    assert [v.name for v in commands.VERBS] == ["offer"]
    assert commands.in_family(offer(1), "offer", "offer")
    assert not commands.in_family(take(1), "take", "offer")
    assert commands.in_family(Decision("veto"), "", ANY)
    assert commands.first_step("offer", "offer") is None
    assert commands.notation_text("offer", "2") == "2"

