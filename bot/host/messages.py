"""The words the bot posts: channel summaries, the waiting line, status, hands, panels, lobby.
All text goes through the translation hook; the game's own words come from its module (the
GameText hooks). Channel text is built from spectator views and public events only, so hidden
information never reaches a channel."""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache

from data.i18n import LANGUAGES, catalogue, t
from engine.core import Event, Prompt

from ..store import Away, SeatRow
from . import deadlines
from .kinds import Kind
from .turns import Panel, Table

LIMIT = 2000  # Discord's message length


def clip(text: str, limit: int = LIMIT) -> str:
    if len(text) <= limit:
        return text
    more = t("bot.more_in_log")
    return text[: limit - len(more) - 2].rstrip() + "\n" + more


def with_line(text: str, line: str) -> str:
    """`text` (clipped to leave room) with `line` after it: a line that must not be cut off,
    such as a link."""
    return clip(text, LIMIT - len(line) - 1) + "\n" + line


def who(seat: SeatRow) -> str:
    """A seat as the channel names it: a mention for people; an AI seat by its name, marked as
    an AI unless its name already says so ("AI 1 (normal)", not "AI 1 (normal) (AI)"; a seat
    the AI took over keeps its player's name: "bob (AI)")."""
    if seat.user_id is not None:
        return f"<@{seat.user_id}>"
    return seat.name if is_bot_name(seat.name) else t("bot.ai_seat", name=seat.name)


@cache
def _bot_names() -> re.Pattern[str]:
    """The names the lobby gives the AI seats it adds (bot.ai_name), in every language."""
    shapes = {catalogue(lang).get("bot.ai_name", "") for lang in LANGUAGES} - {""}
    return re.compile("|".join(
        re.escape(shape).replace(re.escape("{n}"), r"\d+").replace(re.escape("{level}"), ".+")
        for shape in sorted(shapes)))


def is_bot_name(name: str) -> bool:
    return _bot_names().fullmatch(name) is not None


def seat_line(k: Kind, seat: SeatRow) -> str:
    return t("bot.seat_line", n=seat.seat + 1, who=who(seat), colour=k.colour(seat.seat))


def title(table: Table) -> str:
    return t("bot.title", game=table.kind.name, id=table.game.id)


# --- lobby ------------------------------------------------------------------------------------

def choice_word(game: str, name: str, value: str) -> str:
    """A game's choice option in the reader's words ("full game", not "full"): the same
    catalogue key `<game>.choice.<option>.<value>` that names it in the slash command; a choice
    the catalogue does not name yet is shown as given."""
    key = f"{game}.choice.{name}.{value}"
    word = t(key)
    return value if word == key else word


def option_words(k: Kind, options: dict) -> str:
    """The lobby's options as words: "Draft the bonus tiles: yes", not "bonus_draft=True"."""
    parts = []
    for name, value in sorted(options.items()):
        if name == "fixed_seed":
            continue  # said on its own line
        spec = k.info.option(name)
        label = t(f"{k.id}.option.{name}") if spec is not None else t(f"bot.option.{name}")
        if isinstance(value, float) and value.is_integer():
            value = int(value)  # "12", not "12.0"
        shown = t("bot.yes") if value is True else t("bot.no") if value is False else value
        if spec is not None and spec.kind == "choice":
            shown = choice_word(k.id, name, str(value))
        elif name == "language":
            shown = t(f"bot.language.{value}")
        elif name == "on_deadline":
            shown = t(f"bot.choice.on_deadline.{value}")
        elif name == "deadline_level":
            shown = t(f"bot.choice.level.{value}")
        parts.append(t("bot.lobby.option", label=label, value=shown))
    return "; ".join(parts)


def lobby_text(table: Table) -> str:
    k = table.kind
    lines = [t("bot.lobby.head", title=title(table), host=f"<@{table.game.host_id}>")]
    lines += [seat_line(k, s) for s in table.seats]
    opts = table.game.options
    if "fixed_seed" in opts:
        lines.append(t("bot.lobby.fixed_seed", seed=opts["fixed_seed"]))
    words = option_words(k, opts)
    if words:
        lines.append(t("bot.lobby.options", options=words))
    lines.append(k.t("bot.lobby.help", n=len(table.seats), min=k.info.min_players,
                     max=k.info.max_players))
    return "\n".join(lines)


# --- channel posts ----------------------------------------------------------------------------

# a draw that follows these events of the same player belongs to them: one line, "draws 1 card
# instead of moving", not that line and then "draws 1 card"
DRAW_INTO = ("drew_cards", "follow_draw")


def merged(events: Iterable[Event]) -> list[Event]:
    """Consecutive card draws of one player read better as one line ("draws 3 cards")."""
    out: list[Event] = []
    for e in events:
        prev = out[-1] if out else None
        if (prev is not None and e.template == "drew_cards" and prev.template in DRAW_INTO
                and e.args.get("seat") == prev.args.get("seat")
                and e.private_to == prev.private_to):
            out[-1] = Event(prev.template, {**prev.args, "count": prev.args.get("count", 0)
                                            + e.args["count"]}, prev.private_to)
        else:
            out.append(e)
    return out


