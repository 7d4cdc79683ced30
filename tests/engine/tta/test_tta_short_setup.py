"""The shorter game's setup (shared/rules/through-the-ages.md §4.1): the decks of V-SHORT-8, the
end-game deck dealt by V-SHORT-9, the public War over Culture (V-SHORT-3) and none in a peaceful
game (V-PEACE-6), the option in the lobby (F-SETUP-3, V-OPT-1)."""

from __future__ import annotations

from collections import Counter

import pytest
from tta_short_helpers import short

import engine.tta as T
from data.tta import CARDS, ROW_SIZE, deck
from engine.tta.shortgame import END_GAME_EVENTS, WAR_OVER_CULTURE


def test_the_lobby_offers_the_shorter_game() -> None:
    """F-SETUP-3: `mode` = short is a choice of the lobby, with its name in every language."""
    spec = {o.name: o for o in T.INFO.options}
    assert "short" in spec["mode"].choices
    from data.i18n import t
    assert {t("tta.choice.mode.short", lang) for lang in ("en", "cs", "de", "pl")} == {
        "shorter game", "zkrácená hra", "kürzeres Spiel", "krótsza gra"}
    assert short().options["mode"] == "short"


def test_the_end_game_deck_holds_the_fifteen_age_iii_events() -> None:
    """V-SHORT-8: of the Age III military deck only its 15 events (and one War over Culture)."""
    assert len(END_GAME_EVENTS) == 15
    assert all(CARDS[c].age == "III" and CARDS[c].kind == "event" for c in END_GAME_EVENTS)


@pytest.mark.parametrize("n", [2, 3, 4])
def test_decks_are_ages_a_to_ii_with_every_political_card(n: int) -> None:
    """V-SHORT-8: civil A, I, II trimmed (T-SETUP-7); military A, I, II with every political
    card (the pacts out at 2 players, F-PACT-1); no Age III deck at all (V-SHORT-4)."""
    s = short(n)
    assert set(s.civil) == {"A", "I", "II"}
    assert "III" not in s.military_deck
    row = [c for c in s.row if c is not None]
    assert len(row) == ROW_SIZE
    assert Counter(s.civil["A"] + row) == Counter(deck("A", "civil", n, "full"))
    for age in ("I", "II"):
        assert Counter(s.civil[age]) == Counter(deck(age, "civil", n, "full"))
        assert Counter(s.military_deck[age]) == Counter(deck(age, "military", n, "full"))
    sizes = {2: (43, 46), 3: (45, 50), 4: (45, 50)}[n]  # F-SETUP-2
    assert (len(s.military_deck["I"]), len(s.military_deck["II"])) == sizes
    kinds = {CARDS[c].kind for age in ("I", "II") for c in s.military_deck[age]}
    assert {"aggression", "war"} <= kinds
    assert ("pact" in kinds) == (n > 2)  # F-PACT-1
    assert len(s.events) == n + 2  # T-SETUP-13: Age A events as in every game


@pytest.mark.parametrize("n", [2, 3, 4])
def test_two_events_dealt_to_each_player_three_public_the_rest_unseen(n: int) -> None:
    """V-SHORT-9: 2 face down to every player, 3 face up; 15 - 2n - 3 back to the box unseen
    (not stored); V-SHORT-3: the public War over Culture; all distinct events."""
    s = short(n, seed=7)
    dealt = [c for hand in s.short["dealt"] for c in hand]
    assert [len(hand) for hand in s.short["dealt"]] == [2] * n
    assert len(s.short["public"]) == 3
    assert s.short["kept"] == [None] * n
    assert s.short["war"] == WAR_OVER_CULTURE
    used = dealt + s.short["public"]
    assert len(set(used)) == len(used) == 2 * n + 3
    assert set(used) <= set(END_GAME_EVENTS)
    # V-SHORT-8: no Age III event ever enters a hand or an events deck
    seen = [*s.events, *s.future_events, *s.past_events,
            *(c for p in s.players for c in p.hand + p.military)]
    assert not set(seen) & set(END_GAME_EVENTS)


def test_dealing_goes_round_the_table_from_the_starting_player() -> None:
    """V-SHORT-9: seat order from the starting player, one card each per round of dealing —
    so the same shuffle dealt from another starting player gives the same cards, rotated."""
    one, two = short(3, seed=5, start=0), short(3, seed=5, start=1)
    # the same seed and the same decks: only the order of dealing differs
    order_one = [one.short["dealt"][q][k] for k in range(2) for q in (0, 1, 2)]
    order_two = [two.short["dealt"][q][k] for k in range(2) for q in (1, 2, 0)]
    assert order_one == order_two
    assert one.short["public"] == two.short["public"]


def test_peaceful_short_game_has_no_public_war() -> None:
    """V-PEACE-6, V-OPT-1: with `peaceful` on no War over Culture is set out and no war or
    aggression is in the decks; the events are dealt all the same."""
    s = short(3, peaceful="strict")
    assert s.short["war"] is None
    assert not any(CARDS[c].kind in ("war", "aggression")
                   for age in ("I", "II") for c in s.military_deck[age])
    assert [len(hand) for hand in s.short["dealt"]] == [2, 2, 2]


def test_the_final_age_is_the_card_less_age_iii() -> None:
    """V-SHORT-11, F-AGE-4: the shorter game's final age is Age III, with no deck."""
    v = T.view(short(), 0)
    assert v["final_age"] == "III" and v["mode"] == "short"
