"""What a seat missed since its last turn, and the story of a whole game, from public events.

Pure functions of the decision log's events (`engine.core.Event` or their JSON form). Every
event with `private_to` set is dropped first, and only arguments that the spectator's log line
(`text.event_text(event, names, None)`) shows are ever used, so nothing here can carry a hidden
fact: a discarded card stays unnamed, a demigod from the face-down stack stays unvalued.

- `digest_lines(events, names, seat)`: the "since your last turn" lines (rules hook).
- `changes_since(events, seat)`: the board changes of that window, in `View.last_changes` form,
  for the picture that rings them all.
- `score_sources(events, n)`, `SOURCES`: each seat's points by source (for the stats card).
- `turns_ended(events, in_turn)`: how many turns these events end (one replay frame per turn)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from data.i18n import t
from engine.core import Event

from .text import god_name, tile_name

# the scoring events' sources of points, in the order the stats card stacks them
SOURCES = ("gods", "columns", "demigods", "pietalte", "epoch_end")
# events that begin a stretch outside any turn (the end of an epoch, its scoring, the next one)
BREAKS = ("epoch_end",)
TURN_ENDS = ("epoch_end", "game_over")


@dataclass
class Segment:
    """A player's turn (`seat` set), or the events between turns (`seat` None)."""

    seat: int | None
    events: list[Event] = field(default_factory=list)

    @property
    def under_way(self) -> bool:
        """The turn has chosen its (first) action."""
        return any(e.template == "action" for e in self.events)


def public(events: Iterable[Event | dict[str, Any]]) -> list[Event]:
    """The events as `Event`s, without any private one."""
    out = []
    for raw in events:
        e = raw if isinstance(raw, Event) else Event.from_json(raw)
        if e.private_to is None:
            out.append(e)
    return out


def segments(events: Iterable[Event | dict[str, Any]]) -> list[Segment]:
    """Public events split into turns (each begins at its `turn` event) and the stretches
    between them (each begins at an epoch's end)."""
    out: list[Segment] = [Segment(None)]
    for e in public(events):
        if e.template == "turn":
            out.append(Segment(e.args.get("seat")))
        elif e.template in BREAKS:
            out.append(Segment(None))
        out[-1].events.append(e)
    return [s for s in out if s.events]


def since_last_turn(events: Iterable[Event | dict[str, Any]], seat: int) -> list[Segment]:
    """The turns and stretches since `seat`'s previous turn ended, up to its turn that begins
    now (the last segment, if it is `seat`'s). Empty when that turn is already under way (a
    Traitera's second action asks again) or nothing happened."""
    segs = segments(events)
    end = len(segs)
    if segs and segs[-1].seat == seat:
        if segs[-1].under_way:
            return []
        end -= 1
    start = next((i + 1 for i in range(end - 1, -1, -1) if segs[i].seat == seat), 0)
    return segs[start:end]


# --- the lines ----------------------------------------------------------------------------------

def _name(names: list[str], seat: Any) -> str:
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "?"


def seat_parts(events: list[Event], seat: int, locale: str | None = None) -> list[str]:
    """What `seat` did, gained and lost in these events, as short parts."""
    mine = [e for e in events if e.args.get("seat") == seat]
    parts: list[str] = []
    actions = [t(f"pantheon.render.action.{e.args['action']}", locale)
               for e in mine if e.template == "action"]
    if actions:
        parts.append(" + ".join(actions))
    placed = [e.args["field"] for e in mine if e.template == "placed"]
    if placed:
        parts.append(t("pantheon.digest.placed", locale, n=len(placed), fields=", ".join(placed)))
    cards = demigods = discarded = 0
    points = 0
    for e in mine:
        a = e.args
        if e.template == "took_loot":
            parts.append(t("pantheon.digest.loot", locale, tile=tile_name(a["tile"], locale),
                           field=a["field"]))
        elif e.template == "gained_god":
            parts.append(t("pantheon.digest.god", locale, god=god_name(a["god"])))
            points += a.get("points", 0)
        elif e.template == "phase_end_points":
            parts.append(t("pantheon.digest.ends_epoch", locale))
            points += a.get("points", 0)
        elif e.template == "used_traitera":
            parts.append(t("pantheon.digest.traitera", locale))
        elif e.template == "buy_done" and a.get("spent"):
            parts.append(t("pantheon.digest.spent", locale, n=a["spent"]))
        elif e.template == "sacrificed":
            parts.append(t("pantheon.digest.sacrificed", locale, cards=", ".join(
                f"{n} {t(f'pantheon.kind.{k}', locale)}" for k, n in a["cards"].items())
                or t("pantheon.digest.tiles_only", locale)))
        elif e.template == "offering_tile":
            parts.append(t("pantheon.digest.tile", locale,
                           kind=t(f"pantheon.kind.{a['kind']}", locale), level=a["to"]))
        elif e.template == "gained_pieces":
            parts.append(t("pantheon.digest.pieces", locale, n=a["count"],
                           pieces=t(f"pantheon.pieces.{a['piece']}", locale)))
        elif e.template == "swapped":
            parts.append(t("pantheon.digest.swapped", locale, n=a["count"],
                           gave=t(f"pantheon.pieces.{a['gave']}", locale),
                           got=t(f"pantheon.pieces.{a['got']}", locale)))
        elif e.template == "discarded":  # which card stays unsaid, as in the public log
            discarded += 1
        elif e.template == "drew_cards":
            cards += a.get("count", 0)
        elif e.template in ("took_display_card", "took_special_money"):
            cards += 1
        elif e.template == "took_demigods":
            demigods += a.get("count", 0)
    if discarded:
        parts.append(t("pantheon.digest.discarded", locale, count=discarded))
    if cards:
        parts.append(t("pantheon.digest.cards", locale, count=cards))
    if demigods:
        parts.append(t("pantheon.digest.demigods", locale, count=demigods))
    if points:
        parts.append(t("pantheon.digest.points", locale, n=points, count=points))
    return parts


