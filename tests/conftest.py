"""Shared pytest set-up: the Discord test double's fixtures and the Agora bot against it."""

from __future__ import annotations

pytest_plugins = ["tests.discord_double.fixtures"]
