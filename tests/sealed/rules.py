"""Sealed offers: the rules module (engine.core.GameRules and GameText). Rules: tests/sealed/
__init__.py. The flow runs on engine.agenda: a round is a simultaneous "offer" frame (every seat
at once, secretly), an automatic "reveal" and one "take" frame per seat; the veto is the
out-of-turn decision the agenda knows nothing of (options() offers it to seats that are not
pending, apply() handles it before the agenda)."""

from __future__ import annotations

import copy
import json
from dataclasses import asdict, dataclass, field
from typing import Any

from engine.agenda import Agenda, Frame, current, in_turn_order, pop, push
from engine.core import Decision, Event, GameInfo, IllegalDecision, OptionSpec, Prompt, Rng

ROUNDS_MAX = 2
INFO = GameInfo(
    id="sealed", name="Sealed offers", min_players=3, max_players=5,
    colours=("red", "blue", "yellow", "green", "purple"),
    ai_levels=("random",), policies=("ask",), rules_topics=("overview",),
    player_rule="S-SETUP-1", turn_rule="S-TURN-1", end_rule="S-END-1",
    turn_prompts=("take",),
    # a deliberate fault, for the host's tests only: the takes of this round list no option,
    # so the game waits for a seat that has no legal option (a stall the host must report)
    options=(OptionSpec("stall_round", "int", 0, "the takes of this round offer no option "
                        "(a deliberate fault, 0: none)", minimum=0, maximum=ROUNDS_MAX),),
)

ROUNDS = ROUNDS_MAX
START_COINS = 5
MAX_OFFER = 3
PRIZE = 3

AGENDA: Agenda[State] = Agenda(game_over="The game is over.", game_over_rule="S-END-1",
                               not_your_turn="It is not your turn to decide.",
                               not_your_turn_rule="S-TURN-1")
UNDERSTOOD = "That is not a decision this game understands."


@dataclass
class State:
    names: list[str]
    seed: int
    first: int  # the seat that opens round 1 (drawn from the seed)
    coins: list[int]
    scores: list[int]
    veto: list[bool]  # still holds its veto token
    offers: list[int | None]  # this round's sealed offers: secret until the reveal
    history: list[dict[str, Any]] = field(default_factory=list)  # the reveals so far (public)
    round: int = 0
    vetoed_by: int | None = None  # who vetoed the take awaited now
    stall_round: int = 0  # the option of the same name (a deliberate fault)
    queue: list[Frame] = field(default_factory=list)
    decisions: int = 0
    result: dict[str, Any] | None = None

    @property
    def n(self) -> int:
        return len(self.names)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> State:
        return cls(**copy.deepcopy(data))


@dataclass
class View:
    """What one seat (or a spectator, seat None) may see: every other seat's sealed offer is
    absent (None) until the reveal; `sealed` says only who has chosen."""

    seat: int | None
    names: list[str]
    round: int
    phase: str  # "offer", "take" or "over"
    turn: int | None  # the seat taking its turn now
    awaited: list[int]
    coins: list[int]
    scores: list[int]
    veto: list[bool]
    sealed: list[bool]
    offers: list[int | None]
    history: list[dict[str, Any]]
    vetoed_by: int | None
    result: dict[str, Any] | None


# --- the agenda ---------------------------------------------------------------------------------

@AGENDA.auto("round")
def _round(s: State, frame: Frame, events: list[Event]) -> None:
    s.round = frame["round"]
    opener = (s.first + s.round - 1) % s.n
    s.offers = [None] * s.n
    push(s, {"t": "offer", "seats": list(range(s.n))}, {"t": "reveal"},
         *({"t": "take", "seat": seat} for seat in in_turn_order(opener, s.n)))
    events.append(Event("round", {"round": s.round, "opener": opener}))


def _offer_options(s: State, frame: Frame) -> list[Decision]:
    return [Decision("offer", {"coins": c})
            for c in range(min(MAX_OFFER, s.coins[frame["seat"]]) + 1)]


