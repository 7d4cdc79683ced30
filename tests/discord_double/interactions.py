"""Interactions: the payloads a user's action produces, and what the bot answered.

:func:`command_data` turns ``("pantheon", "start"), {"variant": "draft"}`` into
Discord's nested, typed ``data.options`` (with ``resolved`` for users, channels,
roles, attachments), checked against the command the bot registered.
:class:`InteractionHandle` records the bot's answer (callback, @original edits,
follow-ups) and lets a test wait for it.
"""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Mapping
from typing import Any

from .errors import (
    INTERACTION_ALREADY_ACKNOWLEDGED,
    UNKNOWN_INTERACTION,
    UNKNOWN_MESSAGE,
    UNKNOWN_WEBHOOK,
    ApiError,
    invalid_form,
)
from .models import (
    ATTACH_FILES,
    EMBED_LINKS,
    FLAG_EPHEMERAL,
    FLAG_LOADING,
    READ_MESSAGE_HISTORY,
    SEND_MESSAGES,
    VIEW_CHANNEL,
    Attachment,
    Channel,
    Command,
    Guild,
    Message,
    Role,
    User,
)
from .store import Store, Upload
from .validation import check_choices, check_modal

# Interaction types
APPLICATION_COMMAND = 2
MESSAGE_COMPONENT = 3
AUTOCOMPLETE = 4
MODAL_SUBMIT = 5

# Callback types
CHANNEL_MESSAGE = 4
DEFERRED_CHANNEL_MESSAGE = 5
DEFERRED_UPDATE_MESSAGE = 6
UPDATE_MESSAGE = 7
AUTOCOMPLETE_RESULT = 8
MODAL = 9

ALLOWED_CALLBACKS = {
    APPLICATION_COMMAND: {CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, MODAL},
    MESSAGE_COMPONENT: {
        CHANNEL_MESSAGE,
        DEFERRED_CHANNEL_MESSAGE,
        DEFERRED_UPDATE_MESSAGE,
        UPDATE_MESSAGE,
        MODAL,
    },
    AUTOCOMPLETE: {AUTOCOMPLETE_RESULT},
    MODAL_SUBMIT: {
        CHANNEL_MESSAGE,
        DEFERRED_CHANNEL_MESSAGE,
        DEFERRED_UPDATE_MESSAGE,
        UPDATE_MESSAGE,
    },
}

# Option types
SUB_COMMAND, SUB_COMMAND_GROUP = 1, 2
STRING, INTEGER, BOOLEAN, USER, CHANNEL, ROLE, MENTIONABLE, NUMBER, ATTACHMENT = range(3, 12)

ATTACHMENT_SIZE_LIMIT = 10 * 1024 * 1024


