"""The shorter game's dealt events and the keep at the end of Age I (shared/rules/
through-the-ages.md §4.1, V-SHORT-2/6/9/10/14, G-VAR-5, G-ASYNC-14/16/19): hidden from
everybody, the owner included, until Age I ends; then the owner alone sees his two; a secret
frame for every remaining seat; nobody learns another's choice; the default keeps the first
dealt card."""

from __future__ import annotations

import json

import pytest
from tta_helpers import play, refused
from tta_short_helpers import keep_all, short, to_keep

import engine.tta as T
from engine.core import Decision
from engine.tta.cardtext import card_name
from engine.tta.shortgame import END_GAME_EVENTS, WAR_OVER_CULTURE
from engine.tta.state import State


def shown(s: State, seat: int | None) -> set[str]:
    """Every Age III event a seat's view (or the spectator's) shows anywhere."""
    text = json.dumps(T.view(s, seat))
    return {c for c in END_GAME_EVENTS if f'"{c}"' in text}


def private(s: State, seat: int) -> set[str]:
    return set(s.short["dealt"][seat]) | {s.short["kept"][seat]} - {None}


def test_before_the_end_of_age_i_nobody_sees_a_dealt_event() -> None:
    """V-SHORT-2/9: a dealt event is hidden from everybody, its owner included, until Age I
    ends; the 3 public events and War over Culture are public (V-SHORT-3, G-ASYNC-16)."""
    s = short(3)
    public = set(s.short["public"])
    for seat in (0, 1, 2, None):
        assert shown(s, seat) == public
        assert T.view(s, seat)["short"]["own"] is None
        assert T.view(s, seat)["short"]["war"] == WAR_OVER_CULTURE


def test_age_i_ends_with_a_secret_keep_frame_for_every_seat() -> None:
    """V-SHORT-10, G-ASYNC-14: the replenishment that ends Age I pushes
    {"t": "keep_event", "seats": [every remaining seat]}; the current player's turn waits
    behind it; every seat is asked at once."""
    s = to_keep(3)
    assert s.age == "II"
    assert s.queue[0] == {"t": "keep_event", "seats": [0, 1, 2]}
    assert {p.seat for p in T.pending(s)} == {0, 1, 2}
    assert any(f["t"] == "action" and f["seat"] == s.turn for f in s.queue[1:])


def test_from_the_end_of_age_i_the_owner_alone_sees_his_two() -> None:
    """V-SHORT-14, G-ASYNC-16: the owner sees his two dealt events; another seat and the
    spectator never do."""
    s = to_keep(3)
    public = set(s.short["public"])
    for seat in (0, 1, 2):
        assert shown(s, seat) == public | private(s, seat)
        assert T.view(s, seat)["short"]["own"] == {"dealt": s.short["dealt"][seat],
                                                   "kept": None}
        assert [d.args["card"] for d in T.options(s, seat)] == s.short["dealt"][seat]
    assert shown(s, None) == public


def test_keeping_is_secret_and_the_other_event_leaves() -> None:
    """V-SHORT-10: the kept event stays with its owner, the other leaves unseen; the public
    event names nobody and no card; the frame shows another seat only how many still choose
    (G-ASYNC-14); the decision is sealed (never described in public)."""
    s = to_keep(3)
    first, second = s.short["dealt"][1]
    after, events = T.apply(s, 1, Decision("keep", {"card": second}))
    assert after.short["kept"][1] == second and after.short["dealt"][1] == [second]
    assert after.queue[0]["seats"] == [0, 2]
    public = [e for e in events if e.private_to is None]
    assert [e.template for e in public] == ["tta.kept"] and public[0].args == {"n": 2}
    mine = [e for e in events if e.private_to == 1]
    assert mine[0].args["card"] == second
    assert T.event_text(mine[0], ["A", "B", "C"], 1) == \
        f"You keep {card_name(second)}; the other event leaves the game unseen."
    assert T.event_text(mine[0], ["A", "B", "C"], 0) is None
    assert T.sealed(s, 1, Decision("keep", {"card": second}))
    assert first not in json.dumps(T.view(after, 1))
    for seat in (0, 2, None):  # nobody else learns the choice, nor who has chosen
        v = T.view(after, seat)
        assert second not in json.dumps(v) and first not in json.dumps(v)
        assert v["pending"]["waiting"] == 2
        assert v["pending"]["seats"] == ([] if seat is None else [seat])
    assert T.view(after, 1)["pending"]["seats"] == []
    assert T.options(after, 1) == []


