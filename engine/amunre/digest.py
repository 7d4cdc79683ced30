"""What a seat missed since its last turn, the last turn in short, and the story of a game, from
public events only.

Pure functions of the decision log's events (`engine.core.Event` or their JSON form). Every
event with `private_to` set is dropped first (a card drawn, a secret step, one's own sealed
sacrifice or phase-6 choice), and only what the spectator's log line shows is used: a sealed
sacrifice is never described before the reveal event opens every one of them (A-SAC-3,
A-INFO-5), and no seat's gold is read (A-INFO-1). A seat's *turn* is one of its bids in the
auction (A-AUC) or its whole buying turn (A-BUY), the prompts of `INFO.turn_prompts`.

- `digest_lines(events, names, seat)`: the "since your last turn" lines (rules hook).
- `provinces_since(events, seat)`: the provinces changed in that window, for the picture.
- `turn_parts(events, seat)`: what one buying turn did, in short (the lines and the close-up).
- `record_turn(state, seat, frame, phase, events)`: keeps `State.last["turn"]`, the public
  events of the last bid or buying turn, which the close-up picture draws.
- `score_sources(events, n)`, `SOURCES`: each seat's points by source (for the stats card)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from data.i18n import t
from engine.core import Event

from .text import INTERNAL, card_name, event_text, item_name, offer_text, province_name

# the events of a buying turn (A-BUY): the seat's own steps, and a pyramid they raise
BUY_STEPS = ("played", "sold", "bought", "placed", "took", "pyramid", "end_turn")
# events between turns that the digest retells in the spectator's own words
RETOLD = ("round", "revealed", "won", "thief", "corrected", "temple", "kingdom", "gold_ranking",
          "game_over", "reshuffled")
# the scoring's sources of points (A-SCORE), in the order the stats card stacks them; the
# last scoring's parts hold the gold ranking's points (A-SCORE-9)
SOURCES = ("pyramids", "rows", "west", "east", "temples", "bonus", "gold")
# where a province changes on the board: its farmers, stones, pyramids and owner
PROVINCE_EVENTS = ("won", "placed", "took", "pyramid", "played")


@dataclass
class Segment:
    """A seat's turn (`seat` set; `kind` "bid" or "buy"), or the events between turns."""

    seat: int | None
    kind: str = ""
    events: list[Event] = field(default_factory=list)
    open: bool = False  # a buying turn not yet ended


def public(events: Iterable[Event | dict[str, Any]]) -> list[Event]:
    """The events as `Event`s, without any private one or the engine's bookkeeping."""
    out = []
    for raw in events:
        e = raw if isinstance(raw, Event) else Event.from_json(raw)
        if e.private_to is None and e.template not in INTERNAL:
            out.append(e)
    return out


def segments(events: Iterable[Event | dict[str, Any]]) -> list[Segment]:
    """Public events split into turns (a bid; a buying turn up to its end) and the stretches
    between them."""
    out: list[Segment] = [Segment(None)]
    phase = ""
    for e in public(events):
        a = e.args
        if e.template == "phase":
            phase = a.get("phase", "")
        if e.template == "bid":
            out += [Segment(a.get("seat"), "bid", [e]), Segment(None)]
            continue
        last = out[-1]
        if phase == "buy" and e.template in BUY_STEPS:
            seat = a.get("seat", last.seat if last.open else None)
            if not (last.open and last.seat == seat) and seat is not None:
                last = Segment(seat, "buy", open=True)
                out.append(last)
            if last.open:
                last.events.append(e)
                if e.template == "end_turn":
                    last.open = False
                    out.append(Segment(None))
                continue
        if last.seat is not None and not last.open:
            last = Segment(None)
            out.append(last)
        last.events.append(e)
    return [s for s in out if s.events]


def since_last_turn(events: Iterable[Event | dict[str, Any]], seat: int) -> list[Segment]:
    """The turns and stretches since `seat`'s previous turn ended. Empty when its buying turn
    is already under way (it bought something and is asked again) or nothing happened."""
    segs = segments(events)
    if segs and segs[-1].seat == seat and segs[-1].open:
        return []
    start = next((i + 1 for i in range(len(segs) - 1, -1, -1) if segs[i].seat == seat), 0)
    return segs[start:]


