"""A local Discord (REST API v10 + gateway) for end-to-end tests of discord.py bots.

See README.md in this directory.
"""

from .botrunner import BotRunner, running_bot, start_bot
from .driver import DiscordDouble
from .errors import ApiError, DoubleTimeout, NotConnected
from .interactions import InteractionHandle
from .models import Attachment, Channel, Command, Guild, Message, Role, User

__all__ = [
    "ApiError",
    "Attachment",
    "BotRunner",
    "Channel",
    "Command",
    "DiscordDouble",
    "DoubleTimeout",
    "Guild",
    "InteractionHandle",
    "Message",
    "NotConnected",
    "Role",
    "User",
    "running_bot",
    "start_bot",
]
