"""The Age III civil deck is whole in the engine and its card texts say what the engine does:
each of the 35 faces is handled (a table entry, a named function or plain data, tested in
test_tta_full_age3_*.py and test_tta_full_air_forces.py), and the figures the English texts
(engine/tta/cardtext.py, data/tta/locale/cards/en.json) print are the engine's own numbers
(C-50…C-72)."""

from __future__ import annotations

from data.tta import CARDS
from engine.tta import actioncards, effects, leaders3
from engine.tta.cardtext import card_effect
from engine.tta.wonder_culture import ONE_TIME

AGE3_CIVIL = {c.id for c in CARDS.values() if c.age == "III" and c.deck == "civil"}
# the cards that are data only (C-72, C-68…C-71): their symbols are cards.csv columns
DATA = {"communism_iii", "democracy_iii", "fundamentalism_iii", "mechanized_agriculture_iii",
        "oil_iii", "computers_iii", "multimedia_iii", "professional_sports_iii", "movies_iii",
        "modern_infantry_iii", "tanks_iii", "rockets_iii", "air_forces_iii",
        "civil_service_iii", "military_theory_iii", "satellites_iii", "engineering_iii"}
# leaders whose whole effect is a cards.csv symbol (Gandhi's attack ban: F-POL-4, aggressions)
SYMBOL_LEADERS = {"mahatma_gandhi_iii"}


def test_every_age3_civil_card_is_handled() -> None:
    """35 faces: data, a statistic bonus, an engine rule of its own, a one-time wonder
    culture or an action card."""
    assert len(AGE3_CIVIL) == 35
    named = (set(effects.STAT_BONUS) | set(effects.DEVELOP_CULTURE) | effects.LAB_RESOURCES
             | {leaders3.CHURCHILL} | set(ONE_TIME) | set(actioncards.ACTION_CARDS)
             | set(effects.URBAN_DISCOUNT))
    assert not AGE3_CIVIL - DATA - SYMBOL_LEADERS - named
    assert CARDS["mahatma_gandhi_iii"].culture == 2 and CARDS["charlie_chaplin_iii"].happiness == 2


def test_action_card_texts_print_the_engine_figures() -> None:
    """C-62, C-65: the per-player-count tables; C-60, C-61, C-63, C-64, C-66, C-67: the
    amounts."""
    e, b = actioncards.ENDOWMENT, actioncards.BUILD_UP
    assert f"{e[4]} with 4 players, {e[3]} with 3, {e[2]} with 2" in \
        card_effect("endowment_for_the_arts_iii", "en")
    assert f"{b[4]} with 4 players, {b[3]} with 3, {b[2]} with 2" in \
        card_effect("military_build_up_iii", "en")
    assert "4 food or 4 resources" in card_effect("reserves_iii", "en")
    assert "4 resources less" in card_effect("efficient_upgrade_iii", "en")
    assert "4 resources less" in card_effect("urban_growth_iii", "en")
    assert "5 resources less" in card_effect("engineering_genius_iii", "en")
    assert "+1 military action and 4 resources" in card_effect("patriotism_iii", "en")
    assert "6 science points" in card_effect("revolutionary_idea_iii", "en")


def test_leader_texts_print_the_engine_figures() -> None:
    """C-50, C-51: Churchill's three amounts, Einstein's culture per technology."""
    text = card_effect(leaders3.CHURCHILL, "en")
    assert f"score {leaders3.CHURCHILL_CULTURE} culture points" in text
    assert f"{leaders3.CHURCHILL_SCIENCE} science for developing unit technologies" in text
    assert f"{leaders3.CHURCHILL_RESOURCES} resources for units" in text
    einstein = effects.DEVELOP_CULTURE["albert_einstein_iii"]
    assert f"you score {einstein} culture points" in card_effect("albert_einstein_iii", "en")


def test_every_age3_civil_card_has_a_text_in_every_language() -> None:
    """Every face has a name and an effect text in en/cs/de/pl, no placeholder left."""
    for card in AGE3_CIVIL:
        for loc in ("en", "cs", "de", "pl"):
            text = card_effect(card, loc)
            assert text and "{" not in text, (card, loc)
