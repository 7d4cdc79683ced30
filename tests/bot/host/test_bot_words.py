"""The host's words as players read them (issue 31): an AI seat is named once as an AI."""

from __future__ import annotations

from bot.host.messages import who
from bot.store import SeatRow
from data.i18n import t, use_language


def test_an_ai_seat_is_marked_as_an_ai_once():
    for lang in ("en", "cs", "de", "pl"):
        with use_language(lang):
            name = t("bot.ai_name", n=1, level=t("bot.choice.level.normal"))
            assert who(SeatRow(1, 0, None, name)) == name  # "AI 1 (normal)", not "... (AI)"
            # a seat the AI took over keeps its player's name: that one says it is an AI now
            assert who(SeatRow(1, 1, None, "bob")) == t("bot.ai_seat", name="bob")
            assert who(SeatRow(1, 2, 77, "carol")) == "<@77>"
    with use_language("de"):
        assert who(SeatRow(1, 0, None, "KI 2 (leicht)")) == "KI 2 (leicht)"
        assert who(SeatRow(1, 0, None, "Kai (normal)")) == "Kai (normal) (KI)"
