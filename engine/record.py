"""The game record: one JSON file per game, for any registered game, read by `agora replay`
and written by the bot's /export.

    {"format": "agora-record", "version": 2, "game": "pantheon", "title": "...",
     "agora": "0.1.0", "rules": "1",            # the Agora and the game's rules played under
     "status": "playing" | "over" | "abandoned",
     "seats": ["Ann", "Bob"],                   # display names in seat order
     "options": {...},                          # the engine options of new_game
     "public_log": ["Ann's turn.", ...],        # what a spectator saw, one line per event
     "public_events": [{"template": ..., "args": {...}}, ...],  # the same, as data (receipts)
     # only in a full record, which only a finished game has:
     "seed": 7,
     "decisions": [[0, {"kind": "action", "args": {"action": "move"}}], ...],
     "result": {"scores": [...], "winners": [...], ...}}

A *public* record holds nothing a spectator could not see: no seed (whoever knows it can work
out the deck order), no decisions (they include the choices of secret steps), no private event.
A *full* record adds the seed and every decision, so `replay` rebuilds the game exactly with
`rules.new_game(seats, seed, options)` and `rules.apply`: the seed plus the decisions replay to
the identical state (the engine contract).

Every record names the Agora version and the game's rules version it was played under
(`GameInfo.rules_version`; version 1 records, written before versions were named, were played
under rules "1"). A full record replays only under its own rules: `replayable` says clearly
why another version cannot, and `agora replay`/`verify` then show what the record holds as it
was recorded.

Pure: no I/O. The caller reads and writes the text (`load_record`, `dumps_record`). Its
ValueErrors are fit to print (`agora replay`, `agora verify`) and made with `t()` when raised, in
the caller's language."""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from typing import Any

from data.i18n import t
from engine import registry
from engine.core import Decision, Event, IllegalDecision
from engine.version import AGORA_VERSION

FORMAT = "agora-record"
VERSION = 2  # 2: names the Agora and rules versions ("agora", "rules")
FIRST_RULES = "1"  # the rules of a record or game from before rules versions were named
STATUSES = ("playing", "over", "abandoned")
FULL_KEYS = ("seed", "decisions", "result")


# --- the public log ----------------------------------------------------------------------------

def public_lines(game_id: str, events: Iterable[Event | dict[str, Any]], names: list[str]
                 ) -> list[str]:
    """The log lines a spectator sees for these events: the game's `event_text(event, names,
    None)`, skipping events it gives no text for. Events may be `Event`s or their JSON form
    (`Event.to_json()`, as the bot's decision log stores them). An event with `private_to` set
    is left out before the game's text is even asked for."""
    rules = registry.rules(game_id)
    out: list[str] = []
    for raw in events:
        event = raw if isinstance(raw, Event) else Event.from_json(raw)
        if event.private_to is not None:
            continue
        line = rules.event_text(event, names, None)
        if line:
            out.append(line)
    return out


# --- building records ----------------------------------------------------------------------------

def public_record(game_id: str, names: list[str], options: dict[str, Any] | None, status: str,
                  title: str, events_by_entry: Iterable[Iterable[Event | dict[str, Any]]],
                  played: tuple[str | None, str | None] = (None, None)) -> dict[str, Any]:
    """The record of a game anyone may have, at any status.

    - `game_id`: a registered game (`engine.registry.ids()`).
    - `names`: the seats' display names in seat order.
    - `options`: the engine options the game was started with (`new_game`'s third argument).
    - `status`: "playing", "over" or "abandoned".
    - `title`: a free text title (e.g. "Pantheon in #general").
    - `events_by_entry`: the events in the order they happened, one iterable per log entry (for
      the bot: each decision-log row's `events`; pass `rules.start_events(state)` first to have
      the opening in the log). Each event is an `engine.core.Event` or its JSON dict.
    - `played`: (Agora version, rules version) the game was played under; None for each: this
      Agora's and the game's current rules.

    The public log holds one line per public event (`public_lines`). No seed, no decisions, no
    result. Raises ValueError for an unknown game or status."""
    info = _info(game_id)
    if status not in STATUSES:
        raise ValueError(f"status must be one of {', '.join(STATUSES)}, not {status!r}")
    _check_seats(list(names), info)
    log: list[str] = []
    public: list[dict[str, Any]] = []
    for entry in events_by_entry:
        entry = list(entry)
        log += public_lines(game_id, entry, list(names))
        public += public_events(entry)
    return {"format": FORMAT, "version": VERSION, "game": game_id, "title": str(title),
            **_versions(info, played), "status": status, "seats": list(names),
            "options": dict(options or {}), "public_log": log, "public_events": public}


