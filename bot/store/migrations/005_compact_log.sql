-- Agora schema, version 5: a database that stays small (the decision log is the truth).
-- The log and the snapshots become WITHOUT ROWID tables (no second index beside the key), and
-- their payloads may be compressed: bot/store.py writes `data` and `state` as zlib BLOBs and
-- still reads the JSON text of older rows. The snapshots become sparse: the start of the game,
-- one checkpoint every 32 decisions or so, and the current state; any other state is rebuilt by
-- replaying the log from the checkpoint before it. A finished game keeps its first and last.

CREATE TABLE decisions_v5 (
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq        INTEGER NOT NULL,                 -- decision number (state.decisions before it)
    seat       INTEGER NOT NULL,
    batch      INTEGER NOT NULL,                 -- decisions committed together share it
    barrier    INTEGER NOT NULL DEFAULT 0,       -- 1: revealed hidden information
    sealed     INTEGER NOT NULL DEFAULT 0,       -- 1: a secret choice
    source     TEXT    NOT NULL,                 -- button / command / ai / auto
    data       BLOB    NOT NULL,                 -- [decision, events]: zlib, or JSON text
    created_at REAL    NOT NULL,
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;
INSERT INTO decisions_v5 (game_id, seq, seat, batch, barrier, sealed, source, data, created_at)
    SELECT game_id, seq, seat, batch, barrier, sealed, source,
           '[' || decision || ',' || events || ']', created_at FROM decisions;
DROP TABLE decisions;
ALTER TABLE decisions_v5 RENAME TO decisions;

CREATE TABLE snapshots_v5 (
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    decisions  INTEGER NOT NULL,
    state      BLOB    NOT NULL,                 -- zlib, or JSON text
    created_at REAL    NOT NULL,
    PRIMARY KEY (game_id, decisions)
) WITHOUT ROWID;
-- a finished game keeps its first and last state; a game in play keeps them all for now
INSERT INTO snapshots_v5 (game_id, decisions, state, created_at)
    SELECT s.game_id, s.decisions, s.state, s.created_at FROM snapshots s
    JOIN games g ON g.id = s.game_id
    WHERE g.status IN ('lobby', 'playing') OR s.decisions = 0 OR s.decisions = g.decisions;
DROP TABLE snapshots;
ALTER TABLE snapshots_v5 RENAME TO snapshots;
