"""The politics phase of the tutorial (T-POL): at most one political action, before the action
phase (T-TURN-1 step 3; not in round 1, T-TURN-2). The tutorial's political action is
"prepare an event" (T-POL-2/3); leaders add their own:
- Alexander the Great: discard him for 1 yellow token from the box (G-LEAD-ALEX: taken as a
  political action, as the card summary files it under "Politics");
- Christopher Columbus: discard him to colonise a territory from hand, no units sacrificed
  (no auction; also the political action);
- Julius Caesar: once per game, a second political action right after the first (G-LEAD-CAE:
  "once per game" as cards.csv has it; the guide only says he allows another one);
- Joan of Arc: at the start of the politics phase, she looks at the top current event
  (a private event; her seat's view shows it while the phase lasts).

Frame {"t": "politics", "seat", "done"}; decisions "prepare" {"card"} (sealed: the card is
never described in public), "columbus" {"card"}, "alexander" {}, "done" {}; any action-phase
decision also ends the phase and is applied as the first action. Without a political card
the phase lapses silently (no forced "done").

Revealing (T-POL-3 step 4, T-POL-4): the top of the current events deck (the last element),
resolved at once (eventcards.resolve); when the last one has been resolved the future deck is
shuffled, sorted by age with the oldest on top (a stable sort keeps the shuffle within an age,
G-EVT-4) and becomes the current deck."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

from data.tta import CARDS, LEVEL
from engine.core import Decision, Event, IllegalDecision, Rng

from . import eventcards
from .actions import card_arg
from .cards import remove_leader
from .colonize import gain_colony
from .flow import AGENDA, Frame, current, err, pop, push
from .state import Player, State
from .tokens import box_yellow

SECOND_POLITICAL = "julius_caesar_a"
COLUMBUS = "christopher_columbus_i"
ALEXANDER = "alexander_the_great_a"
PEEK = "joan_of_arc_i"
ALEXANDER_YELLOW = 1
POLITICAL_KINDS = ("event", "territory")  # T-POL-2


@dataclass(frozen=True)
class Political:
    """A political action the full game adds (F-POL-1: aggression, war, pact offer, pact
    cancel, resignation), registered by its own module under its decision kind: `candidates`
    lists what may be worth checking, `check` raises IllegalDecision (nothing changed) and
    `apply` performs it after the phase counted it as its political action. `counted=False`:
    the phase does not count it (resignation's request, which only asks for a confirmation
    and then ends the turn, G-ASYNC-11)."""

    candidates: Callable[[State, Player], Iterable[Decision]]
    check: Callable[[State, Player, Decision], None]
    apply: Callable[[State, Player, Decision, list[Event]], None]
    counted: bool = True


EXTRA: dict[str, Political] = {}  # decision kind -> the political action's module


def political(kind: str, action: Political) -> None:
    EXTRA[kind] = action


def allowed(p: Player) -> int:
    """Political actions this phase: 1, or 2 with Julius Caesar's unused once-per-game power."""
    return 2 if p.leader == SECOND_POLITICAL and SECOND_POLITICAL not in p.once else 1


def start(s: State, seat: int, events: list[Event]) -> None:
    """Queue the politics phase of `seat`'s turn (called by the turn, before the action
    phase). International Agreement took this one away (eventcards)."""
    p = s.players[seat]
    if p.skip_politics:
        p.skip_politics = False
        events.append(Event("tta.politics_lost", {"seat": seat}))
        return
    if p.leader == PEEK and s.events:
        events.append(Event("tta.peek", {"seat": seat, "card": s.events[-1]}, private_to=seat))
    push(s, {"t": "politics", "seat": seat, "done": 0})


def peeker(s: State) -> int | None:
    """The seat that sees the top current event now: Joan of Arc's, in its politics phase."""
    frame = current(s)
    if frame is not None and frame["t"] == "politics" and s.players[frame["seat"]].leader == PEEK:
        return frame["seat"]
    return None


def _candidates(s: State, p: Player) -> Iterator[Decision]:
    for card in sorted(set(p.military)):
        if CARDS[card].kind in POLITICAL_KINDS:
            yield Decision("prepare", {"card": card})
            if CARDS[card].kind == "territory" and p.leader == COLUMBUS:
                yield Decision("columbus", {"card": card})
    if p.leader == ALEXANDER:
        yield Decision("alexander", {})
    for action in EXTRA.values():
        yield from action.candidates(s, p)


