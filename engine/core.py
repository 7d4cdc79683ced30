"""The small shared core every game engine uses: decisions, prompts, events, errors and a
seeded random number generator whose whole state is one integer (so it lives in the game state
and serialises to JSON)."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from data.i18n import t

MASK64 = (1 << 64) - 1


class IllegalDecision(Exception):
    """A decision the rules do not allow right now. The message is fit to show a player and
    names the rule; the state it was tried on is unchanged. It is made with `t()` where it is
    raised, so it is in the language of whoever made the decision."""

    def __init__(self, message: str, rule: str | None = None) -> None:
        self.message = message
        self.rule = rule
        super().__init__(f"{message} ({rule})" if rule else message)

    @property
    def text(self) -> str:
        return str(self)


@dataclass
class Decision:
    """One small decision: a kind and its arguments (JSON-compatible values only)."""

    kind: str
    args: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "args": dict(self.args)}

    @classmethod
    def from_json(cls, data: Any) -> Decision:
        if not isinstance(data, dict) or not isinstance(data.get("kind"), str):
            raise IllegalDecision(t("core.err.not_a_decision"))
        args = data.get("args", {})
        if not isinstance(args, dict):
            raise IllegalDecision(t("core.err.not_a_decision"))
        return cls(data["kind"], dict(args))

    def canonical(self) -> str:
        """The decision as compact, key-sorted JSON: the same text in every process (for
        version trails and receipts).

        Every apply computes it (the version trail), so it is made here rather than by
        json.dumps, which cost several times more: the usual shapes (string keys; strings,
        ints, booleans, None and lists of them as values) are written directly, anything else
        goes to json.dumps, and both give the same text (tests/test_core.py compares them).
        Decisions whose values are all strings (a placement, an action, a card) recur all game
        long, so their text is also remembered (_CANONICAL)."""
        kind, args = self.kind, self.args
        try:
            key = (kind, *args.items())
            text = _CANONICAL.get(key)
        except TypeError:  # a list or dict among the values: not hashable, not remembered
            key, text = None, None
        if text is not None:
            return text
        if type(kind) is str:
            parts = []
            plain = True  # every key and value a str: the text may be remembered
            for k in sorted(args):  # not sorted(items()): a non-str key falls back below
                if type(k) is not str:
                    break
                v = args[k]
                # strings and ints (field labels, card ids, counts) inline, the rest by
                # _plain_json
                if type(v) is str:
                    value = _json_str(v)
                else:
                    plain = False
                    value = int.__repr__(v) if type(v) is int else _plain_json(v)
                    if value is None:
                        break
                parts.append(f"{_json_str(k)}:{value}")
            else:
                text = f'{{"args":{{{",".join(parts)}}},"kind":{_json_str(kind)}}}'
                if plain and key is not None:
                    # Only all-string decisions: a value that merely equals another (True and
                    # 1, 1.0 and 1) would find the other's text. The table is cleared when
                    # full, so odd input cannot make it grow without bound.
                    if len(_CANONICAL) >= _CANONICAL_MAX:
                        _CANONICAL.clear()
                    _CANONICAL[key] = text
                return text
        return json.dumps(self.to_json(), sort_keys=True, separators=(",", ":"))

    def key(self) -> tuple:
        args = self.args
        if not args:
            return (self.kind, ())
        # dict keys are unique, so sorting the pairs compares keys only (in C); lists and dicts
        # are frozen into tuples so the key hashes (Amun-Re keys every option it lists)
        items = sorted(args.items())
        for _, v in items:
            if type(v) in (list, dict):
                return (self.kind, tuple((k, _freeze(v)) for k, v in items))
        return (self.kind, tuple(items))

    def __hash__(self) -> int:
        return hash(self.key())


def copy_json(value: Any) -> Any:
    """A deep copy of JSON-shaped data (dicts, lists, tuples and scalars), as
    dataclasses.asdict or copy.deepcopy would make it but without their generic machinery: the
    states' to_json and clone use it for their irregular parts (agenda frames, this turn's
    changes), where a copy per container is all that is needed."""
    kind = type(value)
    if kind is dict:
        return {k: copy_json(v) if type(v) in _NESTED else v for k, v in value.items()}
    if kind is list:
        return [copy_json(v) if type(v) in _NESTED else v for v in value]
    if kind is tuple:
        return tuple(copy_json(v) if type(v) in _NESTED else v for v in value)
    return value


_NESTED = (dict, list, tuple)


# canonical() texts of all-string decisions, by (kind, *args.items())
_CANONICAL: dict[tuple, str] = {}
_CANONICAL_MAX = 4096

# json's own string writer for ensure_ascii=True (json.dumps' default): the same escapes
_json_str = json.encoder.encode_basestring_ascii


def _plain_json(value: Any) -> str | None:
    """`value` as json.dumps writes it, for strings, ints, booleans, None and lists of those;
    None for anything else (the caller then asks json.dumps). Exact types only: json writes a
    subclass of int or str through its own methods, which we leave to json."""
    kind = type(value)
    if kind is str:
        return _json_str(value)
    if kind is int:
        return int.__repr__(value)
    if kind is bool:
        return "true" if value else "false"
    if value is None:
        return "null"
    if kind is list:
        items = []
        for item in value:
            text = _plain_json(item)
            if text is None:
                return None
            items.append(text)
        return f"[{','.join(items)}]"
    return None


def _freeze(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_freeze(v) for v in value)
    if isinstance(value, dict):
        return tuple(sorted((k, _freeze(v)) for k, v in value.items()))
    return value


_NO_ARGS: Any = object()  # Prompt's args not given (None is a value like any other)


@dataclass(frozen=True)
class Prompt:
    """A seat that must decide now, and what kind of decision it is."""

    seat: int
    kind: str
    args: dict[str, Any] = field(default_factory=dict, hash=False, compare=False)

    def __init__(self, seat: int, kind: str, args: Any = _NO_ARGS) -> None:
        # The generated __init__ of a frozen dataclass sets each field through
        # object.__setattr__, which made pending() (asked before every decision) cost twice
        # as much; writing the instance dict directly is what that amounts to.
        fields_ = self.__dict__
        fields_["seat"] = seat
        fields_["kind"] = kind
        fields_["args"] = {} if args is _NO_ARGS else args


@dataclass
class Event:
    """Something that happened, as data: a template id and its arguments. Private events carry
    the seat that may see them (`private_to`); everyone else must never be shown them."""

    template: str
    args: dict[str, Any] = field(default_factory=dict)
    private_to: int | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"template": self.template, "args": self.args}
        if self.private_to is not None:
            out["private_to"] = self.private_to
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Event:
        return cls(data["template"], dict(data.get("args", {})), data.get("private_to"))


@dataclass(frozen=True)
class OptionSpec:
    """One option a game offers at `start`: typed, with a default and a help line. The bot turns
    it into a slash-command parameter, the lobby into words, the engine validates it."""

    name: str
    kind: str  # "bool", "int" or "choice"
    default: Any = None
    help: str = ""
    minimum: int | None = None  # for "int"
    maximum: int | None = None
    choices: tuple[str, ...] = ()  # for "choice"
    in_lobby: bool = True  # offered at `start`; False: for tests and the command line only

    def check(self, value: Any) -> Any:
        """The value as the engine takes it, or IllegalDecision naming the option."""
        if self.kind == "bool":
            if not isinstance(value, bool):
                raise IllegalDecision(t("core.option.bool", name=self.name))
            return value
        if self.kind == "int":
            if type(value) is not int or (
                    (self.minimum is not None and value < self.minimum)
                    or (self.maximum is not None and value > self.maximum)):
                raise IllegalDecision(t("core.option.int", name=self.name, min=self.minimum,
                                        max=self.maximum))
            return value
        if value not in self.choices:
            raise IllegalDecision(t("core.option.choice", name=self.name,
                                    choices=", ".join(self.choices)))
        return value


@dataclass(frozen=True)
class GameInfo:
    """What the host must know of a game before it is played: the registry entry's facts.

    `colours` name a colour for every seat up to `max_players` (seat order); `ai_levels` are the
    AI strengths the game's `ai.choose` understands, strongest last, and `ai_default` the one a
    new AI seat gets unless someone names another (the strongest when unset); `policies` the
    standing answers a seat may set (the first is "ask every time"); `rules_topics` the keys of the
    short rules summaries (`<id>.rules.<topic>` in the game's catalogue); `player_rule` the rule
    that sets the player count (cited when a lobby is full or too small).

    `rules_version` names the rules the engine plays: a new one is due whenever a change would
    make an old game's seed and decisions replay differently (a rule, the order of the RNG's
    draws, what a decision means). Every game and record stores the version it was played
    under, and a record of another version is not replayed under these rules
    (engine/record.py)."""

    id: str
    name: str
    min_players: int
    max_players: int
    colours: tuple[str, ...]
    options: tuple[OptionSpec, ...] = ()
    ai_levels: tuple[str, ...] = ()
    ai_default: str = ""
    policies: tuple[str, ...] = ("ask",)
    rules_topics: tuple[str, ...] = ("overview",)
    player_rule: str | None = None
    turn_rule: str | None = None  # cited when someone acts out of turn
    end_rule: str | None = None  # cited when someone acts after the end
    shared_win_rule: str | None = None  # cited when several seats share the victory
    turn_prompts: tuple[str, ...] = ()  # prompt kinds that begin a seat's own turn
    rules_version: str = "1"  # the rules played (see above); "1" is the first numbered one

    def __post_init__(self) -> None:
        if not 1 <= self.min_players <= self.max_players:
            raise ValueError(f"{self.id}: bad player range")
        if len(self.colours) < self.max_players:
            raise ValueError(f"{self.id}: a colour for each of {self.max_players} seats")
        if self.ai_default and self.ai_default not in self.ai_levels:
            raise ValueError(f"{self.id}: the default AI level is not one of its levels")

    @property
    def default_level(self) -> str:
        """The level of an AI seat nobody chose a level for ("" for a game without AI)."""
        return self.ai_default or (self.ai_levels[-1] if self.ai_levels else "")

    def option(self, name: str) -> OptionSpec | None:
        return next((o for o in self.options if o.name == name), None)

    def with_defaults(self, options: dict[str, Any]) -> dict[str, Any]:
        """A new table's options with the default of every lobby choice written in (Through the
        Ages' `mode`): the game meant when the table was set is stored with it, so a game
        stored before an option existed keeps the engine's older reading of its absence."""
        out = dict(options)
        for o in self.options:
            if o.in_lobby and o.kind == "choice" and o.default is not None:
                out.setdefault(o.name, o.default)
        return out

    def check_options(self, options: dict[str, Any] | None) -> dict[str, Any]:
        """Validated engine options; unknown names are refused with the known ones."""
        opts = dict(options or {})
        unknown = sorted(set(opts) - {o.name for o in self.options})
        if unknown:
            raise IllegalDecision(t("core.option.unknown", count=len(unknown),
                                    names=", ".join(unknown),
                                    known=", ".join(o.name for o in self.options) or "-"))
        return {k: self.option(k).check(v) for k, v in opts.items()}  # type: ignore[union-attr]


