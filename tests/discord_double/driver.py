"""The test-facing API: build a world, act as users, inspect what the bot did.

    double = DiscordDouble()
    await double.start()
    # point discord.py at it: discord.http.Route.BASE = double.api_base
    inter = await double.slash("alice", "general", "pantheon start", options={"variant": "draft"})
    await inter.response()
    assert inter.ephemeral and "started" in inter.content

Users and channels can be given as objects or by name ("alice", "general").
Places that hold messages (``where``) are a channel, a channel name, or a user
(meaning that user's DM channel with the bot).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from .errors import DoubleTimeout
from .gateway import GUILD_MEMBERS, GUILDS, Gateway
from .interactions import (
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    MESSAGE_COMPONENT,
    MODAL_SUBMIT,
    InteractionHandle,
    command_data,
    find_role,
    interaction_payload,
    resolve_user,
)
from .models import (
    ACTION_ROW,
    BUTTON,
    CHANNEL_SELECT,
    LABEL,
    LINK_STYLE,
    MENTIONABLE_SELECT,
    ROLE_SELECT,
    SELECT_TYPES,
    STRING_SELECT,
    TEXT_INPUT,
    USER_SELECT,
    Channel,
    Command,
    Guild,
    Message,
    Role,
    User,
)
from .rest import RestApi
from .server import DoubleServer
from .store import ChannelRef, Fault, RecordedRequest, Store, UserRef

Where = Channel | User | str
MessageRef = Message | int


class DiscordDouble:
    """A fake Discord (REST v10 + gateway) for the unmodified discord.py client.

    Defaults: a bot user (``bot_name``), a guild ``guild_name`` owned by user
    ``owner`` with text channels ``channels``, and members ``users``.
    ``interaction_deadline``: seconds the bot has to acknowledge an interaction
    (Discord: 3); ``None`` disables the check.
    """

    def __init__(
        self,
        *,
        token: str = "discord-double-token",
        bot_name: str = "Agora",
        guild_name: str = "Agora Test",
        channels: Sequence[str] = ("general", "game-1", "game-2"),
        users: Sequence[str] = ("alice", "bob", "carol", "dave"),
        shard_count: int = 1,
        interaction_deadline: float | None = 3.0,
        heartbeat_interval_ms: int = 41250,
        host: str = "127.0.0.1",
    ) -> None:
        self.store = Store(token=token, bot_name=bot_name)
        self.gateway = Gateway(
            self.store, shard_count=shard_count, heartbeat_interval_ms=heartbeat_interval_ms
        )
        self.rest = RestApi(self.store, self.gateway)
        self.server = DoubleServer(self.store, self.gateway, self.rest, host=host)
        self.interaction_deadline = interaction_deadline
        self.guild: Guild | None = None
        if guild_name:
            owner = self.store.add_user("owner")
            self.guild = self.add_guild(guild_name, owner=owner, channels=channels)
        for name in users:
            self.add_user(name)

    # -- lifecycle -------------------------------------------------------------

    async def start(self) -> DiscordDouble:
        await self.server.start()
        return self

    async def stop(self) -> None:
        await self.server.stop()

    async def __aenter__(self) -> DiscordDouble:
        return await self.start()

    async def __aexit__(self, *exc_info: object) -> None:
        await self.stop()

    @property
    def url(self) -> str:
        """``http://127.0.0.1:PORT``"""
        return self.server.url

    @property
    def api_base(self) -> str:
        """What ``discord.http.Route.BASE`` must be: ``http://127.0.0.1:PORT/api/v10``."""
        return f"{self.server.url}/api/v10"

    @property
    def gateway_url(self) -> str:
        return self.gateway.url

    @property
    def token(self) -> str:
        return self.store.token

    @property
    def bot_user(self) -> User:
        return self.store.bot_user

    @property
    def application_id(self) -> int:
        return self.store.application_id

    # -- the world -------------------------------------------------------------

    def add_guild(
        self, name: str, *, owner: UserRef | None = None, channels: Iterable[str] = ("general",)
    ) -> Guild:
        owner_user = (
            self.store.user(owner) if owner is not None else self.store.add_user(f"owner-{name}")
        )
        guild = self.store.add_guild(name, owner_user)
        for channel in channels:
            self.store.add_channel(guild, channel)
        self.store.app_owner = self.store.app_owner or owner_user
        self.gateway.guild_created(guild)
        self.store.notify()
        return guild

    def add_user(
        self, name: str, *, dms_open: bool = True, guild: Guild | None = None, member: bool = True
    ) -> User:
        """A user; by default also a member of ``guild`` (default: the default guild)."""
        user = self.store.add_user(name, dms_open=dms_open)
        target = guild or self.guild
        if member and target is not None:
            self.add_member(target, user)
        return user

    def add_member(self, guild: Guild, user: UserRef) -> None:
        member = self.store.add_member(guild, self.store.user(user))
        self.gateway.dispatch(
            "GUILD_MEMBER_ADD",
            {**member.payload(), "guild_id": str(guild.id)},
            guild_id=guild.id,
            intent=GUILD_MEMBERS,
        )
        self.store.notify()

    def add_channel(self, guild: Guild | None, name: str) -> Channel:
        target = guild or self.guild
        if target is None:
            raise ValueError("no guild given and the double has no default guild")
        channel = self.store.add_channel(target, name)
        self.gateway.dispatch(
            "CHANNEL_CREATE", channel.payload(), guild_id=target.id, intent=GUILDS
        )
        self.store.notify()
        return channel

    def add_role(
        self, guild: Guild | None, name: str, permissions: int, *, members: Iterable[UserRef] = ()
    ) -> Role:
        """A role in ``guild`` (default guild), given to ``members``; GUILD_ROLE_CREATE is sent."""
        target = guild or self.guild
        assert target is not None
        role = Role(
            id=self.store.ids.next(), name=name, permissions=permissions, position=len(target.roles)
        )
        target.roles.append(role)
        for ref in members:
            self.store.add_member(target, self.store.user(ref)).roles.append(role)
        self.gateway.dispatch(
            "GUILD_ROLE_CREATE",
            {"guild_id": str(target.id), "role": role.payload()},
            guild_id=target.id,
            intent=GUILDS,
        )
        return role

    def user(self, ref: UserRef) -> User:
        return self.store.user(ref)

    def channel(self, ref: ChannelRef, guild: Guild | None = None) -> Channel:
        return self.store.channel(ref, guild)

    def set_dms_open(self, user: UserRef, is_open: bool) -> None:
        """Closed DMs: the bot's messages to this user's DM channel get 403 / code 50007."""
        self.store.user(user).dms_open = is_open

    def set_bot_can_send(self, channel: ChannelRef, allowed: bool) -> None:
        """Take Send Messages away from the bot in a channel (its posts get 403 / 50013)."""
        self.store.channel(channel).bot_can_send = allowed

    def fail_next(self, method: str, path: str, status: int = 503, *, code: int = 0,
                  times: int = 1) -> None:
        """Fault injection: the next ``times`` REST requests ``method path`` (``path`` a regular
        expression for the whole path after ``/api/v10``, e.g. ``/channels/123/messages``) are
        answered ``status`` with Discord's error body (``code``) instead of being carried out."""
        self.store.faults += [Fault(method, path, status, code) for _ in range(times)]

    def dm_channel(self, user: UserRef) -> Channel:
        """The DM channel between ``user`` and the bot (created if needed)."""
        return self.store.dm_channel(self.store.user(user))

    # -- acting as users -----------------------------------------------------------

    async def slash(
        self, user: UserRef, channel: Where, *names: str, options: Mapping[str, Any] | None = None
    ) -> InteractionHandle:
        """Invoke ``/names...`` (``"pantheon", "start"`` or ``"pantheon start"``) as ``user``.

        Options are checked and typed against the command the bot registered:
        str, int, float, bool, users/channels/roles (objects or names) and
        attachments (``(filename, bytes)``).
        """
        who, place, command, path = self._command_call(user, channel, names)
        data = command_data(
            self.store, command, path, options or {}, guild=place.guild, channel=place
        )
        return await self._send(APPLICATION_COMMAND, _label(names), who, place, data)

    async def autocomplete(
        self,
        user: UserRef,
        channel: Where,
        *names: str,
        focused: str,
        options: Mapping[str, Any] | None = None,
        timeout: float = 5.0,
    ) -> list[dict[str, Any]]:
        """Type into option ``focused`` (its text is ``options[focused]``, default "") and
        return the bot's choices (``[{"name": ..., "value": ...}, ...]``)."""
        who, place, command, path = self._command_call(user, channel, names)
        data = command_data(
            self.store,
            command,
            path,
            options or {},
            guild=place.guild,
            channel=place,
            focused=focused,
        )
        handle = await self._send(
            AUTOCOMPLETE, f"{_label(names)} (autocomplete {focused})", who, place, data
        )
        await handle.response(timeout)
        return list(handle.choices or [])

    async def click(
        self,
        user: UserRef,
        message: MessageRef,
        custom_id: str | None = None,
        *,
        label: str | None = None,
    ) -> InteractionHandle:
        """Click a button of a stored message, by ``custom_id`` or by its ``label``."""
        who, msg = self.user(user), self.message(message)
        if custom_id is None:
            if label is None:
                raise ValueError("click() needs a custom_id or a label")
            custom_id = msg.custom_id_for(label)
        component = self._component(who, msg, custom_id, (BUTTON,))
        data: dict[str, Any] = {
            "custom_id": custom_id,
            "component_type": BUTTON,
            "id": component.get("id"),
        }
        return await self._send(
            MESSAGE_COMPONENT, f"click {custom_id!r}", who, msg.channel, data, msg
        )

    async def forged_click(
        self, user: UserRef, where: Where, custom_id: str, *, label: str = "Forged"
    ) -> InteractionHandle:
        """A click on a button ``custom_id`` that the bot never sent there: a message carrying
        it appears in ``where`` (any guild's channel, or a DM) and ``user`` presses it. What
        the bot receives is a real component interaction from that place, with that place's
        guild, member and permissions: a bot must not trust a custom_id beyond them."""
        row = {"type": 1, "components": [
            {"type": BUTTON, "style": 4, "label": label, "custom_id": custom_id}]}
        message = self.store.create_message(
            self._place(where), self.store.bot_user, {"content": label, "components": [row]})
        return await self.click(user, message, custom_id)

    async def select(
        self, user: UserRef, message: MessageRef, custom_id: str, values: Sequence[Any]
    ) -> InteractionHandle:
        """Pick ``values`` in a select menu: option values, or users/roles/channels."""
        who, msg = self.user(user), self.message(message)
        component = self._component(who, msg, custom_id, SELECT_TYPES)
        kind = component["type"]
        low, high = component.get("min_values", 1), component.get("max_values", 1)
        if not low <= len(values) <= high:
            raise ValueError(f"select {custom_id!r} takes {low}..{high} values, got {len(values)}")
        data: dict[str, Any] = {
            "custom_id": custom_id,
            "component_type": kind,
            "id": component.get("id"),
        }
        data["values"], resolved = self._select_values(component, values, msg.channel)
        if resolved:
            data["resolved"] = resolved
        return await self._send(
            MESSAGE_COMPONENT, f"select {custom_id!r}", who, msg.channel, data, msg
        )

    async def submit_modal(
        self, user: UserRef, source: InteractionHandle, values: Mapping[str, str | Sequence[str]]
    ) -> InteractionHandle:
        """Fill in and submit the modal the bot opened in answer to ``source``."""
        who = self.user(user)
        modal = source.modal
        if modal is None:
            raise ValueError(f"the bot did not answer {source.label} with a modal")
        if who is not source.user:
            raise PermissionError(f"the modal was shown to {source.user.name}, not {who.name}")
        remaining = dict(values)
        components = [_modal_answer(c, remaining) for c in modal.get("components") or []]
        if remaining:
            raise ValueError(f"modal {modal.get('custom_id')!r} has no inputs {sorted(remaining)}")
        data = {"custom_id": modal["custom_id"], "components": [c for c in components if c]}
        return await self._send(
            MODAL_SUBMIT,
            f"modal {modal['custom_id']!r}",
            who,
            source.channel,
            data,
            source.source_message,
        )

    async def say(self, user: UserRef, where: Where, content: str) -> Message:
        """A plain message from a user (MESSAGE_CREATE, subject to intents)."""
        place = self._place(where)
        message = self.store.create_message(place, self.user(user), {"content": content})
        self.gateway.message_event("MESSAGE_CREATE", message)
        await self.gateway.flush()
        return message

    def _command_call(
        self, user: UserRef, channel: Where, names: Sequence[str]
    ) -> tuple[User, Channel, Command, tuple[str, ...]]:
        who, place = self.user(user), self._place(channel)
        parts = [part for name in names for part in name.split()]
        if not parts:
            raise ValueError("name the command, e.g. slash(user, channel, 'pantheon', 'start')")
        command = self.store.find_command(parts[0].lstrip("/"), place.guild)
        if command is None:
            scopes = {
                "global" if scope is None else self.store.guilds[scope].name: [c.name for c in cs]
                for scope, cs in self.store.commands.items()
            }
            raise LookupError(
                f"no command /{parts[0]} usable in {place!r}; registered commands by scope: "
                f"{scopes or 'none (did the bot sync its command tree?)'}"
            )
        self._check_command_access(command, who, place)
        return who, place, command, tuple(parts[1:])

    def _check_command_access(self, command: Command, user: User, channel: Channel) -> None:
        """What Discord's client enforces before a user can even send the command."""
        guild = channel.guild
        contexts = command.data.get("contexts")
        if guild is None and (
            command.guild_id is not None
            or command.data.get("dm_permission") is False
            or (contexts is not None and 1 not in contexts)
        ):
            raise PermissionError(f"/{command.name} is not available in DMs")
        if guild is not None and contexts is not None and 0 not in contexts:
            raise PermissionError(f"/{command.name} is not available in guilds")
        required = command.data.get("default_member_permissions")
        if guild is not None and required is not None:
            needed = int(required)
            if guild.permissions(user) & needed != needed:
                raise PermissionError(f"{user.name} lacks the permissions /{command.name} requires")

    def _component(
        self, user: User, message: Message, custom_id: str, kinds: Sequence[int]
    ) -> dict[str, Any]:
        if message.deleted:
            raise LookupError(f"message {message.id} was deleted")
        if message.ephemeral and message.visible_to is not user:
            owner = message.visible_to.name if message.visible_to else "?"
            raise PermissionError(f"message {message.id} is ephemeral: only {owner} sees it")
        if message.channel.is_dm and message.channel.recipient is not user:
            raise PermissionError(
                f"message {message.id} is in a DM with {message.channel.recipient!r}"
            )
        if message.channel.guild is not None and message.channel.guild.member(user) is None:
            raise PermissionError(f"{user.name} is not a member of {message.channel.guild.name}")
        component = message.component(custom_id)
        if component is None:
            raise LookupError(
                f"message {message.id} has no component {custom_id!r}; "
                f"it shows {message.custom_ids}"
            )
        if component.get("type") not in kinds:
            raise TypeError(
                f"component {custom_id!r} has type {component.get('type')}, expected {kinds}"
            )
        if component.get("type") == BUTTON and component.get("style") == LINK_STYLE:
            raise TypeError(f"{custom_id!r} is a link button")
        if component.get("disabled"):
            raise ValueError(f"component {custom_id!r} is disabled")
        return component

    def _select_values(
        self, component: dict[str, Any], values: Sequence[Any], channel: Channel
    ) -> tuple[list[str], dict[str, dict[str, Any]]]:
        kind = component["type"]
        guild = channel.guild
        resolved: dict[str, dict[str, Any]] = {}
        if kind == STRING_SELECT:
            allowed = [o["value"] for o in component.get("options") or []]
            wrong = [v for v in values if v not in allowed]
            if wrong:
                raise ValueError(
                    f"select {component['custom_id']!r} has no options {wrong} (options: {allowed})"
                )
            return [str(v) for v in values], resolved
        ids: list[str] = []
        for value in values:
            if kind == USER_SELECT or (kind == MENTIONABLE_SELECT and not isinstance(value, Role)):
                user = self.store.user(value)
                resolve_user(resolved, user, guild)
                ids.append(str(user.id))
            elif kind in (ROLE_SELECT, MENTIONABLE_SELECT):
                role = find_role(guild, value, component["custom_id"])
                resolved.setdefault("roles", {})[str(role.id)] = role.payload()
                ids.append(str(role.id))
            elif kind == CHANNEL_SELECT:
                target = self.store.channel(value, guild)
                resolved.setdefault("channels", {})[str(target.id)] = target.payload()
                ids.append(str(target.id))
        return ids, resolved

    async def _send(
        self,
        kind: int,
        label: str,
        user: User,
        channel: Channel,
        data: dict[str, Any],
        message: Message | None = None,
    ) -> InteractionHandle:
        guild = channel.guild
        if guild is not None and guild.member(user) is None:
            raise PermissionError(f"{user.name} is not a member of {guild.name}")
        if channel.is_dm and channel.recipient is not user:
            raise PermissionError(f"{user.name} cannot act in {channel!r}")
        handle = InteractionHandle(
            self.store,
            type=kind,
            label=label,
            user=user,
            channel=channel,
            data=data,
            message=message,
            deadline=self.interaction_deadline,
        )
        handle.payload = interaction_payload(self.store, handle)
        self.store.interactions[handle.id] = handle
        try:
            self.gateway.dispatch_interaction(handle.payload, guild.id if guild else None)
        except Exception:
            del self.store.interactions[handle.id]
            raise
        await self.gateway.flush()
        return handle

    # -- inspecting ----------------------------------------------------------------

    def _place(self, where: Where) -> Channel:
        if isinstance(where, Channel):
            return where
        if isinstance(where, User):
            return self.store.dm_channel(where)
        try:
            return self.store.channel(where, self.guild)
        except KeyError:
            try:
                return self.store.dm_channel(self.store.user(where))
            except KeyError:
                raise KeyError(f"{where!r} is neither a channel nor a user") from None

    def message(self, ref: MessageRef) -> Message:
        if isinstance(ref, Message):
            return ref
        message = self.store.messages.get(int(ref))
        if message is None:
            raise LookupError(f"no message {ref}")
        return message

    def messages(self, where: Where, *, include_ephemeral: bool = False) -> list[Message]:
        """Messages in a channel (or a user's DM channel), oldest first, deleted ones left out."""
        place = self._place(where)
        return [
            m for m in self.store.channel_messages(place) if include_ephemeral or not m.ephemeral
        ]

    def dms(self, user: UserRef) -> list[Message]:
        """The DM conversation between ``user`` and the bot, oldest first."""
        return self.messages(self.store.dm_channel(self.user(user)))

    def last_message(self, where: Where) -> Message | None:
        messages = self.messages(where)
        return messages[-1] if messages else None

    def ephemeral_messages(self, user: UserRef) -> list[Message]:
        """Every ephemeral message only ``user`` could see, oldest first."""
        who = self.user(user)
        return [
            m
            for m in self.store.messages.values()
            if m.ephemeral and m.visible_to is who and not m.deleted
        ]

    def commands(self, guild: Guild | None = None) -> list[Command]:
        """Registered commands: global ones, or those of ``guild``."""
        return list(self.store.commands.get(guild.id if guild else None, []))

    def command(self, name: str, guild: Guild | None = None) -> Command:
        command = self.store.find_command(name, guild)
        if command is None:
            raise LookupError(f"no command /{name}")
        return command

    @property
    def interactions(self) -> list[InteractionHandle]:
        return list(self.store.interactions.values())

    @property
    def requests(self) -> list[RecordedRequest]:
        return self.store.requests

    @property
    def unknown_requests(self) -> list[RecordedRequest]:
        return self.store.unknown_requests

    @property
    def errors(self) -> list[str]:
        """Tracebacks of crashes inside the double (should always be empty)."""
        return self.store.errors

    def assert_clean(self) -> None:
        """Fail if the bot called a route the double does not know, or the double crashed."""
        problems = [f"unknown route: {r}" for r in self.store.unknown_requests]
        problems += [f"double error: {e}" for e in self.store.errors]
        if problems:
            raise AssertionError("\n".join(problems))

    # -- waiting ---------------------------------------------------------------------

    async def wait_for_message(
        self,
        where: Where,
        predicate: Callable[[Message], bool] | None = None,
        *,
        timeout: float = 5.0,
        after: MessageRef | None = None,
        include_ephemeral: bool = False,
    ) -> Message:
        """The first message in ``where`` (newer than ``after``) matching ``predicate``,
        already there or yet to come; edits are re-checked."""
        place = self._place(where)
        floor = 0 if after is None else self.message(after).id

        def check() -> Message | None:
            for message in self.messages(place, include_ephemeral=include_ephemeral):
                if message.id > floor and (predicate is None or predicate(message)):
                    return message
            return None

        def describe() -> str:
            seen = [
                m.content[:60] for m in self.messages(place, include_ephemeral=include_ephemeral)
            ]
            return f"no matching message in {place!r} within {timeout:g} s; messages there: {seen}"

        return await self.store.wait_until(check, timeout, describe)

    async def wait_until(
        self, condition: Callable[[], Any], *, timeout: float = 5.0, what: str = "condition"
    ) -> Any:
        """Wait until ``condition()`` is truthy (it may look at the bot too); returns its value."""
        return await self.store.wait_until(
            lambda: condition() or None, timeout, lambda: f"{what} not met within {timeout:g} s"
        )

    async def wait_for_commands(
        self, *names: str, guild: Guild | None = None, timeout: float = 5.0
    ) -> list[Command]:
        """Wait until the bot registered (synced) commands ``names``."""
        scope = guild.id if guild else None

        def check() -> list[Command] | None:
            have = {c.name for c in self.store.commands.get(scope, [])}
            return self.commands(guild) if set(names) <= have else None

        return await self.store.wait_until(
            check, timeout, lambda: f"bot did not register commands {names} within {timeout:g} s"
        )

    async def wait_for_bot(self, timeout: float = 5.0) -> None:
        """Wait until a bot identified on every shard and got its GUILD_CREATEs."""
        await self.store.wait_until(
            lambda: True if self.gateway.connected else None,
            timeout,
            lambda: (
                f"no bot connected to the gateway within {timeout:g} s "
                f"(sessions: {self.gateway.sessions}, last requests: {self.store.requests[-5:]})"
            ),
        )

    async def wait_for_disconnect(self, timeout: float = 5.0) -> None:
        await self.store.wait_until(
            lambda: True if not self.gateway.live_sessions() else None,
            timeout,
            lambda: f"bot still connected after {timeout:g} s: {self.gateway.live_sessions()}",
        )

    async def wait_for_resume(self, timeout: float = 5.0) -> None:
        """After :meth:`drop_gateway`: wait until every live session resumed."""

        def resumed() -> bool | None:
            live = self.gateway.live_sessions()
            ok = live and all(s.connection is not None and s.resumes for s in live)
            return True if ok else None

        await self.store.wait_until(
            resumed,
            timeout,
            lambda: f"bot did not resume within {timeout:g} s: {self.gateway.sessions}",
        )

    async def invalidate_sessions(self) -> None:
        """INVALID_SESSION (op 9, d=false) on every live session: discord.py closes and
        identifies anew, at ``DiscordWebSocket.DEFAULT_GATEWAY``."""
        await self.gateway.invalidate()

    async def drop_gateway(self, code: int = 4000) -> None:
        """Cut the gateway connection(s) like a network failure; discord.py resumes."""
        await self.gateway.drop(code)


