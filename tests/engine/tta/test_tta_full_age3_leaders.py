"""The Age III leaders (C-50…C-55, G-LEAD-2, G-ASYNC-13): Winston Churchill's choice and its
default, Albert Einstein, Bill Gates (production, leaving play, the final-scoring award),
Charlie Chaplin, Sid Meier, Mahatma Gandhi's symbol (his ban on attacks, F-POL-4, belongs to
the aggressions)."""

from __future__ import annotations

import engine.tta as T
from engine.core import Decision
from engine.tta.labels import describe
from engine.tta.leaders3 import bill_gates_award
from engine.tta.preview import end_of_turn, turn_preview
from engine.tta.production import production
from engine.tta.state import Player, State
from engine.tta.stats import output, stats
from engine.tta.text import event_text
from engine.tta.tokens import stored
from tests.engine.tta.tta_helpers import actor, arrange, end_round_one, game, play, refused

CHURCHILL = "winston_churchill_iii"
GATES = "bill_gates_iii"


def start(**fields: object) -> State:
    s = end_round_one(game(3, start=0))
    s.age = "III"
    arrange(actor(s), **fields)
    return s


def bare(workers: dict[str, int] | None = None, **fields: object) -> Player:
    """A player with only the given workers (the rest unused)."""
    p = game(3).players[0]
    arrange(p, workers={}, pool=7)
    arrange(p, workers=workers or {}, **fields)
    return p


def apply(s: State, kind: str, **args: object) -> tuple[State, list[str]]:
    s, events = T.apply(s, 0, Decision(kind, args))
    return s, [e.template for e in events]


# --- Winston Churchill (C-50) ---------------------------------------------------------------------

def test_churchill_culture_once_per_turn_in_the_turn_he_is_played() -> None:
    """C-50: usable in the turn he is played, at no action cost: 3 culture; once per turn."""
    s = start(hand=[CHURCHILL])
    s = play(s, 0, "leader", card=CHURCHILL)
    kinds = {(d.kind, d.args.get("choice")) for d in T.options(s, 0)}
    assert {("churchill", "culture"), ("churchill", "military")} <= kinds
    p = actor(s)
    s, events = apply(s, "churchill", choice="culture")
    q = actor(s)
    assert q.culture == p.culture + 3 and q.ca_spent == p.ca_spent and q.ma_spent == p.ma_spent
    assert "tta.churchill_culture" in events
    refused(s, 0, "churchill", "C-50", choice="military")
    assert not [d for d in T.options(s, 0) if d.kind == "churchill"]


def test_churchill_military_allowances() -> None:
    """C-50: 3 science only toward developing unit technologies and 3 resources only toward
    units, this turn; a special technology may not use the science."""
    s = start(leader=CHURCHILL, hand=["air_forces_iii", "military_theory_iii"], science=9,
              blue={"bronze_a": 4})
    refused(s, 0, "develop", "T-TECH-2", card="air_forces_iii")  # 12 science: 9 is short
    s, events = apply(s, "churchill", choice="military")
    assert "tta.churchill_military" in events
    p = actor(s)
    assert (p.unit_science, p.allowance) == (3, 3)
    refused(s, 0, "develop", "T-TECH-2", card="military_theory_iii")  # 11 > 9
    s = play(s, 0, "develop", card="air_forces_iii")
    p = actor(s)
    assert p.science == 0 and p.unit_science == 0
    s = play(s, 0, "build", card="air_forces_iii")  # 7 resources: 3 from the allowance
    p = actor(s)
    assert p.workers["air_forces_iii"] == 1 and stored(p, "mine") == 0 and p.allowance == 0


def test_churchill_allowances_expire_at_the_reset() -> None:
    """C-50, G-ACARD-2: unused allowances end with the turn."""
    s = start(leader=CHURCHILL)
    s = play(s, 0, "churchill", choice="military")
    s = play(s, 0, "end")
    p = s.players[0]
    assert (p.unit_science, p.allowance) == (0, 0)


