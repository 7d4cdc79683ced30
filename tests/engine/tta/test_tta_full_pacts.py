"""Pacts in the full game: offering, the partner's secret answer, cancelling, one own pact
(F-PACT-1…5, F-PACT-10…13, F-PACT-16, V-PEACE-3, G-ASYNC-9/10/16/18/19), every bad input refused
with its rule and nothing changed, and the words of labels and events in four languages."""

from __future__ import annotations

import json

import engine.tta as T
from engine.core import Decision, Event
from engine.tta import pacts
from engine.tta.digest import digest_lines
from engine.tta.game import reveals, sealed
from engine.tta.labels import describe
from engine.tta.pacttext import REASONS
from engine.tta.passing import pass_decision
from engine.tta.state import State
from engine.tta.stats import military_available, stats
from engine.tta.text import event_text, prompt_text
from tests.engine.tta.tta_helpers import end_round_one, game, open_politics, play, refused

PEACE = "peace_treaty_iii"
MILITARY = "military_pact_iii"
BORDERS = "open_borders_agreement_i"
TRADE = "trade_routes_agreement_i"


def full(n: int = 3) -> State:
    """Round 2, seat 0's action phase, in the full game (the `mode` option, F-SETUP-3)."""
    s = end_round_one(game(n))
    s.options["mode"] = "full"
    return s


def at_politics(cards: list[str], n: int = 3, **options: str) -> State:
    s = full(n)
    s.options.update(options)
    s.players[0].military = list(cards)
    return open_politics(s)


def with_pact(s: State, card: str, owner: int, partner: int, side: str | None = None) -> State:
    s = s.clone()
    s.pacts.append({"card": card, "owner": owner, "partner": partner, "side": side})
    pacts.refresh(s)
    return s


def offer(s: State, card: str, partner: int, side: str | None = None) -> tuple[State, list]:
    args = {"card": card, "partner": partner} | ({"side": side} if side else {})
    return T.apply(s, 0, Decision("offer", args))


def test_offer_options_name_each_partner_and_side() -> None:
    """F-PACT-10: a symmetric pact once per other remaining player, an asymmetric one with each
    side; never oneself nor a resigned player; an offer costs no military action."""
    s = at_politics([PEACE, TRADE])
    s.players[2].resigned = True
    offers = [d.args for d in T.options(s, 0) if d.kind == "offer"]
    assert offers == [{"card": PEACE, "partner": 1, "name": "Player 2"},
                      {"card": TRADE, "partner": 1, "side": "A", "name": "Player 2"},
                      {"card": TRADE, "partner": 1, "side": "B", "name": "Player 2"}]


def test_an_offer_is_secret_until_answered() -> None:
    """G-ASYNC-9/16, F-PACT-2: the card leaves the hand into a state field that only the offerer
    and the partner see; the public event and the awaited one-seat frame name no card; the
    decision itself is sealed."""
    s = at_politics([PEACE, TRADE])
    after, events = offer(s, TRADE, 1, "A")
    assert [(e.template, e.args, e.private_to) for e in events] == [
        ("tta.pact_offer", {"seat": 0, "partner": 1}, None)]
    assert after.players[0].military == [PEACE]
    assert T.pending(after)[0].seat == 1 and T.pending(after)[0].kind == "pact_answer"
    assert after.queue[0] == {"t": "pact_answer", "seats": [1]}  # a secret seats frame
    content = {"card": TRADE, "owner": 0, "partner": 1, "side": "A"}
    assert T.view(after, 0)["pact_offer"] == content == T.view(after, 1)["pact_offer"]
    for seat in (2, None):
        v = T.view(after, seat)
        assert v["pact_offer"] is None and TRADE not in json.dumps(v)
    assert sealed(s, 0, Decision("offer", {"card": TRADE, "partner": 1, "side": "A"}))
    prompt = prompt_text(after, T.pending(after)[0])  # shown in the channel too
    assert prompt == "a pact offer to accept or refuse"
    assert reveals(s, after, 2)  # final at once (G-ASYNC-18)


