"""`agora migrate-db` (bot/store/migrate_db.py): an SQLite database moves into an empty PostgreSQL
database with every table and row, ids kept; its logs replay exactly there and its games go on
to their end on PostgreSQL. A target that is not empty is refused, with nothing changed."""

from __future__ import annotations

import os
import random
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

from bot.host.lobby import Lobby
from bot.host.turns import Games
from bot.store import Away
from bot.store.migrate_db import TABLES, migrate
from bot.store.postgres import PgStore
from bot.store.schema import migration_files
from bot.store.sqlite import Store
from engine.core import Decision
from tests.bot.bot_helpers import click_random
from tests.paths import FIXTURES, ROOT

SCHEMA4 = FIXTURES / "schema4-games.db"


async def play(games: Games, game_id: int, rng: random.Random, until: int | None = None
               ) -> None:
    """Random clicks of the awaited seats (and any automatic steps) until the game has
    `until` decisions, or to its end."""
    for _ in range(5000):
        while await games.automatic_step(game_id) is not None:
            pass
        table = await games.table(game_id)
        if table.game.status != "playing" or (until is not None
                                              and table.game.decisions >= until):
            return
        await click_random(games, game_id, rng)
    raise AssertionError("the game did not end")


async def begin(lobby: Lobby, channel: int, seed: int, users=(1, 2, 3)) -> int:
    table = await lobby.start(game="pantheon", guild_id=1, channel_id=channel, user_id=users[0],
                              name=f"u{users[0]}", options={"seed": seed})
    for user in users[1:]:
        await lobby.join(game="pantheon", channel_id=channel, user_id=user, name=f"u{user}")
    await lobby.begin(game="pantheon", channel_id=channel, user_id=users[0], can_manage=True)
    return table.game.id


def row_counts(db: Path) -> dict[str, int]:
    with sqlite3.connect(db) as con:
        return {t: con.execute(f"SELECT COUNT(*) FROM {t}").fetchone()[0] for t in TABLES}


async def everything(store, game_ids: list[int]) -> dict:
    """What the bot can read of each game, through the store's interface."""
    out = {}
    for gid in game_ids:
        game = await store.game(gid)
        out[gid] = (game, await store.seats(gid), await store.log(gid),
                    await store.journal(gid), await store.drafts(gid),
                    await store.checkpoint(gid, game.decisions), await store.checkpoint(gid, 0))
    return out


async def replays_exactly(games: Games, store, gid: int, *, besides: tuple[str, ...] = ()
                          ) -> None:
    """The game's whole log, replayed from its first state, gives its stored current state
    (but for the state's fields `besides`)."""
    table = await games.table(gid)
    rules = table.kind.rules
    state = rules.load((await store.checkpoint(gid, 0))[1])
    log = await store.log(gid)
    assert [e.seq for e in log] == list(range(table.game.decisions))
    for e in log:
        state, _ = rules.apply(state, e.seat, Decision.from_json(e.decision))
    replayed, stored = rules.dump(state), rules.dump(table.state)
    for name in besides:
        replayed.pop(name, None)
        stored.pop(name, None)
    assert replayed == stored


