"""The prompt's components stay within Discord's limits (5 rows, 5 buttons a row, 25 options a
menu, custom_id <= 100 characters), every option stays reachable, and the slash commands'
helpers pick the right options and notation."""

from __future__ import annotations

import re

import pytest

from bot.discord.components import Buttons, option_layout
from bot.games.pantheon import in_family, notation_text
from bot.host.kinds import kind
from bot.host.turns import Panel, Table
from bot.store import GameRow, SeatRow
from engine.core import Decision
from engine.pantheon import new_game, options, pending

BUTTONS = Buttons()


def panel_with(opts: list[Decision], steps: list[Decision] | None = None) -> Panel:
    state = new_game(3, 11)
    game = GameRow(id=123456, game="pantheon", guild_id=1, channel_id=2, host_id=3,
                   status="playing", options={}, seed=11, revision=9, decisions=0, posted=0,
                   last_activity=0.0, turn_message=None, created_at=0.0, awaited=[0])
    seats = [SeatRow(game.id, i, 10 + i, f"p{i}") for i in range(3)]
    seat = pending(state)[0].seat
    return Panel(Table(game, seats, state), seat, steps or [], state, opts,
                 kind("pantheon").token(state, seat))


@pytest.mark.parametrize("count", [2, 20, 21, 51, 99, 130])
def test_every_option_is_reachable_within_discord_limits(count):
    opts = [Decision("place", {"piece": "foot" if i % 3 else "column", "field": f"F{i}"})
            for i in range(count)] + [Decision("stop")]
    panel = panel_with(opts)
    reachable: set[int] = set()
    page, pages_seen = 0, set()
    while page not in pages_seen:
        pages_seen.add(page)
        view = BUTTONS.panel_view(panel, page)
        assert len(view.children) <= 25
        comps = view.to_components()
        assert len(comps) <= 5
        more = None
        for row in comps:
            inner = row["components"]
            assert len(inner) <= 5
            for c in inner:
                assert len(c["custom_id"]) <= 100
                if c["type"] == 3:  # a select menu
                    assert len(c["options"]) <= 25 and len(inner) == 1
                    reachable |= {int(o["value"]) for o in c["options"]}
                elif c["custom_id"].startswith("ag:o:"):
                    reachable.add(int(c["custom_id"].rsplit(":", 1)[1]))
                    assert len(c["label"]) <= 80
                elif c["custom_id"].startswith("ag:m:"):
                    more = int(c["custom_id"].rsplit(":", 1)[1])
        if more is None:
            break
        page = more
    assert reachable == set(range(len(opts)))


def test_small_prompts_are_buttons_and_big_groups_become_menus():
    rows, menus = option_layout(kind("pantheon"), [Decision("action", {"action": a})
                                 for a in ("move", "buy", "god", "draw")])
    assert len(rows) == 1 and menus == []
    opts = [Decision("place", {"piece": "foot", "field": f"F{i}"}) for i in range(30)]
    opts += [Decision("stop")]
    rows, menus = option_layout(kind("pantheon"), opts)
    assert [d.kind for row in rows for _, d in row] == ["stop"]
    assert [len(items) for _, items in menus] == [25, 5]


def test_confirm_only_when_the_part_is_complete():
    state = new_game(3, 11)
    seat = pending(state)[0].seat
    first = options(state, seat)[0]
    partial = panel_with(options(state, seat), steps=[first])
    ids = [c.custom_id for c in BUTTONS.panel_view(partial).children]
    assert any(i.startswith("ag:u:") for i in ids) and not any(i.startswith("ag:c:") for i in ids)


def test_custom_ids_match_their_templates():
    panel = panel_with([Decision("stop"), Decision("done")])
    for item in BUTTONS.panel_view(panel).children:
        assert any(re.fullmatch(cls.__discord_ui_compiled_template__, item.custom_id)
                   for cls in BUTTONS.items)
        assert ":123456:" in item.custom_id  # the game id travels with every button


def test_slash_families_and_notation():
    assert in_family(Decision("action", {"action": "move"}), "action", "move")
    assert not in_family(Decision("action", {"action": "buy"}), "action", "move")
    assert in_family(Decision("follow_draw"), "move_cards", "draw")
    assert in_family(Decision("place", {"piece": "foot", "field": "F1"}), "buy", "buy")
    assert not in_family(Decision("place", {"piece": "foot", "field": "F1"}), "buy", "move")
    assert in_family(Decision("gallia", {"choice": "draw"}), "gallia", "any")
    assert notation_text("move", "2: F12 F13") == "move 2: F12 F13"
    assert notation_text("move", "move 2: F12") == "move 2: F12"
    assert notation_text("draw", "deck") == "draw deck"
    assert notation_text("any", "gallia draw") == "gallia draw"
    assert notation_text("buy", "done") == "done"


def test_every_view_is_built_from_the_classes_that_answer_its_clicks():
    """discord.py registers anew the class of every item in a view it sends: a view built from
    the module's unbound classes would replace the bound ones, and a click would find no one
    to answer it. Each Buttons builds its views from its own bound classes, and two bots in one
    process (tests, the cluster benchmark) keep theirs apart."""
    class Answers:
        pass

    mine, theirs = Buttons(), Buttons()
    answer = Answers()
    mine.answer_with(answer)  # type: ignore[arg-type]
    views = [mine.panel_view(panel_with([Decision("stop")], steps=[Decision("done")])),
             mine.turn_view(1, 2, "Take your turn"), mine.abandon_view(1, 3)]
    for view in views:
        for item in view.children:
            assert type(item) in mine.items and type(item).clicks is answer
    assert not set(mine.items) & set(theirs.items)
    assert not any(hasattr(cls, "clicks") for cls in theirs.items)

