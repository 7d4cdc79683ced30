"""Pantheon's own slash-command verbs: /pantheon move|buy|god|draw, each with autocomplete from
the options of that action and the whole-turn notation (README.md, "Typing a whole turn")."""

from __future__ import annotations

from engine.core import Decision

from ..host.verbs import ANY, Verb

VERBS = (
    Verb("move", "Move: play movement cards and place pieces",
         "A step (pick from the list) or a whole turn, e.g. 2: F12 F13 col G13"),
    Verb("buy", "Buy: offering tiles, pieces and placements",
         "A step (pick from the list) or a whole purchase, e.g. 1 1 3: dancers 1, +foot"),
    Verb("god", "Acquire a god from the display",
         "A god or a payment (pick from the list), or e.g. vinthrad: dancers priests"),
    Verb("draw", "Draw cards (3 on your turn, 1 as a follow-up)",
         "A card to take (pick from the list), or e.g. display:move deck deck"),
)
FAMILY_PROMPTS = {"move": {"move_cards", "move_place", "loot_order"},
                  "buy": {"buy", "cartago"},
                  "god": {"god_choose", "god_pay", "gallia_buy"},
                  "draw": {"draw_pick"}}
NOTATION_HEADS = {"move", "buy", "god", "draw", "traitera", "end", "pass", "tile", "upgrade",
                  "skip", "feet", "columns", "loot", "bonus", "gallia", "decline", "discard",
                  "swap", "done", "stop"}


def in_family(d: Decision, prompt_kind: str, family: str) -> bool:
    if family == ANY:
        return True
    if d.kind == "action":
        return d.args.get("action") == family
    if d.kind == "follow_draw":
        return family in ("move", "draw")
    return prompt_kind in FAMILY_PROMPTS.get(family, set())


def first_step(prompt_kind: str, family: str) -> Decision | None:
    """`/pantheon move` with nothing typed, at the start of a turn: choose the Move action."""
    if prompt_kind == "action" and family in FAMILY_PROMPTS:
        return Decision("action", {"action": family})
    return None


def notation_text(family: str, text: str) -> str:
    """Let `/pantheon move choice:2: F12 F13` mean `move 2: F12 F13`."""
    head = text.strip().lower().split(" ")[0].partition(":")[0]
    if family != ANY and head not in NOTATION_HEADS:
        return f"{family} {text.strip()}"
    return text.strip()

# the standing answer's option: /pantheon auto follow:draw|ask (GameInfo.policies)
POLICY_OPTION = "follow"
POLICY_HELP = "draw: always draw 1 card instead of moving; ask: prompt me"