def summary_lines(k: Kind, events: Iterable[Event], names: list[str],
                  skip: tuple[str, ...] = ()) -> list[str]:
    """Public log lines of these events (a spectator's view: private events are left out);
    events of the templates in `skip` are said elsewhere in the same message."""
    out: list[str] = []
    for e in merged(events):
        if e.template == "turn" or e.template in skip:
            continue  # the waiting line says whose turn it is
        line = k.rules.event_text(e, names, None)
        if line:
            out.append(line)
    return out


def prompt_text(prompt: Prompt, table: Table) -> str:
    assert table.state is not None
    return table.kind.rules.prompt_text(table.state, prompt)


def waiting_line(table: Table) -> str:
    """Who the game waits for, and for what; never what anyone has chosen."""
    if table.game.status == "abandoned":
        return t("bot.abandoned")
    awaited = table.awaited()
    if not awaited:
        return ""
    whom = ", ".join(who(table.seats[p.seat]) for p in awaited)
    what = prompt_text(awaited[0], table)
    if len(awaited) == 1 and awaited[0].kind in table.kind.info.turn_prompts:
        return t("bot.wait.turn", who=whom, what=what)
    if len(awaited) > 1:
        return t("bot.wait.several", who=whom, what=what)
    return t("bot.wait.answer", who=whom, what=what)


def done_text(table: Table | None, notes: list[str] | None = None) -> str:
    """The answer to a step that ended the player's part: what was committed (`notes`, else
    just "Committed."), and what comes next."""
    text = "\n".join(notes) if notes else t("bot.panel.done")
    if table is not None:
        text += "\n" + (waiting_line(table) if table.game.status == "playing"
                        else t("bot.panel.over"))
    return clip(text)


def scores_line(table: Table) -> str:
    assert table.state is not None
    v = table.kind.rules.view(table.state, None)
    scores = table.kind.rules.scores(v)
    return " · ".join(t("bot.score", name=n, score=s) for n, s in zip(table.names, scores,
                                                                        strict=True))


def game_over_text(table: Table) -> str:
    assert table.state is not None
    k = table.kind
    res = k.rules.result(table.state)
    if res is None:
        return ""
    names = table.names
    return "\n".join([t("bot.over.head"), *k.rules.result_lines(res, names),
                      winners_line(k, res, names)])


def winners_line(k: Kind, res: dict, names: list[str]) -> str:
    winners = ", ".join(names[w] for w in res["winners"])
    if len(res["winners"]) > 1:
        rule = f" ({k.info.shared_win_rule})" if k.info.shared_win_rule else ""
        return t("bot.over.winners", winners=winners, rule=rule)
    return t("bot.over.winner", winners=winners)


GAME_OVER = ("game_over",)  # the end event's "winner" line: the final block names the winner


def dm_failed_text(k: Kind, seat: SeatRow) -> str:
    """The channel's note that a seat's DMs are closed: by name, never a mention (a seat the
    game waits for is mentioned once, by the waiting line)."""
    return k.t("bot.dm_failed", who=seat.name)


def awaited_users(table: Table) -> list[int]:
    """The people a post may mention: the seats the game waits for now."""
    if table.game.status != "playing":
        return []
    users = (table.seats[p.seat].user_id for p in table.awaited())
    return [u for u in dict.fromkeys(users) if u is not None]


def channel_post(table: Table, events: list[Event], dm_failures: list[SeatRow]) -> str:
    """The text of a turn post: what happened, scores, DM problems, and who acts next. Only the
    seats awaited now are mentioned, each once (the waiting line)."""
    assert table.state is not None
    k = table.kind
    head = k.rules.post_head(k.rules.view(table.state, None))
    final = game_over_text(table) if table.game.status == "over" else ""
    lines = [t("bot.post.head", title=title(table), where=head)]
    lines += [f"• {line}" for line in summary_lines(k, events, table.names,
                                                    skip=GAME_OVER if final else ())]
    lines.append(scores_line(table))
    lines += [dm_failed_text(k, s) for s in dm_failures]
    if table.game.status == "over":
        lines.append(final)
    else:
        lines.append(waiting_line(table))
        stuck = stuck_seats(table)
        if stuck:
            lines.append(k.t("bot.stuck", who=", ".join(who(s) for s in stuck)))
    return clip("\n".join(x for x in lines if x))


def stuck_seats(table: Table) -> list[SeatRow]:
    """The seats the game waits for that have no legal option: a fault in the game's rules
    that no click can mend. The channel is told (and the log says it as an error) rather
    than the game waiting silently for ever."""
    if table.state is None or table.game.status != "playing":
        return []
    k = table.kind
    return [table.seats[p.seat] for p in table.awaited()
            if not k.options(table.state, p.seat)]