def public_events(events: Iterable[Event | dict[str, Any]]) -> list[dict[str, Any]]:
    """The events as data, private ones left out: what anyone may check (e.g. the receipts of
    sealed choices, which the game's `verify_receipts` recomputes)."""
    out = []
    for raw in events:
        event = raw if isinstance(raw, Event) else Event.from_json(raw)
        if event.private_to is None:
            out.append(_plain(event.to_json()))
    return out


def full_record(game_id: str, names: list[str], options: dict[str, Any] | None, seed: int,
                decisions: Iterable[tuple[int, Decision | dict[str, Any]]], title: str = "",
                agora: str | None = None) -> dict[str, Any]:
    """The complete record of a finished game: the public record (status "over") plus "seed",
    "decisions" ([seat, {"kind", "args"}] pairs) and "result". The game is rebuilt from the seed
    and the decisions to write the public log and the result, so the record is consistent by
    construction (so under this Agora's rules of the game; `agora` names the Agora version it
    was played under, this one by default). Raises ValueError if a decision is illegal or the
    game is not over (an unfinished or abandoned game has a public record only)."""
    info = _info(game_id)
    rules = registry.rules(game_id)
    names = list(names)
    _check_seats(names, info)
    pairs = []
    for i, (seat, d) in enumerate(decisions, 1):
        try:
            pairs.append([seat, (d if isinstance(d, Decision) else Decision.from_json(d)
                                 ).to_json()])
        except IllegalDecision:
            raise ValueError(t("core.record.not_a_decision", i=i, decision=repr(d))) from None
    state = rules.new_game(names, seed, dict(options or {}))
    log = public_lines(game_id, rules.start_events(state), names)
    public = public_events(rules.start_events(state))
    for i, (seat, dj) in enumerate(pairs, 1):
        try:
            state, events = rules.apply(state, seat, Decision.from_json(dj), in_place=True)
        except IllegalDecision as exc:
            raise ValueError(_illegal(i, len(pairs), seat, names, dj, exc)) from None
        log += public_lines(game_id, events, names)
        public += public_events(events)
    res = rules.result(state)
    if res is None:
        raise ValueError(t("core.record.not_over"))
    return {"format": FORMAT, "version": VERSION, "game": game_id, "title": str(title),
            **_versions(info, (agora, None)), "status": "over", "seats": names,
            "options": dict(options or {}), "public_log": log, "public_events": public,
            "seed": seed, "decisions": pairs, "result": _plain(res)}


def stored_record(game_id: str, names: list[str], options: dict[str, Any] | None, seed: int,
                  decisions: Iterable[tuple[int, dict[str, Any]]],
                  events_by_entry: Iterable[Iterable[Event | dict[str, Any]]],
                  result: dict[str, Any], played: tuple[str | None, str | None],
                  title: str = "") -> dict[str, Any]:
    """The complete record of a finished game played under other rules than these, made from
    what was stored as it happened (the events, the decisions, the result) instead of a replay,
    which these rules could not make. `played` names the Agora and rules versions it was
    played under; `replayable` tells its reader that it replays only under those."""
    record = public_record(game_id, names, options, "over", title, events_by_entry, played)
    record |= {"seed": seed, "decisions": [[seat, dict(d)] for seat, d in decisions],
               "result": _plain(result)}
    return check_record(record)


