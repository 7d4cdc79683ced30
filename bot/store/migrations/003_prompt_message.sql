-- Agora schema, version 3: each seat remembers the DM message of its last private prompt, so
-- the bot can take that prompt's buttons off (and mark it out of date) once it is superseded:
-- a newer prompt went out, or the game no longer waits for that seat.

ALTER TABLE seats ADD COLUMN prompt_message INTEGER;  -- NULL: no live DM prompt known
