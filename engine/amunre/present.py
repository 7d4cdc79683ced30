"""Amun-Re's words for the host (engine.core.GameText): the turn post's head line, scores, status
lines, the final ranking, a seat's hand as text, what its prompt shows besides the options and
how long option lists are split into menus. Everything is drawn from views (the spectator view
for the channel), so a channel text cannot hold a player's gold, cards or sealed choice."""

from __future__ import annotations

from typing import Any

from data.amunre import BOARD, CARD_PHASES
from data.i18n import t
from engine.core import Decision, Prompt

from .state import State
from .text import card_name, offer_text, province_name
from .view import PlayerView, View

# a post is made when a seat's part ends, and also when one of these happens mid-turn
post_boundaries = frozenset({"round", "auction_over", "sacrifices", "temple", "scored",
                             "game_over"})


def prompt_text(state: State, prompt: Prompt) -> str:
    """What the prompt asks, in a few words (from public facts only)."""
    frame = state.queue[0] if state.queue else {}
    kind = prompt.kind
    if kind == "bid":
        a = state.auction or {}
        return t("amunre.prompt.bid", lap=a.get("lap", 1))
    if kind == "buy":
        return t("amunre.prompt.buy", step=frame.get("step", "A"))
    if kind == "place":
        return t("amunre.prompt.place", item=t(f"amunre.item.{frame.get('item')}s"),
                 left=frame.get("left", 0))
    if kind == "reward":
        return t("amunre.prompt.reward", left=frame.get("left", 0))
    if kind == "cover":
        return t("amunre.prompt.cover", due=frame.get("due", 0))
    text = t(f"amunre.prompt.{kind}")
    return kind if text == f"amunre.prompt.{kind}" else text


def auto_answer(state: State, seat: int, policy: str) -> Decision | None:
    """Amun-Re has no standing answers (INFO.policies is only "ask")."""
    return None


def post_head(v: View) -> str:
    return t("amunre.post.head", round=v.round, kingdom=t(f"amunre.kingdom.{v.kingdom}"),
             phase=t(f"amunre.phase.{v.phase}"))


def status_head(v: View) -> str:
    return t("amunre.status.head", round=v.round, kingdom=t(f"amunre.kingdom.{v.kingdom}"),
             phase=t(f"amunre.phase.{v.phase}"), pharaoh=v.players[v.pharaoh].name,
             temple=v.temple if v.temple is not None else "-")


def scores(v: View) -> list[int]:
    return [p.score for p in v.players]


def _provinces(pv: PlayerView) -> str:
    return ", ".join(province_name(x) for x in pv.provinces) or "-"


def status_lines(v: View) -> list[str]:
    """One line per seat of public facts: score, provinces, a bid on the table, answered."""
    lines = []
    for p in v.players:
        line = t("amunre.status.player", score=p.score, count=p.score,
                 provinces=_provinces(p))
        if p.marker is not None:
            line += t("amunre.status.marker", value=p.marker["value"],
                      province=province_name(p.marker["province"]))
        if p.sealed:
            line += t("amunre.status.sealed")
        lines.append(line)
    return lines


def result_lines(res: dict[str, Any], names: list[str]) -> list[str]:
    n = len(names)
    keys = [(res["scores"][q], res.get("pyramids", [0] * n)[q], res.get("stones", [0] * n)[q])
            for q in range(n)]
    ranking = sorted(range(n), key=lambda q: (-keys[q][0], -keys[q][1], -keys[q][2],
                                            q not in res.get("winners", ()), q))
    lines = [t("amunre.over.line", place=place, name=names[q], score=keys[q][0],
               count=keys[q][0], pyramids=keys[q][1], stones=keys[q][2])
             for place, q in enumerate(ranking, 1)]
    if res.get("tie_break"):
        lines.append(t("amunre.over.tie_break"))
    return lines


def cards_text(cards: list[str]) -> str:
    counts: dict[str, int] = {}
    for c in cards:
        counts[c] = counts.get(c, 0) + 1
    return ", ".join(t("amunre.hand.card", n=k, card=card_name(c), phase=CARD_PHASES[c])
                     for c, k in counts.items()) or t("amunre.hand.no_cards")


