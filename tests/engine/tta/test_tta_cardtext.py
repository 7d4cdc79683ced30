"""Every Through the Ages card readable (issue 29): engine/tta/cardtext.py gives each of the 236
card faces of data/tta/cards.csv a name and an effect in every language, written from the card's
data and the engine's figures. Rule numbers: shared/rules/through-the-ages.md."""

from __future__ import annotations

import dataclasses
import re

import pytest

import engine.tta.cardtext as CT
from data.i18n import LANGUAGES, catalogue
from data.tta import CARDS
from engine.tta import actioncards, colonize, effects, eventcards, text

LEFTOVER = re.compile(r"[{}]|tta\.[a-z_]+\.")  # an unfilled placeholder or a raw key

# Names that stay as written in every language: people's names kept in the spelling the
# editions share (Czech keeps these; a language that writes one differently may still do so)
# and the two Age III wonders named after a place and a network.
AS_WRITTEN = {
    "julius_caesar_a",  # the guide: "Díky Caesarovi" (001 l. 773)
    "hammurabi_a", "homer_a", "moses_a",  # Czech: Chammurabi, Homér, Mojžíš; German as English
    "leonardo_da_vinci_i", "michelangelo_i", "isaac_newton_ii", "j_s_bach_ii", "james_cook_ii",
    "maximilien_robespierre_ii", "napoleon_bonaparte_ii", "william_shakespeare_ii",
    "albert_einstein_iii", "bill_gates_iii", "charlie_chaplin_iii", "mahatma_gandhi_iii",
    "sid_meier_iii", "winston_churchill_iii",
    "taj_mahal_i", "hollywood_iii", "internet_iii",  # a building's and places' own names
}
# Words a language writes exactly as English does (not a fallback)
SAME_WORD = {
    "cs": {"drama_i", "opera_ii"},  # Drama, Opera
    "de": {"bronze_a", "religion_a", "legion_i", "phalanx_i", "multimedia_iii"},
    "pl": {"legion_i", "multimedia_iii", "opera_ii"},  # Legion, Multimedia, Opera
}

KINDS = sorted({c.kind for c in CARDS.values()})


def _numbers(text: str) -> set[int]:
    return {int(x) for x in re.findall(r"\d+", text)}


def test_text_card_name_is_cardtext_card_name() -> None:
    """engine.tta.text.card_name keeps its import path and gives the catalogue's name."""
    assert text.card_name is CT.card_name and text.card_effect is CT.card_effect
    assert text.card_name("irrigation_i", "cs") == "Zavlažování"
    assert text.card_name(CARDS["coal_ii"], "cs") == "Uhlí"  # a Card works as well as its id
    assert text.card_name("no_such_card", "en") == "no_such_card"


def test_all_236_faces_of_every_kind_are_covered() -> None:
    assert len(CARDS) == 236
    expected = sorted(("farm", "mine", "urban", "unit", "special", "government", "leader",
                       "wonder", "action", "event", "territory", "aggression", "war", "pact",
                       "tactic", "bonus"))
    assert expected == KINDS


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_card_has_a_name_and_an_effect(lang: str) -> None:
    """A name, and an effect of one to four short sentences ending in a full stop, with every
    placeholder filled; never "no effect" (the team's quality bar)."""
    bad = {}
    for cid in CARDS:
        name, effect = CT.card_name(cid, lang), CT.card_effect(cid, lang)
        sentences = [s for s in re.split(r"(?<=[.!?])\s+", effect) if s]
        problems = [
            *(["no name"] if not name.strip() else []),
            *(["raw text"] if LEFTOVER.search(name + effect) else []),
            *(["not a sentence"] if not effect.endswith(".") else []),
            *(["too long"] if len(effect) > 330 or not 1 <= len(sentences) <= 4 else []),
            *(["no effect"] if re.search(r"\bno effect\b", effect, re.I) else []),
        ]
        if problems:
            bad[cid] = (problems, effect)
    assert bad == {}


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_no_english_fallback(lang: str) -> None:
    """Every name and every text piece is the language's own (issue 29: "no English fallback left
    outside people's names"): each card key of the English catalogue exists in the language, no
    name equals the English one outside AS_WRITTEN and the language's SAME_WORD, and no effect
    equals the English effect."""
    english, own = catalogue("en"), catalogue(lang)
    card_keys = [k for k in english if k.startswith(("tta.card.", "tta.effect."))]
    assert [k for k in card_keys if k not in own] == []
    same_name = {cid for cid in CARDS if CT.card_name(cid, lang) == CT.card_name(cid, "en")}
    assert same_name - AS_WRITTEN - SAME_WORD.get(lang, set()) == set()
    same_effect = [cid for cid in CARDS if CT.card_effect(cid, lang) == CT.card_effect(cid, "en")]
    assert same_effect == []


