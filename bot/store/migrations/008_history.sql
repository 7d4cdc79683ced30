-- Agora schema: the group's history (README.md, "History and ratings").
-- Each game remembers the rules and the Agora version it was begun under (NULL: begun before
-- they were recorded, i.e. Agora 0.1.0 and rules version 1). A finished game's result is kept
-- in the transaction of its last decision, with its end time; ratings, statistics and the
-- history are computed from these rows and the seats (who sat where, human or AI). The final
-- post's message id is kept once it is posted (the history links to it).

ALTER TABLE games ADD COLUMN rules_version TEXT;
ALTER TABLE games ADD COLUMN agora_version TEXT;

CREATE TABLE results (
    game_id       INTEGER NOT NULL PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    result        TEXT    NOT NULL,              -- JSON: the rules' result (scores, winners, ...)
    ended_at      REAL    NOT NULL,              -- unix seconds: the last decision's commit
    final_message INTEGER                        -- the final post in the game's channel
);
CREATE INDEX results_by_end ON results (ended_at, game_id);
