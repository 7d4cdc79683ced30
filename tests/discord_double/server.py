"""The aiohttp server: one port (bound to 0 = any free port) for REST, gateway and files.

* ``/api/v10/...``: REST (:mod:`.rest`)
* ``/gateway``: the gateway websocket (:mod:`.gateway`)
* ``/attachments/{channel}/{id}/{filename}``: stored attachment bytes (the CDN)
* anything else: 404 JSON, recorded as unknown
"""

from __future__ import annotations

import json
import socket

from aiohttp import web

from .gateway import Gateway
from .rest import RestApi, json_response
from .store import RecordedRequest, Store

MAX_UPLOAD = 64 * 1024 * 1024


class DoubleServer:
    def __init__(
        self, store: Store, gateway: Gateway, rest: RestApi, *, host: str = "127.0.0.1"
    ) -> None:
        self.store = store
        self.gateway = gateway
        self.rest = rest
        self.host = host
        self.port = 0
        self._runner: web.AppRunner | None = None

    @property
    def url(self) -> str:
        return f"http://{self.host}:{self.port}"

    async def start(self) -> None:
        app = web.Application(client_max_size=MAX_UPLOAD)
        app.router.add_get("/gateway", self.gateway.handle)
        app.router.add_get("/gateway/", self.gateway.handle)
        app.router.add_get("/attachments/{channel_id}/{attachment_id}/{filename}", self.attachment)
        app.router.add_route("*", "/api/v10/{tail:.*}", self.rest.handle)
        app.router.add_route("*", "/{tail:.*}", self.unknown)
        self._runner = web.AppRunner(app, access_log=None, shutdown_timeout=1.0)
        await self._runner.setup()
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.bind((self.host, 0))  # any free port
        self.port = sock.getsockname()[1]
        await web.SockSite(self._runner, sock).start()
        self.store.base_url = self.url
        self.gateway.url = f"ws://{self.host}:{self.port}/gateway"

    async def stop(self) -> None:
        await self.gateway.close()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def attachment(self, request: web.Request) -> web.StreamResponse:
        attachment = self.store.attachments.get(int(request.match_info["attachment_id"]))
        if attachment is None:
            return json_response({"message": "404: Not Found", "code": 0}, 404)
        return web.Response(
            body=attachment.data, content_type=attachment.content_type or "application/octet-stream"
        )

    async def unknown(self, request: web.Request) -> web.StreamResponse:
        body = await request.read()
        record = RecordedRequest(
            request.method,
            request.path,
            dict(request.query),
            body=json.loads(body) if body and request.content_type == "application/json" else None,
            status=404,
            known=False,
        )
        self.store.requests.append(record)
        self.store.unknown_requests.append(record)
        self.store.notify()
        return json_response({"message": "404: Not Found", "code": 0}, 404)
