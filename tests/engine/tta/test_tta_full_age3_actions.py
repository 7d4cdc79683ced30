"""The Age III action cards (C-60…C-67, T-ACARD, G-ACARD-2/3): each played through
`engine.tta.apply` for 1 civil action, not in the turn it was taken."""

from __future__ import annotations

import pytest

import engine.tta as T
from engine.core import Decision
from engine.tta.labels import describe
from engine.tta.state import State
from engine.tta.stats import military_available, stats
from engine.tta.tokens import stored
from tests.engine.tta.tta_helpers import actor, arrange, end_round_one, game, play, refused


def ready(card: str, n: int = 3, **fields: object) -> State:
    s = end_round_one(game(n, start=0))
    s.age = "III"
    arrange(actor(s), hand=[card], **fields)
    return s


@pytest.mark.parametrize(("gain", "kind"), [("food", "farm"), ("resources", "mine")])
def test_reserves(gain: str, kind: str) -> None:
    """C-60: 4 food or 4 resources, the player's choice; 1 CA."""
    s = ready("reserves_iii")
    p = actor(s)
    s = play(s, 0, "play", card="reserves_iii", gain=gain)
    q = actor(s)
    assert stored(q, kind) == stored(p, kind) + 4 and q.ca_spent == p.ca_spent + 1
    assert "reserves_iii" in s.removed and not q.hand
    refused(ready("reserves_iii"), 0, "play", "T-ACARD-3", card="reserves_iii")


def test_efficient_upgrade() -> None:
    """C-61: upgrade a farm, mine or urban building for 4 resources less (floor 0); building
    is no upgrade. Bronze → Oil costs 11 − 2 = 9, with the card 5."""
    s = ready("efficient_upgrade_iii", techs=["oil_iii"], blue={"bronze_a": 5})
    after = play(s, 0, "play", card="efficient_upgrade_iii", target="bronze_a", to="oil_iii")
    p = actor(after)
    assert p.workers["oil_iii"] == 1 and stored(p, "mine") == 0
    refused(s, 0, "play", "T-ACARD-3", card="efficient_upgrade_iii", target="oil_iii")
    cheap = ready("efficient_upgrade_iii", techs=["iron_i"], blue={"bronze_a": 1})
    cheap = play(cheap, 0, "play", card="efficient_upgrade_iii", target="bronze_a",
                 to="iron_i")  # 5 − 2 − 4 < 0: free
    assert stored(actor(cheap), "mine") == 1


def test_endowment_for_the_arts() -> None:
    """C-62, G-ACARD-3: 3 culture (3 remaining players) per player with strictly more culture
    points; a tie does not count."""
    s = ready("endowment_for_the_arts_iii", culture=10)
    s.players[1].culture = 11
    s.players[2].culture = 10
    s = play(s, 0, "play", card="endowment_for_the_arts_iii")
    assert actor(s).culture == 10 + 3


def test_endowment_counts_remaining_players() -> None:
    """C-62, G-ACARD-3: with a resigned player, the table for 2 remaining players (6 each)
    and the resigned player is not counted."""
    s = ready("endowment_for_the_arts_iii", culture=0)
    s.players[1].culture = 5
    s.players[2].culture = 50
    s.players[2].resigned = True
    s = play(s, 0, "play", card="endowment_for_the_arts_iii")
    assert actor(s).culture == 6


def test_engineering_genius() -> None:
    """C-63, T-ACARD-6: exactly one stage of the own wonder for 5 less, even with Engineering
    (4 stages per action). Internet's first stage (2) is free."""
    s = ready("engineering_genius_iii", wonder="internet_iii", techs=["engineering_iii"],
              blue={"bronze_a": 3})
    s = play(s, 0, "play", card="engineering_genius_iii")
    p = actor(s)
    assert p.wonder_stages == 1 and stored(p, "mine") == 3
    refused(ready("engineering_genius_iii"), 0, "play", "T-WOND-4",
            card="engineering_genius_iii")


def test_urban_growth() -> None:
    """C-64: build or upgrade an urban building for 4 resources less: Computers 11 → 7;
    Philosophy → Computers 11 − 3 − 4 = 4."""
    s = ready("urban_growth_iii", techs=["computers_iii"], blue={"bronze_a": 7})
    built = play(s, 0, "play", card="urban_growth_iii", target="computers_iii")
    assert stored(actor(built), "mine") == 0 and actor(built).workers["computers_iii"] == 1
    up = play(s, 0, "play", card="urban_growth_iii", target="philosophy_a", to="computers_iii")
    assert stored(actor(up), "mine") == 3 and "philosophy_a" not in actor(up).workers
    refused(s, 0, "play", "T-ACARD-3", card="urban_growth_iii", target="bronze_a")


def test_military_build_up() -> None:
    """C-65, G-ACARD-3: a unit allowance of 5 (3 remaining players) per player strictly
    stronger; a tie does not count; it pays a unit build."""
    s = ready("military_build_up_iii", blue={"bronze_a": 2})
    arrange(s.players[1], workers={**s.players[1].workers, "warriors_a": 3})
    arrange(s.players[2], workers={**s.players[2].workers, "warriors_a": 1})  # tied
    s = play(s, 0, "play", card="military_build_up_iii")
    assert actor(s).allowance == 5
    s = play(s, 0, "build", card="warriors_a")
    assert stored(actor(s), "mine") == 2 and actor(s).allowance == 3
    s = play(s, 0, "end")
    assert s.players[0].allowance == 0  # G-ACARD-2: this turn only


def test_military_build_up_with_two_remaining() -> None:
    """C-65, G-ACARD-3: 8 per stronger player when two players remain (resigned ones not
    counted, however strong)."""
    s = ready("military_build_up_iii")
    arrange(s.players[1], workers={**s.players[1].workers, "warriors_a": 3})
    arrange(s.players[2], workers={**s.players[2].workers, "warriors_a": 5})
    s.players[2].resigned = True
    s = play(s, 0, "play", card="military_build_up_iii")
    assert actor(s).allowance == 8


def test_patriotism() -> None:
    """C-66, G-ACARD-2: +1 military action this turn and a 4-resource unit allowance."""
    s = ready("patriotism_iii")
    p = actor(s)
    s = play(s, 0, "play", card="patriotism_iii")
    q = actor(s)
    assert military_available(q) == military_available(p) + 1 and q.allowance == 4
    assert stats(q).military_limit == stats(p).military_limit


def test_revolutionary_idea() -> None:
    """C-67: 6 science points, the ratings unchanged."""
    s = ready("revolutionary_idea_iii")
    p = actor(s)
    s = play(s, 0, "play", card="revolutionary_idea_iii")
    assert actor(s).science == p.science + 6 and stats(actor(s)) == stats(p)


def test_age3_action_cards_are_offered_and_labelled() -> None:
    """Every Age III action card in hand is among the options when playable, its label naming
    the card in the four languages."""
    cards = ["reserves_iii", "endowment_for_the_arts_iii", "military_build_up_iii",
             "patriotism_iii", "revolutionary_idea_iii", "urban_growth_iii"]
    s = ready(cards[0], blue={"bronze_a": 8}, techs=["computers_iii"])
    actor(s).hand = list(cards)
    played = {d.args["card"] for d in T.options(s, 0) if d.kind == "play"}
    assert played == set(cards)
    for loc in ("en", "cs", "de", "pl"):
        label = describe(Decision("play", {"card": "reserves_iii", "gain": "food"}), loc)
        assert "{" not in label and len(label) <= 80
