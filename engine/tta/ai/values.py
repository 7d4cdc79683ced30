"""What a position is worth to the AI: an estimate of the seat's culture at the end of the
tutorial game (T-TSCORE-1/2), in culture points, from the player's cards and tokens only.

Every term is "points now + what this figure is expected to bring in the rounds left": culture
rating times the rounds left, science points and rating as techs to come, food and resources
production as final points and as fuel for building, the tutorial's final items (techs by age,
science rating, strength, happiness, production, colonies, Age II wonders), civil and military
actions as the means to do all this, and penalties for a coming famine, an uprising and idle
tokens. Hand cards count as an option on their value in play. `Knobs` holds the weights; the
easy level uses cruder ones.

The full game (F-END-1, F-END-7) scores none of the tutorial's final items: with
`Knobs.tutorial_items` off (policy.Ctx sets it from the view's mode) they are left out, and
what the full game scores is valued instead: culture, the Age III wonders' one-time culture
(F-WOND-2, wonder_culture.py) for the wonder being built, strength (aggressions, wars and
events), and the Age III events (`impact_value`: the culture impacts.py would award this seat
now, times the chance that the event is scored, F-END-2/3/8)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from data.tta import CARDS, LEVEL, SWEEP, TSCORE, Card, corruption, deck, yellow_row

from ..impacts import EVERY_PLAYER, RANKING, RANKING_TABLE, ranking
from ..modes import remaining
from ..state import Player, State
from ..stats import output, stats
from ..tokens import stored
from ..wonder_culture import ONE_TIME


@dataclass(frozen=True)
class Knobs:
    """Weights of the value function (culture points per unit)."""

    science: float = 0.3  # a science point, as techs to come
    food: float = 0.35  # a stored food, or one more per round (times the rounds left)
    resources: float = 0.4  # a stored resource, or one more per round
    strength: float = 1.0  # above the final point: events and colonies
    civil_action: float = 0.9  # one more civil action per round, per future round
    military_action: float = 0.25
    ca_left: float = 0.55  # an unspent civil action this turn: the bar an action must clear
    ma_left: float = 0.5  # an unspent military action draws a card at the end of the turn
    pool: float = 1.6  # an idle worker (the first two), ready to be put to work
    hand: float = 0.5  # a hand card is worth this share of its value in play
    lookahead: bool = True  # rounds left from the decks; False: a fixed short horizon
    horizon: float = 3.0  # the rounds left when not looking ahead
    tutorial_items: bool = True  # the tutorial's final items (T-TSCORE-1); off in the full game
    impact: float = 0.3  # chance that a given Age III event is scored (full game, F-END-2/3)
    full_strength: float = 1.0  # strength beyond its rating in the full game (F-AGGR, F-WAR)


NORMAL = Knobs()
EASY = Knobs(science=0.2, food=0.3, resources=0.3, strength=0.3, civil_action=0.3,
             military_action=0.1, ca_left=0.3, ma_left=0.2, pool=0.6, hand=0.4,
             lookahead=False, impact=0.0, full_strength=0.3)

TAKEN_PER_TURN = 0.6  # cards a seat takes from the row per turn, on average (measured: ~15 rounds)


@lru_cache(maxsize=64)
def _deck_size(age: str, n: int) -> int:
    return len(deck(age, "civil", n, "full"))  # (Ages A-II: the same in every game)


def rounds_left(view: dict, k: Knobs) -> float:
    """Production phases the seat still has, estimated from the public deck counts: every turn
    sweeps the leftmost spaces and the seats take cards, so the civil decks run down at a
    known pace; the end of Age II fixes the last round (T-TEND-3)."""
    if not k.lookahead:
        return k.horizon
    n = len(view["players"])
    if view["last_round"] is not None or view["age"] == view.get("final_age", "III"):
        last = view["last_round"] if view["last_round"] is not None else view["round"]
        return max(1.0, last - view["round"] + 1.0)
    cards = view["civil_deck"]
    # the civil decks still to come: Ages I and II, and Age III in the full game (F-AGE-1)
    ages = ("I", "II", "III") if view.get("final_age") == "IV" else ("I", "II")
    cards += sum(_deck_size(a, n) for a in ages if LEVEL[a] > LEVEL[view["age"]])
    per_round = n * (SWEEP[n] + TAKEN_PER_TURN)
    return max(1.0, cards / per_round + 1.0)


def effect_value(card_id: str, rounds: float, k: Knobs) -> float:
    """What a card's printed symbols are worth once in play (leaders, wonders, territories,
    governments): a rough value that the real stats replace once it is in play."""
    c = CARDS[card_id]
    future = max(rounds - 1, 0)
    return (c.culture * rounds + c.science * (1 + rounds * k.science)
            + c.strength * (1 + k.strength) + c.happiness * 1.5
            + c.civil_actions * future * k.civil_action
            + c.military_actions * future * k.military_action
            + c.colonization * 0.5 + (c.food + c.resources) * (1 + future * k.food)
            + c.urban_limit * 0.5 + 1.5)


def tech_value(p: Player, card_id: str, rounds: float, k: Knobs) -> float:
    """A technology in play, beyond what its workers give (their output is in the stats): its
    final points, and the better buildings it opens up while there is time to build them."""
    c = CARDS[card_id]
    pts = TSCORE["tech"].get(c.age, 0) if k.tutorial_items else 0
    future = max(rounds - 1, 0)
    kind = c.kind
    if kind == "government":
        gov = CARDS[p.government]
        return (pts * TSCORE["government_factor"]
                + (c.civil_actions - gov.civil_actions) * future * k.civil_action
                + (c.military_actions - gov.military_actions) * future * k.military_action
                + (c.urban_limit - gov.urban_limit) * min(future, 4) * 0.5)
    others = [t for t in p.techs if t != card_id]
    if kind in ("farm", "mine"):
        best = max((CARDS[t].food + CARDS[t].resources for t in others
                    if CARDS[t].kind == kind), default=0)
        gain = max(c.food + c.resources - best, 0)
        return pts + gain * min(future, 5) * 0.8
    if kind == "urban":
        per = _urban_worth(c, future, k)
        best = max((_urban_worth(CARDS[t], future, k) for t in others
                    if CARDS[t].kind == "urban" and CARDS[t].subtype == c.subtype), default=0)
        return pts + max(per - best, 0) * 0.6 + (1.0 if best == 0 else 0.0)
    if kind == "unit":
        best = max((CARDS[t].strength for t in others if CARDS[t].kind == "unit"), default=0)
        return pts + max(c.strength - best, 0) * 1.5
    return pts + 2.0 + min(future, 4) * 0.3  # special technologies


def _urban_worth(c: Card, future: float, k: Knobs) -> float:
    return c.culture * future + c.science * (1 + future * k.science) + c.happiness * 1.5


def hand_value(p: Player, rounds: float, k: Knobs) -> float:
    """Cards in hand: a share of their value in play, less what playing them costs; military
    cards: political ones score their age when prepared (T-POL-3), tactics and bonus cards
    strengthen the army or a colonisation."""
    total = 0.0
    for card_id in p.hand:
        c = CARDS[card_id]
        if c.is_technology:
            worth = tech_value(p, card_id, rounds, k) - c.cost_science * k.science
            if c.kind == "government":
                worth = max(worth, 0.0)
            short = c.cost_science - p.science
            if short > 0:
                worth *= max(0.2, 1 - short / max(3 * stats(p).science, 1))
            total += k.hand * max(worth, 0.0)
        elif c.kind == "leader":
            total += k.hand * effect_value(card_id, rounds, k)
        elif c.kind == "action":  # its effect comes when played: worthless when kept too long
            total += (0.5 + c.level * 0.6) * min(1.0, max(rounds - 1, 0) / 2)
        else:
            total += 0.5
    for card_id in p.military:
        c = CARDS[card_id]
        if c.kind in ("event", "territory"):
            total += c.level + 0.3
        elif c.kind == "tactic":
            total += 0.8
        else:
            total += 0.3 + 0.3 * c.colonization
    return total


def wonder_value(p: Player, rounds: float, k: Knobs) -> float:
    """The unfinished wonder: a share of its worth for the stages built."""
    if p.wonder is None:
        return 0.0
    c = CARDS[p.wonder]
    worth = effect_value(p.wonder, rounds, k)
    if k.tutorial_items:
        worth += TSCORE["wonder_ii"] if c.age == "II" else 0
    elif p.wonder in ONE_TIME:  # F-WOND-2: its culture once, from the state at completion
        worth += ONE_TIME[p.wonder](p)
    stages = max(len(c.stages), 1)
    return worth * (0.25 + 0.6 * p.wonder_stages / stages)


def value(p: Player, rounds: float, k: Knobs) -> float:
    """The estimated final culture of `p` (see the module docstring)."""
    st = stats(p)
    future = max(rounds - 1, 0)
    food_out, res_out = output(p, "farm"), output(p, "mine")
    food_stock, res_stock = stored(p, "farm"), stored(p, "mine")
    _, eat, faces = yellow_row(p.yellow_bank)
    corrupt = corruption(p.blue_bank)
    discontent = max(0, faces - st.happiness)
    v = float(p.culture + st.culture * rounds)
    if k.tutorial_items:  # with the tutorial's final items 2-5 (T-TSCORE-1)
        v += st.science * (1 + rounds * k.science) + p.science * k.science
        v += st.strength * (1 + k.strength) + st.happiness
        v += food_out + res_out
    else:  # the full game: strength wins aggressions, wars and events (F-AGGR, F-WAR)
        v += st.science * rounds * k.science + p.science * k.science
        v += st.strength * k.full_strength + st.happiness * 0.5
    net_food = food_out - eat
    v += min(net_food, 3) * future * k.food + max(net_food - 3, 0) * future * k.food * 0.3
    v += (res_out - corrupt) * future * k.resources
    v += food_stock * k.food + res_stock * k.resources
    ahead = food_stock + net_food * min(future + 1, 3)
    if ahead < 0:  # famine to come: 4 culture per missing food (G-FOOD-1)
        v += ahead * 2.0
    if discontent > p.pool:  # uprising: no production at all (T-HAPPY-5)
        v -= 6 + st.culture + st.science + 2 * (discontent - p.pool)
    else:
        v -= 0.4 * discontent
    v += st.civil_actions * future * k.civil_action
    v += st.military_actions * future * k.military_action
    v += max(st.civil_actions - p.ca_spent, 0) * k.ca_left
    v += min(max(st.military_actions - p.ma_spent + p.temp_ma, 0), 3) * k.ma_left
    v += min(p.pool, 2) * k.pool + max(p.pool - 2, 0) * k.pool * 0.3
    v += sum(tech_value(p, t, rounds, k) for t in p.techs)
    if k.tutorial_items:  # the tutorial's final items 1, 6 and 7 (T-TSCORE-1)
        v += TSCORE["tech"].get(CARDS[p.government].age, 0) * TSCORE["government_factor"]
        v += TSCORE["colony"] * len(p.colonies)
        v += TSCORE["wonder_ii"] * sum(CARDS[w].age == "II" for w in p.wonders)
    v += wonder_value(p, rounds, k)
    v += hand_value(p, rounds, k)
    return v


def impact_award(s: State, seat: int, card: str) -> int:
    """The culture the Age III event `card` would give `seat` if it were scored now (F-END-8;
    the ranking cards C-85/C-86 with the starting player as the current one, F-END-5)."""
    if card in RANKING:
        order = [p.seat for p in ranking(s, s.start, RANKING[card])]
        table = RANKING_TABLE.get(len(order), ())
        place = order.index(seat) if seat in order else len(table)
        return table[place] if place < len(table) else 0
    return EVERY_PLAYER[card](s, s.players[seat])


def impact_value(s: State, seat: int, k: Knobs) -> float:
    """The expected culture of the Age III events for `seat` (full game, F-END-2/3/8): every
    one's award now, times the chance that it is scored (`Knobs.impact`), from Age II on when
    the position is close to the one they will read."""
    if k.impact <= 0 or s.age in ("A", "I") or all(p.seat != seat for p in remaining(s)):
        return 0.0
    return k.impact * sum(impact_award(s, seat, card) for card in (*EVERY_PLAYER, *RANKING))
