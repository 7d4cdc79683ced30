"""Amun-Re's data files (data/amunre/): every province value carries the facts file's confidence
mark, the files say `verified: false`, and a file that breaks a rule is refused at load
(A-DOC-5, A-GAP-1/-3/-4/-5). The tests read expected values from the data, never placeholders."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from data.amunre import (
    BOARD,
    CARD_TYPES,
    CONFIDENCE,
    HERE,
    PROVINCE_NAMES,
    DataError,
    load_board,
)

PROVINCES = HERE / "provinces.json"
COMPONENTS = HERE / "components.json"


def raw(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def test_every_province_value_has_a_confidence_mark_and_the_data_is_unverified():
    # A-DOC-5, A-GAP-1
    data = raw(PROVINCES)
    assert data["verified"] is False and raw(COMPONENTS)["verified"] is False
    assert BOARD.verified is False
    for name in PROVINCE_NAMES:  # A-BOARD-1: the 15 provinces
        for attr, entry in data["provinces"][name].items():
            assert entry["conf"] in CONFIDENCE, (name, attr)
        assert dict(BOARD.provinces[name].conf).keys() == data["provinces"][name].keys()


def test_the_marks_follow_the_facts_file_where_the_seed_pins_a_value():
    # provinces-facts.md section 3: the income lists and DAMANHUR's temples are C2
    for name in ("ABU", "BERENIKE"):
        assert dict(BOARD.provinces[name].conf)["fixed_income"] == "C2"
    for name in ("KHARGA", "SAWU", "AVARIS"):
        assert dict(BOARD.provinces[name].conf)["camel_income"] == "C2"
    assert dict(BOARD.provinces["DAMANHUR"].conf)["temples"] == "C2"
    assert dict(BOARD.provinces["MEMPHIS"].conf)["card_limit"] == "C2"


def test_board_facts_the_seed_states():
    # A-REV-3, A-INC-4/5, A-BOARD-2 (g, i), A-PROV-*
    p = BOARD.provinces
    assert {x for x in PROVINCE_NAMES if p[x].free_cards} == {"BUTO", "DAKHLA", "EDFU", "THEBES"}
    assert {x for x in PROVINCE_NAMES if p[x].free_stones} == {"ABYDOS", "MEMPHIS"}
    assert {x for x in PROVINCE_NAMES if p[x].free_gold} == {"DAKHLA"}
    assert {x for x in PROVINCE_NAMES if p[x].fixed_income} == {"ABU", "BERENIKE"}
    assert {x for x in PROVINCE_NAMES if p[x].camel_income} == {"KHARGA", "SAWU", "AVARIS"}
    assert {x for x in PROVINCE_NAMES if p[x].temples} == {"DAMANHUR", "EDFU", "AMARNA"}
    assert {x for x in PROVINCE_NAMES if p[x].printed_farmers} == {"BAHARYA"}
    assert p["BERENIKE"].fields == 0 and p["BUTO"].card_limit == 0
    assert p["MENDES"].card_limit == 0


def test_tracks_and_cards():
    # A-AUCT-2, A-GAP-3: printed values, then triangular numbers
    assert [BOARD.bid_value(i) for i in range(9)] == BOARD["bid_track"]
    assert BOARD.bid_value(9) == 45 and BOARD.bid_index(55) == 10 and BOARD.bid_index(44) is None
    # A-BUY-3 / A-EX-3
    assert [BOARD.price(n) for n in range(1, 11)] == [1, 3, 6, 10, 15, 21, 28, 36, 45, 55]
    # A-COMP-2, A-GAP-5
    assert set(BOARD["power_cards"]) == set(CARD_TYPES) and sum(BOARD["power_cards"].values()) == 39
    # A-SAC-9: every total has a temple space; the seed's 3-12 band is space 2
    assert BOARD.temple_space(-15).space == 1 and BOARD.temple_space(7).space == 2
    assert BOARD.temple_space(3).space == 2 and BOARD.temple_space(12).space == 2
    assert BOARD.temple_space(10_000).space == len(BOARD.temple)


def _write(tmp_path: Path, name: str, data: dict) -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


@pytest.mark.parametrize("breakage", [
    lambda d: d["provinces"].pop("ABU"),
    lambda d: d["provinces"]["ABU"]["fields"].pop("conf"),
    lambda d: d["provinces"]["ABU"]["fields"].update(value=9),
    lambda d: d["provinces"]["ABU"]["side"].update(value="north"),
    lambda d: d["provinces"]["BAHARYA"]["printed_farmers"].update(value=5),
    lambda d: d["provinces"]["EDFU"]["temples"].update(value=0),
    lambda d: d.pop("verified"),
])
def test_a_broken_province_file_is_refused(tmp_path, breakage):
    data = raw(PROVINCES)
    breakage(data)
    with pytest.raises(DataError):
        load_board(_write(tmp_path, "p.json", data), COMPONENTS)


@pytest.mark.parametrize("breakage", [
    lambda d: d["power_cards"]["value"].update(BB=4),
    lambda d: d["power_cards"]["value"].update(MB=3, BB=6),
    lambda d: d["bid_track"].update(value=[0, 1, 2]),
    lambda d: d["temple_track"]["value"][1]["min"].update(value=4),
    lambda d: d["temple_track"]["value"][0]["max"].update(conf="maybe"),
    lambda d: d.pop("thief_gold"),
])
def test_a_broken_components_file_is_refused(tmp_path, breakage):
    data = raw(COMPONENTS)
    breakage(data)
    with pytest.raises(DataError):
        load_board(PROVINCES, _write(tmp_path, "c.json", data))


def test_a_checked_board_replaces_values_without_code_changes(tmp_path):
    data = raw(PROVINCES)
    data["verified"] = True
    data["provinces"]["THEBES"]["card_limit"] = {"value": 4, "conf": "C2"}
    board = load_board(_write(tmp_path, "p.json", data), COMPONENTS)
    assert board.verified and board.provinces["THEBES"].card_limit == 4
    assert dict(board.provinces["THEBES"].conf)["card_limit"] == "C2"
