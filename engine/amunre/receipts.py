"""Commit-reveal receipts for the secret choices (the sacrifice of phase 4, A-SAC-3/5; the bonus
choice of phase 6, A-DEC-6).

When a seat seals its choice, a PUBLIC event carries `receipt` = sha256 of the canonical JSON of
{round, what, seat, choice, nonce} (README.md, "Receipts", gives the exact bytes). The reveal
event publishes every sealed choice with its nonce, so anyone can recompute the receipts:
`verify_receipts(events)`.

The nonce is fresh randomness for every seal: the host draws 128 bits and hands them to the
sealing decision (`salt`, the optional GameRules hook), so the decision and its replay carry it.
A seal taken back with undo and sealed again gets a new nonce, and the nonce published at the
reveal never opens the withdrawn receipt. A decision without one (the engine alone: simulations,
tests) falls back to a nonce derived from the game's secret key (drawn from the seeded RNG at
setup, never in a view); such a game has no undo to hide."""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterable
from typing import Any

from data.i18n import t
from engine.agenda import current
from engine.core import Decision, Event

SHORT = 16  # hex characters shown in texts; events keep the full 64
NONCE = re.compile(r"[0-9a-f]{32}")  # 128 bits, as the host draws them (secrets.token_hex(16))


def nonce(secret: str, round_no: int, what: str, seat: int) -> str:
    """The fallback nonce of a seal made without the host's randomness: 128 bits, deterministic,
    unguessable without the game's secret key."""
    return hashlib.sha256(f"{secret}:{round_no}:{what}:{seat}".encode()).hexdigest()[:32]


def sealing(s: Any, seat: int, decision: Decision) -> bool:
    """Does this decision seal a secret choice (and so take a nonce)? The sacrifice (A-SAC-3)
    and the "done" that closes the phase-6 choice (A-DEC-6)."""
    if decision.kind == "sacrifice":
        return True
    frame = current(s)
    return (decision.kind == "done" and frame is not None and frame["t"] == "bonus"
            and seat in frame["seats"])


def reveal_note(s: Any, seat: int) -> str | None:
    """The GameText hook `reveal_note`: the last seat to seal reveals every choice at once, so
    the host commits its seal as soon as it is chosen, with no Confirm and no undo; its prompt
    says so before the click."""
    frame = current(s)
    if frame is None or frame.get("seats") != [seat] or frame["t"] not in ("sacrifice", "bonus"):
        return None
    return t(f"amunre.note.last_{frame['t']}")


def salt(s: Any, seat: int, decision: Decision, entropy: str) -> Decision:
    """The GameRules hook `salt`: the sealing decision carrying the host's fresh randomness as
    its nonce; any other decision as it is."""
    if not sealing(s, seat, decision):
        return decision
    return Decision(decision.kind, {**decision.args, "nonce": entropy})


def given(d: Decision) -> str | None:
    """The nonce a sealing decision carries, None if it carries none; anything else than 32
    lower-case hex digits is refused by the caller as a malformed decision."""
    if "nonce" not in d.args:
        return None
    value = d.args["nonce"]
    if not isinstance(value, str) or not NONCE.fullmatch(value):
        raise ValueError("malformed nonce")
    return value


def canonical(round_no: int, what: str, seat: int, choice: dict[str, Any], nonce_hex: str) -> str:
    return json.dumps({"round": round_no, "what": what, "seat": seat, "choice": choice,
                       "nonce": nonce_hex}, sort_keys=True, separators=(",", ":"))


def receipt(round_no: int, what: str, seat: int, choice: dict[str, Any], nonce_hex: str) -> str:
    return hashlib.sha256(canonical(round_no, what, seat, choice, nonce_hex).encode()).hexdigest()


def _as_dict(e: Event | dict[str, Any]) -> dict[str, Any]:
    return e.to_json() if isinstance(e, Event) else e


def _subject(key: tuple[Any, Any, Any]) -> str:
    """The sealed choice a problem is about, in words: "the sacrifice of seat 2 in round 3"."""
    round_no, what, seat = key
    shown = seat + 1 if type(seat) is int else seat
    name = f"amunre.verify.subject_{what}"
    if what in ("sacrifice", "bonus"):
        return t(name, seat=shown, round=round_no)
    return t("amunre.verify.subject_unknown", what=repr(what), seat=shown, round=round_no)


def verify_receipts(events: Iterable[Event | dict[str, Any]]) -> list[str]:
    """Every problem with the receipts in a public event log (empty: all good).

    Checks: each opened choice has exactly one earlier receipt for the same (round, what, seat),
    and the receipt is the sha256 of the opened choice with its nonce. A receipt not yet opened
    is not a problem (the log may end before the reveal). Private events are ignored. The
    problems are worded for people (`agora verify`, `/amunre verify`), in the current language."""
    problems: list[str] = []
    sealed: dict[tuple[int, str, int], str] = {}
    for raw in events:
        e = _as_dict(raw)
        if e.get("private_to") is not None:
            continue
        args = e.get("args", {})
        if e.get("template") == "sealed" and "receipt" in args:
            key = (args.get("round"), args.get("what"), args.get("seat"))
            if key in sealed:
                problems.append(t("amunre.verify.twice", subject=_subject(key)))
            sealed[key] = args["receipt"]
        for opened in args.get("opened", []) if isinstance(args.get("opened"), list) else []:
            key = (opened.get("round"), opened.get("what"), opened.get("seat"))
            want = sealed.pop(key, None)
            if want is None:
                problems.append(t("amunre.verify.no_receipt", subject=_subject(key)))
                continue
            got = receipt(opened["round"], opened["what"], opened["seat"], opened["choice"],
                          opened["nonce"])
            if got != want:
                problems.append(t("amunre.verify.mismatch", subject=_subject(key),
                                  sealed=want[:SHORT], opened=got[:SHORT]))
    return problems
