"""The game-neutral host: a game's handle (`kinds`), the turn service with drafts and commit
points (`turns`), the lobby, leases for work shared between processes, the words of a post
(`messages`) and its pictures (`pictures`), and which language a text is in. It never imports
discord.py and never names a game: a game is found through engine.registry."""