def _label(names: Sequence[str]) -> str:
    return "'" + " ".join(part for name in names for part in name.split()).lstrip("/") + "'"


def _modal_answer(component: dict[str, Any], values: dict[str, Any]) -> dict[str, Any] | None:
    kind = component.get("type")
    if kind == ACTION_ROW:
        children = [_modal_answer(c, values) for c in component.get("components") or []]
        return {"type": ACTION_ROW, "components": [c for c in children if c]}
    if kind == LABEL:
        inner = _modal_answer(component["component"], values)
        return {"type": LABEL, "id": component.get("id"), "component": inner} if inner else None
    custom_id = component.get("custom_id")
    if custom_id is None:
        return None
    answer = values.pop(custom_id, None)
    if kind == TEXT_INPUT:
        text = str(answer if answer is not None else component.get("value") or "")
        if component.get("required", True) and not text:
            raise ValueError(f"modal input {custom_id!r} is required")
        low, high = component.get("min_length", 0), component.get("max_length", 4000)
        if text and not low <= len(text) <= high:
            raise ValueError(f"modal input {custom_id!r}: length {len(text)} outside {low}..{high}")
        return {"type": TEXT_INPUT, "custom_id": custom_id, "value": text}
    if kind in SELECT_TYPES:
        chosen = [str(v) for v in (answer or [])]
        return {"type": kind, "custom_id": custom_id, "values": chosen}
    return None


__all__ = ["DiscordDouble", "DoubleTimeout", "InteractionHandle"]