def played_under(record: dict[str, Any]) -> tuple[str | None, str]:
    """(Agora version, rules version) a record was played under: a version 1 record names
    neither (its Agora is unknown, its rules the first numbered ones)."""
    return record.get("agora"), record.get("rules", FIRST_RULES)


def replayable(record: dict[str, Any]) -> str | None:
    """None when this Agora can replay the record's decisions (its game's rules are the ones
    it was played under); else why not, in words fit to print."""
    agora, rules = played_under(record)
    info = registry.info(record["game"])
    if rules == info.rules_version:
        return None
    return t("core.record.other_rules", game=info.name, rules=rules,
             agora=agora or t("core.record.agora_unknown"), current=info.rules_version,
             version=AGORA_VERSION)


def dumps_record(record: dict[str, Any]) -> str:
    """The record as JSON text: one top-level key per line, one decision or log line per line
    (readable, and small diffs)."""
    parts = []
    for key, value in record.items():
        if isinstance(value, list) and value:
            inner = ",\n  ".join(json.dumps(v, ensure_ascii=False) for v in value)
            parts.append(f"{json.dumps(key)}: [\n  {inner}\n ]")
        else:
            parts.append(f"{json.dumps(key)}: {json.dumps(value, ensure_ascii=False)}")
    return "{\n " + ",\n ".join(parts) + "\n}\n"


# --- reading records -----------------------------------------------------------------------------

def load_record(text: str | bytes) -> dict[str, Any]:
    """Parse and check a record's JSON text; ValueError with a message fit to print otherwise
    (not JSON, not an Agora record, a newer version, an unknown game, bad seats, options, log
    or decisions). Returns the record as a dict."""
    try:
        data = json.loads(text)
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ValueError(t("core.record.not_json", error=str(exc))) from None
    return check_record(data)


