"""The production phase of the end-of-turn sequence (T-EOT-1 step 2): score points, corruption,
food production, food consumption (famine), resource production — skipped entirely in an
uprising (T-HAPPY-5). The pacts' food and resources (C-110, C-111) come with the production
steps (G-PACT-3), so an uprising skips them too."""

from __future__ import annotations

from data.tta import FAMINE_CULTURE
from engine.core import Event

from .effects import LAB_RESOURCES, extra_mine_tokens, lab_levels
from .state import Player
from .stats import consumption, corruption_of, stats, uprising
from .tokens import gain, lose, produce


def production(p: Player, events: list[Event]) -> None:
    if uprising(p):
        events.append(Event("tta.uprising", {"seat": p.seat}))
        return
    rating = stats(p)
    p.science += rating.science  # T-SCORE-1
    p.culture += rating.culture
    events.append(Event("tta.production", {
        "seat": p.seat, "science": rating.science, "culture": rating.culture,
        **economy(p)}))


def economy(p: Player, corruption: bool = True, consumption_: bool = True
            ) -> dict[str, int]:
    """Steps b-e of the production phase (also ordered by the events Economic Progress, Good
    Harvest and New Deposits): what happened, for the event."""
    corrupt = corruption_of(p) if corruption else 0  # T-CORR-1: before production (T-CORR-3)
    short = lose(p, "mine", corrupt)
    unpaid = lose(p, "farm", short)  # T-CORR-2; G-CORR-1: no further penalty
    pact = p.pact_mods  # the pacts' production, skipped with the rest in an uprising (G-PACT-3)
    food = produce(p, "farm") + gain(p, "farm", pact.get("food", 0))  # T-PROD-1, C-111
    need = consumption(p) if consumption_ else 0  # T-FOOD-1
    missing = lose(p, "farm", need)
    famine = missing * FAMINE_CULTURE  # G-FOOD-1: 4 culture per missing food
    p.culture = max(p.culture - famine, 0)
    resources = produce(p, "mine", extra_mine_tokens(p))  # T-PROD-2
    if p.leader in LAB_RESOURCES:  # Bill Gates (C-52): not mine production, after it
        resources += gain(p, "mine", lab_levels(p))
    resources += gain(p, "mine", pact.get("resources", 0))  # C-110/C-111 side A
    # C-110 side B: right after his mines produced; nothing when he has none left
    resources -= pact.get("resources_lost", 0) - lose(p, "mine", pact.get("resources_lost", 0))
    return {"corruption": corrupt, "corruption_unpaid": unpaid, "food": food,
            "consumption": need, "famine": famine, "resources": resources}
