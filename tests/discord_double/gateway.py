"""The gateway websocket: HELLO, IDENTIFY/READY, GUILD_CREATE, heartbeats, RESUME, dispatch.

discord.py connects to ``{url}?v=10&encoding=json&compress=zlib-stream``
(``zstd-stream`` when the ``zstandard`` package is installed). zlib-stream is
honoured: every frame goes through one ``zlib.compressobj`` per connection and
ends with a ``Z_SYNC_FLUSH``, which is what discord.py looks for. For any other
``compress`` value the double sends plain text frames, which discord.py always
accepts (it only decompresses binary frames).

Each frame the double sends goes through a per-connection queue written by one
task, so dispatch is synchronous for callers and ordering is guaranteed.
Sessions stay resumable after a dropped connection (events sent meanwhile are
replayed on RESUME) and end when the client closes with 1000/1001.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
import traceback
import zlib
from collections import deque
from dataclasses import dataclass, field
from typing import Any

from aiohttp import WSMsgType, web

from .errors import NotConnected
from .models import Guild, Message
from .store import Store

# Intents (https://discord.com/developers/docs/events/gateway#gateway-intents)
GUILDS = 1 << 0
GUILD_MEMBERS = 1 << 1
GUILD_MESSAGES = 1 << 9
DIRECT_MESSAGES = 1 << 12
MESSAGE_CONTENT = 1 << 15

# Opcodes
DISPATCH, HEARTBEAT, IDENTIFY, PRESENCE_UPDATE, VOICE_STATE_UPDATE = 0, 1, 2, 3, 4
RESUME, RECONNECT, REQUEST_GUILD_MEMBERS, INVALID_SESSION, HELLO, HEARTBEAT_ACK = 6, 7, 8, 9, 10, 11

REPLAY_BUFFER = 2000


class Connection:
    """One websocket; frames are queued and written in order by a single task."""

    def __init__(self, ws: web.WebSocketResponse, compress: str | None) -> None:
        self.ws = ws
        self.compress = compress if compress == "zlib-stream" else None
        self._zlib = zlib.compressobj() if self.compress else None
        self._queue: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self._writer = asyncio.create_task(self._write(), name="discord-double-gateway-writer")
        self.sent: list[dict[str, Any]] = []

    def send(self, frame: dict[str, Any]) -> None:
        if not self._writer.done():
            self._queue.put_nowait(frame)

    async def _write(self) -> None:
        while True:
            frame = await self._queue.get()
            try:
                text = json.dumps(frame, separators=(",", ":"))
                if self._zlib is not None:
                    data = self._zlib.compress(text.encode()) + self._zlib.flush(zlib.Z_SYNC_FLUSH)
                    await self.ws.send_bytes(data)
                else:
                    await self.ws.send_str(text)
                self.sent.append(frame)
            except (ConnectionError, RuntimeError):
                return  # socket closed under us; the reader side cleans up
            finally:
                self._queue.task_done()

    async def flush(self, timeout: float = 2.0) -> None:
        """Wait until everything queued so far was written to the socket."""
        if self._writer.done():
            return
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._queue.join(), timeout)

    async def stop(self) -> None:
        self._writer.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self._writer


@dataclass(eq=False)
class Session:
    id: str
    shard_id: int
    shard_count: int
    intents: int
    identify: dict[str, Any]
    seq: int = 0
    events: deque[dict[str, Any]] = field(default_factory=lambda: deque(maxlen=REPLAY_BUFFER))
    connection: Connection | None = None
    ready: bool = False
    ended: bool = False
    resumes: int = 0

    def dispatch(self, event: str, data: dict[str, Any]) -> None:
        self.seq += 1
        frame = {"op": DISPATCH, "t": event, "s": self.seq, "d": data}
        self.events.append(frame)
        if self.connection is not None:
            self.connection.send(frame)

    def handles_guild(self, guild_id: int | None) -> bool:
        if guild_id is None:  # DMs always go to shard 0
            return self.shard_id == 0
        return (guild_id >> 22) % self.shard_count == self.shard_id

    def __repr__(self) -> str:
        state = "ended" if self.ended else ("connected" if self.connection else "disconnected")
        shard = f"{self.shard_id}/{self.shard_count}"
        return f"<Session {self.id[:8]} shard {shard} {state} seq={self.seq}>"


class Gateway:
    def __init__(
        self, store: Store, *, shard_count: int = 1, heartbeat_interval_ms: int = 41250
    ) -> None:
        self.store = store
        self.shard_count = shard_count
        self.heartbeat_interval_ms = heartbeat_interval_ms
        self.url = ""  # ws://127.0.0.1:PORT/gateway, set when the server starts
        self.sessions: list[Session] = []
        self.connections: set[Connection] = set()
        self.received: list[dict[str, Any]] = []  # every frame the bot sent (heartbeats excluded)
        self.closed = False

    # -- routing -------------------------------------------------------------

    def live_sessions(self) -> list[Session]:
        """The newest non-ended session per shard (the one Discord would talk to)."""
        newest: dict[int, Session] = {}
        for session in self.sessions:
            if not session.ended:
                newest[session.shard_id] = session
        return list(newest.values())

    def sessions_for(self, guild_id: int | None) -> list[Session]:
        return [s for s in self.live_sessions() if s.handles_guild(guild_id)]

    @property
    def connected(self) -> bool:
        live = self.live_sessions()
        return bool(live) and all(s.ready and s.connection is not None for s in live)

    def dispatch(
        self, event: str, data: dict[str, Any], *, guild_id: int | None, intent: int = 0
    ) -> int:
        """Send an event to the session(s) responsible; returns how many got it."""
        count = 0
        for session in self.sessions_for(guild_id):
            if intent and not session.intents & intent:
                continue
            session.dispatch(event, data)
            count += 1
        return count

    def dispatch_interaction(self, data: dict[str, Any], guild_id: int | None) -> Session:
        sessions = self.sessions_for(guild_id)
        if not sessions:
            raise NotConnected(
                "no bot is connected to the double's gateway (start one with start_bot(), "
                "or wait for it with await double.wait_for_bot())"
            )
        sessions[0].dispatch("INTERACTION_CREATE", data)
        return sessions[0]

    async def flush(self) -> None:
        for session in self.live_sessions():
            if session.connection is not None:
                await session.connection.flush()

    def message_event(self, event: str, message: Message) -> None:
        """MESSAGE_CREATE/UPDATE/DELETE with Discord's intent rules (never for ephemeral ones)."""
        if message.ephemeral:
            return
        channel = message.channel
        guild_id = channel.guild.id if channel.guild else None
        intent = DIRECT_MESSAGES if channel.is_dm else GUILD_MESSAGES
        if event == "MESSAGE_DELETE":
            data: dict[str, Any] = {"id": str(message.id), "channel_id": str(channel.id)}
            if guild_id:
                data["guild_id"] = str(guild_id)
            self.dispatch(event, data, guild_id=guild_id, intent=intent)
            return
        full = message.payload()
        bot = self.store.bot_user
        for session in self.sessions_for(guild_id):
            if not session.intents & intent:
                continue
            readable = (
                session.intents & MESSAGE_CONTENT
                or channel.is_dm
                or message.author is bot
                or bot in message.mentions
            )
            data = (
                full
                if readable
                else {
                    **full,
                    "content": "",
                    "embeds": [],
                    "attachments": [],
                    "components": [],
                }
            )
            session.dispatch(event, data)

    def guild_created(self, guild: Guild) -> None:
        self.dispatch("GUILD_CREATE", guild.payload(), guild_id=guild.id)

    # -- websocket -------------------------------------------------------------

    async def handle(self, request: web.Request) -> web.StreamResponse:
        ws = web.WebSocketResponse(max_msg_size=0)
        await ws.prepare(request)
        if self.closed:
            await ws.close(code=1001)
            return ws
        connection = Connection(ws, request.query.get("compress"))
        self.connections.add(connection)
        session: Session | None = None
        try:
            if request.query.get("encoding", "json") != "json":
                await ws.close(code=4002, message=b"Only encoding=json is supported by the double")
                return ws
            connection.send({"op": HELLO, "d": {"heartbeat_interval": self.heartbeat_interval_ms}})
            async for msg in ws:
                if msg.type not in (WSMsgType.TEXT, WSMsgType.BINARY):
                    continue
                frame = json.loads(msg.data)
                session = await self._on_frame(connection, session, frame)
        except Exception:
            self.store.errors.append("gateway: " + traceback.format_exc())
        finally:
            self.connections.discard(connection)
            await connection.stop()
            if session is not None and session.connection is connection:
                session.connection = None
                if ws.close_code in (1000, 1001):
                    session.ended = True  # a clean close ends the session, as on Discord
            self.store.notify()
        return ws

    async def _on_frame(
        self, connection: Connection, session: Session | None, frame: dict[str, Any]
    ) -> Session | None:
        op, data = frame.get("op"), frame.get("d")
        if op == HEARTBEAT:
            connection.send({"op": HEARTBEAT_ACK})
            return session
        self.received.append(frame)
        if op == IDENTIFY:
            return await self._identify(connection, data or {})
        if op == RESUME:
            return await self._resume(connection, data or {})
        if op == REQUEST_GUILD_MEMBERS and session is not None:
            self._members_chunk(session, data or {})
        # PRESENCE_UPDATE, VOICE_STATE_UPDATE and anything else: recorded in `received` only.
        return session

    async def _identify(self, connection: Connection, data: dict[str, Any]) -> Session | None:
        if data.get("token") != self.store.token:
            await connection.ws.close(code=4004, message=b"Authentication failed.")
            return None
        shard_id, shard_count = data.get("shard") or [0, 1]
        if not 0 <= shard_id < shard_count:
            await connection.ws.close(code=4010, message=b"Invalid shard.")
            return None
        session = Session(
            id=secrets.token_hex(16),
            shard_id=shard_id,
            shard_count=shard_count,
            intents=int(data.get("intents") or 0),
            identify=data,
            connection=connection,
        )
        self.sessions.append(session)
        guilds = [g for g in self.store.guilds.values() if session.handles_guild(g.id)]
        bot = self.store.bot_user
        session.dispatch(
            "READY",
            {
                "v": 10,
                "user": {**bot.payload(), "verified": True, "mfa_enabled": False, "email": None},
                "guilds": [{"id": str(g.id), "unavailable": True} for g in guilds],
                "session_id": session.id,
                "session_type": "normal",
                "resume_gateway_url": self.url,
                "shard": [shard_id, shard_count],
                "application": {"id": str(self.store.application_id), "flags": APPLICATION_FLAGS},
                "private_channels": [],
                "relationships": [],
                "presences": [],
                "guild_join_requests": [],
                "geo_ordered_rtc_regions": [],
                "user_settings": {},
                "_trace": ["discord-double"],
            },
        )
        for guild in guilds:
            session.dispatch("GUILD_CREATE", guild.payload())
        session.ready = True
        self.store.notify()
        return session

    async def _resume(self, connection: Connection, data: dict[str, Any]) -> Session | None:
        session = next((s for s in self.sessions if s.id == data.get("session_id")), None)
        if session is None or session.ended or data.get("token") != self.store.token:
            # discord.py reacts by identifying again (against its default gateway URL,
            # so this only happens if a test breaks a session on purpose).
            connection.send({"op": INVALID_SESSION, "d": False})
            return None
        if session.connection is not None and session.connection is not connection:
            await session.connection.ws.close(code=4000)
        session.connection = connection
        session.resumes += 1
        last = int(data.get("seq") or 0)
        for frame in list(session.events):
            if frame["s"] > last:
                connection.send(frame)
        session.dispatch("RESUMED", {"_trace": ["discord-double"]})
        self.store.notify()
        return session

    def _members_chunk(self, session: Session, data: dict[str, Any]) -> None:
        guild = self.store.guilds.get(int(data.get("guild_id") or 0))
        if guild is None:
            return
        query = (data.get("query") or "").lower()
        wanted = {int(u) for u in data.get("user_ids") or []}
        if wanted:
            members = [m for m in guild.members.values() if m.user.id in wanted]
        else:
            members = [m for m in guild.members.values() if m.user.name.lower().startswith(query)]
        limit = int(data.get("limit") or 0)
        if limit:
            members = members[:limit]
        chunk: dict[str, Any] = {
            "guild_id": str(guild.id),
            "members": [m.payload() for m in members],
            "chunk_index": 0,
            "chunk_count": 1,
        }
        if data.get("nonce") is not None:
            chunk["nonce"] = data["nonce"]
        if data.get("presences"):
            chunk["presences"] = []
        session.dispatch("GUILD_MEMBERS_CHUNK", chunk)

    # -- control ---------------------------------------------------------------

    async def drop(self, code: int = 4000) -> None:
        """Close every live connection like a network failure would; sessions stay resumable."""
        for session in self.live_sessions():
            if session.connection is not None:
                connection, session.connection = session.connection, None
                await connection.ws.close(code=code, message=b"dropped by the test")

    async def invalidate(self) -> None:
        """Send INVALID_SESSION (op 9, d=false) on every live session: it has ended and cannot
        be resumed, so the client must identify anew (at the gateway it is configured for)."""
        for session in self.live_sessions():
            session.ended = True
            if session.connection is not None:
                session.connection.send({"op": INVALID_SESSION, "d": False})
                await session.connection.flush()
        self.store.notify()

    async def close(self) -> None:
        self.closed = True
        for connection in list(self.connections):
            await connection.ws.close(code=1001, message=b"discord double stopped")
            await connection.stop()


# GATEWAY_GUILD_MEMBERS_LIMITED | GATEWAY_MESSAGE_CONTENT_LIMITED | APPLICATION_COMMAND_BADGE
APPLICATION_FLAGS = (1 << 15) | (1 << 19) | (1 << 23)
