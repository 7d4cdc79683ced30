"""Every civil card this milestone deals has its effect implemented and tested: symbols
(T-STAT-2) for technologies, governments and wonders, and the named effects of effects.py and
actioncards.py for leaders, wonders, special technologies and action cards."""

from __future__ import annotations

import pytest

from data.tta import CARDS, deck
from engine.tta import effects
from engine.tta.actioncards import ACTION_CARDS
from engine.tta.state import Player
from engine.tta.stats import civil_available, military_available, output, stats
from engine.tta.tokens import stored
from tests.engine.tta.tta_helpers import actor, arrange, end_round_one, game, play, refused

DEALT = sorted({c for age in ("A", "I", "II") for n in (2, 3, 4)
                for c in deck(age, "civil", n)})
SYMBOLS = ("science", "culture", "strength", "happiness", "civil_actions", "military_actions")


def of(kind: str) -> list[str]:
    return [c for c in DEALT if CARDS[c].kind == kind]


def bare() -> Player:
    """A player with no workers anywhere (every symbol starts from the government's)."""
    p = game(3).players[0]
    arrange(p, workers={}, pool=7)
    return p


def delta(before: Player, after: Player) -> dict[str, int]:
    a, b = stats(before), stats(after)
    return {k: getattr(b, k) - getattr(a, k) for k in SYMBOLS}


def symbols(card: str) -> dict[str, int]:
    c = CARDS[card]
    return {k: getattr(c, k) for k in SYMBOLS}


@pytest.mark.parametrize("card", of("urban") + of("unit"))
def test_per_worker_symbols(card: str) -> None:
    """T-STAT-2(a): each worker on an urban or unit card applies its symbols once."""
    p, q = bare(), bare()
    arrange(q, techs=[card], workers={card: 2})
    assert delta(p, q) == {k: 2 * v for k, v in symbols(card).items()}


@pytest.mark.parametrize("card", of("farm") + of("mine"))
def test_farm_and_mine_tokens_are_worth_their_value(card: str) -> None:
    """T-PROD-1/2, T-BOARD-2: one token per worker, worth the card's value."""
    p = bare()
    arrange(p, techs=[card], workers={card: 2})
    kind = CARDS[card].kind
    value = CARDS[card].food or CARDS[card].resources
    assert output(p, kind) == 2 * value


@pytest.mark.parametrize("card", of("government"))
def test_government_symbols(card: str) -> None:
    """T-GOV-1, G-GOV-1: actions, urban limit and symbols of the government."""
    p = bare()
    arrange(p, government=card)
    rating = stats(p)
    c = CARDS[card]
    assert (rating.civil_actions, rating.military_actions, rating.urban_limit) == (
        c.civil_actions, c.military_actions, c.urban_limit)
    assert (rating.culture, rating.happiness, rating.strength) == (
        c.culture, c.happiness, c.strength)


def test_theocracy_literally() -> None:
    """G-GOV-1: Theocracy 4 CA, 3 MA, limit 3, +1 culture, +1 happy, +1 strength."""
    p = bare()
    arrange(p, government="theocracy_i")
    r = stats(p)
    assert (r.civil_actions, r.military_actions, r.urban_limit, r.culture, r.happiness,
            r.strength) == (4, 3, 3, 1, 1, 1)


@pytest.mark.parametrize("card", of("special"))
def test_special_technology_symbols_and_tokens(card: str) -> None:
    """T-TECH-4, T-TOK-1: symbols once; +blue tokens from the box (Justice System +3)."""
    s = end_round_one(game(3, start=0))
    p = actor(s)
    before = stats(p)
    arrange(p, hand=[card], science=20)
    bank = p.blue_bank
    s = play(s, 0, "develop", card=card)
    q = actor(s)
    after = stats(q)
    assert {k: getattr(after, k) - getattr(before, k) for k in SYMBOLS} == symbols(card)
    assert after.colonization == CARDS[card].colonization
    assert q.blue_bank == bank + CARDS[card].blue_tokens
    assert q.blue_box == CARDS[card].blue_tokens


def test_construction_discounts() -> None:
    """Masonry: Age I-III urban buildings -1; Architecture -1 (Age I) / -2 (Age II) (T-UPG-3,
    G-WOND-1); farms, mines and Age A buildings are not discounted."""
    p = bare()
    arrange(p, techs=["masonry_i"])
    assert effects.build_cost(p, "alchemy_i") == 5
    assert effects.build_cost(p, "philosophy_a") == 3
    assert effects.build_cost(p, "iron_i") == 5
    assert effects.wonder_stages_per_action(p) == 2
    p.techs[-1] = "architecture_ii"
    assert effects.build_cost(p, "alchemy_i") == 5
    assert effects.build_cost(p, "scientific_method_ii") == 6
    assert effects.wonder_stages_per_action(p) == 3


