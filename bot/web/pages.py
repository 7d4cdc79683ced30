"""What a page says, in words, built from the same functions and views as the channel's posts:
the public part from the spectator view and public events only; a seat's part (its hand and
what it awaits) from that seat's own view; the replay's steps from the public events of each
logged decision; the archive from the server's kept results. Names, never Discord mentions."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from babel.dates import format_date

from data.i18n import language, t
from engine import registry
from engine.core import Event

from ..host import messages
from ..host.history import places
from ..host.turns import Table
from ..store import Finished, LogEntry


@dataclass(frozen=True)
class Player:
    name: str
    colour: str
    detail: str
    score: int | None
    awaited: bool


@dataclass
class Page:
    title: str
    head: str
    status: str  # the game's row status: lobby, playing, over, abandoned
    decisions: int
    players: list[Player]
    waiting: str
    log: list[str]
    result: list[str]
    hand: str = ""
    awaits: str = ""
    extra: dict[str, Any] = field(default_factory=dict)


def public_page(table: Table, events: list[dict[str, Any]]) -> Page:
    """The public page of a started game: `events` are the logged events (as stored); only the
    public ones are said, each as the channel says it."""
    assert table.state is not None
    k, game = table.kind, table.game
    v = k.rules.view(table.state, None)
    awaited = {p.seat for p in table.awaited()} if game.status == "playing" else set()
    scores = list(k.rules.scores(v))
    players = [Player(s.name, k.colour(s.seat), detail, scores[s.seat], s.seat in awaited)
               for s, detail in zip(table.seats, k.rules.status_lines(v), strict=True)]
    public = [Event.from_json(e) for e in events if e.get("private_to") is None]
    over = messages.game_over_text(table) if game.status == "over" else ""
    return Page(title=messages.title(table), head=k.rules.status_head(v), status=game.status,
                decisions=game.decisions, players=players, waiting=waiting(table),
                log=messages.summary_lines(k, public, table.names),
                result=[line for line in over.split("\n") if line])


def waiting(table: Table) -> str:
    """Who the game waits for and for what, by name (the channel's waiting line mentions)."""
    if table.game.status == "abandoned":
        return t("bot.abandoned")
    awaited = table.awaited() if table.game.status == "playing" else []
    if not awaited:
        return ""
    whom = ", ".join(table.seats[p.seat].name for p in awaited)
    return t("web.waiting", who=whom, what=messages.prompt_text(awaited[0], table))


def seat_part(page: Page, table: Table, seat: int) -> Page:
    """`page` with `seat`'s hand in words and what the game awaits from it."""
    assert table.state is not None
    k = table.kind
    page.hand = k.rules.hand_text(k.rules.view(table.state, seat), seat)
    prompt = table.prompt_of(seat) if table.game.status == "playing" else None
    page.awaits = (t("web.awaits", what=messages.prompt_text(prompt, table)) if prompt
                   else t("web.not_awaited"))
    return page


def stamp(entry: LogEntry | None) -> str:
    """A short stamp of the decision a board follows (None: the opening), carried in its
    picture's address: an undo takes decisions back and the next ones take their numbers, so
    the number alone could name an older picture; the moment a decision was logged does not
    come twice."""
    if entry is None:
        return "0"
    said = json.dumps([entry.created_at, entry.seat, entry.decision], sort_keys=True)
    return hashlib.sha1(said.encode()).hexdigest()[:12]


# --- the replay -----------------------------------------------------------------------------

@dataclass(frozen=True)
class Step:
    """One step of the replay: the board after `number` decisions, and what that decision
    did in public words (step 0: how the game was set up)."""

    number: int
    who: str
    lines: list[str]
    stamp: str


def replay_steps(table: Table, opening: list[Event], entries: list[LogEntry]) -> list[Step]:
    """The replay's steps in words: the opening, then each logged decision with who made it
    and its public events only. A secret choice is said to be one, never what it was."""
    k, names = table.kind, table.names
    steps = [Step(0, "", messages.summary_lines(k, opening, names) or [t("web.replay.start")],
                  stamp(None))]
    for n, e in enumerate(entries, 1):
        who = names[e.seat] if 0 <= e.seat < len(names) else ""
        public = [Event.from_json(ev) for ev in e.events if ev.get("private_to") is None]
        lines = messages.summary_lines(k, public, names)
        if not lines:
            lines = [t("web.replay.sealed" if e.sealed else "web.replay.quiet", who=who)]
        steps.append(Step(n, who, lines, stamp(e)))
    return steps


# --- the archive ----------------------------------------------------------------------------

@dataclass(frozen=True)
class Archived:
    """A finished game as the archive lists it, with its pages' addresses (relative to the
    archive's own)."""

    title: str
    when: str
    standings: str
    page: str
    replay: str
    record: str


@dataclass
class Shelf:
    """One game's finished games in the archive, newest first, a page of them."""

    game: str
    name: str
    count: int
    games: list[Archived]
    more: str = ""  # the address of the next page, if there is one


ARCHIVE_PAGE = 100  # games of one game shown on a page of the archive


def archive(finished: list[Finished], token: Callable[[int], str], game: str | None,
            page: int) -> list[Shelf]:
    """The server's finished games by game (every game of the registry that has some, in the
    registry's order), newest first, ARCHIVE_PAGE of each a page; with `game`, only that
    game's. `token` is a game's signed link part."""
    shelves = []
    for gid in registry.ids():
        if game is not None and gid != game:
            continue
        mine = [f for f in reversed(finished) if f.game.game == gid]
        if not mine:
            continue
        shown = mine[(page - 1) * ARCHIVE_PAGE:page * ARCHIVE_PAGE]
        more = (f"?game={gid}&page={page + 1}" if len(mine) > page * ARCHIVE_PAGE else "")
        shelves.append(Shelf(gid, registry.info(gid).name, len(mine),
                             [_archived(f, token(f.game.id)) for f in shown], more))
    return shelves


def _archived(f: Finished, token: str) -> Archived:
    ended = datetime.fromtimestamp(f.ended_at, UTC)
    return Archived(title=t("bot.title", game=registry.info(f.game.game).name, id=f.game.id),
                    when=format_date(ended, format="medium", locale=language()),
                    standings=standings(f), page=f"../g/{token}",
                    replay=f"../g/{token}/replay", record=f"../g/{token}/record.json")


def standings(f: Finished) -> str:
    """"1. Ann 52 · 2. Bob 45 · …": places from the kept result, names as typed (a page
    escapes them; no Discord markdown here)."""
    seats = sorted(f.seats, key=lambda s: s.seat)
    place = places(f.result, len(seats))
    scores = f.result.get("scores") or []
    order = sorted(seats, key=lambda s: (place[s.seat], s.seat))
    return " · ".join(t("bot.history.place", place=place[s.seat], name=s.name,
                        score=scores[s.seat] if s.seat < len(scores) else "-") for s in order)
