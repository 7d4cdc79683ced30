"""The lobby: open a game in a channel, join, leave, add AI seats, begin, abandon, and hand a
departed player's seat to the AI. Discord-free; the command layer calls it."""

from __future__ import annotations

import random
from typing import Any

from data.i18n import LANGUAGES, t
from engine.core import GameInfo, IllegalDecision
from engine.version import AGORA_VERSION

from ..logs import log
from ..store import ChannelBusy, GameRow, SeatRow, StaleWrite
from .deadlines import MISSES_TO_OFFER, ON_DEADLINE, substitute_level
from .kinds import Kind, kind
from .turns import Games, Refusal, Table

# the host's own, for every game
HOST_OPTIONS = ("reminder_hours", "fixed_seed", "language", "deadline_hours", "on_deadline",
                "deadline_level")


def lobby_options(info: GameInfo) -> list[str]:
    return [o.name for o in info.options if o.in_lobby]


def engine_options(info: GameInfo, options: dict[str, Any]) -> dict[str, Any]:
    """The game's own options of a lobby (a default is left to the engine)."""
    names = lobby_options(info)
    # (0 == False: a 0 is left out too; no lobby option takes 0 since Amun-Re's bid cap starts
    # at 1, and a game stored with a bid cap of 0 was played without one, as it replays)
    return {k: v for k, v in options.items() if k in names and v not in (None, False)}


