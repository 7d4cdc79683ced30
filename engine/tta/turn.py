"""A turn (T-TURN-1): replenish the card row, make the exclusive tactic available (T-TAC-4), the
politics phase (politics.py), the action phase, the end-of-turn sequence; then the next turn,
or the end of the tutorial game (T-TEND-3/4)."""

from __future__ import annotations

from collections.abc import Iterator

from data.tta import CARDS, MAX_DRAW
from engine.core import Decision, Event, IllegalDecision

from . import (
    actioncards,
    actions,
    aggression,
    colonize,
    eventcards,
    last,
    leaders3,
    listing,
    modes,
    pactoffer,
    pactuse,
    politics,
    powers,
    quotes,
    resign,
    scoring,
    shortgame,
    tactics,
    war,
)
from .draws import discard_military, draw_cards
from .effects import STRONG_CULTURE, TUCKABLE, UNIT_ALLOWANCE
from .flow import AGENDA, Frame, err, pop, push
from .production import production
from .row import replenish
from .seating import next_turn
from .state import Player, State
from .stats import military_available, stats

# imported for their agenda frames and political actions
__all__ = ["aggression", "colonize", "eventcards", "pactoffer", "resign"]

# decision kind -> the action that performs it (actions.py, actioncards.py)
ACTIONS = {
    "take": actions.take,
    "population": actions.population,
    "build": actions.build,
    "upgrade": actions.upgrade,
    "destroy": actions.destroy,
    "disband": actions.destroy,
    "leader": actions.play_leader,
    "wonder": actions.wonder,
    "develop": actions.develop,
    "revolution": actions.revolution,
    "play": actioncards.play,
    "tactic": tactics.play_tactic,
    "copy": tactics.copy_tactic,
    "convert": powers.convert,
    "barbarossa": powers.barbarossa,
    "bach": powers.bach,
    "liner": powers.liner,
    "churchill": leaders3.churchill,
    "trade_routes": pactuse.trade_routes,  # C-109, G-ASYNC-13
}


@AGENDA.auto("turn")
def _turn(s: State, frame: Frame, events: list[Event]) -> None:
    seat = frame["seat"]
    s.turn = seat
    events.append(Event("tta.turn", {"seat": seat, "round": s.round}))
    p = s.players[seat]
    asked = []
    if s.round > 1:  # T-TURN-2: no replenishment and no politics in round 1
        replenish(s, events)
        # F-WAR-7: his pending war, after the refill and before his tactic and politics
        asked = war.resolve_due(s, seat, events)
    tactics.make_available(s, p, events)
    p.allowance += UNIT_ALLOWANCE.get(p.leader or "", 0)  # Homer
    push(s, {"t": "action", "seat": seat}, {"t": "eot", "seat": seat})
    last.mark(s)  # after the refill: the pictures ring what this turn changes
    if s.round > 1:
        politics.start(s, seat, events)
    push(s, *asked)  # the war winner's question comes first (War over Technology, G-ASYNC-8)
    shortgame.keep_first(s)  # before both, the shorter game's keep at the end of Age I


# --- the action phase -----------------------------------------------------------------------------

