"""Card effects that are not plain symbols. The symbols (the numeric columns of cards.csv:
science, culture, strength, happiness, actions, urban limit, colonisation, blue/yellow tokens)
are applied generically by stats.py and cards.py; every other effect of a card that this
milestone puts in play is written once here, as a small named function or a table entry, and
looked up by card id.

Action cards (T-ACARD) are in actioncards.py: they order actions. The leaders' and wonders'
own actions (Hammurabi, Frederick Barbarossa, J. S. Bach, Ocean Liner Service) are in
powers.py, their political actions (Alexander, Columbus, Caesar, Joan of Arc) in politics.py;
armies under a tactic in armies.py. The Age III leaders' rules that are no statistic (Winston
Churchill's choice, Bill Gates' final award) are in leaders3.py, the Age III wonders' one-time
culture in wonder_culture.py."""

from __future__ import annotations

from collections.abc import Callable

from data.tta import CARDS, LEVEL

from .state import Player


def _units(p: Player, subtype: str) -> int:
    return sum(n for card, n in p.workers.items()
               if CARDS[card].kind == "unit" and CARDS[card].subtype == subtype)


def michelangelo(p: Player) -> dict[str, int]:
    """Michelangelo (C-I): +1 culture per happy face given by temples, theatres and completed
    wonders (cards.csv summary)."""
    faces = sum(n * max(CARDS[c].happiness, 0) for c, n in p.workers.items()
                if CARDS[c].kind == "urban" and CARDS[c].subtype in ("temple", "theater"))
    faces += sum(max(CARDS[w].happiness, 0) for w in p.wonders)
    return {"culture": faces}


def best_lab_or_library(p: Player) -> dict[str, int]:
    """Leonardo da Vinci, Isaac Newton: + science equal to the age level of the player's best
    lab or library (a card with a worker on it)."""
    levels = [CARDS[c].level for c, n in p.workers.items()
              if n > 0 and CARDS[c].kind == "urban" and CARDS[c].subtype in ("lab", "library")]
    return {"science": max(levels, default=0)}


def napoleon(p: Player) -> dict[str, int]:
    """Napoleon Bonaparte: +2 strength per unit type the player has a unit of."""
    kinds = {CARDS[c].subtype for c, n in p.workers.items() if n > 0 and CARDS[c].kind == "unit"}
    return {"strength": 2 * len(kinds)}


def great_wall(p: Player) -> dict[str, int]:
    """Great Wall (completed): +1 strength per infantry and per artillery unit (its culture and
    happiness are symbols)."""
    return {"strength": _units(p, "infantry") + _units(p, "artillery")}


def library_of_alexandria(p: Player) -> dict[str, int]:
    """Library of Alexandria (completed): civil and military hand limits +1 each."""
    return {"civil_limit": 1, "military_limit": 1}


def st_peters_basilica(p: Player) -> dict[str, int]:
    """St. Peter's Basilica (completed): every other card or building that gives happy faces
    gives one more (each urban building counts, so a card with two temples gives two)."""
    buildings = sum(n for c, n in p.workers.items()
                    if CARDS[c].kind == "urban" and CARDS[c].happiness > 0)
    cards = sum(1 for c in p.in_play() if c != "st_peters_basilica_i"
                and CARDS[c].kind not in ("urban", "unit", "farm", "mine")
                and CARDS[c].happiness > 0)
    return {"happiness": buildings + cards}


def _buildings(p: Player, subtype: str) -> int:
    return sum(n for c, n in p.workers.items()
               if CARDS[c].kind == "urban" and CARDS[c].subtype == subtype)


def shakespeare(p: Player) -> dict[str, int]:
    """William Shakespeare: +2 culture per library-theatre pair of buildings (his happy face is
    a symbol; his discounts are SHAKESPEARE_PAIRS below)."""
    return {"culture": 2 * min(_buildings(p, "library"), _buildings(p, "theater"))}


def alexander(p: Player) -> dict[str, int]:
    """Alexander the Great: +1 strength per military unit (strength, so not for colonisation,
    T-COL-6)."""
    return {"strength": sum(_units(p, t) for t in ("infantry", "cavalry", "artillery"))}


def joan_of_arc(p: Player) -> dict[str, int]:
    """Joan of Arc: +1 strength per happy face of the player's temples and government (her
    own culture and military action are symbols)."""
    temples = sum(n * max(CARDS[c].happiness, 0) for c, n in p.workers.items()
                  if CARDS[c].kind == "urban" and CARDS[c].subtype == "temple")
    return {"strength": temples + max(CARDS[p.government].happiness, 0)}


