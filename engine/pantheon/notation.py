"""A compact text notation for a whole turn, parsed into the engine's small decisions.

    move 2: F12 F13 col G13          play 2 movement cards, feet on F12 and F13, a column on G13
    move: F12 G14>G15                no cards (steps tiles/Vinthrad); jump over G14, foot on G15
    buy 1 1 3: dancers 1, priests 2, +foot, +col, col G13
                                     play money 1+1+3; new Dancers level 1 and Priests level 2,
                                     buy a foot and a column, place a column on G13
    god vinthrad: dancers priests    acquire Vinthrad paying 3 with dancers and 2 with priests
    god vinthrad                     the same with the cheapest payment
    draw display:move deck deck      three picks
    draw                             (as a follow-up move: take 1 card instead of moving)
    traitera; buy 2: +foot           clauses are separated by ";"; "end" ends the turn
    F12 F13 col G13                  placements in a Move or Buy already under way

Other prompts: "tile gifts", "upgrade gifts", "skip", "feet" / "columns", "loot god",
"bonus b_god", "gallia draw" / "gallia reveal", "decline", "discard move" (or several cards:
"discard move money1"), "swap 2 column", "done", "stop". Names and labels are case-insensitive.
A clause is checked against the position it is played in, so the whole text is applied
atomically or not at all. A text is used whole or refused: a word left over, a card or a
placement more than the step takes (the step ends and the next word would be judged against
another step or seat), or a clause after the seat's part is over is refused with the rule."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import suppress

from data.i18n import t
from engine.agenda import Frame
from engine.core import Decision, Event, IllegalDecision

from . import flow
from .cards import MONEY
from .gains import GODS, KINDS
from .game import apply
from .state import COLUMN, FOOT, State
from .text import describe

FIELD = re.compile(r"^[a-q]\d{1,2}$")
MONEY_BY_VALUE = {v: c for c, v in MONEY.items()}
GOD_NAMES = {g: g for g in GODS} | {gt.name.lower(): g for g, gt in GODS.items()
                                      if gt.name.lower() != "stonkus"}


class NotationError(IllegalDecision):
    pass


def parse(s: State, seat: int, text: str) -> list[Decision]:
    """The decisions the text stands for, checked by playing them on a copy."""
    return _run(s, seat, text)[0]


def apply_text(s: State, seat: int, text: str) -> tuple[State, list[Event]]:
    _, state, events = _run(s, seat, text)
    return state, events


def _run(s: State, seat: int, text: str) -> tuple[list[Decision], State, list[Event]]:
    if not isinstance(text, str) or not text.strip():
        raise NotationError(t("pantheon.err.write_turn"))
    if len(text) > 2000:
        raise NotationError(t("pantheon.err.too_long"))
    state, decisions, events = s, [], []
    forced: list[Decision] = []  # steps the engine took by itself since the last decision
    for clause in [c.strip() for c in text.replace("\n", ";").split(";") if c.strip()]:
        frame = flow.current(state)
        if decisions and (frame is None or frame.get("seat") != seat):
            raise NotationError(t("pantheon.err.after_part", clause=clause,
                                  decision=describe(decisions[-1])), "P-TURN-1")
        steps = _clause(state, seat, clause)
        done: list[tuple[Decision, Frame]] = []  # this clause's decisions, each with its frame
        for d in steps:
            if d is CHEAPEST:  # "god x" without kinds: the payment with the fewest cards
                frame = flow.current(state)
                if not frame or frame["t"] != "god_pay":
                    continue  # the engine already took the only possible payment
                d = flow.options_for(state, seat)[0]
            if forced and forced[0] == d:
                forced.pop(0)  # written out, but there was no choice: already done
                continue
            frame = flow.current(state)
            if done and _ended(done[-1], frame, seat, d):
                raise _too_much(clause, done, d, steps)
            try:
                state, ev = apply(state, seat, d)
            except IllegalDecision as exc:
                taken = next((f for f in forced if f.kind == d.kind), None)
                message = (t("pantheon.err.in_clause", clause=clause, message=exc.message)
                           if taken is None else
                           t("pantheon.err.in_clause_forced", clause=clause, message=exc.message,
                             decision=describe(taken)))
                raise NotationError(message, exc.rule) from None
            assert frame is not None  # apply succeeded, so a frame awaited this seat
            done.append((d, dict(frame)))
            decisions.append(d)
            events += ev
            forced = _forced(ev, seat)
        # a move or buy clause ends its step: finish it unless the engine already did
        frame = flow.current(state)
        head = clause.lower().split()[0].partition(":")[0]
        if frame and frame.get("seat") == seat and head in ("move", "buy"):
            end = Decision("stop") if frame["t"] == "move_place" else Decision("done")
            if frame["t"] in ("move_place", "buy"):
                state, ev = apply(state, seat, end)
                decisions.append(end)
                events += ev
                forced = _forced(ev, seat)
    return decisions, state, events


# A step that ends by itself once its budget is used up: the rule that sets the budget, and what
# one more decision of the same kind is called (pantheon.err.too_many_<noun>).
BUDGETED = {
    "draw_pick": ("P-DRAW-1", "card"),
    "move_place": ("P-MOVE-11", "placement"),
    "buy": ("P-BUY-1", "purchase"),
    "cartago": ("P-PEOPLE-CAR-1", "purchase"),
}


def _ended(last: tuple[Decision, Frame], frame: Frame | None, seat: int, d: Decision) -> bool:
    """Did the clause's previous decision end the step (or the seat's part) that `d` was
    written for? Then `d` would be judged against another step or another seat."""
    last_d, last_frame = last
    ours = frame is not None and frame.get("seat") == seat
    if not ours:
        return True
    return (last_frame["t"] in BUDGETED and frame["t"] != last_frame["t"]
            and d.kind == last_d.kind)


def _too_much(clause: str, done: list[tuple[Decision, Frame]], d: Decision,
              rest: Iterator[Decision]) -> NotationError:
    """The refusal of a text with more in it than the step (or the turn) can take."""
    last_d, last_frame = done[-1]
    extra = 1
    with suppress(IllegalDecision):  # a rest that does not even parse: one too many suffices
        extra += sum(1 for x in rest if x.kind == d.kind)
    kind = last_frame["t"]
    if kind in BUDGETED and d.kind == last_d.kind:
        rule, noun = BUDGETED[kind]
        same = [x for x, f in done if f["t"] == kind]
        if kind == "draw_pick":
            started = any(f["t"] == "action" for _, f in done)
            why = t("pantheon.err.why_draw_takes" if started else "pantheon.err.why_draw_left",
                    count=len(same))
        elif kind == "move_place":
            why = t("pantheon.err.why_move", count=last_frame["budget"],
                    decision=describe(last_d))
        else:
            why = t("pantheon.err.why_buy", decision=describe(last_d))
        return NotationError(t(f"pantheon.err.too_many_{noun}", count=extra, clause=clause,
                               why=why), rule)
    return NotationError(t("pantheon.err.too_late", clause=clause, last=describe(last_d),
                           decision=describe(d)), "P-TURN-1")


def _number(token: str) -> bool:
    """Plain ASCII digits only ("²" is a digit to str.isdigit but not to int())."""
    return token.isascii() and token.isdigit() and len(token) <= 3


def _forced(events: list[Event], seat: int) -> list[Decision]:
    return [Decision.from_json(e.args["decision"]) for e in events
            if e.template == "forced" and e.args["seat"] == seat]


def _clause(s: State, seat: int, clause: str):
    """Yield decisions for one clause; later ones depend on the state after earlier ones, so
    this is a generator consumed between applications."""
    words = clause.lower().replace(",", " ").split()
    if not words:
        raise NotationError(t("pantheon.err.write_turn"))
    head, rest = words[0], words[1:]
    head, _, after = head.partition(":")
    if after:
        rest = [after] + rest
    frame = flow.current(s)
    kind = frame["t"] if frame and frame.get("seat") == seat else None
    if kind is None:
        raise NotationError(t("pantheon.err.not_your_turn"), "P-TURN-1")
    if head == "move":
        yield from _move(kind, rest)
    elif head == "buy":
        yield from _buy(s, seat, kind, rest)
    elif head == "god":
        yield from _god(kind, rest)
    elif head == "draw":
        yield from _draw(kind, rest)
    elif head == "traitera":
        _no_more(clause, head, rest)
        yield Decision("traitera")
    elif head in ("end", "pass"):
        _no_more(clause, head, rest)
        yield Decision("end_turn")
    elif head == "discard" and len(rest) > 1:  # "discard move money1": one card after another
        for card in rest:
            yield Decision("discard", {"card": card})
    elif _is_place(head) or (head in COLUMN_WORDS and rest):
        # "F12 F13 col G13": placements in a Move or Buy already under way, all of them
        yield from _placements([head, *rest])
    else:
        d = _single(s, seat, kind, head, rest)
        _no_more(clause, head, rest[ARITY.get(head, len(rest)):])
        yield d


COLUMN_WORDS = ("col", "column", "c")
# how many words follow each one-step answer; more is refused (the text must be used whole)
ARITY = {"stop": 0, "done": 0, "finish": 0, "skip": 0, "none": 0, "keep": 0, "decline": 0,
         "tile": 1, "upgrade": 1, "feet": 0, "foot": 0, "columns": 0, "loot": 1, "bonus": 1,
         "gallia": 1, "discard": 1, "swap": 2}


def _no_more(clause: str, head: str, extra: list[str]) -> None:
    if extra:
        raise NotationError(t("pantheon.err.left_over", clause=clause, extra=" ".join(extra),
                              head=head))


def _is_place(token: str) -> bool:
    """A field label, or a Gaiviles jump "G14>G15"."""
    return bool(FIELD.match(token)) or (
        token.count(">") == 1 and all(FIELD.match(x) for x in token.split(">")))


def _numbers_and_items(rest: list[str]) -> tuple[list[str], list[str]]:
    if ":" in rest:
        i = rest.index(":")
        return rest[:i], rest[i + 1:]
    joined = " ".join(rest)
    if ":" in joined:
        left, right = joined.split(":", 1)
        return left.split(), right.split()
    nums = []
    while rest and _number(rest[0]):
        nums.append(rest.pop(0))
    return nums, rest


def _move(kind: str, rest: list[str]):
    nums, items = _numbers_and_items(list(rest))
    if kind == "action":
        yield Decision("action", {"action": "move"})
    elif kind != "move_cards":
        raise NotationError(t("pantheon.err.no_move_now", waiting=flow.waiting_text(kind)),
                            "P-TURN-2")
    if len(nums) > 1 or (nums and not _number(nums[0])):
        raise NotationError(t("pantheon.err.cards_once"))
    yield Decision("cards", {"n": int(nums[0]) if nums else 0})
    yield from _placements(items)


def _placements(items: list[str]):
    i = 0
    while i < len(items):
        piece = FOOT
        if items[i] in COLUMN_WORDS:
            piece = COLUMN
            i += 1
            if i >= len(items):
                raise NotationError(t("pantheon.err.col_field"))
        yield _place(piece, items[i])
        i += 1


def _place(piece: str, token: str) -> Decision:
    via = None
    if ">" in token:
        via, token = token.split(">", 1)
        _field(via)
    args = {"piece": piece, "field": _field(token)}
    if via:
        args["via"] = via.upper()
    return Decision("place", args)


def _field(token: str) -> str:
    if not FIELD.match(token):
        raise NotationError(t("pantheon.err.not_a_label", word=token), "P-PLACE-1")
    return token.upper()


def _buy(s: State, seat: int, kind: str, rest: list[str]):
    nums, items = _numbers_and_items(list(rest))
    if kind == "action":
        yield Decision("action", {"action": "buy"})
    elif kind not in ("buy", "cartago"):
        raise NotationError(t("pantheon.err.no_buy_now", waiting=flow.waiting_text(kind)),
                            "P-TURN-2")
    for n in nums:
        if not _number(n) or int(n) not in MONEY_BY_VALUE:
            raise NotationError(t("pantheon.err.not_money", word=n), "P-BUY-1")
        yield Decision("money", {"card": MONEY_BY_VALUE[int(n)]})
    held = dict(s.players[seat].tiles)
    i = 0
    while i < len(items):
        tok = items[i]
        if tok in KINDS:
            if i + 1 >= len(items) or not _number(items[i + 1]):
                raise NotationError(t("pantheon.err.give_level", word=tok), "P-BUY-4")
            level = int(items[i + 1])
            yield Decision("upgrade" if tok in held else "tile", {"kind": tok, "level": level})
            held[tok] = level
            i += 2
        elif tok in ("+foot", "+feet", "+f"):
            yield Decision("buy_piece", {"piece": FOOT})
            i += 1
        elif tok in ("+col", "+column", "+c"):
            yield Decision("buy_piece", {"piece": COLUMN})
            i += 1
        elif tok in ("col", "column", "c"):
            if i + 1 >= len(items):
                raise NotationError(t("pantheon.err.col_field"))
            yield _place(COLUMN, items[i + 1])
            i += 2
        else:
            yield _place(FOOT, tok)
            i += 1


def _god(kind: str, rest: list[str]):
    words = " ".join(rest).replace(":", " ").split()
    if not words:
        raise NotationError(t("pantheon.err.name_god"), "P-ACQ-1")
    god = GOD_NAMES.get(words[0])
    if god is None:
        raise NotationError(t("pantheon.err.not_a_god", god=words[0]), "P-ACQ-1")
    if kind == "action":
        yield Decision("action", {"action": "god"})
    elif kind != "god_choose":
        raise NotationError(t("pantheon.err.no_god_now", waiting=flow.waiting_text(kind)),
                            "P-TURN-2")
    yield Decision("god", {"god": god})
    yield Decision("offer", {"kinds": words[1:]}) if words[1:] else CHEAPEST


CHEAPEST = Decision("offer", {"kinds": "cheapest"})  # a marker `_run` replaces


def _draw(kind: str, rest: list[str]):
    if kind == "move_cards":
        yield Decision("follow_draw")
        return
    if kind == "action":
        yield Decision("action", {"action": "draw"})
    elif kind != "draw_pick":
        raise NotationError(t("pantheon.err.no_draw_now", waiting=flow.waiting_text(kind)),
                            "P-TURN-2")
    picks = rest or ["deck"] * 3
    for p in picks:
        if p == "deck":
            yield Decision("take", {"from": "deck"})
        elif p.startswith("display:") or p in ("move", "money1", *KINDS):
            card = p.split(":", 1)[-1]
            yield Decision("take", {"from": "display", "card": card})
        else:
            raise NotationError(t("pantheon.err.take_from", word=p), "P-DRAW-1")


def _single(s: State, seat: int, kind: str, head: str, rest: list[str]) -> Decision:
    arg = rest[0] if rest else None
    if head == "stop":
        return Decision("stop")
    if head in ("done", "finish"):
        return Decision("done")
    if head in ("skip", "none", "keep"):
        return Decision("skip")
    if head == "decline":
        return Decision("decline")
    if head in ("tile", "upgrade") and arg in KINDS:
        level = 1 if head == "tile" else s.players[seat].tiles.get(arg, 0) + 1
        return Decision(head, {"kind": arg, "level": level})
    if head in ("feet", "foot", "columns", "column"):
        return Decision("supply", {"piece": FOOT if head.startswith("f") else COLUMN})
    if head == "loot" and arg:
        return Decision("loot", {"tile": arg})
    if head == "bonus" and arg:
        return Decision("bonus", {"tile": arg})
    if head == "gallia" and arg:
        return Decision("gallia", {"choice": arg})
    if head == "discard" and arg:
        return Decision("discard", {"card": arg})
    if head == "swap" and len(rest) == 2 and _number(rest[0]):
        to = COLUMN if rest[1].startswith("col") else FOOT
        return Decision("swap", {"to": to, "n": int(rest[0])})
    if head == "offer":
        return Decision("offer", {"kinds": rest})
    raise NotationError(t("pantheon.err.not_understood", word=head,
                          waiting=flow.waiting_text(kind)))
