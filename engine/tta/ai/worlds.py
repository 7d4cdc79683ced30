"""Worlds sampled from one seat's view: the strong level's determinization (engine/search.py).

`mirror.py` rebuilds a State from a view with every hidden part empty; a sampled world fills
them instead at random among what the seat may know they hold:

- the civil decks: the current age's deck (its count is public) is drawn from the age's
  civil cards (T-SETUP-7/8: the copies per player count) less every card the view shows (the
  row, the seat's own hand, every card in play, ruined or tucked); the decks of the ages to
  come are whole, shuffled;
- the other seats' hands (counts public): civil cards from what is left of the current age's
  unseen cards, then the previous age's; military cards likewise;
- the military cards: the current events deck and the face-down future events by their public
  counts per age (T-POL-5; Joan of Arc's peek stays on top), the current age's military deck by
  its count, and the rest of the age's unseen military cards as its face-down discards
  (T-MDISC-1); the next age's deck whole;
- the agenda: the awaited frame and the frames a turn always has behind it;
- a fresh RNG drawn from the search's rng.

What the seat sees is copied, so `view(sample, seat) == seen` and the seat's options there are
its real ones (tests/engine/tta/test_tta_strong.py). Cards of a pile are drawn in sorted order
and shuffled by the given rng: the same view and rng give the same world in every process."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Collection, Iterable
from typing import Any

from data.tta import CARDS, FULL_AGES, LEVEL, TUTORIAL_AGES, deck
from engine.core import copy_json

from ..politics import POLITICAL_KINDS
from ..state import State
from .mirror import mirror_state


class Pool:
    """The unseen copies of one family's cards, by age (a multiset the draws take from)."""

    def __init__(self, family: str, n: int, seen: Iterable[str],
                 game: dict[str, Any] | None = None) -> None:
        # the decks of the game played (F-SETUP-1/2, V-PEACE-3; the tutorial's by default)
        game = game or {}
        self.mode = str(game.get("mode", "tutorial"))
        self.peaceful = str(game.get("peaceful", "off"))
        self.ages = TUTORIAL_AGES if self.mode == "tutorial" else FULL_AGES
        self.left = {age: Counter(deck(age, family, n, self.mode, self.peaceful))
                     for age in self.ages}
        self.family = family
        for card in seen:
            c = CARDS.get(card)
            if c is None or c.deck != family or c.age not in self.left:
                continue
            if self.left[c.age][card] > 0:
                self.left[c.age][card] -= 1

    def draw(self, ages: Iterable[str], count: int, rng: random.Random,
             kinds: Collection[str] | None = None) -> list[str]:
        """`count` cards at random from the ages' unseen cards, in that order of preference;
        when they run short (a guess of an earlier draw took them), from any age's, and then
        from the whole family (a count must be kept whatever the guesses were)."""
        out: list[str] = []
        ages = [a for a in ages if a in self.ages]
        order = [*ages, *(a for a in self.ages if a not in ages)]
        for age in order:
            if len(out) == count:
                break
            out.extend(self._take(age, count - len(out), rng, kinds))
        while len(out) < count:  # never expected: every copy is already accounted for
            spare = sorted(c for a in self.ages
                           for c in deck(a, self.family, 2, self.mode, self.peaceful)
                           if kinds is None or CARDS[c].kind in kinds)
            out.append(spare[rng.randrange(len(spare))])
        return out

    def _take(self, age: str, count: int, rng: random.Random,
              kinds: Collection[str] | None) -> list[str]:
        bag = sorted(c for c in self.left[age].elements()
                     if kinds is None or CARDS[c].kind in kinds)
        rng.shuffle(bag)
        taken = bag[:count]
        self.left[age].subtract(taken)
        return taken


def _previous(age: str) -> list[str]:
    """The current age, then the one before (hands may still hold its cards, T-AGE-2; in the
    full game's Age IV, Age III cards, F-AGE-6)."""
    return [age] + [a for a, level in LEVEL.items() if level == LEVEL[age] - 1]


