"""The web companion: a game's public page and each player's page, served by aiohttp in the
bot's own process (`agora run` with AGORA_WEB_PORT) or alone on the same database (`agora
web`). It reads the store and draws pictures; it never changes a game and never imports
discord.py."""
