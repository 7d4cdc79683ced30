"""Schema migration 2 (bot/store/migrations/002_host.sql) upgrades a database made with schema 1 in
place: tests/fixtures/schema1-pantheon.db holds a 3-seat Pantheon game in progress (73 decisions,
two people and an AI seat, a standing answer and an unconfirmed draft), written by the schema-1
bot (commit d5f5a43) with tests/fixtures/make_schema1_db.py. After the upgrade the game continues
to its end through the same service the bot uses, and its log replays exactly."""

from __future__ import annotations

import contextlib
import random
import shutil
import sqlite3

from bot.host.turns import Games, Refusal
from bot.store.schema import migration_files
from bot.store.sqlite import Store
from engine.core import Decision
from engine.pantheon import apply, dump, new_game
from tests.paths import FIXTURES

FIXTURE = FIXTURES / "schema1-pantheon.db"


async def test_a_schema_1_game_upgrades_in_place_and_plays_to_its_end(tmp_path):
    db = tmp_path / "agora.db"
    shutil.copy(FIXTURE, db)
    with sqlite3.connect(db) as con:
        assert con.execute("PRAGMA user_version").fetchone()[0] == 1
    store = await Store.open(db)
    try:
        assert await store.schema_version() == len(migration_files()) >= 2
        game = (await store.games_with_status("playing"))[0]
        # what schema 1 knew is kept, in the new shape
        assert (game.game, game.decisions, game.awaited) == ("pantheon", 73, [0])
        seats = await store.seats(game.id)
        assert [(s.name, s.policy, s.ai_level) for s in seats] == [
            ("Ann", "ask", None), ("Bob", "draw", None), ("AI 1 (easy)", "ask", "easy")]
        assert seats[0].awaited_since is not None and seats[1].awaited_since is None
        draft = await store.draft(game.id, 0)
        assert draft is not None and draft.steps == [{"kind": "action",
                                                      "args": {"action": "move"}}]
        games = Games(store)
        table = await games.table(game.id)
        panel = await games.panel(table, 0)
        assert panel.steps == [Decision("action", {"action": "move"})]  # the draft still shows

        rng = random.Random(5)
        for _ in range(3000):
            while await games.automatic_step(game.id) is not None:
                pass
            table = await games.table(game.id)
            if table.game.status != "playing":
                break
            seat = table.seats[table.awaited()[0].seat]
            panel = await games.open_panel(game.id, seat.user_id)
            if panel.complete:
                await games.confirm(game.id, seat.user_id, token=panel.token,
                                    number=panel.number)
                continue
            await games.choose(game.id, seat.user_id, token=panel.token, number=panel.number,
                               index=rng.randrange(len(panel.options)), commit_complete=True)
        table = await games.table(game.id)
        assert table.game.status == "over" and table.state.result is not None
        # the whole log, schema-1 rows and new ones alike, replays to the final state
        log = await store.log(game.id)
        assert [e.seq for e in log] == list(range(len(log)))
        state = new_game(table.names, table.game.seed, {})
        for e in log:
            state, _ = apply(state, e.seat, Decision.from_json(e.decision))
        # what schema 1's engine did not record yet: `trail` (the version stamp) and each
        # player's `used_gods` start with the upgrade; everything else replays identically
        assert plain(dump(state)) == plain(dump(table.state))
    finally:
        await store.close()


def plain(data: dict) -> dict:
    out = {k: v for k, v in data.items() if k != "trail"}
    out["players"] = [{k: v for k, v in p.items() if k != "used_gods"} for p in data["players"]]
    return out


SCHEMA4 = FIXTURES / "schema4-games.db"


async def test_a_schema_4_database_gets_the_compact_log_and_its_games_go_on(tmp_path):
    """Migration 5 (issue 11) on a database written by the schema-4 bot (commit 25126c6, with
    tests/fixtures/make_schema4_db.py): a finished Pantheon game, a Pantheon game in progress with
    an unconfirmed draft, an Amun-Re game in progress. The finished game keeps only its first
    and last snapshots; the games in progress go on through the bot's service, old JSON rows and
    new compressed ones side by side; undo still finds the state it needs; every log replays."""
    db = tmp_path / "agora.db"
    shutil.copy(SCHEMA4, db)
    with sqlite3.connect(db) as con:
        assert con.execute("PRAGMA user_version").fetchone()[0] == 4
        before = dict(con.execute("SELECT game_id, COUNT(*) FROM snapshots GROUP BY game_id"))
    store = await Store.open(db)
    try:
        assert await store.schema_version() == len(migration_files()) >= 5
        over, playing, amunre = [await store.game(i) for i in (1, 2, 3)]
        kept = await store._all("SELECT game_id, decisions FROM snapshots ORDER BY 1, 2")
        assert [d for g, d in kept if g == 1] == [0, over.decisions] and before[1] > 100
        games = Games(store)
        table = await games.table(playing.id)
        assert (await games.panel(table, 0)).steps == [Decision("action", {"action": "move"})]
        rng = random.Random(8)
        undone = False
        for gid in (playing.id, amunre.id):
            for _ in range(4000):
                while await games.automatic_step(gid) is not None:
                    pass
                table = await games.table(gid)
                if table.game.status != "playing":
                    break
                seat = table.seats[table.awaited()[0].seat]
                panel = await games.open_panel(gid, seat.user_id)
                if panel.complete:
                    await games.confirm(gid, seat.user_id, token=panel.token,
                                        number=panel.number)
                else:
                    await games.choose(gid, seat.user_id, token=panel.token,
                                       number=panel.number,
                                       index=rng.randrange(len(panel.options)))
                if gid == playing.id and not undone and table.game.decisions >= 70:
                    # a step taken back after the upgrade: its state is replayed
                    with contextlib.suppress(Refusal):
                        await games.undo(gid, seat.user_id)
                        undone = True
            table = await games.table(gid)
            assert table.game.status == "over"
            rules = table.kind.rules
            state = rules.load((await store.checkpoint(gid, 0))[1])
            for e in await store.log(gid):
                state, _ = rules.apply(state, e.seat, Decision.from_json(e.decision))
            assert rules.dump(state) == rules.dump(table.state)
            kept = await store._all("SELECT decisions FROM snapshots WHERE game_id = ?", (gid,))
            assert [r[0] for r in kept] == [0, table.game.decisions]
        assert undone
    finally:
        await store.close()
