"""One builder for every game's slash-command group: `/<game> start|join|leave|addbot|begin|
turn|choose|undo|hand|board|status|log|rules|mygames|abandon|replace|auto|export` plus the game's
own verbs (its command module's VERBS), and the top-level `/mygames` across all games.

Commands are built as `app_commands.Command` objects added with `add_command` (a Group subclass
that inherits commands silently loses its own in discord.py 2.7.1). Parameters that differ by
game (the start options, AI levels, rules topics, standing answers) are given to discord.py as a
callback signature built from the game's GameInfo.

Every command acknowledges at once with an ephemeral "thinking" state (Discord's 3 seconds),
then works; refusals are ephemeral and name the rule. Public announcements go to the channel as
ordinary messages."""

from __future__ import annotations

import inspect
import re
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, Optional

import discord
from discord import app_commands

from data.i18n import LANGUAGES, t, use_language
from engine.core import Event, IllegalDecision, OptionSpec
from engine.record import public_events

from ..host import messages
from ..host.deadlines import ON_DEADLINE
from ..host.kinds import Kind, kinds
from ..host.language import start_language
from ..host.lobby import Lobby
from ..host.pictures import picture, render_board, render_hand
from ..host.records import game_record
from ..host.turns import Games, Panel, Refusal, StepResult, Table
from ..host.verbs import ANY
from ..logs import log, log_error
from ..store import Away, GameStore
from .components import Buttons
from .locales import text
from .play import can_manage
from .publish import Publisher, png_file
from .records import export_note, record_file
from .reminders import idle_limit

# an autocomplete value; anyone can type any text here, so the numbers are bounded (int() of a
# few thousand digits raises) and anything else is read as notation
OPTION_VALUE = re.compile(r"o:(?P<n>\d{1,9}):(?P<k>[0-9a-f]{8}):(?P<i>\d{1,4})")
Handler = Callable[..., Awaitable[None]]
P = inspect.Parameter


def _option_annotation(o: OptionSpec) -> tuple[Any, Any]:
    """A game option as a slash-command parameter: (annotation, default); choices are given
    separately (`choices`), so their names can be translated."""
    if o.kind == "bool":
        return bool, bool(o.default)
    if o.kind == "int":
        return Optional[app_commands.Range[int, o.minimum, o.maximum]], None  # noqa: UP045
    return Optional[str], None  # noqa: UP045


Choices = list[app_commands.Choice[str]]


def choices(values: tuple[str, ...], key: str) -> Choices:
    """Fixed choices whose names Discord shows translated (`<key>.<value>` in the catalogue)."""
    out = []
    for v in values:
        english = t(f"{key}.{v}", "en")
        out.append(app_commands.Choice(name=text(f"{key}.{v}", v if english == f"{key}.{v}"
                                                 else english), value=v))
    return out


def command(name: str, description: app_commands.locale_str, fn: Handler, params: list[P],
            describe: dict[str, app_commands.locale_str] | None = None,
            fixed: dict[str, Choices] | None = None, name_key: str | None = None,
            param_keys: dict[str, str] | None = None) -> app_commands.Command:
    """A command whose parameters are `params` (after the interaction); `fixed` gives the
    parameters that take one of a few values. Names are English, and translated for Discord
    from `name_key` (default `bot.cmd.name.<name>`) and `param_keys` (default
    `bot.cmd.param.name.<param>`)."""
    async def callback(interaction: discord.Interaction, **kwargs: Any) -> None:
        await fn(interaction, **kwargs)

    callback.__signature__ = inspect.Signature(  # type: ignore[attr-defined]
        [P("interaction", P.POSITIONAL_OR_KEYWORD, annotation=discord.Interaction), *params])
    callback.__name__ = callback.__qualname__ = name.replace("-", "_")
    if describe:
        app_commands.describe(**describe)(callback)
    if fixed:
        app_commands.choices(**fixed)(callback)
    keys = param_keys or {}
    if params:
        app_commands.rename(**{p.name: text(keys.get(p.name, f"bot.cmd.param.name.{p.name}"),
                                            p.name) for p in params})(callback)
    return app_commands.Command(name=text(name_key or f"bot.cmd.name.{name}", name),
                                description=description, callback=callback)