@pytest.mark.parametrize("card", of("wonder"))
def test_completed_wonder_symbols(card: str) -> None:
    """T-WOND-1/6: no effect while unfinished; its symbols once completed. (Two temples make
    room for Kremlin's unhappy face: happiness never goes below 0, T-STAT-5.)"""
    p, q, r = bare(), bare(), bare()
    for x in (p, q, r):
        arrange(x, workers={"religion_a": 2})
    arrange(q, wonder=card)
    assert delta(p, q) == dict.fromkeys(SYMBOLS, 0)
    arrange(r, wonders=[card])
    extra = effects.STAT_BONUS.get(card)
    want = symbols(card)
    if extra is not None:
        for k, v in extra(r).items():
            if k in want:
                want[k] += v
    assert delta(p, r) == want


def test_colossus_colonization_bonus() -> None:
    """Colossus: +2 strength and +1 colonisation bonus (T-STAT-6)."""
    p = bare()
    arrange(p, wonders=["colossus_a"])
    assert stats(p).colonization == 1 and stats(p).strength == 2


def test_library_of_alexandria_hand_limits() -> None:
    """Library of Alexandria: civil and military hand limits +1."""
    p = bare()
    arrange(p, wonders=["library_of_alexandria_a"])
    r = stats(p)
    assert (r.civil_limit, r.military_limit) == (r.civil_actions + 1, r.military_actions + 1)


def test_great_wall_strength_per_infantry_and_artillery() -> None:
    """Great Wall: +1 strength per infantry and artillery unit, not cavalry."""
    p = bare()
    arrange(p, techs=["knights_i", "cannon_ii"],
            workers={"warriors_a": 2, "knights_i": 1, "cannon_ii": 1})
    base = stats(p).strength
    arrange(p, wonders=["great_wall_i"])
    assert stats(p).strength == base + 3


def test_transcontinental_railroad_doubles_one_worker_on_the_best_mine() -> None:
    """Transcontinental Railroad: +4 strength; one worker on the best mine produces twice."""
    p = bare()
    arrange(p, techs=["iron_i"], workers={"bronze_a": 2, "iron_i": 1},
            wonders=["transcontinental_railroad_ii"])
    assert output(p, "mine") == 2 + 2 * 2
    from engine.tta.production import production
    production(p, [])
    assert p.blue == {"bronze_a": 2, "iron_i": 2}


def test_kremlin_and_pyramids_change_the_action_totals() -> None:
    """T-TOK-4: Kremlin +1 CA +1 MA -1 happy; Pyramids +1 CA."""
    p = bare()
    arrange(p, wonders=["kremlin_ii", "pyramids_a"])
    r = stats(p)
    assert (r.civil_actions, r.military_actions) == (6, 3)


# --- leaders --------------------------------------------------------------------------------------

def test_every_dealt_leader_has_a_tested_effect() -> None:
    """No leader enters play without its effect: these eight are tested here, the twelve
    cards of milestone 2 in test_tta_leaders2.py."""
    named = {"moses_a", "aristotle_a", "michelangelo_i", "leonardo_da_vinci_i",
             "isaac_newton_ii", "napoleon_bonaparte_ii", "william_shakespeare_ii",
             "maximilien_robespierre_ii", "alexander_the_great_a", "hammurabi_a", "homer_a",
             "julius_caesar_a", "christopher_columbus_i", "frederick_barbarossa_i",
             "genghis_khan_i", "joan_of_arc_i", "j_s_bach_ii", "james_cook_ii"}
    assert set(of("leader")) == named


def test_moses() -> None:
    """Moses: population increases cost 1 food less (T-POP-5)."""
    p = bare()
    arrange(p, leader="moses_a")
    assert effects.population_discount(p) == 1


def test_aristotle_scores_science_for_technologies_taken() -> None:
    """Aristotle: +1 science point per technology card taken from the row."""
    s = end_round_one(game(3, start=0))
    arrange(actor(s), leader="aristotle_a")
    s.row[0], s.row[1] = "irrigation_i", "frugality_i"
    science = actor(s).science
    s = play(s, 0, "take", slot=0)
    s = play(s, 0, "take", slot=0 if s.row[0] else 1)
    assert actor(s).science == science + 1


