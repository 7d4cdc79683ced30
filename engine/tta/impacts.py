"""The Age III events, "Impact of …" (C-75…C-89, F-END-2..8): each states what culture every
remaining player scores, computed on the state at that moment. Each card is written once here,
as a small named function (or a ranking key), and used both when it is revealed during play
(eventcards.resolve, F-END-3) and in the full game's final scoring (scoring.py, F-END-7 step 1).

Every-player cards give an amount per player. Ranking cards (Impact of Science, Impact of
Strength) order the remaining players by a statistic, highest first, ties broken by G-EVT-1
from the current player (the player whose turn it is during play, the starting player at the
end, F-END-5), and give the amounts of the table for the number of remaining players (F-END-8,
G-END-5); tied players get different amounts.

Statistics are those of F-END-9: the ratings, production per round as a production phase would
compute it (farm and mine output by workers plus the production effects of cards in play: the
Transcontinental Railroad's extra mine token, Bill Gates' lab resources), food consumption,
discontent workers, action totals. No corruption and no uprising check apply. (The pacts'
production, International Trade Agreement, belongs to the pacts' module and is not read yet.)

During play an award lowers culture at once when negative, floored at 0 (only Impact of
Happiness can give one, F-END-8); the final scoring sums the awards and floors once (G-END-6)."""

from __future__ import annotations

from collections.abc import Callable

from data.tta import CARDS, LEVEL
from engine.core import Event

from .modes import mode, remaining
from .state import Player, State
from .stats import consumption, discontent, output, stats

Amount = Callable[[State, Player], int]

BILL_GATES = "bill_gates_iii"  # C-52

# C-75..C-89: what the cards print
AGRICULTURE_SURPLUS = 4  # C-75: more food produced than eaten
BALANCE_FACTOR = 2  # C-77
COLONY_CULTURE = 3  # C-78
GOVERNMENT_CIVIL, GOVERNMENT_MILITARY = 2, 1  # C-80
HAPPINESS_FACTOR, HAPPINESS_CAP, DISCONTENT_FACTOR = 2, 16, 2  # C-81
POPULATION_FACTOR, POPULATION_FREE = 2, 10  # C-83
PROGRESS_FACTOR = 2  # C-84
TECHNOLOGY_CULTURE = 4  # C-87
VARIETY_FACTOR = 2  # C-88
VARIETY_URBAN = ("lab", "temple", "library", "theater", "arena")  # C-88: farms and mines not
VARIETY_UNITS = ("infantry", "cavalry", "artillery", "airforce")
WONDER_CULTURE = {"A": 5, "I": 4, "II": 3, "III": 2}  # C-89
# F-END-8: the ranking cards' amounts by the number of remaining players, highest first
RANKING_TABLE = {4: (15, 10, 5, 0), 3: (14, 7, 0), 2: (10, 0)}


# --- the statistics the cards read (F-END-9) ---------------------------------------------------

def levels(p: Player, kind: str, subtype: str | None = None) -> int:
    """The sum of the levels of `p`'s buildings or units of a kind (one per worker, T-META-5)."""
    return sum(n * LEVEL[CARDS[c].age] for c, n in p.workers.items()
               if CARDS[c].kind == kind and (subtype is None or CARDS[c].subtype == subtype))


def lab_levels(p: Player) -> int:
    """C-52 Bill Gates: the sum of the levels of the owner's labs, each lab building counted."""
    return levels(p, "urban", "lab")


def food_production(s: State, p: Player) -> int:
    """Farm buildings times their food value, and the pacts' food (F-END-9, C-111 side B)."""
    return output(p, "farm") + p.pact_mods.get("food", 0)


def mine_production(p: Player) -> int:
    """Mine buildings times their resource value, plus the Transcontinental Railroad's extra
    (G-END-7: no Bill Gates, no pacts)."""
    return output(p, "mine")


def resource_production(s: State, p: Player) -> int:
    """A production phase's resources (F-END-9): the mines, Bill Gates' lab resources (C-52)
    and the pacts' (C-110, C-111: side A gains one; Acceptance of Supremacy's side B loses one
    of what his mines made, never below nothing)."""
    mines = mine_production(p)
    lost = min(p.pact_mods.get("resources_lost", 0), mines)  # taken from what his mines made
    gates = lab_levels(p) if p.leader == BILL_GATES else 0
    return mines - lost + gates + p.pact_mods.get("resources", 0)


def specials(p: Player) -> list[str]:
    """The special technologies in play (T-TECH-4: at most one of each type)."""
    return [c for c in p.techs if CARDS[c].kind == "special"]


def content_workers(p: Player) -> int:
    """G-END-3: every worker, on cards and unused, less the discontent workers."""
    return p.pool + sum(p.workers.values()) - discontent(p)


# --- the every-player cards (C-75..C-84, C-87..C-89) ---------------------------------------------

def agriculture(s: State, p: Player) -> int:
    """C-75: food production, 4 more when it is strictly greater than consumption."""
    food = food_production(s, p)
    return food + (AGRICULTURE_SURPLUS if food > consumption(p) else 0)


def architecture(s: State, p: Player) -> int:
    """C-76: the levels of the urban buildings."""
    return levels(p, "urban")


