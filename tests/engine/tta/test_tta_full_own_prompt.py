"""What the full game's private prompts and the status say (G-ASYNC-9, G-PACT-1, F-WAR-6):
a pact offer's answer names the offerer, the card and the sides only in the partner's own
prompt (the public prompt, which the channel shows, says only that an offer waits), and a
declared war shows on its declarer's status line until it resolves."""

from __future__ import annotations

import engine.tta as T
from data.i18n import t
from engine.core import Prompt
from engine.tta.cardtext import card_name


def offered(card: str, side: str | None):
    s = T.new_game(["Ann", "Bob", "Cid"], 1, {"mode": "full"})
    s.pact_offer = {"card": card, "owner": 1, "partner": 0, **({"side": side} if side else {})}
    return s


def test_the_partners_prompt_names_the_offerer_the_card_and_the_sides() -> None:
    """G-PACT-1: an asymmetric pact's sides are named, the offerer's and the partner's."""
    s = offered("acceptance_of_supremacy_ii", "A")
    prompt = Prompt(0, "pact_answer")
    own = T.own_prompt_text(s, prompt)
    card = card_name("acceptance_of_supremacy_ii")
    assert own == f"Bob offers Ann the pact {card} (Bob side A, Ann side B): accept or refuse"
    public = T.prompt_text(s, prompt)  # the channel's words: no card, no sides
    assert card not in public and "side" not in public
    assert public == t("tta.prompt.pact_answer")


def test_a_symmetric_pact_has_no_sides_and_other_prompts_read_as_in_public() -> None:
    """F-PACT-7: a symmetric pact has no sides; every other prompt's own words are its
    public words."""
    s = offered("open_borders_agreement_i", None)
    card = card_name("open_borders_agreement_i")
    assert T.own_prompt_text(s, Prompt(0, "pact_answer")) == (
        f"Bob offers Ann the pact {card}: accept or refuse")
    for lang in ("cs", "de", "pl"):
        words = t("tta.prompt.pact_answer_own", lang, name="Bob", partner="Ann", card=card)
        assert "Bob" in words and "Ann" in words and card in words
    action = T.pending(s)[0]
    assert T.own_prompt_text(s, action) == T.prompt_text(s, action)


def test_a_declared_war_is_on_its_declarers_status_line_until_it_resolves() -> None:
    """F-WAR-6, G-ASYNC-16: pending wars are public; /tta status shows them."""
    s = T.new_game(["Ann", "Bob", "Cid"], 1, {"mode": "full"})
    s.wars = [{"card": "war_over_culture_iii", "attacker": 2, "defender": 0, "round": 9}]
    lines = T.status_lines(T.view(s, None))
    war = t("tta.table.war", card=card_name("war_over_culture_iii"), name="Cid", defender="Ann")
    assert lines[2].endswith("; " + war) and war not in lines[0] + lines[1]
    s.wars = []
    assert war not in "\n".join(T.status_lines(T.view(s, None)))
