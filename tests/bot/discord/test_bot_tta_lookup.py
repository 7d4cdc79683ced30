"""The card lookup through the Discord double (issue 29): `/tta rules card:` (the group is at
Discord's 25 subcommands, so the lookup rides on `rules`) completes over every card's name in
the reader's language, answers privately with the card's text and the card drawn large, and
refuses a name that fits no card, privately and saying what to do."""

from __future__ import annotations

import io

from PIL import Image

from data.i18n import t
from data.tta import CARDS
from engine.tta.cardtext import card_name
from engine.tta.lookup import lookup_label
from render.tta import cardface

CHANNEL = "game-1"


async def started(agora):
    bot = await agora.start()
    await agora.double.wait_for_commands("tta")
    return bot


async def test_the_tta_group_keeps_within_25_subcommands(agora):
    await started(agora)
    command = agora.double.command("tta")
    subs = {o["name"]: o for o in command.data["options"]}
    assert len(subs) <= 25
    card = next(o for o in subs["rules"]["options"] if o["name"] == "card")
    assert card.get("autocomplete") is True and not card.get("required")


async def test_a_czech_reader_looks_up_a_card_by_its_czech_name(agora):
    d = agora.double
    d.user("alice").locale = "cs"
    await started(agora)
    card = "irrigation_i"
    typed = card_name(card, "cs").split()[0][:5]
    choices = await d.autocomplete("alice", CHANNEL, "tta", "rules", focused="card",
                                   options={"card": typed})
    assert 0 < len(choices) <= 25
    assert {"name": lookup_label(card, "cs"), "value": card} in choices
    # every choice is a card whose Czech name holds what was typed, named in Czech
    age_word = t("tta.lookup.label", "cs", name="", kind="", age="").strip(" —,")
    assert all(c["value"] in CARDS and age_word in c["name"] for c in choices)
    # nothing typed: the first 25 cards, in Czech
    first = await d.autocomplete("alice", CHANNEL, "tta", "rules", focused="card",
                                 options={"card": ""})
    assert len(first) == 25
    inter = await d.slash("alice", CHANNEL, "tta", "rules", options={"card": card})
    await inter.wait_done(10)
    assert inter.ephemeral
    assert card_name(card, "cs") in inter.content
    assert len(inter.attachments) == 1
    shown = Image.open(io.BytesIO(inter.attachments[0].data))
    assert shown.size == Image.open(io.BytesIO(cardface.card_png(card, "cs"))).size


async def test_a_name_typed_in_full_finds_its_card_and_an_unknown_one_is_refused(agora):
    d = agora.double
    d.user("bob").locale = "de"
    await started(agora)
    inter = await d.slash("bob", CHANNEL, "tta", "rules",
                          options={"card": card_name("iron_i", "de").upper()})
    await inter.wait_done(10)
    assert inter.ephemeral and card_name("iron_i", "de") in inter.content
    assert inter.attachments
    inter = await d.slash("bob", CHANNEL, "tta", "rules", options={"card": "Xyzzy Plugh"})
    await inter.wait_done(10)
    assert inter.ephemeral and not inter.attachments
    assert inter.content == t("bot.lookup.unknown", "de", text="Xyzzy Plugh", cmd="tta")
    # a name several cards share (one per age) asks to pick one
    inter = await d.slash("bob", CHANNEL, "tta", "rules",
                          options={"card": card_name("engineering_genius_i", "de")})
    await inter.wait_done(10)
    assert inter.ephemeral and not inter.attachments
    assert lookup_label("engineering_genius_ii", "de") in inter.content
    # the rules topics still answer as before
    inter = await d.slash("bob", CHANNEL, "tta", "rules", options={"topic": "production"})
    await inter.wait_done(10)
    assert inter.content == t("tta.rules.production", "de")
