"""The words of the group's history (`/ranking`, `/stats`, `/history`) in the reader's
language: a leaderboard as a monospaced table, a player's statistics per game with the rating
trend, and the list of finished games. Every text fits one Discord message (2,000 characters):
the leaderboard shows its first RANKED rows (and where the reader stands), the history one page
of PAGE games."""

from __future__ import annotations

import re
import unicodedata

from babel.numbers import format_decimal

from data.i18n import language, t
from engine import registry

from ..store import Finished
from .history import TREND, Board, Player, places

RANKED = 20  # rows of a leaderboard
PAGE = 5  # games per page of the history (five seats of long names still fit a message)
NAME_WIDTH = 16  # a name's room in the leaderboard and the history (longer names are cut)
SPARK = "▁▂▃▄▅▆▇█"


def game_name(game: str) -> str:
    return registry.info(game).name


def rating_text(value: float) -> str:
    """A rating as the language writes it, always with one decimal place ("5.0", "−1,2")."""
    return format_decimal(round(value, 1) + 0.0, format="0.0", locale=language())  # never -0


def plain(name: str) -> str:
    """A player's name shown as typed: Discord's markdown characters in it are escaped (a
    name like "al_ice_" is not italics)."""
    return re.sub(r"([\\*_~|`])", r"\\\1", name)


def _width(text: str) -> int:
    """Columns a text takes in a monospaced font (wide East Asian letters take two)."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def _fit(text: str, width: int) -> str:
    """`text` cut to `width` columns (an ellipsis marks a cut) and padded to it."""
    text = text.replace("`", "'")  # a name must not close the code block
    if _width(text) > width:
        while _width(text) > width - 1:
            text = text[:-1]
        text += "…"
    return text + " " * (width - _width(text))


def ranking_text(board: Board | None, game: str, user_id: int) -> str:
    """The server's leaderboard of one game: place, player, rating, games, wins."""
    name = game_name(game)
    if board is None or not board.players:
        return t("bot.ranking.none", game=name)
    ranked = board.ranking()
    head = [t("bot.ranking.col.place"), t("bot.ranking.col.player"),
            t("bot.ranking.col.rating"), t("bot.ranking.col.games"), t("bot.ranking.col.wins")]
    rows = [[str(i), p.name, rating_text(p.value), str(p.games), str(p.wins)]
            for i, p in enumerate(ranked[:RANKED], 1)]
    widths = [max(_width(r[c]) for r in [head, *rows]) for c in range(5)]
    widths[1] = min(max(widths[1], 6), NAME_WIDTH)

    def line(cells: list[str]) -> str:
        # place and player to the left, the numbers to the right
        out = [_fit(cells[0], widths[0]), _fit(cells[1], widths[1])]
        out += [" " * (widths[c] - _width(cells[c])) + cells[c] for c in range(2, 5)]
        return "  ".join(out).rstrip()

    table = "\n".join([line(head), *(line(r) for r in rows)])
    parts = [t("bot.ranking.head", game=name, count=board.games), f"```\n{table}\n```"]
    if len(ranked) > RANKED:
        parts.append(t("bot.ranking.more", count=len(ranked) - RANKED))
    mine = next((i for i, p in enumerate(ranked, 1) if p.user_id == user_id), None)
    if mine is not None and mine > RANKED:
        parts.append(t("bot.ranking.you", place=mine, count=len(ranked),
                       rating=rating_text(ranked[mine - 1].value)))
    parts.append(t("bot.ranking.note"))
    return "\n".join(parts)


def trend_text(player: Player) -> str:
    """The last TREND ratings as a small bar chart, and the change over them."""
    values = player.trend[-TREND:]
    if len(values) < 2:
        return ""
    low, high = min(values), max(values)
    span = (high - low) or 1.0
    spark = "".join(SPARK[round((v - low) / span * (len(SPARK) - 1))] for v in values)
    change = values[-1] - values[0]
    sign = "+" if change >= 0 else ""
    return t("bot.stats.trend", count=len(values), spark=spark,
             change=sign + rating_text(change))


def stats_text(boards: dict[str, Board], user_id: int, name: str) -> str:
    """One player's games, wins, average place and rating (with its trend) per game."""
    lines = []
    for game in registry.ids():
        board = boards.get(game)
        player = board.players.get(user_id) if board else None
        if player is None:
            continue
        line = t("bot.stats.line", game=game_name(game),
                 games=t("bot.stats.games", count=player.games),
                 wins=t("bot.stats.wins", count=player.wins),
                 place=round(player.average_place, 1) + 0.0,
                 rating=rating_text(player.value))
        trend = trend_text(player)
        lines.append(line + (" · " + trend if trend else ""))
    if not lines:
        return t("bot.stats.none", name=plain(name))
    return "\n".join([t("bot.stats.head", name=plain(name)), *lines])


def standings_text(f: Finished) -> str:
    """A finished game's places: "1. alice 52 · 2. bob 45 · …" (seat names, never pings)."""
    seats = sorted(f.seats, key=lambda s: s.seat)
    place = places(f.result, len(seats))
    scores = f.result.get("scores") or []
    order = sorted(seats, key=lambda s: (place[s.seat], s.seat))
    return " · ".join(t("bot.history.place", place=place[s.seat],
                        name=plain(_fit(s.name, NAME_WIDTH).rstrip()),
                        score=scores[s.seat] if s.seat < len(scores) else "-")
                      for s in order)


def final_link(f: Finished) -> str | None:
    """The URL of the game's final post in its channel (None: not posted)."""
    if f.final_message is None:
        return None
    guild = f.game.guild_id or "@me"
    return f"https://discord.com/channels/{guild}/{f.game.channel_id}/{f.final_message}"


def history_text(finished: list[Finished], game: str | None, page: int) -> str:
    """One page of the server's finished games, newest first, each with its final post and
    how to get its record."""
    if not finished:
        return (t("bot.history.none_game", game=game_name(game)) if game
                else t("bot.history.none"))
    pages = (len(finished) + PAGE - 1) // PAGE
    if not 1 <= page <= pages:
        return t("bot.history.no_page", page=page, count=pages)
    newest = list(reversed(finished))[(page - 1) * PAGE:page * PAGE]
    head = (t("bot.history.head_game", game=game_name(game), page=page, pages=pages,
              count=len(finished)) if game
            else t("bot.history.head", page=page, pages=pages, count=len(finished)))
    lines = [head]
    for f in newest:
        link = final_link(f)
        post = (t("bot.history.final_post", link=link) if link
                else t("bot.history.no_final_post"))
        record = t("bot.history.record", command=f"/{t('bot.cmd.name.history')} "
                   f"{t('bot.cmd.param.name.id')}:{f.game.id}")
        lines.append(t("bot.history.line", title=t("bot.title", game=game_name(f.game.game),
                                                   id=f.game.id),
                       when=f"<t:{int(f.ended_at)}:d>", standings=standings_text(f),
                       post=post, record=record))
    if pages > 1 and page < pages:
        lines.append(t("bot.history.next", command=f"/{t('bot.cmd.name.history')} "
                       f"{t('bot.cmd.param.name.page')}:{page + 1}"))
    return "\n".join(lines)