def test_the_guides_czech_names() -> None:
    """Issue 29: the names the Czech guide prints (cs.terms.md lists the lines)."""
    guide = {
        "irrigation_i": "Zavlažování", "coal_ii": "Uhlí", "masonry_i": "Stavitelství",
        "cartography_i": "Kartografie", "warfare_i": "Válečnictví", "knights_i": "Rytíři",
        "swordsmen_i": "Těžkooděnci", "moses_a": "Mojžíš", "hammurabi_a": "Chammurabi",
        "homer_a": "Homér", "aristotle_a": "Aristotelés",
        "alexander_the_great_a": "Alexandr Veliký",
        "engineering_genius_a": "Geniální stavitel", "fighting_band_i": "Bojové oddíly",
        "phalanx_i": "Falanga", "defensive_army_ii": "Obranná armáda",
        "mobile_artillery_ii": "Mobilní dělostřelectvo", "conquistadors_ii": "Dobyvatelská armáda",
        "shock_troops_iii": "Úderné síly", "impact_of_science_iii": "Význam vědy",
        "war_over_culture_iii": "Válka o kulturu", "air_forces_iii": "Letecké jednotky",
    }
    assert {cid: CT.card_name(cid, "cs") for cid in guide} == guide


# --- the figures come from the data -------------------------------------------------------------

