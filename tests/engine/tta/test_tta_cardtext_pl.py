"""Through the Ages cards in Polish (issue 29): the names Polish writes for the game's people,
and counts that take the Polish plural forms (1 / 2–4, 22–24 / 5–21, 25+; CLDR) in the case the
sentence needs: "+1 akcję cywilną", "2 akcje cywilne", "5 akcji cywilnych"."""

from __future__ import annotations

import pytest

import engine.tta.cardtext as CT


def test_people_as_polish_writes_them() -> None:
    names = {"julius_caesar_a": "Juliusz Cezar", "moses_a": "Mojżesz", "homer_a": "Homer",
             "aristotle_a": "Arystoteles", "alexander_the_great_a": "Aleksander Wielki",
             "genghis_khan_i": "Czyngis-chan", "j_s_bach_ii": "Jan Sebastian Bach",
             "michelangelo_i": "Michał Anioł", "christopher_columbus_i": "Krzysztof Kolumb",
             "william_shakespeare_ii": "William Szekspir", "joan_of_arc_i": "Joanna d'Arc"}
    assert {cid: CT.card_name(cid, "pl") for cid in names} == names


@pytest.mark.parametrize(("thing", "forms"), [
    ("resources", ("1 surowiec", "2 surowce", "5 surowców", "22 surowce", "25 surowców")),
    ("civil_actions", ("1 akcję cywilną", "2 akcje cywilne", "5 akcji cywilnych",
                       "22 akcje cywilne", "25 akcji cywilnych")),
    ("military_cards", ("1 kartę wojskową", "2 karty wojskowe", "5 kart wojskowych",
                        "22 karty wojskowe", "25 kart wojskowych")),
    ("culture", ("1 punkt kultury", "2 punkty kultury", "5 punktów kultury",
                 "22 punkty kultury", "25 punktów kultury")),
    ("yellow_tokens", ("1 żółty żeton", "2 żółte żetony", "5 żółtych żetonów",
                       "22 żółte żetony", "25 żółtych żetonów")),
    ("workers", ("1 robotnika", "2 robotników", "5 robotników", "22 robotników",
                 "25 robotników")),
])
def test_amounts_take_the_polish_forms(thing: str, forms: tuple[str, ...]) -> None:
    assert tuple(CT.amount(thing, n, "pl") for n in (1, 2, 5, 22, 25)) == forms


def test_card_texts_agree_with_their_numbers() -> None:
    """The figures come from cards.csv and the engine; the words around them agree."""
    expect = {
        "bronze_a": "produkuje 1 surowiec na turę",
        "iron_i": "produkuje 2 surowce na turę",
        "oil_iii": "produkuje 5 surowców na turę",
        "pyramids_a": "Po ukończeniu daje +1 akcję cywilną.",
        "strategy_ii": "daje +2 akcje wojskowe",
        "justice_system_ii": "+3 niebieskie żetony",
        "inhabited_territory_i": "zyskujesz za darmo 1 robotnika",
        "inhabited_territory_ii": "zyskujesz za darmo 2 robotników",
        "strategic_territory_i": "dobierasz 3 karty wojskowe",
        "strategic_territory_ii": "dobierasz 5 kart wojskowych",
        "historic_territory_i": "zdobywasz 6 punktów kultury",
        "james_cook_ii": "najwyżej 2 karty wojskowe",
        "hammurabi_a": "kosztuje cię 1 akcję cywilną mniej",
        "genghis_khan_i": "zdobywasz 3 punkty kultury",
    }
    assert {cid: words for cid, words in expect.items()
            if words not in CT.card_effect(cid, "pl")} == {}