def candidates(s: State, p: Player) -> Iterator[Decision]:
    """Every decision worth checking in the action phase (the legal ones are filtered by
    running each action's checks)."""
    for slot, card in enumerate(s.row):
        if card is not None:
            yield Decision("take", {"slot": slot})
    if s.round == 1:
        return  # T-R1-2: only taking cards
    yield Decision("population", {})
    for card in p.techs:
        kind = CARDS[card].kind
        if kind in actions.BUILDABLE:
            yield Decision("build", {"card": card})
            if p.workers.get(card, 0):
                yield Decision("disband" if kind == "unit" else "destroy", {"card": card})
                for high in p.techs:
                    if CARDS[high].type == CARDS[card].type and CARDS[high].level > \
                            CARDS[card].level:
                        yield Decision("upgrade", {"card": card, "to": high})
    for card in dict.fromkeys(p.hand):
        kind = CARDS[card].kind
        if kind == "leader":
            yield Decision("leader", {"card": card})
            if p.leader in TUCKABLE:
                yield Decision("leader", {"card": card, "tuck": True})
        elif CARDS[card].is_technology:
            yield Decision("develop", {"card": card})
            if kind == "government":
                yield Decision("revolution", {"card": card})
        elif kind == "action" and card in actioncards.ACTION_CARDS:
            for extra in actioncards.variants(s, p, card):
                yield Decision("play", {"card": card, **extra})
    if p.wonder is not None:
        for n in range(1, len(CARDS[p.wonder].stages) - p.wonder_stages + 1):
            yield Decision("wonder", {"stages": n})
    for card in sorted(set(p.military)):
        if CARDS[card].kind == "tactic":
            yield Decision("tactic", {"card": card})
    for card in s.tactics_area:
        yield Decision("copy", {"card": card})
    yield Decision("convert", {})
    yield Decision("liner", {})
    if p.leader == leaders3.CHURCHILL:
        for choice in leaders3.CHURCHILL_CHOICES:
            yield Decision("churchill", {"choice": choice})
    side = pactuse.trade_side(s, p.seat)
    if side is not None:  # the side is the label's (C-109: which way the exchange goes)
        yield Decision("trade_routes", {"side": side})
    for card in p.techs:
        if CARDS[card].kind == "unit":
            yield Decision("barbarossa", {"card": card})
        if p.leader == powers.BACH and CARDS[card].subtype == "theater":
            for low in sorted(p.workers):
                if CARDS[low].kind == "urban":
                    yield Decision("bach", {"card": low, "to": card})


def legal(s: State, p: Player, d: Decision) -> bool:
    try:
        check(s, p, d)
    except IllegalDecision:
        return False
    return True


def check(s: State, p: Player, d: Decision) -> None:
    _run(s, p, d, [], commit=False)


def _run(s: State, p: Player, d: Decision, events: list[Event], commit: bool) -> None:
    d = quotes.check_quote(s, p, d)
    fn = ACTIONS.get(d.kind)
    if fn is None:
        raise err("unknown", "T-ACT-3")
    if d.kind == "disband" and CARDS.get(str(d.args.get("card"))) is not None \
            and CARDS[d.args["card"]].kind != "unit":
        raise err("not_in_play", "T-DEST-2")
    if d.kind == "destroy" and CARDS.get(str(d.args.get("card"))) is not None \
            and CARDS[d.args["card"]].kind == "unit":
        raise err("not_in_play", "T-DEST-1")
    fn(s, p, d.args, events, commit)


def _action_options(s: State, frame: Frame) -> Iterator[Decision]:
    p = s.players[frame["seat"]]
    seen = set()
    memo = listing.Listing(p)
    for d in candidates(s, p):
        with memo:
            ok = legal(s, p, d)
        if ok and (key := d.canonical()) not in seen:  # (a duplicate candidate is rare)
            seen.add(key)
            yield quotes.quoted(s, p, d)
    yield Decision("end", {})


@AGENDA.choice("action", _action_options)
def _action(s: State, frame: Frame, d: Decision, events: list[Event]) -> None:
    p = s.players[frame["seat"]]
    if d.kind == "end":
        pop(s)
        events.append(Event("tta.end_actions", {"seat": p.seat}))
        return
    _run(s, p, d, events, commit=True)


# --- the end-of-turn sequence (T-EOT-1) ----------------------------------------------------------

@AGENDA.auto("eot")
def _eot(s: State, frame: Frame, events: list[Event]) -> None:
    """Step 1: discard excess military cards (the only decision, T-MDISC-1), then the rest at
    once (T-TURN-3)."""
    seat = frame["seat"]
    p = s.players[seat]
    leaders3.churchill_default(p, events)  # the action phase has ended (G-LEAD-2)
    if len(p.military) > stats(p).military_limit:
        # a one-seat *simultaneous* frame: a secret choice is never taken as a forced move
        # (the agenda would publish which card it was)
        push(s, {"t": "discard", "seats": [seat]}, {"t": "eot_rest", "seat": seat})
    else:
        push(s, {"t": "eot_rest", "seat": seat})