def test_michelangelo() -> None:
    """Michelangelo: +1 culture per happy face of temples, theatres and completed wonders; no
    completed-wonder surcharge when taking a wonder."""
    p = bare()
    arrange(p, techs=["drama_i"], workers={"religion_a": 1, "drama_i": 1},
            wonders=["hanging_gardens_a"])
    base = stats(p).culture
    arrange(p, leader="michelangelo_i")
    assert stats(p).culture == base + 1 + 1 + 2
    s = end_round_one(game(3, start=0))
    arrange(actor(s), leader="michelangelo_i", wonders=["pyramids_a"])
    s.row[0] = "colossus_a"
    s = play(s, 0, "take", slot=0)
    assert civil_available(actor(s)) == stats(actor(s)).civil_actions - 1


@pytest.mark.parametrize("leader", ["leonardo_da_vinci_i", "isaac_newton_ii"])
def test_best_lab_or_library_science(leader: str) -> None:
    """Leonardo da Vinci, Isaac Newton: + science equal to the level of the best lab or
    library with a worker."""
    p = bare()
    arrange(p, techs=["alchemy_i", "journalism_ii"],
            workers={"alchemy_i": 1, "philosophy_a": 1})
    base = stats(p).science
    arrange(p, leader=leader)
    assert stats(p).science == base + 1
    arrange(p, workers={"alchemy_i": 1, "journalism_ii": 1})
    assert stats(p).science == 2 + 2 + 2


def test_leonardo_gains_a_resource_when_developing() -> None:
    """Leonardo da Vinci: developing a technology gives +1 resource."""
    s = end_round_one(game(3, start=0))
    arrange(actor(s), leader="leonardo_da_vinci_i", hand=["irrigation_i"], science=3)
    res = stored(actor(s), "mine")
    s = play(s, 0, "develop", card="irrigation_i")
    assert stored(actor(s), "mine") == res + 1


def test_newton_returns_a_civil_action_when_developing() -> None:
    """Isaac Newton: developing a technology returns 1 spent civil action."""
    s = end_round_one(game(3, start=0))
    arrange(actor(s), leader="isaac_newton_ii", hand=["irrigation_i"], science=3)
    s = play(s, 0, "develop", card="irrigation_i")
    assert civil_available(actor(s)) == 4


def test_newton_also_rewards_a_revolution() -> None:
    """The guide: a revolution is a form of developing a technology, so Newton returns a civil
    action after it too (T-GOV-3 then Newton)."""
    s = end_round_one(game(3, start=0))
    arrange(actor(s), leader="isaac_newton_ii", hand=["monarchy_i"], science=2)
    s = play(s, 0, "revolution", card="monarchy_i")
    assert civil_available(actor(s)) == 1


def test_napoleon() -> None:
    """Napoleon Bonaparte: +2 strength per unit type owned."""
    p = bare()
    arrange(p, techs=["knights_i"], workers={"warriors_a": 2, "knights_i": 1})
    base = stats(p).strength
    arrange(p, leader="napoleon_bonaparte_ii")
    assert stats(p).strength == base + 4


def test_shakespeare() -> None:
    """William Shakespeare: +1 happy face; +2 culture per library-theatre pair; owning a
    library, theatres cost 1 resource and theatre technologies 1 science less (and the
    reverse)."""
    p = bare()
    arrange(p, techs=["printing_press_i", "drama_i"], workers={"printing_press_i": 1})
    base = stats(p)
    assert effects.build_cost(p, "drama_i") == 4
    arrange(p, leader="william_shakespeare_ii")
    assert stats(p).happiness == base.happiness + 1 and stats(p).culture == base.culture
    assert effects.build_cost(p, "drama_i") == 3
    assert effects.build_cost(p, "printing_press_i") == 3  # no theatre yet
    assert effects.science_cost(p, "opera_ii") == CARDS["opera_ii"].cost_science - 1
    arrange(p, workers={"printing_press_i": 1, "drama_i": 1})
    assert stats(p).culture == base.culture + CARDS["drama_i"].culture + 2
    assert effects.build_cost(p, "printing_press_i") == 2


def test_robespierre_revolts_with_military_actions() -> None:
    """Maximilien Robespierre: a revolution spends every military action (none spent this
    turn) instead of the civil ones, and scores 3 culture points."""
    s = end_round_one(game(3, start=0))
    arrange(actor(s), leader="maximilien_robespierre_ii", hand=["monarchy_i"], science=2)
    s.row[0] = "frugality_i"
    s = play(s, 0, "take", slot=0)  # a civil action spent: no matter
    culture = actor(s).culture
    after = play(s, 0, "revolution", card="monarchy_i")
    p = actor(after)
    assert p.government == "monarchy_i" and p.culture == culture + 3
    assert military_available(p) == 0 and civil_available(p) == 5 - 1
    s = play(s, 0, "build", card="warriors_a")
    refused(s, 0, "revolution", "T-GOV-3", card="monarchy_i")


