"""The Pantheon AI is fair and repeatable by construction.

* Fair (P-GAP-HIDDEN): the AI reads the state only as `view(state, seat)` and
  `options(state, seat)` — what a player of that seat sees — and plans on a Belief rebuilt from
  that view. Shown three ways: the AI runs on a sealed state that refuses every other read;
  rewriting every hidden zone to nonsense changes no decision; and a static check of
  engine/pantheon/ai/ that only the entry point ever names a State, that it passes it only to
  view() and options(), and that no module reads a hidden zone or another seat's holdings.
* Repeatable: one seeded game gives the same decisions in processes with different
  PYTHONHASHSEED values (set order of strings and hash() change with it).

Every level is checked, the strong one too (it searches worlds sampled from the view,
engine/pantheon/ai/worlds.py), with a small search budget (AGORA_AI_BUDGET) to keep them quick.
"""

from __future__ import annotations

import ast
import os
import random
import subprocess
import sys

import pytest

import engine.pantheon.ai as ai
from engine import search
from engine.pantheon import apply, new_game, options, pending, view
from engine.pantheon.ai import choose, decide
from engine.pantheon.ai.belief import HIDDEN_CARD, HIDDEN_DEMIGOD, Belief, from_view
from engine.pantheon.state import State
from tests.paths import ROOT

AI_DIR = ROOT / "engine" / "pantheon" / "ai"
LEVELS = ("normal", "easy", "strong")
SMALL = "0.05"  # AGORA_AI_BUDGET in these tests: a strong search of some 30 decisions


@pytest.fixture(autouse=True)
def small_search(monkeypatch) -> None:
    monkeypatch.setenv(search.BUDGET_ENV, SMALL)


# --- repeatable across processes --------------------------------------------------------------

GAME_SCRIPT = """
import hashlib, json, random, sys
from engine.pantheon import apply, new_game, pending
from engine.pantheon.ai import choose
levels = sys.argv[1].split(",")
s = new_game(["a", "b"], 5)
rngs = [random.Random(50), None]  # the easy seat seeds its own rng from its view
log = []
while pending(s):
    seat = pending(s)[0].seat
    d = choose(s, seat, levels[seat], rngs[seat])
    log.append(json.dumps([seat, d.to_json()], sort_keys=True))
    s, _ = apply(s, seat, d, in_place=True)
fields = sorted({f for f in s.pieces} | set(s.loot))
print(hashlib.sha256("\\n".join(log).encode()).hexdigest(), len(log),
      json.dumps(s.result["scores"], separators=(",", ":")),
      hashlib.sha256(repr(list(set(fields))).encode()).hexdigest())
"""


def run_game(hashseed: str, levels: str) -> list[str]:
    env = {**os.environ, "PYTHONHASHSEED": hashseed, search.BUDGET_ENV: SMALL}
    out = subprocess.run([sys.executable, "-c", GAME_SCRIPT, levels], cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=120, check=True)
    return out.stdout.split(maxsplit=3)


@pytest.mark.parametrize("levels", ["normal,easy", "strong,normal"])
def test_one_seed_gives_one_game_whatever_the_hash_seed(levels: str) -> None:
    a = run_game("1", levels)
    b = run_game("2", levels)
    # the test has teeth: the two processes iterate the same set of field labels differently
    assert a[3] != b[3]
    assert int(a[1]) > 100  # a whole game was played
    assert a[:3] == b[:3]  # the same decisions, the same scores


# --- fair: the state is read only through view() and options() -------------------------------

class Sealed:
    """A state nobody may read: only the patched view() and options() unwrap it."""

    def __init__(self, s: State) -> None:
        object.__setattr__(self, "_inner", s)

    def __getattribute__(self, name: str) -> object:
        raise AssertionError(f"the AI read state.{name} directly")


def unseal(x: object) -> State:
    if type(x) is not Sealed:  # the test's own moves between the positions
        return x  # type: ignore[return-value]
    return object.__getattribute__(x, "_inner")


