-- Agora schema, version 5 (PostgreSQL), as bot/migrations/005_compact_log.sql: a database that
-- stays small (the decision log is the truth). The log's decision and events become one `data`
-- payload and the snapshots' state becomes bytea: bot/store_pg.py writes them packed (zlib,
-- bot/store.py's `pack`) and still reads the UTF-8 JSON text these statements leave in older
-- rows. The snapshots become sparse: a finished game keeps its first and its last state.
-- (SQLite rebuilds both tables WITHOUT ROWID; PostgreSQL tables have no rowid to drop.)

ALTER TABLE decisions ADD COLUMN data BYTEA;
UPDATE decisions SET data = convert_to('[' || decision || ',' || events || ']', 'UTF8');
ALTER TABLE decisions ALTER COLUMN data SET NOT NULL;  -- [decision, events]
ALTER TABLE decisions DROP COLUMN decision;
ALTER TABLE decisions DROP COLUMN events;

ALTER TABLE snapshots ALTER COLUMN state TYPE BYTEA USING convert_to(state, 'UTF8');
-- a finished game keeps its first and last state; a game in play keeps them all for now
DELETE FROM snapshots s USING games g
    WHERE g.id = s.game_id AND g.status NOT IN ('lobby', 'playing')
      AND s.decisions <> 0 AND s.decisions <> g.decisions;
