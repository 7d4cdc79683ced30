"""Everything the double remembers, and the rules for changing it.

The REST handlers, the gateway and the test driver all go through a single
:class:`Store`. Every change calls :meth:`Store.notify`, which wakes whoever
waits in :meth:`Store.wait_until` (the driver's ``wait_for_*`` helpers and the
interaction handles).
"""

from __future__ import annotations

import asyncio
import contextlib
import copy
import io
import mimetypes
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar
from urllib.parse import quote

from .errors import (
    CANNOT_MESSAGE_USER,
    MISSING_PERMISSIONS,
    ApiError,
    DoubleTimeout,
    invalid_form,
)
from .models import (
    BOT_ROLE_PERMISSIONS,
    DM,
    EVERYONE_PERMISSIONS,
    FLAG_COMPONENTS_V2,
    FLAG_EPHEMERAL,
    FLAG_SUPPRESS_EMBEDS,
    GUILD_TEXT,
    Attachment,
    Channel,
    Command,
    Guild,
    Member,
    Message,
    Role,
    Snowflakes,
    User,
    now,
    walk_components,
)
from .validation import check_command, check_message, check_not_empty

if TYPE_CHECKING:
    from .interactions import InteractionHandle

T = TypeVar("T")

FLAG_SUPPRESS_NOTIFICATIONS = 1 << 12
CREATE_FLAGS = FLAG_SUPPRESS_EMBEDS | FLAG_SUPPRESS_NOTIFICATIONS | FLAG_COMPONENTS_V2
MENTION = re.compile(r"<@!?(\d+)>")
POLL_INTERVAL = 0.05


@dataclass
class Upload:
    """One file part of a multipart request (``files[n]``)."""

    index: int | None
    filename: str
    data: bytes
    content_type: str | None = None


@dataclass
class RecordedRequest:
    method: str
    path: str
    query: dict[str, str]
    body: Any = None
    files: list[str] = field(default_factory=list)
    status: int = 0
    known: bool = True

    def __str__(self) -> str:
        return f"{self.method} {self.path} -> {self.status}"


UserRef = User | str | int
ChannelRef = Channel | str | int


@dataclass
class Fault:
    """One injected REST failure: the next request whose method is ``method`` and whose path
    (after ``/api/v10``) matches ``path`` (a regular expression, whole path) gets ``status``
    with Discord's JSON error body ``{"code": code, "message": message}`` (plus
    ``retry_after`` for a 429), without being carried out."""

    method: str
    path: str
    status: int
    code: int = 0
    message: str = "injected by the test"

    def matches(self, method: str, path: str) -> bool:
        return method == self.method and re.fullmatch(self.path, path) is not None