FIGURE = {  # kind -> the data field whose figure the generic text states
    "farm": "food", "mine": "resources", "unit": "strength", "government": "civil_actions",
    "tactic": "tactic_strength", "bonus": "defense",
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_generic_card_states_its_data_figures(lang: str) -> None:
    """Farms, mines, urban buildings, units, governments, special technologies, tactics,
    military bonus cards, territories: every non-zero figure of the card's data is in its text
    (per worker for farms … units, T-STAT-2; once for the rest)."""
    fields = ("food", "resources", "science", "culture", "strength", "happiness", "civil_actions",
              "military_actions", "colonization", "urban_limit", "defense", "blue_tokens",
              "yellow_tokens", "tactic_infantry", "tactic_cavalry", "tactic_artillery",
              "tactic_strength", "tactic_strength_outdated")
    missing = {}
    for c in CARDS.values():
        if c.kind not in ("farm", "mine", "urban", "unit", "government", "special", "tactic",
                          "bonus", "territory"):
            continue
        found = _numbers(CT.card_effect(c.id, lang))
        lost = [f for f in fields if getattr(c, f) and abs(getattr(c, f)) not in found]
        if lost:
            missing[c.id] = lost
    assert missing == {}


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(("card", "field"), [
    ("irrigation_i", "food"), ("coal_ii", "resources"), ("alchemy_i", "science"),
    ("drama_i", "culture"), ("knights_i", "strength"), ("monarchy_i", "civil_actions"),
    ("monarchy_i", "urban_limit"), ("legion_i", "tactic_strength"),
    ("classic_army_ii", "tactic_strength_outdated"), ("defense_colonization_ii", "defense"),
    ("defense_colonization_ii", "colonization"), ("wealthy_territory_i", "blue_tokens"),
    ("homer_a", "happiness"), ("julius_caesar_a", "military_actions"),
    ("hanging_gardens_a", "culture"), ("strategy_ii", "military_actions"),
])
def test_a_changed_figure_changes_the_text(monkeypatch: pytest.MonkeyPatch, lang: str,
                                           card: str, field: str) -> None:
    """The text is written from data.tta.CARDS: give the card another figure and the text says
    that figure (no number is retyped in a catalogue)."""
    before = CT.card_effect(card, lang)
    assert 17 not in _numbers(before)
    changed = dict(CARDS)
    changed[card] = dataclasses.replace(CARDS[card], **{field: 17})
    monkeypatch.setattr(CT, "CARDS", changed)
    after = CT.card_effect(card, lang)
    assert 17 in _numbers(after) and after != before


@pytest.mark.parametrize("lang", LANGUAGES)
def test_engine_figures_change_the_text(monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    """Where the engine holds a card's figure (effects.py, eventcards.py, colonize.py,
    actioncards.py, politics.py), the text reads it from there."""
    cases = [
        ("genghis_khan_i", effects, "STRONG_CULTURE", {"genghis_khan_i": 17}),
        ("moses_a", effects, "POPULATION_DISCOUNT", {"moses_a": 17}),
        ("hammurabi_a", effects, "LEADER_TAKE_DISCOUNT", {"hammurabi_a": 17}),
        ("james_cook_ii", effects, "COOK", {"james_cook_ii": 17}),
        ("masonry_i", effects, "WONDER_STAGES", {**effects.WONDER_STAGES, "masonry_i": 17}),
        ("ravages_of_time_ii", effects, "RUIN_CULTURE", 17),
        ("politics_of_strength_ii", eventcards, "STRENGTH_WIN", 17),
        ("wave_of_nationalism_ii", actioncards, "NATIONALISM", {2: 17, 3: 3, 4: 2}),
        ("vast_territory_i", colonize, "IMMEDIATE",
         {**colonize.IMMEDIATE, "vast_territory_i": {"food": 17}}),
    ]
    for card, module, name, value in cases:
        with monkeypatch.context() as m:
            assert 17 not in _numbers(CT.card_effect(card, lang)), card
            m.setattr(module, name, value)
            assert 17 in _numbers(CT.card_effect(card, lang)), card


def test_czech_counts_take_their_plural_forms() -> None:
    """1 jídlo, 2 jídla, 5 jídel: a number before a word is a plural text (issue 30)."""
    assert "1 jídlo" in CT.card_effect("agriculture_a", "cs")
    assert "2 jídla" in CT.card_effect("irrigation_i", "cs")
    assert "5 jídel" in CT.card_effect("mechanized_agriculture_iii", "cs")
    assert "+1 šťastnou značku" in CT.card_effect("religion_a", "cs")
    assert "+2 šťastné značky" in CT.card_effect("theology_i", "cs")
    assert "+5 bodů vědy za kolo" in CT.card_effect("computers_iii", "cs")
    assert "1 resource per turn" in CT.card_effect("bronze_a", "en")
    assert "2 resources per turn" in CT.card_effect("iron_i", "en")


# --- the texts say what the cards do -------------------------------------------------------------

# Per-card texts and the cards.csv effect summaries come from the same rules; a figure of 2 or
# more in a summary is in the text, except where the text writes it in words (the reason given).
IN_WORDS = {
    "hollywood_iii": "2x is 'twice'",
    "raid_ii": "'destroy 2' is 'destroy two'",
    "raid_iii": "'destroy 2' is 'destroy two'",
    "impact_of_balance_iii": "2x is 'twice'",
    "prosperity_ii": "'cap 8' is the happy-face maximum itself (T-STAT-5)",
    "impact_of_population_iii": "'G-END-3' is a rule number, not a figure",
}


def test_per_card_texts_carry_the_summaries_figures() -> None:
    lost = {}
    for c in CARDS.values():
        if c.kind in FIGURE or c.kind in ("urban", "special") or c.id in IN_WORDS:
            continue
        gone = {n for n in _numbers(c.summary) if n >= 2} - _numbers(CT.card_effect(c.id, "en"))
        if gone:
            lost[c.id] = sorted(gone)
    assert lost == {}


@pytest.mark.parametrize(("card", "words"), [
    # C-114, G-END-4: draws outside the final age, culture in it
    ("politics_of_strength_ii", ("draws 5 military cards", "discards 3 military cards",
                                 "final age", "scores 5 culture points",
                                 "loses 3 culture points")),
    # C-71: urban discounts by age and wonder stages per civil action
    ("engineering_iii", ("Age I −1", "Age II −2", "Age III −3", "up to 4 wonder stages")),
    # C-14 (Masonry, the guide), G-WOND-1
    ("masonry_i", ("Age I −1", "up to 2 wonder stages")),
    # C-74: defence half and colonization half
    ("defense_colonization_iii", ("+6 strength when defending", "+3 colonization")),
    # C-22 Moses, T-POP-5
    ("moses_a", ("population increase costs you 1 food less",)),
    # C-26 Caesar: +1 strength, +1 military action, another political action
    ("julius_caesar_a", ("second political action", "+1 military action", "+1 strength")),
    # C-30 Pyramids: +1 civil action once completed
    ("pyramids_a", ("When completed", "+1 civil action")),
    # C-20, F-AIR-5: an air force unit doubles one army's tactic bonus
    ("air_forces_iii", ("+5 strength", "one army", "doubles")),
    # C-35 Fighting Band, C-36 Phalanx
    ("fighting_band_i", ("2 infantry", "+1 strength")),
    ("phalanx_i", ("2 infantry + 1 cavalry", "+3 strength")),
    # C-40 Shock Troops: 11, outdated 6
    ("shock_troops_iii", ("1 infantry + 3 cavalry", "+11 strength", "outdated: +6")),
    # C-55 Gandhi
    ("mahatma_gandhi_iii", ("cannot play aggressions or wars", "twice", "+2 culture per turn")),
    # C-89 Impact of Wonders
    ("impact_of_wonders_iii", ("5 for Age A", "2 for Age III")),
    # C-101 War over Culture
    ("war_over_culture_iii", ("5 culture points plus the strength gap",)),
    # C-16 Warfare, T-COL-6: its strength never counts for colonization
    ("warfare_i", ("+1 strength", "does not count for colonization")),
    # T-COL-11: a territory's immediate effect, then its symbols as a colony
    ("historic_territory_ii", ("score 11 culture points", "+2 happy faces")),
    # C-31 Great Wall: its strength is not for colonization
    ("great_wall_i", ("each infantry and artillery unit", "not for colonization")),
    # C-63 Engineering Genius III: exactly one stage, 5 resources less
    ("engineering_genius_iii", ("one stage", "5 resources less")),
])
def test_special_cards_say_their_rule(card: str, words: tuple[str, ...]) -> None:
    effect = CT.card_effect(card, "en")
    assert [w for w in words if w not in effect] == [], effect


def test_every_own_text_belongs_to_a_card_and_every_rule_card_has_one() -> None:
    """`tta.effect.<id>` keys name real cards; every leader, action card, event, aggression,
    war and pact has its own text (a wonder only when it does more than its symbols)."""
    own = {k.removeprefix("tta.effect.") for k in catalogue("en")
           if k.startswith("tta.effect.") and not k.startswith(("tta.effect.type.",
                                                                 "tta.effect.part."))}
    assert own - set(CARDS) == set()
    needed = {cid for cid, c in CARDS.items()
              if c.kind in ("leader", "action", "event", "aggression", "war", "pact")}
    assert needed - own == set()
    # a wonder without a text of its own has symbols to show
    assert [cid for cid, c in CARDS.items()
            if c.kind == "wonder" and cid not in own and not CT.symbols(c, "en")] == []