def james_cook(p: Player) -> dict[str, int]:
    """James Cook: culture rating +2 for the first colony and +1 for each later one."""
    n = len(p.colonies)
    return {"culture": n + 1 if n else 0}


def js_bach(p: Player) -> dict[str, int]:
    """J. S. Bach: +1 culture per theatre building."""
    return {"culture": _buildings(p, "theater")}


def _best_building(p: Player, subtype: str) -> str | None:
    """The highest-level building of one type that has a worker (C-49 "the best X")."""
    cards = [c for c, n in p.workers.items()
             if n > 0 and CARDS[c].kind == "urban" and CARDS[c].subtype == subtype]
    return max(cards, key=lambda c: CARDS[c].level, default=None)


def charlie_chaplin(p: Player) -> dict[str, int]:
    """Charlie Chaplin (C-53): + the printed culture of the best theatre, once (that one
    building produces double); his two happy faces are a symbol."""
    best = _best_building(p, "theater")
    return {"culture": CARDS[best].culture if best else 0}


def lab_levels(p: Player) -> int:
    """The sum of the levels of the player's lab buildings, each building counted (Bill Gates
    C-52, Sid Meier C-54)."""
    return sum(n * CARDS[c].level for c, n in p.workers.items()
               if CARDS[c].kind == "urban" and CARDS[c].subtype == "lab")


def sid_meier(p: Player) -> dict[str, int]:
    """Sid Meier (C-54): each lab building produces culture equal to its level and 1 science
    less (two Computers: 8 science and 6 culture)."""
    return {"culture": lab_levels(p), "science": -_buildings(p, "lab")}


# card in play -> extra derived statistics (stats.py adds them to the symbols)
STAT_BONUS: dict[str, Callable[[Player], dict[str, int]]] = {
    "michelangelo_i": michelangelo,
    "leonardo_da_vinci_i": best_lab_or_library,
    "isaac_newton_ii": best_lab_or_library,
    "napoleon_bonaparte_ii": napoleon,
    "great_wall_i": great_wall,
    "library_of_alexandria_a": library_of_alexandria,
    "st_peters_basilica_i": st_peters_basilica,
    "william_shakespeare_ii": shakespeare,
    "alexander_the_great_a": alexander,
    "joan_of_arc_i": joan_of_arc,
    "james_cook_ii": james_cook,
    "j_s_bach_ii": js_bach,
    "albert_einstein_iii": best_lab_or_library,  # C-51
    "charlie_chaplin_iii": charlie_chaplin,
    "sid_meier_iii": sid_meier,
}

# the leaders whose STAT_BONUS is output of urban buildings, read by Hollywood (theatres and
# libraries, C-58) and Internet (every urban building, C-59; G-END-8)
THEATER_LIBRARY_LEADERS = frozenset({"william_shakespeare_ii", "j_s_bach_ii",
                                     "charlie_chaplin_iii"})
URBAN_LEADERS = THEATER_LIBRARY_LEADERS | {"sid_meier_iii", "isaac_newton_ii",
                                           "albert_einstein_iii"}

# Ravages of Time: a flipped wonder loses its effects and gives this culture instead
# (G-EVT-RAV: read as culture rating, like any symbol a card in play gives)
RUIN_CULTURE = 2

# Genghis Khan: infantry may fill cavalry slots in armies (armies.py)
INFANTRY_AS_CAVALRY = frozenset({"genghis_khan_i"})

# Genghis Khan: at the end of his own turn, culture points if among the two strongest (2
# players: the stronger), ties counting for him
STRONG_CULTURE = {"genghis_khan_i": 3}

# J. S. Bach: theatre technologies cost this much science less
THEATER_SCIENCE_DISCOUNT = {"j_s_bach_ii": 2}

# Hammurabi: leaders cost this many civil actions less to take from the row (never below 0)
LEADER_TAKE_DISCOUNT = {"hammurabi_a": 1}

# Homer: resources toward unit builds and upgrades every turn (the unit allowance, G-ACARD-2)
UNIT_ALLOWANCE = {"homer_a": 1}

# Homer: when replaced, may be tucked under a completed wonder (+1 happy face: his symbol
# stays in play) instead of regaining the civil action
TUCKABLE = frozenset({"homer_a"})

# Taj Mahal in the row costs this many civil actions less in a turn the player replaced his
# leader (cards.csv marks this "unverified"; G-TAJ-1: taken as printed there)
TAJ_MAHAL = "taj_mahal_i"
TAJ_MAHAL_DISCOUNT = 2

# James Cook: military cards he may discard when colonising, +1 colonisation each
COOK = {"james_cook_ii": 2}

# William Shakespeare: owning a building of the first type, buildings and technologies of the
# second cost 1 resource / 1 science less.
SHAKESPEARE_PAIRS = {"william_shakespeare_ii": {"theater": "library", "library": "theater"}}

