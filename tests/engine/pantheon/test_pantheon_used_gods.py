"""One-time (yellow) gods act once and go back to the box (P-SURP-4, P-TRAI-7, ...). The seat
that used them keeps a public record, and its hand and panel say "used: Surparit ×2"."""

from __future__ import annotations

from engine.pantheon import view
from engine.pantheon.present import hand_text, panel_lines
from tests.engine.pantheon.pantheon_helpers import BLUE, RED, at_turn, blank, hand, play, waiting
from tests.engine.pantheon.test_pantheon_gods import acquire


def surparit_twice():
    """RED acquires Surparit in two turns; each time it takes the top god (Vinthrad) too."""
    s = blank(3, epoch=2)
    for _ in range(2):
        s.god_display = ["surparit"]
        s.god_stack.append("vinthrad")
        hand(s, RED, priests=3, gifts=3)
        s = acquire(s, RED, "surparit", ["priests", "gifts"])
    return s


def test_used_one_time_gods_are_recorded_and_public():
    s = surparit_twice()
    p = s.players[RED]
    assert p.used_gods == ["surparit", "surparit"] and p.gods == ["vinthrad", "vinthrad"]
    assert view(s, None).players[RED].used_gods == ["surparit", "surparit"]
    assert view(s, BLUE).players[RED].used_gods == ["surparit", "surparit"]


def test_hand_and_panel_show_the_used_gods():
    s = surparit_twice()
    v = view(s, RED)
    assert "Gods: Vinthrad ×2 · used: Surparit ×2" in hand_text(v, RED).splitlines()
    assert panel_lines(v, RED)[-1] == "Gods: Vinthrad ×2 · used: Surparit ×2"


def test_a_used_traitera_is_recorded():
    # P-TRAI-7: a used Traitera goes to the box at once
    s = blank(3)
    s.players[RED].gods = ["traitera"]
    at_turn(s, RED)
    s = play(s, RED, "action", action="draw")
    for _ in range(3):
        s = play(s, RED, "take", **{"from": "deck"})
    s = play(s, RED, "traitera")
    assert s.players[RED].gods == [] and s.players[RED].used_gods == ["traitera"]
    assert "Gods: - · used: Traitera" in hand_text(view(s, RED), RED)
    assert waiting(s) == (RED, "action")


def test_no_gods_no_line():
    s = blank(3)
    v = view(s, RED)
    assert not any(line.startswith("Gods") for line in hand_text(v, RED).splitlines())
    assert not any(line.startswith("Gods") for line in panel_lines(v, RED))
