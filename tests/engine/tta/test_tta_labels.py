"""Through the Ages as players read it (issue 29): every option's label names its card, with
the price where the option has one (engine/tta/quotes.py), within Discord's limits in every
language; an event's question names the event and what each answer does; the prompts are
neutral third-person phrases (shown in the channel as well) without "CA"/"MA" or a doubled
full stop; the tutorial's last round is the "final round" and a finished game's status opens
with its end."""

from __future__ import annotations

import random
import re
from functools import cache

import pytest

import engine.tta as T
from data.i18n import LANGUAGES, catalogue, t, use_language
from data.tta import CARDS
from engine.core import Decision
from engine.tta import text as X
from engine.tta.state import State
from engine.tta.text import card_name
from tests.engine.tta.tta_helpers import (
    answer,
    arrange,
    end_round_one,
    frame,
    game,
    refused,
    trigger,
)

BUTTON, SELECT = 80, 100  # Discord's limits: a button label, a select option
ABBREVIATIONS = {"en": ("CA", "MA"), "cs": ("civ. akce", "voj. akce"), "de": ("ZA", "MA"),
                 "pl": ("AC", "AW")}


def start(n: int = 3) -> State:
    return end_round_one(game(n, start=0))


def longest(kind: str | None = None, locale: str = "en") -> str:
    """The card (of a kind) with the longest name in the language."""
    cards = [c for c in CARDS if kind is None or CARDS[c].kind == kind]
    return max(cards, key=lambda c: len(card_name(c, locale)))


@cache
def _seeded(n: int, seed: int) -> list[tuple[State, list[Decision]]]:
    """A random whole game: each state with its options."""
    s = T.new_game(n, seed)
    rng = random.Random(seed)
    out = []
    while s.result is None:
        seat = T.pending(s)[0].seat
        opts = T.options(s, seat)
        out.append((s, opts))
        acting = [d for d in opts if d.kind != "end"]
        s, _ = T.apply(s, seat, rng.choice(acting) if acting and rng.random() < 0.85
                       else rng.choice(opts))
    out.append((s, []))
    return out


# --- labels -------------------------------------------------------------------------------------

def test_take_names_the_card_its_space_and_its_price() -> None:
    """"Take Iron (space 4, 1 civil action)": the card, the space as numbered, the civil
    actions written out (T-ROW-1)."""
    s = start()
    takes = [d for d in T.options(s, 0) if d.kind == "take"]
    assert takes
    for d in takes:
        slot = d.args["slot"]
        assert d.args["card"] == s.row[slot]
        cost = d.args["cost"]
        want = (f"Take {card_name(s.row[slot], 'en')} (space {slot + 1}, {cost} civil "
                f"action{'s' if cost != 1 else ''})")
        assert X.describe(d, "en") == want
        for lang in LANGUAGES:
            assert card_name(s.row[slot], lang) in X.describe(d, lang)


def test_build_develop_and_population_give_their_price() -> None:
    """The resources, food or science the action costs, and its action (T-BUILD, T-TECH,
    T-POP)."""
    s = start()
    p = s.players[0]
    arrange(p, techs=["bronze_a"], blue={"agriculture_a": 4, "bronze_a": 6},
            hand=["iron_i"], science=9)
    opts = {(d.kind, d.args.get("card")): d for d in T.options(s, 0)}
    build = opts[("build", "bronze_a")]
    assert X.describe(build, "en") == (f"Build {card_name('bronze_a', 'en')} (resources "
                                       f"−{CARDS['bronze_a'].cost_resources}, 1 civil action)")
    warriors = opts[("build", "warriors_a")]
    assert X.describe(warriors, "en").endswith(", 1 military action)")
    develop = opts[("develop", "iron_i")]
    assert X.describe(develop, "en") == (f"Develop {card_name('iron_i', 'en')} (science "
                                         f"−{CARDS['iron_i'].cost_science}, 1 civil action)")
    population = opts[("population", None)]
    assert re.fullmatch(r"Increase population \(food −\d, 1 civil action\)",
                        X.describe(population, "en"))
    assert X.describe(population, "cs").startswith("Zvýšit populaci (jídlo −")


