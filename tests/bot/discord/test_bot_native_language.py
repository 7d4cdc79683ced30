"""What a Czech, German or Polish player reads, end to end through the Discord double (issue 30).

A Czech Amun-Re game with three *human* seats whose Discord clients are Czech, Polish and
German: every channel post (in Czech) and every DM (in each player's language) is read, and each
amount of gold is written in the form its number takes ("1 zlatý, 2 zlaté, 5 zlatých", "1 złoto,
2 złota"), never as "zlato 2" or "1 złota". The slash commands carry the names a native speaker
would type."""

from __future__ import annotations

import re

from data.i18n import plural_category, t
from tests.bot.bot_helpers import click_choice, has_prompt, newest, settle

CHANNEL = "game-1"
PLAYERS = {"alice": "cs", "bob": "pl", "carol": "de"}
CS_GOLD = {"one": "zlatý", "few": "zlaté", "many": "zlatého", "other": "zlatých"}
PL_GOLD = {"one": "złoto", "few": "złota", "many": "złota", "other": "złota"}


def keep_going(lang: str) -> tuple[str, ...]:
    """The labels that move an Amun-Re game on, in `lang`."""
    return tuple(t(f"amunre.decision.{k}", lang) for k in ("done", "end_turn", "stop"))


def texts(message) -> list[str]:
    """The words of a message: its content and its embeds' titles, descriptions and fields."""
    out = [message.content or ""]
    for embed in getattr(message, "embeds", None) or []:
        embed = embed if isinstance(embed, dict) else embed.to_dict()
        out += [embed.get("title") or "", embed.get("description") or ""]
        out += [f"{f.get('name', '')} {f.get('value', '')}" for f in embed.get("fields") or []]
    return out


def gold_forms(text: str, lang: str) -> list[tuple[str, str]]:
    """(number, word) pairs of amounts of gold whose word does not fit the number."""
    words = CS_GOLD if lang == "cs" else PL_GOLD
    alternatives = "|".join(sorted(set(words.values()), key=len, reverse=True))
    pattern = re.compile(rf"\b(\d+) ({alternatives})\b")
    return [(n, w) for n, w in pattern.findall(text)
            if w != words[plural_category(int(n), lang)]]


async def test_a_czech_amunre_game_counts_gold_as_each_language_does(agora):
    d = agora.double
    for name, lang in PLAYERS.items():
        d.user(name).locale = lang
    bot = await agora.start()
    await d.wait_for_commands("amunre")

    async def amunre(user: str, *names: str, **options):
        inter = await d.slash(user, CHANNEL, "amunre", *names, options=options)
        await inter.wait_done(10)
        return inter

    await amunre("alice", "start", seed=8, language="cs")
    for name in ("bob", "carol"):
        await amunre(name, "join")
    await amunre("alice", "begin")
    await d.wait_for_message(CHANNEL, lambda m: bool(m.attachments), timeout=10)
    gid = (await bot.store.open_game(d.channel(CHANNEL).id)).id
    ids = {d.user(n).id: n for n in PLAYERS}
    names = {s.seat: ids[s.user_id] for s in (await bot.games.table(gid)).seats}
    for _ in range(900):
        await settle(bot)
        table = await bot.games.table(gid)
        if table.game.status != "playing":
            break
        name = names[table.awaited()[0].seat]
        prompt = newest(d.dms(name), has_prompt)
        assert prompt is not None, f"{name} is awaited but has no prompt"
        await click_choice(d, name, prompt, keep_going(PLAYERS[name]))
    assert (await bot.store.game(gid)).status == "over"

    channel = [x for m in d.messages(CHANNEL) for x in texts(m)]
    said = "\n".join(channel)
    assert re.search(r"\d+ (zlatý|zlaté|zlatých)\b", said), "the channel never counts gold"
    assert [x for x in channel if gold_forms(x, "cs")] == []
    assert not re.search(r"\bzlato \d", said)  # the review's "zlato 2"
    bob = [x for m in d.dms("bob") for x in texts(m)]
    assert re.search(r"\d+ (złoto|złota)\b", "\n".join(bob)), "Bob's DMs never count gold"
    assert [x for x in bob if gold_forms(x, "pl")] == []
    assert not re.search(r"\b1 złota\b", "\n".join(bob))  # the review's "1 złota"
    # the status everyone may ask for: its lines use labels, not "1 Provinzen"
    status = await amunre("carol", "status")
    assert not re.search(r"\b1 (Provinzen|Pyramiden)\b", status.content)


async def test_slash_command_names_a_native_speaker_types(agora):
    """German `eroeffnen` (open a game) and `beginnen` (begin it), `ki-hinzufuegen`,
    `spielplan`; Czech `vyvinout` (the Czech guide's word for develop); Polish `tura`, the
    texts' word for a turn outside Pantheon, and `opracuj`."""
    d = agora.double
    await agora.start()
    await d.wait_for_commands("tta")
    tta = {o["name"]: o for o in next(c for c in d.commands() if c.name == "tta").data["options"]}
    assert tta["start"]["name_localizations"]["de"] == "eroeffnen"
    assert tta["begin"]["name_localizations"]["de"] == "beginnen"
    assert tta["addbot"]["name_localizations"]["de"] == "ki-hinzufuegen"
    assert tta["board"]["name_localizations"]["de"] == "spielplan"
    assert tta["develop"]["name_localizations"]["cs"] == "vyvinout"
    assert tta["develop"]["name_localizations"]["pl"] == "opracuj"
    assert tta["turn"]["name_localizations"]["pl"] == "tura"
    # and the texts quote the names the client shows
    assert "/tta eroeffnen" in t("bot.err.no_game", "de", game="Through the Ages", cmd="tta")
    help_de = t("bot.lobby.help", "de", n=1, min=2, max=4, cmd="tta")
    assert "`/tta ki-hinzufuegen`" in help_de and "`/tta beginnen`" in help_de
    assert "/tta tura" in t("bot.err.stale", "pl", cmd="tta")
