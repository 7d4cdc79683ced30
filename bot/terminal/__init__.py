"""The terminal: `agora play` (offline play against AI seats), `agora simulate`, `agora replay`
and `agora verify`. It uses the host and the engine, never the Discord side."""
