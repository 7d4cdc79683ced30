"""Playing a game from the bot's side: a player's draft, commits, undo and the automatic seats
(AI players and standing answers). Nothing here knows discord; the command layer calls it and
publishes what it returns.

Drafts and commit points (README.md, "Turns: the private prompt"):
- A human's steps first go into a *draft*: the list of not-yet-committed decisions of their
  current part of the turn, stored in the `drafts` table and applied to a copy of the committed
  state for the preview. Other players never see a draft.
- A step that reveals hidden information (a card from the deck, a display refill, a tile or
  demigod from a face-down stack, a shuffle; detected by comparing the states) is committed at
  once together with the draft before it. It can never be undone.
- When the player's part is complete (the engine waits for someone else, or the game is over),
  the panel offers only Confirm and Undo-step; Confirm commits the draft. A slash command whose
  text completes the part commits at once (typed text is deliberate).
- AI seats and standing answers ("always draw instead of a follow-up move") commit directly.
Every commit writes the decision log and a snapshot in one transaction, under a per-game lock
and the stored revision check, before anyone is answered."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import zlib
from dataclasses import dataclass, field

from data.i18n import t
from engine.core import Decision, IllegalDecision, Prompt
from engine.pantheon import apply, options, pending, result
from engine.pantheon.state import State

from .logs import log
from .store import Draft, GameRow, LogEntry, SeatRow, StaleWrite, Store


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
    state: State | None

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    def seat_of(self, user_id: int) -> SeatRow | None:
        return next((s for s in self.seats if s.user_id == user_id), None)

    def waiting(self) -> Prompt | None:
        if self.state is None:
            return None
        prompts = pending(self.state)
        return prompts[0] if prompts else None


@dataclass
class Panel:
    """What one seat sees of its turn now: committed state + draft = preview, and the options."""

    table: Table
    seat: int
    steps: list[Decision]
    preview: State
    options: list[Decision]
    token: str

    @property
    def number(self) -> int:
        return self.preview.decisions

    @property
    def prompt(self) -> Prompt | None:
        prompts = pending(self.preview)
        return prompts[0] if prompts else None

    @property
    def complete(self) -> bool:
        """The seat's part is done in the preview: only Confirm / Undo-step are left."""
        p = self.prompt
        return bool(self.steps) and (p is None or p.seat != self.seat)

    @property
    def active(self) -> bool:
        p = self.prompt
        return p is not None and p.seat == self.seat


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


def fingerprint(s: State) -> str:
    """A short hash of a state: a button is valid only for the exact state it was built on."""
    raw = json.dumps(s.to_json(), sort_keys=True, separators=(",", ":")).encode()
    return f"{zlib.crc32(raw):08x}"


def reveals(before: State, after: State, seat: int) -> bool:
    """Did this step reveal hidden information or use randomness? Then it must be committed at
    once and can never be undone (drawing from the deck, display refills, face-down stacks,
    shuffles, other players' hidden holdings)."""
    if before.rng != after.rng:
        return True
    for zone in ("deck", "god_stack", "demigod_stack", "bag"):
        if getattr(before, zone) != getattr(after, zone):
            return True
    if not before.options.get("bonus_draft") and before.bonus_stack != after.bonus_stack:
        return True
    for b, a in zip(before.players, after.players, strict=True):
        if b.seat != seat and (b.hand != a.hand or b.demigods != a.demigods or b.bonus != a.bonus):
            return True
    return False


def is_follow_on(prompt: Prompt, state: State) -> bool:
    """A follow-up move opportunity (P-MOVE-15/16): another player's Move lets this seat move."""
    return prompt.kind == "move_cards" and Decision("follow_draw") in options(state, prompt.seat)