def positions(n: int, seed: int, levels: list[str], count: int,
              opts: dict | None = None):
    """Positions where an AI seat has a real choice, from a seeded game of these levels."""
    s = new_game(n, seed, opts)
    rngs = [random.Random(seed + i) for i in range(n)]
    found = 0
    while pending(s) and found < count:
        seat = pending(s)[0].seat
        if len(options(s, seat)) > 1:
            found += 1
            yield s, seat
        s, _ = apply(s, seat, choose(s, seat, levels[seat], rngs[seat]), in_place=True)


def test_the_ai_reads_the_state_only_through_view_and_options(monkeypatch) -> None:
    calls: list[str] = []

    def sealed_view(st: object, seat: int | None):
        calls.append("view")
        return view(unseal(st), seat)

    def sealed_options(st: object, seat: int):
        calls.append("options")
        return options(unseal(st), seat)

    monkeypatch.setattr(ai, "view", sealed_view)
    monkeypatch.setattr(ai, "options", sealed_options)
    checked = 0
    for s, seat in positions(4, 61, ["normal", "easy", "normal", "easy"], 120,
                             {"bonus_draft": True}):
        for level in LEVELS:
            calls.clear()
            d, own = ai.decide(Sealed(s), seat, level, random.Random(checked))
            assert own and d in options(s, seat)
            assert calls == ["view", "options"]  # the view comes first
            checked += 1
    assert checked == 360


def nonsense(s: State, seat: int, rng: random.Random) -> State:
    """The same position as `seat` sees it, every hidden thing rewritten to nonsense of the same
    public size: other hands and demigods, unresolved bonus tiles, the deck below the display,
    the discard pile under its top, the god and demigod stacks, the bag, the people deck, the
    boxes, the seed and the rng."""
    t = s.clone()
    for p in t.players:
        if p.seat == seat:
            continue
        size = p.hand_size()
        p.hand = {"nonsense-card": size} if size else {}
        p.demigods = [rng.choice([-40, 99]) for _ in p.demigods]
        if p.bonus is not None:
            p.bonus = "nonsense-bonus"
    t.deck = ["nonsense-card"] * len(t.deck)
    t.discard = ["nonsense-card"] * (len(t.discard) - 1) + t.discard[-1:]
    t.god_stack = ["nonsense-god"] * len(t.god_stack)
    t.demigod_stack = [rng.randint(-99, 99) for _ in t.demigod_stack]
    t.bag = ["nonsense-tile"] * len(t.bag)
    rng.shuffle(t.people_deck)
    t.god_box = ["nonsense-god"] * 3
    t.loot_box = ["nonsense-tile"]
    t.demigod_box = [77]
    if not t.options.get("bonus_draft"):
        t.bonus_box = ["nonsense-bonus"]
    t.seed = rng.randrange(1 << 30)
    t.rng = rng.randrange(1 << 30)
    return t


@pytest.mark.parametrize(("n", "seed", "opts"), [
    (4, 71, None),
    (3, 72, {"bonus_draft": True}),
    (2, 73, {"start_supply_by_player_count": True}),
])
def test_hidden_zones_rewritten_to_nonsense_change_no_decision(n: int, seed: int,
                                                               opts: dict | None) -> None:
    levels = ["normal", "easy", "normal", "easy"][:n]
    scrambler = random.Random(seed)
    compared = 0
    for s, seat in positions(n, seed, levels, 100, opts):
        other = nonsense(s, seat, scrambler)
        assert view(other, seat) == view(s, seat)
        for level in LEVELS:
            assert decide(other, seat, level, random.Random(compared)) == decide(
                s, seat, level, random.Random(compared))
        # without an rng the AI seeds one from its view, never from the game's seed
        for level in ("easy", "strong"):
            assert choose(other, seat, level) == choose(s, seat, level)
        compared += 1
    assert compared == 100


