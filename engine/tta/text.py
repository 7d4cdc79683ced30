"""Through the Ages words for the host (engine.core.GameText): decision labels, log lines for
events, prompt texts, heads, scores, status and result lines, a seat's hand as text, its prompt
panel, option menus; all through the translation hook (`tta.*` keys in
data/tta/locale/<locale>.json).

Everything public is drawn from views and public events: a private event (a military draw, a
discard, a peek) is shown to its seat only, and a text for the channel never names a card of a
hand. The end-of-turn summary (`tta.production`) is one compact line per seat; `summary_lines`
gathers a turn's end into a few lines."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

from data.i18n import t
from data.tta import CARDS
from engine.core import Decision, Event, Prompt

from . import pacttext
from .cardtext import card_effect as card_effect  # re-exported: engine.tta.text.card_effect
from .cardtext import card_name as card_name  # re-exported (card texts live in cardtext.py)
from .colonize import draft, force
from .eventcards import MARKETS_GAIN
from .flow import current
from .handtext import hand_lines
from .state import State
from .stats import stats

View = dict[str, Any]

# a post is made when a seat's part ends, and also when one of these happens mid-turn
post_boundaries = frozenset({"tta.age", "tta.game_over"})

# the events of a turn's end, in the order the summary gives them
SUMMARY = ("tta.uprising", "tta.production", "tta.draw", "tta.drawn", "tta.age")


# --- names --------------------------------------------------------------------------------------

def _cards(cards: Iterable[Any], locale: str | None) -> str:
    """Card names, a repeated card once with its count ("Warriors ×2")."""
    counts = Counter(cards)
    return ", ".join(card_name(c, locale) + (f" ×{n}" if n > 1 else "")
                     for c, n in counts.items()) or t("tta.text.none", locale)


def _name(names: list[str], seat: Any) -> str:
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "?"


def signed(n: Any) -> str:
    return f"+{n}" if isinstance(n, int) and n > 0 else str(n)


# --- decisions (labels.py; named here too, as the host's GameText) ---------------------------

def describe(d: Decision, locale: str | None = None) -> str:
    from .labels import describe as label  # (labels.py words its labels with this module)
    return label(d, locale)


def group_key(d: Decision) -> str:
    from .labels import group_key as key
    return key(d)


def menu_title(key: str) -> str:
    from .labels import menu_title as title
    return title(key)


def party_words(a: dict[str, Any], locale: str | None) -> str:
    """A colonisation party in words: units, then bonus cards and Cook's discards."""
    units = a.get("units") or {}
    parts = [_cards(Counter(units) if isinstance(units, dict) else units, locale)]
    bonus = a.get("bonus") or []
    if bonus:
        parts.append(t("tta.decision.send_bonus", locale, cards=_cards(bonus, locale)))
    discard = a.get("discard") or []
    if discard:
        parts.append(t("tta.decision.send_discard", locale, n=len(discard),
                       count=len(discard)))
    return " + ".join(parts)



# --- events -------------------------------------------------------------------------------------