def test_churchill_default_when_the_action_phase_ends() -> None:
    """G-LEAD-2, G-ASYNC-13: no choice by the end of the action phase scores the 3 culture
    then (before production adds the culture rating)."""
    s = start(leader=CHURCHILL)
    p = actor(s)
    rating = stats(p).culture
    s, events = apply(s, "end")
    assert "tta.churchill_default" in events
    assert s.players[0].culture == p.culture + 3 + rating
    chosen = play(start(leader=CHURCHILL), 0, "churchill", choice="military")
    before = chosen.players[0].culture
    chosen, events = apply(chosen, "end")
    assert "tta.churchill_default" not in events
    assert chosen.players[0].culture == before + rating


def test_churchill_not_without_him() -> None:
    """C-50: only his owner chooses."""
    refused(start(), 0, "churchill", "C-50", choice="culture")
    refused(start(leader=CHURCHILL), 0, "churchill", "C-50", choice="both")


def test_churchill_labels_and_events_in_every_language() -> None:
    """Every option names the card; every event has a text in the four languages."""
    for loc in ("en", "cs", "de", "pl"):
        for choice in ("culture", "military"):
            label = describe(Decision("churchill", {"choice": choice}), loc)
            assert "Winston Churchill" in label and "{" not in label
    s = start(leader=CHURCHILL)
    _, events = T.apply(s, 0, Decision("churchill", {"choice": "military"}))
    _, more = T.apply(s, 0, Decision("end", {}))
    for e in [*events, *more]:
        if e.template.startswith("tta.churchill"):
            for loc in ("en", "cs", "de", "pl"):
                text = event_text(e, ["A", "B", "C"], None, loc)
                assert text and "Churchill" in text and "{" not in text


# --- Albert Einstein (C-51) -----------------------------------------------------------------------

def test_einstein_science_from_the_best_lab_or_library() -> None:
    """C-51: science rating + the level of the best lab or library that has a worker."""
    p = bare(techs=["alchemy_i", "journalism_ii"],
             workers={"alchemy_i": 1, "journalism_ii": 1})
    base = stats(p).science
    arrange(p, leader="albert_einstein_iii")
    assert stats(p).science == base + 2


def test_einstein_culture_per_technology_developed() -> None:
    """C-51: 3 culture for every technology developed — a special technology, a government by
    peaceful change and by revolution."""
    s = start(leader="albert_einstein_iii", hand=["oil_iii", "democracy_iii"], science=30)
    c = actor(s).culture
    s = play(s, 0, "develop", card="oil_iii")
    assert actor(s).culture == c + 3
    rev = start(leader="albert_einstein_iii", hand=["democracy_iii"], science=9)
    rev = play(rev, 0, "revolution", card="democracy_iii")
    assert actor(rev).culture == 3
    peace = play(s, 0, "develop", card="democracy_iii")
    assert actor(peace).culture == c + 6


# --- Bill Gates (C-52) ----------------------------------------------------------------------------

def gates_player() -> Player:
    """Labs: Computers (3) + Alchemy (1) + Philosophy (0) = 4."""
    return bare(techs=["computers_iii", "alchemy_i"], leader=GATES,
                workers={"bronze_a": 1, "computers_iii": 1, "alchemy_i": 1, "philosophy_a": 1,
                         "agriculture_a": 1, "religion_a": 1},
                yellow_bank=17)


def test_bill_gates_lab_resources_in_production() -> None:
    """C-52: each production's resource step adds the labs' levels (4) after the mines (1);
    they are not mine production (Impact of Industry reads mines only, G-END-7)."""
    p = gates_player()
    events: list = []
    production(p, events)
    assert stored(p, "mine") == 1 + 4
    assert events[-1].args["resources"] == 5
    assert output(p, "mine") == 1


def test_bill_gates_nothing_in_an_uprising() -> None:
    """C-52, T-HAPPY-5: an uprising skips production, his resources too."""
    p = gates_player()
    arrange(p, workers={"computers_iii": 1, "alchemy_i": 1, "bronze_a": 1}, pool=0,
            yellow_bank=4)
    p.pool = 0
    events: list = []
    production(p, events)
    assert events[-1].template == "tta.uprising" and stored(p, "mine") == 0


