"""Paying and gaining food and resources with blue tokens, making change (T-PAY-1..4,
T-GAIN-1, G-PAY-1/2, G-BANK-5)."""

from __future__ import annotations

from engine.tta.state import Player
from engine.tta.tokens import gain, lose, pay, pay_plan, produce, stored
from tests.engine.tta.tta_helpers import arrange, game


def player(techs: list[str], blue: dict[str, int]) -> Player:
    p = game(2).players[0]
    arrange(p, techs=techs, blue=blue)
    return p


def test_pay_one_food_with_a_value_two_token() -> None:
    """T-PAY-3: pay 1 with only value-2 tokens: the Irrigation token moves to Agriculture;
    stored food 4 -> 3 and the bank gains one token."""
    p = player(["irrigation_i"], {"irrigation_i": 2})
    bank = p.blue_bank
    assert pay(p, "farm", 1)
    assert p.blue == {"irrigation_i": 1, "agriculture_a": 1} and stored(p, "farm") == 3
    assert p.blue_bank == bank


def test_pay_one_resource_from_coal() -> None:
    """T-PAY-3: Bronze (1) and Coal (3), one Coal token: paying 1 leaves two tokens on Bronze
    (return the Coal token, 2 bank tokens onto Bronze as change)."""
    p = player(["coal_ii"], {"coal_ii": 1})
    bank = p.blue_bank
    assert pay(p, "mine", 1)
    assert p.blue == {"bronze_a": 2} and p.blue_bank == bank - 1


def test_pay_four_with_two_coal_tokens() -> None:
    """T-PAY-3: two Coal tokens, nothing on Bronze, pay 4: no tokens on Coal, 2 on Bronze."""
    p = player(["coal_ii"], {"coal_ii": 2})
    assert pay(p, "mine", 4)
    assert p.blue == {"bronze_a": 2}


def test_never_convert_upward() -> None:
    """T-PAY-2/3: two tokens on Agriculture never become one on Irrigation; paying 0 of 2
    leaves them; paying 1 of 3 cannot merge either."""
    p = player(["irrigation_i"], {"agriculture_a": 3})
    assert pay(p, "farm", 1)
    assert p.blue == {"agriculture_a": 2}


def test_default_payment_keeps_the_fewest_tokens() -> None:
    """G-PAY-1: among the legal outcomes the one with the most tokens in the bank, then the
    higher-value tokens kept."""
    p = player(["iron_i"], {"bronze_a": 3, "iron_i": 1})  # 5 resources
    assert pay(p, "mine", 2)
    assert p.blue == {"bronze_a": 1, "iron_i": 1}  # 3 left in 2 tokens
    plan = pay_plan(p, "mine", 1)
    assert plan == {"iron_i": 1, "bronze_a": 0}


def test_short_payment_changes_nothing() -> None:
    """T-ACT-5: an action that cannot be paid is illegal; nothing moves."""
    p = player([], {"bronze_a": 1})
    assert not pay(p, "mine", 2)
    assert p.blue == {"bronze_a": 1}


def test_overpay_when_the_bank_has_no_change() -> None:
    """G-BANK-5d: change impossible for lack of bank tokens: overpay by the least amount.
    The returned Coal token itself may serve as change, so with an empty bank one Bronze
    token comes back (2 paid instead of 1); with one bank token the exact change is made."""
    p = player(["coal_ii"], {"coal_ii": 1})
    arrange(p, blue_bank=0)
    assert pay(p, "mine", 1)
    assert p.blue == {"bronze_a": 1} and p.blue_bank == 0
    q = player(["coal_ii"], {"coal_ii": 1})
    arrange(q, blue_bank=1)
    assert pay(q, "mine", 1)
    assert q.blue == {"bronze_a": 2} and q.blue_bank == 0


def test_tokens_on_cards_without_workers_count() -> None:
    """T-PAY-4: Iron has no worker but its tokens pay."""
    p = player(["iron_i"], {"iron_i": 2})
    assert stored(p, "mine") == 4 and pay(p, "mine", 4) and p.blue == {}


def test_gain_uses_the_fewest_tokens_and_never_moves_tokens() -> None:
    """T-GAIN-1, G-PAY-2: gaining 2 food with Irrigation: one token on Irrigation; tokens
    already on cards stay where they are."""
    p = player(["irrigation_i"], {"agriculture_a": 1})
    assert gain(p, "farm", 2) == 2
    assert p.blue == {"agriculture_a": 1, "irrigation_i": 1}
    assert gain(p, "farm", 3) == 3
    assert p.blue == {"agriculture_a": 2, "irrigation_i": 2}


def test_gain_with_a_short_bank() -> None:
    """G-BANK-5b: the largest amount up to X the bank's tokens can form."""
    p = player([], {})
    arrange(p, blue_bank=2)
    assert gain(p, "mine", 5) == 2 and p.blue == {"bronze_a": 2} and p.blue_bank == 0


def test_production_with_a_short_bank_fills_higher_values_first() -> None:
    """T-PROD-1, G-BANK-5a: one token per worker while the bank lasts, highest values first."""
    p = player(["irrigation_i"], {})
    arrange(p, workers={"agriculture_a": 2, "irrigation_i": 1, "bronze_a": 2,
                        "philosophy_a": 1, "warriors_a": 1}, blue_bank=2)
    assert produce(p, "farm") == 3
    assert p.blue == {"irrigation_i": 1, "agriculture_a": 1} and p.blue_bank == 0


def test_lose_more_than_stored() -> None:
    """T-CORR-2: lose everything, report the rest."""
    p = player([], {"bronze_a": 2})
    assert lose(p, "mine", 4) == 2 and p.blue == {}
