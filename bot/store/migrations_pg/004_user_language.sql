-- Agora schema, version 4 (PostgreSQL), as bot/migrations/004_user_language.sql: each user's
-- Discord language, remembered from their last interaction, for the DMs the bot sends first.

CREATE TABLE users (
    user_id    BIGINT PRIMARY KEY,
    language   TEXT   NOT NULL,       -- one of data.i18n.LANGUAGES
    updated_at DOUBLE PRECISION NOT NULL
);
