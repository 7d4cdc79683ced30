"""The last turn on the pictures: which fields it changed and the one line that names it.

`View.last_changes` holds the public changes of the turn in progress, or, once a turn is over
and the next one has changed nothing yet, those of the turn just finished (marked "done")."""

from __future__ import annotations

from engine.pantheon.view import View
from render.words import t

from . import names

SHOWN = ("placed", "gods", "loot")


def changed_fields(view: View, seat: int | None = None) -> list[str]:
    """The fields the turn placed on or took loot from, in order (only `seat`'s if given)."""
    ch = view.last_changes
    out = [label for s, _, label in ch.get("placed", []) if seat is None or s == seat]
    out += [label for s, label, _ in ch.get("loot", []) if seat is None or s == seat]
    return list(dict.fromkeys(out))


def has_changes(view: View) -> bool:
    """Whether there is a turn to name: a turn that has not chosen its action yet has none."""
    ch = view.last_changes
    return any(ch.get(k) for k in (*SHOWN, "actions"))


def lead(view: View, locale: str | None) -> str:
    """ "Last turn:", "This turn:" (still being played), "Preparation:" (of the epoch) or
    "Since your last turn:"."""
    ch = view.last_changes
    if ch.get("since"):  # everything since a seat's last turn (its digest picture)
        key = "pantheon.render.board.since"
    elif "seat" not in ch:
        key = "pantheon.render.board.preparation"
    elif ch.get("done"):
        key = "pantheon.render.board.last_turn"
    else:
        key = "pantheon.render.board.this_turn"
    return t(key, locale)


def _seat_parts(view: View, seat: int, locale: str | None) -> list[str]:
    ch = view.last_changes
    parts = []
    placed = [label for s, _, label in ch.get("placed", []) if s == seat]
    if placed:
        parts.append(t("pantheon.render.board.placed", locale, n=len(placed),
                       fields=", ".join(placed)))
    for s, label, tile in ch.get("loot", []):
        if s == seat:
            parts.append(t("pantheon.render.board.took_loot", locale,
                           loot=names.loot(tile, locale), field=label))
    for s, gid in ch.get("gods", []):
        if s == seat:
            parts.append(t("pantheon.render.board.took_god_self", locale,
                           god=names.god(gid, locale)))
    return parts


def parts(view: View, locale: str | None) -> list[tuple[int | None, str]]:
    """What the turn did, seat by seat: first the acting seat (its actions, then what it
    changed: "Move: placed 2: F12, F13"), then every other seat that changed something in it
    (a follow-up move: "placed 1: G7")."""
    ch = view.last_changes
    actor = ch.get("seat")
    out: list[tuple[int | None, str]] = []
    actions = " + ".join(t(f"pantheon.render.action.{a}", locale) for a in ch.get("actions", []))
    own = "; ".join(_seat_parts(view, actor, locale)) if actor is not None else ""
    if actions or own:
        out.append((actor, f"{actions}: {own}" if actions and own else actions or own))
    seats = [s for s, _, _ in ch.get("placed", [])] + [s for s, _, _ in ch.get("loot", [])]
    seats += [s for s, _ in ch.get("gods", [])]
    for seat in dict.fromkeys(seats):
        if seat != actor:
            out.append((seat, "; ".join(_seat_parts(view, seat, locale))))
    return out


def summary(view: View, locale: str | None) -> str:
    """`parts` in one line; every seat but the acting one is named."""
    actor = view.last_changes.get("seat")
    return " · ".join(text if seat == actor or seat is None
                      else f"{view.players[seat].name} {text}"
                      for seat, text in parts(view, locale))
