"""Playing a game from the bot's side: each seat's draft, commits, undo and the automatic seats
(AI players and standing answers). Nothing here knows discord or any particular game: the rules
come from the game's module (bot.host.kinds), the command layer calls this and publishes what it
returns.

Drafts and commit points (README.md, "Turns: the private prompt"):
- A human's steps first go into a *draft*: the list of not-yet-committed decisions of their
  current part, stored in the `drafts` table (one per seat) and applied to a copy of the
  committed state for the preview. Nobody else ever sees a draft.
- A step that reveals hidden information (the game's `reveals`: a card from the deck, a shuffle)
  is committed at once together with the draft before it. It can never be undone.
- When the seat's part is complete (the game no longer awaits that seat), the panel offers only
  Confirm and Undo-step; Confirm commits the draft. A slash command whose text completes the
  part commits at once (typed text is deliberate).
- Several seats may be awaited at once (a simultaneous secret choice): each has its own draft,
  and one seat's commit never touches another's draft; a draft is checked again against the
  state it is shown on. A seat the game lets act out of turn has options while not awaited: its
  decision is accepted at any time, through the same draft.
- AI seats and standing answers commit directly.
Every commit writes the decision log and a snapshot in one transaction, under a per-game lock
and the stored revision check, before anyone is answered."""

from __future__ import annotations

import asyncio
import contextlib
import json
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from data.i18n import t
from engine.core import Decision, IllegalDecision, Prompt

from ..logs import log
from ..store import (
    CHECKPOINT_EVERY,
    Draft,
    GameRow,
    GameStore,
    LogEntry,
    SeatRow,
    StaleWrite,
    remember,
)
from .deadlines import substitute_level
from .kinds import Kind, kind
from .thinking import Thinker

# log sources of decisions the seat's player did not make: never theirs to undo or confirm
NOT_THE_PLAYERS = ("ai", "auto", "deadline")
CURSORS = 64  # games whose last past state asked for is kept (the replay's cursor)


