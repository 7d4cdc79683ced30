-- Agora schema (PostgreSQL), as migrations/008_history.sql: each game's rules and Agora
-- version, and a finished game's result, end time and final post, for the group's history
-- and ratings (README.md, "History and ratings").

ALTER TABLE games ADD COLUMN rules_version TEXT;
ALTER TABLE games ADD COLUMN agora_version TEXT;

CREATE TABLE results (
    game_id       BIGINT  NOT NULL PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    result        TEXT    NOT NULL,              -- JSON: the rules' result (scores, winners, ...)
    ended_at      DOUBLE PRECISION NOT NULL,     -- unix seconds: the last decision's commit
    final_message BIGINT                         -- the final post in the game's channel
);
CREATE INDEX results_by_end ON results (ended_at, game_id);
