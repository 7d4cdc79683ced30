"""`agora verify FILE`: check the receipts of a game's sealed choices in a game record.

A game with secret simultaneous choices (Amun-Re's sacrifice) publishes a receipt — a hash of
the sealed choice with a secret nonce — when a seat seals it, and every choice with its nonce at
the reveal. Anyone holding the record (`/<game> export`, public while the game is played) can
recompute them: nothing was changed after it was sealed. A finished game's full record is also
replayed from its seed and decisions, and the replay must publish the same events; a record
played under other rules than this Agora's says so and is not replayed."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from data.i18n import t
from engine import registry
from engine.record import public_events, replay, replayable

from .offline import read_record


def main(args: argparse.Namespace) -> int:
    try:
        text = sys.stdin.read() if args.file == "-" else Path(args.file).read_text("utf-8")
        record = read_record(text)  # a record, or a game `agora play` saved
    except (OSError, ValueError) as exc:
        print(t("bot.verify.unreadable", file=args.file, reason=str(exc)), file=sys.stderr)
        return 2
    rules = registry.rules(record["game"])
    check = getattr(rules, "verify_receipts", None)
    if check is None:
        print(t("bot.verify.no_receipts", game=rules.INFO.name))
        return 0
    events = record.get("public_events", [])
    problems = list(check(events))
    other = replayable(record) if "decisions" in record else None
    if other is not None:  # its receipts are checked; its replay needs its own rules
        print(other)
    elif "decisions" in record:
        try:
            replayed = [e for _, _, _, evs in replay(record) for e in public_events(evs)]
        except ValueError as exc:
            problems.append(str(exc))
        else:
            if replayed != events:
                problems.append(t("bot.verify.replay_differs"))
            problems += check(replayed)
    if problems:
        print(t("bot.verify.bad", count=len(problems)))
        for p in problems:
            print("  " + p)
        return 1
    print(t("bot.verify.ok", events=len(events)))
    return 0