# --- the lines ----------------------------------------------------------------------------------

def _name(names: list[str], seat: Any) -> str:
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "?"


def _sentence(e: Event, names: list[str], locale: str | None) -> str:
    """The spectator's log line of an event, without its final full stop."""
    return (event_text(e, names, None, locale) or "").rstrip(".")


def turn_parts(events: list[Event], seat: int, locale: str | None = None) -> list[str]:
    """What a buying turn did, as short parts: cards played and sold, what was bought, where
    farmers and stones went, the pyramids raised."""
    parts: list[str] = []
    placed: Counter[tuple[str, str]] = Counter()
    for e in events:
        a = e.args
        if a.get("seat", seat) != seat:
            continue
        if e.template == "played":
            card = card_name(a["card"], locale)
            parts.append(t("amunre.digest.played_on", locale, card=card,
                           province=province_name(a["province"], locale))
                         if "province" in a else t("amunre.digest.played", locale, card=card))
        elif e.template == "sold":
            parts.append(t("amunre.digest.sold", locale, card=card_name(a["card"], locale)))
        elif e.template == "bought" and a["item"] == "card":  # farmers, stones: where placed
            parts.append(t("amunre.digest.bought", locale, n=a["n"],
                           item=item_name(a["item"], a["n"], locale)))
        elif e.template in ("placed", "took") and "province" in a:  # at once (A-BUY-11, -16)
            placed[(a["item"], a["province"])] += 1
        elif e.template == "took":
            parts.append(t("amunre.digest.took", locale, item=item_name(a["item"], 1, locale)))
        elif e.template == "pyramid":
            parts.append(t("amunre.digest.pyramid", locale,
                           province=province_name(a["province"], locale)))
    for (item, province), n in placed.items():
        parts.append(t("amunre.digest.placed", locale, n=n, item=item_name(item, n, locale),
                       province=province_name(province, locale)))
    return parts


def _opened(e: Event, names: list[str], locale: str | None) -> str:
    """The reveal of the sealed sacrifices (A-SAC-5) or phase-6 choices, once it has happened:
    each seat's choice as its reveal event shows it, without the receipts' note."""
    a = e.args
    if e.template == "sacrifices":
        offers = "; ".join(f"{_name(names, o['seat'])} {offer_text(o['choice'], locale)}"
                           for o in a["opened"])
        return t("amunre.digest.sacrifices", locale, offers=offers, total=a["total"])
    choices = "; ".join(
        f"{_name(names, o['seat'])}: " + t(
            "amunre.event.choice_line", locale,
            bonus=", ".join(card_name(c, locale) for c in o["choice"]["bonus"]) or "-",
            sell=", ".join(card_name(c, locale) for c in o["choice"]["sell"]) or "-")
        for o in a["opened"])
    return t("amunre.digest.choices", locale, choices=choices)


def attributed(events: list[Event]) -> list[Event]:
    """The events with each pyramid given to the seat that acted just before it (the step
    that raised it)."""
    out: list[Event] = []
    seat = None
    for e in events:
        seat = e.args.get("seat", seat)
        out.append(Event(e.template, {**e.args, "seat": seat}) if e.template == "pyramid"
                   else e)
    return out


