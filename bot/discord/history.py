"""`/ranking`, `/stats` and `/history`: a server's history of finished games (README.md,
"History and ratings"), from bot.host.history and in the words of bot.host.history_text."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Optional

import discord
from discord import app_commands

from data.i18n import t
from engine.registry import ids as registry_ids

from ..host import messages
from ..host.history import History
from ..host.history_text import history_text, ranking_text, stats_text
from ..host.kinds import kinds
from ..host.records import game_record
from ..host.turns import Refusal
from ..logs import log
from .commands import Services, _param, command
from .locales import text
from .records import export_note, record_file


class HistoryCommands:
    """`/ranking`, `/stats` and `/history`: the server's finished games, its leaderboards and
    each player's statistics (bot.host.history). Every answer is private (ephemeral), as
    `/mygames` is: asking about the history does not post in the game channels."""

    def __init__(self, services: Services) -> None:
        self.store = services.store
        self.games = services.games
        self.history = History(services.games)
        self.links = services.publisher.links  # the web companion's, when it is on

    async def _guarded(self, interaction: discord.Interaction,
                       work: Callable[[int], Awaitable[tuple[str, list[discord.File]]]]
                       ) -> None:
        """Acknowledge, refuse outside a server, run, answer privately."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            if interaction.guild_id is None:
                raise Refusal(t("bot.err.guild_only"))
            content, files = await work(interaction.guild_id)
        except Refusal as r:
            log("refused", user=interaction.user.id, rule=r.rule)
            content, files = str(r), []
        await interaction.followup.send(messages.clip(content), ephemeral=True, files=files)

    @staticmethod
    def _game(game: str | None) -> str | None:
        if game is not None and game not in registry_ids():
            raise Refusal(t("bot.err.unknown_game", game=game,
                            games=", ".join(k.name for k in kinds())))
        return game

    async def ranking(self, interaction: discord.Interaction, game: str) -> None:
        async def work(guild: int) -> tuple[str, list[discord.File]]:
            chosen = self._game(game)
            assert chosen is not None
            boards = await self.history.boards(guild)
            return ranking_text(boards.get(chosen), chosen, interaction.user.id), []
        await self._guarded(interaction, work)

    async def stats(self, interaction: discord.Interaction,
                    user: discord.User | discord.Member | None = None) -> None:
        async def work(guild: int) -> tuple[str, list[discord.File]]:
            who = user or interaction.user
            boards = await self.history.boards(guild)
            return stats_text(boards, who.id, who.display_name), []
        await self._guarded(interaction, work)

    async def history_(self, interaction: discord.Interaction, game: str | None = None,
                       page: int = 1, id: int | None = None) -> None:
        async def work(guild: int) -> tuple[str, list[discord.File]]:
            chosen = self._game(game)
            finished = await self.history.finished(guild, chosen)
            if id is None:
                text = history_text(finished, chosen, page)
                if self.links is not None and finished:  # the archive: the same games, and more
                    text = messages.with_line(text, t("web.link.archive",
                                                      url=self.links.server_url(guild)))
                return text, []
            if not any(f.game.id == id for f in finished):
                raise Refusal(t("bot.history.no_such", id=id))
            table = await self.games.table(id)
            record = await game_record(self.store, table)
            return export_note(table, record), [record_file(table, record)]
        await self._guarded(interaction, work)

    def commands(self) -> list[app_commands.Command]:
        games = [app_commands.Choice(name=k.name, value=k.id) for k in kinds()]
        user = Optional[discord.User]  # noqa: UP045
        out = [
            command("ranking", text("bot.cmd.ranking"), self.ranking, [_param("game", str)],
                    {"game": text("bot.cmd.param.game_ranking")}, {"game": games}),
            command("stats", text("bot.cmd.stats"), self.stats, [_param("user", user, None)],
                    {"user": text("bot.cmd.param.user")}),
            command("history", text("bot.cmd.history"), self.history_,
                    [_param("game", Optional[str], None),  # noqa: UP045
                     _param("page", app_commands.Range[int, 1, 10_000], 1),
                     _param("id", Optional[app_commands.Range[int, 1, 2**53]], None)],  # noqa: UP045
                    {"game": text("bot.cmd.param.game_history"),
                     "page": text("bot.cmd.param.page"), "id": text("bot.cmd.param.id")},
                    {"game": games}),
        ]
        for c in out:
            c.guild_only = True  # a server's history: not offered in direct messages
        return out
