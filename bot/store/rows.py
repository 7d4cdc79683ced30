"""What the store holds, as the rest of the bot sees it: a game's row, its seats, the decision
log, drafts and journal lines, and the two refusals a write can meet. Both backends (sqlite.py,
postgres.py) read and write these; the host never sees a database row of its own."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from data.i18n import language

OPEN_STATUSES = ("lobby", "playing")


class StaleWrite(Exception):
    """The game changed since the caller read it; nothing was written."""


class ChannelBusy(Exception):
    """The channel already has an open game."""


@dataclass
class GameRow:
    id: int
    game: str
    guild_id: int | None
    channel_id: int
    host_id: int
    status: str
    options: dict[str, Any]
    seed: int
    revision: int
    decisions: int
    posted: int
    last_activity: float
    turn_message: int | None
    created_at: float
    awaited: list[int] = field(default_factory=list)  # seats that must decide now
    # what the game was begun under (None: begun before they were kept, i.e. Agora 0.1.0 and
    # the game's rules version 1)
    rules_version: str | None = None
    agora_version: str | None = None

    @property
    def open(self) -> bool:
        return self.status in OPEN_STATUSES

    @property
    def language(self) -> str:
        """The game's language (channel posts, pictures): chosen at start; a game begun before
        languages existed keeps the bot's default."""
        return language(self.options.get("language"))


@dataclass
class SeatRow:
    game_id: int
    seat: int
    user_id: int | None
    name: str
    ai_level: str | None = None
    dm_channel_id: int | None = None
    dm_ok: bool | None = None
    hand_sig: str | None = None
    policy: str = "ask"  # the standing answer (the game's GameInfo.policies)
    awaited_since: float | None = None
    reminded_at: float | None = None
    prompt_sig: str | None = None  # the prompt last sent by DM (no second copy of it)
    prompt_message: int | None = None  # that DM's message id (its buttons go when superseded)
    asked_at: float | None = None  # the deadline clock: when this seat was last asked
    warned_at: float | None = None  # the warning at 3/4 of the deadline went out
    missed: int = 0  # deadlines missed in a row

    @property
    def is_ai(self) -> bool:
        return self.user_id is None


@dataclass
class LogEntry:
    """One engine decision as it is logged."""

    seq: int
    seat: int
    decision: dict[str, Any]
    source: str
    barrier: bool = False
    events: list[dict[str, Any]] = field(default_factory=list)
    batch: int = 0
    created_at: float = 0.0
    sealed: bool = False  # a secret choice (engine `sealed`): never described in public


@dataclass(frozen=True)
class Away:
    """A player's vacation (`/away`): from `since` until `until` (unix seconds; `/away off`
    sets `until` to the moment of return)."""

    user_id: int
    since: float
    until: float


@dataclass
class Draft:
    seat: int
    base: int
    steps: list[dict[str, Any]]
    source: str = "button"


@dataclass
class JournalLine:
    at: int
    text: str
    created_at: float


@dataclass
class Finished:
    """A finished game as its server's history reads it: the game, who sat where at the end
    (a seat handed to the AI is an AI seat), the rules' result, when it ended and the final
    post (None until it is posted, or if the channel refused it)."""

    game: GameRow
    seats: list[SeatRow]
    result: dict[str, Any]
    ended_at: float
    final_message: int | None = None
