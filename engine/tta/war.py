"""Wars (F-WAR, C-101…C-103), a political action of the full game (F-POL-1).

Declaring (G-ASYNC-8 step 1): the politics decision `war {card, target}` (options carry the
target's `name` and the `cost` for the label), checked in the order of F-WAR-5, played by
F-WAR-6 into `State.wars` (public, every view lists it). Strength is not checked.

Resolving (F-WAR-7/8): `resolve_due` runs from the attacker's next turn, after the card row
is replenished and before his exclusive tactic and his politics phase; the stronger wins, by
the difference (the advantage); equal strength: no effect. War over Culture and War over
Territory need no decision; War over Technology asks the winner
{"t": "tech_war", "seat": winner, "loser", "left"}: `steal {card}` for each special technology
of the loser whose printed science cost fits in what is left of the advantage, then `science`
(G-WAR-3; "steal" rather than the spec's "take", which is the action phase's word for taking
a card from the row).

The shorter game (V-SHORT-5/12, G-ASYNC-8): the declaration names `which` war it is — "own"
(the card played) or "war_over_culture" (the public War over Culture, V-SHORT-3) — and pays the
named war's cost; the pending war records the named war under "war"; at resolution the named
war's effect applies and the card played is discarded. The public card never moves. In the
other games `which` is not part of the decision."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from data.tta import CARDS
from engine.core import Decision, Event

from . import attack, modes, pacts, shortgame
from .actions import _enter_tech
from .cards import changing_totals, tokens_out
from .flow import AGENDA, Frame, err, pop
from .politics import Political, political
from .state import Player, State
from .tokens import box_yellow

KIND = "war"
CULTURE = "war_over_culture_iii"  # C-101
CULTURE_BASE = 5  # C-101: 5 + the advantage
TECHNOLOGY = "war_over_technology_ii"  # C-102
TERRITORY = "war_over_territory_ii"  # C-103
TERRITORY_STEP = 5  # C-103: one more token per full 5 of advantage
OWN, PUBLIC_CULTURE = "own", "war_over_culture"  # V-SHORT-12: the wars a declaration may name


# --- declaring (F-WAR-5, F-WAR-6) ----------------------------------------------------------------

def check(s: State, p: Player, d: Decision) -> None:
    """F-WAR-5 in its order (step 1, the politics phase, is the phase's own)."""
    attack.in_game(s, KIND)
    card = attack.card_of(p, d, KIND, "F-WAR-5")
    if modes.last_round_now(s):
        raise err("war_last_round", "F-WAR-5")
    attack.no_gandhi(p)
    if any(w["attacker"] == p.seat for w in s.wars):
        raise err("war_pending", "F-WAR-5")
    target = attack.target_of(s, d)
    attack.valid_target(s, p, target)
    if pacts.no_war_on(s, target.seat):
        raise err("war_sovereignty", "C-105", name=target.name)
    named = named_war(s, d, card)
    attack.affordable(s, p, named, target)
    attack.check_quote(s, p, d, named, target)


def choices(s: State) -> tuple[str, ...]:
    """V-SHORT-12: the wars a declaration may name — none to name outside the shorter game, and
    only the card's own war when no War over Culture is set out (a peaceful game has no wars
    at all, V-PEACE-6)."""
    if not shortgame.active(s):
        return ()
    return (OWN, PUBLIC_CULTURE) if s.short["war"] else (OWN,)


def named_war(s: State, d: Decision, card: str) -> str:
    """The war card whose effect and cost the declaration takes (V-SHORT-12)."""
    which = d.args.get("which")
    allowed = choices(s)
    if (which is None and not allowed) or (which is not None and which in allowed):
        return shortgame.WAR_OVER_CULTURE if which == PUBLIC_CULTURE else card
    raise err("war_which", "V-SHORT-12")


def candidates(s: State, p: Player) -> Iterator[Decision]:
    for card in sorted({c for c in p.military if CARDS[c].kind == KIND}):
        for target in attack.opponents(s, p):
            for which in choices(s) or (None,):
                named = shortgame.WAR_OVER_CULTURE if which == PUBLIC_CULTURE else card
                extra = {} if which is None else {"which": which}
                yield Decision(KIND, {"card": card, "target": target.seat, **extra,
                                      **attack.quote(s, p, named, target)})


def apply(s: State, p: Player, d: Decision, events: list[Event]) -> None:
    card, target = d.args["card"], s.players[d.args["target"]]
    named = named_war(s, d, card)
    spent = attack.play(s, p, card, target, events, priced=named)
    war: dict[str, Any] = {"card": card, "attacker": p.seat, "defender": target.seat,
                           "round": s.round}
    declared = {"seat": p.seat, "card": card, "defender": target.seat, "cost": spent}
    if "which" in d.args:  # V-SHORT-12: the pending war is marked with the war named (public)
        war["war"] = named
        declared.update(card=named, played=card)
    s.wars.append(war)
    events.append(Event("tta.war_declared", declared))


political(KIND, Political(candidates, check, apply))


# --- resolving (F-WAR-7, F-WAR-8) ----------------------------------------------------------------

def resolve_due(s: State, seat: int, events: list[Event]) -> list[Frame]:
    """Resolve `seat`'s pending war (at most one, F-WAR-5 step 5); returns the winner's
    question to ask before the rest of the turn (War over Technology), if any."""
    frames: list[Frame] = []
    for war in [w for w in s.wars if w["attacker"] == seat]:
        s.wars.remove(war)
        frames.extend(resolve(s, war, events))
    return frames


def resolve(s: State, war: dict[str, Any], events: list[Event]) -> list[Frame]:
    """F-WAR-8: current strengths (pacts included; Open Borders +2 for the attacker), no
    cards, no sacrifice; the war card is discarded whatever the outcome. The shorter game: the
    named war's effect, the card played discarded (V-SHORT-12)."""
    played, att, dfn = war["card"], war["attacker"], war["defender"]
    card = war.get("war", played)  # the war named (V-SHORT-12), the card played otherwise
    s_att, s_def = attack.strengths(s, att, dfn, as_played=False)
    attack.to_discard(s, played)  # (never the public War over Culture, V-SHORT-12)
    base = {"seat": att, "card": card, "defender": dfn, "attack": s_att, "defence": s_def}
    if s_att == s_def:
        events.append(Event("tta.war_even", base))
        return []
    winner, loser = (att, dfn) if s_att > s_def else (dfn, att)
    advantage = abs(s_att - s_def)
    events.append(Event("tta.war_won", {**base, "winner": winner, "loser": loser,
                                        "amount": advantage}))
    w, lo = s.players[winner], s.players[loser]
    if card == CULTURE:
        war_over_culture(w, lo, advantage, events)
    elif card == TERRITORY:
        war_over_territory(w, lo, advantage, events)
    elif card == TECHNOLOGY:
        return [{"t": "tech_war", "seat": winner, "loser": loser, "left": advantage}]
    return []


def war_over_culture(w: Player, lo: Player, advantage: int, events: list[Event]) -> None:
    """C-101: the loser loses min(5 + adv, his culture); the winner scores as much."""
    n = min(CULTURE_BASE + advantage, lo.culture)
    lo.culture -= n
    w.culture += n
    events.append(Event("tta.war_culture", {"seat": w.seat, "loser": lo.seat, "amount": n}))


def war_over_territory(w: Player, lo: Player, advantage: int, events: list[Event]) -> None:
    """C-103: t = 1 + ⌊adv / 5⌋, at most the loser's yellow bank; his go back to the box, the
    winner's come from it."""
    n = min(1 + advantage // TERRITORY_STEP, lo.yellow_bank)
    box_yellow(lo, -n)
    box_yellow(w, n)
    events.append(Event("tta.war_territory", {"seat": w.seat, "loser": lo.seat, "amount": n}))


def stealable(w: Player, lo: Player, left: int) -> list[str]:
    """G-WAR-3: the loser's special technologies whose printed science cost fits, except one
    named like a card in the winner's hand."""
    held = {CARDS[c].name for c in w.hand}
    return sorted(c for c in set(lo.techs) if CARDS[c].kind == "special"
                  and CARDS[c].cost_science <= left and CARDS[c].name not in held)


def _tech_options(s: State, frame: Frame) -> Iterator[Decision]:
    w, lo = s.players[frame["seat"]], s.players[frame["loser"]]
    for card in stealable(w, lo, frame["left"]):
        yield Decision("steal", {"card": card, "cost": CARDS[card].cost_science})
    yield Decision("science", {"amount": min(frame["left"], lo.science)})


@AGENDA.choice("tech_war", _tech_options)
def _tech_war(s: State, frame: Frame, d: Decision, events: list[Event]) -> None:
    """C-102: cards one at a time, then science points for what is left (G-WAR-3)."""
    w, lo = s.players[frame["seat"]], s.players[frame["loser"]]
    if d.kind == "science":
        n = min(frame["left"], lo.science)
        if "amount" in d.args and d.args["amount"] != n:
            raise err("quote", "T-ACT-3")
        pop(s)
        lo.science -= n
        w.science += n
        events.append(Event("tta.war_science", {"seat": w.seat, "loser": lo.seat,
                                                "amount": n}))
        return
    card = d.args.get("card")
    if d.kind != "steal" or card not in stealable(w, lo, frame["left"]):
        raise err("steal", "G-WAR-3")
    if "cost" in d.args and d.args["cost"] != CARDS[card].cost_science:
        raise err("quote", "T-ACT-3")
    frame["left"] -= CARDS[card].cost_science

    def leave() -> None:
        lo.techs.remove(card)
        tokens_out(lo, card)
    changing_totals(lo, leave)
    # T-TECH-4: the lower of two special technologies of a type leaves the game, even the
    # stolen one (its cost still spent, G-WAR-3)
    changing_totals(w, lambda: _enter_tech(s, w, card))
    events.append(Event("tta.war_steal", {"seat": w.seat, "loser": lo.seat, "card": card}))