def test_st_peters_basilica() -> None:
    """St. Peter's Basilica: +2 culture, +1 happy; each other card or building giving happy
    faces gives one more."""
    p = bare()
    arrange(p, workers={"religion_a": 2}, government="theocracy_i")
    base = stats(p)
    arrange(p, wonders=["st_peters_basilica_i"])
    assert stats(p).happiness == base.happiness + 1 + 2 + 1
    assert stats(p).culture == base.culture + 2


# --- action cards ---------------------------------------------------------------------------------

def test_every_dealt_action_card_has_an_effect() -> None:
    """Every action card of the tutorial's decks, and of the full game's Age III civil deck
    (C-60…C-67, tested in test_tta_full_age3_actions.py), has an effect."""
    age3 = {c.id for c in CARDS.values() if c.age == "III" and c.kind == "action"}
    assert set(of("action")) | age3 == set(ACTION_CARDS)


def ready(card: str, **fields: object):
    s = end_round_one(game(3, start=0))
    arrange(actor(s), hand=[card], **fields)
    return s


@pytest.mark.parametrize(("card", "science", "culture"), [
    ("cultural_heritage_a", 1, 4), ("cultural_heritage_i", 2, 2),
    ("revolutionary_idea_ii", 4, 0)])
def test_points_cards(card: str, science: int, culture: int) -> None:
    """T-ACARD-5a: points, ratings unchanged; 1 CA; the card is gone."""
    s = ready(card)
    p0 = actor(s)
    sci, cul = p0.science, p0.culture
    s = play(s, 0, "play", card=card)
    p = actor(s)
    assert (p.science - sci, p.culture - cul) == (science, culture)
    assert p.hand == [] and card in s.removed and civil_available(p) == 3


def test_stockpile_and_reserves() -> None:
    """T-ACARD-5b: Stockpile +1 food +1 resource; Reserves +2/+3 food or resources."""
    s = ready("stockpile_a")
    food, res = stored(actor(s), "farm"), stored(actor(s), "mine")
    s = play(s, 0, "play", card="stockpile_a")
    assert (stored(actor(s), "farm"), stored(actor(s), "mine")) == (food + 1, res + 1)
    for card, amount in (("reserves_i", 2), ("reserves_ii", 3)):
        s = ready(card)
        food = stored(actor(s), "farm")
        s1 = play(s, 0, "play", card=card, gain="food")
        assert stored(actor(s1), "farm") == food + amount
        refused(s, 0, "play", "T-ACARD-3", card=card, gain="gold")


@pytest.mark.parametrize(("card", "food"), [("frugality_a", 1), ("frugality_i", 2),
                                            ("frugality_ii", 3)])
def test_frugality(card: str, food: int) -> None:
    """Frugality: increase population at the full price (no second CA), then gain food;
    the gain cannot pay for it (G-ACARD-1)."""
    s = ready(card, blue={"agriculture_a": 2})
    s = play(s, 0, "play", card=card)
    p = actor(s)
    assert p.pool == 2 and stored(p, "farm") == food and civil_available(p) == 3
    s = ready(card, blue={"agriculture_a": 1})
    refused(s, 0, "play", "T-POP-3", card=card)


@pytest.mark.parametrize(("card", "science"), [("breakthrough_i", 2), ("breakthrough_ii", 3)])
def test_breakthrough(card: str, science: int) -> None:
    """Breakthrough: develop a technology at full price, then science points."""
    s = ready(card, science=3)
    actor(s).hand.append("irrigation_i")
    s = play(s, 0, "play", card=card, target="irrigation_i")
    p = actor(s)
    assert "irrigation_i" in p.techs and p.science == science and civil_available(p) == 3


@pytest.mark.parametrize(("card", "discount"), [("rich_land_a", 1), ("rich_land_i", 2),
                                                ("rich_land_ii", 3)])
