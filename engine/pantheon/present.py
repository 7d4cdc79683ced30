"""Pantheon's words for the host (engine.core.GameText): the turn post's head line, scores,
status lines, the final ranking, a seat's hand as text, what its prompt shows besides the options
and how long option lists are split into menus. Everything is drawn from views, so a text built
for the channel from the spectator view cannot hold a secret."""

from __future__ import annotations

from typing import Any

from data.i18n import t
from engine.core import Decision, Prompt

from .flow import waiting_text
from .state import State
from .text import GODS, card_name, god_name, tile_name
from .view import PlayerView, View

CARD_ORDER = ("move", "gifts", "priests", "dancers", "temples", "money1", "money2", "money3",
              "money4", "money5")
# a post is made at the end of a turn, and also when one of these happens mid-turn
post_boundaries = frozenset({"turn", "epoch", "epoch_end", "scored", "game_over"})


def is_follow_on(state: State, prompt: Prompt) -> bool:
    """A follow-up move opportunity (P-MOVE-15/16): another player's Move lets this seat move."""
    from .game import options  # game imports this module

    return prompt.kind == "move_cards" and Decision("follow_draw") in options(state, prompt.seat)


def prompt_text(state: State, prompt: Prompt) -> str:
    if is_follow_on(state, prompt):
        mover = (state.turn or {}).get("seat")
        if mover is not None and mover != prompt.seat:  # P-MOVE-15: whose Move lets you move
            return t("pantheon.prompt.follow_on_after", name=state.players[mover].name)
        return t("pantheon.prompt.follow_on")
    return waiting_text(prompt.kind)  # from the catalogue now, in the reader's language


def auto_answer(state: State, seat: int, policy: str) -> Decision | None:
    """The standing answer "draw": in a follow-up move, always draw 1 card (P-MOVE-16)."""
    if policy != "draw":
        return None
    prompts = [p for p in _pending(state) if p.seat == seat]
    if prompts and is_follow_on(state, prompts[0]):
        return Decision("follow_draw")
    return None


def _pending(state: State) -> list[Prompt]:
    from .game import pending  # game imports this module

    return pending(state)


def post_head(v: View) -> str:
    return t("pantheon.post.head", epoch=v.epoch)


def status_head(v: View) -> str:
    people = t(f"pantheon.people.{v.people}") if v.people else "-"
    return t("pantheon.status.head", epoch=v.epoch, people=people)


def scores(v: View) -> list[int]:
    return [p.score for p in v.players]


def status_lines(v: View) -> list[str]:
    return [t("pantheon.status.player", score=p.score, cards=p.hand_size,
              demigods=p.demigod_count) for p in v.players]


def result_lines(res: dict[str, Any], names: list[str]) -> list[str]:
    ranking = sorted(range(len(names)),  # the tie-break winner first
                     key=lambda i: (-res["scores"][i], i not in res.get("winners", ()), i))
    demigods = res.get("demigods", [0] * len(names))
    lines = [t("pantheon.over.line", place=place, name=names[seat], score=res["scores"][seat],
               demigods=demigods[seat]) for place, seat in enumerate(ranking, 1)]
    if res.get("tie_break"):
        lines.append(t("pantheon.over.tie_break"))
    return lines


def table_lines(v: View) -> list[str]:
    """The public table in a few lines (the terminal game shows it before each decision)."""
    people = t(f"pantheon.people.{v.people}") if v.people else "-"
    return t("pantheon.table", epoch=v.epoch, people=people, temple=v.temple or "-",
             loot=", ".join(f"{f} {t(f'pantheon.loot.{x}')}" for f, x in sorted(v.loot.items()))
             or "-",
             gods=", ".join(GODS[g].name for g in v.god_display) or "-",
             pool=", ".join(map(str, v.demigod_pool)) or "-",
             display=", ".join(t(f"pantheon.card.{c}") for c in v.display if c) or "-"
             ).splitlines()


