"""Agora's bot, in rooms (docs/architecture.md):

- `host/` — the game-neutral host: kinds (a game's handle), the turn service, the lobby,
  leases, the words and pictures of a post. No discord import: a terminal or a web page could
  serve it as well.
- `store/` — both storage backends behind one interface, their migrations, migrate-db.
- `discord/` — everything that imports discord.py: the process, slash commands, buttons,
  publishing, reminders.
- `terminal/` — offline play, simulate, replay, verify.
- `games/` — one small command module per game (its verbs), found through engine.registry.
- `cli.py` (the `agora` command, dispatching to the rooms) and `logs.py` (JSON log lines)."""