def test_accept_brings_the_pact_into_play_with_its_effects_at_once() -> None:
    """F-PACT-11: the pact comes into play in the offerer's area with the offered sides; the
    public event names the card and sides; new red tokens are available at once (C-108); the
    offerer goes on with his action phase."""
    s = at_politics([BORDERS])
    before = [military_available(p) for p in s.players]
    s, _ = offer(s, BORDERS, 2)
    opts = T.options(s, 2)
    assert [d.kind for d in opts] == ["accept", "refuse"]
    after, events = T.apply(s, 2, opts[0])
    assert after.pacts == [{"card": BORDERS, "owner": 0, "partner": 2, "side": None}]
    assert after.pact_offer is None
    assert ("tta.pact_accepted", {"seat": 2, "owner": 0, "card": BORDERS, "side": None}) in [
        (e.template, e.args) for e in events]
    assert [military_available(p) for p in after.players] == [
        before[0] + 1, before[1], before[2] + 1]
    assert T.pending(after)[0].kind == "action" and T.pending(after)[0].seat == 0
    assert reveals(s, after, 0)


def test_the_new_military_action_is_offered_at_once() -> None:
    """F-PACT-11, C-108: with every red token spent, the Open Borders Agreement's new one pays
    for a tactic in the same action phase (the listed options see the new figures)."""
    s = at_politics([BORDERS, "legion_i"])
    s.players[0].ma_spent = stats(s.players[0]).military_actions
    s, _ = offer(s, BORDERS, 1)
    refused_ = play(s, 1, "refuse")
    assert not [d for d in T.options(refused_, 0) if d.kind == "tactic"]
    after = play(s, 1, "accept")
    assert Decision("tactic", {"card": "legion_i"}) in T.options(after, 0)


def test_refuse_returns_the_card_and_spends_the_political_action() -> None:
    """F-PACT-2: refused, the card goes back to the offerer's hand; the political action is
    used up (his action phase follows); the public event names card and sides (G-PACT-1)."""
    s = at_politics([TRADE])
    s, _ = offer(s, TRADE, 1, "B")
    after, events = T.apply(s, 1, Decision("refuse", {}))
    assert after.pacts == [] and after.players[0].military == [TRADE]
    assert ("tta.pact_refused", {"seat": 1, "owner": 0, "card": TRADE, "side": "B"}) in [
        (e.template, e.args) for e in events]
    assert T.pending(after)[0].kind == "action"


def test_refuse_is_the_default_on_a_deadline() -> None:
    """G-ASYNC-19: the host's pass for a pact answer (passing.pass_decision) is `refuse`."""
    s, _ = offer(at_politics([PEACE]), PEACE, 1)
    assert pass_decision(s, 1) == Decision("refuse", {})


def test_a_second_own_pact_replaces_the_first_when_accepted() -> None:
    """F-PACT-4: offering while one's own pact is in play is legal; when the new one is
    accepted the previous own pact is cancelled at once (its card to the discard pile); pacts
    naming the player as partner stay (F-PACT-12)."""
    s = with_pact(at_politics([MILITARY]), PEACE, 0, 1)
    s = with_pact(s, BORDERS, 1, 0)
    s, _ = offer(s, MILITARY, 2)
    assert [p["card"] for p in s.pacts] == [PEACE, BORDERS]  # only an accepted offer replaces
    after, events = T.apply(s, 2, Decision("accept", {}))
    assert [p["card"] for p in after.pacts] == [BORDERS, MILITARY]
    assert pacts.own(after, 0)["card"] == MILITARY
    assert PEACE in after.military_discard["III"]
    ended = [e.args for e in events if e.template == "tta.pact_ended"]
    assert ended == [{"card": PEACE, "owner": 0, "partner": 1, "reason": "replaced"}]
    assert after.players[1].pact_mods == {"military_actions": 1}  # Peace Treaty's +1 is gone


def test_either_party_cancels_and_spent_tokens_go_first() -> None:
    """F-PACT-5, F-PACT-13, G-ASYNC-10: a party (here the partner) cancels; the pact goes to its
    age's discard pile; its effects end at once for both, a lowered military-action total
    taking spent tokens first (T-GOV-2)."""
    s = with_pact(full(), BORDERS, 1, 0)
    spent = s.players[1].ma_spent = stats(s.players[1]).military_actions  # all his tokens
    s = open_politics(s)
    opts = [d for d in T.options(s, 0) if d.kind == "cancel_pact"]
    assert [d.args for d in opts] == [{"card": BORDERS, "name": "Player 2"}]
    after, events = T.apply(s, 0, opts[0])
    assert after.pacts == [] and after.military_discard["I"][-1] == BORDERS
    assert after.players[1].ma_spent == spent - 1 and after.players[0].pact_mods == {}
    assert [(e.template, e.args) for e in events][0] == (
        "tta.pact_ended", {"card": BORDERS, "owner": 1, "partner": 0, "reason": "cancel",
                           "seat": 0})
    assert reveals(s, after, 2)


