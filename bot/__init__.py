"""The Discord side of Agora: app commands, lobby, prompts, DMs, storage and the CLI."""