def event_text(e: Event, names: list[str], viewer: int | None,
               locale: str | None = None) -> str | None:
    """One log line for an event, or None when the viewer may not see it (a private event of
    another seat) or the catalogue has no words for it."""
    if e.private_to is not None and e.private_to != viewer:
        return None
    tpl = e.template.removeprefix("tta.")
    a: dict[str, Any] = dict(e.args)
    key = f"tta.event.{tpl}"
    if "seat" in a:
        a["name"] = _name(names, a["seat"])
    for field in ("defender", "winner", "loser"):  # the other seats of an attack (F-AGGR, F-WAR)
        if field in a:
            a[field] = _name(names, a[field])
    for field in ("card", "to", "target", "played"):  # "played": V-SHORT-12's own war card
        if field in a:
            a[field] = card_name(a[field], locale)
    if "slot" in a and isinstance(a["slot"], int):
        a["space"] = a["slot"] + 1
    if "cards" in a and isinstance(a["cards"], list):
        a["cards"] = _cards(a["cards"], locale)
    if tpl == "production":
        return production_line(e.args, names, locale)
    if tpl == "sweep":
        removed = e.args.get("removed", [])
        if not removed:
            key = "tta.event.sweep_none"
        a["cards"] = _cards(removed, locale)
        a["count"] = len(removed)
    elif tpl == "age" and a.get("final", a.get("age") == "III"):
        # the tutorial's event names no final age: its Age III is the card-less last stretch
        key = "tta.event.age_final_iv" if "final" in a else "tta.event.age_final"
    elif tpl == "war_declared" and "played" in a:  # the shorter game's named war (V-SHORT-12)
        key = "tta.event.war_declared_as"
    elif tpl == "game_over":
        a["count"] = len(a.get("winners", []))
        a["winners"] = ", ".join(_name(names, q) for q in a.get("winners", [])) or "-"
        if "before" in e.args:  # the full game: each player's final scoring (G-ASYNC-15)
            text = t(key, locale, **a)
            return "\n".join([text, *_final_lines(e.args, names, locale)])
    elif tpl in ("global_conflict", "impact"):
        a["awards"] = ", ".join(t("tta.text.award", locale, name=_name(names, q), n=signed(n))
                                for q, n in e.args.get("awards", []))
    elif tpl == "turn" and "round" not in a:
        a["round"] = "?"
    elif tpl in pacttext.EVENTS:  # the pacts' parties and sides (F-PACT)
        key = pacttext.event_key(tpl, e.args, a, names, locale)
    for field in ("stages", "count", "food", "cost", "amount"):
        if isinstance(a.get(field), int) and "count" not in a:
            a["count"] = a[field]
    text = t(key, locale, **a)
    return None if text == key else text


def _added(items: dict[str, Any], locale: str | None) -> str:
    """What a final scoring added, item by item: a card (full game, F-END-7), the floor at 0
    (G-END-6) or an item of the tutorial's list (T-TSCORE-1)."""
    words = []
    for k, v in items.items():
        if not v:
            continue
        if k in CARDS:
            words.append(t("tta.score.card", locale, card=card_name(k, locale), n=signed(v)))
        else:
            words.append(t(f"tta.score.{k}", locale, n=v))
    return ", ".join(words) or t("tta.text.none", locale)


def _final_lines(a: dict[str, Any], names: list[str], locale: str | None) -> list[str]:
    """The full game's final scoring: the events decks revealed (the shorter game: the public
    events and each player's kept event, G-ASYNC-15), then one line a player:
    culture before, each card's award, the total (G-ASYNC-15); resigned players are not scored
    (F-RES-9)."""
    resigned = a.get("resigned_seats") or []
    if "kept" in a:  # the shorter game: the public events, then each player's kept event
        lines = [t("tta.over.public_events", locale,
                   cards=_cards(a.get("public_events", []), locale))]
        lines.extend(t("tta.over.kept", locale, name=_name(names, q), card=card_name(c, locale))
                     for q, c in enumerate(a["kept"]) if c is not None and q not in resigned)
    else:
        lines = [t("tta.over.revealed", locale, cards=_cards(a.get("revealed", []), locale))]
    for q, (before, score) in enumerate(zip(a["before"], a["scores"], strict=False)):
        if q in resigned:
            lines.append(t("tta.over.resigned", locale, name=_name(names, q), score=score))
            continue
        items = a["breakdown"][q] if q < len(a.get("breakdown", [])) else {}
        lines.append(t("tta.over.full_line", locale, name=_name(names, q), before=before,
                       added=_added(items, locale), score=score))
    return lines


def production_line(a: dict[str, Any], names: list[str], locale: str | None = None) -> str:
    """The end of a seat's turn in one compact line: points scored, corruption, food produced
    and eaten (famine), resources produced."""
    parts = [t("tta.summary.points", locale, culture=signed(a.get("culture", 0)),
               science=signed(a.get("science", 0)))]
    if a.get("corruption"):
        parts.append(t("tta.summary.corruption", locale, n=a["corruption"]))
    parts.append(t("tta.summary.food", locale, food=signed(a.get("food", 0)),
                   eaten=a.get("consumption", 0)))
    if a.get("famine"):
        parts.append(t("tta.summary.famine", locale, n=a["famine"]))
    parts.append(t("tta.summary.resources", locale, n=signed(a.get("resources", 0))))
    return t("tta.summary.line", locale, name=_name(names, a.get("seat")),
             parts=" · ".join(parts))