# --- bad input: refused with the rule, nothing changed --------------------------------------

def test_no_pacts_with_two_players() -> None:
    """F-PACT-1, F-PACT-16: a 2-player table has no pacts; an offer there is refused naming
    F-PACT-1 (and is not among the options)."""
    s = at_politics([PEACE], n=2)
    assert not [d for d in T.options(s, 0) if d.kind == "offer"]
    err = refused(s, 0, "offer", "F-PACT-1", card=PEACE, partner=1)
    assert "2" in str(err)


def test_an_offer_needs_a_pact_card_in_hand() -> None:
    """F-PACT-10: a card not in the military hand, or not a pact, is refused."""
    s = at_politics([PEACE, "crusades_i"])
    refused(s, 0, "offer", "F-PACT-10", card=MILITARY, partner=1)
    refused(s, 0, "offer", "F-PACT-10", card="crusades_i", partner=1)
    refused(s, 0, "offer", "F-PACT-10", card=None, partner=1)


def test_sides_only_for_asymmetric_pacts() -> None:
    """F-PACT-7/10: an asymmetric pact names the offerer's side, A or B; a symmetric one has
    none."""
    s = at_politics([PEACE, TRADE])
    refused(s, 0, "offer", "F-PACT-10", card=TRADE, partner=1)
    refused(s, 0, "offer", "F-PACT-10", card=TRADE, partner=1, side="C")
    refused(s, 0, "offer", "F-PACT-10", card=PEACE, partner=1, side="A")


def test_never_to_oneself_nor_a_resigned_player() -> None:
    """F-PACT-10: the partner is another remaining player."""
    s = at_politics([PEACE])
    s.players[2].resigned = True
    refused(s, 0, "offer", "F-PACT-10", card=PEACE, partner=0)
    refused(s, 0, "offer", "F-PACT-10", card=PEACE, partner=2)
    refused(s, 0, "offer", "F-PACT-10", card=PEACE, partner=7)


def test_cancelling_needs_a_party() -> None:
    """F-PACT-5: only a party cancels (seat 0 is no party to a pact between 1 and 2)."""
    s = open_politics(with_pact(full(), PEACE, 1, 2))
    assert not [d for d in T.options(s, 0) if d.kind == "cancel_pact"]
    refused(s, 0, "cancel_pact", "F-PACT-5", card=PEACE)
    refused(s, 0, "cancel_pact", "F-PACT-5", card=MILITARY)


def test_no_pacts_in_the_tutorial_or_a_strict_peaceful_game() -> None:
    """T-SETUP-8: the tutorial has no pacts; V-PEACE-3: a strict peaceful game none, and
    keep_pacts only the four unrelated to attacks (G-PACT-2)."""
    s = at_politics([PEACE])
    s.options["mode"] = "tutorial"
    refused(s, 0, "offer", "T-SETUP-8", card=PEACE, partner=1)
    refused(at_politics([TRADE], peaceful="strict"), 0, "offer", "V-PEACE-3", card=TRADE,
            partner=1, side="A")
    kept = at_politics([TRADE, PEACE], peaceful="keep_pacts")
    refused(kept, 0, "offer", "V-PEACE-3", card=PEACE, partner=1)
    assert {d.args["card"] for d in T.options(kept, 0) if d.kind == "offer"} == {TRADE}


def test_an_answer_cannot_change_the_offer() -> None:
    """F-PACT-11: the partner only accepts or refuses as offered; nobody else answers."""
    s, _ = offer(at_politics([TRADE]), TRADE, 1, "A")
    refused(s, 1, "accept", "F-PACT-11", card=TRADE, side="A")  # he gets side B
    refused(s, 1, "offer", "F-PACT-11", card=TRADE, partner=0, side="A")
    refused(s, 2, "accept", "T-OVER-1")
    assert play(s, 1, "accept", card=TRADE, side="B").pacts[0]["side"] == "A"


# --- words -----------------------------------------------------------------------------------

