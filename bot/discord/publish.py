"""Showing committed play: the channel post (summary, board picture, who acts next), hands by
DM, private prompts by DM, and then the automatic seats (AI, standing answers).

A per-game *pump* runs after every commit: publish what is new, let an automatic seat play if
the game waits for one, publish again, and so on. Posting is driven by the database (`posted`
marks the decisions already summarised), so a restart simply publishes whatever is left.

With several processes on one database (bot.host.leases) a game's pump runs only in the process
holding the lease `pump:<game id>`; a periodic sweep kicks every game with work left, so the
work of a process that died is taken over once its lease has run out."""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import io
import time

import aiohttp
import discord

from data.i18n import t, use_language
from engine.core import Event

from ..host import messages
from ..host.kinds import kind
from ..host.language import seat_language
from ..host.leases import Lease, Leases
from ..host.links import Links
from ..host.pictures import picture, render_digest, render_hand, render_post, render_replay
from ..host.turns import Games, Panel, Refusal, Table
from ..logs import log, log_error, log_warning
from ..store import GameStore, LogEntry, SeatRow
from .components import Buttons, turn_label

PUMP_LEASE = 30.0  # seconds a pump's lease lasts unless renewed (a dead process's is taken over)
LEASE_RETRY = 1.0  # seconds between tries for a pump's lease that another process holds
MAX_FILES = 10  # attachments per Discord message
CANNOT_MESSAGE_USER = 50007  # Discord's error code for closed DMs (403)
DM_RETRIES = 2  # a DM failing for a passing reason (5xx, 429, the connection) is tried again
DM_BACKOFF = 0.5  # seconds before the first retry, three times as long before the next
NO_MENTIONS = discord.AllowedMentions.none()
USER_MENTIONS = discord.AllowedMentions(users=True, roles=False, everyone=False)


def awaited_mentions(table: Table) -> discord.AllowedMentions:
    """A turn post pings only the people the game waits for now."""
    return discord.AllowedMentions(
        users=[discord.Object(u) for u in messages.awaited_users(table)],
        roles=False, everyone=False)


def newly_awaited(table: Table, entries: list[LogEntry]) -> list[SeatRow]:
    """The people these entries made the game wait for, besides those who made them: a commit
    that opens a step for several seats at once (a simultaneous choice, an answer asked of
    others) is posted at once, so that each of them gets a prompt and a ping, whoever's
    commit it was. A seat's reminder clock (`awaited_since`) starts in the commit that makes
    it awaited, so a clock started at or after the first entry marks a seat new to the wait."""
    actors = {e.seat for e in entries}
    first = entries[0].created_at
    return [table.seats[s] for s in table.game.awaited
            if s not in actors and not table.seats[s].is_ai
            and (table.seats[s].awaited_since or 0.0) >= first]


def post_files(board: bytes | None, focus: bytes | None, extras: list[tuple[str, bytes]],
               replay: list[discord.File]) -> list[discord.File]:
    """The channel post's attachments within Discord's 10 files per message: the board and
    the close-up first, then the replay, then as many extra pictures as fit."""
    files = png_file(board, "board.png") + png_file(focus, "focus.png") + replay
    room = max(MAX_FILES - len(files), 0)
    return files + [discord.File(io.BytesIO(data), filename=name) for name, data in extras
                    if data][:room]


def png_file(data: bytes | None, name: str) -> list[discord.File]:
    return [discord.File(io.BytesIO(data), filename=name)] if data else []


# a prompt overtaken by the player's own click while it was sent is sent again, so often
PROMPT_TRIES = 3