def summary_lines(events: list[Event], names: list[str], viewer: int | None,
                  locale: str | None = None) -> list[str]:
    """A turn's end in a few lines: production (or the uprising), military draws, a new age;
    nothing the viewer may not see."""
    lines = []
    for e in events:
        if e.template in SUMMARY:
            text = event_text(e, names, viewer, locale)
            if text is not None:
                lines.append(text)
    return lines


# --- prompts, heads, status ---------------------------------------------------------------------

def own_prompt_text(state: State, prompt: Prompt) -> str:
    """What the prompt asks, as only its own seat reads it (the host's private prompt): a pact
    offer's answer names the offerer, the card and the sides, which the public frame does not
    carry (State.pact_offer: the offerer and the partner only, G-ASYNC-9, G-PACT-1). Every
    other prompt reads as in public."""
    offer = state.pact_offer
    if prompt.kind == "pact_answer" and offer is not None:
        owner = offer.get("owner")
        name = state.players[owner].name if isinstance(owner, int) else "?"
        card = card_name(offer.get("card"))
        partner = state.players[prompt.seat].name
        side = offer.get("side")
        if side is None:  # a symmetric pact (F-PACT-7)
            return t("tta.prompt.pact_answer_own", card=card, name=name, partner=partner)
        return t("tta.prompt.pact_answer_own_sides", card=card, name=name, partner=partner,
                 owner_side=side, side="B" if side == "A" else "A")
    return prompt_text(state, prompt)


def prompt_text(state: State, prompt: Prompt) -> str:
    """What the prompt asks, in a few words, naming the card or event that asks. The words are
    shown to the seat and in the channel ("waiting for bob: …"), so they never say "you" and
    end without a full stop (the line around them adds it)."""
    p = state.players[prompt.seat]
    frame = current(state) or {}
    if prompt.kind == "action":
        rating = stats(p)
        return t("tta.prompt.action", ca=rating.civil_actions - p.ca_spent,
                 ma=rating.military_actions + p.temp_ma - p.ma_spent)
    if prompt.kind == "discard":
        if "left" in frame:  # cards to lose (Politics of Strength)
            n = min(frame["left"], len(p.military))
            return t("tta.prompt.lose_military", event=_event_name(frame), n=n, count=n)
        limit = stats(p).military_limit
        return t("tta.prompt.discard", n=len(p.military) - limit, count=len(p.military) - limit)
    if prompt.kind == "ev":
        return _ev_prompt(state, frame)
    if prompt.kind == "bid":
        return t("tta.prompt.bid", card=card_name(frame.get("card")), high=frame.get("high", 0))
    if prompt.kind == "send":
        return _send_prompt(state, frame)
    from . import attacktext  # (it words its labels with this module)
    if prompt.kind in attacktext.PROMPTS:
        return attacktext.prompt(state, prompt.kind, frame)
    text = t(f"tta.prompt.{prompt.kind}")
    return text if text != f"tta.prompt.{prompt.kind}" else t("tta.prompt.other")


def _event_name(frame: dict[str, Any]) -> str:
    card = frame.get("event")
    return card_name(card) if card is not None else t("tta.prompt.an_event")


def _ev_prompt(state: State, frame: dict[str, Any]) -> str:
    """An event's question: the event and what its answers do."""
    step = frame.get("step")
    event = _event_name(frame)
    if step == "destroy":
        target = frame.get("target")
        name = _name([q.name for q in state.players], target)
        return t("tta.prompt.ev.destroy", event=event, name=name)
    if step == "mix":
        key = "tta.prompt.ev.lose_mix" if frame.get("sign", 1) < 0 else "tta.prompt.ev.gain_mix"
        return t(key, event=event, n=frame.get("amount"))
    if step in ("civilization", "markets", "free_build", "lose_pop", "colony", "ruin",
                "agreement"):
        return t(f"tta.prompt.ev.{step}", event=event, n=MARKETS_GAIN,
                 card=card_name(frame.get("card")), budget=frame.get("budget"))
    return t("tta.prompt.ev", event=event)