def cards_text(hand: dict[str, int]) -> str:
    order = [c for c in CARD_ORDER if hand.get(c)] + sorted(c for c in hand if c not in CARD_ORDER)
    return ", ".join(f"{hand[c]}× {card_name(c)}" for c in order) or t("bot.none")


def _hand_lines(pv: PlayerView) -> list[str]:
    lines = [t("pantheon.hand.cards", n=pv.hand_size, cards=cards_text(pv.hand or {}))]
    demigods = pv.demigods or []
    lines.append(t("pantheon.hand.demigods", n=len(demigods),
                   values=" + ".join(map(str, demigods)) or "-", total=sum(demigods)))
    if pv.bonus:
        lines.append(t("pantheon.hand.bonus", tile=tile_name(pv.bonus)))
    lines.append(t("pantheon.hand.supply", feet=pv.supply.get("foot", 0),
                   columns=pv.supply.get("column", 0)))
    if pv.tiles:
        lines.append(t("pantheon.hand.tiles", tiles=", ".join(
            f"{t(f'pantheon.kind.{k}')} {lv}" for k, lv in sorted(pv.tiles.items()))))
    if pv.gods or pv.used_gods:
        lines.append(gods_line(pv))
    extras = []
    if pv.steps:
        extras.append(t("pantheon.hand.steps", count=pv.steps))
    if pv.money_bonus:
        extras.append(t("pantheon.hand.money", n=pv.money_bonus))
    if extras:
        lines.append(" · ".join(extras))
    return lines


def gods_text(gods: list[str]) -> str:
    """God tiles grouped in a fixed order: "Vinthrad ×2, Gaiviles"."""
    counts = {g: gods.count(g) for g in GODS if g in gods}
    return ", ".join(god_name(g) + (f" ×{n}" if n > 1 else "") for g, n in counts.items())


def gods_line(pv: PlayerView) -> str:
    """Kept gods, then the one-time gods already used (they are in the box, not in front of the
    seat): "Gods: Vinthrad · used: Surparit ×2"."""
    line = t("pantheon.hand.gods", gods=gods_text(pv.gods) or "-")
    if pv.used_gods:
        line += " · " + t("pantheon.hand.used", gods=gods_text(pv.used_gods))
    return line


def hand_text(v: View, seat: int) -> str:
    """A seat's private holdings (its DM and /pantheon hand; never a channel)."""
    return "\n".join(_hand_lines(v.players[seat]))


def hand_signature(state: State, seat: int) -> str:
    p = state.players[seat]
    return repr((sorted(p.hand.items()), sorted(p.demigods), p.bonus))


def panel_lines(v: View, seat: int) -> list[str]:
    lines = []
    own = bool(v.waiting) and v.waiting[0].get("seat") == seat
    step = (v.step or {}) if own else {}
    kind = step.get("kind")
    if kind == "move_place":
        lines.append(t("pantheon.step.steps", left=step["budget"] - step["spent"],
                       budget=step["budget"]))
    elif kind == "buy":
        lines.append(t("pantheon.step.money", left=step["budget"] - step["spent"],
                       budget=step["budget"]))
    elif kind == "draw_pick":
        lines.append(t("pantheon.step.draw", count=step.get("left", 0)))
    pv = v.players[seat]
    lines.append(t("pantheon.panel.hand", cards=cards_text(pv.hand or {}),
                   feet=pv.supply.get("foot", 0), columns=pv.supply.get("column", 0)))
    if pv.gods or pv.used_gods:
        lines.append(gods_line(pv))
    return lines


def group_key(d: Decision) -> str:
    return f"place:{d.args.get('piece')}" if d.kind == "place" else d.kind


def menu_title(key: str) -> str:
    name = f"pantheon.menu.{key.replace(':', '_')}"
    text = t(name)
    return t("bot.menu.other") if text == name else text
