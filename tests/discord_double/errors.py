"""Exceptions raised by the Discord test double.

Two audiences: :class:`ApiError` is what the *bot* sees (it becomes a JSON
error response, exactly like Discord's), the others are what the *test* sees
when the bot does not behave.
"""

from __future__ import annotations

from typing import Any


class DoubleTimeout(TimeoutError):
    """The bot did not do what the test waited for in time."""


class NotConnected(RuntimeError):
    """No bot session is connected to the double's gateway."""


class ApiError(Exception):
    """A Discord REST error: HTTP status plus Discord's JSON error body."""

    def __init__(
        self, status: int, code: int, message: str, errors: dict[str, Any] | None = None
    ) -> None:
        super().__init__(f"{status} (code {code}): {message}")
        self.status = status
        self.code = code
        self.message = message
        self.errors = errors

    def body(self) -> dict[str, Any]:
        body: dict[str, Any] = {"code": self.code, "message": self.message}
        if self.errors:
            body["errors"] = self.errors
        return body


def invalid_form(field: str, code: str, message: str) -> ApiError:
    """Discord's 50035 "Invalid Form Body" error for one field (dotted path)."""
    tree: dict[str, Any] = {"_errors": [{"code": code, "message": message}]}
    for part in reversed(field.split(".")):
        tree = {part: tree}
    return ApiError(400, 50035, "Invalid Form Body", tree)


# Error codes used by the double (https://discord.com/developers/docs/topics/opcodes-and-status-codes)
UNKNOWN_CHANNEL = 10003
UNKNOWN_GUILD = 10004
UNKNOWN_MESSAGE = 10008
UNKNOWN_USER = 10013
UNKNOWN_WEBHOOK = 10015
UNKNOWN_INTERACTION = 10062
UNKNOWN_COMMAND = 10063
CANNOT_EDIT_OTHERS_MESSAGE = 50005
EMPTY_MESSAGE = 50006
CANNOT_MESSAGE_USER = 50007
MISSING_PERMISSIONS = 50013
INTERACTION_ALREADY_ACKNOWLEDGED = 40060