@runtime_checkable
class GameRules(Protocol):
    """The contract every game package meets (shared/ARCHITECTURE.md, "The engine contract").
    A rules *module* such as `engine.pantheon` satisfies it with module-level names, so the
    bot, the command line, the AI runner and the renderer host every game the same way.

    - `INFO`: the game's `GameInfo`.
    - `new_game(players, seed, options)`: seeded; the automatic start runs up to the first
      decision. `start_events(state)` gives the events of that start again (the opening post).
    - `pending(state)`: every seat that must decide now, each with its prompt; several when the
      rules have seats choose at once. `options(state, seat)` may also be non-empty for a seat
      that is not pending: the rules let it act out of turn, and the host accepts that at any
      time.
    - `apply(state, seat, decision, in_place=False)`: validates, raises `IllegalDecision`
      (message and rule) and leaves `state` untouched, or returns the new state and its events.
    - `view(state, seat | None)`, `result(state)` (None while playing; else a dict with at
      least `scores` and `winners`, seat-indexed).
    - `dump(state) -> dict` / `load(dict) -> state`: lossless JSON-compatible round trip.
    - `version(state, seat) -> str`: cheap; changes whenever what `seat` may decide changes
      (a prompt built on one version is stale on another). It may ignore other seats'
      secret choices that do not change this seat's options.
    - `reveals(before, after, seat) -> bool`: the step showed `seat` something hidden or used
      chance: the host commits it at once and never undoes past it.
    - `sealed(state, seat, decision) -> bool`: a secret choice, kept sealed until the rules
      reveal it: never described in public, not even by an undo notice.
    - `auto_answer(state, seat, policy) -> Decision | None`: what a standing answer
      (`INFO.policies`) decides for a pending seat now, or None to ask the player.
    """

    INFO: GameInfo

    def new_game(self, players: Any, seed: int, options: dict[str, Any] | None = None) -> Any:
        ...

    def start_events(self, state: Any) -> list[Event]:
        ...

    def pending(self, state: Any) -> list[Prompt]:
        ...

    def options(self, state: Any, seat: int) -> list[Decision]:
        ...

    def apply(self, state: Any, seat: int, decision: Decision, *, in_place: bool = False
              ) -> tuple[Any, list[Event]]:
        ...

    def view(self, state: Any, seat: int | None) -> Any:
        ...

    def result(self, state: Any) -> Any:
        ...

    def dump(self, state: Any) -> dict[str, Any]:
        ...

    def load(self, data: dict[str, Any]) -> Any:
        ...

    def version(self, state: Any, seat: int) -> str:
        ...

    def reveals(self, before: Any, after: Any, seat: int) -> bool:
        ...

    def sealed(self, state: Any, seat: int, decision: Decision) -> bool:
        ...

    def auto_answer(self, state: Any, seat: int, policy: str) -> Decision | None:
        ...