def test_the_belief_holds_placeholders_for_every_hidden_zone() -> None:
    *_, (s, seat) = positions(4, 81, ["normal"] * 4, 60)  # a position well into the game
    b = from_view(view(s, seat))
    assert isinstance(b, Belief)
    for p, real in zip(b.players, s.players, strict=True):
        if p.seat == seat:
            assert p.hand == real.hand and sorted(p.demigods) == sorted(real.demigods)
        else:
            assert set(p.hand) <= {HIDDEN_CARD} and p.hand_size() == real.hand_size()
            assert p.demigods == [HIDDEN_DEMIGOD] * len(real.demigods) and p.bonus is None
        assert (p.supply, p.tiles, p.gods, p.placed, p.score) == (
            real.supply, real.tiles, real.gods, real.placed, real.score)
    assert set(b.deck) <= {HIDDEN_CARD} and len(b.deck) == len(s.deck)
    assert set(b.demigod_stack) <= {HIDDEN_DEMIGOD}
    assert len(b.god_stack) == len(s.god_stack) and not set(b.god_stack) & set(s.god_stack)
    assert len(b.bag) == len(s.bag) and not set(b.bag) & set(s.bag)
    assert b.seed == 0 and b.rng == 0
    assert (b.pieces, b.loot, b.temple, b.display, b.god_display, b.special_money) == (
        s.pieces, s.loot, s.temple, s.display, s.god_display, s.special_money)
    assert b.queue[0]["t"] == pending(s)[0].kind and b.queue[0]["seat"] == seat


# --- fair: a static check of engine/pantheon/ai/ ----------------------------------------------

# State fields that hold hidden things (or everything: the seed deals the whole game) or engine
# bookkeeping a player does not see; the AI package never reads them, not even from a Belief
HIDDEN_FIELDS = {"deck", "discard", "god_stack", "demigod_stack", "bag", "people_deck",
                 "bonus_stack", "god_box", "loot_box", "demigod_box", "bonus_box", "seed", "rng",
                 "queue", "turn", "trail", "options"}
SEAT_NAMES = {"seat"}  # players[...] only ever with the deciding seat
# The strong level plays worlds sampled from its view (worlds.sample takes a View alone), never
# the real state: worlds.py builds a State from a View, and strong.py hands search.Game's
# callbacks below a sampled world (a State: the rules run on it) and reads its agenda in `stop`.
WORLD_CALLBACKS = {"rollout": "state", "stop": "start now", "value": "state"}


def ai_modules() -> dict[str, ast.Module]:
    return {p.name: ast.parse(p.read_text(), str(p)) for p in sorted(AI_DIR.glob("*.py"))}


