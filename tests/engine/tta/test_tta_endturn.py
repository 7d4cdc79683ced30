"""The end-of-turn sequence (T-EOT-1): military discard (T-MDISC-1), production — points
(T-SCORE-1), corruption (T-CORR), food production (T-PROD-1), consumption and famine (T-FOOD-1),
resource production (T-PROD-2) — skipped in an uprising (T-HAPPY), military draws (T-MDRAW-1),
reset (T-RESET-1); and the tutorial final scoring (T-TSCORE)."""

from __future__ import annotations

import engine.tta as T
from engine.core import Event
from engine.tta.production import production
from engine.tta.scoring import breakdown
from engine.tta.state import Player
from engine.tta.stats import (
    civil_available,
    consumption,
    corruption_of,
    discontent,
    military_available,
    stats,
    uprising,
)
from engine.tta.tokens import stored
from tests.engine.tta.tta_helpers import actor, arrange, end_round_one, game, play, refused


def fresh() -> Player:
    return game(3).players[0]


def test_production_and_consumption_example() -> None:
    """T-EOT-1 step 2 in order: score 1 science; no corruption (16 - 4 = 12 tokens in the
    bank); 2 food onto Agriculture; consumption 3 with the yellow bank at 8 (T-FOOD-1); 2
    resources onto Bronze."""
    p = fresh()
    arrange(p, blue={"agriculture_a": 2, "bronze_a": 2}, yellow_bank=8)
    assert consumption(p) == 3 and corruption_of(p) == 0
    events: list[Event] = []
    production(p, events)
    assert (p.science, p.culture) == (1, 0)
    assert p.blue == {"agriculture_a": 1, "bronze_a": 4}  # 2 + 2 - 3 food, 2 + 2 resources
    assert events[-1].args["consumption"] == 3 and events[-1].args["famine"] == 0


def test_corruption_example() -> None:
    """T-CORR-1/2: 5 tokens in the blue bank uncover -4: 4 resources are lost before
    production (T-CORR-3); production then fills from the bank."""
    p = fresh()
    arrange(p, blue={"bronze_a": 6, "agriculture_a": 5})
    assert p.blue_bank == 5 and corruption_of(p) == 4
    production(p, [])
    assert p.blue == {"bronze_a": 2 + 2, "agriculture_a": 5 + 2}


def test_corruption_short_of_resources_takes_food() -> None:
    """T-CORR-2, G-CORR-1: lose all resources and food for the rest, no other penalty."""
    p = fresh()
    arrange(p, workers={"philosophy_a": 1, "warriors_a": 1}, pool=5,
            blue={"bronze_a": 1, "agriculture_a": 12})
    assert corruption_of(p) == 4
    production(p, [])
    assert p.blue == {"agriculture_a": 9} and p.culture == 0


def test_famine_costs_four_culture_per_missing_food() -> None:
    """T-FOOD-1, G-FOOD-1: consumption 4 (yellow bank at 3), 1 food stored, no farms: pay 1,
    lose 4 x 3 culture."""
    p = fresh()
    arrange(p, workers={"philosophy_a": 1, "warriors_a": 1, "bronze_a": 2},
            blue={"agriculture_a": 1}, yellow_bank=3, culture=20)
    arrange(p, techs=["drama_i"], workers={**p.workers, "religion_a": 2, "drama_i": 2})
    assert uprising(p) is False
    production(p, [])
    assert stored(p, "farm") == 0
    assert p.culture == 20 + stats(p).culture - 12


def test_discontent_and_the_uprising_checks() -> None:
    """T-HAPPY-6(a): after the second increase (yellow bank 16) happiness 0 leaves one worker
    discontent; a temple fixes it. (b) Happiness 1 (one Age A temple), three empty sections
    (yellow bank 10): 2 discontent, 1 unused worker: uprising. Upgrading the temple to Age I,
    building an Age I temple with the unused worker, or a population increase that does not
    empty section 4 each avert it."""
    p = fresh()
    arrange(p, yellow_bank=16)
    assert discontent(p) == 1
    arrange(p, workers={**p.workers, "religion_a": 1})
    assert discontent(p) == 0
    q = fresh()
    arrange(q, techs=["theology_i"], workers={**q.workers, "religion_a": 1}, yellow_bank=10)
    q.pool = 1
    assert stats(q).happiness == 1 and discontent(q) == 2 and uprising(q)
    up = {**q.workers, "theology_i": 1}
    up.pop("religion_a")
    upgraded = fresh()
    arrange(upgraded, techs=["theology_i"], workers=up, yellow_bank=10)
    upgraded.pool = 1
    assert discontent(upgraded) == 1 and not uprising(upgraded)
    built = fresh()
    arrange(built, techs=["theology_i"], workers={**q.workers, "theology_i": 1},
            yellow_bank=10)
    built.pool = 0
    assert discontent(built) == 0 and not uprising(built)
    grown = fresh()
    arrange(grown, techs=["theology_i"], workers=dict(q.workers), yellow_bank=9)
    grown.pool = 2
    assert discontent(grown) == 2 and not uprising(grown)


