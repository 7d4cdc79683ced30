"""The decision code of the Through the Ages AI: one handler per awaited step, deciding from the
seat's view and its legal options only. Lookahead runs the real rules on `mirror.mirror_state`
(the view with the hidden parts filled neutrally), never on the game's state."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from itertools import combinations_with_replacement
from typing import Any

from data.tta import CARDS, LEVEL
from engine.core import Decision

from ..flow import AGENDA, current
from ..game import options as rules_options
from ..impacts import IMPACTS, awards
from ..shortgame import WAR_OVER_CULTURE
from ..state import State
from . import pactvalue
from .mirror import mirror_state
from .values import EASY, NORMAL, Knobs, impact_award, impact_value, rounds_left, value

KNOBS = {"easy": EASY, "normal": NORMAL}
NOISE = {"easy": 1.2, "normal": 0.0}  # culture points of noise on each option's value
RIVALS = 0.3  # weight of the other seats' losses where a step touches them (events)
BID_MARGIN = 1.5  # a colony must be worth this much more than the units it costs
SPOILS = 2.0  # an aggression's spoils in culture points per age of its card (F-AGGR)


@dataclass
class Ctx:
    view: dict[str, Any]
    seat: int
    opts: list[Decision]
    level: str
    rng: random.Random
    k: Knobs = field(init=False)
    rounds: float = field(init=False)
    base: State = field(init=False)

    def __post_init__(self) -> None:
        self.k = KNOBS[self.level]
        if self.view.get("mode", "tutorial") != "tutorial":  # F-END-1, V-SHORT-13: the full
            self.k = replace(self.k, tutorial_items=False)  # and shorter games score their own
        self.rounds = rounds_left(self.view, self.k)
        self.base = mirror_state(self.view)

    @property
    def full(self) -> bool:
        return self.view.get("mode") == "full"

    def worth(self, s: State, rivals: bool = False) -> float:
        """The seat's value in `s`, less a share of the others' where they are touched; in
        the full game with the expected culture of the Age III events (F-END-2/3/8)."""
        mine = value(s.players[self.seat], self.rounds, self.k)
        if self.full:
            mine += impact_value(s, self.seat, self.k)
        elif self.view.get("short"):
            mine += self.short_events(s)
        if not rivals:
            return mine
        return mine - RIVALS * sum(value(p, self.rounds, self.k) for p in s.players
                                   if p.seat != self.seat)

    def short_events(self, s: State) -> float:
        """The shorter game's Age III events this seat knows will be scored (V-SHORT-13): the
        public ones and his kept one (before he keeps, the better of his two), at their award
        to him in `s`."""
        if self.k.impact <= 0:
            return 0.0
        short = self.view["short"]
        own = short.get("own") or {}
        mine = [own["kept"]] if own.get("kept") else own.get("dealt") or []
        kept = max((impact_award(s, self.seat, c) for c in mine), default=0)
        return float(sum(impact_award(s, self.seat, c) for c in short["public"]) + kept)

    def after(self, d: Decision, s: State | None = None) -> State | None:
        """The mirror state after `d` by the real rules of the awaited step; None if the rules
        refuse it there (a hidden part it needed is missing, e.g. the event deck a preparation
        reveals). Only the step's own change is played, not the automatic steps behind it:
        they would only list the next options (the costly part) or run hidden parts."""
        work = (self.base if s is None else s).clone()
        frame = current(work)
        if frame is None:
            return None
        if "seats" in frame:  # a simultaneous step: the agenda names the deciding seat
            frame["seat"] = self.seat
        try:
            AGENDA.choices[frame["t"]].apply(work, frame, d, [])
        except Exception:  # noqa: BLE001 - any refusal or gap of the mirror: not evaluable
            return None
        return work

    def noise(self) -> float:
        sigma = NOISE[self.level]
        return self.rng.gauss(0.0, sigma) if sigma else 0.0


def best(c: Ctx, scored: list[tuple[float, Decision]]) -> Decision | None:
    """The highest score; the first listed wins ties (deterministic)."""
    top: tuple[float, Decision] | None = None
    for score, d in scored:
        if top is None or score > top[0]:
            top = (score, d)
    return None if top is None else top[1]


def lookahead(c: Ctx, rivals: bool = False, still: tuple[str, ...] = ()) -> Decision | None:
    """Each option applied to the mirror and valued; kinds in `still` change nothing now and
    are valued as the position as it stands."""
    here = c.worth(c.base, rivals)
    scored = []
    for d in c.opts:
        if d.kind in still:
            scored.append((here + c.noise(), d))
            continue
        s = c.after(d)
        if s is not None:
            scored.append((c.worth(s, rivals) + c.noise(), d))
    return best(c, scored)


def action(c: Ctx) -> Decision | None:
    """The action phase: the action that adds most to the position, or "end" when none clears
    the value of the actions it spends (`Knobs.ca_left`)."""
    return lookahead(c, still=("end",))


def event_step(c: Ctx) -> Decision | None:
    """An event's question: the answer best for this seat, and worst for the others where it
    touches them (a building of theirs to destroy)."""
    return lookahead(c, rivals=True)


def politics(c: Ctx) -> Decision | None:
    """Prepare an event (T-POL-3: culture = its age, then a reveal the mirror cannot play):
    the oldest-age card scores most; a territory only when this seat is the strongest, since
    the strongest force usually wins its auction. Columbus's colony is valued by lookahead."""
    me = c.view["players"][c.seat]
    strongest = all(me["strength"] >= p["strength"] for p in c.view["players"])
    scored: list[tuple[float, Decision]] = []
    here = c.worth(c.base)
    for d in c.opts:
        if d.kind == "prepare":
            card = CARDS[d.args["card"]]
            score = LEVEL[card.age] + 0.5
            if card.id in IMPACTS:  # an Age III event this seat will see scored (F-END-2/3)
                score += impact_gain(c, card.id)
            if card.kind == "territory":
                score += 1.0 if strongest else -1.0
            scored.append((score + c.noise(), d))
        elif d.kind == "columbus":
            s = c.after(d)
            if s is not None:
                scored.append((c.worth(s) - here + c.noise(), d))
        elif d.kind == "done":
            scored.append((0.0 + c.noise(), d))
        elif (attack := attack_score(c, d)) is not None:
            scored.append((attack + c.noise(), d))
        elif d.kind in pactvalue.POLITICAL:  # offering or cancelling a pact (F-PACT)
            scored.append((pactvalue.political_score(c, d) + c.noise(), d))
        else:  # Alexander leaves (a yellow token is not worth the leader); never resign
            scored.append((-2.0, d))
    return best(c, scored)


