"""What a seat missed since its last turn, and the story of a game, from public events only.

Pure functions of the decision log's events (`engine.core.Event` or their JSON form). Every
event with `private_to` set is dropped first (a military card drawn, an event prepared, a
discard), and only what the spectator's log line shows is used: a card in a hand is named only
where it was taken from the open card row or played in the open (T-INFO).

- `digest_lines(events, names, seat)`: the "since your last turn" lines (rules hook).
- `turn_parts(events, seat)`: what a turn did, in short (the lines and the close-up).
- `seats_since(events, seat)`: the seats whose boards changed in that window, with the cards."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from data.i18n import t
from engine.core import Event

from .text import card_name, event_text, signed

# a seat's own steps of a turn, said in short (the rest is told in the spectator's words)
ACTIONS = ("tta.take", "tta.build", "tta.upgrade", "tta.develop", "tta.wonder_stage",
           "tta.wonder_done", "tta.leader", "tta.revolution", "tta.tactic", "tta.copy_tactic",
           "tta.action_card", "tta.population", "tta.destroy", "tta.colony")
# culture points a seat's own turn scored outside production (Genghis Khan; Age III: a
# wonder's one-time culture, Winston Churchill, Bill Gates leaving play)
SCORED = ("tta.strong_culture", "tta.wonder_culture", "tta.churchill_culture",
          "tta.churchill_default", "tta.leaving_culture")
# the end of a turn: culture and science scored, military cards drawn
OWN = (*ACTIONS, "tta.production", "tta.draw", *SCORED, "tta.prepare")
# news told as the log tells it: an event, a colony won or lost, a new age, a loss, a pact
# accepted, refused or ended, science paid for a partner's development (F-PACT)
RETOLD = ("tta.event", "tta.auction_won", "tta.no_colony", "tta.colony_lost", "tta.age",
          "tta.population_lost", "tta.ruin", "tta.uprising", "tta.politics_lost",
          "tta.tactic_available", "tta.game_over", "tta.pact_accepted", "tta.pact_refused",
          "tta.pact_ended", "tta.cooperation", "tta.impact", "tta.global_conflict")
# where a card shows on a player's board once the event has happened
BOARD_CARDS = ("tta.build", "tta.upgrade", "tta.develop", "tta.wonder_stage", "tta.wonder_done",
               "tta.leader", "tta.revolution", "tta.tactic", "tta.colony", "tta.destroy")


@dataclass
class Segment:
    """A seat's turn (from its `tta.turn` event), or the events before the first turn."""

    seat: int | None
    events: list[Event] = field(default_factory=list)

    def under_way(self) -> bool:
        """The seat has taken an action of this turn already."""
        return any(e.template in ACTIONS and e.args.get("seat") == self.seat
                   for e in self.events)


def public(events: Iterable[Event | dict[str, Any]]) -> list[Event]:
    """The events as `Event`s, without any private one."""
    out = []
    for raw in events:
        e = raw if isinstance(raw, Event) else Event.from_json(raw)
        if e.private_to is None:
            out.append(e)
    return out


def segments(events: Iterable[Event | dict[str, Any]]) -> list[Segment]:
    out: list[Segment] = [Segment(None)]
    for e in public(events):
        if e.template == "tta.turn":
            out.append(Segment(e.args.get("seat")))
        out[-1].events.append(e)
    return [s for s in out if s.events]


def since_last_turn(events: Iterable[Event | dict[str, Any]], seat: int) -> list[Segment]:
    """The turns since `seat`'s previous turn, up to its turn that begins now (left out).
    Empty when that turn is already under way (an action taken, the prompt asks again)."""
    segs = segments(events)
    end = len(segs)
    if segs and segs[-1].seat == seat:
        if segs[-1].under_way():
            return []
        end -= 1
    start = next((i + 1 for i in range(end - 1, -1, -1) if segs[i].seat == seat), 0)
    return segs[start:end]


# --- the lines ----------------------------------------------------------------------------------

def _name(names: list[str], seat: Any) -> str:
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "?"


def _cards(cards: list[str], locale: str | None) -> str:
    """Card names, a repeated one once with its count ("Warriors ×2")."""
    counts = Counter(cards)
    return ", ".join(card_name(c, locale) + (f" ×{n}" if n > 1 else "")
                     for c, n in counts.items())