class InteractionHandle:
    """One interaction sent to the bot, and everything the bot answered to it.

    ``await handle.response()`` waits for the callback (the 3-second answer);
    ``await handle.wait_done()`` also waits for a deferred answer to be filled
    in (edit of @original or a follow-up). The content/embeds/attachments/
    components properties read :attr:`message`, the answer a user sees.
    """

    def __init__(
        self,
        store: Store,
        *,
        type: int,
        label: str,
        user: User,
        channel: Channel,
        data: dict[str, Any],
        message: Message | None = None,
        deadline: float | None = 3.0,
    ) -> None:
        self.store = store
        self.id = store.ids.next()
        self.token = "itk." + secrets.token_urlsafe(32)
        self.type = type
        self.label = label
        self.user = user
        self.channel = channel
        self.data = data
        self.source_message = message
        self.deadline = deadline
        self.created_at = asyncio.get_running_loop().time()
        self.payload: dict[str, Any] = {}
        self.callback_type: int | None = None
        self.callback_data: dict[str, Any] = {}
        self.answered_after: float | None = None
        self.original: Message | None = None
        self.followups: list[Message] = []
        self.choices: list[dict[str, Any]] | None = None
        self.modal: dict[str, Any] | None = None
        self.problems: list[str] = []
        self._edits_at_ack = 0

    def __repr__(self) -> str:
        return f"<Interaction {self.label} id={self.id} callback={self.callback_type}>"

    # -- state ---------------------------------------------------------------

    @property
    def guild(self) -> Guild | None:
        return self.channel.guild

    @property
    def acknowledged(self) -> bool:
        return self.callback_type is not None

    @property
    def deferred(self) -> bool:
        return self.callback_type in (DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE_MESSAGE)

    @property
    def done(self) -> bool:
        """Answered, and (if deferred) the deferred answer was filled in."""
        if self.callback_type is None:
            return False
        if self.followups:
            return True
        original = self.original
        if self.callback_type == DEFERRED_CHANNEL_MESSAGE:
            return original is None or original.deleted or not original.loading
        if self.callback_type == DEFERRED_UPDATE_MESSAGE:
            return original is None or original.deleted or original.edits > self._edits_at_ack
        return True

    @property
    def message(self) -> Message | None:
        """The answer a user sees: the filled-in original response, else the first follow-up."""
        original = self.original
        if original is not None and not original.loading and not original.deleted:
            return original
        return self.followups[0] if self.followups else original

    @property
    def ephemeral(self) -> bool:
        message = self.message
        if message is not None:
            return message.ephemeral
        return bool(int(self.callback_data.get("flags") or 0) & FLAG_EPHEMERAL)

    @property
    def content(self) -> str:
        return self.message.content if self.message else ""

    @property
    def text(self) -> str:
        return self.message.text if self.message else ""

    @property
    def embeds(self) -> list[dict[str, Any]]:
        return self.message.embeds if self.message else []

    @property
    def attachments(self) -> list[Attachment]:
        return self.message.attachments if self.message else []

    @property
    def components(self) -> list[dict[str, Any]]:
        return self.message.components if self.message else []

    @property
    def custom_ids(self) -> list[str]:
        return self.message.custom_ids if self.message else []

    # -- waiting -------------------------------------------------------------

    async def response(self, timeout: float = 5.0) -> InteractionHandle:
        """Wait until the bot acknowledged this interaction (any callback type)."""
        return await self.store.wait_until(
            lambda: self if self.acknowledged else None,
            timeout,
            lambda: self._timeout_text(f"did not answer interaction {self.label}", timeout),
        )

    async def wait_done(self, timeout: float = 5.0) -> InteractionHandle:
        """Wait for the answer and, if deferred, for the edit or follow-up that completes it."""
        await self.response(timeout)
        return await self.store.wait_until(
            lambda: self if self.done else None,
            timeout,
            lambda: self._timeout_text(
                f"deferred interaction {self.label} but neither edited the response "
                "nor sent a follow-up",
                timeout,
            ),
        )

    async def wait_followups(self, count: int = 1, timeout: float = 5.0) -> list[Message]:
        """Wait until the bot sent at least ``count`` follow-up messages."""
        return await self.store.wait_until(
            lambda: self.followups if len(self.followups) >= count else None,
            timeout,
            lambda: self._timeout_text(
                f"sent {len(self.followups)} of {count} follow-ups to interaction {self.label}",
                timeout,
            ),
        )

    def _timeout_text(self, what: str, timeout: float) -> str:
        text = f"bot {what} within {timeout:g} s"
        if self.problems:
            text += "; the double rejected: " + "; ".join(self.problems)
        if self.store.errors:
            text += f"; double errors: {self.store.errors[-1]}"
        return text

    # -- the bot's answers (called by the REST layer) ---------------------------

    def check_token(self, token: str) -> None:
        if token != self.token:
            raise ApiError(404, UNKNOWN_INTERACTION, "Unknown interaction")

    def callback(
        self, body: dict[str, Any], uploads: list[Upload]
    ) -> tuple[dict[str, Any], Message | None, str]:
        """Apply a callback; returns (response body, message, "created"/"updated"/"")."""
        loop_time = asyncio.get_running_loop().time()
        callback_type = int(body.get("type", 0))
        data = body.get("data") or {}
        if self.acknowledged:
            self.problems.append(
                f"second callback (type {callback_type}) after type {self.callback_type}"
            )
            raise ApiError(
                400, INTERACTION_ALREADY_ACKNOWLEDGED, "Interaction has already been acknowledged."
            )
        elapsed = loop_time - self.created_at
        if self.deadline is not None and elapsed > self.deadline:
            self.problems.append(
                f"callback type {callback_type} came after {elapsed:.2f} s; Discord expires "
                f"interaction tokens after {self.deadline:g} s (10062 Unknown interaction)"
            )
            raise ApiError(404, UNKNOWN_INTERACTION, "Unknown interaction")
        if callback_type not in ALLOWED_CALLBACKS[self.type]:
            self.problems.append(
                f"callback type {callback_type} is invalid for interaction type {self.type}"
            )
            raise invalid_form(
                "type", "INTERACTION_RESPONSE_TYPE_INVALID", "Interaction response type invalid"
            )
        if (
            callback_type in (DEFERRED_UPDATE_MESSAGE, UPDATE_MESSAGE)
            and self.source_message is None
        ):
            raise invalid_form("type", "INTERACTION_RESPONSE_TYPE_INVALID", "No message to update")

        message: Message | None = None
        action = ""
        if callback_type == CHANNEL_MESSAGE:
            message = self._new_message(data, uploads, extra_flags=0)
            action = "created"
        elif callback_type == DEFERRED_CHANNEL_MESSAGE:
            flags = int(data.get("flags") or 0) & FLAG_EPHEMERAL
            message = self._new_message({}, [], extra_flags=flags | FLAG_LOADING, allow_empty=True)
            action = "created"
        elif callback_type == UPDATE_MESSAGE:
            assert self.source_message is not None
            message = self.store.edit_message(self.source_message, data, uploads)
            action = "updated"
        elif callback_type == DEFERRED_UPDATE_MESSAGE:
            message = self.source_message
        elif callback_type == AUTOCOMPLETE_RESULT:
            choices = list(data.get("choices") or [])
            check_choices(choices)
            self.choices = choices
        elif callback_type == MODAL:
            check_modal(data)
            self.modal = data

        self.callback_type = callback_type
        self.callback_data = data
        self.answered_after = elapsed
        self.original = message
        self._edits_at_ack = message.edits if message else 0
        self.store.notify()

        response: dict[str, Any] = {"interaction": {"id": str(self.id), "type": self.type}}
        if message is not None:
            response["interaction"].update(
                response_message_id=str(message.id),
                response_message_loading=message.loading,
                response_message_ephemeral=message.ephemeral,
            )
            response["resource"] = {"type": callback_type, "message": message.payload()}
        else:
            response["resource"] = {"type": callback_type}
        return response, (message if action else None), action

    def _new_message(
        self,
        data: dict[str, Any],
        uploads: list[Upload],
        *,
        extra_flags: int,
        allow_empty: bool = False,
    ) -> Message:
        flags = extra_flags | (int(data.get("flags") or 0) & FLAG_EPHEMERAL)
        ephemeral = bool(flags & FLAG_EPHEMERAL)
        return self.store.create_message(
            self.channel,
            self.store.bot_user,
            data,
            uploads,
            msg_type=20 if self.type == APPLICATION_COMMAND else 0,
            extra_flags=flags,
            allow_empty=allow_empty,
            webhook_id=self.store.application_id,
            interaction_metadata=self.metadata(),
            visible_to=self.user if ephemeral else None,
        )

    def metadata(self) -> dict[str, Any]:
        owners = {"0": str(self.guild.id)} if self.guild else {"0": "0"}
        data: dict[str, Any] = {
            "id": str(self.id),
            "type": self.type,
            "user": self.user.payload(),
            "authorizing_integration_owners": owners,
        }
        if self.type == APPLICATION_COMMAND:
            data["name"] = self.data.get("name", "")
            data["command_type"] = 1
        if self.source_message is not None:
            data["interacted_message_id"] = str(self.source_message.id)
        return data

    def require_acknowledged(self) -> None:
        if not self.acknowledged:
            self.problems.append("webhook call before the interaction was acknowledged")
            raise ApiError(404, UNKNOWN_WEBHOOK, "Unknown Webhook")

    def followup(self, body: dict[str, Any], uploads: list[Upload]) -> tuple[Message, str]:
        """A follow-up message. The first one after a deferred (type 5) answer fills in
        the loading message and keeps its ephemeral state, as Discord does."""
        self.require_acknowledged()
        original = self.original
        if (
            self.callback_type == DEFERRED_CHANNEL_MESSAGE
            and original is not None
            and original.loading
            and not original.deleted
        ):
            self.store.edit_message(original, body, uploads)
            original.flags &= ~FLAG_LOADING
            self.followups.append(original)
            self.store.notify()
            return original, "updated"
        message = self._new_message(body, uploads, extra_flags=0)
        self.followups.append(message)
        self.store.notify()
        return message, "created"

    def own_message(self, message_id: str) -> Message:
        """``@original`` or a follow-up id of this interaction."""
        self.require_acknowledged()
        if message_id == "@original":
            if self.original is None or self.original.deleted:
                raise ApiError(404, UNKNOWN_MESSAGE, "Unknown Message")
            return self.original
        for message in [self.original, *self.followups]:
            if message is not None and str(message.id) == message_id and not message.deleted:
                return message
        raise ApiError(404, UNKNOWN_MESSAGE, "Unknown Message")

    def edit(self, message: Message, body: dict[str, Any], uploads: list[Upload]) -> Message:
        was_loading = message.loading
        self.store.edit_message(message, body, uploads)
        if was_loading:
            message.flags &= ~FLAG_LOADING
        self.store.notify()
        return message


