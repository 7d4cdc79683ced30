"""The words the bot posts: channel summaries, the waiting line, status, hands, panels, lobby.
All text goes through the translation hook; channel text is built from spectator views and
public events only (hidden information never reaches a channel)."""

from __future__ import annotations

from collections.abc import Iterable

from data.i18n import t
from data.pantheon import COMPONENTS
from engine.core import Event, Prompt
from engine.pantheon import result, view
from engine.pantheon.text import card_name, describe, event_text, god_name, tile_name
from engine.pantheon.view import PlayerView

from .lobby import colour
from .store import SeatRow
from .turns import Panel, Table, is_follow_on

LIMIT = 2000  # Discord's message length
BOUNDARY_EVENTS = {"turn", "epoch", "epoch_end", "scored", "game_over"}
CARD_ORDER = ("move", "gifts", "priests", "dancers", "temples", "money1", "money2", "money3",
              "money4", "money5")


def clip(text: str, limit: int = LIMIT) -> str:
    if len(text) <= limit:
        return text
    more = t("bot.more_in_log")
    return text[: limit - len(more) - 2].rstrip() + "\n" + more


def who(seat: SeatRow) -> str:
    """A seat as the channel names it: a mention for people, the name for AI seats."""
    return f"<@{seat.user_id}>" if seat.user_id is not None else t("bot.ai_seat", name=seat.name)


def seat_line(seat: SeatRow) -> str:
    return t("bot.seat_line", n=seat.seat + 1, who=who(seat),
             colour=t(f"bot.colour.{colour(seat.seat)}"))


def title(table: Table) -> str:
    return t("bot.title", id=table.game.id)


# --- lobby ------------------------------------------------------------------------------------

def lobby_text(table: Table) -> str:
    lines = [t("bot.lobby.head", title=title(table), host=f"<@{table.game.host_id}>")]
    lines += [seat_line(s) for s in table.seats]
    opts = table.game.options
    if "fixed_seed" in opts:
        lines.append(t("bot.lobby.fixed_seed", seed=opts["fixed_seed"]))
    if opts:
        lines.append(t("bot.lobby.options", options=", ".join(f"{k}={v}"
                                                               for k, v in sorted(opts.items()))))
    lines.append(t("bot.lobby.help", n=len(table.seats)))
    return "\n".join(lines)


# --- channel posts ----------------------------------------------------------------------------

def merged(events: Iterable[Event]) -> list[Event]:
    """Consecutive card draws of one player read better as one line ("draws 3 cards")."""
    out: list[Event] = []
    for e in events:
        prev = out[-1] if out else None
        if (prev is not None and e.template == prev.template == "drew_cards"
                and e.args.get("seat") == prev.args.get("seat")
                and e.private_to == prev.private_to):
            out[-1] = Event("drew_cards", {**prev.args,
                                           "count": prev.args["count"] + e.args["count"]},
                            prev.private_to)
        else:
            out.append(e)
    return out


def summary_lines(events: Iterable[Event], names: list[str]) -> list[str]:
    """Public log lines of these events (a spectator's view: private events are left out)."""
    out: list[str] = []
    for e in merged(events):
        if e.template == "turn":
            continue  # the waiting line says whose turn it is
        line = event_text(e, names, None)
        if line:
            out.append(line)
    return out


def prompt_text(prompt: Prompt, table: Table) -> str:
    assert table.state is not None
    if is_follow_on(prompt, table.state):
        return t("bot.prompt.follow_on")
    return str(prompt.args.get("text") or prompt.kind)


def waiting_line(table: Table) -> str:
    if table.game.status == "abandoned":
        return t("bot.abandoned")
    w = table.waiting()
    if w is None:
        return ""
    seat = table.seats[w.seat]
    what = prompt_text(w, table)
    if w.kind == "action":
        return t("bot.wait.turn", who=who(seat), what=what)
    return t("bot.wait.answer", who=who(seat), what=what)


def done_text(table: Table | None) -> str:
    """The answer to a step that ended the player's part: committed, and what comes next."""
    text = t("bot.panel.done")
    if table is not None:
        text += "\n" + (waiting_line(table) if table.game.status == "playing"
                        else t("bot.panel.over"))
    return clip(text)


def scores_line(table: Table) -> str:
    assert table.state is not None
    parts = [t("bot.score", name=p.name, score=p.score) for p in table.state.players]
    return " · ".join(parts)


def game_over_text(table: Table) -> str:
    assert table.state is not None
    res = result(table.state)
    if res is None:
        return ""
    names = table.names
    ranking = sorted(range(len(names)), key=lambda i: -res["scores"][i])
    lines = [t("bot.over.head")]
    for place, seat in enumerate(ranking, 1):
        lines.append(t("bot.over.line", place=place, name=names[seat], score=res["scores"][seat],
                       demigods=res.get("demigods", [0] * len(names))[seat]))
    winners = ", ".join(names[w] for w in res["winners"])
    if res.get("tie_break"):
        lines.append(t("bot.over.tie_break"))
    key = "bot.over.winners" if len(res["winners"]) > 1 else "bot.over.winner"
    lines.append(t(key, winners=winners))
    return "\n".join(lines)