@runtime_checkable
class GameText(Protocol):
    """The words a host needs about a game, all drawn from views and public events (so a
    channel text can never hold a secret). Met by the same rules module as `GameRules`.

    - `describe(decision)`: a button label; `event_text(event, names, viewer)`: one log line,
      None for an event `viewer` may not see.
    - `prompt_text(state, prompt)`: what the prompt asks, in a few words.
    - `post_head(view)`: where the game stands ("epoch 2"), for the turn post's title line;
      `status_head(view)`: the same with a little more, for `/<game> status`.
    - `scores(view)`: seat-indexed points; `result_lines(result, names)`: the final ranking
      (the host adds the winners' line).
    - optional `table_lines(view)`: the public table in a few lines, for the terminal game.
    - optional `parse_notation(state, seat, text)`: typed whole-turn text as decisions.
    - `status_lines(view)`: one line per seat for `/<game> status` (public facts only).
    - `hand_text(view, seat)` and `hand_signature(state, seat)`: a seat's private holdings as
      text, and what changes them (a new hand DM goes out when it changes).
    - `panel_lines(view, seat)`: what a player's private prompt shows besides the options
      (money left, their supply).
    - `group_key(decision)` and `menu_title(key)`: how a long list of options is split into
      select menus, and their titles.
    - `post_boundaries`: event templates that end a channel post even mid-turn.
    """

    post_boundaries: frozenset[str]

    def describe(self, decision: Decision) -> str:
        ...

    def event_text(self, event: Event, names: list[str], viewer: int | None) -> str | None:
        ...

    def prompt_text(self, state: Any, prompt: Prompt) -> str:
        ...

    def post_head(self, view: Any) -> str:
        ...

    def status_head(self, view: Any) -> str:
        ...

    def scores(self, view: Any) -> list[int]:
        ...

    def result_lines(self, result: Any, names: list[str]) -> list[str]:
        ...

    def status_lines(self, view: Any) -> list[str]:
        ...

    def hand_text(self, view: Any, seat: int) -> str:
        ...

    def hand_signature(self, state: Any, seat: int) -> str:
        ...

    def panel_lines(self, view: Any, seat: int) -> list[str]:
        ...

    def group_key(self, decision: Decision) -> str:
        ...

    def menu_title(self, key: str) -> str:
        ...


class Rng:
    """splitmix64: tiny, fast, and its state is a single int we store in the game state."""

    def __init__(self, state: int) -> None:
        self.state = state & MASK64

    def next64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Uniform integer in [0, n) by rejection, so no modulo bias."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def shuffle(self, items: list) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, items: list):
        return items[self.below(len(items))]