# -- building interaction payloads ---------------------------------------------


def interaction_payload(store: Store, handle: InteractionHandle) -> dict[str, Any]:
    """The INTERACTION_CREATE ``d`` for ``handle`` (guild: ``member``; DM: ``user``)."""
    channel, user, guild = handle.channel, handle.user, handle.guild
    payload: dict[str, Any] = {
        "id": str(handle.id),
        "application_id": str(store.application_id),
        "type": handle.type,
        "data": handle.data,
        "token": handle.token,
        "version": 1,
        "locale": user.locale,
        "channel_id": str(channel.id),
        "channel": channel_payload(channel, guild.permissions(user) if guild else None),
        "entitlements": [],
        "entitlement_sku_ids": [],
        "attachment_size_limit": ATTACHMENT_SIZE_LIMIT,
        "authorizing_integration_owners": {"0": str(guild.id)} if guild else {"0": "0"},
        "context": 0 if guild else 1,
    }
    if guild is not None:
        member = guild.member(user)
        if member is None:
            raise PermissionError(f"{user.name} is not a member of {guild.name}")
        payload.update(
            guild_id=str(guild.id),
            guild={"id": str(guild.id), "locale": guild.locale, "features": []},
            guild_locale=guild.locale,
            member={**member.payload(), "permissions": str(guild.permissions(user))},
            app_permissions=str(guild.permissions(store.bot_user)),
        )
    else:
        payload.update(user=user.payload(), app_permissions=str(_dm_app_permissions()))
    if handle.source_message is not None:
        payload["message"] = handle.source_message.payload()
    return payload


