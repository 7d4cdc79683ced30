"""Every record names the Agora version and the rules it was played under (engine/record.py,
README.md "History and ratings"): a record replays only under its own rules, and one of other
rules says so clearly — in `replay`, `agora replay` (which then shows the log and the result as
recorded) and `agora verify` (which still checks its receipts)."""

from __future__ import annotations

import json
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from engine import registry
from engine.record import load_record, replay, replayable
from engine.version import AGORA_VERSION
from tests.engine.test_record import GAME, NAMES, record_text
from tests.paths import ROOT

SAMPLE = ROOT / "docs" / "sample-amunre.record.json"  # a finished Amun-Re game (version 1)


def test_the_agora_version_is_the_packages():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["version"] == AGORA_VERSION


def test_a_record_names_the_agora_and_the_rules_it_was_played_under():
    record = load_record(record_text())
    assert record["version"] == 2
    assert record["agora"] == AGORA_VERSION
    assert record["rules"] == registry.info(GAME).rules_version == "1"
    assert replayable(record) is None and list(replay(record))


def test_a_version_1_record_was_played_under_the_first_rules_and_still_replays():
    record = json.loads(SAMPLE.read_text(encoding="utf-8"))
    assert record["version"] == 1 and "rules" not in record and "agora" not in record
    record = load_record(json.dumps(record))
    assert replayable(record) is None
    *_, (state, _, _, _) = replay(record)
    assert registry.rules("amunre").result(state)["winners"] == record["result"]["winners"]


def other_rules(record: dict) -> dict:
    return {**record, "rules": "0", "agora": "0.0.9"}


def test_a_record_of_other_rules_is_not_replayed_and_says_why():
    record = load_record(json.dumps(other_rules(json.loads(record_text()))))
    why = ("This record was played under the Pantheon rules version 0 (Agora 0.0.9); this "
           f"Agora ({AGORA_VERSION}) plays rules version 1, so it cannot replay it.")
    assert replayable(record) == why
    with pytest.raises(ValueError) as exc:
        next(replay(record))
    assert str(exc.value) == why
    unnamed = {**json.loads(record_text()), "rules": "0"}
    del unnamed["agora"]
    assert "(Agora version not recorded)" in replayable(load_record(json.dumps(unnamed)))
    with pytest.raises(ValueError, match='"agora" and "rules" must be text'):
        load_record(json.dumps({**record, "rules": 2}))


def test_agora_replay_and_verify_show_a_record_of_other_rules_as_recorded(tmp_path: Path):
    record = other_rules(json.loads(record_text()))
    path = tmp_path / "old.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    proc = subprocess.run([sys.executable, "-m", "bot.cli", "replay", str(path), "--out",
                           str(tmp_path / "pics")], capture_output=True, text=True,
                          timeout=120, cwd=ROOT)
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert "cannot replay it" in lines[1]
    assert lines[2] == "Its public log and result, as recorded:"
    assert [x[2:] for x in lines[3:3 + len(record["public_log"])]] == record["public_log"]
    rules = registry.rules(GAME)
    for line in rules.result_lines(record["result"], NAMES):
        assert "  " + line in lines
    assert not (tmp_path / "pics").exists()  # nothing is redrawn under the wrong rules

    sample = other_rules(json.loads(SAMPLE.read_text(encoding="utf-8")))
    path = tmp_path / "old-amunre.json"
    path.write_text(json.dumps(sample), encoding="utf-8")
    proc = subprocess.run([sys.executable, "-m", "bot.cli", "verify", str(path)],
                          capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert proc.returncode == 0, proc.stderr
    assert "Amun-Re rules version 0 (Agora 0.0.9)" in proc.stdout
    assert "Every receipt checks out" in proc.stdout  # the receipts need no replay