class Store:
    def __init__(self, *, token: str, bot_name: str) -> None:
        self.ids = Snowflakes()
        self.token = token
        self.base_url = ""  # http://127.0.0.1:PORT, set when the server starts
        self.users: dict[int, User] = {}
        self.guilds: dict[int, Guild] = {}
        self.channels: dict[int, Channel] = {}
        self.messages: dict[int, Message] = {}
        self.attachments: dict[int, Attachment] = {}
        self.commands: dict[int | None, list[Command]] = {}
        self.interactions: dict[int, InteractionHandle] = {}
        self.requests: list[RecordedRequest] = []
        # injected REST failures (DiscordDouble.fail_next): each answers one matching request
        self.faults: list[Fault] = []
        self.unknown_requests: list[RecordedRequest] = []
        self.errors: list[str] = []
        self.bot_user = self.add_user(bot_name, bot=True)
        self.application_id = self.bot_user.id
        self.app_owner: User | None = None
        self._changed = asyncio.Event()

    # -- change notification -------------------------------------------------

    def notify(self) -> None:
        changed, self._changed = self._changed, asyncio.Event()
        changed.set()

    async def wait_until(
        self, check: Callable[[], T | None], timeout: float, describe: Callable[[], str]
    ) -> T:
        """Wait until ``check()`` returns something other than None.

        Re-checked on every change of the double and at least every 50 ms
        (so conditions on the bot's own state work too)."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            result = check()
            if result is not None:
                return result
            remaining = deadline - loop.time()
            if remaining <= 0:
                raise DoubleTimeout(describe())
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._changed.wait(), min(remaining, POLL_INTERVAL))

    # -- world ---------------------------------------------------------------

    def add_user(self, name: str, *, bot: bool = False, dms_open: bool = True) -> User:
        if any(u.name == name for u in self.users.values()):
            raise ValueError(f"a user named {name!r} already exists")
        user = User(id=self.ids.next(), name=name, bot=bot, dms_open=dms_open)
        self.users[user.id] = user
        return user

    def add_guild(self, name: str, owner: User) -> Guild:
        guild_id = self.ids.next()
        everyone = Role(id=guild_id, name="@everyone", permissions=EVERYONE_PERMISSIONS)
        bot_role = Role(
            id=self.ids.next(),
            name=self.bot_user.name,
            permissions=BOT_ROLE_PERMISSIONS,
            position=1,
            managed=True,
        )
        guild = Guild(id=guild_id, name=name, owner=owner, roles=[everyone, bot_role])
        self.guilds[guild.id] = guild
        guild.members[self.bot_user.id] = Member(self.bot_user, roles=[bot_role])
        self.add_member(guild, owner)
        return guild

    def add_member(self, guild: Guild, user: User) -> Member:
        member = guild.members.get(user.id)
        if member is None:
            member = guild.members[user.id] = Member(user)
        return member

    def add_channel(
        self,
        guild: Guild,
        name: str,
        *,
        type: int = GUILD_TEXT,
        parent: Channel | None = None,
        owner: User | None = None,
        channel_id: int | None = None,
    ) -> Channel:
        channel = Channel(
            id=channel_id or self.ids.next(),
            name=name,
            type=type,
            guild=guild,
            position=len(guild.channels),
            parent_id=parent.id if parent else None,
            owner_id=owner.id if owner else None,
        )
        guild.channels.append(channel)
        self.channels[channel.id] = channel
        return channel

    def dm_channel(self, user: User) -> Channel:
        for channel in self.channels.values():
            if channel.recipient is user:
                return channel
        channel = Channel(id=self.ids.next(), name=f"dm-{user.name}", type=DM, recipient=user)
        self.channels[channel.id] = channel
        return channel

    def user(self, ref: UserRef) -> User:
        if isinstance(ref, User):
            return ref
        for user in self.users.values():
            if ref in (user.name, user.id, str(user.id)):
                return user
        raise KeyError(f"no user {ref!r} (known: {', '.join(u.name for u in self.users.values())})")

    def channel(self, ref: ChannelRef, guild: Guild | None = None) -> Channel:
        if isinstance(ref, Channel):
            return ref
        for channel in self.channels.values():
            in_guild = guild is None or channel.guild is guild
            if in_guild and ref in (channel.name, channel.id, str(channel.id)):
                return channel
        raise KeyError(f"no channel {ref!r}")

    def find_channel(self, channel_id: int) -> Channel | None:
        return self.channels.get(channel_id)

    def channel_messages(self, channel: Channel) -> list[Message]:
        return [m for m in self.messages.values() if m.channel is channel and not m.deleted]

    # -- messages ------------------------------------------------------------

    def check_can_send(self, channel: Channel, author: User) -> None:
        """Bot messages to a DM channel fail when the user does not accept DMs."""
        if author.bot and channel.recipient is not None and not channel.recipient.dms_open:
            raise ApiError(403, CANNOT_MESSAGE_USER, "Cannot send messages to this user")
        if author.bot and not channel.bot_can_send:
            raise ApiError(403, MISSING_PERMISSIONS, "Missing Permissions")

    def create_message(
        self,
        channel: Channel,
        author: User,
        payload: dict[str, Any],
        uploads: Iterable[Upload] = (),
        *,
        msg_type: int = 0,
        extra_flags: int = 0,
        allow_empty: bool = False,
        webhook_id: int | None = None,
        interaction_metadata: dict[str, Any] | None = None,
        visible_to: User | None = None,
    ) -> Message:
        check_message(payload)
        uploads = list(uploads)
        flags = (int(payload.get("flags") or 0) & CREATE_FLAGS) | extra_flags
        message = Message(
            id=self.ids.next(),
            channel=channel,
            author=author,
            flags=flags,
            type=msg_type,
            webhook_id=webhook_id,
            application_id=self.application_id if webhook_id else None,
            interaction_metadata=interaction_metadata,
            visible_to=visible_to,
            nonce=str(payload["nonce"]) if payload.get("nonce") is not None else None,
        )
        reference = payload.get("message_reference")
        if reference and reference.get("message_id"):
            message.reference = self.messages.get(int(reference["message_id"]))
            if message.reference is None and reference.get("fail_if_not_exists", True):
                raise invalid_form(
                    "message_reference", "MESSAGE_REFERENCE_UNKNOWN_MESSAGE", "Unknown message"
                )
        self._apply(message, payload, uploads, creating=True, allow_empty=allow_empty)
        self.messages[message.id] = message
        channel.last_message_id = message.id
        self.notify()
        return message

    def edit_message(
        self, message: Message, payload: dict[str, Any], uploads: Iterable[Upload] = ()
    ) -> Message:
        check_message({**payload, "flags": message.flags | int(payload.get("flags") or 0)})
        self._apply(message, payload, list(uploads), creating=False, allow_empty=False)
        self.notify()
        return message

    def delete_message(self, message: Message) -> None:
        message.deleted = True
        self.notify()

    def _apply(
        self,
        message: Message,
        payload: dict[str, Any],
        uploads: list[Upload],
        *,
        creating: bool,
        allow_empty: bool,
    ) -> None:
        """Apply a create/edit payload; validate before changing anything."""
        content = str(payload.get("content") or "") if "content" in payload else message.content
        embeds = list(payload.get("embeds") or []) if "embeds" in payload else message.embeds
        if "components" in payload:
            components = copy.deepcopy(payload.get("components") or [])
            for number, component in enumerate(walk_components(components), start=1):
                component.setdefault("id", number)
        else:
            components = message.components
        attachments = self._attachments(message, payload, uploads, creating=creating)
        if not allow_empty:
            check_not_empty(content, embeds, components, len(attachments))
        if not creating and "flags" in payload:
            new = int(payload.get("flags") or 0)
            message.flags = (message.flags & ~FLAG_SUPPRESS_EMBEDS) | (new & FLAG_SUPPRESS_EMBEDS)
            message.flags |= new & FLAG_COMPONENTS_V2
        message.content = content
        message.components = components
        message.attachments = attachments
        message.embeds = [self._link_embed(e, attachments) for e in embeds]
        guild = message.channel.guild
        message.mentions = [
            u
            for u in (self.users.get(int(i)) for i in MENTION.findall(content))
            if u is not None and (guild is None or u.id in guild.members)
        ]
        if not creating:
            message.edited_timestamp = now()
            message.edits += 1

    def _attachments(
        self, message: Message, payload: dict[str, Any], uploads: list[Upload], *, creating: bool
    ) -> list[Attachment]:
        pending = {u.index: u for u in uploads}
        ephemeral = bool(message.flags & FLAG_EPHEMERAL)
        if payload.get("attachments") is None:
            kept = [] if creating else list(message.attachments)
            return kept + [
                self.make_attachment(message.channel, u, ephemeral=ephemeral) for u in uploads
            ]
        result: list[Attachment] = []
        for position, entry in enumerate(payload["attachments"]):
            key = int(entry["id"]) if entry.get("id") is not None else None
            existing = next((a for a in message.attachments if a.id == key), None)
            if existing is not None:
                result.append(existing)
            elif key in pending:
                upload = pending.pop(key)
                result.append(
                    self.make_attachment(
                        message.channel,
                        upload,
                        filename=entry.get("filename"),
                        description=entry.get("description"),
                        ephemeral=ephemeral,
                    )
                )
            else:
                raise invalid_form(
                    f"attachments.{position}", "ATTACHMENT_NOT_FOUND", f"Unknown attachment {key}"
                )
        return result + [
            self.make_attachment(message.channel, u, ephemeral=ephemeral) for u in pending.values()
        ]

    def make_attachment(
        self,
        channel: Channel,
        upload: Upload,
        *,
        filename: str | None = None,
        description: str | None = None,
        ephemeral: bool = False,
    ) -> Attachment:
        name = filename or upload.filename or "file"
        attachment_id = self.ids.next()
        guessed = mimetypes.guess_type(name)[0]
        content_type = guessed or (
            upload.content_type if upload.content_type != "application/octet-stream" else None
        )
        attachment = Attachment(
            id=attachment_id,
            filename=name,
            data=upload.data,
            description=description,
            url=f"{self.base_url}/attachments/{channel.id}/{attachment_id}/{quote(name)}",
            content_type=content_type,
            ephemeral=ephemeral,
        )
        if content_type and content_type.startswith("image/"):
            attachment.width, attachment.height = _image_size(upload.data)
        self.attachments[attachment.id] = attachment
        return attachment

    @staticmethod
    def _link_embed(embed: dict[str, Any], attachments: list[Attachment]) -> dict[str, Any]:
        """Rewrite ``attachment://name`` URLs in an embed to the stored attachment's URL."""
        embed = copy.deepcopy(embed)
        by_name = {a.filename: a for a in attachments}
        for key in ("image", "thumbnail", "author", "footer"):
            part = embed.get(key)
            if not isinstance(part, dict):
                continue
            url_key = "url" if key in ("image", "thumbnail") else "icon_url"
            url = part.get(url_key) or ""
            if url.startswith("attachment://") and url[len("attachment://") :] in by_name:
                attachment = by_name[url[len("attachment://") :]]
                part[url_key] = attachment.url
                part["proxy_" + url_key] = attachment.url
                if attachment.width is not None and url_key == "url":
                    part.update(width=attachment.width, height=attachment.height)
        return embed

    # -- application commands ------------------------------------------------

    def overwrite_commands(
        self, guild_id: int | None, payloads: list[dict[str, Any]]
    ) -> list[Command]:
        seen: set[tuple[str, int]] = set()
        for index, data in enumerate(payloads):
            check_command(data, f"{index}.")
            key = (data["name"], data.get("type", 1))
            if key in seen:
                raise invalid_form(
                    f"{index}.name",
                    "APPLICATION_COMMANDS_DUPLICATE_NAME",
                    f"Application command names must be unique: {key[0]!r}",
                )
            seen.add(key)
        old = {(c.name, c.type): c for c in self.commands.get(guild_id, [])}
        new: list[Command] = []
        for data in payloads:
            previous = old.get((data["name"], data.get("type", 1)))
            if previous is not None:
                if previous.data != data:
                    previous.data = copy.deepcopy(data)
                    previous.version += 1
                new.append(previous)
            else:
                new.append(
                    Command(
                        id=self.ids.next(),
                        application_id=self.application_id,
                        data=copy.deepcopy(data),
                        guild_id=guild_id,
                    )
                )
        self.commands[guild_id] = new
        self.notify()
        return new

    def upsert_command(self, guild_id: int | None, data: dict[str, Any]) -> Command:
        check_command(data)
        current = [c for c in self.commands.get(guild_id, [])]
        rest = [
            c.payload() for c in current if (c.name, c.type) != (data["name"], data.get("type", 1))
        ]
        commands = self.overwrite_commands(guild_id, [*(_strip(p) for p in rest), data])
        return next(c for c in commands if c.name == data["name"] and c.type == data.get("type", 1))

    def find_command(self, name: str, guild: Guild | None) -> Command | None:
        """The command a user would get: the guild's own first, then the global one."""
        scopes: list[int | None] = [guild.id, None] if guild else [None]
        for scope in scopes:
            for command in self.commands.get(scope, []):
                if command.name == name and command.type == 1:
                    return command
        return None

    def command_by_id(self, guild_id: int | None, command_id: int) -> Command | None:
        return next((c for c in self.commands.get(guild_id, []) if c.id == command_id), None)


def _strip(payload: dict[str, Any]) -> dict[str, Any]:
    return {
        k: v for k, v in payload.items() if k not in ("id", "application_id", "version", "guild_id")
    }


def _image_size(data: bytes) -> tuple[int | None, int | None]:
    try:
        from PIL import Image

        with Image.open(io.BytesIO(data)) as image:
            return image.size
    except Exception:
        return None, None
