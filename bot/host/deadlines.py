"""Deadlines and vacations, Discord-free (README.md, "Asynchronous play").

A game started with `deadline_hours` gives every awaited seat that long to decide, each on its
own clock (`seats.asked_at`: when the seat was asked; several seats asked at once have a clock
each). At three quarters of the time the seat is warned; at the deadline the game's
`on_deadline` option says what happens: `ai` (the AI takes that one decision or turn for the
seat, at the level of the game's `deadline_level` option: the game's default level, normal,
unless the host chose another), `skip` (the rules' pass where the game has one, else the AI),
or `host` (only the host is told, and the clock starts again). A seat that misses three
deadlines in a row is offered to the host for good (`replace`, at that level too).

A vacation (`/away`) pauses both the reminders and the deadline clocks of a player's games: the
time away is not counted. A server may cap the days a vacation pauses its games; past the cap
the clocks run again. The pause is computed, not stored: a clock's deadline is its start plus
its time plus whatever part of the player's vacation fell after the start. When a player sets a
new vacation (or comes back), the pause the old one gave each running clock is written into the
clock (its start moves on by that much), so nothing of it is lost."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.core import GameInfo

from ..store import Away, SeatRow

ON_DEADLINE = ("ai", "skip", "host")  # the first is the default
WARN_AT = 0.75  # the share of the time after which the seat is warned
MISSES_TO_OFFER = 3  # missed deadlines in a row after which the host is offered `replace`
MAX_AWAY_DAYS = 60  # the longest vacation one `/away` sets (a server may cap it lower)
MAX_CAP_DAYS = 365
DAY = 86400.0


def limit(options: dict[str, Any]) -> float | None:
    """A game's deadline in seconds, or None (no deadlines: the default)."""
    hours = options.get("deadline_hours")
    return float(hours) * 3600.0 if hours else None


def on_deadline(options: dict[str, Any]) -> str:
    value = options.get("on_deadline")
    return value if value in ON_DEADLINE else ON_DEADLINE[0]


def substitute_level(options: dict[str, Any], info: GameInfo) -> str:
    """The AI level that plays for a seat at its deadline, and takes a seat handed over after
    missed deadlines: the game's `deadline_level`, else the game's default level."""
    value = options.get("deadline_level")
    return value if value in info.ai_levels else info.default_level


def away_end(away: Away | None, cap_days: int | None) -> float | None:
    """When a vacation stops pausing the clocks of a server with this cap (None: no
    vacation)."""
    if away is None:
        return None
    return away.until if cap_days is None else min(away.until, away.since + cap_days * DAY)


def away_until(away: Away | None, cap_days: int | None, now: float) -> float | None:
    """The end of the pause if the player is away at `now` (for that server), else None."""
    end = away_end(away, cap_days)
    if away is None or end is None or not away.since <= now < end:
        return None
    return end


def moment(start: float, running: float, away: Away | None, cap_days: int | None) -> float:
    """When a clock started at `start` has run `running` seconds, the time its player was
    away (within the server's cap) not counted."""
    plain = start + running
    end = away_end(away, cap_days)
    if away is None or end is None:
        return plain
    paused_from = max(away.since, start)
    if end <= paused_from or paused_from >= plain:
        return plain
    return plain + (end - paused_from)


def paused_so_far(start: float, away: Away | None, cap_days: int | None, now: float) -> float:
    """How long a vacation has paused a clock started at `start`, up to `now`."""
    end = away_end(away, cap_days)
    if away is None or end is None:
        return 0.0
    return max(0.0, min(end, now) - max(away.since, start))


@dataclass(frozen=True)
class Clock:
    """One awaited seat's deadline: when it is warned and when it runs out."""

    seat: SeatRow
    warn_at: float
    due_at: float


def clock(seat: SeatRow, seconds: float, away: Away | None, cap_days: int | None) -> Clock:
    assert seat.asked_at is not None
    return Clock(seat, moment(seat.asked_at, WARN_AT * seconds, away, cap_days),
                 moment(seat.asked_at, seconds, away, cap_days))


def shifts(seats: list[tuple[int, SeatRow, int | None]], old: Away | None, now: float
           ) -> list[tuple[int, int, float, float]]:
    """The deadline clocks a new vacation (or a return) must move on by the pause the old
    vacation gave them: (game, seat, from, to) for each (game's server cap, seat) pair."""
    out = []
    for game_id, seat, cap in seats:
        if seat.asked_at is None:
            continue
        pause = paused_so_far(seat.asked_at, old, cap, now)
        if pause > 0:
            out.append((game_id, seat.seat, seat.asked_at, seat.asked_at + pause))
    return out