async def test_a_database_moves_to_postgres_and_its_games_go_on(tmp_path, pg_url):
    db = tmp_path / "agora.db"
    store = await Store.open(db)
    games = Games(store)
    lobby = Lobby(games)
    rng = random.Random(11)
    finished = await begin(lobby, channel=5, seed=4)
    await play(games, finished, rng)
    playing = await begin(lobby, channel=6, seed=9, users=(4, 5, 6))
    await play(games, playing, rng, until=45)
    for _ in range(100):  # on to a seat's unconfirmed draft (steps chosen, not yet committed)
        if await store.drafts(playing):
            break
        await click_random(games, playing, rng)
    waiting = (await lobby.start(game="pantheon", guild_id=1, channel_id=7, user_id=8,
                                 name="u8", options={})).game.id
    await store.remember_language(4, "cs")
    await store.set_away(4, 1000.0, 2000.0, [])  # a vacation and a server's cap on it
    await store.set_away_cap(1, 14)
    assert await store.claim("reminders", "old-process", ttl=30)
    ids = [finished, playing, waiting]
    before = await everything(store, ids)
    assert before[finished][0].status == "over" and before[playing][0].status == "playing"
    await store.close()
    counts = row_counts(db)
    assert all(counts[t] for t in TABLES), counts  # every table has something to move

    assert await migrate(str(db), pg_url) == counts
    assert row_counts(db) == counts  # the source is left as it was

    pg = await PgStore.open(pg_url)
    try:
        assert await everything(pg, ids) == before  # rows, ids, payloads: all the same
        assert await pg.user_language(4) == "cs"
        assert await pg.away([4]) == {4: Away(4, 1000.0, 2000.0)}
        assert await pg.away_cap(1) == 14
        assert not await pg.claim("reminders", "new-process", ttl=30)  # still held
        games = Games(pg)
        for gid in (finished, playing):
            await replays_exactly(games, pg, gid)
        # the game in progress goes on to its end on PostgreSQL
        await play(games, playing, rng)
        assert (await pg.game(playing)).status == "over"
        await replays_exactly(games, pg, playing)
        # new rows get ids after the copied ones
        new = await pg.create_game(game="pantheon", guild_id=1, channel_id=9, host_id=1,
                                   host_name="u1", options={}, seed=1)
        assert new.id == max(ids) + 1
        await pg.update_game(new.id, new.revision, status="abandoned", note="closed")
        lines = await pg._all("SELECT id FROM journal ORDER BY id")
        assert [r[0] for r in lines] == list(range(1, counts["journal"] + 2))
    finally:
        await pg.close()


def cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "bot.cli", "migrate-db", *args], cwd=ROOT,
                          capture_output=True, text=True, env={**os.environ, "AGORA_LOCALE": "en"})


async def test_the_command_moves_an_old_database_once_and_refuses_a_full_target(
        tmp_path, pg_url):
    """From the command line, on a database of the schema-4 bot (tests/test_bot_migration.py):
    the copy is migrated first, old JSON log rows and all; the Amun-Re game and the Pantheon
    game in progress go on to their end on PostgreSQL. A second run finds the target full."""
    db = tmp_path / "old.db"
    shutil.copy(SCHEMA4, db)
    done = cli(str(db), pg_url)
    assert done.returncode == 0, done.stderr
    assert "copied from games: 3" in done.stdout and "Done:" in done.stdout
    with sqlite3.connect(db) as con:  # the source keeps its schema: only a copy was migrated
        assert con.execute("PRAGMA user_version").fetchone()[0] == 4

    again = cli(str(db), pg_url)
    assert again.returncode == 2
    assert "is not empty" in again.stderr and "nothing was changed" in again.stderr
    wrong = cli(str(db), str(tmp_path / "x.db"))
    assert wrong.returncode == 2 and "must be a PostgreSQL URL" in wrong.stderr
    missing = cli(str(tmp_path / "none.db"), pg_url)
    assert missing.returncode == 2 and "no SQLite database" in missing.stderr

    pg = await PgStore.open(pg_url)
    try:
        assert await pg.schema_version() == len(migration_files())
        games = Games(pg)
        rng = random.Random(3)
        assert (await pg.game(1)).status == "over"
        await replays_exactly(games, pg, 1)
        for gid in (2, 3):  # Pantheon, then Amun-Re: from their old rows to their end
            # (states stored before issue 23 lack the last turn's summary the engine keeps in
            # `last` for the close-up: a picture's data, not the rules')
            await replays_exactly(games, pg, gid, besides=("last",))
            await play(games, gid, rng)
            assert (await pg.game(gid)).status == "over"
            await replays_exactly(games, pg, gid)
    finally:
        await pg.close()
