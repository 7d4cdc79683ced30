-- Agora schema, version 2: one host for every game (README.md, "Adding a game").
-- games.game now names the game (rows of version 1 are all Pantheon: the column's default).
-- Several seats may be awaited at once: games.awaited holds them (a JSON list of seat numbers)
-- instead of the single waiting_seat/waiting_kind, and each seat has its own reminder clock.
-- A standing answer is a game's policy name, no longer Pantheon's "follow" answer alone.
-- A decision the game calls secret is logged as sealed until the rules reveal it.

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
ALTER TABLE seats ADD COLUMN awaited_since REAL;   -- when this seat was last asked to decide
ALTER TABLE seats ADD COLUMN reminded_at REAL;     -- when this seat was last reminded
ALTER TABLE seats ADD COLUMN prompt_sig TEXT;      -- the prompt last sent to this seat by DM
UPDATE seats SET awaited_since = (SELECT g.last_activity FROM games g
                                  WHERE g.id = seats.game_id
                                    AND g.awaited = '[' || seats.seat || ']');

ALTER TABLE decisions ADD COLUMN sealed INTEGER NOT NULL DEFAULT 0;  -- 1: a secret choice