# --- status, hand -----------------------------------------------------------------------------

def timestamp(when: float, style: str = "R") -> str:
    """A Discord timestamp: each reader sees it in their own language and time zone ("in 3
    hours", "vor 2 Stunden")."""
    return f"<t:{int(when)}:{style}>"


def status_text(table: Table, draft_seats: list[int], remind_after: float | None = None
                ) -> str:
    """The table, who is awaited since when (and when they will be reminded), the scores."""
    if table.state is None:
        return lobby_text(table)
    k = table.kind
    v = k.rules.view(table.state, None)
    lines = [t("bot.status.head", title=title(table), where=k.rules.status_head(v))]
    for seat, detail in zip(table.seats, k.rules.status_lines(v), strict=True):
        lines.append(t("bot.status.player", line=seat_line(k, seat), detail=detail))
    if table.game.status == "over":
        lines.append(game_over_text(table))
    elif table.game.status == "abandoned":
        lines.append(t("bot.abandoned"))
    else:
        lines.append(waiting_line(table))
        awaited = {p.seat for p in table.awaited()}
        for n in sorted(awaited):
            seat = table.seats[n]
            if seat.is_ai or seat.awaited_since is None:
                continue
            since = timestamp(seat.awaited_since)
            if remind_after:
                start = max(seat.awaited_since, seat.reminded_at or 0.0)
                lines.append(t("bot.status.since_due", name=seat.name, since=since,
                               due=timestamp(start + remind_after)))
            else:
                lines.append(t("bot.status.since", name=seat.name, since=since))
        for seat in draft_seats:
            if seat in awaited:
                lines.append(t("bot.status.draft", name=table.seats[seat].name))
    return clip("\n".join(lines))


def hand_message(table: Table, seat: int) -> str:
    assert table.state is not None
    k = table.kind
    text = k.rules.hand_text(k.rules.view(table.state, seat), seat)
    return clip(t("bot.hand.head", title=title(table), name=table.seats[seat].name) + "\n"
                + text)


def hand_signature(table: Table, seat: int) -> str:
    """What the hand DM shows; a new DM goes out when this changes."""
    assert table.state is not None
    return table.kind.rules.hand_signature(table.state, seat)


# --- the private panel ------------------------------------------------------------------------

def out_of_date(text: str) -> str:
    """An old DM prompt, marked as superseded (its buttons are taken off)."""
    return clip(t("bot.panel.out_of_date", text=text))


def panel_text(panel: Panel) -> str:
    table = panel.table
    k = table.kind
    lines = [t("bot.panel.head", title=title(table), name=table.seats[panel.seat].name)]
    if panel.steps:
        lines.append(t("bot.panel.so_far",
                       steps=" → ".join(k.rules.describe(d) for d in panel.steps)))
    v = k.rules.view(panel.preview, panel.seat)
    if panel.complete:
        lines.append(t("bot.panel.complete"))
    else:
        prompt = panel.prompt
        if prompt is not None:
            lines.append(t("bot.panel.now", what=k.own_prompt_text(panel.preview, prompt)))
            note = k.reveal_note(panel.preview, panel.seat)
            if note:
                lines.append(t("bot.panel.reveals", note=note))
        elif panel.options:
            lines.append(t("bot.panel.out_of_turn"))
    lines += [x for x in k.rules.panel_lines(v, panel.seat) if x]
    if not panel.complete:  # before the step that ends the turn: what the end will bring
        lines += [x for x in k.turn_preview(panel.preview, panel.seat) if x]
    return clip("\n".join(lines))


# --- deadlines and vacations ------------------------------------------------------------------

def away_line(seat: SeatRow, away: Away | None, cap: int | None, now: float) -> str | None:
    """"alice is away until …" for a seat whose player is away now (within the server's cap
    on vacation days), else None."""
    until = deadlines.away_until(away, cap, now)
    if until is None:
        return None
    return t("bot.away.line", who=seat.name, until=timestamp(until, "f"),
             left=timestamp(until))


def clock_lines(table: Table, aways: dict[int, Away], cap: int | None, now: float
                ) -> list[str]:
    """Each awaited person's vacation and time left before their deadline (`/<game> status`):
    Discord timestamps, so each reader sees them in their own language and time zone."""
    seconds = deadlines.limit(table.game.options)
    lines = []
    for p in table.awaited():
        seat = table.seats[p.seat]
        if seat.is_ai or seat.user_id is None:
            continue
        away = aways.get(seat.user_id)
        line = away_line(seat, away, cap, now)
        if line is not None:
            lines.append(line)
        if seconds is not None and seat.asked_at is not None:
            c = deadlines.clock(seat, seconds, away, cap)
            lines.append(t("bot.status.deadline", name=seat.name, due=timestamp(c.due_at),
                           at=timestamp(c.due_at, "f")))
    return lines
