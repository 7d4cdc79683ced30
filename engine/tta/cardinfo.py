"""A card's facts in words, for every place a player reads a card (the hand, the card row, the
card lookup): its key figures ("+2 food", "+1 happy") and what it costs to bring into play, in
the reader's language (`tta.cardinfo.*`). What the card does is engine.tta.cardtext's
`card_effect`."""

from __future__ import annotations

from data.i18n import t
from data.tta import CARDS

# a card's figures (Card fields), in the order a player reads them; the first six are its key
# figures: what it produces, its culture, happy faces and strength
FIGURES = ("food", "resources", "science", "culture", "happiness", "strength", "civil_actions",
           "military_actions", "colonization", "urban_limit", "blue_tokens", "yellow_tokens",
           "defense")
KEY_FIGURES = 6
SECOND_FIGURES = ("civil_actions", "military_actions", "colonization")
SET_BY_GOVERNMENT = frozenset({"civil_actions", "military_actions", "urban_limit"})


def signed(n: int) -> str:
    return f"+{n}" if n > 0 else f"−{-n}" if n < 0 else "0"


def figures(card: str, locale: str | None = None, key_only: bool = False) -> list[str]:
    """What the card's symbols give, in short words ("+2 food", "+1 happy", "+2 CA"): per
    worker for a farm, mine, urban building or unit (T-STAT-2), else once while in play; a
    government's actions and urban limit (C-6); a tactic's army strength (T-TAC-6/7). With
    `key_only`, its key figures (production, culture, happiness, strength) where it has any,
    for the small cards of the card row (else its actions or colonisation: a government's,
    a special technology's)."""
    c = CARDS.get(card)
    if c is None:
        return []
    chosen = FIGURES
    if key_only:  # the key figures, else the actions a card gives (or a government sets)
        key = FIGURES[:KEY_FIGURES]
        chosen = key if any(getattr(c, f) for f in key) else SECOND_FIGURES
    out = []
    for field in chosen:
        n = getattr(c, field)
        if n and not (field == "urban_limit" and c.kind != "government"):
            # a government sets its actions and limit; every other figure adds to a total
            governs = c.kind == "government" and field in SET_BY_GOVERNMENT
            out.append(t(f"tta.cardinfo.{field}", locale, n=n if governs else signed(n),
                         count=abs(n)))
    if c.kind == "tactic" and c.tactic_strength:
        out.append(t("tta.cardinfo.tactic", locale, n=c.tactic_strength,
                     old=c.tactic_strength_outdated))
    return out


def card_cost(card: str, locale: str | None = None) -> str:
    """What it costs to bring the card from the hand into play, in words: science (and a
    revolution's) to develop a technology or government, each wonder stage's resources, the
    civil action a leader or an action card takes (T-LEAD, T-ACARD), the military action a
    tactic takes (T-TAC); empty for a card played otherwise (events, territories, bonuses)."""
    c = CARDS.get(card)
    if c is None:
        return ""
    if c.kind == "government":
        return t("tta.cardinfo.cost.government", locale, science=c.cost_science,
                 revolution=c.cost_revolution)
    if c.is_technology:
        return t("tta.cardinfo.cost.science", locale, n=c.cost_science) if c.cost_science else ""
    if c.kind == "wonder" and c.stages:
        return t("tta.cardinfo.cost.stages", locale,
                 stages=" + ".join(str(x) for x in c.stages))
    if c.kind in ("leader", "action"):
        return t("tta.cardinfo.cost.civil_action", locale)
    if c.kind == "tactic":
        return t("tta.cardinfo.cost.military_action", locale)
    return ""


def kind_name(card: str, locale: str | None = None) -> str:
    """What kind of card it is, in words: "Farm", "Lab", "Infantry", "Leader", "Tactic"."""
    c = CARDS.get(card)
    if c is None:
        return "?"
    return t(f"tta.render.kind.{c.subtype if c.kind in ('urban', 'unit') else c.kind}", locale)
