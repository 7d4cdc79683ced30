"""Pure, synchronous, deterministic game rules. Never imports the bot or the renderer."""
