"""The ratings of the group's history (bot/host/history.py, README.md "History and ratings"):
places from a result, OpenSkill's Plackett–Luce update over finished games in the order they
ended, AI seats as opponents of a fixed rating per level, and the results of games that
finished before results were kept, derived from their stored last state (an old database,
on SQLite and after `agora migrate-db` on PostgreSQL)."""

from __future__ import annotations

import shutil

import pytest
from openskill.models import PlackettLuce

from bot.host.history import AI_RATINGS, History, places, rate
from bot.host.history_text import history_text, ranking_text
from bot.host.messages import LIMIT
from bot.host.turns import Games
from bot.store import Finished, GameRow, SeatRow
from bot.store.migrate_db import migrate
from bot.store.postgres import PgStore
from bot.store.sqlite import Store
from data.i18n import use_language
from engine.pantheon import result as pantheon_result
from tests.paths import FIXTURES


def finished(game_id: int, seats: list[tuple[int | None, str | None]], scores: list[int],
             winners: list[int], game: str = "pantheon") -> Finished:
    """A finished game as the store gives it: seats are (user id or None, AI level)."""
    row = GameRow(id=game_id, game=game, guild_id=1, channel_id=2, host_id=3, status="over",
                  options={}, seed=1, revision=9, decisions=90, posted=90, last_activity=0.0,
                  turn_message=None, created_at=0.0)
    rows = [SeatRow(game_id, i, uid, f"u{uid}" if uid else f"AI {i}", level)
            for i, (uid, level) in enumerate(seats)]
    return Finished(row, rows, {"scores": scores, "winners": winners}, float(game_id))


def test_places_share_first_among_winners_and_follow_the_scores():
    # a tie broken by the rules (P-END-2): one winner, the other tied score comes second
    assert places({"scores": [30, 30, 20], "winners": [0]}, 3) == [1, 2, 3]
    # a shared victory (P-END-3, A-END-3, T-TSCORE-2): both first, the next is third
    assert places({"scores": [5, 5, 1, 5], "winners": [0, 1, 3]}, 4) == [1, 1, 4, 1]
    # equal scores behind the winner share their place
    assert places({"scores": [6, 0, 0], "winners": [0]}, 3) == [1, 2, 2]


def test_the_winner_rises_and_tied_players_move_together():
    board = rate([finished(1, [(10, None), (11, None), (12, None)], [6, 0, 0], [0])])["pantheon"]
    alice, bob, carol = (board.players[u] for u in (10, 11, 12))
    assert alice.value > 0 > bob.value
    assert bob.rating.mu == pytest.approx(carol.rating.mu)  # a shared place is a tie
    assert bob.rating.sigma == pytest.approx(carol.rating.sigma)
    assert [p.user_id for p in board.ranking()][0] == 10
    assert (alice.games, alice.wins, alice.average_place) == (1, 1, 1.0)
    assert (carol.games, carol.wins, carol.average_place) == (1, 0, 2.0)
    # the same as the library's own update of that one game
    model = PlackettLuce()
    expected = model.rate([[model.rating()], [model.rating()], [model.rating()]],
                          ranks=[1, 2, 2])
    assert alice.rating.mu == pytest.approx(expected[0][0].mu)


def test_ai_seats_are_opponents_of_a_fixed_rating_per_level():
    boards = rate([
        finished(1, [(10, None), (None, "normal")], [9, 1], [0]),  # beats the normal AI
        finished(2, [(20, None), (None, "easy")], [9, 1], [0]),  # beats the easy AI
        finished(3, [(None, "easy"), (None, "normal")], [9, 1], [0]),  # no human: not rated
    ])
    board = boards["pantheon"]
    assert set(board.players) == {10, 20}  # an AI is never on the board
    assert board.players[10].value > board.players[20].value  # a stronger opponent beaten
    assert (board.games, board.rated) == (3, 2)
    assert AI_RATINGS["easy"][0] < AI_RATINGS["normal"][0]


def test_ratings_follow_the_order_the_games_ended_and_each_game_separately():
    games = [finished(1, [(10, None), (11, None)], [5, 1], [0]),
             finished(2, [(10, None), (11, None)], [1, 5], [1]),
             finished(3, [(10, None), (11, None)], [5, 1], [0], game="amunre")]
    boards = rate(games)
    assert boards["pantheon"].players[10].games == 2 and boards["amunre"].players[10].games == 1
    trend = boards["pantheon"].players[10].trend
    assert len(trend) == 2 and trend[0] > trend[1]  # a win, then a loss
    again = rate(games)  # recomputed from the same rows: the same numbers
    assert again["pantheon"].players[11].rating.mu == boards["pantheon"].players[11].rating.mu


async def old_database_history(store) -> None:
    """tests/fixtures/schema4-games.db (schema 4) holds a finished Pantheon game of Ann, Bob and
    an easy AI seat, from before results were kept: its result is derived from its stored last
    state, kept, and rated like any other."""
    games = Games(store)
    assert await store.unrecorded(1) == [1]
    history = History(games)
    boards = await history.boards(1)
    assert await store.unrecorded(1) == []  # kept now: derived once
    table = await games.table(1)
    kept = (await store.finished(1))[0]
    assert kept.result == pantheon_result(table.state)
    assert kept.ended_at == table.game.last_activity and kept.final_message is None
    board = boards["pantheon"]
    assert set(board.players) == {100, 101} and board.players[100].name == "Ann"
    assert board.players[100].games == 1
    assert await history.finished(2) == []  # another server's history is its own


async def test_an_old_database_has_its_finished_games_rated(tmp_path):
    db = tmp_path / "agora.db"
    shutil.copy(FIXTURES / "schema4-games.db", db)
    store = await Store.open(db)
    try:
        await old_database_history(store)
    finally:
        await store.close()


async def test_an_old_database_moved_to_postgres_has_its_finished_games_rated(tmp_path, pg_url):
    db = tmp_path / "agora.db"
    shutil.copy(FIXTURES / "schema4-games.db", db)
    await migrate(str(db), pg_url)
    store = await PgStore.open(pg_url)
    try:
        await old_database_history(store)
    finally:
        await store.close()


@pytest.mark.parametrize("lang", ["en", "cs", "de", "pl"])
def test_a_full_page_and_a_long_leaderboard_fit_one_message(lang):
    """Discord's 2,000 characters: a page of five-seat games with the longest names Discord
    allows (32) and six-digit game numbers, and a leaderboard of 60 such players; the reader far
    down the board is told where they stand."""
    long = "Ž" * 31 + "_"
    games = []
    for n in range(12):
        f = finished(900_000 + n, [(10 + i, None) for i in range(5)], [50, 40, 40, 30, 20], [0],
                     game="tta")
        f.game.guild_id, f.game.channel_id = 10**18, 10**18 + 1
        f.final_message = 10**18 + 2
        for s in f.seats:
            s.name = long
        games.append(f)
    many = [finished(n, [(1000 + n, None), (2000 + n, None)], [5, 1], [0]) for n in range(60)]
    for f in many:
        for s in f.seats:
            s.name = long
    with use_language(lang):
        page = history_text(games, "tta", 1)
        board = ranking_text(rate(many)["pantheon"], "pantheon", 2050)
    assert len(page) <= LIMIT and page.count("https://discord.com/channels/") == 5
    assert "Ž" * 15 + "…" in page and "\\_" not in page  # cut, so the _ is gone
    assert len(board) <= LIMIT
    assert board.count("\n") >= 22 and "Ž" * 15 + "…" in board
    assert {"en": "You: place", "cs": "Ty:", "de": "Du: Platz", "pl": "Ty: miejsce"}[lang] in board
