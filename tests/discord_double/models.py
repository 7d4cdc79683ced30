"""The double's world: users, guilds, channels, messages, commands.

Plain dataclasses holding what Discord would hold, each able to render itself
as the JSON payload Discord sends (the shapes discord.py 2.7 parses). Tests get
these objects back from the driver and read them directly, e.g.
``message.content``, ``message.attachments[0].data``, ``message.custom_ids``.
"""

from __future__ import annotations

import datetime as dt
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

DISCORD_EPOCH_MS = 1420070400000

# Permission bits (https://discord.com/developers/docs/topics/permissions)
ADMINISTRATOR = 1 << 3
MANAGE_GUILD = 1 << 5
ADD_REACTIONS = 1 << 6
VIEW_CHANNEL = 1 << 10
SEND_MESSAGES = 1 << 11
MANAGE_MESSAGES = 1 << 13
EMBED_LINKS = 1 << 14
ATTACH_FILES = 1 << 15
READ_MESSAGE_HISTORY = 1 << 16
USE_EXTERNAL_EMOJIS = 1 << 18
USE_APPLICATION_COMMANDS = 1 << 31
MANAGE_THREADS = 1 << 34
CREATE_PUBLIC_THREADS = 1 << 35
CREATE_PRIVATE_THREADS = 1 << 36
SEND_MESSAGES_IN_THREADS = 1 << 38
ALL_PERMISSIONS = (1 << 51) - 1

EVERYONE_PERMISSIONS = (
    VIEW_CHANNEL
    | SEND_MESSAGES
    | EMBED_LINKS
    | ATTACH_FILES
    | READ_MESSAGE_HISTORY
    | ADD_REACTIONS
    | USE_EXTERNAL_EMOJIS
    | USE_APPLICATION_COMMANDS
    | CREATE_PUBLIC_THREADS
    | SEND_MESSAGES_IN_THREADS
)
BOT_ROLE_PERMISSIONS = (
    EVERYONE_PERMISSIONS | MANAGE_MESSAGES | MANAGE_THREADS | CREATE_PRIVATE_THREADS
)

# Channel types
GUILD_TEXT = 0
DM = 1
PUBLIC_THREAD = 11
PRIVATE_THREAD = 12
THREAD_TYPES = (PUBLIC_THREAD, PRIVATE_THREAD)

# Message flags
FLAG_SUPPRESS_EMBEDS = 1 << 2
FLAG_EPHEMERAL = 1 << 6
FLAG_LOADING = 1 << 7
FLAG_COMPONENTS_V2 = 1 << 15

# Component types
ACTION_ROW = 1
BUTTON = 2
STRING_SELECT = 3
TEXT_INPUT = 4
USER_SELECT = 5
ROLE_SELECT = 6
MENTIONABLE_SELECT = 7
CHANNEL_SELECT = 8
LABEL = 18
SELECT_TYPES = (STRING_SELECT, USER_SELECT, ROLE_SELECT, MENTIONABLE_SELECT, CHANNEL_SELECT)
LINK_STYLE = 5
PREMIUM_STYLE = 6


def iso(moment: dt.datetime) -> str:
    return moment.isoformat()


def now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


class Snowflakes:
    """Discord-style ids: creation time in the high bits, strictly increasing."""

    def __init__(self) -> None:
        self._last = 0

    def next(self) -> int:
        candidate = (int(time.time() * 1000) - DISCORD_EPOCH_MS) << 22
        self._last = max(candidate, self._last + 1)
        return self._last


@dataclass(eq=False)
class User:
    id: int
    name: str
    bot: bool = False
    dms_open: bool = True
    global_name: str | None = None
    locale: str = "en-US"

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "username": self.name,
            "discriminator": "0",
            "global_name": self.global_name,
            "avatar": None,
            "bot": self.bot,
            "public_flags": 0,
            "flags": 0,
            "banner": None,
            "accent_color": None,
            "avatar_decoration_data": None,
        }

    def __repr__(self) -> str:
        return f"<User {self.name} id={self.id}>"


