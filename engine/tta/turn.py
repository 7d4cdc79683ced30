"""A turn (T-TURN-1): replenish the card row, the action phase, the end-of-turn sequence; then
the next turn, or the end of the tutorial game (T-TEND-3/4).

The politics phase and making a tactic available (T-TURN-1 steps 2-3) come with the next
milestone (events, tactics; data.tta.NEXT_MILESTONE_MILITARY_PLAY)."""

from __future__ import annotations

from collections.abc import Iterator

from data.tta import CARDS, MAX_DRAW
from engine.core import Decision, Event, IllegalDecision, Rng

from . import actioncards, actions, scoring
from .flow import AGENDA, Frame, err, pop, push
from .production import production
from .row import FINAL_AGE, replenish
from .state import Player, State
from .stats import military_available, stats

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
}


@AGENDA.auto("turn")
def _turn(s: State, frame: Frame, events: list[Event]) -> None:
    seat = frame["seat"]
    s.turn = seat
    events.append(Event("tta.turn", {"seat": seat, "round": s.round}))
    if s.round > 1:  # T-TURN-2: no replenishment in round 1
        replenish(s, events)
    push(s, {"t": "action", "seat": seat}, {"t": "eot", "seat": seat})


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


def legal(s: State, p: Player, d: Decision) -> bool:
    try:
        check(s, p, d)
    except IllegalDecision:
        return False
    return True


def check(s: State, p: Player, d: Decision) -> None:
    _run(s, p, d, [], commit=False)


def _run(s: State, p: Player, d: Decision, events: list[Event], commit: bool) -> None:
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
    for d in candidates(s, p):
        key = d.canonical()
        if key not in seen and legal(s, p, d):
            seen.add(key)
            yield d
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
    if len(p.military) > stats(p).military_limit:
        # a one-seat *simultaneous* frame: a secret choice is never taken as a forced move
        # (the agenda would publish which card it was)
        push(s, {"t": "discard", "seats": [seat]}, {"t": "eot_rest", "seat": seat})
    else:
        push(s, {"t": "eot_rest", "seat": seat})


def _discard_options(s: State, frame: Frame) -> Iterator[Decision]:
    for card in sorted(set(s.players[frame["seat"]].military)):
        yield Decision("discard", {"card": card})


@AGENDA.choice("discard", _discard_options)
def _discard(s: State, frame: Frame, d: Decision, events: list[Event]) -> None:
    p = s.players[frame["seat"]]
    card = d.args.get("card")
    if d.kind != "discard":
        raise err("discard_now", "T-MDISC-1")
    if card not in p.military:
        raise err("not_military", "T-MDISC-1")
    p.military.remove(card)
    s.military_discard.setdefault(CARDS[card].age, []).append(card)
    events.append(Event("tta.discard", {"seat": p.seat, "card": card}, private_to=p.seat))
    events.append(Event("tta.discarded", {"seat": p.seat}))
    if len(p.military) <= stats(p).military_limit:
        frame["seats"].remove(p.seat)  # the agenda pops the frame


@AGENDA.auto("eot_rest")
def _eot_rest(s: State, frame: Frame, events: list[Event]) -> None:
    """Steps 2-4: production (skipped in an uprising), military draws, reset actions; then the
    next turn or the end of the game."""
    seat = frame["seat"]
    p = s.players[seat]
    production(p, events)
    draw_military(s, p, events)
    p.ca_spent = p.ma_spent = 0  # T-RESET-1
    p.temp_ma = p.allowance = 0  # this turn's extras end (G-ACARD-2)
    p.taken = []
    last = (s.start - 1) % s.n
    if s.last_round is not None and s.round >= s.last_round and seat == last:
        push(s, {"t": "end"})  # T-TEND-4
        return
    nxt = (seat + 1) % s.n
    if nxt == s.start:
        s.round += 1
    push(s, {"t": "turn", "seat": nxt})


def draw_military(s: State, p: Player, events: list[Event]) -> None:
    """T-MDRAW-1: one card per unspent military action, at most 3, from the current age's
    military deck (its discards reshuffled when it runs out, T-DISC-2); none in Age A (the
    military half is empty, T-SETUP-12) nor in the final age (T-TEND-2)."""
    if s.age in ("A", FINAL_AGE):
        return
    want = min(max(military_available(p), 0), MAX_DRAW)
    pile = s.military_deck.setdefault(s.age, [])
    drawn = []
    for _ in range(want):
        if not pile:
            discards = s.military_discard.get(s.age, [])
            if not discards:
                break  # G-MDRAW-1: nothing left to draw
            rng = Rng(s.rng)
            pile.extend(discards)
            discards.clear()
            rng.shuffle(pile)
            s.rng = rng.state
        drawn.append(pile.pop())
    p.military.extend(drawn)
    if drawn:
        events.append(Event("tta.draw", {"seat": p.seat, "count": len(drawn)}))
        events.append(Event("tta.drawn", {"seat": p.seat, "cards": drawn}, private_to=p.seat))


@AGENDA.auto("end")
def _end(s: State, frame: Frame, events: list[Event]) -> None:
    s.result = scoring.final_scoring(s)
    events.append(Event("tta.game_over", {"scores": s.result["scores"],
                                          "winners": s.result["winners"]}))