class Games:
    """Everything that changes a game in play, serialised per game by an asyncio lock."""

    def __init__(self, store: Store, *, ai_delay: float = 0.0) -> None:
        self.store = store
        self.ai_delay = ai_delay
        self._locks: dict[int, asyncio.Lock] = {}
        self.closing = asyncio.Event()  # set on shutdown: AI delays end early

    def lock(self, game_id: int) -> asyncio.Lock:
        if game_id not in self._locks:
            self._locks[game_id] = asyncio.Lock()
        return self._locks[game_id]

    # --- reading ----------------------------------------------------------------------------

    async def table(self, game_id: int) -> Table:
        game = await self.store.game(game_id)
        if game is None:
            raise Refusal(t("bot.err.no_such_game"))
        seats = await self.store.seats(game_id)
        state = None
        if game.status != "lobby":
            data = await self.store.state(game_id)
            state = State.from_json(data) if data is not None else None
        return Table(game, seats, state)

    async def table_in(self, channel_id: int) -> Table | None:
        game = await self.store.open_game(channel_id)
        return await self.table(game.id) if game else None

    async def panel(self, table: Table, seat: int) -> Panel:
        assert table.state is not None
        draft = await self.store.draft(table.game.id, seat)
        steps: list[Decision] = []
        preview = table.state
        if draft is not None and draft.base == table.game.decisions:
            try:
                for raw in draft.steps:
                    d = Decision.from_json(raw)
                    preview, _ = apply(preview, seat, d)
                    steps.append(d)
            except IllegalDecision:  # cannot happen for a valid base; drop the draft then
                steps, preview = [], table.state
        opts = options(preview, seat)
        return Panel(table, seat, steps, preview, opts, fingerprint(preview))

    # --- checks -----------------------------------------------------------------------------

    @staticmethod
    def _playing(table: Table) -> None:
        if table.game.status == "lobby":
            raise Refusal(t("bot.err.not_begun"))
        if table.game.status == "abandoned":
            raise Refusal(t("bot.abandoned"))
        if table.game.status != "playing" or table.state is None:
            raise Refusal(t("bot.err.over"), "P-END-1")

    @staticmethod
    def _seated(table: Table, user_id: int) -> SeatRow:
        seat = table.seat_of(user_id)
        if seat is None:
            raise Refusal(t("bot.err.not_seated"))
        return seat

    def _not_your_turn(self, table: Table, seat: int) -> Refusal:
        w = table.waiting()
        if w is None:
            return Refusal(t("bot.err.over"), "P-END-1")
        return Refusal(t("bot.err.not_your_turn", name=table.seats[w.seat].name,
                         what=w.args.get("text") or w.kind), "P-TURN-1")

    @staticmethod
    def _stale(panel: Panel, number: int | None) -> Refusal:
        return Refusal(t("bot.err.stale", n="?" if number is None else number,
                         now=panel.number))

    async def _player_panel(self, game_id: int, user_id: int, token: str | None,
                            number: int | None) -> Panel:
        table = await self.table(game_id)
        self._playing(table)
        seat = self._seated(table, user_id)
        panel = await self.panel(table, seat.seat)
        if token is not None and token != panel.token:
            raise self._stale(panel, number)
        if not panel.active and not panel.complete:
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
            panel = await self._player_panel(game_id, user_id, None, None)
            if panel.complete:
                raise Refusal(t("bot.err.complete"))
            return await self._step(panel, decisions, source, commit_complete=True)

    async def _step(self, panel: Panel, decisions: list[Decision], source: str,
                    commit_complete: bool) -> StepResult:
        state = panel.preview
        revealed = False
        try:
            for d in decisions:
                before = state
                state, _ = apply(state, panel.seat, d)
                revealed = revealed or reveals(before, state, panel.seat)
        except IllegalDecision as exc:
            raise Refusal.from_illegal(exc) from None
        steps = panel.steps + decisions
        prompts = pending(state)
        complete = not prompts or prompts[0].seat != panel.seat
        if revealed or (complete and commit_complete):
            commit = await self._commit(panel.table, panel.seat, steps, source)
            notes = [t("bot.note.revealed")] if revealed else []
            return StepResult(await self._after_commit_panel(panel.table.game.id, panel.seat),
                              commit, notes)
        game = panel.table.game
        await self.store.save_draft(game.id, Draft(panel.seat, game.decisions,
                                                   [d.to_json() for d in steps], source))
        log("draft_step", game=game.id, seat=panel.seat, kind=decisions[-1].kind,
            steps=len(steps))
        return StepResult(await self.panel(panel.table, panel.seat))

    async def _after_commit_panel(self, game_id: int, seat: int) -> Panel | None:
        table = await self.table(game_id)
        if table.game.status != "playing":
            return None
        panel = await self.panel(table, seat)
        return panel if panel.active else None

    async def confirm(self, game_id: int, user_id: int, *, token: str,
                      number: int | None) -> StepResult:
        async with self.lock(game_id):
            panel = await self._player_panel(game_id, user_id, token, number)
            if not panel.steps:
                raise Refusal(t("bot.err.nothing_to_confirm"))
            draft = await self.store.draft(panel.table.game.id, panel.seat)
            source = draft.source if draft else "button"
            commit = await self._commit(panel.table, panel.seat, panel.steps, source)
            return StepResult(await self._after_commit_panel(panel.table.game.id, panel.seat),
                              commit)

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
        """/pantheon undo: take back your last step. A draft step goes first; then your last
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
            if batch[0].seat != seat.seat or batch[0].source in ("ai", "auto"):
                raise Refusal(t("bot.undo.not_yours"), t("bot.undo.policy"))
            if any(e.barrier for e in batch):
                raise Refusal(t("bot.undo.hidden"), t("bot.undo.policy"))
            base = batch[0].seq
            data = await self.store.state(game_id, base)
            base_state = State.from_json(data) if data is not None else None
            prompts = pending(base_state) if base_state is not None else []
            if not prompts or prompts[0].seat != seat.seat:
                raise Refusal(t("bot.undo.not_yours"), t("bot.undo.policy"))
            steps = [Decision.from_json(e.decision) for e in batch]
            await self.store.rollback_to(
                game_id, table.game.revision, decisions=base, waiting_seat=seat.seat,
                waiting_kind=prompts[0].kind, note=t("bot.journal.undo", name=seat.name),
                draft=Draft(seat.seat, base, [d.to_json() for d in steps[:-1]],
                            batch[0].source))
            log("undo", game=game_id, seat=seat.seat, back_to=base)
            fresh = await self.table(game_id)
            return UndoResult(await self.panel(fresh, seat.seat), steps[-1],
                              batch[-1].seq < table.game.posted)

    # --- committing -------------------------------------------------------------------------

    async def _commit(self, table: Table, seat: int, steps: list[Decision],
                      source: str) -> Commit:
        assert table.state is not None
        state = table.state
        entries: list[LogEntry] = []
        for d in steps:
            before = state
            state, ev = apply(state, seat, d)
            entries.append(LogEntry(seq=before.decisions, seat=seat, decision=d.to_json(),
                                    source=source, barrier=reveals(before, state, seat),
                                    events=[e.to_json() for e in ev]))
        prompts = pending(state)
        try:
            await self.store.commit(
                table.game.id, table.game.revision, entries=entries, state=state.to_json(),
                decisions=state.decisions, waiting_seat=prompts[0].seat if prompts else None,
                waiting_kind=prompts[0].kind if prompts else None, over=result(state) is not None)
        except StaleWrite:
            raise Refusal(t("bot.err.changed")) from None
        log("commit", game=table.game.id, seat=seat, source=source, decisions=len(entries),
            at=state.decisions, barrier=any(e.barrier for e in entries),
            over=result(state) is not None)
        return Commit(table.game.id, seat, source, entries)

    # --- automatic seats --------------------------------------------------------------------

    async def automatic_step(self, game_id: int) -> Commit | None:
        """Play one automatic segment if the game waits for an AI seat or a standing answer:
        an AI's own turn after `ai_delay` seconds, its answers (and standing answers) at once."""
        table = await self.table(game_id)
        if table.game.status != "playing" or table.state is None:
            return None
        w = table.waiting()
        if w is None:
            return None
        seat = table.seats[w.seat]
        if seat.is_ai and w.kind == "action" and self.ai_delay > 0:
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
                # seconds of pure engine work: in a worker thread, so the event loop still
                # acknowledges other interactions within Discord's 3 seconds
                steps = await asyncio.to_thread(self._ai_segment, fresh, w.seat,
                                                seat.ai_level or "normal")
                return await self._commit(fresh, w.seat, steps, "ai")
            if seat.auto_follow == "draw" and is_follow_on(w, fresh.state):
                return await self._commit(fresh, w.seat, [Decision("follow_draw")], "auto")
        return None

    @staticmethod
    def _ai_segment(table: Table, seat: int, level: str) -> list[Decision]:
        """The AI's decisions until the game waits for someone else (or ends)."""
        from engine.pantheon.ai import choose  # the AI is optional for the rest of the bot

        state = table.state
        assert state is not None
        rng = random.Random(f"{table.game.seed}:{state.decisions}:{seat}")
        steps: list[Decision] = []
        while len(steps) < 1000:
            prompts = pending(state)
            if not prompts or prompts[0].seat != seat:
                break
            d = choose(state, seat, level, rng)
            state, _ = apply(state, seat, d)
            steps.append(d)
        return steps
