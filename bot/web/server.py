"""The web companion's aiohttp application: a game's public page (/g/<link>), its replay
(/g/<link>/replay) and record (/g/<link>/record.json), a player's page (/p/<link>), their
pictures as PNG, a small JSON endpoint the pages poll, a server's archive of finished games
(/a/<link>), and the static files.
GET only: no page can change a game. Every response carries a strict Content-Security-Policy
(no inline script: the scripts are files under /static/). A link that is missing, tampered with,
of the wrong scope, or for a seat that has changed hands answers 404, like any unknown page."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from aiohttp import web
from babel import Locale
from jinja2 import Environment, FileSystemLoader, select_autoescape

from data.i18n import DEFAULT_LOCALE, LANGUAGES, language, t, use_language
from engine import registry
from engine.record import dumps_record
from render.memo import Memo

from ..host import messages
from ..host.links import Links
from ..host.pictures import picture, render_board, render_hand
from ..host.records import game_record
from ..host.turns import Games, Refusal, Table
from ..logs import log_error
from ..store import GameStore
from . import pages

HERE = Path(__file__).parent
CSP = ("default-src 'none'; img-src 'self'; script-src 'self'; style-src 'self'; "
       "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
HEADERS = {"Content-Security-Policy": CSP,
           # a capability link must not travel to another site in a Referer header
           "Referrer-Policy": "no-referrer",
           "X-Content-Type-Options": "nosniff"}
STATIC = {"page.js": "text/javascript", "replay.js": "text/javascript", "page.css": "text/css"}
# Pictures drawn for the pages, per (game, decisions, the decision's stamp, seat or None,
# language): one drawing serves every viewer of a turn, and a replay's steps once drawn.
# Bounded in bytes: a board PNG weighs 100-600 kB.
PICTURES = Memo(limit=512, max_bytes=64 * 1024 * 1024)


class NotFound(Exception):
    """Answered as a plain 404: no page says why."""


class Site:
    """The pages of one store, read through the host's Games (shared with the bot when both run
    in one process, so a loaded state serves both)."""

    def __init__(self, store: GameStore, games: Games, links: Links) -> None:
        self.store = store
        self.games = games
        self.links = links
        self.templates = Environment(loader=FileSystemLoader(HERE / "templates"),
                                     autoescape=select_autoescape(default=True,
                                                                  default_for_string=True))
        self._drawing: dict[tuple[Any, ...], asyncio.Future[bytes | None]] = {}
        self.static = {name: (HERE / "static" / name).read_bytes() for name in STATIC}

    def app(self) -> web.Application:
        app = web.Application(middlewares=[self._headers])
        app.router.add_get("/g/{token}", self.game_page)
        app.router.add_get("/g/{token}/state.json", self.game_state)
        app.router.add_get("/g/{token}/board/{decisions:[0-9]+}.png", self.game_board)
        app.router.add_get("/g/{token}/replay", self.replay_page)
        app.router.add_get("/g/{token}/record.json", self.game_record)
        app.router.add_get("/a/{token}", self.archive_page)
        app.router.add_get("/p/{token}", self.seat_page)
        app.router.add_get("/p/{token}/state.json", self.seat_state)
        app.router.add_get("/p/{token}/board/{decisions:[0-9]+}.png", self.seat_board)
        app.router.add_get("/p/{token}/hand/{decisions:[0-9]+}.png", self.seat_hand)
        app.router.add_get("/static/{name}", self.static_file)
        return app

    @web.middleware
    async def _headers(self, request: web.Request, handler: Any) -> web.StreamResponse:
        try:
            response = await handler(request)
        except (NotFound, web.HTTPNotFound):
            response = web.Response(status=404, text="Not found")
        except web.HTTPException as exc:  # 405 for a POST, and the like
            response = web.Response(status=exc.status, text=exc.reason)
        except Exception:  # noqa: BLE001 - a busy database, a bug: logged, said in one word
            log_error("web_failed", path=request.match_info.route.resource.canonical
                      if request.match_info.route.resource else None)
            response = web.Response(status=500, text="Server error")
        response.headers.update(HEADERS)
        return response

    # --- finding the game a link opens ------------------------------------------------------

    async def _game_table(self, request: web.Request) -> Table:
        game_id = self.links.read_game(request.match_info["token"])
        return await self._table(game_id)

    async def _seat_table(self, request: web.Request) -> tuple[Table, int]:
        found = self.links.read_seat(request.match_info["token"])
        if found is None:
            raise NotFound
        game_id, seat, user_id = found
        table = await self._table(game_id)
        if not 0 <= seat < len(table.seats) or table.seats[seat].user_id != user_id:
            raise NotFound  # the seat changed hands: the old holder's link no longer opens it
        return table, seat

    async def _table(self, game_id: int | None) -> Table:
        if game_id is None:
            raise NotFound
        try:
            table = await self.games.table(game_id)
        except Refusal:
            raise NotFound from None
        if table.state is None:  # a lobby has no board yet
            raise NotFound
        return table

    async def _stamp(self, game_id: int, n: int) -> str:
        """The stamp of the board after `n` decisions (bot.web.pages.stamp): what tells this
        step's picture from the one an undone decision had at the same number."""
        if n == 0:
            return pages.stamp(None)
        entries = await self.store.log(game_id, n - 1, n)
        if not entries:
            raise NotFound
        return pages.stamp(entries[0])

    @staticmethod
    def _language(request: web.Request, table: Table) -> str:
        wanted = request.query.get("lang")
        return wanted if wanted in LANGUAGES else table.game.language

    # --- pages ------------------------------------------------------------------------------

    async def game_page(self, request: web.Request) -> web.Response:
        table = await self._game_table(request)
        return await self._page(request, table, None)

    async def seat_page(self, request: web.Request) -> web.Response:
        table, seat = await self._seat_table(request)
        return await self._page(request, table, seat)

    async def _page(self, request: web.Request, table: Table, seat: int | None
                    ) -> web.Response:
        lang = self._language(request, table)
        # addresses relative to the page (/g/<link>): they hold behind a proxy that serves the
        # site under a path of its own (AGORA_WEB_URL=https://example.org/agora)
        base = request.match_info["token"]
        game = self.links.game_token(table.game.id)
        n = table.game.decisions
        entries = await self.store.log(table.game.id)
        events = [ev for e in entries for ev in e.events]
        v = pages.stamp(entries[n - 1] if 0 < n <= len(entries) else None)
        with use_language(lang):
            page = pages.public_page(table, events)
            if seat is not None:
                page = pages.seat_part(page, table, seat)
            html = self.templates.get_template("page.html").render(
                page=page, t=t, lang=language(), poll=f"{base}/state.json",
                static="../static/", script="page.js",
                board=f"{base}/board/{n}.png?lang={lang}&v={v}",
                # the replay and the record are the game's public ones, for a seat's page too
                replay=f"../g/{game}/replay", record=f"../g/{game}/record.json",
                hand_picture=(f"{base}/hand/{n}.png?lang={lang}&v={v}" if seat is not None
                              else None))
        return web.Response(text=html, content_type="text/html",
                            headers={"Cache-Control": "no-store"})

    async def replay_page(self, request: web.Request) -> web.Response:
        """Every decision of the game, a step each: the spectator's board after it (drawn on
        demand and kept, as the page's pictures are) and its public words. A running game's
        replay holds the decisions made when it was loaded."""
        table = await self._game_table(request)
        lang = self._language(request, table)
        start = await self.games.state_at(table, 0)
        entries = await self.store.log(table.game.id, 0, table.game.decisions)
        n = table.game.decisions
        with use_language(lang):
            opening = table.kind.rules.start_events(start) if start is not None else []
            steps = pages.replay_steps(table, opening, entries)
            html = self.templates.get_template("replay.html").render(
                static="../../static/", script="replay.js", title=messages.title(table),
                steps=steps, last=n, t=t, lang=language(),
                playing=table.game.status == "playing",
                counter=t("web.replay.counter", n="{n}", total="{total}"),
                game="../" + request.match_info["token"])
        return web.Response(text=html, content_type="text/html",
                            headers={"Cache-Control": "no-store"})

    async def game_record(self, request: web.Request) -> web.Response:
        """The game's record as `/<game> export` hands it out: the public log while it is
        played, the whole record once it is over (bot.host.records)."""
        table = await self._game_table(request)
        record = await game_record(self.store, table)
        name = f"agora-{table.game.game}-{table.game.id}.json"
        return web.Response(text=dumps_record(record), content_type="application/json",
                            headers={"Cache-Control": "no-store",
                                     "Content-Disposition": f'inline; filename="{name}"'})

    async def archive_page(self, request: web.Request) -> web.Response:
        """A Discord server's finished games, by game, newest first, each with its page, replay
        and record. `?game=<id>&page=<n>` pages through one game's."""
        guild = self.links.read_server(request.match_info["token"])
        if guild is None:
            raise NotFound
        wanted = request.query.get("game")
        game = wanted if wanted in registry.ids() else None
        page = request.query.get("page", "1")
        number = int(page) if page.isdigit() and 0 < int(page) < 100_000 else 1
        lang = _reader_language(request)
        with use_language(lang):
            shelves = pages.archive(await self.store.finished(guild), self.links.game_token,
                                    game, number)
            html = self.templates.get_template("archive.html").render(
                static="../static/", script=None, shelves=shelves, t=t, lang=language(),
                lang_query=f"?lang={lang}")
        return web.Response(text=html, content_type="text/html",
                            headers={"Cache-Control": "no-store"})

    async def game_state(self, request: web.Request) -> web.Response:
        return _state(await self._game_table(request))

    async def seat_state(self, request: web.Request) -> web.Response:
        table, _ = await self._seat_table(request)
        return _state(table)

    # --- pictures ---------------------------------------------------------------------------

    async def game_board(self, request: web.Request) -> web.Response:
        table = await self._game_table(request)
        return await self._board(request, table)

    async def seat_board(self, request: web.Request) -> web.Response:
        table, _ = await self._seat_table(request)
        return await self._board(request, table)

    async def _board(self, request: web.Request, table: Table) -> web.Response:
        """The public board, drawn from the spectator view (bot.host.pictures)."""
        return await self._png(request, table, None, render_board)

    async def seat_hand(self, request: web.Request) -> web.Response:
        table, seat = await self._seat_table(request)
        return await self._png(request, table, seat, render_hand, seat)

    async def _png(self, request: web.Request, table: Table, seat: int | None, fn: Any,
                   *args: Any) -> web.Response:
        """The picture `fn` draws of the table after the decisions the address names (at most
        the current ones: a page loaded just before a turn still gets its own picture). Kept
        per step and stamp, so a picture is drawn once for every viewer and never served for
        a step an undo has replaced."""
        n = int(request.match_info["decisions"])
        if n > table.game.decisions:
            raise NotFound
        stamp = await self._stamp(table.game.id, n)
        lang = self._language(request, table)
        key = (table.game.id, n, stamp, seat, lang)
        data = PICTURES.get(key)
        if data is None:
            # viewers arriving together after a turn wait for one drawing, not one each
            drawing = self._drawing.get(key)
            if drawing is None:
                with use_language(lang):
                    drawing = asyncio.ensure_future(self._draw(table, n, fn, *args))
                self._drawing[key] = drawing
                drawing.add_done_callback(lambda _: self._drawing.pop(key, None))
            data = await asyncio.shield(drawing)
            if data is None:
                raise NotFound
            PICTURES.put(key, data)
        # the address with this step's stamp names one picture forever: browsers keep it; a
        # seat's is for its holder's eyes only; any other address is asked again each time
        scope = "public" if seat is None else "private"
        cache = (f"{scope}, max-age=86400, immutable" if request.query.get("v") == stamp
                 else f"{scope}, no-cache")
        return web.Response(body=data, content_type="image/png",
                            headers={"Cache-Control": cache})

    async def _draw(self, table: Table, n: int, fn: Any, *args: Any) -> bytes | None:
        state = await self.games.state_at(table, n)
        if state is None:
            return None
        return await picture(fn, Table(table.game, table.seats, state), *args)

    async def static_file(self, request: web.Request) -> web.Response:
        name = request.match_info["name"]
        if name not in self.static:
            raise NotFound
        return web.Response(body=self.static[name], content_type=STATIC[name],
                            headers={"Cache-Control": "public, max-age=3600"})


def _reader_language(request: web.Request) -> str:
    """A page that belongs to no game (the archive) speaks the language asked for (?lang=),
    else the browser's first language Agora speaks, else the bot's default."""
    wanted = request.query.get("lang")
    if wanted in LANGUAGES:
        return wanted
    preferred = [part.split(";")[0].strip()
                 for part in request.headers.get("Accept-Language", "").split(",")]
    found = Locale.negotiate([p for p in preferred if p and p != "*"], LANGUAGES, sep="-")
    return str(found) if found is not None and str(found) in LANGUAGES else DEFAULT_LOCALE


def _state(table: Table) -> web.Response:
    """What a page polls: enough to know that a turn was posted."""
    return web.json_response({"decisions": table.game.decisions, "status": table.game.status},
                             headers={"Cache-Control": "no-store"})


class Server:
    """The site served on a port in the running event loop."""

    def __init__(self, site: Site) -> None:
        self.runner = web.AppRunner(site.app(), access_log=None)

    async def start(self, host: str, port: int) -> None:
        await self.runner.setup()
        await web.TCPSite(self.runner, host, port).start()

    async def stop(self) -> None:
        await self.runner.cleanup()
