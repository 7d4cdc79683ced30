"""The Discord test double, proven end to end with a toy discord.py bot.

The toy bot is an unmodified ``commands.AutoShardedBot``: an app command group
``/toy`` (ping, echo with autocomplete, pic with files, dm, board, slow), a
persistent ``DynamicItem`` counter button and a persistent select menu.
"""

from __future__ import annotations

import asyncio
import io
import re
from typing import TYPE_CHECKING

import discord
import pytest
import pytest_asyncio
from discord import app_commands
from discord.ext import commands
from PIL import Image

from tests.discord_double import DiscordDouble, DoubleTimeout, NotConnected

if TYPE_CHECKING:
    from tests.discord_double.fixtures import BotStarter

pytest_plugins = ["tests.discord_double.fixtures"]  # the discord_double and bot_starter fixtures

FRUIT = ["apple", "apricot", "banana", "blueberry", "cherry"]
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def make_png(size: tuple[int, int] = (64, 48)) -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", size, (200, 30, 30)).save(buffer, "PNG")
    return buffer.getvalue()


class Counter(discord.ui.DynamicItem[discord.ui.Button], template=r"toy:count:(?P<n>\d+)"):
    """A persistent button whose custom_id carries its number."""

    def __init__(self, n: int) -> None:
        super().__init__(
            discord.ui.Button(
                label=f"Count {n}", style=discord.ButtonStyle.primary, custom_id=f"toy:count:{n}"
            )
        )
        self.n = n

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]
    ) -> Counter:
        return cls(int(match["n"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.edit_message(
            content=f"count: {self.n + 1} (by {interaction.user.name})",
            view=counter_view(self.n + 1),
        )


def counter_view(n: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(Counter(n))
    return view


class PickView(discord.ui.View):
    """A persistent select menu (registered with ``bot.add_view``)."""

    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.select(
        custom_id="toy:pick",
        placeholder="Pick fruit",
        min_values=1,
        max_values=2,
        options=[discord.SelectOption(label=f, value=f) for f in FRUIT],
    )
    async def pick(self, interaction: discord.Interaction, select: discord.ui.Select) -> None:
        where = getattr(interaction.channel, "name", "dm")
        await interaction.response.edit_message(
            content=f"picked {', '.join(select.values)} in {where}"
        )


toy = app_commands.Group(name="toy", description="Toy commands")


@toy.command(description="Answer privately")
async def ping(interaction: discord.Interaction) -> None:
    await interaction.response.send_message("pong", ephemeral=True)


@toy.command(description="Repeat some text")
@app_commands.describe(text="What to repeat")
async def echo(interaction: discord.Interaction, text: str) -> None:
    await interaction.response.send_message(f"echo: {text}")


@echo.autocomplete("text")
async def echo_complete(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=f, value=f) for f in FRUIT if f.startswith(current.lower())]


@toy.command(description="Draw a picture")
async def pic(interaction: discord.Interaction) -> None:
    await interaction.response.defer(thinking=True)
    png = make_png()
    await interaction.followup.send(
        "here is your picture", file=discord.File(io.BytesIO(png), "pic.png")
    )
    await interaction.followup.send("a copy went to the channel", ephemeral=True)
    assert isinstance(interaction.channel, discord.abc.Messageable)
    await interaction.channel.send(
        "board", file=discord.File(io.BytesIO(make_png((32, 32))), "board.png")
    )


@toy.command(description="Get a private counter by DM")
async def dm(interaction: discord.Interaction) -> None:
    try:
        await interaction.user.send("Your private counter", view=counter_view(1))
    except discord.Forbidden:
        assert isinstance(interaction.channel, discord.abc.Messageable)
        await interaction.channel.send(
            f"I can't send you direct messages, {interaction.user.mention}"
        )
        await interaction.response.send_message("Please open your DMs", ephemeral=True)
        return
    await interaction.response.send_message("Check your DMs", ephemeral=True)


@toy.command(description="Post a counter and a fruit picker")
async def board(interaction: discord.Interaction) -> None:
    name = getattr(interaction.channel, "name", "dm")
    await interaction.response.send_message(f"board for {name}", view=counter_view(1))
    assert isinstance(interaction.channel, discord.abc.Messageable)
    await interaction.channel.send(f"pick fruit in {name}", view=PickView())


@toy.command(description="Answer too late")
async def slow(interaction: discord.Interaction) -> None:
    await asyncio.sleep(0.3)
    try:
        await interaction.response.send_message("finally")
    except discord.NotFound as exc:
        interaction.client.late_errors.append(exc.code)  # type: ignore[attr-defined]


class ToyBot(commands.AutoShardedBot):
    def __init__(self) -> None:
        super().__init__(command_prefix=commands.when_mentioned, intents=discord.Intents.default())
        self.tree.add_command(toy)
        self.synced: list[app_commands.AppCommand] = []
        self.late_errors: list[int] = []

    async def setup_hook(self) -> None:
        self.add_dynamic_items(Counter)
        self.add_view(PickView())
        self.synced = await self.tree.sync()


@pytest_asyncio.fixture
async def toy_bot(bot_starter: BotStarter) -> ToyBot:
    bot = ToyBot()
    await bot_starter(bot)
    return bot


async def test_connects_and_syncs_commands(discord_double: DiscordDouble, toy_bot: ToyBot) -> None:
    double = discord_double
    (command,) = double.commands()
    assert command.name == "toy"
    assert sorted(command.subcommand_paths()) == [
        ("toy", name) for name in ("board", "dm", "echo", "pic", "ping", "slow")
    ]
    assert [c.id for c in toy_bot.synced] == [command.id]
    session = double.gateway.sessions[-1]
    assert session.identify["shard"] == [0, 1]
    assert session.identify["intents"] == discord.Intents.default().value
    assert double.gateway.connections and all(
        c.compress == "zlib-stream" for c in double.gateway.connections
    )
    assert double.guild is not None
    guild = toy_bot.get_guild(double.guild.id)
    assert guild is not None and guild.name == "Agora Test"
    assert [c.name for c in guild.text_channels] == ["general", "game-1", "game-2"]
    assert guild.me.id == double.bot_user.id
    assert toy_bot.user is not None and toy_bot.user.id == double.bot_user.id
    assert toy_bot.application_id == double.application_id
    double.assert_clean()


async def test_ping_is_ephemeral(discord_double: DiscordDouble, toy_bot: ToyBot) -> None:
    inter = await discord_double.slash("alice", "general", "toy", "ping")
    await inter.response()
    assert inter.callback_type == 4
    assert inter.content == "pong"
    assert inter.ephemeral
    assert discord_double.messages("general") == []  # nobody else sees it
    assert [m.content for m in discord_double.ephemeral_messages("alice")] == ["pong"]
    assert inter.payload["member"]["user"]["username"] == "alice"
    discord_double.assert_clean()


async def test_echo_autocomplete_and_reply(discord_double: DiscordDouble, toy_bot: ToyBot) -> None:
    double = discord_double
    choices = await double.autocomplete(
        "bob", "general", "toy echo", focused="text", options={"text": "ap"}
    )
    assert choices == [{"name": "apple", "value": "apple"}, {"name": "apricot", "value": "apricot"}]
    assert await double.autocomplete("bob", "general", "toy echo", focused="text") == [
        {"name": f, "value": f} for f in FRUIT
    ]

    inter = await double.slash("bob", "general", "toy", "echo", options={"text": "apricot"})
    await inter.response()
    assert inter.content == "echo: apricot" and not inter.ephemeral
    (message,) = double.messages("general")
    assert message is inter.message
    assert message.author is double.bot_user
    assert message.interaction_metadata is not None
    assert message.interaction_metadata["user"]["username"] == "bob"

    with pytest.raises(ValueError, match="no option 'txt'"):
        await double.slash("bob", "general", "toy echo", options={"txt": "x"})
    with pytest.raises(ValueError, match="required options missing: text"):
        await double.slash("bob", "general", "toy echo")
    with pytest.raises(ValueError, match="no subcommand 'pong'"):
        await double.slash("bob", "general", "toy pong")
    double.assert_clean()


async def test_pic_followup_and_channel_attachment_are_png(
    discord_double: DiscordDouble,
    toy_bot: ToyBot,
) -> None:
    double = discord_double
    inter = await double.slash("carol", "game-1", "toy pic")
    await inter.wait_done()
    assert inter.callback_type == 5 and inter.deferred
    first, second = await inter.wait_followups(2)
    # Discord: the first follow-up after a deferred answer fills in the "thinking" message.
    assert first is inter.original and not first.loading and not first.ephemeral
    assert first.content == "here is your picture"
    (attachment,) = first.attachments
    assert attachment.filename == "pic.png" and attachment.content_type == "image/png"
    assert attachment.data.startswith(PNG_SIGNATURE)
    assert Image.open(io.BytesIO(attachment.data)).size == (64, 48)
    assert (attachment.width, attachment.height) == (64, 48)
    assert second.ephemeral and second.content == "a copy went to the channel"

    posted = await double.wait_for_message("game-1", lambda m: m.content == "board")
    (board_png,) = posted.attachments
    assert board_png.filename == "board.png"
    assert Image.open(io.BytesIO(board_png.data)).size == (32, 32)
    # The bot can download what it uploaded (attachment URLs point at the double).
    channel = toy_bot.get_channel(posted.channel.id)
    assert isinstance(channel, discord.TextChannel)
    fetched = await channel.fetch_message(posted.id)
    assert await fetched.attachments[0].read() == board_png.data
    assert [m.content for m in double.messages("game-1")] == ["here is your picture", "board"]
    double.assert_clean()


async def test_dm_button_click_from_dm(discord_double: DiscordDouble, toy_bot: ToyBot) -> None:
    double = discord_double
    inter = await double.slash("bob", "general", "toy dm")
    await inter.response()
    assert inter.ephemeral and inter.content == "Check your DMs"
    (dm,) = double.dms("bob")
    assert dm.content == "Your private counter" and dm.custom_ids == ["toy:count:1"]
    assert dm.channel.is_dm and dm.guild is None

    click = await double.click("bob", dm, "toy:count:1")
    await click.response()
    assert click.callback_type == 7
    assert "guild_id" not in click.payload and click.payload["user"]["username"] == "bob"
    assert dm.content == "count: 2 (by bob)" and dm.custom_ids == ["toy:count:2"]
    assert click.message is dm

    again = await double.click("bob", dm, label="Count 2")
    await again.response()
    assert dm.content == "count: 3 (by bob)"
    with pytest.raises(LookupError, match="no component 'toy:count:1'"):
        await double.click("bob", dm, "toy:count:1")  # that button is gone from the message
    with pytest.raises(PermissionError):
        await double.click("alice", dm, "toy:count:3")  # not alice's DM
    double.assert_clean()


async def test_closed_dms_are_reported_in_channel(
    discord_double: DiscordDouble,
    toy_bot: ToyBot,
) -> None:
    double = discord_double
    double.set_dms_open("carol", False)
    inter = await double.slash("carol", "general", "toy dm")
    await inter.response()
    assert inter.ephemeral and inter.content == "Please open your DMs"
    notice = await double.wait_for_message("general", lambda m: "direct messages" in m.content)
    assert notice.content == f"I can't send you direct messages, {double.user('carol').mention}"
    assert notice.mentions == [double.user("carol")]
    assert double.dms("carol") == []
    refused = [r for r in double.requests if r.status == 403]
    assert len(refused) == 1 and refused[0].method == "POST"
    assert refused[0].path == f"/channels/{double.dm_channel('carol').id}/messages"
    double.assert_clean()


async def test_restart_keeps_old_buttons_working(
    discord_double: DiscordDouble,
    bot_starter: BotStarter,
) -> None:
    double = discord_double
    first = await bot_starter(ToyBot())
    inter = await double.slash("alice", "game-1", "toy board")
    await inter.response()
    counter = inter.message
    assert counter is not None and counter.custom_ids == ["toy:count:1"]
    picker = await double.wait_for_message("game-1", lambda m: m.custom_ids == ["toy:pick"])

    await first.stop()
    await double.wait_for_disconnect()
    with pytest.raises(NotConnected):
        await double.click("alice", counter, "toy:count:1")

    second_bot = ToyBot()
    await bot_starter(second_bot)
    assert len(double.gateway.sessions) == 2
    click = await double.click("dave", counter, "toy:count:1")
    await click.response()
    assert counter.content == "count: 2 (by dave)" and counter.custom_ids == ["toy:count:2"]
    choice = await double.select("dave", picker, "toy:pick", ["apple", "cherry"])
    await choice.response()
    assert picker.content == "picked apple, cherry in game-1"
    assert picker.custom_ids == ["toy:pick"]  # type 7 without components keeps them
    assert [c.id for c in second_bot.synced] == [double.command("toy").id]  # stable ids
    double.assert_clean()


async def test_two_channels_at_once(discord_double: DiscordDouble, toy_bot: ToyBot) -> None:
    double = discord_double
    one, two = await asyncio.gather(
        double.slash("alice", "game-1", "toy board"), double.slash("bob", "game-2", "toy board")
    )
    await asyncio.gather(one.response(), two.response())
    assert (
        one.content == "board for game-1" and one.message and one.message.channel.name == "game-1"
    )
    assert (
        two.content == "board for game-2" and two.message and two.message.channel.name == "game-2"
    )
    pickers = await asyncio.gather(
        double.wait_for_message("game-1", lambda m: m.custom_ids == ["toy:pick"]),
        double.wait_for_message("game-2", lambda m: m.custom_ids == ["toy:pick"]),
    )
    picks = await asyncio.gather(
        double.select("alice", pickers[0], "toy:pick", ["banana"]),
        double.select("bob", pickers[1], "toy:pick", ["cherry", "apple"]),
    )
    await asyncio.gather(*(p.response() for p in picks))
    assert pickers[0].content == "picked banana in game-1"
    assert pickers[1].content == "picked cherry, apple in game-2"
    with pytest.raises(ValueError, match="no options"):
        await double.select("alice", pickers[0], "toy:pick", ["durian"])
    with pytest.raises(ValueError, match="takes 1..2 values"):
        await double.select("alice", pickers[0], "toy:pick", ["apple", "banana", "cherry"])
    double.assert_clean()


async def test_gateway_drop_resumes_and_replays(
    discord_double: DiscordDouble,
    toy_bot: ToyBot,
) -> None:
    double = discord_double
    await double.drop_gateway()
    inter = await double.slash("dave", "general", "toy ping")  # buffered while disconnected
    await double.wait_for_resume()
    await inter.response()
    assert inter.content == "pong"
    assert len(double.gateway.sessions) == 1 and double.gateway.sessions[0].resumes == 1
    double.assert_clean()


async def test_late_answer_and_unknown_route_are_reported(
    discord_double: DiscordDouble,
    toy_bot: ToyBot,
) -> None:
    double = discord_double
    double.interaction_deadline = 0.1
    inter = await double.slash("alice", "general", "toy slow")
    with pytest.raises(
        DoubleTimeout, match=r"did not answer interaction 'toy slow' within 0.6 s.*10062"
    ):
        await inter.response(timeout=0.6)
    assert toy_bot.late_errors == [10062]

    with pytest.raises(discord.NotFound):
        await toy_bot.http.request(discord.http.Route("GET", "/nowhere/{n}", n=1))
    assert [str(r) for r in double.unknown_requests] == ["GET /nowhere/1 -> 404"]
    with pytest.raises(AssertionError, match="unknown route: GET /nowhere/1"):
        double.assert_clean()
