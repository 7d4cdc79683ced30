"""Words for attacks and resignation in en/cs/de/pl (F-AGGR, F-WAR, F-RES; G-ASYNC-7/8/11):
every new decision's label names its card (and target), every event the attacks emit has a
log line in every language, and the channel never reads a defender's discarded cards."""

from __future__ import annotations

import re

import pytest
from tta_full_helpers import armed, full
from tta_helpers import play

import engine.tta as T
from engine.core import Decision, Event, Prompt
from engine.tta import text as X

LANGUAGES = ("en", "cs", "de", "pl")
LEFTOVER = re.compile(r"\{[a-z_]+\}|tta\.")

LABELS = [
    Decision("aggression", {"card": "raid_i", "target": 1, "name": "Bob", "cost": 2}),
    Decision("war", {"card": "war_over_culture_iii", "target": 2, "name": "Carol", "cost": 3}),
    Decision("bonus", {"card": "defense_colonization_ii", "defence": 4}),
    Decision("discard", {"card": "raid_i", "defence": 1}),
    Decision("done", {"defence": True}),
    Decision("plunder", {"food": 2, "resources": 3}),
    Decision("raid", {"cards": ["theology_i", "philosophy_a"]}),
    Decision("annex", {"card": "historic_territory_i"}),
    Decision("infiltrate", {"card": "christopher_columbus_i"}),
    Decision("steal", {"card": "warfare_i", "cost": 5}),
    Decision("science", {"amount": 3}),
    Decision("resign", {}),
    Decision("resign_confirm", {}),
    Decision("back", {}),
]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_new_label_has_words(lang: str) -> None:
    """Labels name the card and target, at most 80 characters, no placeholder left."""
    for d in LABELS:
        text = X.describe(d, lang)
        assert text and not LEFTOVER.search(text) and len(text) <= 80, (d, text)
        if "name" in d.args:
            assert d.args["name"] in text
    for d in LABELS[:3]:
        assert X.describe(d, lang) != X.describe(d, "en") or lang == "en"


def test_english_labels_read_as_the_brief_says() -> None:
    assert X.describe(LABELS[0]) == "Play Raid I against Bob (2 military actions)"
    assert X.describe(LABELS[1]) == "Declare War over Culture on Carol (3 military actions)"
    assert X.describe(LABELS[2]) == "Defend with Defense / Colonization II (+4)"
    assert X.describe(LABELS[3]) == "Discard Raid I face down (+1)"
    assert X.describe(LABELS[11]) == "Resign" and X.describe(LABELS[12]) == "Yes, resign"
    assert X.describe(Decision("done", {})) != X.describe(LABELS[4])  # politics' own "done"


def _events() -> tuple[list[Event], list[str]]:
    """The events of an aggression defended with a discard, a war declared, a resignation."""
    s = full()
    armed(s, 0, 3, ["plunder_ii"])
    armed(s, 1, 1, ["rats_i", "defense_colonization_i"])
    log: list[Event] = []
    s, ev = T.apply(s, 0, Decision("aggression", {"card": "plunder_ii", "target": 1}))
    log += ev
    s, ev = T.apply(s, 1, Decision("discard", {"card": "rats_i"}))
    log += ev
    s, ev = T.apply(s, 1, Decision("done", {}))
    log += ev
    w = full()
    armed(w, 0, 1, ["war_over_territory_ii"])
    w.wars.append({"card": "war_over_culture_iii", "attacker": 2, "defender": 0, "round": 1})
    w, ev = T.apply(w, 0, Decision("war", {"card": "war_over_territory_ii", "target": 1}))
    log += ev
    r = full()
    r.wars.append({"card": "war_over_culture_iii", "attacker": 2, "defender": 0, "round": 1})
    r = play(r, 0, "resign")
    r, ev = T.apply(r, 0, Decision("resign_confirm", {}))
    log += ev
    return log, [p.name for p in s.players]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_attack_event_has_a_line(lang: str) -> None:
    log, names = _events()
    templates = {e.template for e in log}
    assert {"tta.aggression", "tta.defence", "tta.defence_discards", "tta.defend_pick",
            "tta.aggression_won", "tta.war_declared", "tta.resigned",
            "tta.war_cancelled"} <= templates
    for e in log:
        if e.template in ("forced", "tta.turn", "tta.pact_ended"):
            continue
        line = X.event_text(e, names, e.private_to, lang)
        if e.template.startswith(("tta.aggression", "tta.defen", "tta.war", "tta.resign",
                                  "tta.plunder", "tta.new_start")):
            assert line and not LEFTOVER.search(line), (e, line)


def test_the_channel_never_reads_the_discarded_cards() -> None:
    """F-AGGR-9, G-ASYNC-16: public lines give the number discarded; the cards are only in
    the defender's own log."""
    log, names = _events()
    public = [X.event_text(e, names, None) or "" for e in log]
    seat0 = [X.event_text(e, names, 0) or "" for e in log]
    assert not any("Rats" in line for line in public + seat0)
    mine = [X.event_text(e, names, 1) or "" for e in log]
    assert any("Rats" in line for line in mine)
    defence = next(line for line in public if "defends" in line)
    assert "1" in defence


def test_prompts_name_the_public_facts() -> None:
    """G-ASYNC-7: the defence prompt gives the card, the attacker, both strengths and the
    limit, never a pick."""
    s = full()
    armed(s, 0, 3, ["plunder_ii"])
    armed(s, 1, 1, ["rats_i"])
    s = play(s, 0, "aggression", card="plunder_ii", target=1)
    text = X.prompt_text(s, Prompt(1, "defend"))
    assert "Plunder" in text and "Player 1" in text and "3" in text
    assert X.prompt_text(s, Prompt(0, "resign")) != "a decision"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_status_and_table_show_resignations_and_wars(lang: str) -> None:
    """F-RES, G-ASYNC-16: a resigned player's status says so; the table lists pending wars."""
    s = full()
    s.players[2].resigned = True
    s.wars.append({"card": "war_over_culture_iii", "attacker": 0, "defender": 1, "round": 2})
    v = T.view(s, None)
    lines = X.status_lines(v)
    assert lines[2] != lines[1] and not LEFTOVER.search(lines[2])
    table = X.table_lines(v)
    war = [line for line in table if "Player 1" in line and "Player 2" in line]
    assert war and not LEFTOVER.search(war[-1])
