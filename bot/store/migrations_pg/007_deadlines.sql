-- Deadlines and vacations (PostgreSQL), as bot/store/migrations/007_deadlines.sql: each seat's
-- deadline clock (`asked_at`, not restarted by draft edits), its 3/4 warning and the deadlines
-- it missed in a row; each player's vacation; each server's cap on vacation days.

ALTER TABLE seats ADD COLUMN asked_at DOUBLE PRECISION;
ALTER TABLE seats ADD COLUMN warned_at DOUBLE PRECISION;
ALTER TABLE seats ADD COLUMN missed INTEGER NOT NULL DEFAULT 0;
UPDATE seats SET asked_at = awaited_since;

CREATE TABLE away (
    user_id BIGINT PRIMARY KEY,
    since   DOUBLE PRECISION NOT NULL,
    until   DOUBLE PRECISION NOT NULL
);

CREATE TABLE guild_settings (
    guild_id      BIGINT PRIMARY KEY,
    away_cap_days INTEGER
);