class Lobby:
    def __init__(self, games: Games) -> None:
        self.games = games
        self.store = games.store

    async def _open(self, channel_id: int, game: str) -> Table:
        """The channel's open game, which must be of the game whose command was used."""
        return await self.games.open_table(channel_id, game)

    async def _lobby(self, channel_id: int, game: str) -> Table:
        table = await self._open(channel_id, game)
        if table.game.status != "lobby":
            raise Refusal(table.kind.t("bot.err.already_begun"))
        return table

    @staticmethod
    def _host_or_manager(table: Table, user_id: int, can_manage: bool, what: str) -> None:
        if user_id != table.game.host_id and not can_manage:
            raise Refusal(t("bot.err.host_only", what=what, host=f"<@{table.game.host_id}>"))

    async def start(self, *, game: str, guild_id: int | None, channel_id: int, user_id: int,
                    name: str, options: dict[str, Any]) -> Table:
        k = kind(game)
        existing = await self.store.open_game(channel_id)
        if existing is not None:
            other = kind(existing.game)
            raise Refusal(other.t("bot.err.channel_busy", id=existing.id,
                                  status=t(f"bot.status.{existing.status}"),
                                  host=f"<@{existing.host_id}>"))
        opts = {k: v for k, v in options.items() if v is not None and v is not False}
        opts = k.info.with_defaults(opts)  # stored with the table: the game meant now
        seed = opts.pop("seed", None)
        if seed is None:
            seed = random.SystemRandom().randrange(1, 2**31)
        else:
            # a chosen seed lets whoever knows it work out the card order: the lobby says so
            opts["fixed_seed"] = seed
        if opts.get("language", "en") not in LANGUAGES:
            raise Refusal(t("bot.err.language", value=opts["language"],
                            languages=", ".join(LANGUAGES)))
        if opts.get("on_deadline", ON_DEADLINE[0]) not in ON_DEADLINE:
            raise Refusal(t("bot.err.on_deadline", value=opts["on_deadline"],
                            choices=", ".join(ON_DEADLINE)))
        if "on_deadline" in opts and not opts.get("deadline_hours"):
            raise Refusal(t("bot.err.on_deadline_alone"))
        if "deadline_level" in opts:
            if opts["deadline_level"] not in k.info.ai_levels:
                raise Refusal(t("bot.err.deadline_level", value=opts["deadline_level"],
                                choices=", ".join(k.info.ai_levels) or "-"))
            if not opts.get("deadline_hours"):
                raise Refusal(t("bot.err.deadline_level_alone"))
        unknown = set(opts) - set(lobby_options(k.info)) - set(HOST_OPTIONS)
        if unknown:
            raise Refusal(t("bot.err.unknown_option", names=", ".join(sorted(unknown)),
                              count=len(unknown)))
        try:  # let the engine judge its options now rather than at begin
            names = [f"p{i}" for i in range(k.info.max_players)]
            k.rules.new_game(names, seed, engine_options(k.info, opts))
        except IllegalDecision as exc:
            raise Refusal.from_illegal(exc) from None
        try:
            row = await self.store.create_game(game=game, guild_id=guild_id,
                                               channel_id=channel_id, host_id=user_id,
                                               host_name=name, options=opts, seed=seed)
        except ChannelBusy:
            raise Refusal(t("bot.err.channel_busy_short")) from None
        log("game_created", game=row.id, kind=game, channel=channel_id)
        return await self.games.table(row.id)

    async def join(self, *, game: str, channel_id: int, user_id: int, name: str
                   ) -> tuple[Table, SeatRow]:
        table = await self._lobby(channel_id, game)
        if table.seat_of(user_id) is not None:
            raise Refusal(t("bot.err.already_seated"))
        self._room(table)
        seat = await self._add(table.game, user_id=user_id, name=name)
        return await self.games.table(table.game.id), seat

    async def add_bot(self, *, game: str, channel_id: int, user_id: int, level: str,
                      can_manage: bool) -> tuple[Table, SeatRow]:
        table = await self._lobby(channel_id, game)
        self._host_or_manager(table, user_id, can_manage, t("bot.what.addbot"))
        self._level(table.kind, level)
        self._room(table)
        n = sum(1 for s in table.seats if s.is_ai) + 1
        # the seat's name, shown to everyone in the channel: in the game's language
        lang = table.game.language
        name = t("bot.ai_name", lang, n=n, level=t(f"bot.choice.level.{level}", lang))
        seat = await self._add(table.game, user_id=None, name=name, ai_level=level)
        return await self.games.table(table.game.id), seat

    @staticmethod
    def _room(table: Table) -> None:
        info = table.kind.info
        if len(table.seats) >= info.max_players:
            raise Refusal(table.kind.t("bot.err.full", max=info.max_players), info.player_rule)

    @staticmethod
    def _level(k: Kind, level: str) -> None:
        if level not in k.info.ai_levels:
            raise Refusal(t("bot.err.level", levels=", ".join(k.info.ai_levels) or "-"))

    async def _add(self, game: GameRow, **kwargs: Any) -> SeatRow:
        try:
            seat = await self.store.add_seat(game.id, game.revision, **kwargs)
        except StaleWrite:
            raise Refusal(t("bot.err.busy")) from None
        log("seat_added", game=game.id, seat=seat.seat, ai=seat.is_ai)
        return seat

    async def leave(self, *, game: str, channel_id: int, user_id: int
                    ) -> tuple[Table, SeatRow, bool]:
        """Leave the lobby. Returns (table, the seat left, whether the lobby closed)."""
        table = await self._open(channel_id, game)
        seat = table.seat_of(user_id)
        if seat is None:
            raise Refusal(t("bot.err.not_seated"))
        if table.game.status != "lobby":
            raise Refusal(table.kind.t("bot.err.leave_in_play"))
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

    async def begin(self, *, game: str, channel_id: int, user_id: int, can_manage: bool
                    ) -> Table:
        table = await self._lobby(channel_id, game)
        self._host_or_manager(table, user_id, can_manage, t("bot.what.begin"))
        n = len(table.seats)
        k = table.kind
        if not k.info.min_players <= n <= k.info.max_players:
            raise Refusal(k.t("bot.err.player_count", count=n, min=k.info.min_players,
                              max=k.info.max_players), k.info.player_rule)
        game = table.game
        try:
            state = k.rules.new_game(table.names, game.seed, engine_options(k.info, game.options))
        except IllegalDecision as exc:
            raise Refusal.from_illegal(exc) from None
        try:
            await self.store.start_play(
                game.id, game.revision, state=k.rules.dump(state), decisions=0,
                awaited=k.awaited(state),
                note=t("bot.journal.begun", game.language, names=", ".join(table.names)),
                rules_version=k.info.rules_version, agora_version=AGORA_VERSION)
        except StaleWrite:
            raise Refusal(t("bot.err.busy")) from None
        log("game_begun", game=game.id, players=n)
        return await self.games.table(game.id)

    async def check_abandon(self, *, game: str, channel_id: int, user_id: int,
                            can_manage: bool) -> Table:
        table = await self._open(channel_id, game)
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
                raise Refusal(table.kind.t("bot.err.abandon_stale"))
            await self.store.update_game(game_id, revision, status="abandoned",
                                         note=t("bot.journal.abandoned", table.game.language,
                                                by=f"<@{user_id}>"))
        log("game_abandoned", game=game_id)
        return await self.games.table(game_id)

    async def hand_over(self, *, game_id: int, seat: int, user_id: int, can_manage: bool
                        ) -> tuple[Table, SeatRow, int]:
        """The host's answer to the offer after a seat missed MISSES_TO_OFFER deadlines in a
        row: the AI (level normal) plays it for good. Refused when the seat has decided by
        itself since (its run of misses ended) or is no longer a person's. Returns the table,
        the seat now, and the user who had it."""
        async with self.games.lock(game_id):
            table = await self.games.table(game_id)
            self._host_or_manager(table, user_id, can_manage, t("bot.what.replace"))
            if table.game.status != "playing":
                raise Refusal(t("bot.err.closed"))
            if not 0 <= seat < len(table.seats) or table.seats[seat].user_id is None:
                raise Refusal(t("bot.err.hand_over_done"))
            row = table.seats[seat]
            if row.missed < MISSES_TO_OFFER:
                raise Refusal(t("bot.err.hand_over_back", name=row.name))
            level = substitute_level(table.game.options, table.kind.info)
            await self._replace(table, row, user_id, level)
        fresh = await self.games.table(game_id)
        return fresh, fresh.seats[seat], row.user_id or 0

    async def _replace(self, table: Table, seat: SeatRow, user_id: int, level: str) -> None:
        """Hand `seat` to the AI at `level`; a departed host's role passes on."""
        game = table.game
        new_host = None
        if seat.user_id == game.host_id:
            # the host left: whoever asked takes over if seated, else the next person seated
            others = [s.user_id for s in table.seats if s.user_id not in (None, seat.user_id)]
            new_host = user_id if user_id in others else (others[0] if others else None)
        try:
            await self.store.replace_seat(
                game.id, game.revision, seat.seat, user_id=None, name=seat.name,
                ai_level=level, at=game.decisions, new_host=new_host,
                note=t("bot.journal.replaced", game.language, name=seat.name,
                       level=t(f"bot.choice.level.{level}", game.language)))
        except StaleWrite:
            raise Refusal(t("bot.err.busy")) from None
        log("seat_replaced", game=game.id, seat=seat.seat, ai_level=level)

    async def replace(self, *, game: str, channel_id: int, user_id: int, can_manage: bool,
                      target_user_id: int, level: str) -> tuple[Table, SeatRow]:
        """Hand a player's seat to the AI so the others can finish: the seat keeps everything,
        only who decides changes. The game log says so."""
        opened = await self._open(channel_id, game)
        self._level(opened.kind, level)
        game_id = opened.game.id
        async with self.games.lock(game_id):  # checked and written with nothing in between
            table = await self.games.table(game_id)
            self._host_or_manager(table, user_id, can_manage, t("bot.what.replace"))
            if table.game.status != "playing":
                raise Refusal(table.kind.t("bot.err.replace_lobby"))
            seat = table.seat_of(target_user_id)
            if seat is None:
                raise Refusal(t("bot.err.target_not_seated", who=f"<@{target_user_id}>"))
            await self._replace(table, seat, user_id, level)
        fresh = await self.games.table(game_id)  # the seat keeps its name; the AI plays it
        return fresh, fresh.seats[seat.seat]