@AGENDA.choice("offer", _offer_options)
def _offer(s: State, frame: Frame, d: Decision, events: list[Event]) -> None:
    seat = frame["seat"]
    if d.kind != "offer":
        raise IllegalDecision("Now every seat seals an offer.", "S-OFFER-1")
    coins = d.args.get("coins")
    if set(d.args) != {"coins"} or type(coins) is not int:
        raise IllegalDecision(UNDERSTOOD)
    if not 0 <= coins <= min(MAX_OFFER, s.coins[seat]):
        raise IllegalDecision(f"An offer is 0 to {MAX_OFFER} coins and never more than you have "
                              f"({s.coins[seat]}).", "S-OFFER-1")
    s.offers[seat] = coins
    frame["seats"].remove(seat)  # the agenda pops the frame after the last seat
    events.append(Event("sealed", {"seat": seat}))
    events.append(Event("my_offer", {"seat": seat, "coins": coins}, private_to=seat))


@AGENDA.auto("reveal")
def _reveal(s: State, frame: Frame, events: list[Event]) -> None:
    offers = [int(o or 0) for o in s.offers]
    unique = [o for o in offers if offers.count(o) == 1]
    winner = offers.index(max(unique)) if unique else None
    for seat, o in enumerate(offers):
        s.coins[seat] -= o
    if winner is not None:
        s.scores[winner] += PRIZE
    s.history.append({"round": s.round, "offers": offers, "winner": winner})
    s.offers = [None] * s.n
    events.append(Event("revealed", {"round": s.round, "offers": offers, "winner": winner}))


def _take_options(s: State, frame: Frame) -> list[Decision]:
    return [Decision("take", {"coins": 1}), Decision("take", {"coins": 2})]


@AGENDA.choice("take", _take_options)
def _take(s: State, frame: Frame, d: Decision, events: list[Event]) -> None:
    seat = frame["seat"]
    if d.kind != "take":
        raise IllegalDecision("It is your turn: take 1 or 2 coins.", "S-TURN-1")
    asked = d.args.get("coins")
    if set(d.args) != {"coins"} or type(asked) is not int or asked not in (1, 2):
        raise IllegalDecision("Take 1 or 2 coins.", "S-TURN-1")
    got = 0 if s.vetoed_by is not None else asked
    s.coins[seat] += got
    events.append(Event("took", {"seat": seat, "asked": asked, "got": got,
                                 "vetoed_by": s.vetoed_by}))
    s.vetoed_by = None
    pop(s)


@AGENDA.auto("end")
def _end(s: State, frame: Frame, events: list[Event]) -> None:
    best = max(s.scores)
    winners = [seat for seat, p in enumerate(s.scores) if p == best]
    s.result = {"scores": list(s.scores), "winners": winners, "coins": list(s.coins)}
    events.append(Event("game_over", {"scores": list(s.scores), "winners": winners}))


# --- the contract -------------------------------------------------------------------------------

def _setup(players: list[str] | int, seed: int, options: dict[str, Any] | None) -> State:
    names = [f"Player {i + 1}" for i in range(players)] if isinstance(players, int) else list(
        players)
    opts = INFO.check_options(options)
    if not INFO.min_players <= len(names) <= INFO.max_players:
        raise IllegalDecision(f"Sealed offers is for {INFO.min_players} to {INFO.max_players} "
                              "players.", "S-SETUP-1")
    n = len(names)
    return State(names=names, seed=seed, first=Rng(seed).below(n), coins=[START_COINS] * n,
                 scores=[0] * n, veto=[True] * n, offers=[None] * n,
                 queue=[*({"t": "round", "round": r} for r in range(1, ROUNDS + 1)),
                        {"t": "end"}], stall_round=opts.get("stall_round") or 0)


def new_game(players: list[str] | int, seed: int, options: dict[str, Any] | None = None
             ) -> State:
    s = _setup(players, seed, options)
    AGENDA.advance(s, [])
    return s


def start_events(s: State) -> list[Event]:
    again = _setup(s.names, s.seed, {})
    events: list[Event] = []
    AGENDA.advance(again, events)
    return events


def pending(s: State) -> list[Prompt]:
    frame = current(s)
    if frame is None:
        return []
    return [Prompt(seat, frame["t"]) for seat in AGENDA.awaited(s)]


def _may_veto(s: State, seat: int) -> bool:
    frame = current(s)
    return (frame is not None and frame["t"] == "take" and frame["seat"] != seat
            and s.veto[seat] and s.vetoed_by is None)