def _others(events: list[Event], skip: int | None) -> list[int]:
    seats = [e.args.get("seat") for e in events if isinstance(e.args.get("seat"), int)]
    return [s for s in dict.fromkeys(seats) if s != skip]


def segment_lines(seg: Segment, names: list[str], locale: str | None = None) -> list[str]:
    """One line for a turn (its player's parts, then each other seat's in it); for a stretch
    between turns, the epoch's end, the scoring, the next epoch and each seat's gains."""
    lines: list[str] = []
    if seg.seat is not None:
        what = "; ".join(seat_parts(seg.events, seg.seat, locale)) or t(
            "pantheon.digest.nothing", locale)
        line = t("pantheon.digest.turn", locale, name=_name(names, seg.seat), what=what)
        for other in _others(seg.events, seg.seat):
            parts = seat_parts(seg.events, other, locale)
            if parts:
                line += " " + t("pantheon.digest.also", locale, name=_name(names, other),
                                what="; ".join(parts))
        return [line]
    scores = [t("pantheon.digest.score", locale, name=_name(names, e.args["seat"]),
                n=e.args["total"]) for e in seg.events if e.template == "scored"]
    for e in seg.events:
        if e.template == "epoch_end":
            lines.append(t("pantheon.digest.epoch_end", locale, epoch=e.args["epoch"]))
        elif e.template == "scored" and scores:
            lines.append(t("pantheon.digest.scoring", locale, scores=", ".join(scores)))
            scores = []
        elif e.template == "epoch":
            lines.append(t("pantheon.digest.epoch", locale, epoch=e.args["epoch"],
                           people=t(f"pantheon.people.{e.args['people']}", locale),
                           start=_name(names, e.args["start_player"])))
    for seat in _others(seg.events, None):
        parts = seat_parts(seg.events, seat, locale)
        if parts:
            lines.append(t("pantheon.digest.between", locale, name=_name(names, seat),
                           what="; ".join(parts)))
    return lines


def digest_lines(events: Iterable[Event | dict[str, Any]], names: list[str], seat: int,
                 locale: str | None = None) -> list[str]:
    """Rules hook: what happened since `seat`'s previous turn, one line per other seat's turn
    (what it did, gained, lost, and its points) and per stretch between turns. `events` are the
    game's logged events in order (any private ones are dropped); empty when there is nothing
    to tell or `seat`'s turn is already under way."""
    out: list[str] = []
    for seg in since_last_turn(events, seat):
        out += segment_lines(seg, list(names), locale)
    return out


def changes_since(events: Iterable[Event | dict[str, Any]], seat: int) -> dict[str, Any]:
    """The board changes since `seat`'s previous turn in `View.last_changes` form ("placed":
    [seat, piece, field], "loot": [seat, field, tile], "gods": [seat, god]), marked "since"."""
    out: dict[str, Any] = {"since": True}
    for seg in since_last_turn(events, seat):
        for e in seg.events:
            a = e.args
            if e.template == "placed":
                out.setdefault("placed", []).append([a["seat"], a["piece"], a["field"]])
            elif e.template == "took_loot":
                out.setdefault("loot", []).append([a["seat"], a["field"], a["tile"]])
            elif e.template == "gained_god":
                out.setdefault("gods", []).append([a["seat"], a["god"]])
    return out


# --- the story of a game --------------------------------------------------------------------------

def score_sources(events: Iterable[Event | dict[str, Any]], n: int) -> list[dict[str, int]]:
    """Each seat's points by source (`SOURCES`): gods' epoch points, the columns, demigods and
    Pietalte of each scoring, and the epoch-end bonus. They add up to the seat's score."""
    out = [dict.fromkeys(SOURCES, 0) for _ in range(n)]
    for e in public(events):
        a = e.args
        if e.template == "gained_god":
            out[a["seat"]]["gods"] += a.get("points", 0)
        elif e.template == "phase_end_points":
            out[a["seat"]]["epoch_end"] += a.get("points", 0)
        elif e.template == "scored":
            for key in ("columns", "demigods", "pietalte"):
                out[a["seat"]][key] += a.get(key, 0)
    return out


def turns_ended(events: Iterable[Event | dict[str, Any]], in_turn: bool) -> tuple[int, bool]:
    """How many turns end in these events, and whether one is under way after them: a turn
    ends where the next begins, at an epoch's end, or at the end of the game."""
    ended = 0
    for e in public(events):
        if e.template == "turn":
            ended += in_turn
            in_turn = True
        elif e.template in TURN_ENDS and in_turn:
            ended += 1
            in_turn = False
    return ended, in_turn
