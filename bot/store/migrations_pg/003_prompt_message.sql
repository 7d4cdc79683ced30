-- Agora schema, version 3 (PostgreSQL), as bot/migrations/003_prompt_message.sql: each seat
-- remembers the DM message of its last private prompt, so its buttons can go once superseded.

ALTER TABLE seats ADD COLUMN prompt_message BIGINT;  -- NULL: no live DM prompt known
