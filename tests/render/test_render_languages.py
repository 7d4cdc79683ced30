"""Every picture in every language, its words measured against their boxes (issue 10).

Each game's board, close-up and hands are drawn in English, Czech, German and Polish from a few
simulated positions (the start, the middle, late in the game; the fewest and the most seats).
`render.typeface.overflow_audit` notes every text wider than the box it is fitted to (`fit`,
`wrap`), every text wrapped onto more lines than its box holds, and every text drawn past the
picture's edge: none may happen in any language."""

from __future__ import annotations

import pytest

from data.i18n import LANGUAGES
from engine import registry
from render.cli import simulate
from render.typeface import overflow_audit

POSITIONS = (0, 60, 250)  # decisions played before drawing
NAMES_FOR_GAMES = registry.ids()


def _pictures(game: str, state, seats: int, lang: str) -> list[bytes]:
    rules, pictures = registry.rules(game), registry.part(game, "render")
    public = rules.view(state, None)
    out = [pictures.board_png(public, lang)]
    focus = getattr(pictures, "focus_png", None)
    if focus is not None:
        out.append(focus(public, lang) or b"")
    out += [pictures.hand_png(rules.view(state, seat), lang) for seat in range(seats)]
    return out


@pytest.mark.parametrize("game", NAMES_FOR_GAMES)
def test_no_text_overflows_its_box_in_any_language(game: str) -> None:
    info = registry.info(game)
    problems = []
    for seats in sorted({info.min_players, info.max_players}):
        for played in POSITIONS:
            state, _ = simulate(game, seats, 3, played)
            for lang in LANGUAGES:
                with overflow_audit() as found:
                    _pictures(game, state, seats, lang)
                problems += [(lang, seats, played, o.text, o.width, o.room) for o in found]
    assert problems == []


@pytest.mark.parametrize("game", NAMES_FOR_GAMES)
def test_each_language_draws_its_own_words(game: str) -> None:
    """The same position drawn in four languages gives four different boards."""
    state, _ = simulate(game, registry.info(game).max_players, 5, 60)
    view = registry.rules(game).view(state, None)
    boards = {registry.part(game, "render").board_png(view, lang) for lang in LANGUAGES}
    assert len(boards) == len(LANGUAGES)