def _hand_lines(pv: PlayerView) -> list[str]:
    lines = [t("amunre.hand.gold", gold=pv.gold if pv.gold is not None else "?"),
             t("amunre.hand.cards", cards=cards_text(pv.cards or []))]
    lines.append(t("amunre.hand.minus3" if pv.minus3 else "amunre.hand.minus3_out"))
    if pv.offer is not None:
        lines.append(t("amunre.hand.offer", offer=offer_text(pv.offer),
                       receipt=str(pv.offer.get("receipt", ""))[:16]))
    if pv.choice is not None:
        lines.append(t("amunre.hand.choice",
                       bonus=", ".join(card_name(c) for c in pv.choice.get("bonus", [])) or "-",
                       sell=", ".join(card_name(c) for c in pv.choice.get("sell", [])) or "-"))
    lines.append(t("amunre.hand.provinces", provinces=_provinces(pv)))
    return lines


def hand_text(v: View, seat: int) -> str:
    """A seat's private holdings (its DM; never a channel)."""
    return "\n".join(_hand_lines(v.players[seat]))


def hand_signature(state: State, seat: int) -> str:
    p = state.players[seat]
    return repr((p.gold, list(p.cards), p.minus3, p.offer, p.choice))


def panel_lines(v: View, seat: int) -> list[str]:
    pv = v.players[seat]
    lines = []
    frame = v.frame or {}
    if frame.get("t") == "buy" and frame.get("who") == seat:
        step = frame.get("step")
        lines.append(t(f"amunre.panel.step_{step}"))
        # the card limit matters only while power cards may still be bought (A-BUY-2, A-BUY-6)
        limit = max((BOARD.provinces[x].card_limit for x in pv.provinces), default=0)
        if step == "A" and "cards" not in frame.get("done", []) and limit > 0:
            lines.append(t("amunre.panel.card_limit", count=limit, limit=limit))
    if v.auction is not None:
        bids = [f"{province_name(b['province'])} {b['value']}" for b in v.auction["bids"] if b]
        lines.append(t("amunre.panel.bids", bids="; ".join(bids) or "-"))
    lines.append(t("amunre.panel.hand", gold=pv.gold if pv.gold is not None else "?",
                   cards=cards_text(pv.cards or [])))
    return lines


def group_key(d: Decision) -> str:
    if d.kind == "bid":
        return f"bid:{d.args.get('province')}"
    if d.kind == "sacrifice":
        return "sacrifice:correction" if d.args.get("correction") else "sacrifice"
    if d.kind == "take":
        return f"take:{d.args.get('item')}"
    return d.kind


def menu_title(key: str) -> str:
    if key.startswith("bid:"):
        return t("amunre.menu.bid", province=province_name(key[4:]))
    name = f"amunre.menu.{key.replace(':', '_')}"
    text = t(name)
    return t("bot.menu.other") if text == name else text


def table_lines(v: View) -> list[str]:
    """The public table in a few lines (the terminal game shows it before each decision)."""
    lines = [status_head(v)]
    for name, pv in v.provinces.items():
        if pv.owner is None and pv.card != "offer" and not (pv.pyramids or pv.stones):
            continue
        owner = v.players[pv.owner].name if pv.owner is not None else "-"
        extra = ""
        if pv.card == "offer":
            extra = t("amunre.table.offer", cards=pv.free_cards, gold=pv.free_gold)
        lines.append(t("amunre.table.province", province=province_name(name), owner=owner,
                       farmers=pv.farmers, stones=pv.stones, pyramids=pv.pyramids) + extra)
    if v.auction is not None:
        bids = [f"{v.players[q].name} {b['value']} {province_name(b['province'])}"
                for q, b in enumerate(v.auction["bids"]) if b]
        lines.append(t("amunre.table.bids", lap=v.auction["lap"], bids="; ".join(bids) or "-"))
    lines.append(t("amunre.table.decks", power=v.power_deck, discard=len(v.power_discard),
                   provinces=v.province_deck))
    return lines


def record_extras(state: State) -> dict[str, Any]:
    """Amun-Re's fields for a finished game's summary (engine.simulate)."""
    return {"rounds": state.round, "temple": state.temple}