@dataclass(eq=False)
class Role:
    id: int
    name: str
    permissions: int
    position: int = 0
    managed: bool = False

    @property
    def mention(self) -> str:
        return f"<@&{self.id}>"

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "name": self.name,
            "permissions": str(self.permissions),
            "position": self.position,
            "color": 0,
            "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
            "hoist": False,
            "icon": None,
            "unicode_emoji": None,
            "managed": self.managed,
            "mentionable": False,
            "flags": 0,
        }


@dataclass(eq=False)
class Member:
    user: User
    roles: list[Role] = field(default_factory=list)
    nick: str | None = None
    joined_at: dt.datetime = field(default_factory=now)

    def payload(self) -> dict[str, Any]:
        return {
            "user": self.user.payload(),
            "roles": [str(r.id) for r in self.roles],
            "nick": self.nick,
            "avatar": None,
            "banner": None,
            "joined_at": iso(self.joined_at),
            "premium_since": None,
            "deaf": False,
            "mute": False,
            "pending": False,
            "flags": 0,
            "communication_disabled_until": None,
        }


@dataclass(eq=False)
class Channel:
    """A guild text channel, a thread, or a DM channel (``recipient`` set)."""

    id: int
    name: str
    type: int = GUILD_TEXT
    guild: Guild | None = None
    position: int = 0
    topic: str | None = None
    parent_id: int | None = None
    owner_id: int | None = None
    recipient: User | None = None
    last_message_id: int | None = None
    archived: bool = False
    bot_can_send: bool = True  # False: the bot lost Send Messages here (403 / 50013)
    created_at: dt.datetime = field(default_factory=now)

    @property
    def is_dm(self) -> bool:
        return self.type == DM

    @property
    def is_thread(self) -> bool:
        return self.type in THREAD_TYPES

    @property
    def mention(self) -> str:
        return f"<#{self.id}>"

    def payload(self) -> dict[str, Any]:
        if self.type == DM:
            assert self.recipient is not None
            return {
                "id": str(self.id),
                "type": DM,
                "last_message_id": _opt_id(self.last_message_id),
                "recipients": [self.recipient.payload()],
                "flags": 0,
            }
        assert self.guild is not None
        data: dict[str, Any] = {
            "id": str(self.id),
            "type": self.type,
            "guild_id": str(self.guild.id),
            "name": self.name,
            "position": self.position,
            "permission_overwrites": [],
            "nsfw": False,
            "parent_id": _opt_id(self.parent_id),
            "topic": self.topic,
            "last_message_id": _opt_id(self.last_message_id),
            "rate_limit_per_user": 0,
            "flags": 0,
        }
        if self.is_thread:
            data.update(
                owner_id=_opt_id(self.owner_id),
                message_count=0,
                member_count=1,
                total_message_sent=0,
                thread_metadata={
                    "archived": self.archived,
                    "auto_archive_duration": 1440,
                    "archive_timestamp": iso(self.created_at),
                    "locked": False,
                    "invitable": True,
                    "create_timestamp": iso(self.created_at),
                },
            )
        return data

    def __repr__(self) -> str:
        where = f"DM with {self.recipient.name}" if self.recipient else f"#{self.name}"
        return f"<Channel {where} id={self.id}>"