def _send_prompt(state: State, frame: dict[str, Any]) -> str:
    """The colonisation force: the bid to reach, and the force chosen so far."""
    card = card_name(frame.get("card"))
    text = t("tta.prompt.send", card=card, bid=frame.get("bid"))
    units, bonus, discard = draft(frame)
    if units or bonus or discard:
        p = state.players[frame["seat"]]
        text += t("tta.prompt.send_so_far",
                  party=party_words({"units": units, "bonus": bonus, "discard": discard}, None),
                  force=force(p, units, bonus, discard))
    return text


def final_age(v: View) -> str:
    """The view's final age (F-AGE-4): Age IV in the full game, the tutorial's card-less Age III
    (a view stored before the field existed is a tutorial's)."""
    return str(v.get("final_age", "III"))


def _where(v: View) -> str:
    """"Round 7 · Age II", or "Round 15 · final round" once Age II is over (the tutorial has
    no Age III: its last round is played without new cards, T-TEND-1, G-END-1); in the full
    game "Round 30 · Age IV · final round" (F-AGE-3)."""
    if v["age"] == final_age(v):
        full = final_age(v) == "IV"
        last = v.get("last_round")
        if isinstance(last, int) and v["round"] < last:  # the age ended mid-round
            key = "tta.post.head_iv_before_final" if full else "tta.post.head_before_final"
            return t(key, round=v["round"], last=last)
        return t("tta.post.head_iv_final" if full else "tta.post.head_final", round=v["round"])
    return t("tta.post.head", round=v["round"], age=v["age"])


def post_head(v: View) -> str:
    if v.get("result") is not None:
        return t("tta.post.over", round=v["round"])
    return _where(v)


def status_head(v: View) -> str:
    """Where the game stands; once it is over, its end and the winners (not whose turn it
    was)."""
    players = v["players"]
    result = v.get("result")
    if result is not None:
        winners = [players[q]["name"] for q in result.get("winners", ())
                   if isinstance(q, int) and 0 <= q < len(players)]
        return t("tta.status.over", round=v["round"], winners=", ".join(winners) or "-",
                 count=max(len(winners), 1))
    turn = v.get("turn")
    name = players[turn]["name"] if isinstance(turn, int) and 0 <= turn < len(players) else "-"
    head = t("tta.status.head", where=_where(v), name=name, civil=v["civil_deck"],
             military=v["military_deck"])
    if v.get("last_round") is not None and v["age"] != final_age(v):
        head += t("tta.status.last_round", round=v["last_round"])
    return head


def scores(v: View) -> list[int]:
    return [p["culture"] for p in v["players"]]


def status_lines(v: View) -> list[str]:
    """One line per seat of public facts: points and rates, strength, happiness, actions,
    hand counts; and the war its player declared, shown until it resolves (F-WAR-6)."""
    lines = [t("tta.status.resigned", culture=p["culture"]) if p.get("resigned") else  # F-RES
             t("tta.status.player", culture=p["culture"],
               culture_rate=signed(p["culture_rating"]), science=p["science"],
               science_rate=signed(p["science_rating"]), strength=p["strength"],
               happiness=p["happiness"], discontent=p["discontent"], ca=p["civil_actions"],
               ca_total=p["civil_total"], ma=p["military_actions"], ma_total=p["military_total"],
               civil=p["hand_count"], military=p["military_count"])
             for p in v["players"]]
    names = [p["name"] for p in v["players"]]
    for war in v.get("wars", []):  # pending wars are public (F-WAR-6, G-ASYNC-16)
        q = war["attacker"]
        if isinstance(q, int) and 0 <= q < len(lines):
            lines[q] += "; " + t("tta.table.war", card=card_name(war["card"]), name=names[q],
                                 defender=_name(names, war["defender"]))
    return lines