def channel_payload(channel: Channel, permissions: int | None) -> dict[str, Any]:
    data = channel.payload()
    if permissions is not None:
        data["permissions"] = str(permissions)
    return data


def _dm_app_permissions() -> int:
    return VIEW_CHANNEL | SEND_MESSAGES | EMBED_LINKS | ATTACH_FILES | READ_MESSAGE_HISTORY


def command_data(
    store: Store,
    command: Command,
    path: tuple[str, ...],
    options: Mapping[str, Any],
    *,
    guild: Guild | None,
    channel: Channel,
    focused: str | None = None,
) -> dict[str, Any]:
    """``data`` of an APPLICATION_COMMAND (or AUTOCOMPLETE when ``focused``) interaction."""
    data: dict[str, Any] = {"id": str(command.id), "name": command.name, "type": 1}
    if command.guild_id is not None:
        data["guild_id"] = str(command.guild_id)
    label = "/" + " ".join((command.name, *path))
    target = data
    definitions: list[dict[str, Any]] = command.data.get("options") or []
    for name in path:
        subs = [o for o in definitions if o.get("type") in (SUB_COMMAND, SUB_COMMAND_GROUP)]
        sub = next((o for o in subs if o["name"] == name), None)
        if sub is None:
            known = ", ".join(o["name"] for o in subs) or "none"
            raise ValueError(f"{label}: no subcommand {name!r} (registered: {known})")
        node: dict[str, Any] = {"type": sub["type"], "name": name, "options": []}
        target.setdefault("options", []).append(node)
        target = node
        definitions = sub.get("options") or []
    subs = [o["name"] for o in definitions if o.get("type") in (SUB_COMMAND, SUB_COMMAND_GROUP)]
    if subs:
        raise ValueError(f"{label} needs a subcommand: {', '.join(subs)}")

    resolved: dict[str, dict[str, Any]] = {}
    values = target.setdefault("options", [])
    by_name = {o["name"]: o for o in definitions}
    names = list(options)
    if focused is not None:
        if focused not in by_name:
            raise ValueError(
                f"{label} has no option {focused!r} (options: {', '.join(by_name) or 'none'})"
            )
        if not by_name[focused].get("autocomplete"):
            raise ValueError(f"option {focused!r} of {label} does not use autocomplete")
        if focused not in names:
            names.append(focused)
    for name in names:
        definition = by_name.get(name)
        if definition is None:
            raise ValueError(
                f"{label} has no option {name!r} (options: {', '.join(by_name) or 'none'})"
            )
        raw = options.get(name, "")
        if name == focused:
            values.append(
                {"name": name, "type": definition["type"], "value": str(raw), "focused": True}
            )
            continue
        value = _option_value(store, definition, raw, guild, channel, resolved, label)
        values.append({"name": name, "type": definition["type"], "value": value})
    if focused is None:
        missing = [o["name"] for o in definitions if o.get("required") and o["name"] not in options]
        if missing:
            raise ValueError(f"{label}: required options missing: {', '.join(missing)}")
    if resolved:
        data["resolved"] = resolved
    return data