class Refusal(Exception):
    """A player's input that changes nothing; the message is shown to them (ephemerally)."""

    def __init__(self, message: str, rule: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.rule = rule

    def __str__(self) -> str:
        return f"{self.message} ({self.rule})" if self.rule else self.message

    @classmethod
    def from_illegal(cls, exc: IllegalDecision) -> Refusal:
        return cls(exc.message, exc.rule)


@dataclass
class Table:
    """One game as loaded from the store: its row, its seats and the committed state."""

    game: GameRow
    seats: list[SeatRow]
    state: Any | None

    @property
    def kind(self) -> Kind:
        return kind(self.game.game)

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    def seat_of(self, user_id: int) -> SeatRow | None:
        return next((s for s in self.seats if s.user_id == user_id), None)

    def awaited(self) -> list[Prompt]:
        """Every seat the game waits for now (one prompt per seat, seat order)."""
        if self.state is None:
            return []
        seen: dict[int, Prompt] = {}
        for p in self.kind.rules.pending(self.state):
            seen.setdefault(p.seat, p)
        return [seen[k] for k in sorted(seen)]

    def prompt_of(self, seat: int) -> Prompt | None:
        return next((p for p in self.awaited() if p.seat == seat), None)


@dataclass(frozen=True)
class Applied:
    """What one step's log entry records, found when the step is applied to the state before
    it: a commit of the same steps on the same committed state writes these instead of
    applying every step once more."""

    events: list[dict[str, Any]]
    barrier: bool  # it revealed something (rules.reveals)
    sealed: bool  # a secret choice (rules.sealed)


def apply_step(k: Kind, state: Any, seat: int, d: Decision) -> tuple[Any, Applied]:
    """One decision applied, with its log record (raises IllegalDecision)."""
    after, events = k.rules.apply(state, seat, d)
    return after, Applied([e.to_json() for e in events], k.rules.reveals(state, after, seat),
                          k.rules.sealed(state, seat, d))


@dataclass
class Panel:
    """What one seat sees of its part now: committed state + draft = preview, and the options."""

    table: Table
    seat: int
    steps: list[Decision]
    preview: Any
    options: list[Decision]
    token: str
    # the draft's last step would now reveal something (it completes a simultaneous secret
    # choice that others finished meanwhile): never previewed, committed by Confirm
    held: bool = False
    # each step's record, applied from the committed state to `preview` (None: held)
    applied: list[Applied] | None = None

    @property
    def number(self) -> int:
        return self.table.game.decisions + len(self.steps)

    @property
    def prompt(self) -> Prompt | None:
        return next((p for p in self.table.kind.rules.pending(self.preview)
                     if p.seat == self.seat), None)

    @property
    def complete(self) -> bool:
        """The seat's part is done in the preview: only Confirm / Undo-step are left."""
        if self.held:
            return True
        if not self.steps:
            return False
        return part_done(self.table.kind, self.table.state, self.preview, self.seat)

    @property
    def active(self) -> bool:
        """The seat may decide now: awaited, or allowed to act out of turn."""
        return bool(self.options)


@dataclass
class Commit:
    """Decisions just written to the log (the publisher reads them back from the store)."""

    game_id: int
    seat: int
    source: str
    entries: list[LogEntry]


@dataclass
class StepResult:
    panel: Panel | None  # the player's panel now (None when their part is over)
    commit: Commit | None = None
    notes: list[str] = field(default_factory=list)


@dataclass
class UndoResult:
    panel: Panel
    undone: Decision
    was_posted: bool  # the undone step had already been shown in the channel
    sealed: bool = False  # a secret choice: the channel is not told what it was


def commit_notes(k: Kind, commit: Commit) -> list[str]:
    """What the player is told of their own commit, whatever they clicked or typed: "Sealed:
    ..." for a secret choice, else "Committed: ...", and why there was no Confirm when a step
    revealed hidden information (it is committed at once). Only the player sees it."""
    steps = " → ".join(k.rules.describe(Decision.from_json(e.decision)) for e in commit.entries)
    notes = [t("bot.note.sealed" if any(e.sealed for e in commit.entries)
               else "bot.note.committed", steps=steps)]
    if any(e.barrier for e in commit.entries):
        notes.append(t("bot.note.revealed"))
    return notes


def part_done(k: Kind, committed: Any, preview: Any, seat: int) -> bool:
    """A seat's part ends when the game no longer waits for it, or when its steps have opened
    a decision for other seats (the next round's secret choice everyone makes at once): those
    seats must be asked now, not after this seat's next choice."""
    awaited = k.awaited(preview)
    if seat not in awaited:
        return True
    return bool(set(awaited) - {seat} - set(k.awaited(committed)))


def _identity(entry: LogEntry) -> tuple[int, float, int]:
    """A logged decision told apart from the one an undo may have put in its place."""
    return entry.seq, entry.created_at, entry.seat


class Games:
    """Everything that changes a game in play, serialised per game by an asyncio lock."""

    def __init__(self, store: GameStore, *, ai_delay: float = 0.0) -> None:
        self.store = store
        self.ai_delay = ai_delay
        self._locks: dict[int, asyncio.Lock] = {}
        self.closing = asyncio.Event()  # set on shutdown: AI delays end early
        self.thinker = Thinker()  # where the AI seats think
        # each game's current state, kept while its revision stands: one interaction loads a
        # game once, not once per question it asks, and a commit keeps the state it wrote, so
        # the next turn reads no state at all (the store keeps only checkpoints, which a
        # reload replays). Keyed by the game row's stored revision, which every change of the
        # state bumps: another process's commit (several processes on one PostgreSQL
        # database) makes the cached state stale, and the row, read fresh, says so
        self._states: dict[int, tuple[int, Any]] = {}
        # per game, the last past state asked for (the replay steps through them): (decisions,
        # the identity of the log entry that led to it, the state); see _from_cursor
        self._cursors: dict[int, tuple[int, tuple[int, float, int], Any]] = {}
        # each seat's draft applied (its preview), see _remember_preview
        self._previews: dict[tuple[int, int], tuple[tuple[int, int, str], tuple[Decision, ...],
                                                     Any, tuple[Applied, ...]]] = {}

    def forget(self, game_id: int) -> None:
        """Drop what this service and the store keep of a game in memory: called once a
        finished game's last post is out, so that a finished game leaves nothing behind
        (issue 27). Reading the game again (/status, /board) loads it again."""
        self._states.pop(game_id, None)
        self._cursors.pop(game_id, None)
        for key in [k for k in self._previews if k[0] == game_id]:
            self._previews.pop(key, None)
        lock = self._locks.get(game_id)
        if lock is not None and not lock.locked():
            del self._locks[game_id]
        self.store.forget(game_id)

    def lock(self, game_id: int) -> asyncio.Lock:
        if game_id not in self._locks:
            self._locks[game_id] = asyncio.Lock()
        return self._locks[game_id]

    # --- reading ----------------------------------------------------------------------------

    async def table(self, game_id: int) -> Table:
        for _ in range(3):
            game = await self.store.game(game_id)
            if game is None:
                raise Refusal(t("bot.err.no_such_game"))
            seats = await self.store.seats(game_id)
            if game.status == "lobby":
                return Table(game, seats, None)
            # states are never changed in place (the rules' apply is pure), so one loaded
            # state serves every reader until the game's next change
            cached = self._states.get(game_id)
            if cached is not None and cached[0] == game.revision:
                return Table(game, seats, cached[1])
            # (the generation is read after the row: reading a row with a new revision may
            # move it)
            generation = self.store.generation(game_id)
            state = await self._stored_state(game, game.decisions)
            if generation != self.store.generation(game_id):
                continue  # this process wrote meanwhile: read the row and state again
            again = await self.store.game(game_id)
            if again is None or again.revision != game.revision:
                continue  # another process committed between the row and the state
            if state is not None and game.status == "playing":  # (a finished one is not kept)
                remember(self._states, game_id, (game.revision, state))
            return Table(game, seats, state)
        # the game keeps changing under us (busy players elsewhere): answer from the last read
        # uncached; a decision on it is checked against the stored revision when written
        return Table(game, seats, state)

    async def table_in(self, channel_id: int) -> Table | None:
        game = await self.store.open_game(channel_id)
        return await self.table(game.id) if game else None

    async def open_table(self, channel_id: int, game: str) -> Table:
        """The channel's open game of this kind; a refusal names the way otherwise."""
        table = await self.table_in(channel_id)
        if table is None:
            raise Refusal(kind(game).t("bot.err.no_game"))
        if table.game.game != game:
            raise Refusal(table.kind.t("bot.err.other_game", id=table.game.id))
        return table

    async def viewable_table(self, channel_id: int, game: str) -> Table:
        """The channel's open game, else its last finished one (still viewable)."""
        row = await self.store.latest_game(channel_id)
        if row is None or row.open or row.game != game:
            return await self.open_table(channel_id, game)
        return await self.table(row.id)

    async def state_at(self, table: Table, decisions: int) -> Any | None:
        """The state after `decisions` decisions."""
        if decisions == table.game.decisions:
            return table.state
        found = await self._from_cursor(table.game, decisions)
        if found is not None:
            state, last = found
        else:
            state, last = await self._replayed(table.game, decisions)
            if state is not None and last is None and decisions > 0:  # a checkpoint, exactly
                last = (await self.store.log(table.game.id, decisions - 1, decisions)
                        or [None])[0]
        if state is not None and last is not None:
            remember(self._cursors, table.game.id, (decisions, _identity(last), state), CURSORS)
        return state

    async def _from_cursor(self, game: GameRow, decisions: int
                           ) -> tuple[Any, LogEntry] | None:
        """The state after `decisions` from the last past state asked of this game, when it is
        at most CHECKPOINT_EVERY decisions before: the replay's next step replays one decision,
        not up to 31 from a checkpoint it must decode first. Only while the decision the
        cursor last applied is still in the log (an undo replaces the log's tail). The
        cursor's state is never changed in place: a picture may still be drawn from it."""
        cursor = self._cursors.get(game.id)
        if cursor is None or not 0 <= decisions - cursor[0] <= CHECKPOINT_EVERY:
            return None
        at, identity, state = cursor
        entries = await self.store.log(game.id, at - 1, decisions)
        if not entries or _identity(entries[0]) != identity or len(entries) != decisions - at + 1:
            self._cursors.pop(game.id, None)
            return None
        rules = kind(game.game).rules
        try:
            for i, e in enumerate(entries[1:]):
                state, _ = rules.apply(state, e.seat, Decision.from_json(e.decision),
                                       in_place=i > 0)
        except IllegalDecision:
            return None
        return state, entries[-1]

    async def _stored_state(self, game: GameRow, decisions: int) -> Any | None:
        """The state after `decisions` decisions: the stored checkpoint at or before it, with
        the logged decisions since replayed (the log is the truth; snapshots are sparse)."""
        return (await self._replayed(game, decisions))[0]

    async def _replayed(self, game: GameRow, decisions: int
                        ) -> tuple[Any | None, LogEntry | None]:
        """_stored_state, and the log entry of the last decision replayed (None when the
        checkpoint was the very state: the replay cursor then asks the log for it)."""
        found = await self.store.checkpoint(game.id, decisions)
        if found is None:
            return None, None
        rules = kind(game.game).rules
        state = rules.load(found[1])  # a fresh object: the replay may change it in place
        if found[0] == decisions:
            return state, None
        entries = await self.store.log(game.id, found[0], decisions)
        try:
            for e in entries:
                state, _ = rules.apply(state, e.seat, Decision.from_json(e.decision),
                                       in_place=True)
        except IllegalDecision:  # a log the rules no longer accept: no state to offer
            log("replay_failed", game=game.id, at=decisions)
            return None, None
        return state, entries[-1] if entries else None

    async def panel(self, table: Table, seat: int) -> Panel:
        assert table.state is not None
        k = table.kind
        draft = await self.store.draft(table.game.id, seat)
        base = None
        if draft is not None and draft.base != table.game.decisions:
            # built before another seat's commit: the draft stays only while what this seat
            # may decide is unchanged (others' secret choices), and every step still applies
            base = await self.state_at(table, draft.base)
            if base is None or k.version(base, seat) != k.version(table.state, seat):
                draft = None
        steps: list[Decision] = []
        applied: list[Applied] = []
        preview = table.state
        memo_key = (table.game.id, seat)
        if draft is not None:
            stamp = (table.game.revision, draft.base, json.dumps(draft.steps, sort_keys=True))
            memo = self._previews.get(memo_key)
            if memo is not None and memo[0] == stamp:  # the same draft on the same state
                steps, preview, applied = list(memo[1]), memo[2], list(memo[3])
                return Panel(table, seat, steps, preview, k.options(preview, seat),
                             k.token(preview, seat), applied=applied)
            try:
                for raw in draft.steps:
                    d = Decision.from_json(raw)
                    after, record = apply_step(k, preview, seat, d)
                    steps.append(d)
                    applied.append(record)
                    if record.barrier:
                        # the panel the player saw (and the Confirm button they hold) was
                        # built on the draft's base: its token still stands
                        return Panel(table, seat, steps, preview, [],
                                     self._draft_token(k, base or table.state, seat, steps),
                                     held=True)
                    preview = after
            except IllegalDecision:
                steps, preview, applied = [], table.state, []
            else:
                self._remember_preview(memo_key, stamp, steps, preview, applied)
        opts = k.options(preview, seat)
        return Panel(table, seat, steps, preview, opts, k.token(preview, seat), applied=applied)

    def _remember_preview(self, key: tuple[int, int], stamp: tuple[int, int, str],
                          steps: list[Decision], preview: Any, applied: list[Applied]) -> None:
        """A seat's draft applied to the committed state: the next click of that seat finds it
        here instead of applying every step again (the stamp names the committed state, by
        its revision, and the draft)."""
        remember(self._previews, key, (stamp, tuple(steps), preview, tuple(applied)))

    @staticmethod
    def _draft_token(k: Kind, base: Any, seat: int, steps: list[Decision]) -> str:
        state = base
        try:
            for d in steps:
                state, _ = k.rules.apply(state, seat, d)
        except IllegalDecision:
            return "-"
        return k.token(state, seat) if state is not None else "-"

    # --- checks -----------------------------------------------------------------------------

    @staticmethod
    def _playing(table: Table) -> None:
        if table.game.status == "lobby":
            raise Refusal(table.kind.t("bot.err.not_begun"))
        if table.game.status == "abandoned":
            raise Refusal(t("bot.abandoned"))
        if table.game.status != "playing" or table.state is None:
            raise Refusal(t("bot.err.over"), table.kind.info.end_rule)

    @staticmethod
    def _seated(table: Table, user_id: int) -> SeatRow:
        seat = table.seat_of(user_id)
        if seat is None:
            raise Refusal(t("bot.err.not_seated"))
        return seat

    def _not_your_turn(self, table: Table, seat: int) -> Refusal:
        awaited = table.awaited()
        if not awaited:
            return Refusal(t("bot.err.over"), table.kind.info.end_rule)
        names = ", ".join(table.seats[p.seat].name for p in awaited)
        what = table.kind.rules.prompt_text(table.state, awaited[0])
        return Refusal(t("bot.err.not_your_turn", name=names, what=what),
                       table.kind.info.turn_rule)

    @staticmethod
    def _stale(panel: Panel, number: int | None) -> Refusal:
        # never the decision numbers: they are internal, and go down after an undo
        return Refusal(panel.table.kind.t("bot.err.stale"))

    async def _player_panel(self, game_id: int, user_id: int, token: str | None,
                            number: int | None, typed: list[Decision] | None = None) -> Panel:
        table = await self.table(game_id)
        self._playing(table)
        seat = self._seated(table, user_id)
        panel = await self.panel(table, seat.seat)
        if token is not None and token != panel.token:
            raise self._stale(panel, number)
        if not panel.active and not panel.complete:
            if typed:  # the game's own reason is clearer ("your veto is used") than ours
                try:
                    state = table.state
                    for d in typed:
                        state, _ = table.kind.rules.apply(state, seat.seat, d)
                except IllegalDecision as exc:
                    raise Refusal.from_illegal(exc) from None
            raise self._not_your_turn(table, seat.seat)
        return panel

    # --- a player's steps -------------------------------------------------------------------

    async def open_panel(self, game_id: int, user_id: int, *, token: str | None = None,
                         number: int | None = None) -> Panel:
        """The player's panel now; with a token, only if it is still the one they saw."""
        async with self.lock(game_id):
            return await self._player_panel(game_id, user_id, token, number)

    async def choose(self, game_id: int, user_id: int, *, token: str, number: int | None,
                     index: int, source: str = "button", commit_complete: bool = False
                     ) -> StepResult:
        """One option of the panel the player saw (a button, a select, an autocomplete value).
        `commit_complete`: typed input commits at once when it completes the player's part."""
        async with self.lock(game_id):
            panel = await self._player_panel(game_id, user_id, token, number)
            if panel.complete:
                raise Refusal(t("bot.err.complete"))
            if not 0 <= index < len(panel.options):
                raise self._stale(panel, number)
            return await self._step(panel, [panel.options[index]], source, commit_complete)

    async def choose_decisions(self, game_id: int, user_id: int, decisions: list[Decision],
                               source: str = "command") -> StepResult:
        """Typed decisions (slash commands, notation): applied atomically; committed at once when
        they complete the player's part."""
        async with self.lock(game_id):
            panel = await self._player_panel(game_id, user_id, None, None, typed=decisions)
            if panel.complete:
                raise Refusal(t("bot.err.complete"))
            return await self._step(panel, decisions, source, commit_complete=True)

    async def _step(self, panel: Panel, decisions: list[Decision], source: str,
                    commit_complete: bool) -> StepResult:
        k = panel.table.kind
        state = panel.preview
        applied = list(panel.applied) if panel.applied is not None else None
        revealed = False
        made: list[Decision] = []
        try:
            for d in decisions:
                d = k.salted(state, panel.seat, d)
                made.append(d)
                state, record = apply_step(k, state, panel.seat, d)
                revealed = revealed or record.barrier
                if applied is not None:
                    applied.append(record)
        except IllegalDecision as exc:
            raise Refusal.from_illegal(exc) from None
        steps = panel.steps + made
        complete = part_done(k, panel.table.state, state, panel.seat)
        done = (state, applied) if applied is not None else None
        if revealed or (complete and commit_complete):
            commit = await self._commit(panel.table, panel.seat, steps, source, done)
            return StepResult(await self._after_commit_panel(panel.table.game.id, panel.seat),
                              commit, commit_notes(k, commit))
        game = panel.table.game
        raw = [d.to_json() for d in steps]
        await self.store.save_draft(game.id, Draft(panel.seat, game.decisions, raw, source))
        log("draft_step", game=game.id, seat=panel.seat, kind=decisions[-1].kind,
            steps=len(steps))
        if applied is not None:
            self._remember_preview((game.id, panel.seat), (game.revision, game.decisions,
                                                           json.dumps(raw, sort_keys=True)),
                                   steps, state, applied)
        return StepResult(await self.panel(panel.table, panel.seat))

    async def _after_commit_panel(self, game_id: int, seat: int) -> Panel | None:
        table = await self.table(game_id)
        if table.game.status != "playing":
            return None
        # the commit dropped this seat's draft: its panel would be the committed state's, and
        # with no option it is not active (its token, a digest of the state, is not needed)
        if not table.kind.options(table.state, seat):
            return None
        panel = await self.panel(table, seat)
        return panel if panel.active else None

    async def confirm(self, game_id: int, user_id: int, *, token: str,
                      number: int | None) -> StepResult:
        async with self.lock(game_id):
            try:
                panel = await self._player_panel(game_id, user_id, token, number)
                if not panel.steps:
                    raise Refusal(t("bot.err.nothing_to_confirm"))
            except Refusal:
                if await self._confirmed(game_id, user_id, number):
                    raise Refusal(t("bot.err.already_confirmed")) from None
                raise
            draft = await self.store.draft(panel.table.game.id, panel.seat)
            source = draft.source if draft else "button"
            done = (panel.preview, panel.applied) if panel.applied is not None else None
            commit = await self._commit(panel.table, panel.seat, panel.steps, source, done)
            return StepResult(await self._after_commit_panel(panel.table.game.id, panel.seat),
                              commit, commit_notes(panel.table.kind, commit))

    async def _confirmed(self, game_id: int, user_id: int, number: int | None) -> bool:
        """A Confirm button whose steps are already committed (the second click of a double
        click): the clicker's own batch ends exactly at the button's decision number."""
        if not number:
            return False
        table = await self.table(game_id)
        seat = table.seat_of(user_id)
        entries = (await self.store.log(game_id, number - 1))[:2]
        if seat is None or not entries or entries[0].seq != number - 1:
            return False
        last = entries[0]
        ends = len(entries) == 1 or entries[1].batch != last.batch
        return last.seat == seat.seat and ends and last.source not in NOT_THE_PLAYERS

    async def undo_step(self, game_id: int, user_id: int, *, token: str | None,
                        number: int | None) -> Panel:
        async with self.lock(game_id):
            panel = await self._player_panel(game_id, user_id, token, number)
            if not panel.steps:
                raise Refusal(t("bot.undo.no_draft"), t("bot.undo.policy"))
            return await self._drop_last_step(panel)

    async def _drop_last_step(self, panel: Panel) -> Panel:
        game = panel.table.game
        steps = panel.steps[:-1]
        await self.store.save_draft(game.id, Draft(panel.seat, game.decisions,
                                                   [d.to_json() for d in steps]))
        return await self.panel(panel.table, panel.seat)

    async def undo(self, game_id: int, user_id: int) -> UndoResult:
        """/<game> undo: take back your last step. A draft step goes first; then your last
        committed steps, following Board Game Arena's policy: only your own, never past another
        player's action, never past revealed hidden information or a shuffle."""
        async with self.lock(game_id):
            table = await self.table(game_id)
            self._playing(table)
            seat = self._seated(table, user_id)
            panel = await self.panel(table, seat.seat)
            if panel.steps:
                undone = panel.steps[-1]
                return UndoResult(await self._drop_last_step(panel), undone, False)
            batch = await self.store.last_batch(game_id)
            if not batch:
                raise Refusal(t("bot.undo.nothing"), t("bot.undo.policy"))
            if batch[0].seat != seat.seat or batch[0].source in NOT_THE_PLAYERS:
                raise Refusal(t("bot.undo.not_yours"), t("bot.undo.policy"))
            if any(e.barrier for e in batch):
                raise Refusal(t("bot.undo.hidden"), t("bot.undo.policy"))
            base = batch[0].seq
            base_state = await self.state_at(table, base)
            awaited = table.kind.awaited(base_state) if base_state is not None else []
            if base_state is None or seat.seat not in awaited:
                raise Refusal(t("bot.undo.not_yours"), t("bot.undo.policy"))
            steps = [Decision.from_json(e.decision) for e in batch]
            await self.store.rollback_to(
                game_id, table.game.revision, seat=seat.seat, decisions=base,
                state=table.kind.rules.dump(base_state), awaited=awaited,
                note=t("bot.journal.undo", table.game.language, name=seat.name),
                draft=Draft(seat.seat, base, [d.to_json() for d in steps[:-1]],
                            batch[0].source))
            log("undo", game=game_id, seat=seat.seat, back_to=base)
            fresh = await self.table(game_id)
            return UndoResult(await self.panel(fresh, seat.seat), steps[-1],
                              batch[-1].seq < table.game.posted, any(e.sealed for e in batch))

    # --- committing -------------------------------------------------------------------------

    async def _commit(self, table: Table, seat: int, steps: list[Decision], source: str,
                      done: tuple[Any, list[Applied]] | None = None,
                      note: str | None = None) -> Commit:
        """Write `steps` of `seat` on the committed state. `done`: the state after them and
        their records, when the caller has just applied these very steps to this state (a
        panel's preview): the rules are pure, so applying them again would give the same."""
        assert table.state is not None
        rules = table.kind.rules
        if done is None or len(done[1]) != len(steps):
            state, applied = table.state, []
            for d in steps:
                state, record = apply_step(table.kind, state, seat, d)
                applied.append(record)
        else:
            state, applied = done
        entries: list[LogEntry] = []
        seq = table.game.decisions
        for d, record in zip(steps, applied, strict=True):
            entries.append(LogEntry(seq=seq, seat=seat, decision=d.to_json(), source=source,
                                    barrier=record.barrier, sealed=record.sealed,
                                    events=record.events))
            seq += 1
        result = rules.result(state)
        over = result is not None
        try:
            # the last commit keeps the result for the history (ratings, /history) with it
            revision = await self.store.commit(
                table.game.id, table.game.revision, seat=seat, entries=entries,
                state=partial(rules.dump, state), decisions=seq,
                awaited=[] if over else table.kind.awaited(state), over=over, note=note,
                result=result)
        except StaleWrite:
            raise Refusal(t("bot.err.changed")) from None
        # the state just written is the one the next reader needs: no reload and decode (but
        # a finished game is read rarely, and its state is not kept: bench_memory.py)
        if not over:
            remember(self._states, table.game.id, (revision, state))
        log("commit", game=table.game.id, seat=seat, source=source, decisions=len(entries),
            at=seq, barrier=any(e.barrier for e in entries), over=over)
        return Commit(table.game.id, seat, source, entries)

    # --- automatic seats --------------------------------------------------------------------

    async def automatic_step(self, game_id: int) -> Commit | None:
        """Play one automatic segment if the game waits for an AI seat or a standing answer:
        an AI's own turn after `ai_delay` seconds, its answers (and standing answers) at once."""
        table = await self.table(game_id)
        if table.game.status != "playing" or table.state is None:
            return None
        due = self._automatic(table)
        if due is None:
            return None
        w, seat = due
        if seat.is_ai and w.kind in table.kind.info.turn_prompts and self.ai_delay > 0:
            # outside the lock, so others may still look; a shutdown ends the wait (the turn is
            # played after the restart)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.closing.wait(), self.ai_delay)
            if self.closing.is_set():
                return None
        async with self.lock(game_id):
            fresh = await self.table(game_id)
            if fresh.game.revision != table.game.revision:
                return None  # something else happened meanwhile; the caller looks again
            if seat.is_ai:
                # seconds of pure engine work: in a worker thread or process (thinking.py), so
                # the event loop still acknowledges other interactions within Discord's 3 s
                steps, _ = await self.thinker.segment(
                    fresh.kind, fresh.state, w.seat, seat.ai_level or fresh.kind.info.default_level,
                    f"{fresh.game.seed}:{fresh.game.decisions}:{w.seat}")
                return await self._commit(fresh, w.seat, steps, "ai")
            answer = fresh.kind.rules.auto_answer(fresh.state, w.seat, seat.policy)
            if answer is not None:
                answer = fresh.kind.salted(fresh.state, w.seat, answer)
                return await self._commit(fresh, w.seat, [answer], "auto")
        return None

    async def play_for(self, game_id: int, seat: int, asked_at: float, *, skip: bool,
                       note: str) -> tuple[Commit, bool] | None:
        """A human seat's deadline has passed: its part is decided for it, as one commit
        logged with the source `deadline` and the journal line `note`. `skip`: the rules' pass
        at every step that has one. The AI at the game's `deadline_level` (normal unless the
        host chose another) takes every other step (and all of them without `skip`), deciding
        from that seat's own view. Returns the commit and whether every step was a pass, or
        None when the seat is no longer waited for on that clock (it acted meanwhile, or
        another round got there first)."""
        async with self.lock(game_id):
            table = await self.table(game_id)
            if table.game.status != "playing" or table.state is None:
                return None
            row = table.seats[seat]
            if row.is_ai or row.asked_at != asked_at or seat not in table.kind.awaited(
                    table.state):
                return None
            steps, passed = await self.thinker.segment(
                table.kind, table.state, seat, substitute_level(table.game.options,
                                                                table.kind.info),
                f"{table.game.seed}:{table.game.decisions}:{seat}:deadline", skip=skip)
            if not steps:
                return None
            return await self._commit(table, seat, steps, "deadline", note=note), passed

    @staticmethod
    def _automatic(table: Table) -> tuple[Prompt, SeatRow] | None:
        """The first awaited seat that decides by itself: an AI seat, or a standing answer."""
        for w in table.awaited():
            seat = table.seats[w.seat]
            if seat.is_ai:
                return w, seat
            if seat.policy != table.kind.info.policies[0] and table.kind.rules.auto_answer(
                    table.state, w.seat, seat.policy) is not None:
                return w, seat
        return None
