"""Answering clicks on the private prompt (options, Confirm, Undo step, more options), the
channel's "Take your turn" button and the abandon confirmation.

Every handler acknowledges first (Discord allows 3 seconds), then reads and writes the database,
then edits the prompt or answers ephemerally. A refusal changes nothing and is shown only to the
person who clicked, naming the rule."""

from __future__ import annotations

from collections.abc import Awaitable
from typing import TypeVar

import discord

from data.i18n import t, use_language

from ..host import messages
from ..host.lobby import Lobby
from ..host.pictures import picture, render_preview
from ..host.turns import Games, Panel, Refusal, StepResult, Table
from ..logs import database_error, log, log_error, log_warning
from ..store import GameStore
from .components import Buttons
from .locales import Entry
from .publish import Publisher, png_file

T = TypeVar("T")


def can_manage(interaction: discord.Interaction, guild_id: int | None) -> bool:
    """Manage Channels (or Administrator) in the game's server `guild_id`. The permissions an
    interaction carries are those of the server where it happened, so they count only when
    that is the game's server (a forged button pressed elsewhere carries another server's)."""
    if guild_id is None or interaction.guild_id != guild_id:
        return False
    perms = interaction.permissions
    return bool(perms and (perms.manage_channels or perms.administrator))


def failure_text(interaction: discord.Interaction, exc: BaseException) -> str:
    """Log an interaction's failure and say it: the database busy or away (SQLite locked by
    another process past its busy timeout, PostgreSQL out of reach) is a warning and
    `bot.err.db_busy`; anything else an error and `bot.err.internal`."""
    failure = database_error(exc)
    if failure is None:
        log_error("interaction_failed", user=interaction.user.id)
        return t("bot.err.internal")
    log_warning("database_unavailable", user=interaction.user.id, database_error=failure)
    return t("bot.err.db_busy")