def balance(s: State, p: Player) -> int:
    """C-77: twice the lowest of food production, resource production, science and culture
    ratings (corruption and consumption ignored)."""
    rating = stats(p)
    return BALANCE_FACTOR * min(food_production(s, p), resource_production(s, p),
                                rating.science, rating.culture)


def colonies(s: State, p: Player) -> int:
    """C-78: 3 per colony."""
    return COLONY_CULTURE * len(p.colonies)


def competition(s: State, p: Player) -> int:
    """C-79: the levels of the military units and of the arenas."""
    return levels(p, "unit") + levels(p, "urban", "arena")


def government(s: State, p: Player) -> int:
    """C-80: 2 per civil action and 1 per military action of the totals (T-TOK-4)."""
    rating = stats(p)
    return GOVERNMENT_CIVIL * rating.civil_actions + GOVERNMENT_MILITARY * rating.military_actions


def happiness(s: State, p: Player) -> int:
    """C-81: twice the happiness (at most 16) less 2 per discontent worker; may be negative."""
    return min(HAPPINESS_CAP, HAPPINESS_FACTOR * stats(p).happiness) \
        - DISCONTENT_FACTOR * discontent(p)


def industry(s: State, p: Player) -> int:
    """C-82: the mine production (G-END-7)."""
    return mine_production(p)


def population(s: State, p: Player) -> int:
    """C-83: 2 per content worker above 10 (G-END-3)."""
    return POPULATION_FACTOR * max(0, content_workers(p) - POPULATION_FREE)


def progress(s: State, p: Player) -> int:
    """C-84: twice the level of the government plus the levels of the special technologies."""
    return PROGRESS_FACTOR * (LEVEL[CARDS[p.government].age]
                              + sum(LEVEL[CARDS[c].age] for c in specials(p)))


def technology(s: State, p: Player) -> int:
    """C-87: 4 per Age III technology card in play — any technology, the government and the
    special technologies too, with or without workers (the shorter game: Age II cards)."""
    age = "II" if mode(s) == "short" else "III"
    cards = [p.government, *p.techs]
    return TECHNOLOGY_CULTURE * sum(CARDS[c].is_technology and CARDS[c].age == age for c in cards)


def variety(s: State, p: Player) -> int:
    """C-88: twice the number of urban building types (lab, temple, library, theater, arena)
    and unit types (infantry, cavalry, artillery, air force) with at least one building or unit,
    plus the special technologies in play."""
    have = {CARDS[c].subtype for c, n in p.workers.items()
            if n > 0 and CARDS[c].kind in ("urban", "unit")}
    types = sum(t in have for t in (*VARIETY_URBAN, *VARIETY_UNITS))
    return VARIETY_FACTOR * (types + len(specials(p)))


def wonders(s: State, p: Player) -> int:
    """C-89: per completed wonder, flipped ones (Ravages of Time) included: 5 / 4 / 3 / 2 for
    Ages A / I / II / III; the unfinished wonder scores nothing."""
    return sum(WONDER_CULTURE[CARDS[w].age] for w in (*p.wonders, *p.ruins))


EVERY_PLAYER: dict[str, Amount] = {
    "impact_of_agriculture_iii": agriculture,
    "impact_of_architecture_iii": architecture,
    "impact_of_balance_iii": balance,
    "impact_of_colonies_iii": colonies,
    "impact_of_competition_iii": competition,
    "impact_of_government_iii": government,
    "impact_of_happiness_iii": happiness,
    "impact_of_industry_iii": industry,
    "impact_of_population_iii": population,
    "impact_of_progress_iii": progress,
    "impact_of_technology_iii": technology,
    "impact_of_variety_iii": variety,
    "impact_of_wonders_iii": wonders,
}

# C-85, C-86: the ranking cards and the statistic each ranks by
RANKING: dict[str, Callable[[Player], int]] = {
    "impact_of_science_iii": lambda p: stats(p).science,
    "impact_of_strength_iii": lambda p: stats(p).strength,
}

IMPACTS = frozenset({*EVERY_PLAYER, *RANKING})


def ranking(s: State, current: int, key: Callable[[Player], int]) -> list[Player]:
    """G-EVT-1 over the remaining players: highest first; a tie goes to the current player,
    then to whoever plays earlier after him."""
    order = sorted(remaining(s), key=lambda p: (p.seat - current) % s.n)
    return sorted(order, key=lambda p: -key(p))  # sorted() is stable


def awards(s: State, card: str, current: int) -> dict[int, int]:
    """Seat -> the culture `card` gives each remaining player now (F-END-8)."""
    if card in RANKING:
        order = ranking(s, current, RANKING[card])
        table = RANKING_TABLE.get(len(order), ())
        return {p.seat: table[i] if i < len(table) else 0 for i, p in enumerate(order)}
    amount = EVERY_PLAYER[card]
    return {p.seat: amount(s, p) for p in remaining(s)}


def resolve(s: State, current: int, card: str, events: list[Event]) -> None:
    """An Age III event revealed during play (F-END-3, F-END-8): every remaining player scores
    its award at once; a negative one lowers culture, floored at 0 (T-STAT-5)."""
    given = awards(s, card, current)
    for seat, culture in given.items():
        p = s.players[seat]
        p.culture = max(p.culture + culture, 0)
    events.append(Event("tta.impact", {
        "card": card, "awards": [[seat, culture] for seat, culture in sorted(given.items())]}))