def segment_lines(seg: Segment, names: list[str], locale: str | None = None,
                  reader: int | None = None) -> list[str]:
    """A bid: its log line. A buying turn: one line of its parts. A stretch between turns: the
    news in the spectator's words (the reveal of the sacrifices, the temple, each scoring in
    one line) and what each seat did (but the reader: they know), nothing of anyone's gold
    income."""
    if seg.kind == "bid":
        return [_sentence(e, names, locale) for e in seg.events]
    if seg.kind == "buy":
        what = "; ".join(turn_parts(seg.events, seg.seat or 0, locale)) or t(
            "amunre.digest.nothing", locale)
        return [t("amunre.digest.turn", locale, name=_name(names, seg.seat), what=what)]
    lines: list[str] = []
    scores: list[str] = []
    for e in seg.events:
        if e.template == "scored":
            scores.append(t("amunre.digest.score", locale, name=_name(names, e.args["seat"]),
                            n=e.args["total"], total=e.args["score"]))
            continue
        if scores:
            lines.append(t("amunre.digest.scoring", locale, scores=", ".join(scores)))
            scores = []
        if e.template in RETOLD:
            lines.append(_sentence(e, names, locale))
        elif e.template in ("sacrifices", "choices"):
            lines.append(_opened(e, names, locale))
    if scores:
        lines.append(t("amunre.digest.scoring", locale, scores=", ".join(scores)))
    # what seats did between turns (the rewards of the temple, cards played for the harvest):
    # a pyramid those steps raised belongs to the seat that acted just before
    owned = attributed(seg.events)
    seats = [e.args["seat"] for e in owned if isinstance(e.args.get("seat"), int)]
    for q in dict.fromkeys(seats):
        if q == reader:
            continue
        parts = turn_parts(owned, q, locale)
        if parts:
            lines.append(t("amunre.digest.turn", locale, name=_name(names, q),
                           what="; ".join(parts)))
    return lines


def digest_lines(events: Iterable[Event | dict[str, Any]], names: list[str], seat: int,
                 locale: str | None = None) -> list[str]:
    """Rules hook: what happened since `seat`'s previous turn: each other seat's bid, each
    buying turn in one line, and the news between turns. `events` are the game's logged events
    in order (private ones are dropped); empty when there is nothing to tell or `seat`'s buying
    turn is already under way."""
    out: list[str] = []
    for seg in since_last_turn(events, seat):
        out += [line for line in segment_lines(seg, list(names), locale, seat) if line]
    return out


def provinces_since(events: Iterable[Event | dict[str, Any]], seat: int) -> list[str]:
    """The provinces whose owner or pieces the other seats changed since `seat`'s previous
    turn (or the auction gave out)."""
    out: dict[str, None] = {}
    for seg in since_last_turn(events, seat):
        for e in attributed(seg.events):
            if (e.template in PROVINCE_EVENTS and "province" in e.args
                    and (e.args.get("seat") != seat or e.template == "won")):
                out[e.args["province"]] = None
    return list(out)


# --- the last turn, for the close-up -----------------------------------------------------------

def record_turn(s: Any, seat: int, frame: dict[str, Any], phase: str,
                events: list[Event]) -> None:
    """Keep the public events of the last bid or buying turn in `s.last["turn"]` (seat, kind,
    round, events as JSON): a bid replaces it, a buying turn's steps add up until its end. Only
    the decisions of the seat whose turn it is count (a free sale by another seat does not)."""
    who = frame.get("who", frame.get("seat"))
    if who != seat:
        return
    kind = "bid" if frame["t"] == "bid" else "buy" if phase == "buy" else None
    if kind is None:
        return
    shown = [e.to_json() for e in public(events)
             if kind == "bid" or e.template in BUY_STEPS]
    turn = s.last.get("turn")
    if (kind == "buy" and turn is not None and turn["kind"] == "buy" and turn["seat"] == seat
            and turn["round"] == s.round and not turn["done"]):
        turn["events"] += shown
    else:
        turn = s.last["turn"] = {"seat": seat, "kind": kind, "round": s.round, "events": shown,
                                 "done": kind == "bid"}
    if any(e["template"] == "end_turn" for e in shown):
        turn["done"] = True


# --- the story of a game --------------------------------------------------------------------------

def score_sources(events: Iterable[Event | dict[str, Any]], n: int) -> list[dict[str, int]]:
    """Each seat's points by source (`SOURCES`): every scoring's parts (A-SCORE, the gold
    ranking's points among the last one's). They add up to the seat's score."""
    out = [dict.fromkeys(SOURCES, 0) for _ in range(n)]
    for e in public(events):
        a = e.args
        if e.template == "scored":
            for key, value in a["parts"].items():
                if key in out[a["seat"]]:
                    out[a["seat"]][key] += value
    return out
