"""Commit-reveal receipts for the secret choices (the sacrifice of phase 4, A-SAC-3/5; the bonus
choice of phase 6, A-DEC-6).

When a seat seals its choice, a PUBLIC event carries `receipt` = sha256 of the canonical JSON of
{round, what, seat, choice, nonce}. The nonce is derived from the game's secret key (drawn from
the seeded RNG at setup and never shown in any view), so a replay from the seed reproduces it but
no seat can compute it from public information. The reveal event publishes every choice with its
nonce, so anyone can recompute the receipts: `verify_receipts(events)`."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from typing import Any

from data.i18n import t
from engine.core import Event

SHORT = 16  # hex characters shown in texts; events keep the full 64


def nonce(secret: str, round_no: int, what: str, seat: int) -> str:
    """The seat's nonce for one secret choice: 128 bits, deterministic, unguessable without the
    game's secret key."""
    return hashlib.sha256(f"{secret}:{round_no}:{what}:{seat}".encode()).hexdigest()[:32]


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