class Publisher:
    """Posts, DMs and the per-game pumps of one bot process. It is handed what it uses: the
    Discord client it sends with, the store, the turn service, the leases shared with other
    processes and the buttons it attaches."""

    def __init__(self, client: discord.Client, store: GameStore, games: Games, leases: Leases,
                 buttons: Buttons, *, sweep_every: float, links: Links | None = None) -> None:
        self.client = client
        self.links = links  # the web companion's links, when it is on
        self.store = store
        self.games = games
        self.leases = leases
        self.buttons = buttons
        self.sweep_every = sweep_every
        self._locks: dict[int, asyncio.Lock] = {}
        self._pumps: dict[int, asyncio.Task[None]] = {}
        self._again: set[int] = set()

    # --- the pump ---------------------------------------------------------------------------

    def kick(self, game_id: int) -> None:
        """Publish and let automatic seats play, in the background, one pump per game."""
        task = self._pumps.get(game_id)
        if task is not None and not task.done():
            self._again.add(game_id)
            return
        # a fresh context: the pump speaks each text's own language (game or seat), never the
        # language of whoever's interaction happened to kick it
        self._pumps[game_id] = asyncio.create_task(self._pump(game_id),
                                                   name=f"agora-pump-{game_id}",
                                                   context=contextvars.Context())

    async def idle(self) -> None:
        """Wait until every pump has finished (tests, shutdown)."""
        while any(not task.done() for task in self._pumps.values()):
            await asyncio.gather(*self._pumps.values(), return_exceptions=True)

    async def _pump(self, game_id: int) -> None:
        while True:
            await self._pump_held(game_id)
            # a kick that came while the lease was being released found this task still
            # running and left its game in `_again`: go round once more. Nothing is awaited
            # between this test and the task's end, so no kick can fall in between.
            if game_id not in self._again or self.games.closing.is_set():
                # an idle game keeps no finished task here (a kick makes a new one)
                if self._pumps.get(game_id) is asyncio.current_task():
                    del self._pumps[game_id]
                return

    async def _pump_held(self, game_id: int) -> None:
        """Publish and play automatic seats while this process holds the game's lease."""
        lease = None
        refused = 0
        try:
            lease = await self._pump_lease(game_id)
            while lease is not None and not lease.lost:
                self._again.discard(game_id)
                await self.publish(game_id)
                try:
                    commit = await self.games.automatic_step(game_id)
                except Refusal:
                    # another process changed the game first (its revision moved on): look
                    # again, a few times (a game that went away stays refused)
                    refused += 1
                    if refused < 3:
                        continue
                    raise
                if commit is not None:
                    continue
                if game_id not in self._again:
                    return
        except asyncio.CancelledError:
            raise
        except Exception:  # noqa: BLE001 - keep the bot alive; the next kick retries
            log_error("pump_failed", game=game_id)
        finally:
            if lease is not None:
                try:
                    await lease.release()
                except Exception:  # noqa: BLE001 - it runs out by itself
                    log_error("lease_release_failed", game=game_id)

    async def _pump_lease(self, game_id: int) -> Lease | None:
        """This process's lease on the game's pump. Another process holding it may be just
        finishing (and so miss the commit that kicked us), or dead: try again every second until
        the lease is ours, for as long as a lease lasts; after that the game is the holder's
        (a live one pumps it anyway; a dead one's lease has run out and the sweep comes)."""
        loop = asyncio.get_running_loop()
        give_up = loop.time() + PUMP_LEASE + 5 * LEASE_RETRY
        while True:
            lease = await self.leases.take(f"pump:{game_id}", PUMP_LEASE)
            if lease is not None or loop.time() > give_up:
                return lease
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.games.closing.wait(), LEASE_RETRY)
            if self.games.closing.is_set():
                return None

    async def sweep(self) -> int:
        """Kick the pump of every game in play that has work left: decisions not yet posted,
        or an automatic seat (AI, standing answer) to play. The work of a process that died is
        done here once its lease has run out. Returns how many games were kicked."""
        kicked = 0
        now = time.time()
        for game in await self.store.games_with_status("playing"):
            if now - game.last_activity < self.sweep_every:
                continue  # just changed: the process that changed it is pumping it
            pending = game.posted < game.decisions
            if not pending and game.awaited:
                default = kind(game.game).info.policies[0]
                seats = {s.seat: s for s in await self.store.seats(game.id)}
                pending = any(seats[x].is_ai or seats[x].policy != default
                              for x in game.awaited if x in seats)
            if pending:
                self.kick(game.id)
                kicked += 1
        return kicked

    async def sweep_loop(self) -> None:
        """Every AGORA_SWEEP_SECONDS until the client closes: kick the games with work left."""
        while not self.client.is_closed():
            await asyncio.sleep(self.sweep_every)
            try:
                await self.sweep()
            except Exception:  # noqa: BLE001 - the loop must survive a bad round
                log_error("sweep_failed")

    # --- publishing -------------------------------------------------------------------------

    async def publish(self, game_id: int) -> None:
        """Post what is new in the channel (and by DM), if it is worth a post now."""
        lock = self._locks.setdefault(game_id, asyncio.Lock())
        async with lock:
            table = await self.games.table(game_id)
            if table.state is None or table.game.status == "lobby":
                return
            rules = table.kind.rules
            if table.game.posted < 0:  # the opening: the automatic start, hands, 1st prompts
                events = rules.start_events(table.state)
                entries = await self.store.log(game_id, 0)
                events += [Event.from_json(ev) for e in entries for ev in e.events
                           if e.seq < table.game.decisions]
            else:
                entries = [e for e in await self.store.log(game_id, table.game.posted)
                           if e.seq < table.game.decisions]  # a commit may land meanwhile
                if not entries:
                    return
                events = [Event.from_json(ev) for e in entries for ev in e.events]
                boundary = any(e.template in rules.post_boundaries for e in events)
                # the seat that acted is done for now (a mid-turn commit is posted at its end)
                moved_on = entries[-1].seat not in table.game.awaited
                if not (boundary or moved_on or table.game.status != "playing"
                        or newly_awaited(table, entries)):
                    return  # mid-turn commit (e.g. a card from the deck): post at the turn end
            await self._post(table, events)

    async def _post(self, table: Table, events: list[Event]) -> None:
        game = table.game
        awaited = table.awaited() if game.status == "playing" else []
        now = {p.seat for p in awaited}
        failures: list[SeatRow] = []
        notices: list[SeatRow] = []  # closed DMs the post names: new ones, and seats awaited
        for seat in table.seats:  # hands first, so the post can name closed DMs
            if seat.is_ai:
                continue
            known = seat.dm_ok is False
            sig = messages.hand_signature(table, seat.seat)
            if sig != seat.hand_sig and not await self.send_hand(table, seat):
                failures.append(seat)
                if seat.dm_ok is False and (not known or seat.seat in now):
                    notices.append(seat)  # closed DMs only: a passing failure is retried
        humans = [table.seats[p.seat] for p in awaited if not table.seats[p.seat].is_ai]
        stuck = messages.stuck_seats(table)
        if stuck:  # the post says so too (messages.channel_post)
            log_error("awaited_without_option", game=game.id, seats=[s.seat for s in stuck],
                      at=game.decisions)
        with use_language(game.language):  # the channel's post: the game's language
            board, focus, extras = await picture(render_post, table) or (None, None, [])
            content = messages.channel_post(table, events, notices)
            if self.links is not None:  # the game's public page; never a seat's
                content = messages.with_line(content, t(
                    "web.link.game", url=self.links.game_url(game.id)))
            view_ = (self.buttons.turn_view(game.id, game.decisions, turn_label(table))
                     if humans else discord.utils.MISSING)
            replay = await self.replay_files(table) if game.status == "over" else []
        channel = self.client.get_partial_messageable(game.channel_id, guild_id=game.guild_id)
        try:
            msg = await channel.send(
                content, files=post_files(board, focus, extras, replay),
                view=view_, allowed_mentions=awaited_mentions(table))
        except (discord.Forbidden, discord.NotFound):
            # the bot may no longer post here (permission taken, channel gone): the game goes
            # on by DM instead of waiting forever for a post that can never be made
            log_warning("channel_post_refused", game=game.id, channel=game.channel_id)
            msg = None
        except discord.HTTPException:
            log_error("channel_post_failed", game=game.id, channel=game.channel_id)
            return  # a passing failure: posted again on the next start (not marked posted)
        await self.store.mark_posted(game.id, game.decisions)
        if msg is not None:
            await self.store.set_turn_message(game.id, msg.id)
            if game.status == "over":  # the history links to the final post
                await self.store.set_final_message(game.id, msg.id)
        log("posted", game=game.id, at=game.decisions, board=board is not None,
            over=game.status == "over")
        # the prompts show the game as it is now: while the post was drawn and sent, a player
        # may have committed again (a click answers at once; the post waits for its pictures),
        # and a prompt drawn from the older table would replace their current one with an
        # out-of-date one (issue 27, found by benchmarks/bench_memory.py)
        fresh = await self.games.table(game.id)
        if fresh.game.revision != game.revision:
            table, game = fresh, fresh.game
            now = {p.seat for p in table.awaited()} if game.status == "playing" else set()
            humans = [table.seats[s] for s in sorted(now) if not table.seats[s].is_ai]
        failed = {s.seat for s in failures}
        for seat in humans:  # every awaited person gets their own private prompt
            if (seat.seat not in failed and not await self.send_prompt(table, seat)
                    and seat.dm_ok is False):
                # the post has just mentioned them: this note names them without a ping
                with use_language(game.language):
                    note = messages.dm_failed_text(table.kind, seat)
                await self.say(game.channel_id, note,
                               guild_id=game.guild_id, mentions=NO_MENTIONS)
        for seat in table.seats:  # a prompt of a seat no longer awaited is out of date
            if seat.prompt_message is not None and seat.seat not in now:
                await self.retire_prompt(seat)
        if game.status == "over":  # the last post: a finished game leaves nothing behind
            self._locks.pop(game.id, None)  # (held by this post; nothing publishes it again)
            self.games.forget(game.id)

    async def say(self, channel_id: int, content: str, *, guild_id: int | None = None,
                  board: bytes | None = None,
                  mentions: discord.AllowedMentions = USER_MENTIONS) -> discord.Message | None:
        channel = self.client.get_partial_messageable(channel_id, guild_id=guild_id)
        try:
            return await channel.send(messages.clip(content), files=png_file(board, "board.png"),
                                      allowed_mentions=mentions)
        except discord.HTTPException:
            log_error("channel_message_failed", channel=channel_id)
            return None

    # --- direct messages --------------------------------------------------------------------

    async def dm(self, seat: SeatRow, content: str, **kwargs) -> discord.Message | None:
        """Send a DM; None when it could not be sent. Only Discord's "Cannot send messages to
        this user" (403, code 50007) means the user's DMs are closed (`seat.dm_ok` False); a
        passing failure (5xx, 429, the connection) is tried again DM_RETRIES times, then
        given up for now without calling the DMs closed (the pump sends it again later)."""
        if seat.user_id is None:
            return None
        for attempt in range(DM_RETRIES + 1):
            try:
                msg = await self._dm_once(seat, content, **kwargs)
            except discord.Forbidden as exc:
                if exc.code != CANNOT_MESSAGE_USER:  # not the user's choice: a fault to fix
                    log_warning("dm_forbidden", game=seat.game_id, seat=seat.seat,
                                code=exc.code)
                    return None
                log("dm_refused", game=seat.game_id, seat=seat.seat, code=exc.code)
                if seat.dm_ok is not False:
                    await self.store.set_seat_info(seat.game_id, seat.seat, dm_ok=False)
                    seat.dm_ok = False
                return None
            except (discord.HTTPException, aiohttp.ClientError, OSError, TimeoutError) as exc:
                status = getattr(exc, "status", None)
                passing = not isinstance(exc, discord.HTTPException) or status == 429 or (
                    status is not None and status >= 500)
                if not passing or attempt == DM_RETRIES:
                    log_error("dm_failed", game=seat.game_id, seat=seat.seat, status=status,
                              attempts=attempt + 1)
                    return None
                log("dm_retry", game=seat.game_id, seat=seat.seat, status=status,
                    attempt=attempt + 1)
                await asyncio.sleep(DM_BACKOFF * (3 ** attempt))
                continue
            if seat.dm_ok is not True:
                await self.store.set_seat_info(seat.game_id, seat.seat, dm_ok=True)
                seat.dm_ok = True
            return msg
        return None

    async def dm_user(self, user_id: int, content: str, **kwargs) -> discord.Message | None:
        """A DM to someone without a seat of their own (a host whose seat the AI plays); None
        when it could not be sent (logged)."""
        try:
            user = self.client.get_user(user_id) or await self.client.fetch_user(user_id)
            channel = await user.create_dm()
            return await channel.send(messages.clip(content), allowed_mentions=NO_MENTIONS,
                                      **kwargs)
        except discord.HTTPException as exc:
            log_warning("dm_user_failed", status=getattr(exc, "status", None))
            return None

    async def _dm_once(self, seat: SeatRow, content: str, **kwargs) -> discord.Message:
        assert seat.user_id is not None
        if seat.dm_channel_id is None:
            user = self.client.get_user(seat.user_id) or await self.client.fetch_user(
                seat.user_id)
            channel = await user.create_dm()
            await self.store.set_seat_info(seat.game_id, seat.seat, dm_channel_id=channel.id)
            seat.dm_channel_id = channel.id
        target = self.client.get_partial_messageable(seat.dm_channel_id,
                                                     type=discord.ChannelType.private)
        for file in kwargs.get("files") or []:
            file.reset()  # a retry sends the pictures again from their start
        return await target.send(content, allowed_mentions=NO_MENTIONS, **kwargs)

    async def send_hand(self, table: Table, seat: SeatRow) -> bool:
        with use_language(await seat_language(self.store, table, seat)):
            image = await picture(render_hand, table, seat.seat)
            text = messages.hand_message(table, seat.seat)
            if self.links is not None and seat.user_id is not None:  # by DM only
                text = messages.with_line(text, t("web.link.seat", url=self.links.seat_url(
                    table.game.id, seat.seat, seat.user_id)))
        ok = await self.dm(seat, text, files=png_file(image, "hand.png")) is not None
        if ok:
            await self.store.set_seat_info(table.game.id, seat.seat,
                                               hand_sig=messages.hand_signature(table, seat.seat))
        return ok

    async def send_prompt(self, table: Table, seat: SeatRow) -> bool:
        """DM the seat its prompt (in the seat's language), unless the prompt it already has is
        still the current one (another seat's secret choice does not change its options)."""
        with use_language(await seat_language(self.store, table, seat)):
            return await self._send_prompt(table, seat)

    async def _send_prompt(self, table: Table, seat: SeatRow) -> bool:
        for _ in range(PROMPT_TRIES):
            panel = await self.games.panel(table, seat.seat)
            if not (panel.active or panel.complete):
                return True
            # the seat's own version on the committed state (not its draft): another seat's
            # secret choice leaves it alone, so no second copy of the same prompt goes out
            sig = table.kind.token(table.state, seat.seat)
            if sig == seat.prompt_sig and seat.dm_ok:
                return True
            panel_text = messages.panel_text(panel)
            digest, files = await self.digest(table, panel, messages.LIMIT - len(panel_text))
            msg = await self.dm(seat, digest + panel_text, view=self.buttons.panel_view(panel),
                                **({"files": files} if files else {}))
            if msg is None:
                return False
            old = seat.prompt_message
            await self.store.set_seat_info(table.game.id, seat.seat, prompt_sig=sig,
                                           prompt_message=msg.id)
            seat.prompt_sig, seat.prompt_message = sig, msg.id
            if old is not None and old != msg.id:
                await self._retire(seat, old)
            # while this prompt was drawn and sent, the player may have answered the one
            # before it: their click moved the game on and showed the next step in that
            # prompt, which was just retired, so this one is out of date — send the current
            # step instead (issue 27: a person was left with only a stale prompt)
            table = await self.games.table(table.game.id)
            seat = table.seats[seat.seat]
            if (table.game.status != "playing"
                    or seat.seat not in {p.seat for p in table.awaited()}):
                await self.retire_prompt(seat)  # their part is over meanwhile
                return True
            if table.kind.token(table.state, seat.seat) == sig:
                return True
            log("prompt_overtaken", game=table.game.id, seat=seat.seat, at=table.game.decisions)
        return True

    async def retire_prompt(self, seat: SeatRow) -> None:
        """The seat's DM prompt is superseded: forget it, and take its buttons off."""
        old = seat.prompt_message
        if old is None:
            return
        await self.store.set_seat_info(seat.game_id, seat.seat, prompt_message=None)
        seat.prompt_message = None
        await self._retire(seat, old)

    async def _retire(self, seat: SeatRow, message_id: int) -> None:
        """Edit an old DM prompt: no components, marked "(out of date)". A prompt already
        answered (its buttons gone) is left as it is."""
        if seat.dm_channel_id is None:
            return
        channel = self.client.get_partial_messageable(seat.dm_channel_id,
                                                   type=discord.ChannelType.private)
        try:
            old = await channel.fetch_message(message_id)
            if not old.components:
                return
            lang = await self.store.user_language(seat.user_id) if seat.user_id else None
            with use_language(lang):
                text = messages.out_of_date(old.content)
            await old.edit(content=text, view=None)
        except discord.HTTPException as exc:  # deleted, or DMs closed since: nothing to fix
            log("prompt_retire_failed", game=seat.game_id, seat=seat.seat,
                status=getattr(exc, "status", None))
            return
        log("prompt_retired", game=seat.game_id, seat=seat.seat)

    # --- "since your last turn" and the replay (optional game hooks) -------------------------

    async def digest(self, table: Table, panel: Panel, room: int
                     ) -> tuple[str, list[discord.File]]:
        """At the start of a seat's own turn (a prompt of INFO.turn_prompts, nothing drafted),
        what happened since its last turn: the game's lines and picture, drawn from the logged
        public events only. ("", []) otherwise, or when the game has nothing to say."""
        k = table.kind
        prompt = panel.prompt
        if panel.steps or prompt is None or prompt.kind not in k.info.turn_prompts:
            return "", []
        events = [ev for e in await self.store.log(table.game.id) for ev in e.events
                  if ev.get("private_to") is None]
        try:
            lines = k.digest_lines(events, table.names, panel.seat)
        except Exception:  # noqa: BLE001 - the prompt still goes out
            log_error("digest_failed", game=table.game.id, seat=panel.seat)
            return "", []
        if not lines:
            return "", []
        image = await picture(render_digest, table, events, panel.seat)
        text = "\n".join([k.t("bot.digest.head"), *(f"• {line}" for line in lines)])
        return messages.clip(text, max(room - 2, 0)) + "\n\n", png_file(image, "since.png")

    async def replay_files(self, table: Table) -> list[discord.File]:
        """The final post's replay pictures (the game's optional `replay_files` render hook)."""
        decisions = [(e.seat, e.decision) for e in await self.store.log(table.game.id)]
        files = await picture(render_replay, table, decisions) or []
        return [discord.File(io.BytesIO(data), filename=name) for name, data in files]
