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

Other prompts: "tile gifts", "upgrade gifts", "skip", "feet" / "columns", "loot god",
"bonus b_god", "gallia draw" / "gallia reveal", "decline", "discard move", "swap 2 column",
"done", "stop". Names and labels are case-insensitive. A clause is checked against the position
it is played in, so the whole text is applied atomically or not at all."""

from __future__ import annotations

import re

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
        raise NotationError("Write a turn, for example: move 2: F12 F13 col G13")
    if len(text) > 2000:
        raise NotationError("That turn is too long.")
    state, decisions, events = s, [], []
    forced: list[Decision] = []  # steps the engine took by itself since the last decision
    for clause in [c.strip() for c in text.replace("\n", ";").split(";") if c.strip()]:
        for d in _clause(state, seat, clause):
            if d is CHEAPEST:  # "god x" without kinds: the payment with the fewest cards
                frame = flow.current(state)
                if not frame or frame["t"] != "god_pay":
                    continue  # the engine already took the only possible payment
                d = flow.options_for(state, seat)[0]
            if forced and forced[0] == d:
                forced.pop(0)  # written out, but there was no choice: already done
                continue
            try:
                state, ev = apply(state, seat, d)
            except IllegalDecision as exc:
                hint = next((f" (there was no choice here: “{describe(f)}” was taken)"
                             for f in forced if f.kind == d.kind), "")
                if exc.rule == "P-TURN-1" and decisions:
                    hint = " (your step had already ended: no steps, money or pieces left)"
                raise NotationError(f"In “{clause}”: {exc.message}{hint}", exc.rule) from None
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
        raise NotationError("Write a turn, for example: move 2: F12 F13 col G13")
    head, rest = words[0], words[1:]
    head, _, after = head.partition(":")
    if after:
        rest = [after] + rest
    frame = flow.current(s)
    kind = frame["t"] if frame and frame.get("seat") == seat else None
    if kind is None:
        raise NotationError("It is not your turn to decide.", "P-TURN-1")
    if head == "move":
        yield from _move(kind, rest)
    elif head == "buy":
        yield from _buy(s, seat, kind, rest)
    elif head == "god":
        yield from _god(kind, rest)
    elif head == "draw":
        yield from _draw(kind, rest)
    elif head == "traitera":
        yield Decision("traitera")
    elif head in ("end", "pass"):
        yield Decision("end_turn")
    else:
        yield _single(s, seat, kind, head, rest)


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
        raise NotationError(f"You cannot start a move now: {flow.WAITING.get(kind, kind)}.",
                            "P-TURN-2")
    if len(nums) > 1 or (nums and not _number(nums[0])):
        raise NotationError("Write the number of movement cards once: move 2: F12 F13")
    yield Decision("cards", {"n": int(nums[0]) if nums else 0})
    yield from _placements(items)


def _placements(items: list[str]):
    i = 0
    while i < len(items):
        piece = FOOT
        if items[i] in ("col", "column", "c"):
            piece = COLUMN
            i += 1
            if i >= len(items):
                raise NotationError("“col” must be followed by a field, e.g. col G13.")
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
        raise NotationError(f"“{token}” is not a field label (a row letter A-Q and a column "
                            f"number 1-29, e.g. F12).", "P-PLACE-1")
    return token.upper()


def _buy(s: State, seat: int, kind: str, rest: list[str]):
    nums, items = _numbers_and_items(list(rest))
    if kind == "action":
        yield Decision("action", {"action": "buy"})
    elif kind not in ("buy", "cartago"):
        raise NotationError(f"You cannot buy now: {flow.WAITING.get(kind, kind)}.",
                            "P-TURN-2")
    for n in nums:
        if not _number(n) or int(n) not in MONEY_BY_VALUE:
            raise NotationError(f"“{n}” is not a money card value (1 to 5).", "P-BUY-1")
        yield Decision("money", {"card": MONEY_BY_VALUE[int(n)]})
    held = dict(s.players[seat].tiles)
    i = 0
    while i < len(items):
        tok = items[i]
        if tok in KINDS:
            if i + 1 >= len(items) or not _number(items[i + 1]):
                raise NotationError(f"Give the level after {tok}, e.g. {tok} 2.", "P-BUY-4")
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
                raise NotationError("“col” must be followed by a field, e.g. col G13.")
            yield _place(COLUMN, items[i + 1])
            i += 2
        else:
            yield _place(FOOT, tok)
            i += 1


def _god(kind: str, rest: list[str]):
    words = " ".join(rest).replace(":", " ").split()
    if not words:
        raise NotationError("Name the god, e.g. god vinthrad: dancers priests", "P-ACQ-1")
    god = GOD_NAMES.get(words[0])
    if god is None:
        raise NotationError(f"“{words[0]}” is not a god (e.g. vinthrad, stonkus1, stonkus2).",
                            "P-ACQ-1")
    if kind == "action":
        yield Decision("action", {"action": "god"})
    elif kind != "god_choose":
        raise NotationError(f"You cannot acquire a god now: {flow.WAITING.get(kind, kind)}.",
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
        raise NotationError(f"You cannot draw now: {flow.WAITING.get(kind, kind)}.",
                            "P-TURN-2")
    picks = rest or ["deck"] * 3
    for p in picks:
        if p == "deck":
            yield Decision("take", {"from": "deck"})
        elif p.startswith("display:") or p in ("move", "money1", *KINDS):
            card = p.split(":", 1)[-1]
            yield Decision("take", {"from": "display", "card": card})
        else:
            raise NotationError(f"“{p}”: take “deck” or “display:<card>”.", "P-DRAW-1")


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
    if head in ("col", "column") and arg:
        return _place(COLUMN, arg)
    if FIELD.match(head):
        return _place(FOOT, head)
    raise NotationError(f"I do not understand “{head}”. Now you may "
                        f"{flow.WAITING.get(kind, kind)}.")