def test_rich_land(card: str, discount: int) -> None:
    """Rich Land: build or upgrade a farm or mine at a discount, no extra CA."""
    s = ready(card, blue={"bronze_a": 5})
    s1 = play(s, 0, "play", card=card, target="agriculture_a")
    assert stored(actor(s1), "mine") == 5 - max(2 - discount, 0)
    assert actor(s1).workers["agriculture_a"] == 3 and civil_available(actor(s1)) == 3
    actor(s).techs.append("iron_i")
    s2 = play(s, 0, "play", card=card, target="bronze_a", to="iron_i")
    assert stored(actor(s2), "mine") == 5 - max(3 - discount, 0)
    refused(s, 0, "play", "T-ACARD-3", card=card, target="philosophy_a")


@pytest.mark.parametrize(("card", "discount"), [("urban_growth_a", 1), ("urban_growth_i", 2),
                                                ("urban_growth_ii", 3)])
def test_urban_growth(card: str, discount: int) -> None:
    """Urban Growth: build or upgrade an urban building at a discount."""
    s = ready(card, blue={"bronze_a": 5})
    s = play(s, 0, "play", card=card, target="religion_a")
    assert stored(actor(s), "mine") == 5 - (3 - discount)
    assert stats(actor(s)).happiness == 1


def test_efficient_upgrade() -> None:
    """Efficient Upgrade: upgrade only, 3 resources less."""
    s = ready("efficient_upgrade_ii", blue={"bronze_a": 5})
    actor(s).techs.append("iron_i")
    s1 = play(s, 0, "play", card="efficient_upgrade_ii", target="bronze_a", to="iron_i")
    assert stored(actor(s1), "mine") == 5
    refused(s, 0, "play", "T-ACARD-3", card="efficient_upgrade_ii", target="bronze_a")


@pytest.mark.parametrize(("card", "discount"), [("engineering_genius_a", 2),
                                                ("engineering_genius_i", 3),
                                                ("engineering_genius_ii", 4)])
def test_engineering_genius(card: str, discount: int) -> None:
    """T-ACARD-6: exactly one stage at a discount, even with Masonry."""
    s = ready(card, wonder="colossus_a", techs=["masonry_i"], blue={"bronze_a": 6})
    s = play(s, 0, "play", card=card)
    p = actor(s)
    assert p.wonder_stages == 1 and stored(p, "mine") == 6 - max(3 - discount, 0)


def test_action_card_not_in_the_turn_taken() -> None:
    """T-ACARD-1: a card taken this turn waits for a later turn; T-ACARD-2: 1 CA."""
    s = end_round_one(game(3, start=0))
    s.row[0] = "cultural_heritage_i"
    s = play(s, 0, "take", slot=0)
    refused(s, 0, "play", "T-ACARD-1", card="cultural_heritage_i")
    refused(s, 0, "play", "T-ACARD-2", card="irrigation_i")


@pytest.mark.parametrize(("card", "allowance"), [("patriotism_a", 1), ("patriotism_i", 2),
                                                 ("patriotism_ii", 3)])
def test_patriotism(card: str, allowance: int) -> None:
    """Patriotism (G-ACARD-2): +1 MA this turn and one resource pool for unit builds and
    upgrades; the military hand limit is unchanged; both end with the turn."""
    s = ready(card, blue={"bronze_a": 4}, yellow_bank=17)  # two unused workers
    limit = stats(actor(s)).military_limit
    s = play(s, 0, "play", card=card)
    p = actor(s)
    assert military_available(p) == 3 and stats(p).military_limit == limit
    s = play(s, 0, "build", card="warriors_a")  # costs 2: the pool pays first
    p = actor(s)
    assert stored(p, "mine") == 4 - max(2 - allowance, 0)
    assert p.allowance == max(allowance - 2, 0)
    s = play(s, 0, "build", card="philosophy_a")  # not a unit: no pool
    assert stored(actor(s), "mine") == 4 - max(2 - allowance, 0) - 3
    s = play(s, 0, "end")
    p = s.players[0]
    assert (p.temp_ma, p.allowance) == (0, 0) and len(p.military) == 2  # 2 MA left unspent


def test_wave_of_nationalism() -> None:
    """Wave of Nationalism: 3 resources (3 players) per stronger civilisation, for units; a
    tie is not stronger (T-EVT-6)."""
    s = ready("wave_of_nationalism_ii", blue={"bronze_a": 2})
    arrange(s.players[1], workers={**s.players[1].workers, "warriors_a": 3})
    arrange(s.players[2], workers={**s.players[2].workers, "warriors_a": 1})  # tied
    s = play(s, 0, "play", card="wave_of_nationalism_ii")
    assert actor(s).allowance == 3
    s = play(s, 0, "build", card="warriors_a")
    assert stored(actor(s), "mine") == 2 and actor(s).allowance == 1
