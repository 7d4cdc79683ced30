"""Buttons and select menus. Every one is a `discord.ui.DynamicItem` whose `custom_id` carries
the game id and the decision number (plus a fingerprint of the exact state the prompt was built
on), so a stale or foreign click is recognised and refused, and buttons keep working after a
restart without any view being kept in memory.

custom_id formats (all under Discord's 100 characters):
    ag:o:<game>:<decision>:<state>:<option>   an option button
    ag:s:<game>:<decision>:<state>:<first>    an option select menu (values are option numbers)
    ag:m:<game>:<decision>:<state>:<page>     more options (the next page of menus)
    ag:c:<game>:<decision>:<state>            confirm the draft
    ag:u:<game>:<decision>:<state>            undo the last draft step
    ag:t:<game>:<decision>                    "Take your turn" on the channel's turn message
    ag:x:<game>:<revision>                    confirm abandoning a game
    ag:r:<game>:<seat>                        hand a seat that missed its deadlines to the AI
The callbacks hand over to what answers clicks (`Clicks`, bot/discord/play.py), which the app
names once (`Buttons.answer_with`): the item classes registered with discord.py are bound to it
(see `Buttons`), so no callback looks anything up through the bot object."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, ClassVar, Protocol

import discord

from data.i18n import t
from engine.core import Decision

from ..host.kinds import Kind
from ..host.turns import Panel, Table

BUTTON_ROWS = 4  # rows 0-3 for options; row 4 for Confirm / Undo step / More
PER_ROW = 5
PER_SELECT = 25
FINISHING = {"stop", "done", "end_turn", "skip", "decline", "pass"}  # drawn grey, not blue


class Clicks(Protocol):
    """What answers the buttons and menus (bot.discord.play.Play)."""

    async def enter(self, interaction: discord.Interaction) -> bool: ...
    async def option(self, interaction: discord.Interaction, game_id: int, number: int,
                     token: str, index: int) -> None: ...
    async def page(self, interaction: discord.Interaction, game_id: int, number: int,
                   token: str, page: int) -> None: ...
    async def confirm(self, interaction: discord.Interaction, game_id: int, number: int,
                      token: str) -> None: ...
    async def undo_step(self, interaction: discord.Interaction, game_id: int, number: int,
                        token: str) -> None: ...
    async def take_turn(self, interaction: discord.Interaction, game_id: int,
                        number: int) -> None: ...
    async def abandon(self, interaction: discord.Interaction, game_id: int,
                      revision: int) -> None: ...
    async def hand_over(self, interaction: discord.Interaction, game_id: int,
                        seat: int) -> None: ...


class Entered:
    """Every button and menu first speaks the clicking user's language (bot.discord.locales),
    then hands the click to `clicks`, which the bound subclasses made by `Buttons` carry."""

    clicks: ClassVar[Clicks]

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        return await self.clicks.enter(interaction)


def _clip(text: str, n: int) -> str:
    return text if len(text) <= n else text[: n - 1] + "…"


class OptionButton(Entered, discord.ui.DynamicItem[discord.ui.Button],
                   template=r"ag:o:(?P<g>\d+):(?P<n>\d+):(?P<k>[0-9a-f]{8}):(?P<i>\d+)"):
    def __init__(self, game: int, number: int, token: str, index: int, label: str,
                 style: discord.ButtonStyle = discord.ButtonStyle.primary,
                 row: int | None = None) -> None:
        super().__init__(discord.ui.Button(
            label=_clip(label, 80), style=style, row=row,
            custom_id=f"ag:o:{game}:{number}:{token}:{index}"))
        self.game, self.number, self.token, self.index = game, number, token, index

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str]) -> OptionButton:
        return cls(int(match["g"]), int(match["n"]), match["k"], int(match["i"]),
                   item.label or "")

    async def callback(self, interaction: discord.Interaction) -> None:
        await self.clicks.option(interaction, self.game, self.number, self.token,
                                        self.index)


class OptionSelect(Entered, discord.ui.DynamicItem[discord.ui.Select],
                   template=r"ag:s:(?P<g>\d+):(?P<n>\d+):(?P<k>[0-9a-f]{8}):(?P<f>\d+)"):
    def __init__(self, game: int, number: int, token: str, first: int,
                 choices: Sequence[tuple[int, str]] = (), placeholder: str = "",
                 row: int | None = None) -> None:
        options = [discord.SelectOption(label=_clip(label, 100), value=str(i))
                   for i, label in choices]
        super().__init__(discord.ui.Select(
            custom_id=f"ag:s:{game}:{number}:{token}:{first}", options=options or
            [discord.SelectOption(label="-", value="-1")],
            placeholder=_clip(placeholder, 150) or None, row=row, min_values=1, max_values=1))
        self.game, self.number, self.token = game, number, token

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Select,
                             match: re.Match[str]) -> OptionSelect:
        return cls(int(match["g"]), int(match["n"]), match["k"], int(match["f"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        values: list[Any] = (interaction.data or {}).get("values") or []  # type: ignore[assignment]
        try:
            index = int(values[0])
        except (IndexError, ValueError):
            index = -1
        await self.clicks.option(interaction, self.game, self.number, self.token, index)


class MoreButton(Entered, discord.ui.DynamicItem[discord.ui.Button],
                 template=r"ag:m:(?P<g>\d+):(?P<n>\d+):(?P<k>[0-9a-f]{8}):(?P<p>\d+)"):
    def __init__(self, game: int, number: int, token: str, page: int, row: int | None = None
                 ) -> None:
        super().__init__(discord.ui.Button(
            label=t("bot.button.more"), style=discord.ButtonStyle.secondary, row=row,
            custom_id=f"ag:m:{game}:{number}:{token}:{page}"))
        self.game, self.number, self.token, self.page = game, number, token, page

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str]) -> MoreButton:
        return cls(int(match["g"]), int(match["n"]), match["k"], int(match["p"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await self.clicks.page(interaction, self.game, self.number, self.token, self.page)


class ConfirmButton(Entered, discord.ui.DynamicItem[discord.ui.Button],
                    template=r"ag:c:(?P<g>\d+):(?P<n>\d+):(?P<k>[0-9a-f]{8})"):
    def __init__(self, game: int, number: int, token: str, row: int | None = None) -> None:
        super().__init__(discord.ui.Button(
            label=t("bot.button.confirm"), style=discord.ButtonStyle.success, row=row,
            custom_id=f"ag:c:{game}:{number}:{token}"))
        self.game, self.number, self.token = game, number, token

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str]) -> ConfirmButton:
        return cls(int(match["g"]), int(match["n"]), match["k"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await self.clicks.confirm(interaction, self.game, self.number, self.token)


class UndoStepButton(Entered, discord.ui.DynamicItem[discord.ui.Button],
                     template=r"ag:u:(?P<g>\d+):(?P<n>\d+):(?P<k>[0-9a-f]{8})"):
    def __init__(self, game: int, number: int, token: str, row: int | None = None) -> None:
        super().__init__(discord.ui.Button(
            label=t("bot.button.undo_step"), style=discord.ButtonStyle.secondary, row=row,
            custom_id=f"ag:u:{game}:{number}:{token}"))
        self.game, self.number, self.token = game, number, token

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str]) -> UndoStepButton:
        return cls(int(match["g"]), int(match["n"]), match["k"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await self.clicks.undo_step(interaction, self.game, self.number, self.token)


class TurnButton(Entered, discord.ui.DynamicItem[discord.ui.Button],
                 template=r"ag:t:(?P<g>\d+):(?P<n>\d+)"):
    def __init__(self, game: int, number: int, label: str | None = None) -> None:
        super().__init__(discord.ui.Button(
            label=label or t("bot.button.take_turn"), style=discord.ButtonStyle.primary,
            custom_id=f"ag:t:{game}:{number}"))
        self.game, self.number = game, number

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str]) -> TurnButton:
        return cls(int(match["g"]), int(match["n"]), item.label)

    async def callback(self, interaction: discord.Interaction) -> None:
        await self.clicks.take_turn(interaction, self.game, self.number)


class AbandonButton(Entered, discord.ui.DynamicItem[discord.ui.Button],
                    template=r"ag:x:(?P<g>\d+):(?P<r>\d+)"):
    def __init__(self, game: int, revision: int) -> None:
        super().__init__(discord.ui.Button(
            label=t("bot.button.abandon"), style=discord.ButtonStyle.danger,
            custom_id=f"ag:x:{game}:{revision}"))
        self.game, self.revision = game, revision

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str]) -> AbandonButton:
        return cls(int(match["g"]), int(match["r"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await self.clicks.abandon(interaction, self.game, self.revision)


class HandOverButton(Entered, discord.ui.DynamicItem[discord.ui.Button],
                     template=r"ag:r:(?P<g>\d+):(?P<s>\d+)"):
    """The host's offer after a seat missed three deadlines in a row: the AI plays it for
    good (as `/<game> replace`)."""

    def __init__(self, game: int, seat: int, label: str | None = None) -> None:
        super().__init__(discord.ui.Button(
            label=_clip(label or t("bot.button.hand_over", name="?"), 80),
            style=discord.ButtonStyle.danger, custom_id=f"ag:r:{game}:{seat}"))
        self.game, self.seat = game, seat

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str]) -> HandOverButton:
        return cls(int(match["g"]), int(match["s"]), item.label)

    async def callback(self, interaction: discord.Interaction) -> None:
        await self.clicks.hand_over(interaction, self.game, self.seat)


ITEMS = (OptionButton, OptionSelect, MoreButton, ConfirmButton, UndoStepButton, TurnButton,
         AbandonButton, HandOverButton)


class Buttons:
    """The bot's buttons and menus, bound to what answers their clicks.

    discord.py hands a click to the item class registered for its custom_id's template, and
    registers anew the class of every item in a view it sends (`ViewStore.add_view`). So each
    Buttons makes its own subclass of every item class, registers those (`items`) and builds
    its views from the same subclasses: a sent view never puts an unbound class in their place.
    The app makes the buttons first (the publisher and play send them) and then names what
    answers them, once (`answer_with`)."""

    def __init__(self) -> None:
        self._bound: dict[type, Any] = {
            cls: type(cls.__name__, (cls,), {}, template=cls.__discord_ui_compiled_template__)
            for cls in ITEMS}

    @property
    def items(self) -> tuple[Any, ...]:
        """The item classes to register with the client (`add_dynamic_items`)."""
        return tuple(self._bound.values())

    def answer_with(self, clicks: Clicks) -> None:
        for cls in self._bound.values():
            cls.clicks = clicks

    def panel_view(self, panel: Panel, page: int = 0) -> discord.ui.View:
        """The buttons and menus of a player's private prompt (DM or ephemeral panel)."""
        view = discord.ui.View(timeout=None)
        gid, num, tok = panel.table.game.id, panel.number, panel.token
        k = panel.table.kind
        describe = k.rules.describe
        item = self._bound
        more = False
        if not panel.complete:
            rows, menus = option_layout(k, panel.options)
            for r, row in enumerate(rows):
                for i, d in row:
                    style = (discord.ButtonStyle.secondary if d.kind in FINISHING
                             else discord.ButtonStyle.primary)
                    view.add_item(item[OptionButton](gid, num, tok, i, describe(d), style, row=r))
            free = BUTTON_ROWS - len(rows)
            pages = max(1, -(-len(menus) // free)) if menus else 1
            page = min(page, pages - 1)
            shown = menus[page * free:(page + 1) * free]
            for j, (key, items) in enumerate(shown):
                first, last = items[0][0] + 1, items[-1][0] + 1
                what = t("bot.menu.all") if key == "all" else k.rules.menu_title(key)
                view.add_item(item[OptionSelect](
                    gid, num, tok, items[0][0], [(i, describe(d)) for i, d in items],
                    t("bot.menu.placeholder", what=what, first=first, last=last),
                    row=len(rows) + j))
            more = pages > 1
            if more:
                view.add_item(item[MoreButton](gid, num, tok, (page + 1) % pages, row=BUTTON_ROWS))
        if panel.complete:  # Confirm only once the part is whole; a partial draft can be undone
            view.add_item(item[ConfirmButton](gid, num, tok, row=BUTTON_ROWS))
        if panel.steps:
            view.add_item(item[UndoStepButton](gid, num, tok, row=BUTTON_ROWS))
        return view

    def turn_view(self, game_id: int, number: int, label: str) -> discord.ui.View:
        """The channel post's "Take your turn" (or "Answer") button."""
        view = discord.ui.View(timeout=None)
        view.add_item(self._bound[TurnButton](game_id, number, label))
        return view

    def replace_view(self, game_id: int, seat: int, name: str) -> discord.ui.View:
        """The host's button to hand `name`'s seat to the AI for good."""
        view = discord.ui.View(timeout=None)
        view.add_item(self._bound[HandOverButton](game_id, seat,
                                                  t("bot.button.hand_over", name=name)))
        return view

    def abandon_view(self, game_id: int, revision: int) -> discord.ui.View:
        view = discord.ui.View(timeout=None)
        view.add_item(self._bound[AbandonButton](game_id, revision))
        return view


# --- layouts ----------------------------------------------------------------------------------

def _chunks(items: list[tuple[int, Decision]], n: int) -> list[list[tuple[int, Decision]]]:
    return [items[i:i + n] for i in range(0, len(items), n)]


def option_layout(k: Kind, opts: list[Decision]) -> tuple[list[list[tuple[int, Decision]]],
                                                  list[tuple[str, list[tuple[int, Decision]]]]]:
    """Split the options into button rows and select menus within Discord's 4 free rows.
    Returns (button rows, [(menu title, items)]); more than 4 menus means several pages."""
    indexed = list(enumerate(opts))
    if len(indexed) <= BUTTON_ROWS * PER_ROW:
        return _chunks(indexed, PER_ROW), []
    groups: dict[str, list[tuple[int, Decision]]] = {}
    for i, d in indexed:
        groups.setdefault(k.rules.group_key(d), []).append((i, d))
    small = [x for g in groups.values() if len(g) <= 3 for x in g]
    menus = [(key, chunk) for key, g in groups.items() if len(g) > 3
             for chunk in _chunks(g, PER_SELECT)]
    rows = _chunks(small, PER_ROW)
    if len(rows) + len(menus) <= BUTTON_ROWS:
        return rows, menus
    return [], [("all", chunk) for chunk in _chunks(indexed, PER_SELECT)]


def turn_label(table: Table) -> str:
    """"Take your turn" when one seat begins its own turn, else "Answer"."""
    awaited = table.awaited()
    turn = len(awaited) == 1 and awaited[0].kind in table.kind.info.turn_prompts
    return t("bot.button.take_turn") if turn else t("bot.button.answer")