def _visible(seen: dict[str, Any]) -> list[str]:
    """Every card the view shows, whatever its family."""
    out: list[str] = [c for c in seen["row"] if c is not None]
    out += seen["tactics_area"] + seen["past_events"]
    if seen["peek"] is not None:
        out.append(seen["peek"])
    for pv in seen["players"]:
        out += [pv["government"], *pv["techs"], *pv["wonders"], *pv["colonies"], *pv["ruins"]]
        out += [c for c in (pv["leader"], pv["wonder"], pv["tucked"], pv["tactic"]) if c]
        out += pv.get("hand", []) + pv.get("military", [])
    frame = seen["pending"] or {}
    out += [c for c in (frame.get("card"), frame.get("event")) if isinstance(c, str)]
    out += [c for c in frame.get("discard", []) if c != "?"]
    return out


def _by_age(counts: dict[str, int], pool: Pool, rng: random.Random) -> list[str]:
    """A face-down events pile with these counts per age (its order random): political cards
    only, the events and territories that are prepared (T-POL-3)."""
    pile: list[str] = []
    for age in sorted(counts):
        pile += pool.draw([age], counts[age], rng, POLITICAL_KINDS)
    rng.shuffle(pile)
    return pile


def _queue(seen: dict[str, Any]) -> list[dict[str, Any]]:
    """The awaited frame and what a turn always queues behind it (turn.py): the action phase
    and the end of the turn; the end of the turn's own rest after its military discard."""
    frame = seen["pending"]
    if frame is None:
        return []
    turn = seen["turn"]
    rest: list[dict[str, Any]] = [{"t": "action", "seat": turn}, {"t": "eot", "seat": turn}]
    if frame["t"] == "action":
        rest = rest[1:]
    elif frame["t"] == "discard" and "event" not in frame:
        rest = [{"t": "eot_rest", "seat": frame["seats"][0]}]
    elif frame["t"] != "politics" and seen["events"] == 0:
        # an event's steps (or its colonisation) with the deck used up: the new events deck
        # is made once it is resolved (T-POL-4). The steps left for other seats are not
        # listed in the view; the search only plays from the action phase, which has none.
        rest.insert(0, {"t": "new_events"})
    return [copy_json(frame), *rest]


def sample(seen: dict[str, Any], rng: random.Random) -> State:
    """One full state consistent with `seen` (see the module docstring)."""
    s = mirror_state(seen)
    me = seen["seat"]
    n = len(seen["players"])
    age = seen["age"]
    for p, pv in zip(s.players, seen["players"], strict=True):
        p.leader_ages = list(pv.get("leader_ages", []))
    visible = _visible(seen)
    game = seen.get("options", {})
    civil = Pool("civil", n, visible, game)
    military = Pool("military", n, visible, game)
    # civil decks: the current one by its public count, the later ones whole (T-ROW-3: in Age
    # A the row refills from Age I once the A deck is out)
    later = LEVEL[age] + 1
    for a in civil.ages:
        if a == age:
            s.civil[a] = civil.draw([a], seen["civil_deck"], rng)
        elif LEVEL[a] >= later:
            s.civil[a] = civil.draw([a], sum(civil.left[a].values()), rng)
    # military: the events first (the peeked card on top), then the current deck
    top = [seen["peek"]] if seen["peek"] is not None else []
    counts = dict(seen["event_ages"])
    if top:
        counts[CARDS[top[0]].age] -= 1
    s.events = _by_age(counts, military, rng) + top
    s.future_events = _by_age(seen["future_event_ages"], military, rng)
    for a in military.ages:
        if a == age and a != "A":
            s.military_deck[a] = military.draw([a], seen["military_deck"], rng)
        elif LEVEL[a] >= later:
            s.military_deck[a] = military.draw([a], sum(military.left[a].values()), rng)
    # the other seats' hands
    for p, pv in zip(s.players, seen["players"], strict=True):
        if p.seat == me:
            continue
        p.hand = civil.draw(_previous(age), pv["hand_count"], rng)
        p.military = military.draw(_previous(age), pv["military_count"], rng)
    if age in military.ages and age != "A":
        s.military_discard = {age: military.draw([age], sum(military.left[age].values()), rng)}
    frame = seen["pending"]
    queue = _queue(seen)
    if frame is not None and "?" in frame.get("discard", []):  # James Cook's hidden discards
        queue[0]["discard"] = military.draw(_previous(age), len(frame["discard"]), rng)
    s.queue = queue
    s.last = copy_json(seen["last"])  # public: what the last turn changed
    s.rng = rng.getrandbits(63) | 1
    return s