def test_a_stale_quote_is_refused_and_changes_nothing() -> None:
    """T-ACT-3: an option is applied as its label read; a quote that no longer matches (the
    row slid, a price changed) is refused with the rule, and nothing changes."""
    s = start()
    d = next(d for d in T.options(s, 0) if d.kind == "take")
    other = next(c for c in s.row if c is not None and c != d.args["card"])
    refused(s, 0, "take", "T-ACT-3", **{**d.args, "card": other})
    refused(s, 0, "take", "T-ACT-3", **{**d.args, "cost": d.args["cost"] + 1})
    after, _ = T.apply(s, 0, d)  # the option as listed
    assert d.args["card"] in after.players[0].hand
    bare, _ = T.apply(s, 0, Decision("take", {"slot": d.args["slot"]}))  # typed: no quote
    assert (bare.row, bare.players[0].hand) == (after.row, after.players[0].hand)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_longest_labels_keep_within_discords_limits(lang: str) -> None:
    """Every kind of option with the longest card names of the language: at most 80
    characters (a button; a select option allows 100), and the card still named."""
    unit, tech, action = (longest("unit", lang), longest("farm", lang),
                          longest("action", lang))
    card = longest(None, lang)
    leader, tactic = longest("leader", lang), longest("tactic", lang)
    event, wonder = longest("event", lang), longest("wonder", lang)
    cases = [
        (Decision("take", {"slot": 12, "card": card, "cost": 3}), card),
        (Decision("build", {"card": tech, "cost": 12}), tech),
        (Decision("upgrade", {"card": unit, "to": longest("unit", lang), "cost": 11}), unit),
        (Decision("disband", {"card": unit}), unit),
        (Decision("develop", {"card": tech, "cost": 13}), tech),
        (Decision("revolution", {"card": longest("government", lang), "cost": 8}),
         longest("government", lang)),
        (Decision("wonder", {"stages": 3, "card": wonder, "cost": 12}), wonder),
        (Decision("leader", {"card": leader, "tuck": True}), leader),
        (Decision("play", {"card": action}), action),
        (Decision("play", {"card": action, "target": tech, "to": tech}), action),
        (Decision("tactic", {"card": tactic}), tactic),
        (Decision("copy", {"card": tactic}), tactic),
        (Decision("prepare", {"card": event}), event),
        (Decision("discard", {"card": event}), event),
        (Decision("choose", {"do": "develop", "card": tech, "step": "civilization"}), tech),
        (Decision("choose", {"card": wonder, "step": "ruin"}), wonder),
        (Decision("choose", {"slot": 12, "card": card, "step": "agreement"}), card),
        (Decision("add", {"unit": unit}), unit),
        (Decision("add", {"bonus": longest("bonus", lang)}), longest("bonus", lang)),
    ]
    for d, named in cases:
        text = X.describe(d, lang)
        assert len(text) <= BUTTON, (d, text)
        assert card_name(named, lang) in text, (d, text)
    party = Decision("send", {"units": {unit: 2, "warriors_a": 1},
                              "bonus": [longest("bonus", lang)], "discard": [], "force": 9})
    assert len(X.describe(party, lang)) <= BUTTON


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_name_longer_than_any_today_keeps_the_card_named(lang: str, monkeypatch) -> None:
    """A catalogue may yet give a card a 60-character name: the label drops its price (the
    take its actions) before it would cut the name."""
    from engine.tta import labels
    name = "N" * 60
    monkeypatch.setattr(labels, "card_name", lambda card, locale=None: name)
    for d in (Decision("take", {"slot": 12, "card": "iron_i", "cost": 3}),
              Decision("build", {"card": "iron_i", "cost": 12}),
              Decision("develop", {"card": "iron_i", "cost": 12}),
              Decision("leader", {"card": "moses_a", "tuck": True}),
              Decision("copy", {"card": "phalanx_i"})):
        text = X.describe(d, lang)
        assert len(text) <= BUTTON and name in text, text


@pytest.mark.parametrize("lang", LANGUAGES)
def test_offered_labels_write_the_actions_out(lang: str) -> None:
    """No "CA"/"MA" in any offered label, menu title or prompt of seeded games (issue 29)."""
    short = ABBREVIATIONS[lang]
    for s, opts in _seeded(3, 5)[::3]:
        labels = [X.describe(d, lang) for d in opts]
        with use_language(lang):
            labels += [X.menu_title(X.group_key(d)) for d in opts]
            prompts = [X.prompt_text(s, p) for p in T.pending(s)]
        assert all(len(text) <= SELECT for text in labels), labels
        for text in labels + prompts:
            assert not any(re.search(rf"(?<!\w){re.escape(a)}(?!\w)", text) for a in short), \
                text


# --- prompts ------------------------------------------------------------------------------------

HOST_LINES = ("bot.wait.turn", "bot.wait.answer", "bot.err.not_your_turn", "bot.panel.now",
              "bot.remind")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_prompts_read_in_the_channel_and_never_double_a_full_stop(lang: str) -> None:
    """A prompt's words are put into the host's lines (the channel's "waiting for bob: …",
    a refusal to alice about bob): no "you", no closing full stop, so no "..", in any
    language, for every prompt of seeded games."""
    seen = set()
    for n, seed in ((3, 5), (4, 6), (2, 7)):
        for s, _ in _seeded(n, seed):
            for prompt in T.pending(s):
                with use_language(lang):
                    what = X.prompt_text(s, prompt)
                    assert what and not what.endswith("."), what
                    for key in HOST_LINES:
                        line = t(key, who="bob", name="bob", what=what, title="TtA",
                                 since="1 h")
                        assert ".." not in line, line
                if lang == "en":
                    assert not re.search(r"\b(you|your)\b", what, re.IGNORECASE), what
                seen.add(prompt.kind)
    assert {"action", "politics"} <= seen
    for key, text in catalogue(lang).items():
        if key.startswith("tta.prompt."):
            assert not text.rstrip().endswith("."), key