def check_record(data: Any) -> dict[str, Any]:
    """The checks of `load_record` on an already parsed record."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError(t("core.record.not_a_record", format=FORMAT))
    version = data.get("version")
    if type(version) is not int or version < 1:
        raise ValueError(t("core.record.no_version"))
    if version > VERSION:
        raise ValueError(t("core.record.newer_version", version=version, reads=VERSION))
    game = data.get("game")
    if not isinstance(game, str) or game not in registry.ids():
        raise ValueError(t("core.record.unknown_game", game=repr(game),
                           games=", ".join(registry.ids())))
    info = _info(game)
    seats = data.get("seats")
    if not isinstance(seats, list) or not all(isinstance(s, str) for s in seats):
        raise ValueError(t("core.record.bad_seats"))
    _check_seats(seats, info)
    if data.get("status") not in STATUSES:
        raise ValueError(t("core.record.bad_status", statuses=", ".join(STATUSES)))
    if not isinstance(data.get("title", ""), str):
        raise ValueError(t("core.record.bad_title"))
    if not all(isinstance(data.get(k, ""), str) for k in ("agora", "rules")):
        raise ValueError(t("core.record.bad_versions"))
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise ValueError(t("core.record.bad_options_type"))
    try:
        info.check_options(options)
    except IllegalDecision as exc:
        raise ValueError(t("core.record.bad_options", error=str(exc))) from None
    log = data.get("public_log")
    if not isinstance(log, list) or not all(isinstance(x, str) for x in log):
        raise ValueError(t("core.record.bad_log"))
    events = data.get("public_events", [])
    if not isinstance(events, list) or not all(
            isinstance(e, dict) and isinstance(e.get("template"), str)
            and e.get("private_to") is None for e in events):
        raise ValueError(t("core.record.bad_events"))
    present = [k for k in FULL_KEYS if k in data]
    if present:
        _check_full(data, present, len(seats))
    return dict(data)


def _check_full(data: dict[str, Any], present: list[str], n: int) -> None:
    missing = [k for k in FULL_KEYS if k not in present]
    if missing:
        raise ValueError(t("core.record.full_missing", needs=", ".join(FULL_KEYS),
                           missing=", ".join(missing)))
    if data["status"] != "over":
        raise ValueError(t("core.record.full_not_over"))
    if type(data["seed"]) is not int:
        raise ValueError(t("core.record.bad_seed"))
    decisions = data["decisions"]
    if not isinstance(decisions, list):
        raise ValueError(t("core.record.bad_decisions"))
    for i, pair in enumerate(decisions, 1):
        if (not isinstance(pair, list) or len(pair) != 2 or type(pair[0]) is not int
                or not isinstance(pair[1], dict)):
            raise ValueError(t("core.record.bad_pair", i=i))
        if not 0 <= pair[0] < n:
            raise ValueError(t("core.record.bad_seat", i=i, seat=pair[0], count=n))
        d = pair[1]
        if (not isinstance(d.get("kind"), str) or not isinstance(d.get("args", {}), dict)
                or set(d) - {"kind", "args"}):
            raise ValueError(t("core.record.bad_decision", i=i))
    res = data["result"]
    if not isinstance(res, dict) or not isinstance(res.get("scores"), list) \
            or not isinstance(res.get("winners"), list):
        raise ValueError(t("core.record.bad_result"))


def replay(record: dict[str, Any]) -> Iterator[tuple[Any, int | None, Decision | None,
                                                    list[Event]]]:
    """Rebuild a full record's game: yields (state, seat, decision, events), first the start
    (`seat` and `decision` None, the events of `rules.start_events`), then one item per
    decision with the state after it. Every yielded state is a separate object (it may be
    kept). ValueError, with the decision's number, when the record is not a valid full record,
    a decision is illegal (the record does not belong to this version of the rules), the
    decisions end before the game does, or the game ends with another result than recorded;
    at once when the record names other rules than this Agora's (`replayable`)."""
    record = check_record(record)
    if "decisions" not in record:
        raise ValueError(t("core.record.public_only"))
    other = replayable(record)
    if other is not None:
        raise ValueError(other)
    game, names = record["game"], list(record["seats"])
    rules = registry.rules(game)
    try:
        state = rules.new_game(names, record["seed"], dict(record.get("options", {})))
    except IllegalDecision as exc:
        raise ValueError(t("core.record.no_setup", error=str(exc))) from None
    yield state, None, None, rules.start_events(state)
    decisions = record["decisions"]
    for i, (seat, dj) in enumerate(decisions, 1):
        decision = Decision.from_json(dj)
        try:
            state, events = rules.apply(state, seat, decision)
        except IllegalDecision as exc:
            raise ValueError(_illegal(i, len(decisions), seat, names, dj, exc)) from None
        yield state, seat, decision, events
    res = rules.result(state)
    if res is None:
        raise ValueError(t("core.record.too_short", count=len(decisions)))
    if _plain(res) != _plain(record["result"]):
        raise ValueError(t("core.record.other_result"))


# --- helpers ------------------------------------------------------------------------------------

def _versions(info: Any, played: tuple[str | None, str | None]) -> dict[str, str]:
    """The record's "agora" and "rules" keys: what the game was played under (`played`),
    this Agora and the game's current rules where it does not say."""
    agora, rules = played
    return {"agora": agora or AGORA_VERSION, "rules": rules or info.rules_version}


def _info(game_id: str) -> Any:
    if game_id not in registry.ids():
        raise ValueError(t("core.record.unknown_game", game=repr(game_id),
                           games=", ".join(registry.ids())))
    return registry.info(game_id)


def _check_seats(names: list[str], info: Any) -> None:
    if not info.min_players <= len(names) <= info.max_players:
        raise ValueError(t("core.record.players", game=info.name, min=info.min_players,
                           max=info.max_players, count=len(names)))


def _illegal(i: int, n: int, seat: int, names: list[str], dj: dict[str, Any],
             exc: IllegalDecision) -> str:
    who = names[seat] if 0 <= seat < len(names) else t("core.record.seat", seat=seat)
    return t("core.record.illegal", i=i, n=n, who=who, kind=repr(dj.get("kind")), error=str(exc))


def _plain(value: Any) -> Any:
    """The JSON form of a value (tuples become lists), for comparing with a loaded record."""
    return json.loads(json.dumps(value))
