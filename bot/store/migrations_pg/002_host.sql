-- Agora schema, version 2 (PostgreSQL): one host for every game, as bot/migrations/002_host.sql.
-- games.game names the game; several seats may be awaited at once (games.awaited, a JSON list of
-- seat numbers, replaces waiting_seat/waiting_kind) and each seat has its own reminder clock; a
-- standing answer is a game's policy name; a secret decision is logged as sealed.

ALTER TABLE games ADD COLUMN awaited TEXT NOT NULL DEFAULT '[]';
UPDATE games SET awaited = CASE WHEN waiting_seat IS NULL THEN '[]'
                                ELSE '[' || waiting_seat || ']' END;
ALTER TABLE games DROP COLUMN waiting_seat;
ALTER TABLE games DROP COLUMN waiting_kind;
ALTER TABLE games DROP COLUMN reminded_at;
CREATE INDEX games_by_channel ON games (channel_id, id);

ALTER TABLE seats ADD COLUMN policy TEXT NOT NULL DEFAULT 'ask';
UPDATE seats SET policy = auto_follow;
ALTER TABLE seats DROP COLUMN auto_follow;
ALTER TABLE seats ADD COLUMN awaited_since DOUBLE PRECISION;  -- when this seat was last asked
ALTER TABLE seats ADD COLUMN reminded_at DOUBLE PRECISION;    -- when this seat was last reminded
ALTER TABLE seats ADD COLUMN prompt_sig TEXT;                 -- the prompt last sent by DM
UPDATE seats SET awaited_since = g.last_activity FROM games g
    WHERE g.id = seats.game_id AND g.awaited = '[' || seats.seat || ']';

ALTER TABLE decisions ADD COLUMN sealed BOOLEAN NOT NULL DEFAULT false;  -- a secret choice