def _param(name: str, annotation: Any, default: Any = P.empty) -> P:
    return P(name, P.KEYWORD_ONLY, annotation=annotation, default=default)


@dataclass(frozen=True)
class Services:
    """What the slash commands use, handed over by the app: the store, the turn service, the
    lobby, the publisher, the buttons, and the default idle time before a reminder
    (seconds)."""

    store: GameStore
    games: Games
    lobby: Lobby
    publisher: Publisher
    buttons: Buttons
    remind_after: float
    clock: Callable[[], float] = time.time  # the game clocks' time source (tests: their own)


class GameCommands:
    """The `/<game>` group of one game, and what its commands do."""

    def __init__(self, services: Services, kind: Kind) -> None:
        self.store = services.store
        self.games = services.games
        self.lobby = services.lobby
        self.publisher = services.publisher
        self.buttons = services.buttons
        self.remind_after = services.remind_after
        self.clock = services.clock
        self.kind = kind
        self.game = kind.id

    # --- helpers ----------------------------------------------------------------------------

    async def _ack(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)

    async def _reply(self, interaction: discord.Interaction, content: str, **kwargs) -> None:
        await interaction.followup.send(messages.clip(content), ephemeral=True, **kwargs)

    async def _table(self, interaction: discord.Interaction) -> Table:
        return await self.games.open_table(interaction.channel_id or 0, self.game)

    async def _manages(self, interaction: discord.Interaction) -> bool:
        """Manage Channels in the server of the channel's game (bot.discord.play.can_manage):
        the game is the channel's, so this is where the command was typed."""
        game = await self.store.open_game(interaction.channel_id or 0)
        return can_manage(interaction, game.guild_id if game is not None else None)

    async def _viewable(self, interaction: discord.Interaction) -> Table:
        """The open game, or the channel's last finished one (its board, log and hands)."""
        return await self.games.viewable_table(interaction.channel_id or 0, self.game)

    async def _announce(self, interaction: discord.Interaction, table: Table,
                        content: Callable[[], str], board: bool = False) -> None:
        """Post in the channel, in the game's language (the text and the board picture)."""
        with use_language(table.game.language):
            text = content()
            image = await picture(render_board, table) if board else None
        await self.publisher.say(interaction.channel_id or 0, text,
                                     guild_id=interaction.guild_id, board=image)

    async def _test_dm(self, table: Table, user_id: int) -> bool:
        """The seat's first DM (in the user's own language, as the reply is): False when the
        user's DMs are closed."""
        seat = table.seat_of(user_id)
        if seat is None:
            return True
        sent = await self.publisher.dm(seat, t("bot.dm.test", title=messages.title(table),
                                                channel=f"<#{table.game.channel_id}>"))
        return sent is not None or seat.dm_ok is not False  # only closed DMs are said

    async def _show_step(self, interaction: discord.Interaction, res: StepResult) -> None:
        if res.commit is not None:  # committed: publish even if the reply fails
            self.publisher.kick(res.commit.game_id)
        if res.panel is not None:
            text = "\n".join([*res.notes, messages.panel_text(res.panel)])
            await self._reply(interaction, text, view=self.buttons.panel_view(res.panel))
        else:
            table = await self.games.table(res.commit.game_id) if res.commit else None
            await self._reply(interaction, messages.done_text(table, res.notes))

    async def _guarded(self, interaction: discord.Interaction,
                       work: Callable[[], Awaitable[None]]) -> None:
        """Acknowledge, run, and answer a refusal privately."""
        await self._ack(interaction)
        try:
            await work()
        except Refusal as r:
            log("refused", user=interaction.user.id, rule=r.rule)
            await self._reply(interaction, str(r))

    # --- the group --------------------------------------------------------------------------

    def group(self) -> app_commands.Group:
        k = self.kind
        info = k.info
        group = app_commands.Group(name=k.id, guild_only=True,
                                   description=text("bot.cmd.group", game=info.name))
        levels = choices(info.ai_levels, "bot.choice.level")
        default_level = info.default_level
        lobby = [o for o in info.options if o.in_lobby]
        start_params = [_param(o.name, *_option_annotation(o)) for o in lobby]
        start_params += [
            _param("language", Optional[str], None),  # noqa: UP045
            _param("reminder_hours", Optional[app_commands.Range[float, 0.0001, 720.0]],  # noqa: UP045
                   None),
            _param("deadline_hours", Optional[app_commands.Range[int, 1, 720]], None),  # noqa: UP045
            _param("on_deadline", Optional[str], None),  # noqa: UP045
            *([_param("deadline_level", Optional[str], None)]  # noqa: UP045
              if info.ai_levels else []),
            _param("seed", Optional[app_commands.Range[int, 0, 2**31 - 1]], None)]  # noqa: UP045
        start_help = {o.name: text(f"{k.id}.option.{o.name}", o.help) for o in lobby}
        start_help |= {p: text(f"bot.cmd.param.{p}") for p in (
            "language", "reminder_hours", "deadline_hours", "on_deadline", "deadline_level",
            "seed") if p != "deadline_level" or info.ai_levels}
        start_fixed = {o.name: choices(o.choices, f"{k.id}.choice.{o.name}")
                       for o in lobby if o.kind == "choice"}
        start_fixed["language"] = choices(LANGUAGES, "bot.language")
        start_fixed["on_deadline"] = choices(ON_DEADLINE, "bot.choice.on_deadline")
        if info.ai_levels:
            start_fixed["deadline_level"] = levels
        level_help = {"level": text("bot.cmd.param.level")}

        def cmd(name: str, fn: Handler, params: list[P] | None = None, **more: Any
                ) -> app_commands.Command:
            return command(name, text(f"bot.cmd.{name}", **more), fn, params or [],
                           {p.name: text(f"bot.cmd.param.{p.name}") for p in params or []})

        option_names = {o.name: f"{k.id}.option.name.{o.name}" for o in lobby}
        cmds = [
            command("start", text("bot.cmd.start", game=info.name), self.start, start_params,
                    start_help, start_fixed, param_keys=option_names),
            cmd("join", self.join),
            cmd("leave", self.leave),
            command("addbot", text("bot.cmd.addbot"), self.addbot,
                    [_param("level", str, default_level)], level_help, {"level": levels}),
            cmd("begin", self.begin, min=info.min_players, max=info.max_players),
            cmd("abandon", self.abandon),
            command("replace", text("bot.cmd.replace"), self.replace,
                    [_param("player", discord.User), _param("level", str, default_level)],
                    {"player": text("bot.cmd.param.player"), **level_help}, {"level": levels}),
        ]
        for verb in k.commands.VERBS:
            cmds.append(self._verb(verb.name, text(f"{k.id}.cmd.{verb.name}", verb.description),
                                   text(f"{k.id}.cmd.{verb.name}.choice", verb.choice_help),
                                   verb.name, required=False,
                                   name_key=f"{k.id}.cmd.name.{verb.name}"))
        cmds += [
            self._verb("choose", text("bot.cmd.choose"),
                       text("bot.cmd.param.choose_notation" if hasattr(k.rules, "parse_notation")
                            else "bot.cmd.param.choose"), ANY, required=True),
            cmd("turn", self.turn),
            cmd("undo", self.undo),
            cmd("hand", self.hand),
            cmd("board", self.board),
            cmd("status", self.status),
            cmd("log", self.log, [_param("n", app_commands.Range[int, 1, 60], 15)]),
            self._rules(),
            cmd("mygames", self.mygames),
            cmd("export", self.export),
        ]
        if hasattr(k.rules, "verify_receipts"):  # a game with sealed choices and receipts
            cmds.append(cmd("verify", self.verify))
        if len(info.policies) > 1:
            name = k.commands.POLICY_OPTION
            cmds.append(command("auto", text("bot.cmd.auto"), self.auto,
                                [_param(name, str)],
                                {name: text(f"{k.id}.cmd.auto.{name}", k.commands.POLICY_HELP)},
                                {name: choices(info.policies, f"{k.id}.choice.policy")},
                                param_keys={name: f"{k.id}.cmd.auto.name.{name}"}))
        for c in cmds:
            group.add_command(c)
        return group

    def _rules(self) -> app_commands.Command:
        """`/<game> rules topic:`; for a game that looks up its pieces by name, also `card:`
        with autocomplete over every piece's name in the reader's language (the lookup rides
        on `rules`: the group has no room left under Discord's 25 subcommands)."""
        k = self.kind
        params = [_param("topic", Optional[str], None)]  # noqa: UP045
        helps = {"topic": text("bot.cmd.param.topic")}
        if k.has_lookup:
            params.append(_param("card", Optional[str], None))  # noqa: UP045
            helps["card"] = text("bot.cmd.param.card")
        cmd = command("rules", text("bot.cmd.rules_lookup" if k.has_lookup else "bot.cmd.rules"),
                      self.rules, params, helps,
                      {"topic": choices(k.info.rules_topics, f"{k.id}.choice.topic")})
        if k.has_lookup:
            async def complete(interaction: discord.Interaction, current: str
                               ) -> list[app_commands.Choice[str]]:
                return self._complete_lookup(interaction, current)
            cmd.autocomplete("card")(complete)
        return cmd

    def _complete_lookup(self, interaction: discord.Interaction, current: str
                         ) -> list[app_commands.Choice[str]]:
        """The pieces whose label holds what was typed (diacritics and case aside), at most
        25, in the reader's language."""
        try:
            names = self.kind.lookup_names()
            needle = current.strip()
            if needle:
                found = set(self.kind.lookup_find(needle))
                names = [(v, label) for v, label in names if v in found]
            return [app_commands.Choice(name=label[:100], value=value[:100])
                    for value, label in names[:25]]
        except Exception:  # noqa: BLE001 - autocomplete must answer; log and offer nothing
            log_error("autocomplete_failed", user=interaction.user.id)
            return []

    def _verb(self, name: str, description: app_commands.locale_str,
              choice_help: app_commands.locale_str, family: str,
              required: bool, name_key: str | None = None) -> app_commands.Command:
        async def run(interaction: discord.Interaction, choice: str | None = None) -> None:
            await self._play(interaction, family, choice)

        ann = str if required else Optional[str]  # noqa: UP045
        cmd = command(name, description, run,
                      [_param("choice", ann, P.empty if required else None)],
                      {"choice": choice_help}, name_key=name_key)

        async def complete(interaction: discord.Interaction, current: str
                           ) -> list[app_commands.Choice[str]]:
            return await self._complete(interaction, current, family)

        cmd.autocomplete("choice")(complete)
        return cmd

    # --- lobby ------------------------------------------------------------------------------

    async def start(self, interaction: discord.Interaction, **options: Any) -> None:
        async def work() -> None:
            chosen = options.pop("language", None)
            options["language"] = (chosen if chosen is not None
                                   else start_language(None, interaction.guild_locale))
            table = await self.lobby.start(
                game=self.game, guild_id=interaction.guild_id,
                channel_id=interaction.channel_id or 0, user_id=interaction.user.id,
                name=interaction.user.display_name, options=options)
            await self._announce(interaction, table, lambda: messages.lobby_text(table))
            text = t("bot.start.done", title=messages.title(table), colour=self.kind.colour(0))
            if not await self._test_dm(table, interaction.user.id):
                text += "\n" + self.kind.t("bot.dm_closed_join")
                await self._announce(interaction, table, lambda: self.kind.t(
                    "bot.dm_failed", who=interaction.user.mention))
            await self._reply(interaction, text)
        await self._guarded(interaction, work)

    async def join(self, interaction: discord.Interaction) -> None:
        async def work() -> None:
            table, seat = await self.lobby.join(
                game=self.game, channel_id=interaction.channel_id or 0,
                user_id=interaction.user.id, name=interaction.user.display_name)
            dm_ok = await self._test_dm(table, interaction.user.id)

            def announce() -> str:
                text = t("bot.join.announce", who=interaction.user.mention, n=seat.seat + 1,
                         colour=self.kind.colour(seat.seat), count=len(table.seats),
                         max=self.kind.info.max_players)
                if not dm_ok:
                    text += "\n" + self.kind.t("bot.dm_failed", who=interaction.user.mention)
                return text
            await self._announce(interaction, table, announce)
            colour = self.kind.colour(seat.seat)
            done = t("bot.join.done", colour=colour) if dm_ok else self.kind.t(
                "bot.join.done_no_dm", colour=colour)
            await self._reply(interaction, done)
        await self._guarded(interaction, work)

    async def leave(self, interaction: discord.Interaction) -> None:
        async def work() -> None:
            table, _seat, closed = await self.lobby.leave(
                game=self.game, channel_id=interaction.channel_id or 0,
                user_id=interaction.user.id)
            def announce() -> str:
                text = t("bot.leave.closed" if closed else "bot.leave.announce",
                         who=interaction.user.mention, title=messages.title(table))
                return text if closed else text + "\n" + messages.lobby_text(table)
            await self._announce(interaction, table, announce)
            await self._reply(interaction, t("bot.leave.done"))
        await self._guarded(interaction, work)

    async def addbot(self, interaction: discord.Interaction, level: str) -> None:
        async def work() -> None:
            table, seat = await self.lobby.add_bot(
                game=self.game, channel_id=interaction.channel_id or 0,
                user_id=interaction.user.id, level=level,
                can_manage=await self._manages(interaction))
            await self._announce(interaction, table, lambda: t(
                "bot.addbot.announce", name=seat.name, n=seat.seat + 1,
                colour=self.kind.colour(seat.seat), count=len(table.seats),
                max=self.kind.info.max_players))
            await self._reply(interaction, t("bot.addbot.done", name=seat.name))
        await self._guarded(interaction, work)

    async def begin(self, interaction: discord.Interaction) -> None:
        async def work() -> None:
            table = await self.lobby.begin(game=self.game,
                                               channel_id=interaction.channel_id or 0,
                                               user_id=interaction.user.id,
                                               can_manage=await self._manages(interaction))
            self.publisher.kick(table.game.id)  # the opening post, then any AI seat
            await self._reply(interaction, t("bot.begin.done", title=messages.title(table)))
        await self._guarded(interaction, work)

    async def abandon(self, interaction: discord.Interaction) -> None:
        async def work() -> None:
            table = await self.lobby.check_abandon(
                game=self.game, channel_id=interaction.channel_id or 0,
                user_id=interaction.user.id, can_manage=await self._manages(interaction))
            await self._reply(interaction, t("bot.abandon.confirm", title=messages.title(table)),
                              view=self.buttons.abandon_view(table.game.id, table.game.revision))
        await self._guarded(interaction, work)

    async def replace(self, interaction: discord.Interaction, player: discord.User,
                      level: str) -> None:
        async def work() -> None:
            table, seat = await self.lobby.replace(
                game=self.game, channel_id=interaction.channel_id or 0,
                user_id=interaction.user.id, can_manage=await self._manages(interaction),
                target_user_id=player.id, level=level)
            self.publisher.kick(table.game.id)  # the AI may have to act now
            await self._announce(interaction, table, lambda: t(
                "bot.replace.announce", name=seat.name, who=player.mention,
                level=t(f"bot.choice.level.{level}")))
            await self._reply(interaction, t("bot.replace.done", name=seat.name))
        await self._guarded(interaction, work)

    # --- playing ----------------------------------------------------------------------------

    async def _play(self, interaction: discord.Interaction, family: str,
                    choice: str | None) -> None:
        async def work() -> None:
            table = await self._table(interaction)
            panel = await self.games.open_panel(table.game.id, interaction.user.id)
            res = await self._play_choice(interaction, panel, family, choice)
            if res is None:  # nothing chosen: show the panel
                await self._reply(interaction, messages.panel_text(panel),
                                  view=self.buttons.panel_view(panel))
                return
            await self._show_step(interaction, res)
        await self._guarded(interaction, work)

    async def _play_choice(self, interaction: discord.Interaction, panel: Panel, family: str,
                           choice: str | None) -> StepResult | None:
        games = self.games
        commands_ = self.kind.commands
        game_id, user_id = panel.table.game.id, interaction.user.id
        choice = (choice or "").strip()
        if not choice:
            prompt = panel.prompt
            first = (commands_.first_step(prompt.kind, family)
                     if prompt is not None and not panel.complete else None)
            if first is not None:
                return await games.choose_decisions(game_id, user_id, [first])
            return None
        parse = getattr(self.kind.rules, "parse_notation", None)
        # not a button: say so plainly, and offer the notation only where the game has one
        stale = t("bot.err.stale_choice" if parse is None else "bot.err.stale_choice_notation")
        m = OPTION_VALUE.fullmatch(choice)
        if m:
            if m["k"] != panel.token or int(m["i"]) >= len(panel.options):
                raise Refusal(stale)
            prompt_kind = panel.prompt.kind if panel.prompt is not None else ""
            if not commands_.in_family(panel.options[int(m["i"])], prompt_kind, family):
                # an option of another verb's list (pasted, or typed): `bid` never sells
                raise Refusal(self.kind.t(
                    "bot.err.not_this_verb", choose=t("bot.cmd.name.choose"),
                    verb=t(f"{self.game}.cmd.name.{family}")))
            return await games.choose(game_id, user_id, token=m["k"], number=int(m["n"]),
                                      index=int(m["i"]), source="command",
                                      commit_complete=True)
        if parse is None:
            raise Refusal(stale)
        try:
            decisions = parse(panel.preview, panel.seat, commands_.notation_text(family, choice))
        except IllegalDecision as exc:  # the notation's own errors included
            raise Refusal.from_illegal(exc) from None
        if not decisions:
            raise Refusal(t("bot.err.empty_turn"))
        return await games.choose_decisions(game_id, user_id, decisions)

    async def _complete(self, interaction: discord.Interaction, current: str,
                        family: str) -> list[app_commands.Choice[str]]:
        """Autocomplete: only what is legal for this player now (at most 25)."""
        try:
            table = await self.games.table_in(interaction.channel_id or 0)
            if (table is None or table.state is None or table.game.status != "playing"
                    or table.game.game != self.game):
                return []
            seat = table.seat_of(interaction.user.id)
            if seat is None:
                return []
            panel = await self.games.panel(table, seat.seat)
            if not panel.active or panel.complete:
                return []
            prompt = panel.prompt
            prompt_kind = prompt.kind if prompt is not None else ""
            needle = current.strip().lower()
            out = []
            for i, d in enumerate(panel.options):
                if not self.kind.commands.in_family(d, prompt_kind, family):
                    continue
                label = self.kind.rules.describe(d)
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

    async def turn(self, interaction: discord.Interaction) -> None:
        await self._play(interaction, ANY, None)

    async def undo(self, interaction: discord.Interaction) -> None:
        async def work() -> None:
            table = await self._table(interaction)
            res = await self.games.undo(table.game.id, interaction.user.id)
            step = self.kind.rules.describe(res.undone)
            await self._reply(interaction, t("bot.undo.done", step=step) + "\n"
                              + messages.panel_text(res.panel),
                              view=self.buttons.panel_view(res.panel))
            if res.was_posted:
                fresh = await self.games.table(table.game.id)

                def announce() -> str:
                    # a secret choice taken back is not named in public
                    said = (t("bot.undo.secret_step") if res.sealed
                            else self.kind.rules.describe(res.undone))
                    return (t("bot.undo.announce", who=interaction.user.mention, step=said)
                            + "\n" + messages.waiting_line(fresh))
                await self._announce(interaction, fresh, announce, board=True)
        await self._guarded(interaction, work)

    async def auto(self, interaction: discord.Interaction, **chosen: str) -> None:
        async def work() -> None:
            policy = next(iter(chosen.values()))
            table = await self._table(interaction)
            seat = table.seat_of(interaction.user.id)
            if seat is None:
                raise Refusal(t("bot.err.not_seated"))
            if policy not in self.kind.info.policies:
                raise Refusal(self.kind.t("bot.err.no_policy"))
            await self.store.set_seat_info(table.game.id, seat.seat, policy=policy)
            log("standing_answer", game=table.game.id, seat=seat.seat, policy=policy)
            self.publisher.kick(table.game.id)  # the standing answer may apply now
            await self._reply(interaction, t(f"{self.game}.auto.{policy}"))
        await self._guarded(interaction, work)

    # --- information ------------------------------------------------------------------------

    async def hand(self, interaction: discord.Interaction) -> None:
        async def work() -> None:
            table = await self._viewable(interaction)
            seat = table.seat_of(interaction.user.id)
            if seat is None:
                raise Refusal(t("bot.err.not_seated"))
            if table.state is None:
                raise Refusal(self.kind.t("bot.err.not_begun"))
            image = await picture(render_hand, table, seat.seat)
            await self._reply(interaction, messages.hand_message(table, seat.seat),
                              files=png_file(image, "hand.png"))
        await self._guarded(interaction, work)

    async def board(self, interaction: discord.Interaction) -> None:
        async def work() -> None:
            table = await self._viewable(interaction)
            if table.state is None:
                raise Refusal(self.kind.t("bot.err.not_begun"))
            image = await picture(render_board, table)
            await self._reply(interaction, messages.scores_line(table) + "\n"
                              + messages.waiting_line(table), files=png_file(image, "board.png"))
        await self._guarded(interaction, work)

    async def status(self, interaction: discord.Interaction) -> None:
        async def work() -> None:
            table = await self._viewable(interaction)
            drafts = [d.seat for d in await self.store.drafts(table.game.id)]
            text = messages.status_text(table, drafts, idle_limit(table.game.options,
                                                                  self.remind_after))
            if table.game.status == "playing":
                aways, cap = await awaited_away(self.store, table)
                clocks = messages.clock_lines(table, aways, cap, self.clock())
                if clocks:
                    text += "\n" + "\n".join(clocks)
            links = self.publisher.links
            if links is not None and table.state is not None:
                # the answer is the asker's alone: a seat's holder gets their own page too
                text = messages.with_line(text, t("web.link.game",
                                                  url=links.game_url(table.game.id)))
                seat = table.seat_of(interaction.user.id)
                if seat is not None:
                    text = messages.with_line(text, t("web.link.seat", url=links.seat_url(
                        table.game.id, seat.seat, interaction.user.id)))
            await self._reply(interaction, text)
        await self._guarded(interaction, work)

    async def log(self, interaction: discord.Interaction, n: int) -> None:
        async def work() -> None:
            table = await self._viewable(interaction)
            await self._reply(interaction, await self.log_text(table, interaction.user.id, n))
        await self._guarded(interaction, work)

    async def log_text(self, table: Table, user_id: int, n: int) -> str:
        seat = table.seat_of(user_id)
        viewer = seat.seat if seat else None
        entries = await self.store.log_tail(table.game.id, n * 4)
        notes = await self.store.journal(table.game.id)
        lines: list[tuple[int, int, str]] = []
        if (not entries or entries[0].seq == 0) and table.state is not None:
            for ev in self.kind.rules.start_events(table.state):  # the opening, replayed
                text = self.kind.rules.event_text(ev, table.names, viewer)
                if text:
                    lines.append((0, 0, text))
        for e in entries:  # a draw merged into its line ("draws 1 card instead of moving")
            for ev in messages.merged(Event.from_json(x) for x in e.events):
                text = self.kind.rules.event_text(ev, table.names, viewer)
                if text:
                    lines.append((e.seq + 1, 0, text))
        first = entries[0].seq if entries else 0
        lines += [(j.at, -1, f"*{j.text}*") for j in notes if j.at >= first]
        lines.sort(key=lambda x: (x[0], x[1]))
        shown = [text for _, _, text in lines][-n:]
        if not shown:
            return t("bot.log.empty")
        return t("bot.log.head", title=messages.title(table)) + "\n" + "\n".join(shown)

    async def rules(self, interaction: discord.Interaction, topic: str | None,
                    card: str | None = None) -> None:
        if card is not None:
            await self._guarded(interaction, lambda: self._lookup(interaction, card))
            return
        await interaction.response.send_message(  # static text: no database, no need to defer
            messages.clip(t(f"{self.game}.rules.{topic or 'overview'}")), ephemeral=True)

    async def _lookup(self, interaction: discord.Interaction, typed: str) -> None:
        """One piece, privately: its text and its picture; a name that fits none or several
        is refused with what to do."""
        found = self.kind.lookup_find(typed)
        if not found:
            raise Refusal(self.kind.t("bot.lookup.unknown", text=typed[:100]))
        if len(found) > 1:
            labels = dict(self.kind.lookup_names())
            raise Refusal(self.kind.t("bot.lookup.several", text=typed[:100],
                                      names="; ".join(labels[v] for v in found[:8])))
        image = await picture(self.kind.lookup_png, found[0])
        await self._reply(interaction, self.kind.lookup_text(found[0]),
                          files=png_file(image, "card.png"))

    async def mygames(self, interaction: discord.Interaction) -> None:
        await self._ack(interaction)
        await self._reply(interaction, await mygames_text(self.store, self.games,
                                                          interaction.user.id, self.clock()))

    async def verify(self, interaction: discord.Interaction) -> None:
        async def work() -> None:
            table = await self._viewable(interaction)
            events: list[dict[str, Any]] = []
            if table.state is not None:
                events += public_events(self.kind.rules.start_events(table.state))
            for e in await self.store.log(table.game.id):
                events += public_events(e.events)
            problems = self.kind.rules.verify_receipts(events)
            await self._reply(interaction, t("bot.verify.discord_bad",
                                             problems="\n".join(problems)) if problems
                              else t("bot.verify.discord_ok"))
        await self._guarded(interaction, work)

    async def export(self, interaction: discord.Interaction) -> None:
        async def work() -> None:
            table = await self._viewable(interaction)
            record = await game_record(self.store, table)
            await self._reply(interaction, export_note(table, record),
                              files=[record_file(table, record)])
        await self._guarded(interaction, work)