def _option_value(
    store: Store,
    definition: dict[str, Any],
    raw: Any,
    guild: Guild | None,
    channel: Channel,
    resolved: dict[str, dict[str, Any]],
    label: str,
) -> Any:
    kind = definition["type"]
    name = f"{label} {definition['name']}"
    if kind == STRING:
        if not isinstance(raw, str):
            raise TypeError(f"{name}: expected a string, got {raw!r}")
        if len(raw) < definition.get("min_length", 0) or len(raw) > definition.get(
            "max_length", 6000
        ):
            raise ValueError(f"{name}: length of {raw!r} outside the declared limits")
        _check_choice(definition, raw, name)
        return raw
    if kind in (INTEGER, NUMBER):
        ok = isinstance(raw, int) if kind == INTEGER else isinstance(raw, int | float)
        if not ok or isinstance(raw, bool):
            raise TypeError(
                f"{name}: expected {'an integer' if kind == INTEGER else 'a number'}, got {raw!r}"
            )
        low, high = definition.get("min_value"), definition.get("max_value")
        if (low is not None and raw < low) or (high is not None and raw > high):
            raise ValueError(f"{name}: {raw} outside [{low}, {high}]")
        _check_choice(definition, raw, name)
        return raw
    if kind == BOOLEAN:
        if not isinstance(raw, bool):
            raise TypeError(f"{name}: expected a bool, got {raw!r}")
        return raw
    if kind == USER or (kind == MENTIONABLE and not isinstance(raw, Role)):
        user = store.user(raw)
        resolve_user(resolved, user, guild)
        return str(user.id)
    if kind in (ROLE, MENTIONABLE):
        role = find_role(guild, raw, name)
        resolved.setdefault("roles", {})[str(role.id)] = role.payload()
        return str(role.id)
    if kind == CHANNEL:
        target = store.channel(raw, guild)
        allowed = definition.get("channel_types")
        if allowed and target.type not in allowed:
            raise ValueError(f"{name}: channel type {target.type} not in {allowed}")
        permissions = guild.permissions(store.bot_user) if guild else 0
        resolved.setdefault("channels", {})[str(target.id)] = channel_payload(target, permissions)
        return str(target.id)
    if kind == ATTACHMENT:
        if isinstance(raw, Attachment):
            attachment = raw
        else:
            filename, content = raw
            attachment = store.make_attachment(
                channel, Upload(None, filename, bytes(content)), ephemeral=True
            )
        resolved.setdefault("attachments", {})[str(attachment.id)] = attachment.payload()
        return str(attachment.id)
    raise ValueError(f"{name}: option type {kind} is not supported by the double")


def resolve_user(resolved: dict[str, dict[str, Any]], user: User, guild: Guild | None) -> None:
    resolved.setdefault("users", {})[str(user.id)] = user.payload()
    member = guild.member(user) if guild else None
    if member is not None and guild is not None:
        member_data = member.payload()
        del member_data["user"]
        member_data["permissions"] = str(guild.permissions(user))
        resolved.setdefault("members", {})[str(user.id)] = member_data


def find_role(guild: Guild | None, raw: Any, name: str) -> Role:
    if isinstance(raw, Role):
        return raw
    for role in guild.roles if guild else []:
        if raw in (role.name, role.id, str(role.id)):
            return role
    raise ValueError(f"{name}: no role {raw!r}")


def _check_choice(definition: dict[str, Any], value: Any, name: str) -> None:
    choices = definition.get("choices")
    if choices and value not in [c["value"] for c in choices]:
        allowed = ", ".join(repr(c["value"]) for c in choices)
        raise ValueError(f"{name}: {value!r} is not one of the declared choices ({allowed})")
