"""The small shared core every game engine uses: decisions, prompts, events, errors and a
seeded random number generator whose whole state is one integer (so it lives in the game state
and serialises to JSON)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

MASK64 = (1 << 64) - 1


class IllegalDecision(Exception):
    """A decision the rules do not allow right now. The message is fit to show a player and
    names the rule; the state it was tried on is unchanged."""

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
            raise IllegalDecision("That is not a decision this game understands.")
        args = data.get("args", {})
        if not isinstance(args, dict):
            raise IllegalDecision("That is not a decision this game understands.")
        return cls(data["kind"], dict(args))

    def key(self) -> tuple:
        return (self.kind, tuple(sorted((k, _freeze(v)) for k, v in self.args.items())))

    def __hash__(self) -> int:
        return hash(self.key())


def _freeze(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_freeze(v) for v in value)
    if isinstance(value, dict):
        return tuple(sorted((k, _freeze(v)) for k, v in value.items()))
    return value


@dataclass(frozen=True)
class Prompt:
    """A seat that must decide now, and what kind of decision it is."""

    seat: int
    kind: str
    args: dict[str, Any] = field(default_factory=dict, hash=False, compare=False)


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


@runtime_checkable
class GameRules(Protocol):
    """The contract every game package meets (shared/ARCHITECTURE.md, "The engine contract").
    A rules *module* such as `engine.pantheon` satisfies it with module-level functions, so the
    bot and the AI can host any game the same way."""

    def new_game(self, players: Any, seed: int, options: dict[str, Any] | None = None) -> Any:
        ...

    def pending(self, state: Any) -> list[Prompt]:
        ...

    def options(self, state: Any, seat: int) -> list[Decision]:
        ...

    def apply(self, state: Any, seat: int, decision: Decision) -> tuple[Any, list[Event]]:
        ...

    def view(self, state: Any, seat: int | None) -> Any:
        ...

    def result(self, state: Any) -> Any:
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
