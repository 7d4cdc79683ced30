"""The /pantheon app-command group: lobby, play (with autocomplete from the engine's options and
the whole-turn text notation), information, undo and standing answers.

Every command acknowledges at once with an ephemeral "thinking" state (Discord's 3 seconds),
then works; refusals are ephemeral and name the rule. Public announcements go to the channel as
ordinary messages."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Literal

import discord
from discord import app_commands

from data.i18n import t
from engine.core import Decision, Event, IllegalDecision
from engine.pantheon.notation import parse
from engine.pantheon.text import describe, event_text

from . import messages
from .components import abandon_view, panel_view
from .lobby import colour
from .logs import log, log_error
from .play import can_manage
from .publish import picture, png_file, render_board, render_hand
from .turns import Panel, Refusal, StepResult, Table

if TYPE_CHECKING:
    from .app import AgoraBot

# an autocomplete value; anyone can type any text here, so the numbers are bounded (int() of a
# few thousand digits raises) and anything else is read as notation
OPTION_VALUE = re.compile(r"o:(?P<n>\d{1,9}):(?P<k>[0-9a-f]{8}):(?P<i>\d{1,4})")
FAMILY_PROMPTS = {"move": {"move_cards", "move_place", "loot_order"},
                  "buy": {"buy", "cartago"},
                  "god": {"god_choose", "god_pay", "gallia_buy"},
                  "draw": {"draw_pick"}}
NOTATION_HEADS = {"move", "buy", "god", "draw", "traitera", "end", "pass", "tile", "upgrade",
                  "skip", "feet", "columns", "loot", "bonus", "gallia", "decline", "discard",
                  "swap", "done", "stop"}
RULE_TOPICS = ("overview", "turn", "move", "follow", "buy", "god", "draw", "loot", "peoples",
               "epochs", "scoring", "notation", "undo")
Family = Literal["move", "buy", "god", "draw", "any"]


def in_family(d: Decision, prompt_kind: str, family: str) -> bool:
    if family == "any":
        return True
    if d.kind == "action":
        return d.args.get("action") == family
    if d.kind == "follow_draw":
        return family in ("move", "draw")
    return prompt_kind in FAMILY_PROMPTS.get(family, set())


def notation_text(family: str, text: str) -> str:
    """Let `/pantheon move choice:2: F12 F13` mean `move 2: F12 F13`."""
    head = text.strip().lower().split(" ")[0].partition(":")[0]
    if family != "any" and head not in NOTATION_HEADS:
        return f"{family} {text.strip()}"
    return text.strip()


class PantheonCommands(app_commands.Group):
    def __init__(self, bot: AgoraBot) -> None:
        super().__init__(name="pantheon", description="Play Pantheon in this channel",
                         guild_only=True)
        self.bot = bot

    # --- helpers ----------------------------------------------------------------------------

    async def _ack(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)

    async def _reply(self, interaction: discord.Interaction, content: str, **kwargs) -> None:
        await interaction.followup.send(messages.clip(content), ephemeral=True, **kwargs)

    async def _table(self, interaction: discord.Interaction) -> Table:
        table = await self.bot.games.table_in(interaction.channel_id or 0)
        if table is None:
            raise Refusal(t("bot.err.no_game"))
        return table

    async def _announce(self, interaction: discord.Interaction, content: str,
                        board: bytes | None = None) -> None:
        await self.bot.publisher.say(interaction.channel_id or 0, content,
                                     guild_id=interaction.guild_id, board=board)

    async def _test_dm(self, table: Table, user_id: int) -> bool:
        seat = table.seat_of(user_id)
        if seat is None:
            return True
        return await self.bot.publisher.dm(seat, t("bot.dm.test", title=messages.title(table),
                                                   channel=f"<#{table.game.channel_id}>")
                                           ) is not None

    async def _show_step(self, interaction: discord.Interaction, res: StepResult) -> None:
        if res.commit is not None:  # committed: publish even if the reply fails
            self.bot.publisher.kick(res.commit.game_id)
        if res.panel is not None:
            text = "\n".join([*res.notes, messages.panel_text(res.panel)])
            await self._reply(interaction, text, view=panel_view(res.panel))
        else:
            table = await self.bot.games.table(res.commit.game_id) if res.commit else None
            await self._reply(interaction, messages.done_text(table))

    # --- lobby ------------------------------------------------------------------------------

    @app_commands.command(name="start", description="Open a Pantheon game in this channel")
    @app_commands.describe(
        bonus_draft="Draft the bonus tiles instead of dealing them (P-VAR-DRAFT)",
        stall_guard_rounds="End an epoch after this many rounds without loot or gods taken",
        start_supply_by_player_count="Starting pieces by player count (P-SETUP-12 variant)",
        reminder_hours="Remind the player to act after this many idle hours (default 12)",
        seed="Seed for a reproducible game")
    async def start(self, interaction: discord.Interaction, bonus_draft: bool = False,
                    stall_guard_rounds: app_commands.Range[int, 1, 50] | None = None,
                    start_supply_by_player_count: bool = False,
                    reminder_hours: app_commands.Range[float, 0.0001, 720.0] | None = None,
                    seed: app_commands.Range[int, 0, 2**31 - 1] | None = None) -> None:
        await self._ack(interaction)
        options = {"bonus_draft": bonus_draft, "stall_guard_rounds": stall_guard_rounds,
                   "start_supply_by_player_count": start_supply_by_player_count,
                   "reminder_hours": reminder_hours, "seed": seed}
        try:
            table = await self.bot.lobby.start(
                guild_id=interaction.guild_id, channel_id=interaction.channel_id or 0,
                user_id=interaction.user.id, name=interaction.user.display_name,
                options=options)
        except Refusal as r:
            await self._reply(interaction, str(r))
            return
        await self._announce(interaction, messages.lobby_text(table))
        text = t("bot.start.done", title=messages.title(table))
        if not await self._test_dm(table, interaction.user.id):
            text += "\n" + t("bot.dm_closed_join")
            await self._announce(interaction, t("bot.dm_failed", who=interaction.user.mention))
        await self._reply(interaction, text)

    @app_commands.command(name="join", description="Take a seat in this channel's game")
    async def join(self, interaction: discord.Interaction) -> None:
        await self._ack(interaction)
        try:
            table, seat = await self.bot.lobby.join(
                channel_id=interaction.channel_id or 0, user_id=interaction.user.id,
                name=interaction.user.display_name)
        except Refusal as r:
            await self._reply(interaction, str(r))
            return
        text = t("bot.join.announce", who=interaction.user.mention, n=seat.seat + 1,
                 colour=t(f"bot.colour.{colour(seat.seat)}"), count=len(table.seats))
        if not await self._test_dm(table, interaction.user.id):
            text += "\n" + t("bot.dm_failed", who=interaction.user.mention)
        await self._announce(interaction, text)
        await self._reply(interaction, t("bot.join.done",
                                         colour=t(f"bot.colour.{colour(seat.seat)}")))

    @app_commands.command(name="leave", description="Leave this channel's game before it begins")
    async def leave(self, interaction: discord.Interaction) -> None:
        await self._ack(interaction)
        try:
            table, seat, closed = await self.bot.lobby.leave(
                channel_id=interaction.channel_id or 0, user_id=interaction.user.id)
        except Refusal as r:
            await self._reply(interaction, str(r))
            return
        text = t("bot.leave.closed" if closed else "bot.leave.announce",
                 who=interaction.user.mention, title=messages.title(table))
        if not closed:
            text += "\n" + messages.lobby_text(table)
        await self._announce(interaction, text)
        await self._reply(interaction, t("bot.leave.done"))

    @app_commands.command(name="addbot", description="Add an AI player to the lobby")
    @app_commands.describe(level="How well the AI plays")
    async def addbot(self, interaction: discord.Interaction,
                     level: Literal["easy", "normal"] = "normal") -> None:
        await self._ack(interaction)
        try:
            table, seat = await self.bot.lobby.add_bot(
                channel_id=interaction.channel_id or 0, user_id=interaction.user.id,
                level=level, can_manage=can_manage(interaction))
        except Refusal as r:
            await self._reply(interaction, str(r))
            return
        await self._announce(interaction, t("bot.addbot.announce", name=seat.name,
                                            n=seat.seat + 1,
                                            colour=t(f"bot.colour.{colour(seat.seat)}"),
                                            count=len(table.seats)))
        await self._reply(interaction, t("bot.addbot.done", name=seat.name))

    @app_commands.command(name="begin", description="Begin the game (host; 2 to 4 players)")
    async def begin(self, interaction: discord.Interaction) -> None:
        await self._ack(interaction)
        try:
            table = await self.bot.lobby.begin(channel_id=interaction.channel_id or 0,
                                               user_id=interaction.user.id,
                                               can_manage=can_manage(interaction))
        except Refusal as r:
            await self._reply(interaction, str(r))
            return
        self.bot.publisher.kick(table.game.id)  # the opening post, then any AI seat
        await self._reply(interaction, t("bot.begin.done", title=messages.title(table)))

    @app_commands.command(name="abandon",
                          description="End this channel's game without a result (host or "
                                      "Manage Channels)")
    async def abandon(self, interaction: discord.Interaction) -> None:
        await self._ack(interaction)
        try:
            table = await self.bot.lobby.check_abandon(
                channel_id=interaction.channel_id or 0, user_id=interaction.user.id,
                can_manage=can_manage(interaction))
        except Refusal as r:
            await self._reply(interaction, str(r))
            return
        await self._reply(interaction, t("bot.abandon.confirm", title=messages.title(table)),
                          view=abandon_view(table.game.id, table.game.revision))

    @app_commands.command(name="replace",
                          description="Hand a departed player's seat to the AI (host or Manage "
                                      "Channels)")
    @app_commands.describe(player="The player whose seat the AI takes over",
                           level="How well the AI plays")
    async def replace(self, interaction: discord.Interaction, player: discord.User,
                      level: Literal["easy", "normal"] = "normal") -> None:
        await self._ack(interaction)
        try:
            table, seat = await self.bot.lobby.replace(
                channel_id=interaction.channel_id or 0, user_id=interaction.user.id,
                can_manage=can_manage(interaction), target_user_id=player.id, level=level)
        except Refusal as r:
            await self._reply(interaction, str(r))
            return
        self.bot.publisher.kick(table.game.id)  # the AI may have to act now
        await self._announce(interaction, t("bot.replace.announce", name=seat.name,
                                            who=player.mention, level=level))
        await self._reply(interaction, t("bot.replace.done", name=seat.name))

    # --- playing ----------------------------------------------------------------------------

    async def _play(self, interaction: discord.Interaction, family: str,
                    choice: str | None) -> None:
        await self._ack(interaction)
        try:
            table = await self._table(interaction)
            games = self.bot.games
            panel = await games.open_panel(table.game.id, interaction.user.id)
            res = await self._play_choice(interaction, panel, family, choice)
        except Refusal as r:
            await self._reply(interaction, str(r))
            return
        if res is None:  # nothing chosen: show the panel
            await self._reply(interaction, messages.panel_text(panel), view=panel_view(panel))
            return
        await self._show_step(interaction, res)

    async def _play_choice(self, interaction: discord.Interaction, panel: Panel, family: str,
                           choice: str | None) -> StepResult | None:
        games = self.bot.games
        game_id, user_id = panel.table.game.id, interaction.user.id
        choice = (choice or "").strip()
        if not choice:
            prompt = panel.prompt
            if (not panel.complete and prompt is not None and prompt.kind == "action"
                    and family in FAMILY_PROMPTS):
                return await games.choose_decisions(
                    game_id, user_id, [Decision("action", {"action": family})])
            return None
        m = OPTION_VALUE.fullmatch(choice)
        if m:
            if m["k"] != panel.token or int(m["i"]) >= len(panel.options):
                raise Refusal(t("bot.err.stale_choice"))  # not a button: say so plainly
            return await games.choose(game_id, user_id, token=m["k"], number=int(m["n"]),
                                      index=int(m["i"]), source="command",
                                      commit_complete=True)
        try:
            decisions = parse(panel.preview, panel.seat, notation_text(family, choice))
        except IllegalDecision as exc:  # NotationError included
            raise Refusal.from_illegal(exc) from None
        if not decisions:
            raise Refusal(t("bot.err.empty_turn"))
        return await games.choose_decisions(game_id, user_id, decisions)

    async def _complete(self, interaction: discord.Interaction, current: str,
                        family: str) -> list[app_commands.Choice[str]]:
        """Autocomplete: only what is legal for this player now (at most 25)."""
        try:
            table = await self.bot.games.table_in(interaction.channel_id or 0)
            if table is None or table.state is None or table.game.status != "playing":
                return []
            seat = table.seat_of(interaction.user.id)
            if seat is None:
                return []
            panel = await self.bot.games.panel(table, seat.seat)
            prompt = panel.prompt
            if not panel.active or prompt is None:
                return []
            needle = current.strip().lower()
            out = []
            for i, d in enumerate(panel.options):
                if not in_family(d, prompt.kind, family):
                    continue
                label = describe(d)
                if needle and needle not in label.lower():
                    continue
                out.append(app_commands.Choice(name=label[:100],
                                               value=f"o:{panel.number}:{panel.token}:{i}"))
                if len(out) == 25:
                    break
            return out
        except Exception:  # noqa: BLE001 - autocomplete must answer; log and offer nothing
            log_error("autocomplete_failed", user=interaction.user.id)
            return []

    @app_commands.command(name="move", description="Move: play movement cards and place pieces")
    @app_commands.describe(choice="A step (pick from the list) or a whole turn, e.g. "
                                  "2: F12 F13 col G13")
    async def move(self, interaction: discord.Interaction, choice: str | None = None) -> None:
        await self._play(interaction, "move", choice)

    @move.autocomplete("choice")
    async def move_complete(self, interaction: discord.Interaction, current: str):
        return await self._complete(interaction, current, "move")

    @app_commands.command(name="buy", description="Buy: offering tiles, pieces and placements")
    @app_commands.describe(choice="A step (pick from the list) or a whole purchase, e.g. "
                                  "1 1 3: dancers 1, +foot")
    async def buy(self, interaction: discord.Interaction, choice: str | None = None) -> None:
        await self._play(interaction, "buy", choice)

    @buy.autocomplete("choice")
    async def buy_complete(self, interaction: discord.Interaction, current: str):
        return await self._complete(interaction, current, "buy")

    @app_commands.command(name="god", description="Acquire a god from the display")
    @app_commands.describe(choice="A god or a payment (pick from the list), or e.g. "
                                  "vinthrad: dancers priests")
    async def god(self, interaction: discord.Interaction, choice: str | None = None) -> None:
        await self._play(interaction, "god", choice)

    @god.autocomplete("choice")
    async def god_complete(self, interaction: discord.Interaction, current: str):
        return await self._complete(interaction, current, "god")

    @app_commands.command(name="draw", description="Draw cards (3 on your turn, 1 as a "
                                                   "follow-up)")
    @app_commands.describe(choice="A card to take (pick from the list), or e.g. "
                                  "display:move deck deck")
    async def draw(self, interaction: discord.Interaction, choice: str | None = None) -> None:
        await self._play(interaction, "draw", choice)

    @draw.autocomplete("choice")
    async def draw_complete(self, interaction: discord.Interaction, current: str):
        return await self._complete(interaction, current, "draw")

    @app_commands.command(name="choose", description="Answer any prompt (people effects, loot, "
                                                     "discards, Traitera, ...)")
    @app_commands.describe(choice="Pick from the list, or type notation such as 'gallia draw'")
    async def choose(self, interaction: discord.Interaction, choice: str) -> None:
        await self._play(interaction, "any", choice)

    @choose.autocomplete("choice")
    async def choose_complete(self, interaction: discord.Interaction, current: str):
        return await self._complete(interaction, current, "any")

    @app_commands.command(name="turn", description="Open your private prompt for this game")
    async def turn(self, interaction: discord.Interaction) -> None:
        await self._play(interaction, "any", None)

    @app_commands.command(name="undo", description="Take back your last step (only your own, "
                                                   "never past hidden information)")
    async def undo(self, interaction: discord.Interaction) -> None:
        await self._ack(interaction)
        try:
            table = await self._table(interaction)
            res = await self.bot.games.undo(table.game.id, interaction.user.id)
        except Refusal as r:
            await self._reply(interaction, str(r))
            return
        await self._reply(interaction, t("bot.undo.done", step=describe(res.undone)) + "\n"
                          + messages.panel_text(res.panel), view=panel_view(res.panel))
        if res.was_posted:
            fresh = await self.bot.games.table(table.game.id)
            board = await picture(render_board, fresh)
            await self._announce(interaction, t("bot.undo.announce", who=interaction.user.mention,
                                                step=describe(res.undone)) + "\n"
                                 + messages.waiting_line(fresh), board)

    @app_commands.command(name="auto", description="Set a standing answer for follow-up moves")
    @app_commands.describe(follow="draw: always draw 1 card instead of moving; ask: prompt me")
    async def auto(self, interaction: discord.Interaction,
                   follow: Literal["draw", "ask"]) -> None:
        await self._ack(interaction)
        try:
            table = await self._table(interaction)
            seat = table.seat_of(interaction.user.id)
            if seat is None:
                raise Refusal(t("bot.err.not_seated"))
        except Refusal as r:
            await self._reply(interaction, str(r))
            return
        await self.bot.store.set_seat_info(table.game.id, seat.seat, auto_follow=follow)
        log("auto_follow", game=table.game.id, seat=seat.seat, follow=follow)
        self.bot.publisher.kick(table.game.id)  # the standing answer may apply now
        await self._reply(interaction, t(f"bot.auto.{follow}"))

    # --- information ------------------------------------------------------------------------

    @app_commands.command(name="hand", description="Show your hand and demigods (only to you)")
    async def hand(self, interaction: discord.Interaction) -> None:
        await self._ack(interaction)
        try:
            table = await self._table(interaction)
            seat = table.seat_of(interaction.user.id)
            if seat is None:
                raise Refusal(t("bot.err.not_seated"))
            if table.state is None:
                raise Refusal(t("bot.err.not_begun"))
        except Refusal as r:
            await self._reply(interaction, str(r))
            return
        image = await picture(render_hand, table, seat.seat)
        await self._reply(interaction, messages.hand_message(table, seat.seat),
                          files=png_file(image, "hand.png"))

    @app_commands.command(name="board", description="Show the board picture (only to you)")
    async def board(self, interaction: discord.Interaction) -> None:
        await self._ack(interaction)
        try:
            table = await self._table(interaction)
            if table.state is None:
                raise Refusal(t("bot.err.not_begun"))
        except Refusal as r:
            await self._reply(interaction, str(r))
            return
        image = await picture(render_board, table)
        await self._reply(interaction, messages.scores_line(table) + "\n"
                          + messages.waiting_line(table), files=png_file(image, "board.png"))

    @app_commands.command(name="status", description="Whose turn, what is awaited, the scores")
    async def status(self, interaction: discord.Interaction) -> None:
        await self._ack(interaction)
        try:
            table = await self._table(interaction)
        except Refusal as r:
            await self._reply(interaction, str(r))
            return
        drafts = [d.seat for d in await self.bot.store.drafts(table.game.id)
                  if d.base == table.game.decisions]
        await self._reply(interaction, messages.status_text(table, drafts))

    @app_commands.command(name="log", description="The last lines of the game log")
    @app_commands.describe(n="How many lines (default 15)")
    async def log_(self, interaction: discord.Interaction,
                   n: app_commands.Range[int, 1, 60] = 15) -> None:
        await self._ack(interaction)
        try:
            table = await self._table(interaction)
        except Refusal as r:
            await self._reply(interaction, str(r))
            return
        await self._reply(interaction, await self.log_text(table, interaction.user.id, n))

    async def log_text(self, table: Table, user_id: int, n: int) -> str:
        seat = table.seat_of(user_id)
        viewer = seat.seat if seat else None
        entries = await self.bot.store.log_tail(table.game.id, n * 4)
        notes = await self.bot.store.journal(table.game.id)
        lines: list[tuple[int, int, str]] = []
        for e in entries:
            for ev in e.events:
                text = event_text(Event.from_json(ev), table.names, viewer)
                if text:
                    lines.append((e.seq + 1, 0, text))
        first = entries[0].seq if entries else 0
        lines += [(j.at, -1, f"*{j.text}*") for j in notes if j.at >= first]
        lines.sort(key=lambda x: (x[0], x[1]))
        shown = [text for _, _, text in lines][-n:]
        if not shown:
            return t("bot.log.empty")
        return t("bot.log.head", title=messages.title(table)) + "\n" + "\n".join(shown)

    @app_commands.command(name="rules", description="A short rules summary")
    @app_commands.describe(topic="Which part of the rules")
    @app_commands.choices(topic=[app_commands.Choice(name=x, value=x) for x in RULE_TOPICS])
    async def rules(self, interaction: discord.Interaction,
                    topic: app_commands.Choice[str] | None = None) -> None:
        await interaction.response.send_message(  # static text: no database, no need to defer
            messages.clip(t(f"bot.rules.{topic.value if topic else 'overview'}")),
            ephemeral=True)

    @app_commands.command(name="mygames", description="Every game that waits for you, with links")
    async def mygames(self, interaction: discord.Interaction) -> None:
        await self._ack(interaction)
        rows = await self.bot.store.games_of_user(interaction.user.id)
        lines = []
        for game, seat in rows:
            link = f"https://discord.com/channels/{game.guild_id or '@me'}/{game.channel_id}"
            if game.turn_message:
                link += f"/{game.turn_message}"
            if game.status == "playing" and game.waiting_seat == seat.seat:
                table = await self.bot.games.table(game.id)
                w = table.waiting()
                what = messages.prompt_text(w, table) if w else ""
                lines.append(t("bot.mygames.waiting", title=t("bot.title", id=game.id),
                               what=what, link=link))
            elif game.status == "lobby":
                lines.append(t("bot.mygames.lobby", title=t("bot.title", id=game.id), link=link))
        others = len(rows) - len(lines)
        if not lines:
            text = t("bot.mygames.none", others=others)
        else:
            text = t("bot.mygames.head") + "\n" + "\n".join(lines)
        await self._reply(interaction, text)