async def awaited_away(store: GameStore, table: Table) -> tuple[dict[int, Away], int | None]:
    """The vacations of the people a game waits for, and its server's cap on them."""
    users = [table.seats[p.seat].user_id for p in table.awaited()]
    aways = await store.away([u for u in users if u is not None])
    guild = table.game.guild_id
    return aways, await store.away_cap(guild) if aways and guild is not None else None


async def mygames_text(store: GameStore, games: Games, user_id: int, now: float) -> str:
    """Every open game of any kind that waits for this user (or is still in its lobby), and
    the games that wait for someone on vacation."""
    rows = await store.games_of_user(user_id)
    lines = []
    absent = []
    for game, seat in rows:
        link = f"https://discord.com/channels/{game.guild_id or '@me'}/{game.channel_id}"
        if game.turn_message:
            link += f"/{game.turn_message}"
        if game.status == "playing":
            table = await games.table(game.id)
            aways, cap = await awaited_away(store, table)
            for p in table.awaited():
                other = table.seats[p.seat]
                line = messages.away_line(other, aways.get(other.user_id or 0), cap, now)
                if line is not None:
                    absent.append(t("bot.mygames.away", title=messages.title(table),
                                    away=line, link=link))
            if seat.seat not in game.awaited:  # (a seat that could act out of turn is not
                continue                       # waited for)
            prompt = table.prompt_of(seat.seat)
            if prompt is None:
                continue
            lines.append(t("bot.mygames.waiting", title=messages.title(table),
                           what=messages.prompt_text(prompt, table), link=link))
        elif game.status == "lobby":
            lines.append(t("bot.mygames.lobby", title=t("bot.title", game=table_name(game.game),
                                                        id=game.id), link=link))
    others = len(rows) - len(lines)
    if not lines:
        text = t("bot.mygames.none", count=others)
    else:
        text = t("bot.mygames.head") + "\n" + "\n".join(lines)
    if absent:
        text += "\n" + t("bot.mygames.away_head") + "\n" + "\n".join(absent)
    return text


def table_name(game_id: str) -> str:
    return next((k.name for k in kinds() if k.id == game_id), game_id)


def build(services: Services) -> list[app_commands.Group | app_commands.Command]:
    """Every registered game's group, and `/mygames` across all of them."""
    out: list[app_commands.Group | app_commands.Command] = [
        GameCommands(services, k).group() for k in kinds()]

    async def mygames(interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        text = await mygames_text(services.store, services.games, interaction.user.id,
                                  services.clock())
        await interaction.followup.send(messages.clip(text), ephemeral=True)

    out.append(command("mygames", text("bot.cmd.mygames_all"), mygames, []))
    return out