# Maximilien Robespierre: a revolution spends all military actions instead of the civil ones,
# and scores culture points.
REVOLUTION_BY_MILITARY = {"maximilien_robespierre_ii": 3}

# Moses: a population increase costs 1 food less (T-POP-5, G-DATA-2)
POPULATION_DISCOUNT = {"moses_a": 1}

# Aristotle: +1 science point per technology card taken from the card row
SCIENCE_PER_TECH_TAKEN = {"aristotle_a": 1}

# Michelangelo: no completed-wonder surcharge when taking a wonder (T-TAKE-4)
NO_WONDER_SURCHARGE = frozenset({"michelangelo_i"})

# Construction special technologies (G-WOND-1, T-UPG-3): urban building cost discount by the
# building's age, and wonder stages buildable for one civil action.
URBAN_DISCOUNT = {"masonry_i": {"I": 1, "II": 1, "III": 1},
                  "architecture_ii": {"I": 1, "II": 2, "III": 2},
                  "engineering_iii": {"I": 1, "II": 2, "III": 3}}  # C-71
WONDER_STAGES = {"masonry_i": 2, "architecture_ii": 3, "engineering_iii": 4}

# On developing a technology: Leonardo gains 1 resource, Newton regains 1 spent civil action.
DEVELOP_RESOURCES = {"leonardo_da_vinci_i": 1}
DEVELOP_CIVIL_BACK = {"isaac_newton_ii": 1}
# Albert Einstein (C-51): culture points for every technology developed (governments, by
# peaceful change or revolution, included)
DEVELOP_CULTURE = {"albert_einstein_iii": 3}

# Bill Gates (C-52): resources per level of each lab in every resource-production step, and
# culture points of the same sum when he leaves play and at game end
LAB_RESOURCES = frozenset({"bill_gates_iii"})
LEAVING_CULTURE: dict[str, Callable[[Player], int]] = {"bill_gates_iii": lab_levels}


def population_discount(p: Player) -> int:
    return POPULATION_DISCOUNT.get(p.leader or "", 0)


def urban_discount(p: Player, card_id: str) -> int:
    age = CARDS[card_id].age
    return sum(URBAN_DISCOUNT[t].get(age, 0) for t in p.techs if t in URBAN_DISCOUNT)


def wonder_stages_per_action(p: Player) -> int:
    return max([1, *(WONDER_STAGES[t] for t in p.techs if t in WONDER_STAGES)])


def pairing_discount(p: Player, card_id: str) -> int:
    """Shakespeare's 1 less for a theatre when owning a library, and the reverse."""
    pairs = SHAKESPEARE_PAIRS.get(p.leader or "")
    card = CARDS[card_id]
    if pairs is None or card.kind != "urban" or card.subtype not in pairs:
        return 0
    return 1 if _buildings(p, pairs[card.subtype]) else 0


def build_cost(p: Player, card_id: str) -> int:
    """The resource cost of one farm, mine, building or unit of `card_id` after the cards in
    play (T-BUILD-5, T-UPG-3); never below 0 (G-PAY-3)."""
    card = CARDS[card_id]
    cost = card.cost_resources
    if card.kind == "urban":
        cost -= urban_discount(p, card_id) + pairing_discount(p, card_id)
    return max(cost, 0)


def science_cost(p: Player, card_id: str) -> int:
    """The science cost of developing `card_id` (T-TECH-2) after the cards and pacts in play
    (Scientific Cooperation, C-113)."""
    cost = CARDS[card_id].cost_science - pairing_discount(p, card_id)
    card = CARDS[card_id]
    if card.kind == "urban" and card.subtype == "theater":
        cost -= THEATER_SCIENCE_DISCOUNT.get(p.leader or "", 0)
    return max(cost - p.pact_mods.get("science_discount", 0), 0)


def revolution_cost(p: Player, card_id: str) -> int:
    """The science cost of a revolution to `card_id` (T-GOV-3) after the pacts in play (C-113:
    a revolution is a development too)."""
    return max(CARDS[card_id].cost_revolution - p.pact_mods.get("science_discount", 0), 0)


def extra_mine_tokens(p: Player) -> list[str]:
    """Transcontinental Railroad (completed): one worker on the best mine produces double —
    one more token on the highest-level mine that has a worker (G-PROD-1)."""
    if "transcontinental_railroad_ii" not in p.wonders:
        return []
    mines = [c for c, n in p.workers.items() if n > 0 and CARDS[c].kind == "mine"]
    return [max(mines, key=lambda c: LEVEL[CARDS[c].age])] if mines else []
