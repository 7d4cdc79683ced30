"""REST API v10: the routes discord.py calls for a board-game bot.

Requests are routed by a small regex table (not aiohttp's router) so that every
request, known or not, is recorded in ``store.requests`` and unknown ones also
in ``store.unknown_requests`` with a Discord-style 404 JSON answer.

Two discord.py details matter here:

* discord.py only decodes a body as JSON when ``Content-Type`` is exactly
  ``application/json`` (no ``charset``), so :func:`json_response` sets it by hand.
* 5xx answers make discord.py retry with sleeps of 1, 3, 5, 7 s, so a crash
  inside the double is answered with 400 (and recorded in ``store.errors``).
"""

from __future__ import annotations

import json
import re
import traceback
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from aiohttp import BodyPartReader, web

from .errors import (
    CANNOT_EDIT_OTHERS_MESSAGE,
    UNKNOWN_CHANNEL,
    UNKNOWN_COMMAND,
    UNKNOWN_GUILD,
    UNKNOWN_INTERACTION,
    UNKNOWN_MESSAGE,
    UNKNOWN_USER,
    UNKNOWN_WEBHOOK,
    ApiError,
)
from .gateway import APPLICATION_FLAGS, GUILDS, Gateway
from .interactions import InteractionHandle
from .models import MANAGE_MESSAGES, PRIVATE_THREAD, PUBLIC_THREAD, Channel, Guild, Message
from .store import RecordedRequest, Store, Upload

API_PREFIX = "/api/v10"
FILE_FIELD = re.compile(r"^files?\[(\d+)\]$")


@dataclass
class Call:
    """A parsed request: path parameters, JSON body (or ``payload_json``) and uploaded files."""

    request: web.Request
    params: dict[str, str]
    body: Any
    uploads: list[Upload]

    def int_param(self, name: str) -> int:
        return int(self.params[name])

    def json_body(self) -> dict[str, Any]:
        return self.body if isinstance(self.body, dict) else {}


Handler = Callable[[Call], Awaitable[web.StreamResponse]]


@dataclass
class Route:
    method: str
    pattern: re.Pattern[str]
    handler: Handler
    auth: bool


def json_response(data: Any, status: int = 200) -> web.Response:
    return web.Response(
        body=json.dumps(data).encode(), status=status, headers={"Content-Type": "application/json"}
    )


def no_content() -> web.Response:
    return web.Response(status=204)


def _compile(template: str) -> re.Pattern[str]:
    """``/channels/{channel_id}/messages/{message_id}`` -> regex; ``*_id`` are snowflakes."""

    def group(match: re.Match[str]) -> str:
        name = match.group(1)
        if name == "message_id":
            return r"(?P<message_id>@original|\d+)"
        return f"(?P<{name}>\\d+)" if name.endswith("_id") else f"(?P<{name}>[^/]+)"

    return re.compile("^" + re.sub(r"\{(\w+)\}", group, template) + "/?$")