def impact_gain(c: Ctx, card: str) -> float:
    """What preparing the Age III event `card` is worth beyond its age (F-END-2/3/8): this
    seat's award now against the best other remaining seat's, less the share the value
    already expects of any Age III event (`Knobs.impact`)."""
    mine = impact_award(c.base, c.seat, card)
    others = [impact_award(c.base, p.seat, card) for p in c.base.players
              if p.seat != c.seat and not p.resigned]
    return (1 - c.k.impact) * (mine - max(others, default=0)) * 0.5


def attack_score(c: Ctx, d: Decision) -> float | None:
    """An aggression or a war in the politics phase (F-AGGR, F-WAR), valued from the public
    table: an aggression is offered only while this seat is the stronger (F-AGGR-6), and it
    is worth twice its age in culture-like spoils (`SPOILS`) when the margin beats what the
    defender surely adds with the cards he holds (+1 a card, at most one a military action,
    F-AGGR-8); a
    war is declared only with a margin of 3 or more, since both sides get a turn to build
    (F-WAR-1). None: not an attack."""
    if d.kind not in ("aggression", "war"):
        return None
    me = c.view["players"][c.seat]
    them = c.view["players"][d.args["target"]]
    margin = me["strength"] - them["strength"]
    # the shorter game's war may name the public War over Culture (V-SHORT-12): its spoils
    named = WAR_OVER_CULTURE if d.args.get("which") == "war_over_culture" else d.args["card"]
    level = LEVEL[CARDS[named].age]
    cost = d.args.get("cost", CARDS[named].cost_military_actions)
    if d.kind == "aggression":
        cover = min(them["military_count"], them["military_total"])
        # the spoils (buildings destroyed, resources, science, a colony) are worth about
        # twice the card's age in culture: above preparing an event of the next age
        return SPOILS * level + 1.5 - 0.3 * cost if margin > cover else -2.0
    return level + 1.0 - 0.3 * cost if margin >= 3 else -2.0


def best_attack(c: Ctx) -> Decision | None:
    """The attack worth most, if one is worth playing at all."""
    scored = [(score, d) for d in c.opts if (score := attack_score(c, d)) is not None]
    top = best(c, [x for x in scored if x[0] > 0])
    return top


