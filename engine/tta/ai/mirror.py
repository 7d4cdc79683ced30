"""A state rebuilt from one seat's view, the hidden parts filled neutrally, so that the AI can
try its own options with the real rules without ever touching the real state.

Filled neutrally: the other seats' hands (civil and military) are empty, every deck (civil,
military, events) is empty, the military discards are empty, the agenda holds only the awaited
frame and the RNG is a constant. Everything else is copied from the view, which is public or
the seat's own. Counters the view shows only as derived figures are turned back into the stored
ones (spent actions = total - available)."""

from __future__ import annotations

from typing import Any

from engine.core import copy_json

from ..pacts import refresh
from ..state import Player, State

# Player fields the view does not carry: harmless neutral values (token box balances serve the
# conservation checks only; the leader ages only refuse a second leader of an age, and the AI
# tries only options the real rules listed).
_NEUTRAL = {"leader_ages": [], "temp_ma": 0, "yellow_box": 0, "blue_box": 0, "trail": 0}
_COPIED = ("seat", "name", "colour", "yellow_bank", "blue_bank", "pool", "government",
           "leader", "wonder", "wonder_stages", "science", "culture", "tactic",
           "tactic_exclusive", "tucked", "skip_politics")
_LISTS = ("techs", "wonders", "colonies", "ruins", "turn_used", "once")


def mirror_player(pv: dict[str, Any]) -> Player:
    """A Player from its view entry: its own hand if the view shows it, else an empty one."""
    fields: dict[str, Any] = {k: pv[k] for k in _COPIED}
    fields.update({k: list(pv[k]) for k in _LISTS})
    fields["workers"] = dict(pv["workers"])
    fields["blue"] = dict(pv["blue"])
    fields["hand"] = list(pv.get("hand", []))
    fields["military"] = list(pv.get("military", []))
    fields["taken"] = list(pv.get("taken", []))
    fields["ca_spent"] = pv["civil_total"] - pv["civil_actions"]
    fields["ma_spent"] = pv["military_total"] - pv["military_actions"]
    fields["allowance"] = pv["unit_allowance"]
    fields["resigned"] = pv.get("resigned", False)
    fields["unit_science"] = pv.get("unit_science", 0)
    fields.update(copy_json(_NEUTRAL))
    return Player(**fields)


def mirror_state(view: dict[str, Any]) -> State:
    """The seat's picture of the game as a State the rules can run (see the module docstring)."""
    ages = ("A", "I", "II", "III")
    frame = view["pending"]
    s = State(
        seed=0, rng=1, options=copy_json(view.get("options", {})),  # the same game (F-SETUP-3)
        players=[mirror_player(pv) for pv in view["players"]],
        start=view["start"], round=view["round"], turn=view["turn"], age=view["age"],
        row=list(view["row"]), civil={a: [] for a in ages},
        military_deck={a: [] for a in ages}, military_discard={},
        events=[], future_events=[], past_events=list(view["past_events"]),
        removed=[], tactics_area=list(view["tactics_area"]),
        last_round=view["last_round"], queue=[] if frame is None else [copy_json(frame)],
        result=copy_json(view["result"]), pacts=copy_json(view.get("pacts", [])),
        pact_offer=copy_json(view.get("pact_offer")))
    refresh(s)  # the pacts' figures (F-PACT-17) from the public pacts and wonders
    return s
