-- Deadlines and vacations (README.md, "Asynchronous play"). Each seat has a deadline clock of
-- its own beside the reminder clock: `asked_at` starts when the seat is asked and, unlike
-- `awaited_since`, does not restart when the player edits a draft (a deadline is about deciding,
-- not about being busy). `warned_at` marks the warning at three quarters of the time, `missed`
-- counts the deadlines the seat missed in a row (the host may hand it to the AI after three).
-- A player's vacation (`/away`) is one row of `away`; a server's cap on vacation days is a row
-- of `guild_settings`.

ALTER TABLE seats ADD COLUMN asked_at REAL;                      -- NULL: not awaited
ALTER TABLE seats ADD COLUMN warned_at REAL;                     -- the 3/4 warning went out
ALTER TABLE seats ADD COLUMN missed INTEGER NOT NULL DEFAULT 0;  -- deadlines missed in a row
UPDATE seats SET asked_at = awaited_since;

CREATE TABLE away (
    user_id INTEGER PRIMARY KEY,
    since   REAL NOT NULL,                -- unix seconds: the vacation began
    until   REAL NOT NULL                 -- unix seconds: it ends (or ended: /away off)
);

CREATE TABLE guild_settings (
    guild_id      INTEGER PRIMARY KEY,
    away_cap_days INTEGER                 -- NULL: vacations pause the clocks as long as asked
);