def options(s: State, seat: int) -> list[Decision]:
    if type(seat) is not int or not 0 <= seat < s.n:
        return []
    if seat in AGENDA.awaited(s):
        frame = current(s)
        if s.round == s.stall_round and frame is not None and frame["t"] == "take":
            return []  # the deliberate fault: awaited, and no option listed
        return AGENDA.options_for(s, seat)
    return [Decision("veto")] if _may_veto(s, seat) else []


def _veto(s: State, seat: int, d: Decision, events: list[Event]) -> None:
    frame = current(s)
    if d.args:
        raise IllegalDecision(UNDERSTOOD)
    if frame is None:
        raise IllegalDecision(AGENDA.game_over, AGENDA.game_over_rule)
    if frame["t"] != "take":
        raise IllegalDecision("A veto is played while a seat takes coins, not now.", "S-VETO-1")
    if frame["seat"] == seat:
        raise IllegalDecision("You cannot veto your own take.", "S-VETO-1")
    if not s.veto[seat]:
        raise IllegalDecision("You have already used your veto token.", "S-VETO-2")
    if s.vetoed_by is not None:
        raise IllegalDecision(f"{s.names[s.vetoed_by]} has already vetoed this take.", "S-VETO-3")
    s.veto[seat] = False
    s.vetoed_by = seat
    events.append(Event("veto", {"seat": seat, "target": frame["seat"]}))


def apply(s: State, seat: int, decision: Decision, *, in_place: bool = False
          ) -> tuple[State, list[Event]]:
    """One decision; IllegalDecision (message and rule) leaves `s` untouched."""
    if not isinstance(decision, Decision) or not isinstance(decision.args, dict):
        raise IllegalDecision(UNDERSTOOD)
    if type(seat) is not int or not 0 <= seat < s.n:
        raise IllegalDecision("You are not seated in this game.")
    frame = current(s)
    if (decision.kind == "offer" and frame is not None and frame["t"] == "offer"
            and seat not in frame["seats"]):
        raise IllegalDecision("You have already sealed your offer this round.", "S-OFFER-2")
    work = s if in_place else State.from_json(s.to_json())
    events: list[Event] = []
    try:
        if decision.kind == "veto":
            _veto(work, seat, decision, events)
        elif decision.kind in ("offer", "take"):
            AGENDA.apply_decision(work, seat, decision, events)
        else:
            raise IllegalDecision(UNDERSTOOD)
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise IllegalDecision(UNDERSTOOD) from exc
    work.decisions += 1
    return work, events


def view(s: State, seat: int | None) -> View:
    frame = current(s)
    phase = "over" if frame is None else frame["t"]
    awaited = AGENDA.awaited(s)
    sealed = [phase == "offer" and o is not None for o in s.offers]
    offers = [o if seat == i else None for i, o in enumerate(s.offers)]
    return View(seat=seat, names=list(s.names), round=s.round, phase=phase,
                turn=frame.get("seat") if frame is not None and phase == "take" else None,
                awaited=awaited, coins=list(s.coins), scores=list(s.scores), veto=list(s.veto),
                sealed=sealed, offers=offers, history=copy.deepcopy(s.history),
                vetoed_by=s.vetoed_by, result=copy.deepcopy(s.result))


def result(s: State) -> dict[str, Any] | None:
    return s.result


def dump(s: State) -> dict[str, Any]:
    return s.to_json()


def load(data: dict[str, Any]) -> State:
    return State.from_json(data)


def version(s: State, seat: int) -> str:
    """Everything `seat` may decide depends on: the step (round, frame, whose take, a veto on
    it) and the seat's own coins, veto token and sealed offer. Other seats' sealed offers are
    left out, so one seat sealing keeps every other seat's prompt valid."""
    frame = current(s)
    return json.dumps([s.round, frame["t"] if frame else "over",
                       frame.get("seat") if frame else None, seat in AGENDA.awaited(s),
                       s.vetoed_by, s.coins[seat], s.veto[seat], s.offers[seat]])


def reveals(before: State, after: State, seat: int) -> bool:
    """No chance after the setup; but the offer that completes the round's offers runs the
    reveal, which shows `seat` every other seat's sealed offer: the host must commit that step
    at once (a draft of it would preview the others' offers) and never undo past it."""
    return len(after.history) > len(before.history)


def sealed(s: State, seat: int, decision: Decision) -> bool:
    return decision.kind == "offer"