def test_the_turn_goes_on_once_every_seat_has_kept() -> None:
    """G-ASYNC-14: the game continues only when every seat has chosen."""
    s = keep_all(to_keep(3))
    assert all(k is not None for k in s.short["kept"])
    assert s.queue[0]["t"] != "keep_event"
    assert T.pending(s)[0].seat == s.turn
    for seat in (0, 1, 2):  # from now on the owner sees his kept event only
        assert T.view(s, seat)["short"]["own"]["kept"] == s.short["kept"][seat]
        assert shown(s, seat) == set(s.short["public"]) | {s.short["kept"][seat]}
    assert shown(s, None) == set(s.short["public"])


def test_a_card_not_dealt_to_him_is_refused() -> None:
    """V-SHORT-10: only one of his own two events; the state is unchanged."""
    s = to_keep(3)
    other = s.short["dealt"][0][0]
    refused(s, 1, "keep", "V-SHORT-10", card=other)
    refused(s, 1, "keep", "V-SHORT-10", card=s.short["public"][0])


def test_the_timeout_default_keeps_the_first_dealt_card() -> None:
    """G-VAR-5, G-ASYNC-19: the host's pass for a seat out of time keeps the first card."""
    s = to_keep(3)
    for seat in (0, 1, 2):
        assert T.pass_decision(s, seat) == Decision("keep", {"card": s.short["dealt"][seat][0]})


def test_the_prompt_and_label_in_four_languages() -> None:
    """The keep's prompt names no card (the channel shows it) and its label names the card."""
    from data.i18n import t
    s = to_keep(3)
    prompt = next(p for p in T.pending(s) if p.seat == 0)
    assert T.prompt_text(s, prompt).startswith("end of Age I")
    card = s.short["dealt"][0][0]
    assert card not in T.prompt_text(s, prompt)
    for lang in ("en", "cs", "de", "pl"):
        assert "{" not in t("tta.decision.keep", lang, card="X")
        assert t("tta.prompt.keep_event", lang) != "tta.prompt.keep_event"
    keep = T.options(s, 0)[0]
    assert T.describe(keep) == f"Keep {card_name(keep.args['card'])}"
    assert T.menu_title(T.group_key(keep)) == "Event to keep"


@pytest.mark.parametrize("seat", [0, 1, 2])
def test_a_state_round_trip_keeps_the_events(seat: int) -> None:
    """The shorter game's field survives dump/load (the host stores the state)."""
    s = to_keep(3)
    s = play(s, seat, "keep", card=s.short["dealt"][seat][1])
    assert T.load(T.dump(s)).short == s.short


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_the_ai_keeps_the_event_worth_more_to_it(level: str) -> None:
    """V-SHORT-10 (engine/tta/ai): the AI values each of its two events with impacts.py on its
    own view and keeps the one that gives it more culture — by its own logic, not the
    fallback. Seat 0 has two colonies and no wonder: Impact of Colonies (3 each) beats Impact
    of Wonders (nothing)."""
    from engine.tta.ai import decide
    s = to_keep(3).clone()
    s.short["dealt"][0] = ["impact_of_wonders_iii", "impact_of_colonies_iii"]
    s.players[0].colonies = ["vast_territory_i", "historic_territory_i"]
    s.players[0].wonders = []
    d, own = decide(s, 0, level)
    assert d == Decision("keep", {"card": "impact_of_colonies_iii"}) and own


def test_the_terminal_table_and_panel_show_what_each_may_see() -> None:
    """V-SHORT-14: the table names the public events and War over Culture for everybody; a
    seat's panel names his own events, only from the end of Age I."""
    s = to_keep(3)
    public = T.table_lines(T.view(s, None))
    assert any(line.startswith("Public events and war: ") and "War over Culture" in line
               for line in public)
    mine = T.panel_lines(T.view(s, 0), 0)
    names = ", ".join(card_name(c) for c in s.short["dealt"][0])
    assert f"Your Age III events: {names}" in mine
    assert not any("Age III events" in line for line in T.panel_lines(T.view(short(3), 0), 0))