def channel_post(table: Table, events: list[Event], dm_failures: list[SeatRow]) -> str:
    """The text of a turn post: what happened, scores, DM problems, and who acts next."""
    assert table.state is not None
    lines = [t("bot.post.head", title=title(table), epoch=table.state.epoch)]
    lines += [f"• {line}" for line in summary_lines(events, table.names)]
    lines.append(scores_line(table))
    lines += [t("bot.dm_failed", who=f"<@{s.user_id}>") for s in dm_failures]
    if table.game.status == "over":
        lines.append(game_over_text(table))
    else:
        lines.append(waiting_line(table))
    return clip("\n".join(x for x in lines if x))


# --- status, hand, log ------------------------------------------------------------------------

def status_text(table: Table, draft_seats: list[int]) -> str:
    if table.state is None:
        return lobby_text(table)
    s = table.state
    people = s.peoples_played[-1] if s.peoples_played else None
    lines = [t("bot.status.head", title=title(table), epoch=s.epoch,
               people=t(f"people.{COMPONENTS.peoples[people]['id']}") if people else "-",
               decisions=s.decisions)]
    for seat in table.seats:
        p = s.players[seat.seat]
        lines.append(t("bot.status.player", line=seat_line(seat), score=p.score,
                       cards=p.hand_size(), demigods=len(p.demigods)))
    if table.game.status == "over":
        lines.append(game_over_text(table))
    else:
        lines.append(waiting_line(table))
        w = table.waiting()
        if w is not None and w.seat in draft_seats:
            lines.append(t("bot.status.draft", name=table.seats[w.seat].name))
    return clip("\n".join(lines))


def cards_text(hand: dict[str, int]) -> str:
    order = [c for c in CARD_ORDER if hand.get(c)] + sorted(c for c in hand if c not in CARD_ORDER)
    return ", ".join(f"{hand[c]}× {card_name(c)}" for c in order) or t("bot.none")


def hand_text(pv: PlayerView) -> str:
    """A player's private holdings as a list (their DM and /pantheon hand; never a channel)."""
    lines = [t("bot.hand.cards", n=pv.hand_size, cards=cards_text(pv.hand or {}))]
    demigods = pv.demigods or []
    lines.append(t("bot.hand.demigods", n=len(demigods),
                   values=" + ".join(map(str, demigods)) or "-", total=sum(demigods)))
    if pv.bonus:
        lines.append(t("bot.hand.bonus", tile=tile_name(pv.bonus)))
    lines.append(t("bot.hand.supply", feet=pv.supply.get("foot", 0),
                   columns=pv.supply.get("column", 0)))
    if pv.tiles:
        lines.append(t("bot.hand.tiles", tiles=", ".join(
            f"{t(f'kind.{k}')} {lv}" for k, lv in sorted(pv.tiles.items()))))
    if pv.gods:
        lines.append(t("bot.hand.gods", gods=", ".join(god_name(g) for g in pv.gods)))
    extras = []
    if pv.steps:
        extras.append(t("bot.hand.steps", n=pv.steps))
    if pv.money_bonus:
        extras.append(t("bot.hand.money", n=pv.money_bonus))
    if extras:
        lines.append(" · ".join(extras))
    return "\n".join(lines)


def hand_message(table: Table, seat: int) -> str:
    assert table.state is not None
    pv = view(table.state, seat).players[seat]
    return clip(t("bot.hand.head", title=title(table), name=pv.name) + "\n" + hand_text(pv))


def hand_signature(table: Table, seat: int) -> str:
    """What the hand DM shows; a new DM goes out when this changes."""
    assert table.state is not None
    p = table.state.players[seat]
    return repr((sorted(p.hand.items()), sorted(p.demigods), p.bonus))


# --- the private panel ------------------------------------------------------------------------

def step_info(panel: Panel) -> str:
    step = view(panel.preview, panel.seat).step or {}
    kind = step.get("kind")
    if kind == "move_place":
        return t("bot.step.steps", left=step["budget"] - step["spent"], budget=step["budget"])
    if kind == "buy":
        return t("bot.step.money", left=step["budget"] - step["spent"], budget=step["budget"])
    if kind == "draw_pick":
        return t("bot.step.draw", left=step.get("left", 0))
    return ""


def panel_text(panel: Panel) -> str:
    table = panel.table
    head = t("bot.panel.head", title=title(table), name=table.seats[panel.seat].name,
             n=panel.number)
    lines = [head]
    if panel.steps:
        lines.append(t("bot.panel.so_far", steps=" → ".join(describe(d) for d in panel.steps)))
    if panel.complete:
        lines.append(t("bot.panel.complete"))
    else:
        prompt = panel.prompt
        if prompt is not None:
            lines.append(t("bot.panel.now", what=prompt_text(prompt, Table(
                table.game, table.seats, panel.preview))))
        info = step_info(panel)
        if info:
            lines.append(info)
    pv = view(panel.preview, panel.seat).players[panel.seat]
    lines.append(t("bot.panel.hand", cards=cards_text(pv.hand or {}),
                   feet=pv.supply.get("foot", 0), columns=pv.supply.get("column", 0)))
    return clip("\n".join(lines))