class Play:
    """What answers a click on a button or menu (components.Clicks). It is handed what it
    uses: the store, the turn service, the lobby, the publisher and the buttons it shows, and
    the entry that sets each interaction's language."""

    def __init__(self, store: GameStore, games: Games, lobby: Lobby, publisher: Publisher,
                 buttons: Buttons, entry: Entry) -> None:
        self.store = store
        self.games = games
        self.lobby = lobby
        self.publisher = publisher
        self.buttons = buttons
        self.entry = entry

    async def enter(self, interaction: discord.Interaction) -> bool:
        return await self.entry.enter(interaction)

    async def refuse(self, interaction: discord.Interaction, refusal: Refusal) -> None:
        log("refused", user=interaction.user.id, rule=refusal.rule)
        await interaction.followup.send(str(refusal), ephemeral=True)

    async def _guard(self, interaction: discord.Interaction, coro: Awaitable[T]) -> T | None:
        """Run a service call; refusals go back to the clicker, crashes are logged, a busy or
        unavailable database is said (the failed transaction changed nothing)."""
        try:
            return await coro
        except Refusal as refusal:
            await self.refuse(interaction, refusal)
        except Exception as exc:  # noqa: BLE001 - the player gets a message, the log the trace
            await interaction.followup.send(failure_text(interaction, exc), ephemeral=True)
        return None

    async def show(self, interaction: discord.Interaction, res: StepResult) -> None:
        """Edit the prompt the player clicked on to show their panel now."""
        if res.panel is not None:
            text = messages.panel_text(res.panel)
            if res.notes:
                text = messages.clip("\n".join([*res.notes, text]))
            preview = (await picture(render_preview, res.panel)) if res.panel.complete else None
            await interaction.edit_original_response(
                content=text, view=self.buttons.panel_view(res.panel),
                attachments=png_file(preview, "preview.png"))
        else:
            table = await self.games.table(res.commit.game_id) if res.commit else None
            await interaction.edit_original_response(
                content=messages.done_text(table, res.notes), view=None, attachments=[])

    async def option(self, interaction: discord.Interaction, game_id: int, number: int,
                     token: str, index: int) -> None:
        await interaction.response.defer()
        res = await self._guard(interaction, self.games.choose(
            game_id, interaction.user.id, token=token, number=number, index=index))
        if isinstance(res, StepResult):
            if res.commit is not None:  # committed: publish even if answering the click fails
                self.publisher.kick(game_id)
            await self.show(interaction, res)

    async def confirm(self, interaction: discord.Interaction, game_id: int, number: int,
                      token: str) -> None:
        await interaction.response.defer()
        res = await self._guard(interaction, self.games.confirm(
            game_id, interaction.user.id, token=token, number=number))
        if isinstance(res, StepResult):
            self.publisher.kick(game_id)  # committed: publish even if the edit fails
            await self.show(interaction, res)

    async def undo_step(self, interaction: discord.Interaction, game_id: int, number: int,
                        token: str) -> None:
        await interaction.response.defer()
        panel = await self._guard(interaction, self.games.undo_step(
            game_id, interaction.user.id, token=token, number=number))
        if panel is not None:
            await self.show(interaction, StepResult(panel))

    async def page(self, interaction: discord.Interaction, game_id: int, number: int,
                   token: str, page: int) -> None:
        await interaction.response.defer()
        panel = await self._guard(interaction, self.games.open_panel(
            game_id, interaction.user.id, token=token, number=number))
        if panel is not None:
            await interaction.edit_original_response(content=messages.panel_text(panel),
                                                     view=self.buttons.panel_view(panel, page))

    async def take_turn(self, interaction: discord.Interaction, game_id: int,
                        number: int) -> None:
        """The channel's turn button: open the private panel as an ephemeral message."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        panel = await self._guard(interaction, self._turn_panel(interaction, game_id, number))
        if panel is not None:
            await interaction.followup.send(messages.panel_text(panel),
                                            view=self.buttons.panel_view(panel), ephemeral=True)

    async def _turn_panel(self, interaction: discord.Interaction, game_id: int,
                          number: int) -> Panel:
        table = await self.games.table(game_id)
        if table.game.status == "playing" and table.game.decisions != number:
            # still valid while only the clicker has acted since (mid-turn commits), or while
            # what the clicker may decide is unchanged (others' secret choices at the same time)
            since = await self.store.log(game_id, number)
            seat = table.seat_of(interaction.user.id)
            stale = seat is None
            if seat is not None and any(e.seat != seat.seat for e in since):
                then = await self.games.state_at(table, number)
                k = table.kind
                stale = then is None or table.state is None or (
                    k.version(then, seat.seat) != k.version(table.state, seat.seat))
            if stale:
                raise Refusal(table.kind.t("bot.err.stale_turn"))  # no internal numbers
        return await self.games.open_panel(game_id, interaction.user.id)

    async def abandon(self, interaction: discord.Interaction, game_id: int,
                      revision: int) -> None:
        await interaction.response.defer()
        table = await self._guard(interaction, self._abandon(interaction, game_id, revision))
        if table is None:
            return
        await interaction.edit_original_response(content=t("bot.abandon.done"), view=None)
        await self.publisher.say(
            table.game.channel_id,
            t("bot.abandon.announce", title=messages.title(table), who=f"<@{interaction.user.id}>"),
            guild_id=table.game.guild_id)

    async def hand_over(self, interaction: discord.Interaction, game_id: int,
                        seat: int) -> None:
        """The host's button after three missed deadlines: the AI plays the seat for good. In
        the host's DM (or the game's server, where Manage Channels counts too)."""
        await interaction.response.defer()
        game = await self.store.game(game_id)
        done = await self._guard(interaction, self.lobby.hand_over(
            game_id=game_id, seat=seat, user_id=interaction.user.id,
            can_manage=can_manage(interaction, game.guild_id if game else None)))
        if done is None:
            return
        table, row, was = done
        await interaction.edit_original_response(
            content=t("bot.replace.done", name=row.name), view=None)
        self.publisher.kick(game_id)  # the AI may have to act now
        level = t(f"bot.choice.level.{row.ai_level}", table.game.language)
        with use_language(table.game.language):
            text = t("bot.replace.announce", name=row.name, who=f"<@{was}>", level=level)
        await self.publisher.say(table.game.channel_id, text, guild_id=table.game.guild_id)

    async def _abandon(self, interaction: discord.Interaction, game_id: int,
                       revision: int) -> Table:
        """Only from the game's own server: a button's id names the game, so a forged one can
        be pressed anywhere, and the permissions it carries are those of where it was."""
        game = await self.store.game(game_id)
        if game is not None and interaction.guild_id != game.guild_id:
            log("refused", user=interaction.user.id, rule="other-server")
            raise Refusal(t("bot.err.other_server"))
        return await self.lobby.abandon(
            game_id=game_id, revision=revision, user_id=interaction.user.id,
            can_manage=can_manage(interaction, game.guild_id if game else None))