def test_static_only_the_entry_point_takes_a_state_and_hands_it_only_to_view_and_options() -> None:
    mods = ai_modules()
    assert {"__init__.py", "belief.py", "planner.py", "policy.py", "values.py", "worlds.py",
            "strong.py"} <= set(mods)
    for name, tree in mods.items():
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module in ("game", "flow", "simulate"):
                assert name == "__init__.py" and node.level == 2, (name, node.module)
                assert {a.name for a in node.names} <= {"options", "view"}, name
            if isinstance(node, ast.ImportFrom) and node.module is None and node.level == 2:
                rules = {a.name for a in node.names} & {"game", "flow", "simulate"}
                # `from .. import game as rules`: the rules, for the search's sampled worlds
                assert not rules or (name == "strong.py" and rules == {"game"}), name
            if isinstance(node, ast.ImportFrom) and node.module == "state":
                imported = {a.name for a in node.names}
                if name not in ("__init__.py", "belief.py", "worlds.py", "strong.py"):
                    assert "State" not in imported, f"{name} imports State"
            if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            for arg in node.args.args + node.args.kwonlyargs:
                hint = ast.unparse(arg.annotation) if arg.annotation else ""
                if "State" in hint and name == "strong.py":
                    # a world sampled from the view, handed over by engine/search.py
                    assert arg.arg in WORLD_CALLBACKS.get(node.name, "").split(), (
                        name, node.name, arg.arg)
                elif "State" in hint:
                    # only the public entry points take the real state
                    assert name == "__init__.py" and node.name in ("choose", "decide"), (
                        name, node.name, arg.arg, hint)
                    assert (arg.arg, hint) == ("state", "State")
                if arg.arg == "s":
                    assert hint == "Belief", (name, node.name, arg.arg, hint)
                if arg.arg == "seen":
                    assert hint == "View", (name, node.name, arg.arg, hint)
    # in the entry points, `state` is only ever the first argument of view() or options()
    init = mods["__init__.py"]
    for fn in ast.walk(init):
        if not isinstance(fn, ast.FunctionDef) or "state" not in [a.arg for a in fn.args.args]:
            continue
        allowed = set()
        for call in ast.walk(fn):
            if (isinstance(call, ast.Call) and isinstance(call.func, ast.Name)
                    and call.func.id in ("view", "options") and call.args
                    and isinstance(call.args[0], ast.Name)):
                allowed.add(id(call.args[0]))
            if (isinstance(call, ast.Call) and isinstance(call.func, ast.Name)
                    and call.func.id == "decide" and call.args):
                allowed.add(id(call.args[0]))  # choose() passes it on to decide()
        uses = [n for n in ast.walk(fn) if isinstance(n, ast.Name) and n.id == "state"]
        assert uses and all(id(n) in allowed for n in uses), fn.name
    # the first thing decide() does is to take the seat's view
    decide_fn = next(n for n in init.body if isinstance(n, ast.FunctionDef)
                     and n.name == "decide")
    body = [st for st in decide_fn.body if not isinstance(st, ast.Expr)]  # skip the docstring
    assert ast.unparse(body[0]) == "seen = view(state, seat)"


def test_static_the_ai_never_reads_a_hidden_zone_or_another_seats_holdings() -> None:
    for name, tree in ai_modules().items():
        in_stop = set()
        if name == "strong.py":  # `stop` reads a sampled world's agenda: the rollout's end
            stop = next(n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)
                        and n.name == "stop")
            in_stop = {id(n) for n in ast.walk(stop)}
        for node in ast.walk(tree):
            if (isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Load)
                    and id(node) not in in_stop and not _rules_function(name, node)):
                assert node.attr not in HIDDEN_FIELDS, f"{name}:{node.lineno} reads .{node.attr}"
            if (isinstance(node, ast.Subscript) and isinstance(node.value, ast.Attribute)
                    and node.value.attr == "players"):
                index = node.slice
                who = index.attr if isinstance(index, ast.Attribute) else getattr(index, "id", "")
                where = f"{name}:{node.lineno} reads players[{ast.unparse(index)}]"
                assert who in SEAT_NAMES, where
    # the worlds are sampled from a View alone
    tree = ai_modules()["worlds.py"]
    fn = next(n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == "sample")
    assert [(a.arg, ast.unparse(a.annotation)) for a in fn.args.args] == [
        ("seen", "View"), ("rng", "random.Random")]
    # the Belief is built from a View alone
    tree = ai_modules()["belief.py"]
    fn = next(n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == "from_view")
    assert [(a.arg, ast.unparse(a.annotation)) for a in fn.args.args] == [("v", "View")]
    assert from_view.__annotations__ == {"v": "View", "return": "Belief"}


def _rules_function(module: str, node: ast.Attribute) -> bool:
    """`rules.options` in strong.py is the rules' function (on a sampled world), no field."""
    return (module == "strong.py" and isinstance(node.value, ast.Name)
            and node.value.id == "rules")


def test_belief_keeps_no_reference_into_the_real_state() -> None:
    s, seat = next(iter(positions(3, 91, ["normal"] * 3, 30)))
    b = from_view(view(s, seat))
    before = s.to_json()
    b.players[seat].hand["move"] = 99
    b.pieces.setdefault("F1", []).append([seat, "foot"])
    b.loot.clear()
    assert s.to_json() == before
