-- Agora schema, version 4: each user's Discord language, remembered from their last interaction,
-- so the DMs the bot sends first (hands, prompts, reminders by DM) are in that language. A game's
-- own language (its channel posts and pictures) is a lobby option, kept with the others in
-- games.options, so it needs no column.

CREATE TABLE users (
    user_id INTEGER PRIMARY KEY,
    language TEXT NOT NULL,       -- one of data.i18n.LANGUAGES
    updated_at REAL NOT NULL
);
