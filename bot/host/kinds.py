"""The host's handle on a registered game: its facts, rules and words, its pictures, its AI and
its command module, all found through engine.registry. No host module names a game; each asks
`kind(table.game.game)` for the game at hand."""

from __future__ import annotations

import secrets
import zlib
from dataclasses import dataclass
from functools import cache
from types import ModuleType
from typing import Any

from data.i18n import language, t
from engine import registry
from engine.core import Decision, GameInfo

STATE_MEMO = 256  # states whose options and version stamps are remembered (Kind.version)


class _PerState:
    """Answers about a state object, remembered while the host holds that state: the host
    never changes a state in place (bot.host.turns: the rules' apply is pure). Each entry holds its
    state, so the state's id cannot pass to another state while the entry lives."""

    def __init__(self) -> None:
        self._memo: dict[tuple[int, int], tuple[Any, Any]] = {}

    def get(self, state: Any, seat: int, compute: Any) -> Any:
        key = (id(state), seat)
        memo = self._memo.get(key)
        if memo is not None and memo[0] is state:
            return memo[1]
        value = compute(state, seat)
        if len(self._memo) >= STATE_MEMO:
            self._memo.clear()
        self._memo[key] = (state, value)
        return value


_VERSIONS = _PerState()
_OPTIONS = _PerState()
_NOTES = _PerState()


