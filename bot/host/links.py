"""The web companion's links: capabilities signed with itsdangerous (HMAC-SHA1 over the
payload with a key derived from AGORA_WEB_SECRET and a salt per scope). A game's link opens its
public page, its replay and its record; a seat's link opens that seat's page and names the
person who holds the seat, so that it stops working when the seat changes hands; a server's
link opens the archive of that Discord server's finished games. A link of one scope never reads
as another (the salts differ), and a missing, tampered or wrong-scope link reads as nothing."""

from __future__ import annotations

from itsdangerous import BadSignature, URLSafeSerializer

GAME_SCOPE = "agora.web.game"
SEAT_SCOPE = "agora.web.seat"
SERVER_SCOPE = "agora.web.server"


class Links:
    def __init__(self, base_url: str, secret: str) -> None:
        self.base_url = base_url.rstrip("/")
        self._game = URLSafeSerializer(secret, salt=GAME_SCOPE)
        self._seat = URLSafeSerializer(secret, salt=SEAT_SCOPE)
        self._server = URLSafeSerializer(secret, salt=SERVER_SCOPE)

    def game_url(self, game_id: int) -> str:
        return f"{self.base_url}/g/{self.game_token(game_id)}"

    def game_token(self, game_id: int) -> str:
        """The signed part of a game's link (pages link to each other relatively with it)."""
        return str(self._game.dumps([game_id]))

    def seat_url(self, game_id: int, seat: int, user_id: int) -> str:
        return f"{self.base_url}/p/{self._seat.dumps([game_id, seat, user_id])}"

    def server_url(self, guild_id: int) -> str:
        return f"{self.base_url}/a/{self._server.dumps([guild_id])}"

    def read_game(self, token: str) -> int | None:
        """The game a public link opens, or None for anything not signed for that scope."""
        return _one_id(_loads(self._game, token))

    def read_server(self, token: str) -> int | None:
        """The Discord server whose archive a link opens, or None."""
        return _one_id(_loads(self._server, token))

    def read_seat(self, token: str) -> tuple[int, int, int] | None:
        """(game, seat, user) a personal link opens, or None."""
        payload = _loads(self._seat, token)
        if (isinstance(payload, list) and len(payload) == 3
                and all(type(x) is int for x in payload)):
            return payload[0], payload[1], payload[2]
        return None


def _loads(serializer: URLSafeSerializer, token: str) -> object:
    try:
        return serializer.loads(token)
    except (BadSignature, ValueError, UnicodeError):
        return None


def _one_id(payload: object) -> int | None:
    if isinstance(payload, list) and len(payload) == 1 and type(payload[0]) is int:
        return payload[0]
    return None
