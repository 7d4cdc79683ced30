"""The lobby: open a game in a channel, join, leave, add AI seats, begin, abandon, and hand a
departed player's seat to the AI. Discord-free; the command layer calls it."""

from __future__ import annotations

import random
from typing import Any

from data.i18n import t
from engine.core import IllegalDecision
from engine.pantheon import new_game, pending
from engine.pantheon.state import COLOUR_ORDER

from .logs import log
from .store import ChannelBusy, GameRow, SeatRow, StaleWrite
from .turns import Games, Refusal, Table

MIN_PLAYERS, MAX_PLAYERS = 2, 4
AI_LEVELS = ("easy", "normal")
ENGINE_OPTIONS = ("bonus_draft", "stall_guard_rounds", "start_supply_by_player_count")
BOT_OPTIONS = ("reminder_hours", "fixed_seed")


def colour(seat: int) -> str:
    return COLOUR_ORDER[seat]


def engine_options(options: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in options.items() if k in ENGINE_OPTIONS and v not in (None, False)}


class Lobby:
    def __init__(self, games: Games) -> None:
        self.games = games
        self.store = games.store

    async def _open(self, channel_id: int) -> Table:
        table = await self.games.table_in(channel_id)
        if table is None:
            raise Refusal(t("bot.err.no_game"))
        return table

    async def _lobby(self, channel_id: int) -> Table:
        table = await self._open(channel_id)
        if table.game.status != "lobby":
            raise Refusal(t("bot.err.already_begun"))
        return table

    @staticmethod
    def _host_or_manager(table: Table, user_id: int, can_manage: bool, what: str) -> None:
        if user_id != table.game.host_id and not can_manage:
            raise Refusal(t("bot.err.host_only", what=what, host=f"<@{table.game.host_id}>"))

    async def start(self, *, guild_id: int | None, channel_id: int, user_id: int, name: str,
                    options: dict[str, Any]) -> Table:
        existing = await self.store.open_game(channel_id)
        if existing is not None:
            raise Refusal(t("bot.err.channel_busy", id=existing.id,
                            status=t(f"bot.status.{existing.status}"),
                            host=f"<@{existing.host_id}>"))
        opts = {k: v for k, v in options.items() if v is not None and v is not False}
        seed = opts.pop("seed", None)
        if seed is None:
            seed = random.SystemRandom().randrange(1, 2**31)
        else:
            # a chosen seed lets whoever knows it work out the card order: the lobby says so
            opts["fixed_seed"] = seed
        unknown = set(opts) - set(ENGINE_OPTIONS) - set(BOT_OPTIONS)
        if unknown:
            raise Refusal(t("bot.err.unknown_option", names=", ".join(sorted(unknown))))
        try:  # let the engine judge its options now rather than at /pantheon begin
            new_game(["a", "b"], seed, engine_options(opts))
        except IllegalDecision as exc:
            raise Refusal.from_illegal(exc) from None
        try:
            game = await self.store.create_game(guild_id=guild_id, channel_id=channel_id,
                                                host_id=user_id, host_name=name, options=opts,
                                                seed=seed)
        except ChannelBusy:
            raise Refusal(t("bot.err.channel_busy_short")) from None
        log("game_created", game=game.id, channel=channel_id)
        return await self.games.table(game.id)

    async def join(self, *, channel_id: int, user_id: int, name: str) -> tuple[Table, SeatRow]:
        table = await self._lobby(channel_id)
        if table.seat_of(user_id) is not None:
            raise Refusal(t("bot.err.already_seated"))
        if len(table.seats) >= MAX_PLAYERS:
            raise Refusal(t("bot.err.full", max=MAX_PLAYERS), "P-COMP-18")
        seat = await self._add(table.game, user_id=user_id, name=name)
        return await self.games.table(table.game.id), seat

    async def add_bot(self, *, channel_id: int, user_id: int, level: str,
                      can_manage: bool) -> tuple[Table, SeatRow]:
        table = await self._lobby(channel_id)
        self._host_or_manager(table, user_id, can_manage, t("bot.what.addbot"))
        if level not in AI_LEVELS:
            raise Refusal(t("bot.err.level", levels=", ".join(AI_LEVELS)))
        if len(table.seats) >= MAX_PLAYERS:
            raise Refusal(t("bot.err.full", max=MAX_PLAYERS), "P-COMP-18")
        n = sum(1 for s in table.seats if s.is_ai) + 1
        seat = await self._add(table.game, user_id=None,
                               name=t("bot.ai_name", n=n, level=level), ai_level=level)
        return await self.games.table(table.game.id), seat

    async def _add(self, game: GameRow, **kwargs: Any) -> SeatRow:
        try:
            seat = await self.store.add_seat(game.id, game.revision, **kwargs)
        except StaleWrite:
            raise Refusal(t("bot.err.busy")) from None
        log("seat_added", game=game.id, seat=seat.seat, ai=seat.is_ai)
        return seat

    async def leave(self, *, channel_id: int, user_id: int) -> tuple[Table, SeatRow, bool]:
        """Leave the lobby. Returns (table, the seat left, whether the lobby closed)."""
        table = await self._open(channel_id)
        seat = table.seat_of(user_id)
        if seat is None:
            raise Refusal(t("bot.err.not_seated"))
        if table.game.status != "lobby":
            raise Refusal(t("bot.err.leave_in_play"))
        game = table.game
        humans = [s for s in table.seats if not s.is_ai and s.seat != seat.seat]
        closed = not humans
        changes: dict[str, Any] = {}
        if closed:
            changes["status"] = "abandoned"
        elif user_id == game.host_id:  # the host role passes to the next person
            changes["host_id"] = humans[0].user_id
        try:
            await self.store.remove_seat(game.id, game.revision, seat.seat, **changes)
        except StaleWrite:
            raise Refusal(t("bot.err.busy")) from None
        log("seat_left", game=game.id, seat=seat.seat, closed=closed)
        return await self.games.table(game.id), seat, closed

    async def begin(self, *, channel_id: int, user_id: int, can_manage: bool) -> Table:
        table = await self._lobby(channel_id)
        self._host_or_manager(table, user_id, can_manage, t("bot.what.begin"))
        n = len(table.seats)
        if not MIN_PLAYERS <= n <= MAX_PLAYERS:
            raise Refusal(t("bot.err.player_count", n=n, min=MIN_PLAYERS, max=MAX_PLAYERS),
                          "P-COMP-18")
        game = table.game
        try:
            state = new_game(table.names, game.seed, engine_options(game.options))
        except IllegalDecision as exc:
            raise Refusal.from_illegal(exc) from None
        prompts = pending(state)
        try:
            await self.store.start_play(
                game.id, game.revision, state=state.to_json(), decisions=state.decisions,
                waiting_seat=prompts[0].seat if prompts else None,
                waiting_kind=prompts[0].kind if prompts else None,
                note=t("bot.journal.begun", names=", ".join(table.names)))
        except StaleWrite:
            raise Refusal(t("bot.err.busy")) from None
        log("game_begun", game=game.id, players=n)
        return await self.games.table(game.id)

    async def check_abandon(self, *, channel_id: int, user_id: int, can_manage: bool) -> Table:
        table = await self._open(channel_id)
        self._host_or_manager(table, user_id, can_manage, t("bot.what.abandon"))
        return table

    async def abandon(self, *, game_id: int, revision: int, user_id: int,
                      can_manage: bool) -> Table:
        async with self.games.lock(game_id):
            table = await self.games.table(game_id)
            if not table.game.open:
                raise Refusal(t("bot.err.closed"))
            self._host_or_manager(table, user_id, can_manage, t("bot.what.abandon"))
            if table.game.revision != revision:
                raise Refusal(t("bot.err.abandon_stale"))
            await self.store.update_game(game_id, revision, status="abandoned",
                                         note=t("bot.journal.abandoned", by=f"<@{user_id}>"))
        log("game_abandoned", game=game_id)
        return await self.games.table(game_id)

    async def replace(self, *, channel_id: int, user_id: int, can_manage: bool,
                      target_user_id: int, level: str) -> tuple[Table, SeatRow]:
        """Hand a player's seat to the AI so the others can finish: the seat keeps everything,
        only who decides changes. The game log says so."""
        if level not in AI_LEVELS:
            raise Refusal(t("bot.err.level", levels=", ".join(AI_LEVELS)))
        game_id = (await self._open(channel_id)).game.id
        async with self.games.lock(game_id):  # checked and written with nothing in between
            table = await self.games.table(game_id)
            self._host_or_manager(table, user_id, can_manage, t("bot.what.replace"))
            if table.game.status != "playing":
                raise Refusal(t("bot.err.replace_lobby"))
            seat = table.seat_of(target_user_id)
            if seat is None:
                raise Refusal(t("bot.err.target_not_seated", who=f"<@{target_user_id}>"))
            game = table.game
            new_host = None
            if target_user_id == game.host_id:
                # the host left: whoever asked takes over if seated, else the next person seated
                others = [s.user_id for s in table.seats if s.user_id not in (None, target_user_id)]
                new_host = user_id if user_id in others else (others[0] if others else None)
            try:
                await self.store.replace_seat(
                    game.id, game.revision, seat.seat, user_id=None, name=seat.name,
                    ai_level=level, at=game.decisions, new_host=new_host,
                    note=t("bot.journal.replaced", name=seat.name, level=level))
            except StaleWrite:
                raise Refusal(t("bot.err.busy")) from None
        log("seat_replaced", game=game.id, seat=seat.seat, ai_level=level)
        fresh = await self.games.table(game.id)  # the seat keeps its name; the AI plays it
        return fresh, fresh.seats[seat.seat]