def defend(c: Ctx) -> Decision | None:
    """F-AGGR-8: the cheapest set of cards that reaches the attacker's strength (fewest
    cards, then the smallest bonus cards; each card at its best, a bonus card played for its
    value), one pick per decision; `done` when it is reached or cannot be."""
    frame = c.view["pending"]
    done = next((d for d in c.opts if d.kind == "done"), None)
    picks = c.view.get("defence") or {"bonus": [], "discard": []}
    have = frame["s_def"] + sum(CARDS[x].defense for x in picks["bonus"]) \
        + len(picks["discard"])
    need = frame["s_att"] - have
    if need <= 0:
        return done
    offered = {(d.kind, d.args["card"]): d for d in c.opts if d.kind in ("bonus", "discard")}
    free = sorted({card for _, card in offered})
    hand = list(c.view["players"][c.seat].get("military", []))
    for used in (*picks["bonus"], *picks["discard"]):
        if used in hand:
            hand.remove(used)
    left = frame["limit"] - len(picks["bonus"]) - len(picks["discard"])
    worth = {x: max(CARDS[x].defense, 1) for x in free}
    top: tuple[tuple[int, int], tuple[str, ...]] | None = None
    for size in range(1, left + 1):
        for combo in combinations_with_replacement(free, size):
            if any(combo.count(x) > hand.count(x) for x in combo):
                continue
            if sum(worth[x] for x in combo) < need:
                continue
            key = (size, sum(CARDS[x].defense for x in combo))
            if top is None or key < top[0]:
                top = (key, combo)
        if top is not None:
            break
    if top is None:
        return done
    card = top[1][0]
    return offered.get(("bonus", card)) or offered.get(("discard", card)) or done


def stay(c: Ctx) -> Decision | None:
    """Resignation's confirmation: an AI seat never resigns (G-RES-2)."""
    return next((d for d in c.opts if d.kind == "back"), None)


def bid(c: Ctx) -> Decision | None:
    """A colonisation auction (T-COL-2): the lowest bid allowed while winning at that bid still
    pays (the colony against the units sent, valued on the mirror); else pass."""
    bids = [d for d in c.opts if d.kind == "bid"]
    passing = next((d for d in c.opts if d.kind == "pass"), None)
    if not bids:
        return passing
    low = min(bids, key=lambda d: d.args["amount"])
    gain = colony_gain(c, low.args["amount"])
    if gain is not None and gain + c.noise() > BID_MARGIN:
        return low
    return passing


def colony_gain(c: Ctx, amount: int) -> float | None:
    """What winning the auction at `amount` adds: the best party the rules allow, sent."""
    frame = c.view["pending"]
    s = c.base.clone()
    s.queue = [{"t": "send", "seat": c.seat, "card": frame["card"], "bid": amount}]
    here = c.worth(s)
    top = None
    for d in rules_options(s, c.seat):
        if d.kind != "send":
            continue  # forming a larger party step by step: its smallest parties suffice
        after = c.after(d, s)
        if after is not None:
            gain = c.worth(after) - here
            top = gain if top is None else max(top, gain)
    return top


def send(c: Ctx) -> Decision | None:
    """The colonisation force: the best of the whole parties offered (G-COL-3); adding units
    one by one is for people, and a half-formed party is worth nothing yet."""
    sends = [d for d in c.opts if d.kind == "send"]
    if not sends:
        return None
    return lookahead(Ctx(c.view, c.seat, sends, c.level, c.rng))


def keep_event(c: Ctx) -> Decision | None:
    """The shorter game's end of Age I (V-SHORT-10): keep the event that gives this seat more
    culture, as impacts.py computes it on the seat's own picture of the table now (ties: the
    first dealt)."""
    scored = [(awards(c.base, d.args["card"], c.view["start"]).get(c.seat, 0), -i, d)
              for i, d in enumerate(c.opts) if d.kind == "keep"]
    return max(scored, key=lambda x: (x[0], x[1]))[2] if scored else None


def easy_politics(c: Ctx) -> Decision | None:
    """Easy: an attack worth playing (as the normal level values it), else prepares a random
    political card half the time."""
    attack = best_attack(c)
    if attack is not None:
        return attack
    prepares = [d for d in c.opts if d.kind == "prepare"]
    if prepares and c.rng.random() < 0.5:
        return prepares[c.rng.randrange(len(prepares))]
    return next((d for d in c.opts if d.kind == "done"), None)


HANDLERS: dict[str, Callable[[Ctx], Decision | None]] = {
    "action": action,
    "politics": politics,
    "ev": event_step,
    "bid": bid,
    "send": send,
    "discard": lookahead,
    "defend": defend,
    "resign": stay,
    "pact_answer": pactvalue.answer,  # F-PACT-11
    "keep_event": keep_event,  # V-SHORT-10
}
EASY_HANDLERS: dict[str, Callable[[Ctx], Decision | None]] = {
    **HANDLERS, "politics": easy_politics,
}


def decide_level(view: dict[str, Any], opts: list[Decision], level: str,
                 rng: random.Random) -> Decision | None:
    """The level's choice among `opts`, or None if it has none for this step."""
    frame = view["pending"]
    if frame is None or view["seat"] is None:
        return None
    handlers = EASY_HANDLERS if level == "easy" else HANDLERS
    handler = handlers.get(frame["t"], lookahead)
    return handler(Ctx(view, view["seat"], opts, level, rng))