def test_an_event_names_itself_and_what_each_answer_does() -> None:
    """Development of Markets (T-EVT-3): the prompt names the event and both answers; each
    answer's label says what it gives, in every language."""
    s = start()
    after = trigger(s, "development_of_markets_a")
    prompt = T.pending(after)[0]
    assert prompt.kind == "ev"
    for lang in LANGUAGES:
        with use_language(lang):
            text = X.prompt_text(after, prompt)
        assert text.startswith(card_name("development_of_markets_a", lang)), text
    labels = [X.describe(d, "en") for d in T.options(after, prompt.seat)]
    assert labels == ["Take food +2", "Take resources +2"]
    refused(after, prompt.seat, "choose", "T-EVT-5", gain="food", step="markets", amount=5)
    after = answer(after, "choose", **T.options(after, prompt.seat)[0].args)
    assert T.pending(after)[0].kind == "ev"  # the next seat is asked in turn order


def test_raiders_names_the_mix_to_lose() -> None:
    """Raiders: the weakest loses food and resources in a mix of its choice; each answer
    gives both amounts."""
    s = start()
    for p in s.players:
        arrange(p, blue={"agriculture_a": 4, "bronze_a": 4})
    after = trigger(s, "raiders_i")
    prompt = T.pending(after)[0]
    with use_language("en"):
        text = X.prompt_text(after, prompt)
    assert text.startswith(card_name("raiders_i", "en") + ": lose food and resources"), text
    labels = {X.describe(d, "en") for d in T.options(after, prompt.seat)}
    assert "Lose food 0 and resources 2" in labels and "Lose food 2 and resources 0" in labels


# --- heads --------------------------------------------------------------------------------------

def test_final_round_and_the_end_of_the_game_in_the_heads() -> None:
    """G-END-1: after Age II the tutorial's last round is the "final round" (there is no Age
    III); once the game is over, the status opens with the end and the winners, not with a
    player on turn (T-TSCORE-2)."""
    states = [s for s, _ in _seeded(3, 5)]
    final = next(s for s in states if s.age == "III" and s.round == s.last_round)
    with use_language("en"):
        v = T.view(final, None)
        assert X.post_head(v) == f"Round {final.round} · final round"
        assert X.status_head(v).startswith(f"Round {final.round} · final round · ")
        assert "Age III" not in X.status_head(v)
        end = states[-1]
        v = T.view(end, None)
        winners = ", ".join(end.players[q].name for q in end.result["winners"])
        assert X.status_head(v).startswith(f"Game over after round {end.round} · winner")
        assert X.status_head(v).endswith(winners)
        assert " on turn" not in X.status_head(v)
    for lang in LANGUAGES:
        with use_language(lang):
            assert "III" not in X.post_head(T.view(final, None))


# --- colonisation (G-COL-3) ---------------------------------------------------------------------

def won(s: State, bid: int) -> State:
    """Seat 0 wins the auction for Vast Territory at `bid` (the others cannot raise)."""
    after = trigger(s, "vast_territory_i")
    return answer(after, "bid", amount=bid)


def test_the_winner_may_send_more_than_the_smallest_force() -> None:
    """G-COL-3 (the guide: „o síle svého nejvyššího příhozu (nebo vyšší)“): the winner adds
    units one by one and sends them all; every unit sent returns its token to the yellow bank
    (T-COL-9)."""
    s = start()
    p = s.players[0]
    arrange(p, techs=["knights_i"], workers={"agriculture_a": 2, "warriors_a": 3,
                                             "knights_i": 1})
    after = won(s, 1)
    assert frame(after)["t"] == "send"
    opts = T.options(after, 0)
    smallest = [d for d in opts if d.kind == "send"]
    assert [d.args["units"] for d in smallest] == [{"warriors_a": 1}, {"knights_i": 1}]
    assert {d.args["unit"] for d in opts if d.kind == "add"} == {"warriors_a", "knights_i"}
    bank = after.players[0].yellow_bank
    for unit in ("warriors_a", "warriors_a", "knights_i", "warriors_a"):
        after = answer(after, "add", unit=unit)
    # everything is in the draft: the send is the only option left, so the agenda takes it
    q = after.players[0]
    assert q.colonies == ["vast_territory_i"]
    assert "warriors_a" not in q.workers and "knights_i" not in q.workers
    # the four tokens back, and the territory's own (its permanent effect, T-COL-11)
    assert q.yellow_bank == bank + 4 + CARDS["vast_territory_i"].yellow_tokens