def test_bill_gates_scores_when_replaced() -> None:
    """C-52: leaving play, the owner scores the labs' levels at that moment."""
    s = start(leader=GATES, hand=["sid_meier_iii"],
              techs=["computers_iii"], workers={"bronze_a": 2, "computers_iii": 2})
    c = actor(s).culture
    s, events = apply(s, "leader", card="sid_meier_iii")
    assert actor(s).culture == c + 6 and "tta.leaving_culture" in events


def test_bill_gates_award_for_final_scoring() -> None:
    """C-52, F-END-7 step 2: `bill_gates_award` gives the labs' levels, and nothing without
    him; it changes nothing itself."""
    p = gates_player()
    s = start()
    culture = p.culture
    assert bill_gates_award(s, p) == 4 and p.culture == culture
    arrange(p, leader="sid_meier_iii")
    assert bill_gates_award(s, p) == 0


# --- Charlie Chaplin, Sid Meier, Mahatma Gandhi (C-53…C-55) ------------------------------------

def test_charlie_chaplin() -> None:
    """C-53: +2 happy faces; the best theatre's printed culture once more (Movies 4, not
    Drama's 2)."""
    p = bare(techs=["drama_i", "movies_iii"], workers={"drama_i": 2, "movies_iii": 1})
    base = stats(p)
    arrange(p, leader="charlie_chaplin_iii")
    assert stats(p).culture == base.culture + 4
    assert stats(p).happiness == base.happiness + 2


def test_sid_meier() -> None:
    """C-54, the FAQ example: two Computers give 8 science and 6 culture."""
    p = bare(techs=["computers_iii"], workers={"computers_iii": 2})
    base = stats(p)
    arrange(p, leader="sid_meier_iii")
    assert stats(p).science == base.science - 10 + 8
    assert stats(p).culture == base.culture + 6


def test_mahatma_gandhi_culture() -> None:
    """C-55: +2 culture rating (a symbol); F-POL-4 reads his id (aggressions)."""
    p = bare()
    base = stats(p).culture
    arrange(p, leader="mahatma_gandhi_iii")
    assert stats(p).culture == base + 2


def test_churchill_default_even_in_an_uprising() -> None:
    """C-50, G-LEAD-2: the default culture is scored when the action phase ends, though the
    uprising then skips production (T-HAPPY-5)."""
    s = start(leader=CHURCHILL, workers={"bronze_a": 1}, yellow_bank=4, pool=0)
    p = actor(s)
    assert p.pool == 0
    s, events = apply(s, "end")
    assert "tta.uprising" in events and "tta.churchill_default" in events
    assert s.players[0].culture == p.culture + 3


def test_churchill_default_in_the_end_of_turn_preview() -> None:
    """G-LEAD-2: the end-of-turn preview tells the default culture while no choice is made,
    and nothing once chosen; the preview changes nothing."""
    s = start(leader=CHURCHILL)
    c = actor(s).culture
    assert end_of_turn(s, 0)["churchill"] == 3 and actor(s).culture == c
    for loc in ("en", "cs", "de", "pl"):
        lines = turn_preview(s, 0, loc)
        assert any("Winston Churchill" in line and "3" in line for line in lines)
    chosen = play(s, 0, "churchill", choice="culture")
    assert end_of_turn(chosen, 0)["churchill"] == 0


def test_bill_gates_leaving_event_text() -> None:
    """C-52: the leaving-play culture is told in the four languages."""
    s = start(leader=GATES, hand=["sid_meier_iii"],
              techs=["computers_iii"], workers={"bronze_a": 2, "computers_iii": 1})
    _, events = T.apply(s, 0, Decision("leader", {"card": "sid_meier_iii"}))
    e = next(e for e in events if e.template == "tta.leaving_culture")
    assert e.args["culture"] == 3
    for loc in ("en", "cs", "de", "pl"):
        text = event_text(e, ["A", "B", "C"], None, loc)
        assert text and "Bill Gates" in text and "3" in text and "{" not in text
