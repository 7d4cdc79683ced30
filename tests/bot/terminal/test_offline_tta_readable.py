"""Through the Ages at the terminal, in Czech, with the real pictures (issue 29 "The terminal
writes each player's own board picture after every turn, and its menus name the card too"):
three people at one terminal; beside every board picture each player's own board is written
(real PNGs, one per seat, kept current), the menus' take entries name their card in Czech
("Vzít: Aristotelés (pole 1, 1 civilní akce)"), never a space number alone, and no English
card name reaches the Czech reader."""

from __future__ import annotations

import io
import re
from argparse import Namespace
from pathlib import Path

from PIL import Image

from bot.terminal import offline
from data.i18n import t, use_language
from data.tta import CARDS
from engine.tta.cardtext import card_name

LANG = "cs"


def take_pattern(key: str) -> re.Pattern[str]:
    text = t(key, LANG, card="\0", space="\1", cost="\2")
    text = re.escape(text).replace("\0", "(?P<card>.+)").replace("\1", r"\d+")
    return re.compile(r"^\s+\d+\. " + text.replace("\2", ".+") + "$")


def test_each_players_board_and_the_card_named_in_czech(tmp_path: Path) -> None:
    args = Namespace(game="tta", players=3, ai=0, level="normal", seed=3, out=str(tmp_path),
                     pictures=True, save=False, resume=None)
    stdout = io.StringIO()
    with use_language(LANG):
        code = offline.main(args, stdin=io.StringIO("1\n" * 12 + "quit\n"), stdout=stdout)
        each = t("offline.extra_saved", LANG, files="")
    out = stdout.getvalue()
    assert code == 0
    boards = sorted(tmp_path.glob("board-0*.png"))
    assert len(boards) > 3
    # each player's own board beside every board picture: real pictures, one per seat
    assert out.count(each.split(":")[0]) == len(boards), out
    pictures = [tmp_path / f"player{q}.png" for q in (1, 2, 3)]
    shown = [Image.open(p) for p in pictures]
    assert all(img.format == "PNG" and img.width >= 480 for img in shown)
    assert len({p.read_bytes() for p in pictures}) == 3
    # the menus name the card, in Czech, its space and its price in words
    named = take_pattern("tta.decision.take")
    space_only = take_pattern("tta.decision.take_space")
    lines = out.splitlines()
    takes = [m["card"] for line in lines if (m := named.match(line))]
    czech = {card_name(c, LANG) for c in CARDS}
    assert takes and set(takes) <= czech, takes
    assert not any(space_only.match(line) for line in lines)
    english = {card_name(c, "en") for c in CARDS} - czech
    assert not [n for n in english if re.search(rf"(?<!\w){re.escape(n)}(?!\w)", out)]