def test_an_uprising_skips_the_whole_production_phase() -> None:
    """T-HAPPY-5, T-EOT-1: no points, no corruption, no production; the rest still runs."""
    p = fresh()
    arrange(p, yellow_bank=12, pool=0, blue={"bronze_a": 1})
    assert uprising(p)
    events: list[Event] = []
    production(p, events)
    assert (p.science, p.blue) == (0, {"bronze_a": 1})
    assert events[-1].template == "tta.uprising"


def test_no_uprising_in_round_one() -> None:
    """T-HAPPY-7: the full yellow bank needs no happy face."""
    s = game(4)
    assert all(not uprising(p) for p in s.players)


def test_military_draws_and_the_discard() -> None:
    """T-MDRAW-1: one card per unspent MA (here 2); the next turn's end step 1 asks to discard
    down to the MA total (T-MDISC-1, T-HAND-2), face down and sealed; actions reset."""
    s = end_round_one(game(3, start=0))
    deck = list(s.military_deck["I"])
    s = play(s, 0, "end")
    p = s.players[0]
    assert p.military == list(reversed(deck[-2:])) and len(s.military_deck["I"]) == len(deck) - 2
    assert (civil_available(p), military_available(p)) == (4, 2)
    p.military.extend(s.military_deck["I"][-2:])  # four cards in hand, limit 2
    s = play(s, 1, "end")
    s = play(s, 2, "end")
    s = play(s, 0, "end")
    assert T.pending(s)[0].kind == "discard" and T.pending(s)[0].seat == 0
    refused(s, 0, "end", "T-MDISC-1")
    card = s.players[0].military[0]
    assert T.sealed(s, 0, T.options(s, 0)[0])
    after, events = T.apply(s, 0, T.options(s, 0)[0])
    assert any(e.private_to == 0 for e in events)
    assert card in s.players[0].military


def test_at_most_three_draws() -> None:
    """T-MDRAW-1: at most 3 cards even with more unspent military actions."""
    s = end_round_one(game(3, start=0))
    actor(s).government = "constitutional_monarchy_ii"  # 4 MA
    s = play(s, 0, "end")
    assert len(s.players[0].military) == 3


def test_reshuffle_the_discards_when_the_deck_runs_out() -> None:
    """T-MDRAW-1, T-DISC-2: the age's discards become the new deck."""
    s = end_round_one(game(3, start=0))
    s.military_discard["I"] = s.military_deck["I"][:-1]
    s.military_deck["I"] = s.military_deck["I"][-1:]
    s = play(s, 0, "end")
    assert len(s.players[0].military) == 2 and s.military_discard["I"] == []


def test_tutorial_final_scoring() -> None:
    """T-TSCORE-1, G-TSCORE-1/2: Age I tech 1, Age II tech 2, government double; science
    rating; strength; happiness; food + resources produced; 6 per completed Age II wonder."""
    p = fresh()
    arrange(p, techs=["irrigation_i", "coal_ii", "masonry_i"], government="monarchy_i",
            wonders=["eiffel_tower_ii", "pyramids_a"])
    items = breakdown(p)
    assert items["technologies"] == 1 + 2 + 1 + 2 * 1
    assert items["science"] == 1 and items["strength"] == 1
    assert items["happiness"] == 1  # Eiffel Tower's happy face
    assert items["production"] == 2 + 2
    assert items["wonders"] == 6 and items["colonies"] == 0


def test_a_discard_of_identical_cards_is_still_asked_and_never_published() -> None:
    """T-MDISC-1: the discard is face down. With only one kind of card in hand the choice is
    still awaited (a forced move would be published with the card's name)."""
    s = end_round_one(game(3, start=0))
    s.players[0].military = ["defense_colonization_i"] * 3
    s.players[0].ma_spent = 2  # nothing drawn this turn
    s = play(s, 0, "end")
    assert [(p.seat, p.kind) for p in T.pending(s)] == [(0, "discard")]
    after, events = T.apply(s, 0, T.options(s, 0)[0])
    assert all(e.template != "forced" for e in events)
    public = [e for e in events if e.private_to is None]
    assert all("defense_colonization_i" not in str(e.args) for e in public)
    assert after.players[0].military == ["defense_colonization_i"] * 2
    assert T.pending(after)[0].seat == 1
