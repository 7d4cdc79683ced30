"""A game's choice options in the lobby in the reader's words (issue 28): the catalogue key
`<game>.choice.<option>.<value>` that names the choice in the slash command names it in the
lobby too ("full game", not "full"); a value the catalogue does not name is shown as given.
And Through the Ages' verbs: the full game's political decisions and their answers are under
/tta politics (F-POL-1, F-AGGR-8, F-PACT-3, G-ASYNC-11)."""

from __future__ import annotations

from bot.games.tta import in_family
from bot.host.kinds import kind
from bot.host.messages import choice_word, option_words
from data.i18n import t, use_language
from engine.core import Decision


def test_the_lobby_words_a_choice_in_the_readers_language() -> None:
    k = kind("tta")
    for lang in ("en", "cs", "de", "pl"):
        with use_language(lang):
            words = option_words(k, {"mode": "full", "peaceful": "keep_pacts"})
            assert t("tta.choice.mode.full") in words, words
            assert t("tta.choice.peaceful.keep_pacts") in words, words
            assert "keep_pacts" not in words
    with use_language("en"):
        assert choice_word("tta", "mode", "tutorial") == "tutorial game"
        assert choice_word("tta", "mode", "longer") == "longer"  # not named: as given


def test_political_decisions_and_their_answers_are_under_politics() -> None:
    card = {"card": "raid_i"}
    for kind_, prompt in (("aggression", "politics"), ("war", "politics"), ("offer", "politics"),
                          ("cancel_pact", "politics"), ("resign", "politics"),
                          ("resign_confirm", "resign"), ("back", "resign"),
                          ("bonus", "defend"), ("discard", "defend"), ("done", "defend"),
                          ("accept", "pact_answer"), ("refuse", "pact_answer"),
                          ("steal", "tech_war"), ("science", "tech_war"),
                          ("plunder", "spoils"), ("raid", "spoils"), ("annex", "spoils"),
                          ("infiltrate", "spoils")):
        assert in_family(Decision(kind_, card), prompt, "politics"), kind_
    # the end of turn's military discard is not a political answer; an exchange of Trade
    # Routes Agreement (C-109) is with the conversions, under build
    assert not in_family(Decision("discard", card), "discard", "politics")
    assert in_family(Decision("trade_routes", {}), "action", "build")
    assert in_family(Decision("churchill", {}), "action", "play")
