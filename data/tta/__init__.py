"""Through the Ages components as typed, immutable data: every card face of `cards.csv` (copied
from shared/data/tta/cards.csv; sources in README.md and shared/data/tta/SOURCES.md) and the
player-board constants of shared/data/tta/board.md. Rule numbers refer to
shared/rules/through-the-ages.md.

The engine reads every number from here, never from literals."""

from __future__ import annotations

import csv
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from types import MappingProxyType

HERE = Path(__file__).parent

AGES = ("A", "I", "II", "III")
# T-META-5: level of a card = its age; the full game's card-less Age IV (F-AGE-2) is later than
# every card (Iconoclasm there removes every leader, C-116)
LEVEL = {"A": 0, "I": 1, "II": 2, "III": 3, "IV": 4}

# The six technologies printed on every player board (T-COMP-9) and the workers on them at
# setup (T-SETUP-4).
BOARD_TECHS = ("agriculture_a", "bronze_a", "philosophy_a", "religion_a", "warriors_a")
START_GOVERNMENT = "despotism_a"
START_WORKERS = MappingProxyType({"agriculture_a": 2, "bronze_a": 2, "philosophy_a": 1,
                                  "warriors_a": 1})


@dataclass(frozen=True)
class Start:
    """T-SETUP-2..5, board.md §3."""

    yellow_bank: int = 18
    pool: int = 1
    blue_bank: int = 16
    civil_actions: int = 4
    military_actions: int = 2


START = Start()

# G-BANK-1 / board.md §1: keyed by Y (tokens in the yellow bank, 0..18; more behaves like 18):
# (food cost of the next increase or None, consumption per round, happy faces required)
YELLOW_TABLE: tuple[tuple[int | None, int, int], ...] = (
    (None, 6, 8), (7, 4, 7), (7, 4, 7), (7, 4, 6), (7, 4, 6), (5, 3, 5), (5, 3, 5), (5, 3, 4),
    (5, 3, 4), (4, 2, 3), (4, 2, 3), (4, 2, 2), (4, 2, 2), (3, 1, 1), (3, 1, 1), (3, 1, 1),
    (3, 1, 1), (2, 0, 0), (2, 0, 0),
)


def yellow_row(y: int) -> tuple[int | None, int, int]:
    return YELLOW_TABLE[min(max(y, 0), 18)]


def corruption(b: int) -> int:
    """G-BANK-2 / board.md §2: resources lost for B tokens left in the blue bank."""
    if b >= 11:
        return 0
    if b >= 6:
        return 2
    if b >= 1:
        return 4
    return 6


ROW_SIZE = 13  # T-ROW-1
SWEEP = MappingProxyType({2: 3, 3: 2, 4: 1})  # T-ROW-2: spaces cleared per player count
MAX_DRAW = 3  # T-MDRAW-1
COPY_TACTIC_MA = 2  # T-TAC-5
FAMINE_CULTURE = 4  # T-FOOD-1, G-FOOD-1: culture lost per missing food
AGE_END_YELLOW = 2  # T-TOK-3
TSCORE = MappingProxyType({"tech": {"I": 1, "II": 2}, "government_factor": 2, "colony": 3,
                           "wonder_ii": 6})  # T-TSCORE-1


def row_cost(index: int) -> int:
    """T-ROW-1: civil actions to take the card on space index+1."""
    return 1 if index < 5 else 2 if index < 9 else 3


@dataclass(frozen=True)
class Card:
    """One card face. Farm/mine/urban/unit technologies: stats are per worker; every other card
    gives them once while in play (T-STAT-2). Empty CSV cells read as 0."""

    id: str
    name: str
    age: str
    deck: str  # "civil" or "military"
    type: str
    copies: tuple[int, int, int]  # 2, 3, 4 players
    cost_science: int
    cost_revolution: int
    cost_resources: int
    stages: tuple[int, ...]  # wonders: resources per stage, left to right
    cost_military_actions: int
    food: int
    resources: int
    science: int
    culture: int
    strength: int
    happiness: int
    civil_actions: int
    military_actions: int
    colonization: int
    urban_limit: int
    defense: int
    blue_tokens: int
    yellow_tokens: int
    # tactics (T-TAC-6/7): units per army by type, tactical strength normal / outdated
    tactic_infantry: int
    tactic_cavalry: int
    tactic_artillery: int
    tactic_strength: int
    tactic_strength_outdated: int
    summary: str

    # cached: asked for constantly by the engine, and a card never changes
    @cached_property
    def level(self) -> int:
        return LEVEL[self.age]

    @cached_property
    def kind(self) -> str:
        """The broad kind: farm, mine, urban, unit, special, government, leader, wonder, action,
        event, territory, aggression, war, pact, tactic, bonus."""
        t = self.type
        if t.startswith("technology-military"):
            return "unit"
        if t.startswith("technology-urban"):
            return "urban"
        if t.startswith("technology-special"):
            return "special"
        if t.startswith("technology-"):
            return t.split("-")[1]
        if t.startswith("bonus"):
            return "bonus"
        return t

    @cached_property
    def subtype(self) -> str:
        """Urban building type (lab, temple, ...), unit type (infantry, ...), special type
        (civil, military, colonization, construction); else the kind."""
        return self.type.rsplit("-", 1)[-1] if self.kind in ("urban", "unit", "special") \
            else self.kind

    @cached_property
    def is_technology(self) -> bool:
        return self.type.startswith("technology") or self.kind == "government"

    def count(self, players: int) -> int:
        return self.copies[players - 2]