def auto_answer(s: State, seat: int, policy: str) -> Decision | None:
    return None


# --- the words (engine.core.GameText) -----------------------------------------------------------

post_boundaries = frozenset({"revealed", "game_over"})


def _coins(n: int) -> str:
    return f"{n} coin" if n == 1 else f"{n} coins"


def describe(d: Decision) -> str:
    if d.kind == "offer":
        return f"Offer {_coins(d.args.get('coins', 0))}"
    if d.kind == "take":
        return f"Take {_coins(d.args.get('coins', 0))}"
    if d.kind == "veto":
        return "Veto this take"
    return d.kind


def event_text(e: Event, names: list[str], viewer: int | None) -> str | None:
    if e.private_to is not None and e.private_to != viewer:
        return None
    a = e.args
    if e.template == "round":
        return (f"Round {a['round']} begins: every seat seals an offer (0 to {MAX_OFFER} "
                f"coins); {names[a['opener']]} takes first.")
    if e.template == "sealed":
        return f"{names[a['seat']]} has sealed an offer."
    if e.template == "my_offer":
        return f"You sealed an offer of {_coins(a['coins'])}."
    if e.template == "revealed":
        offers = ", ".join(f"{names[i]} {_coins(o)}" for i, o in enumerate(a["offers"]))
        won = (f"{names[a['winner']]} scores {PRIZE} points (the highest unique offer)"
               if a["winner"] is not None else "no offer is unique: nobody scores")
        return f"Offers revealed (round {a['round']}): {offers} — {won}."
    if e.template == "veto":
        return f"{names[a['seat']]} vetoes {names[a['target']]}'s take."
    if e.template == "took":
        if a["vetoed_by"] is not None:
            return (f"{names[a['seat']]} asks for {_coins(a['asked'])} but gets nothing "
                    f"(vetoed by {names[a['vetoed_by']]}).")
        return f"{names[a['seat']]} takes {_coins(a['got'])}."
    if e.template == "game_over":
        return "The game is over."
    return None


def prompt_text(s: State, prompt: Prompt) -> str:
    if prompt.kind == "offer":
        return f"seal an offer (0 to {MAX_OFFER} coins)"
    if prompt.kind == "take":
        if s.vetoed_by is not None:
            return f"take 1 or 2 coins (vetoed by {s.names[s.vetoed_by]}: the take gives 0)"
        return "take 1 or 2 coins from the bank"
    return prompt.kind


def post_head(v: View) -> str:
    if v.phase == "over":
        return "game over"
    return f"round {v.round}, {'offers' if v.phase == 'offer' else 'takes'}"


def status_head(v: View) -> str:
    return post_head(v)


def scores(v: View) -> list[int]:
    return list(v.scores)


def status_lines(v: View) -> list[str]:
    return [f"{v.coins[i]} coins, {v.scores[i]} points, veto {'ready' if v.veto[i] else 'used'}"
            + (", offer sealed" if v.sealed[i] else "") for i in range(len(v.names))]


def result_lines(res: dict[str, Any], names: list[str]) -> list[str]:
    ranking = sorted(range(len(names)), key=lambda i: -res["scores"][i])
    lines = [f"{place}. {names[i]}: {res['scores'][i]} points"
             for place, i in enumerate(ranking, 1)]
    lines.append("Won by " + ", ".join(names[w] for w in res["winners"]) + ".")
    return lines


def _own_lines(v: View, seat: int) -> list[str]:
    lines = [f"Your coins: {v.coins[seat]} · veto token: {'ready' if v.veto[seat] else 'used'}"]
    if v.offers[seat] is not None:
        lines.append(f"Your sealed offer: {_coins(v.offers[seat])}")
    return lines


def hand_text(v: View, seat: int) -> str:
    return "\n".join(_own_lines(v, seat))


def hand_signature(s: State, seat: int) -> str:
    return repr((s.coins[seat], s.veto[seat], s.offers[seat]))


def panel_lines(v: View, seat: int) -> list[str]:
    standings = " · ".join(f"{name} {p}" for name, p in zip(v.names, v.scores, strict=True))
    return [*_own_lines(v, seat), f"Scores: {standings}"]


def group_key(d: Decision) -> str:
    return d.kind


def menu_title(key: str) -> str:
    return {"offer": "Offers", "take": "Takes", "veto": "Veto"}.get(key, key)