def _discard_options(s: State, frame: Frame) -> Iterator[Decision]:
    for card in sorted(set(s.players[frame["seat"]].military)):
        yield Decision("discard", {"card": card})


def _discard_done(p: Player, frame: Frame) -> bool:
    """The hand limit (T-MDISC-1), or a count of cards to lose ("left": Politics of
    Strength)."""
    if "left" in frame:
        frame["left"] -= 1
        return frame["left"] <= 0 or not p.military
    return len(p.military) <= stats(p).military_limit


@AGENDA.choice("discard", _discard_options)
def _discard(s: State, frame: Frame, d: Decision, events: list[Event]) -> None:
    p = s.players[frame["seat"]]
    card = d.args.get("card")
    if d.kind != "discard":
        raise err("discard_now", "T-MDISC-1")
    if card not in p.military:
        raise err("not_military", "T-MDISC-1")
    discard_military(s, p, card)
    events.append(Event("tta.discard", {"seat": p.seat, "card": card}, private_to=p.seat))
    events.append(Event("tta.discarded", {"seat": p.seat}))
    if _discard_done(p, frame):
        frame["seats"].remove(p.seat)  # the agenda pops the frame


@AGENDA.auto("eot_rest")
def _eot_rest(s: State, frame: Frame, events: list[Event]) -> None:
    """Steps 2-4: production (skipped in an uprising), military draws, reset actions; then the
    next turn or the end of the game."""
    seat = frame["seat"]
    p = s.players[seat]
    strong_culture(s, p, events)
    production(p, events)
    draw_military(s, p, events)
    p.ca_spent = p.ma_spent = 0  # T-RESET-1
    p.temp_ma = p.allowance = p.unit_science = 0  # this turn's extras end (G-ACARD-2)
    p.taken = []
    p.turn_used = []
    last.close(s)
    next_turn(s, seat, events)  # T-TEND-4 after the last round; resigned seats skipped


def strong_culture(s: State, p: Player, events: list[Event]) -> None:
    """Genghis Khan: at the end of his own turn, culture points if among the two strongest (2
    players: the stronger); ties count for him — only players strictly stronger push him
    out."""
    points = STRONG_CULTURE.get(p.leader or "")
    if not points:
        return
    mine = stats(p).strength
    others = [q for q in modes.remaining(s) if q is not p]  # F-GEN-2
    stronger = sum(1 for q in others if stats(q).strength > mine)
    if stronger < (1 if len(others) == 1 else 2):
        p.culture += points
        events.append(Event("tta.strong_culture", {"seat": p.seat, "culture": points}))


def draw_military(s: State, p: Player, events: list[Event]) -> None:
    """T-MDRAW-1: one card per unspent military action, at most 3, from the current age's
    military deck (draws.py); none in Age A (the military half is empty, T-SETUP-12) nor in the
    final age (T-TEND-2)."""
    draw_cards(s, p, min(max(military_available(p), 0), MAX_DRAW), events)


@AGENDA.auto("end")
def _end(s: State, frame: Frame, events: list[Event]) -> None:
    s.result = scoring.final_scoring(s)
    args = {"scores": s.result["scores"], "winners": s.result["winners"]}
    if "before" in s.result:  # the full game's public breakdown (G-ASYNC-15)
        args.update({k: s.result[k] for k in ("before", "breakdown", "resigned_seats", "revealed")})
    if "kept" in s.result:  # the shorter game reveals the kept events (G-ASYNC-15)
        args.update({k: s.result[k] for k in ("public_events", "kept")})
    events.append(Event("tta.game_over", args))