def turn_parts(events: list[Event], seat: int, locale: str | None = None) -> list[str]:
    """What `seat` did in these events, as short parts: cards taken, built, developed, the
    wonder, the leader, a revolution, population, and the culture and science its turn's end
    scored."""
    mine = [e for e in events if e.args.get("seat") == seat and e.template in OWN]
    parts: list[str] = []
    grouped: dict[str, list[str]] = {}
    stages: dict[str, int] = {}  # a wonder's stages built, said once (none once completed)
    done: set[str] = set()
    for e in mine:
        a = e.args
        tpl = e.template.removeprefix("tta.")
        if tpl in ("take", "build", "develop", "action_card", "destroy"):
            grouped.setdefault(tpl, []).append(a["card"])
        elif tpl == "upgrade":
            parts.append(t("tta.digest.upgrade", locale, card=card_name(a["card"], locale),
                           to=card_name(a["to"], locale)))
        elif tpl == "wonder_stage":
            stages[a["card"]] = stages.get(a["card"], 0) + a.get("stages", 1)
        elif tpl == "wonder_done":
            done.add(a["card"])
            parts.append(t("tta.digest.wonder_done", locale, card=card_name(a["card"], locale)))
        elif tpl in ("leader", "revolution", "tactic", "copy_tactic", "colony"):
            parts.append(t(f"tta.digest.{tpl}", locale, card=card_name(a["card"], locale)))
        elif tpl == "population":
            grouped.setdefault("population", []).append("")
        elif tpl == "production":
            parts.append(t("tta.summary.points", locale, culture=signed(a.get("culture", 0)),
                           science=signed(a.get("science", 0))))
        elif e.template in SCORED:
            parts.append(t("tta.digest.culture", locale, n=signed(a.get("culture", 0))))
        elif tpl == "draw" and a.get("count"):
            parts.append(t("tta.digest.military", locale, n=a["count"]))
        elif tpl == "prepare":
            parts.append(t("tta.digest.prepared", locale, age=a.get("age", "?")))
    front = []
    for tpl, cards in grouped.items():
        if tpl == "population":
            front.append(t("tta.digest.population", locale, n=len(cards)))
        else:
            front.append(t(f"tta.digest.{tpl}", locale, cards=_cards(cards, locale)))
    front += [t("tta.digest.wonder_stage", locale, card=card_name(card, locale), n=n)
              for card, n in stages.items() if card not in done]
    return front + parts


def _sentence(e: Event, names: list[str], locale: str | None) -> str:
    return (event_text(e, names, None, locale) or "").rstrip(".")


def segment_lines(seg: Segment, names: list[str], locale: str | None = None) -> list[str]:
    """A turn: one line of what its player did, then its news in the log's words (an event
    and what it did to others, a new age, an uprising). Before the first turn: nothing."""
    if seg.seat is None:
        return []
    what = "; ".join(turn_parts(seg.events, seg.seat, locale)) or t("tta.digest.nothing",
                                                                      locale)
    line = t("tta.digest.turn", locale, name=_name(names, seg.seat), what=what)
    # other seats that acted in this turn (a free build an event gave everyone)
    others = [e.args["seat"] for e in seg.events if e.template in ACTIONS
              and isinstance(e.args.get("seat"), int) and e.args["seat"] != seg.seat]
    for q in dict.fromkeys(others):
        parts = turn_parts(seg.events, q, locale)
        if parts:
            line += " " + t("tta.digest.also", locale, name=_name(names, q), what="; ".join(parts))
    lines = [line]
    lines += [_sentence(e, names, locale) for e in seg.events if e.template in RETOLD]
    return [line for line in lines if line]


def digest_lines(events: Iterable[Event | dict[str, Any]], names: list[str], seat: int,
                 locale: str | None = None) -> list[str]:
    """Rules hook: what happened since `seat`'s previous turn: each other seat's turn in one
    line, with its news. `events` are the game's logged events in order (any private ones are
    dropped); empty when there is nothing to tell or `seat`'s turn is already under way."""
    out: list[str] = []
    for seg in since_last_turn(events, seat):
        out += segment_lines(seg, list(names), locale)
    return out


def seats_since(events: Iterable[Event | dict[str, Any]], seat: int) -> dict[int, list[str]]:
    """The seats whose turns came since `seat`'s last one, each with the cards it put on its
    board or changed (for the picture's rings)."""
    out: dict[int, list[str]] = {}
    for seg in since_last_turn(events, seat):
        if seg.seat is None:
            continue
        out.setdefault(seg.seat, [])
        for e in seg.events:
            if e.template in BOARD_CARDS and isinstance(e.args.get("seat"), int):
                card = e.args.get("to") or e.args.get("card")
                mine = out.setdefault(e.args["seat"], [])
                if card and card not in mine:
                    mine.append(card)
    return out