def result_lines(res: dict[str, Any], names: list[str]) -> list[str]:
    """The final ranking: culture (T-TSCORE-2, F-END-6: ties share a place; F-RES-9: resigned
    players last), with what the final scoring added."""
    scores_ = res["scores"]
    winners = res.get("winners", ())
    resigned = res.get("resigned_seats") or []
    ranking = res.get("ranking") or sorted(range(len(names)),
                                           key=lambda q: (-scores_[q], q not in winners, q))
    alive = [q for q in ranking if q not in resigned]
    lines = []
    for i, q in enumerate(ranking):
        if q in resigned:
            lines.append(t("tta.over.resigned_line", place=i + 1, name=names[q]))
            continue
        place = 1 + sum(scores_[r] > scores_[q] for r in alive)
        parts = res.get("breakdown", [{}] * len(names))[q]
        lines.append(t("tta.over.line", place=place, name=names[q], score=scores_[q],
                       added=_added(parts, None)))
    return lines


def table_lines(v: View) -> list[str]:
    """The public table in a few lines (the terminal game shows it before each decision)."""
    lines = [status_head(v)]
    row = [t("tta.table.space", space=i + 1, card=card_name(c)) for i, c in enumerate(v["row"])
           if c is not None]
    lines.append(t("tta.table.row", cards="; ".join(row) or t("tta.text.none")))
    lines.append(t("tta.table.events", current=v["events"], future=v["future_events"]))
    for p, line in zip(v["players"], status_lines(v), strict=True):
        lines.append(f"{p['name']}: {line}")
    names = [p["name"] for p in v["players"]]
    short = v.get("short")
    if short:  # the shorter game's public events and War over Culture (V-SHORT-3/14)
        public = [*short["public"], *([short["war"]] if short.get("war") else [])]
        lines.append(t("tta.table.public_events", cards=_cards(public, None)))
    for war in v.get("wars", []):  # pending wars are public (F-WAR-6, G-ASYNC-16)
        # (the shorter game: the war named, V-SHORT-12)
        lines.append(t("tta.table.war", card=card_name(war.get("war", war["card"])),
                       name=_name(names, war["attacker"]),
                       defender=_name(names, war["defender"])))
    return lines


# --- a seat's own words -------------------------------------------------------------------------

def hand_text(v: View, seat: int) -> str:
    """A seat's private holdings (its DM; never a channel): each card with its cost and what
    it does (engine.tta.handtext)."""
    p = v["players"][seat]
    return "\n".join(hand_lines(list(p.get("hand", [])), list(p.get("military", []))))


def hand_signature(state: State, seat: int) -> str:
    p = state.players[seat]
    return repr((sorted(p.hand), sorted(p.military), sorted(p.taken)))


def panel_lines(v: View, seat: int) -> list[str]:
    """What a prompt shows besides its options: stores, points, actions left, the hand."""
    p = v["players"][seat]
    food, resources = _stored(p, "food"), _stored(p, "resources")
    lines = [t("tta.panel.stores", food=food, resources=resources, science=p["science"],
               ca=p["civil_actions"], ca_total=p["civil_total"], ma=p["military_actions"],
               ma_total=p["military_total"])]
    if "hand" in p:
        lines.append(t("tta.hand.civil", cards=_cards(p["hand"], None)))
        lines.append(t("tta.hand.military", cards=_cards(p.get("military", []), None)))
    own = (v.get("short") or {}).get("own")
    if own:  # the shorter game: his own events, from the end of Age I (V-SHORT-14)
        lines.append(t("tta.panel.own_events",
                       cards=_cards([own["kept"]] if own["kept"] else own["dealt"], None)))
    return lines


def _stored(p: dict[str, Any], what: str) -> int:
    """Food or resources held as blue tokens on farms or mines (T-BOARD-2)."""
    return sum(n * getattr(CARDS[c], what) for c, n in p.get("blue", {}).items() if c in CARDS)