@dataclass(eq=False)
class Guild:
    id: int
    name: str
    owner: User
    roles: list[Role] = field(default_factory=list)
    channels: list[Channel] = field(default_factory=list)
    members: dict[int, Member] = field(default_factory=dict)
    joined_at: dt.datetime = field(default_factory=now)
    locale: str = "en-US"  # the community's preferred locale (server settings)

    @property
    def everyone(self) -> Role:
        return self.roles[0]

    def member(self, user: User) -> Member | None:
        return self.members.get(user.id)

    def permissions(self, user: User) -> int:
        """Guild-level permissions of ``user`` (no channel overwrites)."""
        if user.id == self.owner.id:
            return ALL_PERMISSIONS
        member = self.members.get(user.id)
        perms = self.everyone.permissions
        for role in member.roles if member else []:
            perms |= role.permissions
        return ALL_PERMISSIONS if perms & ADMINISTRATOR else perms

    def channel(self, name: str) -> Channel:
        for channel in self.channels:
            if channel.name == name:
                return channel
        names = ", ".join(c.name for c in self.channels)
        raise KeyError(f"guild {self.name!r} has no channel {name!r} (has: {names})")

    def payload(self, *, full: bool = True) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id),
            "name": self.name,
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "banner": None,
            "description": None,
            "owner_id": str(self.owner.id),
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "roles": [r.payload() for r in self.roles],
            "emojis": [],
            "stickers": [],
            "features": [],
            "mfa_level": 0,
            "system_channel_id": None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "public_updates_channel_id": None,
            "vanity_url_code": None,
            "premium_tier": 0,
            "premium_subscription_count": 0,
            "preferred_locale": self.locale,
            "nsfw_level": 0,
            "premium_progress_bar_enabled": False,
        }
        if full:
            data.update(
                joined_at=iso(self.joined_at),
                large=False,
                unavailable=False,
                member_count=len(self.members),
                members=[m.payload() for m in self.members.values()],
                channels=[c.payload() for c in self.channels if not c.is_thread],
                threads=[c.payload() for c in self.channels if c.is_thread and not c.archived],
                voice_states=[],
                presences=[],
                stage_instances=[],
                guild_scheduled_events=[],
                soundboard_sounds=[],
            )
        return data

    def __repr__(self) -> str:
        return f"<Guild {self.name} id={self.id}>"


@dataclass(eq=False)
class Attachment:
    id: int
    filename: str
    data: bytes
    url: str
    content_type: str | None = None
    description: str | None = None
    ephemeral: bool = False
    width: int | None = None
    height: int | None = None

    @property
    def size(self) -> int:
        return len(self.data)

    def payload(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id),
            "filename": self.filename,
            "size": self.size,
            "url": self.url,
            "proxy_url": self.url,
            "content_type": self.content_type,
            "description": self.description,
            "ephemeral": self.ephemeral,
            "flags": 0,
        }
        if self.width is not None:
            data.update(width=self.width, height=self.height)
        return data

    def __repr__(self) -> str:
        return f"<Attachment {self.filename} {self.size} bytes>"