def _options(s: State, frame: Frame) -> Iterator[Decision]:
    p = s.players[frame["seat"]]
    found = False
    for d in _candidates(s, p):
        try:
            _check(s, p, d)
        except IllegalDecision:
            continue
        found = True
        yield d
    if found:
        yield Decision("done", {})


def _check(s: State, p: Player, d: Decision) -> None:
    if d.kind in EXTRA:
        EXTRA[d.kind].check(s, p, d)
    elif d.kind in ("prepare", "columbus"):
        card = card_arg(d.args)
        if card not in p.military or CARDS[card].kind not in POLITICAL_KINDS:
            raise err("not_political", "T-POL-2")
        if d.kind == "columbus":
            if p.leader != COLUMBUS:
                raise err("not_your_leader", "T-POL-1")
            if CARDS[card].kind != "territory":
                raise err("not_territory", "T-COL-1")
    elif d.kind == "alexander":
        if p.leader != ALEXANDER:
            raise err("not_your_leader", "T-POL-1")
    elif d.kind != "done":
        raise err("politics_now", "T-POL-1")


@AGENDA.choice("politics", _options)
def _politics(s: State, frame: Frame, d: Decision, events: list[Event]) -> None:
    p = s.players[frame["seat"]]
    if d.kind not in ("prepare", "columbus", "alexander", "done", *EXTRA) \
            and current_is_action_next(s):
        # an action-phase decision ends the politics phase without a political action (the
        # phase is optional, T-POL-1): "done" need not be sent first
        pop(s)
        AGENDA.choices["action"].apply(s, s.queue[0], d, events)
        return
    _check(s, p, d)
    if d.kind == "done":
        pop(s)
        return
    if d.kind in EXTRA and not EXTRA[d.kind].counted:
        EXTRA[d.kind].apply(s, p, d, events)
        return
    frame["done"] += 1
    if frame["done"] == 2:
        p.once.append(SECOND_POLITICAL)  # Julius Caesar's second action is spent
    if frame["done"] >= allowed(p):
        pop(s)  # the phase is over once the last allowed action has been taken
    if d.kind in EXTRA:
        EXTRA[d.kind].apply(s, p, d, events)
    elif d.kind == "prepare":
        prepare(s, p, d.args["card"], events)
    elif d.kind == "columbus":
        remove_leader(s, p)
        p.military.remove(d.args["card"])
        events.append(Event("tta.columbus", {"seat": p.seat, "card": d.args["card"]}))
        gain_colony(s, p, d.args["card"], events)
    else:
        remove_leader(s, p)
        box_yellow(p, ALEXANDER_YELLOW)
        events.append(Event("tta.alexander", {"seat": p.seat}))


def current_is_action_next(s: State) -> bool:
    return len(s.queue) > 1 and s.queue[1]["t"] == "action"


def prepare(s: State, p: Player, card: str, events: list[Event]) -> None:
    """T-POL-3: face down on the future deck, culture = the card's age level, then reveal."""
    p.military.remove(card)
    s.future_events.append(card)
    level = LEVEL[CARDS[card].age]
    p.culture += level
    events.append(Event("tta.prepare", {"seat": p.seat, "age": CARDS[card].age,
                                        "culture": level}))
    events.append(Event("tta.prepared", {"seat": p.seat, "card": card}, private_to=p.seat))
    push(s, {"t": "reveal", "seat": p.seat})


@AGENDA.auto("reveal")
def _reveal(s: State, frame: Frame, events: list[Event]) -> None:
    """T-POL-3 step 4: one reveal per preparation (T-EVT-1), resolved before the player goes
    on; the deck change waits until the event is resolved (T-POL-4)."""
    card = s.events.pop()
    events.append(Event("tta.event", {"seat": frame["seat"], "card": card}))
    if not s.events:
        push(s, {"t": "new_events"})
    eventcards.resolve(s, frame["seat"], card, events)


@AGENDA.auto("new_events")
def _new_events(s: State, frame: Frame, events: list[Event]) -> None:
    """T-POL-4, G-EVT-4: shuffle the future deck, then sort it by age, oldest on top."""
    rng = Rng(s.rng)
    deck = list(s.future_events)
    rng.shuffle(deck)
    s.rng = rng.state
    deck.sort(key=lambda c: -LEVEL[CARDS[c].age])  # the top is the last element
    s.events, s.future_events = deck, []
    events.append(Event("tta.new_events", {"count": len(deck)}))
