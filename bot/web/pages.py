"""What a page says, in words, built from the same functions and views as the channel's posts:
the public part from the spectator view and public events only; a seat's part (its hand and
what it awaits) from that seat's own view. Names, never Discord mentions."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from data.i18n import t
from engine.core import Event

from ..host import messages
from ..host.turns import Table


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
