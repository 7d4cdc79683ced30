"""The game record (engine/record.py) and `agora replay`: a finished game's full record replays
to the identical state (the seed plus the decisions, ARCHITECTURE "The engine contract"); a
public record holds nothing hidden (P-GAP-HIDDEN: no seed, no decisions, no private event);
broken records are refused with a clear message, never a traceback."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from engine import registry
from engine.core import Decision, Event
from engine.record import (
    dumps_record,
    full_record,
    load_record,
    public_lines,
    public_record,
    replay,
)
from engine.simulate import play_random
from tests.paths import ROOT

GAME = "pantheon"
NAMES = ["Ann", "Bob"]
SEED = 11
RULES = registry.rules(GAME)


@cache
def finished_game() -> tuple[Any, tuple[tuple[int, Decision], ...], tuple[tuple[Event, ...], ...]]:
    """A seeded 2-player game played to its end with random legal decisions: the final state,
    every (seat, decision) and the events of the start and of each decision."""
    state = RULES.new_game(NAMES, SEED, {})
    decisions: list[tuple[int, Decision]] = []
    entries: list[tuple[Event, ...]] = [tuple(RULES.start_events(state))]

    def keep(seat: int, d: Decision, events: list[Event]) -> None:
        decisions.append((seat, d))
        entries.append(tuple(events))

    state, _ = play_random(RULES, state, random.Random(SEED), 100_000, on_decision=keep)
    assert RULES.result(state) is not None
    return state, tuple(decisions), tuple(entries)


@cache
def record_text() -> str:
    _, decisions, _ = finished_game()
    return dumps_record(full_record(GAME, NAMES, {}, SEED, decisions, title="Test game"))


def test_full_record_round_trips_through_json_and_replays_to_the_same_state() -> None:
    state, decisions, entries = finished_game()
    text = record_text()
    record = load_record(text)
    assert record == json.loads(text)
    assert record["format"] == "agora-record" and record["version"] == 2
    assert record["game"] == GAME and record["status"] == "over"
    assert record["seats"] == NAMES and record["seed"] == SEED
    assert record["decisions"] == [[seat, d.to_json()] for seat, d in decisions]
    # the public log is what a spectator saw: the start, then every decision's public events
    assert record["public_log"] == [line for events in entries
                                    for line in public_lines(GAME, events, NAMES)]
    items = list(replay(record))
    assert len(items) == len(decisions) + 1
    start_state, seat, decision, start_events = items[0]
    assert seat is None and decision is None
    assert [e.to_json() for e in start_events] == [e.to_json() for e in entries[0]]
    final = items[-1][0]
    assert RULES.dump(final) == RULES.dump(state)
    assert record["result"] == json.loads(json.dumps(RULES.result(state)))
    assert RULES.result(final) == RULES.result(state)
    # every yielded state is its own object: the start is still the start
    assert RULES.dump(start_state) == RULES.dump(RULES.new_game(NAMES, SEED, {}))


def test_public_record_of_a_game_in_play_holds_no_secret() -> None:
    """P-GAP-HIDDEN: a demigod drawn face down is known to its owner only; the public record
    has neither its value nor the seed nor the decisions (which would give the deck order)."""
    state = RULES.new_game(NAMES, 5, {})
    entries: list[list[Any]] = [RULES.start_events(state)]
    state, _ = play_random(RULES, state, random.Random(5), 60,
                           on_decision=lambda seat, d, ev: entries.append(ev))
    assert RULES.result(state) is None
    secret = Event("took_demigods", {"seat": 0, "count": 1, "values": [7], "from": "stack"},
                   private_to=0)
    owner_text = RULES.event_text(secret, NAMES, 0)
    assert owner_text and "7" in owner_text
    # the bot's decision log keeps events as JSON: both forms are accepted
    entries.append([secret])
    entries.append([secret.to_json()])
    record = public_record(GAME, NAMES, {"bonus_draft": False}, "playing", "In play", entries)
    assert record["status"] == "playing" and record["options"] == {"bonus_draft": False}
    for key in ("seed", "decisions", "result"):
        assert key not in record
    text = dumps_record(record)
    assert owner_text not in text
    assert not any(owner_text in line for line in record["public_log"])
    assert len(record["public_log"]) > 20  # the public events are all there
    assert load_record(text) == record
    with pytest.raises(ValueError, match="public record: it holds no decisions"):
        list(replay(record))


def _broken(change) -> str:
    record = json.loads(record_text())
    change(record)
    return json.dumps(record)


def _set(key: str, value: Any):
    return lambda r: r.__setitem__(key, value)


def _drop(*keys: str):
    return lambda r: [r.pop(k) for k in keys]


@pytest.mark.parametrize("text, message", [
    ("not json {", "not JSON"),
    ("[1, 2]", "not an Agora game record"),
    (_broken(_set("format", "pgn")), "not an Agora game record"),
    (_broken(_set("version", 3)), "version 3; this Agora reads version 2"),
    (_broken(_set("game", "chess")), "unknown game 'chess'"),
    (_broken(_set("seats", ["A", "B", "C", "D", "E"])), "2 to 4 players"),
    (_broken(_set("status", "paused")), '"status" must be one of'),
    (_broken(_set("options", {"colour_blind": True})), "Unknown option"),
    (_broken(_set("public_log", "text")), '"public_log" must be a list'),
    (_broken(_drop("result")), "result missing"),
    (_broken(_set("status", "playing")), 'only a finished game'),
    (_broken(lambda r: r["decisions"].__setitem__(3, [7, {"kind": "skip"}])),
     "decision 4: seat 7 does not exist"),
    (_broken(lambda r: r["decisions"].__setitem__(0, [0, {"args": {}}])),
     "decision 1: a decision is"),
    (_broken(lambda r: r["decisions"].__setitem__(2, "move")), "decision 3: not a"),
])
def test_load_record_refuses_bad_input_clearly(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message.replace("(", r"\(").replace(")", r"\)")):
        load_record(text)


def test_replay_names_the_decision_that_does_not_fit() -> None:
    record = load_record(_broken(lambda r: r["decisions"].__setitem__(
        5, [r["decisions"][5][0], {"kind": "teleport", "args": {}}])))
    with pytest.raises(ValueError, match=r"decision 6 of \d+ \((Ann|Bob): 'teleport'\)"):
        list(replay(record))
    short = load_record(_broken(lambda r: r.__setitem__("decisions", r["decisions"][:-3])))
    with pytest.raises(ValueError, match="end before the game does"):
        list(replay(short))
    _, decisions, _ = finished_game()
    with pytest.raises(ValueError, match="not over"):
        full_record(GAME, NAMES, {}, SEED, decisions[:50])


def test_agora_replay_prints_the_log_and_final_scores_and_draws_every_turn(
        tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text(record_text(), encoding="utf-8")
    out = tmp_path / "pictures"
    proc = subprocess.run(
        [sys.executable, "-m", "bot.cli", "replay", str(path), "--out", str(out)],
        capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert proc.returncode == 0, proc.stderr
    text = proc.stdout
    state, _, _ = finished_game()
    res = RULES.result(state)
    assert "Game over. Final scores:" in text
    for line in RULES.result_lines(res, NAMES):
        assert line in text
    winners = "Winner" if len(res["winners"]) == 1 else "Winners"  # a plural form, no "(s)"
    assert f"{winners}: {', '.join(NAMES[w] for w in res['winners'])}" in text
    lines = text.splitlines()
    turns = [x for x in lines if x.startswith("=== Turn ")]
    assert turns and lines.index(turns[0]) > lines.index("=== Start ===")
    # one picture after the start and after every turn, from the spectator's view
    pictures = sorted(out.glob("board-*.png"))
    assert len(pictures) == len(turns) + 1
    assert pictures[0].name == "board-001.png"
    assert pictures[-1].read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    # every public log line is printed, in order; a turn's own line became its header
    _, _, entries = finished_game()
    turn_lines = set(public_lines(GAME, [e for events in entries for e in events
                                         if e.template == "turn"], NAMES))
    body = lines[lines.index("=== Start ==="):lines.index("Game over. Final scores:")]
    shown = [x[2:] for x in body if x.startswith("  ") and not x.startswith("  [board")]
    log = json.loads(record_text())["public_log"]
    assert shown == [x for x in log if x not in turn_lines]
    assert len(turns) == sum(1 for x in log if x in turn_lines)


def test_agora_replay_of_a_public_record_and_of_a_broken_file(tmp_path: Path) -> None:
    record = json.loads(record_text())
    for key in ("seed", "decisions", "result"):
        record.pop(key)
    path = tmp_path / "public.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    out = tmp_path / "pictures"
    proc = subprocess.run(
        [sys.executable, "-m", "bot.cli", "replay", str(path), "--out", str(out), "--step"],
        input="", capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert proc.returncode == 0, proc.stderr
    assert record["public_log"][-1] in proc.stdout
    assert "holds the log above but no decisions" in proc.stdout
    assert not list(out.glob("*.png"))
    path.write_text(json.dumps({**record, "format": "other"}), encoding="utf-8")
    bad = subprocess.run([sys.executable, "-m", "bot.cli", "replay", str(path)],
                         capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert bad.returncode == 2
    assert "Cannot replay" in bad.stderr and "not an Agora game record" in bad.stderr
    assert "Traceback" not in bad.stderr


def test_agora_replay_step_waits_for_enter_and_plays_on_at_end_of_input(
        tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text(record_text(), encoding="utf-8")
    proc = subprocess.run(
        [sys.executable, "-m", "bot.cli", "replay", str(path), "--step", "--no-pictures"],
        input="\n\n", capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.count("[Enter: next turn]") == 3  # two Enters, then end of input
    assert "Game over. Final scores:" in proc.stdout
