-- Agora schema, version 1: games, seats, the decision log, snapshots, drafts and the journal.
-- Run once by bot/store.py inside one transaction; PRAGMA user_version records the version.

CREATE TABLE games (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    game            TEXT    NOT NULL DEFAULT 'pantheon',
    guild_id        INTEGER,
    channel_id      INTEGER NOT NULL,
    host_id         INTEGER NOT NULL,
    status          TEXT    NOT NULL DEFAULT 'lobby'
                    CHECK (status IN ('lobby', 'playing', 'over', 'abandoned')),
    options         TEXT    NOT NULL DEFAULT '{}',   -- JSON: engine options + bot options
    seed            INTEGER NOT NULL,
    revision        INTEGER NOT NULL DEFAULT 0,      -- bumps on every write: stale-write guard
    decisions       INTEGER NOT NULL DEFAULT 0,      -- engine decisions committed so far
    posted          INTEGER NOT NULL DEFAULT 0,      -- decisions already summarised in channel
    waiting_seat    INTEGER,                         -- who must act now (denormalised)
    waiting_kind    TEXT,
    last_activity   REAL    NOT NULL,
    reminded_at     REAL,
    turn_message    INTEGER,                         -- the latest "your turn" message (links)
    created_at      REAL    NOT NULL
);

-- one open game per channel (finished and abandoned games stay for the record)
CREATE UNIQUE INDEX games_one_open_per_channel
    ON games (channel_id) WHERE status IN ('lobby', 'playing');
CREATE INDEX games_by_status ON games (status);

CREATE TABLE seats (
    game_id       INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat          INTEGER NOT NULL,                  -- 0-based; the order of joining
    user_id       INTEGER,                           -- NULL for an AI seat
    name          TEXT    NOT NULL,
    ai_level      TEXT,                              -- 'easy' / 'normal' for AI seats
    auto_follow   TEXT    NOT NULL DEFAULT 'ask' CHECK (auto_follow IN ('ask', 'draw')),
    dm_channel_id INTEGER,
    dm_ok         INTEGER,                           -- NULL unknown, 1 delivered, 0 closed
    hand_sig      TEXT,                              -- fingerprint of the last hand sent by DM
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX seats_by_user ON seats (user_id);

-- the action log: one row per engine decision, in order
CREATE TABLE decisions (
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq        INTEGER NOT NULL,                     -- decision number (state.decisions before it)
    seat       INTEGER NOT NULL,
    decision   TEXT    NOT NULL,                     -- JSON {"kind", "args"}
    batch      INTEGER NOT NULL,                     -- decisions committed together share it
    barrier    INTEGER NOT NULL DEFAULT 0,           -- 1: revealed hidden information
    source     TEXT    NOT NULL,                     -- button / command / ai / auto
    events     TEXT    NOT NULL DEFAULT '[]',        -- JSON list of engine events
    created_at REAL    NOT NULL,
    PRIMARY KEY (game_id, seq)
);

-- the whole state after each commit (batch); the newest one is the current state
CREATE TABLE snapshots (
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    decisions  INTEGER NOT NULL,
    state      TEXT    NOT NULL,
    created_at REAL    NOT NULL,
    PRIMARY KEY (game_id, decisions)
);

-- a player's not-yet-committed steps of the current turn (README.md, "Drafts and commit points")
CREATE TABLE drafts (
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat       INTEGER NOT NULL,
    base       INTEGER NOT NULL,                     -- games.decisions the draft builds on
    steps      TEXT    NOT NULL,                     -- JSON list of decisions
    source     TEXT    NOT NULL DEFAULT 'button',
    updated_at REAL    NOT NULL,
    PRIMARY KEY (game_id, seat)
);

-- bot-level notes for the game log: joins, replacements, undo, abandon
CREATE TABLE journal (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    at         INTEGER NOT NULL,                     -- games.decisions when it was written
    text       TEXT    NOT NULL,
    created_at REAL    NOT NULL
);
CREATE INDEX journal_by_game ON journal (game_id, at);