def _int(text: str) -> int:
    return int(text) if text.strip() else 0


def _load() -> dict[str, Card]:
    cards: dict[str, Card] = {}
    with open(HERE / "cards.csv", encoding="utf-8", newline="") as f:
        for row in csv.DictReader(f):
            res = row["cost_resources"]
            stages = tuple(int(x) for x in res.split("|")) if "|" in res else ()
            card = Card(
                id=row["id"], name=row["name"], age=row["age"], deck=row["deck"],
                type=row["type"],
                copies=(_int(row["copies_2p"]), _int(row["copies_3p"]), _int(row["copies_4p"])),
                cost_science=_int(row["cost_science"]),
                cost_revolution=_int(row["cost_revolution"]),
                cost_resources=0 if stages else _int(res), stages=stages,
                cost_military_actions=_int(row["cost_military_actions"]),
                **{k: _int(row[k]) for k in (
                    "food", "resources", "science", "culture", "strength", "happiness",
                    "civil_actions", "military_actions", "colonization", "urban_limit",
                    "defense", "blue_tokens", "yellow_tokens", "tactic_infantry",
                    "tactic_cavalry", "tactic_artillery", "tactic_strength",
                    "tactic_strength_outdated")},
                summary=row["effect_summary"])
            if card.id in cards or card.age not in AGES or card.deck not in ("civil", "military"):
                raise ValueError(f"cards.csv: bad or duplicate row {card.id}")
            cards[card.id] = card
    return cards


CARDS: MappingProxyType[str, Card] = MappingProxyType(_load())

# --- decks ------------------------------------------------------------------------------------

TUTORIAL_MILITARY_KINDS = frozenset({"event", "territory", "tactic", "bonus"})  # T-SETUP-8
TUTORIAL_AGES = ("A", "I", "II")  # T-SETUP-8: Age III decks stay in the box
FULL_AGES = AGES  # F-SETUP-1: all eight decks
POLITICAL_KINDS = frozenset({"aggression", "war", "pact"})  # F-SETUP-1, V-PEACE-3
PACT_MIN_PLAYERS = 3  # F-PACT-1: with 2 players the pacts leave the military decks
# V-PEACE-3 (G-PACT-2): the four pacts unrelated to attacks, kept by `peaceful = keep_pacts`
PEACEFUL_PACTS = frozenset({"trade_routes_agreement_i", "international_trade_agreement_ii",
                            "scientific_cooperation_ii", "international_tourism_iii"})


def _dealt(card: Card, players: int, mode: str, peaceful: str) -> bool:
    """Whether `card`'s copies belong in its military deck (civil cards always do)."""
    if card.deck != "military":
        return True
    if mode == "tutorial":
        return card.kind in TUTORIAL_MILITARY_KINDS  # T-SETUP-8
    if card.kind not in POLITICAL_KINDS:
        return True
    if card.kind == "pact":
        if players < PACT_MIN_PLAYERS:
            return False  # F-PACT-1 (also in every peaceful setting, V-PEACE-3)
        return peaceful == "off" or (peaceful == "keep_pacts" and card.id in PEACEFUL_PACTS)
    return peaceful == "off"  # V-PEACE-3: aggressions and wars leave every peaceful game


def deck(age: str, family: str, players: int, mode: str = "tutorial",
         peaceful: str = "off") -> list[str]:
    """The card ids of one deck for `players` (unshuffled, sorted by id): copies per player
    count (T-SETUP-7, G-SETUP-1/2 — the copy columns already encode the "3+"/"4" marks).
    `mode` "tutorial": the tutorial deck changes (T-SETUP-8: no Age III, no aggressions, wars
    or pacts); "full": all eight decks with every military card (F-SETUP-1/2), the pacts
    removed at 2 players (F-PACT-1), `peaceful` "strict" / "keep_pacts" removing aggressions,
    wars and (all or the attack-related) pacts (V-PEACE-3/4)."""
    if not 2 <= players <= 4:
        raise ValueError("2-4 players")
    if age not in (TUTORIAL_AGES if mode == "tutorial" else FULL_AGES):
        return []
    out = []
    for card in CARDS.values():
        if card.age == age and card.deck == family and _dealt(card, players, mode, peaceful):
            out.extend([card.id] * card.count(players))
    return sorted(out)


def events_count(players: int) -> int:
    """T-SETUP-13: Age A events dealt as the first current events deck."""
    return players + 2