@dataclass(frozen=True)
class Kind:
    id: str
    rules: Any  # the rules module: engine.core.GameRules + GameText

    @property
    def info(self) -> GameInfo:
        return self.rules.INFO

    @property
    def name(self) -> str:
        return self.info.name

    @property
    def commands(self) -> ModuleType:
        """The game's command module (bot.host.verbs describes it)."""
        return registry.part(self.id, "commands")

    def board_png(self, view: Any) -> bytes:
        return registry.part(self.id, "render").board_png(view, language())

    def hand_png(self, view: Any) -> bytes:
        return registry.part(self.id, "render").hand_png(view, language())

    def focus_png(self, view: Any) -> bytes | None:
        """The optional close-up of the last turn (`render.<id>.focus_png`), or None."""
        focus = getattr(registry.part(self.id, "render"), "focus_png", None)
        return focus(view, language()) if focus is not None else None

    def extra_pngs(self, view: Any) -> list[tuple[str, bytes]]:
        """More public pictures for the channel post beside the board, as (file name, bytes):
        the optional `render.<id>.extra_pngs(view, locale)` (e.g. one board per player), or
        none."""
        fn = getattr(registry.part(self.id, "render"), "extra_pngs", None)
        return list(fn(view, language())) if fn is not None else []

    @property
    def has_lookup(self) -> bool:
        """Whether the game looks up its pieces by name (the optional GameText hooks
        `lookup_names`, `lookup_find`, `lookup_text`): `/<game> rules card:`."""
        return hasattr(self.rules, "lookup_names")

    def lookup_names(self) -> list[tuple[str, str]]:
        """Every piece the lookup knows, as (value, label) in the context language."""
        return list(self.rules.lookup_names(language()))

    def lookup_find(self, text: str) -> list[str]:
        """The values of the pieces `text` names (none, one, or several to choose from)."""
        return list(self.rules.lookup_find(text, language()))

    def lookup_text(self, value: str) -> str:
        return str(self.rules.lookup_text(value, language()))

    def lookup_png(self, value: str) -> bytes | None:
        """The piece drawn large (the optional `render.<id>.lookup_png(value, locale)`)."""
        fn = getattr(registry.part(self.id, "render"), "lookup_png", None)
        return fn(value, language()) if fn is not None else None

    def turn_preview(self, state: Any, seat: int) -> list[str]:
        """What ending the seat's turn now would bring, for its private prompt (the optional
        GameText hook `turn_preview(state, seat)` on its draft state), or nothing."""
        fn = getattr(self.rules, "turn_preview", None)
        return list(fn(state, seat)) if fn is not None else []

    def digest_lines(self, events: list[dict[str, Any]], names: list[str], seat: int
                     ) -> list[str]:
        """What happened since `seat`'s last turn, from public events (the optional rules hook
        `digest_lines`), or nothing."""
        fn = getattr(self.rules, "digest_lines", None)
        return list(fn(events, names, seat)) if fn is not None else []

    def digest_png(self, view: Any, events: list[dict[str, Any]], seat: int) -> bytes | None:
        """The public board with every change since `seat`'s last turn ringed (the optional
        `render.<id>.digest_png`), or None."""
        fn = getattr(registry.part(self.id, "render"), "digest_png", None)
        return fn(view, events, seat, language()) if fn is not None else None

    def replay_files(self, record: dict[str, Any]) -> list[tuple[str, bytes]]:
        """A finished game's pictures for its final post, as (file name, bytes): the optional
        `render.<id>.replay_files(record)` of its full record (engine.record), or none."""
        fn = getattr(registry.part(self.id, "render"), "replay_files", None)
        return list(fn(record, language())) if fn is not None else []

    def pass_decision(self, state: Any, seat: int) -> Decision | None:
        """The rules' pass for `seat` now (the optional rules hook `pass_decision`: the option
        that gives up the decision, such as ending a turn or declining), or None where the
        game has no pass."""
        fn = getattr(self.rules, "pass_decision", None)
        return fn(state, seat) if fn is not None else None

    def own_prompt_text(self, state: Any, prompt: Any) -> str:
        """What the prompt asks, as its own seat reads it in the private prompt (the optional
        rules hook `own_prompt_text`: it may name what only that seat sees, such as an offer
        made to it); else the public words of `prompt_text`."""
        fn = getattr(self.rules, "own_prompt_text", None) or self.rules.prompt_text
        return fn(state, prompt)

    def ai_choose(self, state: Any, seat: int, level: str, rng: Any) -> Decision:
        return registry.part(self.id, "ai").choose(state, seat, level, rng)

    def reveal_note(self, state: Any, seat: int) -> str | None:
        """The game's line for a prompt whose next step reveals hidden information (the
        optional GameText hook `reveal_note`), so the player knows before the click that it
        is committed at once, with no Confirm and no undo. Remembered per state."""
        hook = getattr(self.rules, "reveal_note", None)
        return None if hook is None else _NOTES.get(state, seat, hook)

    def salted(self, state: Any, seat: int, d: Decision) -> Decision:
        """`d` as it enters the game: a game with sealed choices and receipts (the optional
        rules hook `salt`) gets fresh randomness for each sealing decision, drawn here, once,
        when the decision is made. The decision carries it into the draft, the log and every
        replay; a seal taken back and made again gets new randomness (README, "Receipts")."""
        hook = getattr(self.rules, "salt", None)
        return d if hook is None else hook(state, seat, d, secrets.token_hex(16))

    def t(self, key: str, **args: Any) -> str:
        """A host text about this game: `{cmd}` is its slash command, `{game}` its name."""
        return t(key, cmd=self.id, game=self.name, **args)

    def colour(self, seat: int) -> str:
        """A seat's colour as words (seat order, GameInfo.colours)."""
        return t(f"colour.{self.info.colours[seat]}")

    def version(self, state: Any, seat: int) -> str:
        """The rules' `version(state, seat)`, remembered for that state object: one click asks
        it several times (the panel, the confirmation, the hand), and a game's stamp may list
        every option of the seat (Amun-Re, Through the Ages)."""
        return _VERSIONS.get(state, seat, self.rules.version)

    def options(self, state: Any, seat: int) -> list[Decision]:
        """The rules' `options(state, seat)`, remembered for that state object (a click shows
        the panel, then checks the chosen option against the same panel): a new list each
        time; the decisions in it are shared and never changed."""
        return list(_OPTIONS.get(state, seat, self.rules.options))

    def token(self, state: Any, seat: int) -> str:
        """The 8-hex stamp a prompt's buttons carry: valid only while the game's version of
        what this seat may decide is unchanged."""
        return f"{zlib.crc32(self.version(state, seat).encode()):08x}"

    def awaited(self, state: Any) -> list[int]:
        return sorted({p.seat for p in self.rules.pending(state)})


@cache
def kind(game_id: str) -> Kind:
    return Kind(game_id, registry.rules(game_id))


def kinds() -> list[Kind]:
    return [kind(g) for g in registry.ids()]
