"""The group's history: each server's finished games, and from them every player's rating,
statistics and rating trend per game (README.md, "History and ratings"). Game-neutral: a game
is only its id here, and a result only its seat-indexed "scores" and "winners".

Ratings are OpenSkill's Plackett–Luce model (the `openskill` library, its default constants:
a new player starts at μ 25, σ 25/3), computed afresh from the kept results in the order the
games ended, so they are always exactly what the stored games say: nothing to migrate, and a
restart or another process sees the same. What a player is shown is the model's ordinal
μ − 3σ (0 for a newcomer; it grows as games show skill and σ shrinks).

- Only finished games count: an abandoned game has no result.
- Places come from the result: the winners share first place (a tie the rules could not break
  is a shared victory); every other seat is placed by its score after them, equal scores
  sharing a place. The model takes shared places as ties.
- An AI seat is an opponent of a fixed rating per level (`AI_RATINGS`), never rated itself; a
  seat handed to the AI during the game (`replace`) ends as an AI seat, so it counts as that
  AI, and its former player is not rated for that game. A game without any human seat left
  is not rated."""

from __future__ import annotations

import asyncio
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from openskill.models import PlackettLuce, PlackettLuceRating

from engine import registry

from ..logs import log, log_error
from ..store import Finished, GameStore, remember
from .turns import Games

MODEL = PlackettLuce()
# (μ, σ) of an AI seat by level: fixed, never updated. "normal" plays as a newcomer's μ is
# expected to (25); "easy" a good deal weaker, "strong" stronger (it beats normal in most duels:
# README, "The strong AI"). σ is small because the AI does not change.
AI_RATINGS: dict[str, tuple[float, float]] = {"easy": (20.0, 1.0), "normal": (25.0, 1.0),
                                             "strong": (30.0, 1.0)}
AI_OTHER = (25.0, 1.0)  # a level not listed (a game's own level names)
TREND = 8  # ratings shown in a trend
SERVERS_KEPT = 256  # servers whose boards stay in memory until their next finished game


def places(result: dict[str, Any], seats: int) -> list[int]:
    """Each seat's place (1 = first) from a result's "scores" and "winners": the winners share
    first place, the others follow by score, equal scores sharing a place."""
    scores = list(result.get("scores") or [0] * seats)
    winners = set(result.get("winners") or [])
    out = []
    for s in range(seats):
        if s in winners:
            out.append(1)
            continue
        ahead = sum(1 for o in range(seats)
                    if o != s and (o in winners or (o not in winners and scores[o] > scores[s])))
        out.append(1 + ahead)
    return out


def ordinal(rating: PlackettLuceRating) -> float:
    """The number a player is shown: μ − 3σ (a newcomer's 0)."""
    return float(rating.ordinal())


@dataclass
class Player:
    """One person's record in one game on one server."""

    user_id: int
    name: str  # the seat name of their latest game (their display name when they joined)
    rating: PlackettLuceRating = field(default_factory=MODEL.rating)
    games: int = 0
    wins: int = 0
    place_sum: int = 0
    trend: list[float] = field(default_factory=list)  # the ordinal after each game

    @property
    def value(self) -> float:
        return ordinal(self.rating)

    @property
    def average_place(self) -> float:
        return self.place_sum / self.games if self.games else 0.0


@dataclass
class Board:
    """One game's ratings on one server: every human who finished a game of it."""

    game: str
    players: dict[int, Player] = field(default_factory=dict)
    games: int = 0  # finished games of it on the server
    rated: int = 0  # of those, with at least one human seat

    def ranking(self) -> list[Player]:
        """Best first: by rating, then more games, then the user id (stable)."""
        return sorted(self.players.values(), key=lambda p: (-p.value, -p.games, p.user_id))


def ai_rating(level: str | None) -> PlackettLuceRating:
    mu, sigma = AI_RATINGS.get(level or "", AI_OTHER)
    return MODEL.rating(mu=mu, sigma=sigma)


def rate(finished: Iterable[Finished]) -> dict[str, Board]:
    """Every game's board from finished games taken in the order they ended."""
    boards: dict[str, Board] = {}
    for f in finished:
        board = boards.setdefault(f.game.game, Board(f.game.game))
        board.games += 1
        seats = sorted(f.seats, key=lambda s: s.seat)
        humans = [s for s in seats if s.user_id is not None]
        if not humans or len(seats) < 2:
            continue
        place = places(f.result, len(seats))
        teams = []
        for s in seats:
            if s.user_id is None:
                teams.append([ai_rating(s.ai_level)])
                continue
            player = board.players.setdefault(s.user_id, Player(s.user_id, s.name))
            player.name = s.name
            teams.append([player.rating])
        rated = MODEL.rate(teams, ranks=place)
        board.rated += 1
        for s, team in zip(seats, rated, strict=True):
            if s.user_id is None:
                continue
            player = board.players[s.user_id]
            player.rating = team[0]
            player.games += 1
            player.wins += place[s.seat] == 1
            player.place_sum += place[s.seat]
            player.trend.append(ordinal(team[0]))
    return boards


class History:
    """A server's finished games and its boards, read from the store (game-neutral)."""

    def __init__(self, games: Games) -> None:
        self.games = games
        self.store: GameStore = games.store
        # each server's boards, kept until another of its games has finished: rating a game
        # takes a quarter of a millisecond, so a server with thousands of games is rated in a
        # worker thread once per finished game, not once per question
        self._boards: dict[int | None, tuple[tuple[int, int], dict[str, Board]]] = {}

    async def finished(self, guild_id: int | None, game: str | None = None) -> list[Finished]:
        """The server's finished games (of `game`, or of every game), in the order they ended;
        games of a game this bot no longer has are left out."""
        await self._derive_results(guild_id)
        ids = set(registry.ids())
        return [f for f in await self.store.finished(guild_id, game) if f.game.game in ids]

    async def boards(self, guild_id: int | None) -> dict[str, Board]:
        """Every game's board on the server. The finished games are read afresh (another
        process may have finished one); they are rated again only when they changed (results
        are only ever added, so their number and the newest game say so)."""
        finished = await self.finished(guild_id)
        key = (len(finished), max((f.game.id for f in finished), default=0))
        kept = self._boards.get(guild_id)
        if kept is not None and kept[0] == key:
            return kept[1]
        boards = await asyncio.to_thread(rate, finished)  # the event loop keeps answering
        remember(self._boards, guild_id, (key, boards), SERVERS_KEPT)
        return boards

    async def _derive_results(self, guild_id: int | None) -> None:
        """A game that finished before results were kept has its result derived once from its
        stored last state (a finished game keeps it) and kept, so it counts like the others."""
        ids = set(registry.ids())
        for game_id in await self.store.unrecorded(guild_id):
            try:
                row = await self.store.game(game_id)
                if row is None or row.game not in ids:
                    continue
                table = await self.games.table(game_id)
                result = (table.kind.rules.result(table.state) if table.state is not None
                          else None)
            except Exception:  # noqa: BLE001 - one unreadable old game must not hide the rest
                log_error("result_not_derived", game=game_id)
                continue
            if result is None:
                continue
            await self.store.record_result(game_id, result, table.game.last_activity)
            log("result_derived", game=game_id)