def walk_components(components: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    """Every component, depth first: action rows, v2 containers/sections/labels, leaves."""
    for component in components:
        yield component
        yield from walk_components(component.get("components") or [])
        for key in ("accessory", "component"):
            child = component.get(key)
            if isinstance(child, dict):
                yield from walk_components([child])


@dataclass(eq=False)
class Message:
    id: int
    channel: Channel
    author: User
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[Attachment] = field(default_factory=list)
    flags: int = 0
    type: int = 0
    timestamp: dt.datetime = field(default_factory=now)
    edited_timestamp: dt.datetime | None = None
    webhook_id: int | None = None
    application_id: int | None = None
    interaction_metadata: dict[str, Any] | None = None
    reference: Message | None = None
    mentions: list[User] = field(default_factory=list)
    nonce: str | None = None
    deleted: bool = False
    edits: int = 0
    # The user allowed to see an ephemeral message (the interaction's user).
    visible_to: User | None = None

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & FLAG_EPHEMERAL)

    @property
    def loading(self) -> bool:
        """A deferred ("Bot is thinking...") response not filled in yet."""
        return bool(self.flags & FLAG_LOADING)

    @property
    def guild(self) -> Guild | None:
        return self.channel.guild

    def walk_components(self) -> Iterator[dict[str, Any]]:
        return walk_components(self.components)

    @property
    def custom_ids(self) -> list[str]:
        """custom_ids of every interactive component, in display order."""
        return [c["custom_id"] for c in self.walk_components() if "custom_id" in c]

    @property
    def buttons(self) -> list[dict[str, Any]]:
        return [c for c in self.walk_components() if c.get("type") == BUTTON]

    def component(self, custom_id: str) -> dict[str, Any] | None:
        return next((c for c in self.walk_components() if c.get("custom_id") == custom_id), None)

    def custom_id_for(self, label: str) -> str:
        """custom_id of the button showing ``label`` (as a player would pick it)."""
        found = [b for b in self.buttons if b.get("label") == label and "custom_id" in b]
        if len(found) != 1:
            labels = [b.get("label") for b in self.buttons]
            raise LookupError(
                f"{len(found)} buttons labelled {label!r} on message {self.id}: {labels}"
            )
        return found[0]["custom_id"]

    @property
    def text(self) -> str:
        """Content plus embed titles/descriptions/fields: everything a reader sees."""
        parts = [self.content]
        for embed in self.embeds:
            parts += [embed.get("title") or "", embed.get("description") or ""]
            for f in embed.get("fields") or []:
                parts += [f.get("name") or "", f.get("value") or ""]
            parts.append((embed.get("footer") or {}).get("text") or "")
        for component in self.walk_components():
            if component.get("type") == 10:  # v2 text display
                parts.append(component.get("content") or "")
        return "\n".join(p for p in parts if p)

    def payload(self, *, with_reference: bool = True) -> dict[str, Any]:
        channel = self.channel
        data: dict[str, Any] = {
            "id": str(self.id),
            "channel_id": str(channel.id),
            "author": self.author.payload(),
            "content": self.content,
            "timestamp": iso(self.timestamp),
            "edited_timestamp": iso(self.edited_timestamp) if self.edited_timestamp else None,
            "tts": False,
            "mention_everyone": False,
            "mentions": [u.payload() for u in self.mentions],
            "mention_roles": [],
            "mention_channels": [],
            "attachments": [a.payload() for a in self.attachments],
            "embeds": self.embeds,
            "reactions": [],
            "pinned": False,
            "type": self.type,
            "flags": self.flags,
            "components": self.components,
        }
        if channel.guild is not None:
            data["guild_id"] = str(channel.guild.id)
            member = channel.guild.member(self.author)
            if member is not None and self.webhook_id is None:
                member_data = member.payload()
                del member_data["user"]
                data["member"] = member_data
        if self.nonce is not None:
            data["nonce"] = self.nonce
        if self.webhook_id is not None:
            data["webhook_id"] = str(self.webhook_id)
        if self.application_id is not None:
            data["application_id"] = str(self.application_id)
        if self.interaction_metadata is not None:
            data["interaction_metadata"] = self.interaction_metadata
        if self.reference is not None:
            ref = self.reference
            data["message_reference"] = {
                "type": 0,
                "message_id": str(ref.id),
                "channel_id": str(ref.channel.id),
                "guild_id": _opt_id(ref.guild.id if ref.guild else None),
            }
            if with_reference:
                data["referenced_message"] = (
                    None if ref.deleted else ref.payload(with_reference=False)
                )
        return data

    def __repr__(self) -> str:
        flags = " ephemeral" if self.ephemeral else ""
        where = f"in {self.channel!r} by {self.author.name}{flags}"
        return f"<Message {self.id} {where}: {self.content[:40]!r}>"


@dataclass(eq=False)
class Command:
    """An application command as registered by the bot (global or per guild)."""

    id: int
    application_id: int
    data: dict[str, Any]
    guild_id: int | None = None
    version: int = 1

    @property
    def name(self) -> str:
        return self.data["name"]

    @property
    def type(self) -> int:
        return self.data.get("type", 1)

    def payload(self) -> dict[str, Any]:
        data = {
            "type": 1,
            "description": "",
            "options": [],
            "default_member_permissions": None,
            "nsfw": False,
            **self.data,
        }
        data.update(
            id=str(self.id),
            application_id=str(self.application_id),
            version=str(self.version),
        )
        if self.guild_id is not None:
            data["guild_id"] = str(self.guild_id)
        return data

    def subcommand_paths(self) -> list[tuple[str, ...]]:
        """Every invocable path, e.g. ``[("toy", "ping"), ("toy", "echo")]``."""
        paths: list[tuple[str, ...]] = []

        def visit(prefix: tuple[str, ...], options: list[dict[str, Any]]) -> None:
            subs = [o for o in options if o.get("type") in (1, 2)]
            if not subs:
                paths.append(prefix)
            for sub in subs:
                visit((*prefix, sub["name"]), sub.get("options") or [])

        visit((self.name,), self.data.get("options") or [])
        return paths

    def __repr__(self) -> str:
        scope = f"guild {self.guild_id}" if self.guild_id else "global"
        return f"<Command /{self.name} id={self.id} {scope}>"


def _opt_id(value: int | None) -> str | None:
    return None if value is None else str(value)