def test_the_draft_is_named_in_the_prompt_and_sent_when_strong_enough() -> None:
    """Below the bid the draft cannot be sent (no send option; a send is refused naming
    T-COL-3 and changes nothing); once it reaches the bid its label gives the force."""
    s = start()
    p = s.players[0]
    arrange(p, techs=["knights_i"], workers={"agriculture_a": 2, "warriors_a": 3,
                                             "knights_i": 1})
    after = won(s, 3)
    after = answer(after, "add", unit="warriors_a")
    assert not any(d.kind == "send" for d in T.options(after, 0))
    with use_language("en"):
        text = X.prompt_text(after, T.pending(after)[0])
    assert text.startswith(f"colonization of {card_name('vast_territory_i', 'en')}: send a "
                           f"force of at least 3")
    assert "chosen so far: Warriors" in text and "(force 1)" in text
    refused(after, 0, "send", "T-COL-3", units={"warriors_a": 1}, bonus=[], discard=[])
    refused(after, 0, "add", "T-COL-4", unit="swordsmen_i")
    refused(after, 0, "add", "T-COL-5", bonus="defense_colonization_i")
    refused(after, 0, "add", "G-COL-3", unit="warriors_a", bonus="x")
    after = answer(after, "add", unit="knights_i")
    send = next(d for d in T.options(after, 0) if d.kind == "send")
    assert send.args == {"units": {"warriors_a": 1, "knights_i": 1}, "bonus": [],
                         "discard": [], "force": 3}
    assert X.describe(send, "en") == (f"Send {card_name('warriors_a', 'en')}, "
                                      f"{card_name('knights_i', 'en')} (force 3)")
    refused(after, 0, "send", "T-COL-5", **{**send.args, "force": 4})
    after = answer(after, "send", **send.args)
    assert after.players[0].colonies == ["vast_territory_i"]
    assert after.players[0].workers["warriors_a"] == 2


def test_bonus_cards_may_be_added_beyond_the_bid() -> None:
    """G-COL-3: any military bonus cards he wants to add (T-COL-10: all are discarded)."""
    s = start()
    p = s.players[0]
    arrange(p, workers={"agriculture_a": 2, "warriors_a": 2},
            military=["defense_colonization_i", "defense_colonization_i"])
    after = won(s, 1)
    after = answer(after, "add", unit="warriors_a")
    after = answer(after, "add", bonus="defense_colonization_i")
    after = answer(after, "add", bonus="defense_colonization_i")
    refused(after, 0, "add", "T-COL-5", bonus="defense_colonization_i")  # none left
    send = next(d for d in T.options(after, 0) if d.kind == "send")
    assert send.args["bonus"] == ["defense_colonization_i"] * 2
    after = answer(after, "send", **send.args)
    q = after.players[0]
    assert q.military == [] and q.colonies == ["vast_territory_i"]
    assert after.military_discard["I"] == ["defense_colonization_i"] * 2


def test_james_cooks_discards_stay_hidden_while_the_force_is_formed() -> None:
    """James Cook discards military cards face down for +1 each: while the force is being
    formed only the winner's view names them; the others (and the channel's prompt words)
    see how many."""
    s = start()
    p = s.players[0]
    arrange(p, leader="james_cook_ii", workers={"agriculture_a": 2, "warriors_a": 2},
            military=["legion_i", "rats_i"])
    after = won(s, 2)
    after = answer(after, "add", unit="warriors_a")
    after = answer(after, "add", discard="rats_i")
    assert T.view(after, 0)["pending"]["discard"] == ["rats_i"]
    for viewer in (1, 2, None):
        assert T.view(after, viewer)["pending"]["discard"] == ["?"]
    with use_language("en"):
        text = X.prompt_text(after, T.pending(after)[0])
    assert "cards discarded: 1" in text and card_name("rats_i", "en") not in text


def test_every_question_of_seeded_games_names_its_event() -> None:
    """T-EVT-3: every event question asked in seeded games, the later ones of the same event
    included (a worker lost from a card after the pool ran out), names its event card."""
    asked = 0
    for n, seed in ((3, 5), (4, 6), (2, 7)):
        for s, _ in _seeded(n, seed):
            frame = s.queue[0] if s.queue else {}
            if frame.get("t") == "ev" or (frame.get("t") == "discard" and "left" in frame):
                assert CARDS[frame["event"]].kind == "event", frame
                with use_language("en"):
                    text = X.prompt_text(s, T.pending(s)[0])
                assert text.startswith(card_name(frame["event"], "en") + ": "), text
                asked += 1
    assert asked >= 3