class RestApi:
    def __init__(self, store: Store, gateway: Gateway) -> None:
        self.store = store
        self.gateway = gateway
        self.routes: list[Route] = []
        self._register()

    def add(self, method: str, template: str, handler: Handler, *, auth: bool = True) -> None:
        self.routes.append(Route(method, _compile(template), handler, auth))

    def _register(self) -> None:
        add = self.add
        add("GET", "/users/@me", self.get_me)
        add("POST", "/users/@me/channels", self.create_dm)
        add("GET", "/users/{user_id}", self.get_user)
        add("GET", "/oauth2/applications/@me", self.application_info)
        add("GET", "/applications/@me", self.application_info)
        add("GET", "/gateway/bot", self.gateway_bot)
        add("GET", "/gateway", self.gateway_url, auth=False)
        for scope in (
            "/applications/{application_id}",
            "/applications/{application_id}/guilds/{guild_id}",
        ):
            add("GET", scope + "/commands", self.list_commands)
            add("PUT", scope + "/commands", self.overwrite_commands)
            add("POST", scope + "/commands", self.create_command)
            add("GET", scope + "/commands/permissions", self.command_permissions)
            add("GET", scope + "/commands/{command_id}", self.get_command)
            add("PATCH", scope + "/commands/{command_id}", self.edit_command)
            add("DELETE", scope + "/commands/{command_id}", self.delete_command)
        add("GET", "/channels/{channel_id}", self.get_channel)
        add("GET", "/channels/{channel_id}/messages", self.list_messages)
        add("POST", "/channels/{channel_id}/messages", self.create_message)
        add("GET", "/channels/{channel_id}/messages/{message_id}", self.get_message)
        add("PATCH", "/channels/{channel_id}/messages/{message_id}", self.edit_message)
        add("DELETE", "/channels/{channel_id}/messages/{message_id}", self.delete_message)
        add("POST", "/channels/{channel_id}/typing", self.typing)
        add("POST", "/channels/{channel_id}/threads", self.create_thread)
        add("POST", "/channels/{channel_id}/messages/{message_id}/threads", self.create_thread)
        add("PUT", "/channels/{channel_id}/thread-members/@me", self.join_thread)
        add("PUT", "/channels/{channel_id}/thread-members/{user_id}", self.join_thread)
        add("GET", "/guilds/{guild_id}", self.get_guild)
        add("GET", "/guilds/{guild_id}/channels", self.guild_channels)
        add("GET", "/guilds/{guild_id}/roles", self.guild_roles)
        add("GET", "/guilds/{guild_id}/members", self.guild_members)
        add("GET", "/guilds/{guild_id}/members/{user_id}", self.guild_member)
        add(
            "POST",
            "/interactions/{interaction_id}/{token}/callback",
            self.interaction_callback,
            auth=False,
        )
        add("POST", "/webhooks/{application_id}/{token}", self.followup, auth=False)
        add(
            "GET",
            "/webhooks/{application_id}/{token}/messages/{message_id}",
            self.webhook_get,
            auth=False,
        )
        add(
            "PATCH",
            "/webhooks/{application_id}/{token}/messages/{message_id}",
            self.webhook_edit,
            auth=False,
        )
        add(
            "DELETE",
            "/webhooks/{application_id}/{token}/messages/{message_id}",
            self.webhook_delete,
            auth=False,
        )

    # -- entry point -------------------------------------------------------------

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = (
            request.path[len(API_PREFIX) :] if request.path.startswith(API_PREFIX) else request.path
        )
        record = RecordedRequest(request.method, path, dict(request.query))
        self.store.requests.append(record)
        fault = next((f for f in self.store.faults if f.matches(request.method, path)), None)
        if fault is not None:  # an injected failure: answered, not carried out
            self.store.faults.remove(fault)
            await request.read()
            body: dict[str, Any] = {"code": fault.code, "message": fault.message}
            if fault.status == 429:
                body.update(retry_after=0.1, **{"global": False})
            record.status = fault.status
            self.store.notify()
            return json_response(body, fault.status)
        try:
            response = await self._route(request, path, record)
        except ApiError as exc:
            response = json_response(exc.body(), exc.status)
        except Exception as exc:
            self.store.errors.append(f"{request.method} {path}: " + traceback.format_exc())
            response = json_response(
                {"code": 0, "message": f"discord double internal error: {exc!r}"}, 400
            )
        record.status = response.status
        if not record.known:
            self.store.unknown_requests.append(record)
        self.store.notify()
        return response

    async def _route(
        self, request: web.Request, path: str, record: RecordedRequest
    ) -> web.StreamResponse:
        matching = [(r, m) for r in self.routes if (m := r.pattern.match(path))]
        route_match = next(((r, m) for r, m in matching if r.method == request.method), None)
        if route_match is None:
            record.known = False
            await request.read()
            if matching:
                return json_response({"message": "405: Method Not Allowed", "code": 0}, 405)
            return json_response({"message": "404: Not Found", "code": 0}, 404)
        route, match = route_match
        if route.auth and request.headers.get("Authorization") != f"Bot {self.store.token}":
            return json_response({"message": "401: Unauthorized", "code": 0}, 401)
        body, uploads = await parse_body(request)
        record.body = body
        record.files = [u.filename for u in uploads]
        return await route.handler(Call(request, match.groupdict(), body, uploads))

    # -- lookups -------------------------------------------------------------------

    def _channel(self, call: Call) -> Channel:
        channel = self.store.find_channel(call.int_param("channel_id"))
        if channel is None:
            raise ApiError(404, UNKNOWN_CHANNEL, "Unknown Channel")
        return channel

    def _channel_message(self, call: Call) -> Message:
        channel = self._channel(call)
        message = self.store.messages.get(int(call.params["message_id"].replace("@original", "0")))
        if (
            message is None
            or message.channel is not channel
            or message.deleted
            or message.ephemeral
        ):
            raise ApiError(404, UNKNOWN_MESSAGE, "Unknown Message")
        return message

    def _guild(self, call: Call) -> Guild | None:
        if "guild_id" not in call.params:
            return None
        guild = self.store.guilds.get(call.int_param("guild_id"))
        if guild is None:
            raise ApiError(404, UNKNOWN_GUILD, "Unknown Guild")
        return guild

    def _check_application(self, call: Call) -> None:
        if call.int_param("application_id") != self.store.application_id:
            raise ApiError(404, 10002, "Unknown Application")

    def _interaction(self, call: Call) -> InteractionHandle:
        self._check_application(call)
        token = call.params["token"]
        for handle in self.store.interactions.values():
            if handle.token == token:
                return handle
        raise ApiError(404, UNKNOWN_WEBHOOK, "Unknown Webhook")

    # -- users, application, gateway ---------------------------------------------

    async def get_me(self, call: Call) -> web.Response:
        bot = self.store.bot_user
        return json_response(
            {**bot.payload(), "verified": True, "mfa_enabled": False, "email": None}
        )

    async def get_user(self, call: Call) -> web.Response:
        user = self.store.users.get(call.int_param("user_id"))
        if user is None:
            raise ApiError(404, UNKNOWN_USER, "Unknown User")
        return json_response(user.payload())

    async def create_dm(self, call: Call) -> web.Response:
        user = self.store.users.get(int(call.json_body().get("recipient_id") or 0))
        if user is None:
            raise ApiError(404, UNKNOWN_USER, "Unknown User")
        return json_response(self.store.dm_channel(user).payload())

    async def application_info(self, call: Call) -> web.Response:
        store = self.store
        owner = store.app_owner or store.bot_user
        return json_response(
            {
                "id": str(store.application_id),
                "name": store.bot_user.name,
                "icon": None,
                "description": "",
                "summary": "",
                "type": None,
                "bot_public": True,
                "bot_require_code_grant": False,
                "verify_key": "0" * 64,
                "owner": owner.payload(),
                "team": None,
                "flags": APPLICATION_FLAGS,
                "rpc_origins": [],
                "redirect_uris": [],
                "interactions_endpoint_url": None,
                "bot": store.bot_user.payload(),
                "approximate_guild_count": len(store.guilds),
            }
        )

    async def gateway_bot(self, call: Call) -> web.Response:
        return json_response(
            {
                "url": self.gateway.url,
                "shards": self.gateway.shard_count,
                "session_start_limit": {
                    "total": 1000,
                    "remaining": 1000,
                    "reset_after": 0,
                    "max_concurrency": 1,
                },
            }
        )

    async def gateway_url(self, call: Call) -> web.Response:
        return json_response({"url": self.gateway.url})

    # -- application commands ----------------------------------------------------

    async def list_commands(self, call: Call) -> web.Response:
        self._check_application(call)
        guild = self._guild(call)
        commands = self.store.commands.get(guild.id if guild else None, [])
        return json_response([c.payload() for c in commands])

    async def overwrite_commands(self, call: Call) -> web.Response:
        self._check_application(call)
        guild = self._guild(call)
        payloads = call.body if isinstance(call.body, list) else []
        commands = self.store.overwrite_commands(guild.id if guild else None, payloads)
        return json_response([c.payload() for c in commands])

    async def create_command(self, call: Call) -> web.Response:
        self._check_application(call)
        guild = self._guild(call)
        command = self.store.upsert_command(guild.id if guild else None, call.json_body())
        return json_response(command.payload(), 201)

    async def command_permissions(self, call: Call) -> web.Response:
        self._check_application(call)
        self._guild(call)
        return json_response([])

    def _command(self, call: Call) -> tuple[int | None, Any]:
        self._check_application(call)
        guild = self._guild(call)
        scope = guild.id if guild else None
        command = self.store.command_by_id(scope, call.int_param("command_id"))
        if command is None:
            raise ApiError(404, UNKNOWN_COMMAND, "Unknown application command")
        return scope, command

    async def get_command(self, call: Call) -> web.Response:
        _, command = self._command(call)
        return json_response(command.payload())

    async def edit_command(self, call: Call) -> web.Response:
        scope, command = self._command(call)
        updated = self.store.upsert_command(scope, {**command.data, **call.json_body()})
        return json_response(updated.payload())

    async def delete_command(self, call: Call) -> web.Response:
        scope, command = self._command(call)
        self.store.commands[scope] = [
            c for c in self.store.commands.get(scope, []) if c is not command
        ]
        return no_content()

    # -- channels and messages -----------------------------------------------------

    async def get_channel(self, call: Call) -> web.Response:
        return json_response(self._channel(call).payload())

    async def list_messages(self, call: Call) -> web.Response:
        channel = self._channel(call)
        query = call.request.query
        limit = max(1, min(100, int(query.get("limit", 50))))
        messages = [m for m in self.store.channel_messages(channel) if not m.ephemeral]
        if "before" in query:
            messages = [m for m in messages if m.id < int(query["before"])]
        if "after" in query:
            messages = [m for m in messages if m.id > int(query["after"])][:limit]
        if "around" in query:
            around = int(query["around"])
            older = [m for m in messages if m.id <= around][-(limit // 2 + 1) :]
            messages = older + [m for m in messages if m.id > around][: limit - len(older)]
        messages = messages[-limit:]
        return json_response([m.payload() for m in reversed(messages)])

    async def create_message(self, call: Call) -> web.Response:
        channel = self._channel(call)
        self.store.check_can_send(channel, self.store.bot_user)
        message = self.store.create_message(
            channel, self.store.bot_user, call.json_body(), call.uploads
        )
        self.gateway.message_event("MESSAGE_CREATE", message)
        return json_response(message.payload())

    async def get_message(self, call: Call) -> web.Response:
        return json_response(self._channel_message(call).payload())

    async def edit_message(self, call: Call) -> web.Response:
        message = self._channel_message(call)
        if message.author is not self.store.bot_user:
            raise ApiError(
                403, CANNOT_EDIT_OTHERS_MESSAGE, "Cannot edit a message authored by another user"
            )
        self.store.edit_message(message, call.json_body(), call.uploads)
        self.gateway.message_event("MESSAGE_UPDATE", message)
        return json_response(message.payload())

    async def delete_message(self, call: Call) -> web.Response:
        message = self._channel_message(call)
        guild = message.channel.guild
        may_manage = guild is not None and guild.permissions(self.store.bot_user) & MANAGE_MESSAGES
        if message.author is not self.store.bot_user and not may_manage:
            raise ApiError(403, 50013, "Missing Permissions")
        self.store.delete_message(message)
        self.gateway.message_event("MESSAGE_DELETE", message)
        return no_content()

    async def typing(self, call: Call) -> web.Response:
        self._channel(call)
        return no_content()

    async def join_thread(self, call: Call) -> web.Response:
        if not self._channel(call).is_thread:
            raise ApiError(400, 50024, "Cannot execute action on this channel type")
        return no_content()

    async def create_thread(self, call: Call) -> web.Response:
        parent = self._channel(call)
        if parent.guild is None or parent.is_thread:
            raise ApiError(400, 50024, "Cannot execute action on this channel type")
        body = call.json_body()
        thread_id = None
        kind = int(body.get("type") or PRIVATE_THREAD)
        if "message_id" in call.params:
            thread_id = self._channel_message(
                call
            ).id  # a thread started from a message shares its id
            kind = PUBLIC_THREAD
        thread = self.store.add_channel(
            parent.guild,
            str(body.get("name") or "thread"),
            type=kind,
            parent=parent,
            owner=self.store.bot_user,
            channel_id=thread_id,
        )
        payload = {
            **thread.payload(),
            "newly_created": True,
            "member": {
                "id": str(thread.id),
                "user_id": str(self.store.bot_user.id),
                "join_timestamp": thread.payload()["thread_metadata"]["create_timestamp"],
                "flags": 0,
            },
        }
        self.gateway.dispatch("THREAD_CREATE", payload, guild_id=parent.guild.id, intent=GUILDS)
        self.store.notify()
        return json_response(payload, 201)

    # -- guilds --------------------------------------------------------------------

    def _existing_guild(self, call: Call) -> Guild:
        guild = self._guild(call)
        assert guild is not None
        return guild

    async def get_guild(self, call: Call) -> web.Response:
        guild = self._existing_guild(call)
        return json_response(
            {**guild.payload(full=False), "approximate_member_count": len(guild.members)}
        )

    async def guild_channels(self, call: Call) -> web.Response:
        guild = self._existing_guild(call)
        return json_response([c.payload() for c in guild.channels if not c.is_thread])

    async def guild_roles(self, call: Call) -> web.Response:
        return json_response([r.payload() for r in self._existing_guild(call).roles])

    async def guild_members(self, call: Call) -> web.Response:
        guild = self._existing_guild(call)
        after = int(call.request.query.get("after", 0))
        limit = int(call.request.query.get("limit", 1))
        members = sorted(
            (m for m in guild.members.values() if m.user.id > after), key=lambda m: m.user.id
        )
        return json_response([m.payload() for m in members[:limit]])

    async def guild_member(self, call: Call) -> web.Response:
        guild = self._existing_guild(call)
        member = guild.members.get(call.int_param("user_id"))
        if member is None:
            raise ApiError(404, 10007, "Unknown Member")
        return json_response(member.payload())

    # -- interactions and their webhooks -----------------------------------------

    async def interaction_callback(self, call: Call) -> web.Response:
        handle = self.store.interactions.get(call.int_param("interaction_id"))
        if handle is None:
            raise ApiError(404, UNKNOWN_INTERACTION, "Unknown interaction")
        handle.check_token(call.params["token"])
        response, message, action = handle.callback(call.json_body(), call.uploads)
        if message is not None:
            self.gateway.message_event(
                "MESSAGE_CREATE" if action == "created" else "MESSAGE_UPDATE", message
            )
        if call.request.query.get("with_response", "").lower() in ("1", "true"):
            return json_response(response)
        return no_content()

    async def followup(self, call: Call) -> web.Response:
        handle = self._interaction(call)
        message, action = handle.followup(call.json_body(), call.uploads)
        self.gateway.message_event(
            "MESSAGE_CREATE" if action == "created" else "MESSAGE_UPDATE", message
        )
        return json_response(message.payload())

    async def webhook_get(self, call: Call) -> web.Response:
        handle = self._interaction(call)
        return json_response(handle.own_message(call.params["message_id"]).payload())

    async def webhook_edit(self, call: Call) -> web.Response:
        handle = self._interaction(call)
        message = handle.edit(
            handle.own_message(call.params["message_id"]), call.json_body(), call.uploads
        )
        self.gateway.message_event("MESSAGE_UPDATE", message)
        return json_response(message.payload())

    async def webhook_delete(self, call: Call) -> web.Response:
        handle = self._interaction(call)
        message = handle.own_message(call.params["message_id"])
        self.store.delete_message(message)
        self.gateway.message_event("MESSAGE_DELETE", message)
        return no_content()


async def parse_body(request: web.Request) -> tuple[Any, list[Upload]]:
    """JSON body, or multipart ``payload_json`` + ``files[n]`` parts (as discord.py sends them)."""
    if request.content_type.startswith("multipart/"):
        reader = await request.multipart()
        body: Any = {}
        uploads: list[Upload] = []
        while (part := await reader.next()) is not None:
            if not isinstance(part, BodyPartReader):
                continue
            if part.name == "payload_json":
                body = json.loads(await part.text())
            elif part.filename is not None:
                match = FILE_FIELD.match(part.name or "")
                index = int(match.group(1)) if match else len(uploads)
                data = bytes(await part.read(decode=True))
                uploads.append(Upload(index, part.filename, data, part.headers.get("Content-Type")))
            elif part.name:
                body[part.name] = await part.text()
        return body, uploads
    raw = await request.read()
    if not raw:
        return None, []
    return json.loads(raw), []