def test_labels_name_the_card_and_the_partner() -> None:
    """Labels of pact decisions in the four languages (F-PACT-2, F-PACT-5, C-109)."""
    cases = {
        Decision("offer", {"card": MILITARY, "partner": 1, "name": "Bob"}): (
            "Offer Military Pact to Bob", "Nabídnout hráči Bob: Vojenský pakt",
            "Militärpakt an Bob anbieten", "Zaproponuj graczowi Bob: Pakt wojskowy"),
        Decision("offer", {"card": TRADE, "partner": 1, "side": "A", "name": "Bob"}): (
            "Offer Trade Routes Agreement to Bob, you take side A",
            "Nabídnout hráči Bob: Dohoda o obchodních cestách, ty bereš stranu A",
            "Abkommen über Handelswege an Bob anbieten, du nimmst Seite A",
            "Zaproponuj graczowi Bob: Umowa o szlakach handlowych, bierzesz stronę A"),
        Decision("accept", {"card": PEACE, "from": 0, "name": "Alice"}): (
            "Accept Peace Treaty from Alice", "Přijmout od hráče Alice: Mírová smlouva",
            "Friedensvertrag von Alice annehmen", "Przyjmij od gracza Alice: Traktat pokojowy"),
        Decision("refuse", {}): ("Refuse", "Odmítnout", "Ablehnen", "Odrzuć"),
        Decision("cancel_pact", {"card": MILITARY, "name": "Bob"}): (
            "Cancel Military Pact with Bob", "Zrušit smlouvu s hráčem Bob: Vojenský pakt",
            "Militärpakt mit Bob kündigen", "Zerwij pakt z graczem Bob: Pakt wojskowy"),
    }
    for d, words in cases.items():
        assert tuple(describe(d, loc) for loc in ("en", "cs", "de", "pl")) == words
    assert describe(Decision("offer", {"card": PEACE, "partner": 2}), "en") == \
        "Offer Peace Treaty to player 3"  # a typed decision without the quoted name


def test_the_digest_retells_pact_news() -> None:
    """A seat away learns of a pact accepted with the card and sides (G-PACT-1)."""
    s = at_politics([TRADE])
    s, first = offer(s, TRADE, 1, "A")
    s, second = T.apply(s, 1, Decision("accept", {}))
    events = [Event("tta.turn", {"seat": 0, "round": 2}), *first, *second]
    lines = digest_lines(events, ["Alice", "Bob", "Cyd"], 2, "en")
    assert lines[-1] == \
        "Bob accepts Trade Routes Agreement from Alice: Alice takes side A, Bob side B"


def test_event_texts_say_only_what_is_public() -> None:
    """G-ASYNC-9: the offer's event names the two players only; the answer names card and
    sides; every pact event has words in the four languages."""
    names = ["Alice", "Bob", "Cyd"]
    lines = [
        (Event("tta.pact_offer", {"seat": 0, "partner": 1}), "Alice offers a pact to Bob."),
        (Event("tta.pact_accepted", {"seat": 1, "owner": 0, "card": TRADE, "side": "A"}),
         "Bob accepts Trade Routes Agreement from Alice: Alice takes side A, Bob side B."),
        (Event("tta.pact_refused", {"seat": 1, "owner": 0, "card": PEACE, "side": None}),
         "Bob refuses Peace Treaty from Alice; the card goes back to Alice."),
        (Event("tta.pact_ended", {"seat": 1, "owner": 0, "partner": 1, "card": PEACE,
                                  "reason": "cancel"}),
         "Bob cancels Peace Treaty between Alice and Bob."),
    ]
    for e, text in lines:
        assert event_text(e, names, None, "en") == text
    reasons = [Event("tta.pact_ended", {"owner": 0, "partner": 2, "card": MILITARY,
                                        "reason": r}) for r in REASONS]
    extra = [Event("tta.trade_routes", {"seat": 0, "side": side}) for side in "AB"]
    extra.append(Event("tta.cooperation", {"seat": 1, "partner": 0, "amount": 1}))
    for e in [*(e for e, _ in lines), *reasons, *extra]:
        for loc in ("en", "cs", "de", "pl"):
            text = event_text(e, names, None, loc)
            assert text is not None and "{" not in text and "Alice" in text, (e, loc)
    for e in reasons:
        assert "Cyd" in event_text(e, names, None, "en")
