"""Each reader in their own language, end to end through the Discord double (issue 10).

A Polish server: the game's language defaults to the server's preferred locale, so the channel
(lobby, turn posts, pictures, the final scores) is Polish. Alice's Discord is Czech, Bob's
German, Carol's English: everything only one of them sees — ephemeral answers, refusals, the DM
prompts and hands the bot sends first — is in that person's language. Slash commands carry
their names, descriptions and choices in cs, de and pl through discord.py's Translator."""

from __future__ import annotations

from data.i18n import t
from engine.pantheon import view
from render.pantheon import board_png
from tests.bot.bot_helpers import (
    CHANNEL,
    button_id,
    click_choice,
    has_prompt,
    newest,
    settle,
    slash,
    user_names,
    waiting_user,
)

SEED = 11
PLAYERS = {"alice": "cs", "bob": "de", "carol": "en-US"}
QUICK = ("pantheon.decision.action.draw", "pantheon.decision.take_deck",
         "pantheon.decision.follow_draw", "pantheon.decision.gallia.draw",
         "pantheon.decision.skip", "pantheon.decision.decline")


def quick(lang: str) -> tuple[str, ...]:
    """The labels of the quick options (drawing, skipping) in `lang`."""
    return tuple(t(key, lang) for key in QUICK)


def panel_head(lang: str, game_id: int, name: str) -> str:
    """The first line of a private prompt in `lang`."""
    return t("bot.panel.head", lang, title=t("bot.title", lang, game="Pantheon", id=game_id),
             name=name)


async def test_commands_are_described_in_czech_german_and_polish(agora):
    d = agora.double
    await agora.start()
    group = next(c for c in d.commands() if c.name == "pantheon").data
    assert group["description_localizations"]["cs"] == t("bot.cmd.group", "cs", game="Pantheon")
    assert set(group["description_localizations"]) >= {"cs", "de", "pl"}
    assert not group.get("name_localizations")  # the game's own name: the same everywhere
    subs = {o["name"]: o for o in group["options"]}
    assert subs["join"]["description_localizations"]["de"] == t("bot.cmd.join", "de")
    assert subs["move"]["description_localizations"]["pl"] == t("pantheon.cmd.move", "pl")
    start = {o["name"]: o for o in subs["start"]["options"]}
    languages = start["language"]["choices"]
    assert [c["value"] for c in languages] == ["en", "cs", "de", "pl"]
    assert languages[1]["name"] == "Čeština"
    assert start["bonus_draft"]["description_localizations"]["cs"] == t(
        "pantheon.option.bonus_draft", "cs")
    # names in each language: Discord's rule (lower case, no spaces), one per subcommand
    assert subs["join"]["name_localizations"] == {"cs": "pripojit", "de": "beitreten",
                                                  "pl": "dolacz"}
    assert start["language"]["name_localizations"]["de"] == "sprache"
    for lang in ("cs", "de", "pl"):
        names = [o.get("name_localizations", {}).get(lang, o["name"]) for o in group["options"]]
        assert len(set(names)) == len(names), lang
    level = {o["name"]: o for o in subs["addbot"]["options"]}["level"]
    assert level["choices"][0]["name_localizations"]["de"] == t("bot.choice.level.easy", "de")


async def test_a_polish_game_with_a_czech_and_a_german_player(agora):
    d = agora.double
    d.guild.locale = "pl"
    for name, locale in PLAYERS.items():
        d.user(name).locale = locale
    bot = await agora.start()
    await slash(d, "alice", "start", seed=SEED, stall_guard_rounds=1)  # no language: the server's
    lobby = d.messages(CHANNEL)[-1]
    game_id = (await bot.store.open_game(d.channel(CHANNEL).id)).id
    title = t("bot.title", "pl", game="Pantheon", id=game_id)
    assert lobby.content.startswith(t("bot.lobby.head", "pl", title=title,
                                      host=f"<@{d.user('alice').id}>"))
    assert t("bot.language.pl", "pl") in lobby.content  # the lobby names the game's language
    for name in ("bob", "carol"):
        await slash(d, name, "join")
    again = await slash(d, "bob", "join")  # a refusal: in Bob's German, not the game's Polish
    assert again.content == t("bot.err.already_seated", "de")
    again = await slash(d, "alice", "join")
    assert again.content == t("bot.err.already_seated", "cs")
    await slash(d, "alice", "begin")
    await d.wait_for_message(CHANNEL, lambda m: bool(m.attachments), timeout=10)
    assert await bot.store.user_language(d.user("alice").id) == "cs"
    assert await bot.store.user_language(d.user("bob").id) == "de"

    ids = user_names(d, list(PLAYERS))
    carol_panel = None
    for _ in range(600):
        await settle(bot)
        table, user = await waiting_user(bot, game_id, ids)
        if user is None:
            break
        if user == "carol":  # the channel's turn button: an ephemeral panel in English
            panel = d.message(carol_panel.id) if carol_panel is not None else None
            if panel is None or not has_prompt(panel):
                turn = newest(d.messages(CHANNEL), lambda m: button_id(m, "ag:t:") is not None)
                inter = await d.click("carol", turn, button_id(turn, "ag:t:"))
                await inter.wait_done(10)
                if not has_prompt(inter.message):  # an older turn message: /pantheon turn
                    inter = await slash(d, "carol", "turn")
                panel = inter.message
                assert panel.content.startswith(panel_head("en", game_id, "carol"))
            carol_panel = panel
            await click_choice(d, "carol", panel, quick("en"))
        else:
            lang = PLAYERS[user]
            prompt = newest(d.dms(user), has_prompt)
            assert prompt is not None, f"{user} has no prompt in their DMs"
            # (a turn's prompt may open with "since your last turn", then the panel)
            assert panel_head(lang, game_id, user) in prompt.content, prompt.content[:200]
            await click_choice(d, user, prompt, quick(lang))
    await settle(bot)

    table = await bot.games.table(game_id)
    assert table.game.status == "over"
    posts = d.messages(CHANNEL)
    turn_posts = [m for m in posts if any(a.filename == "board.png" for a in m.attachments)]
    assert len(turn_posts) > 10
    post_head = t("bot.post.head", "pl", title=title, where="")
    assert all(m.content.startswith(post_head) for m in turn_posts), turn_posts[0].content[:80]
    final = posts[-1]
    assert t("bot.over.head", "pl") in final.content
    assert t("bot.over.head", "en") not in final.content
    # the channel's last board is the Polish picture of the final public view
    board = next(a for a in turn_posts[-1].attachments if a.filename == "board.png")
    assert board.data == board_png(view(table.state, None), "pl")
    assert board.data != board_png(view(table.state, None), "en")
    # hands by DM in each player's language
    for user in ("alice", "bob"):
        lang = PLAYERS[user]
        hands = [m for m in d.dms(user) if any(a.filename == "hand.png" for a in m.attachments)]
        assert hands and all(m.content.startswith(t(
            "bot.hand.head", lang, title=t("bot.title", lang, game="Pantheon", id=game_id),
            name=user)) for m in hands)
    # and a private answer after the end: Bob's status in German, Alice's in Czech
    status = await slash(d, "bob", "status")
    assert t("bot.over.head", "de") in status.content
    status = await slash(d, "alice", "status")
    assert t("bot.over.head", "cs") in status.content


async def test_a_german_amunre_game_for_a_polish_player(agora):
    """Amun-Re in German, chosen at start (`language:`), on an English server; Alice's Discord is
    Polish: her sealed-sacrifice prompts, her refusals and her /amunre verify answer are Polish,
    the channel is German from the lobby to the final ranking."""
    d = agora.double
    d.user("alice").locale = "pl"
    bot = await agora.start()
    await d.wait_for_commands("amunre")

    async def amunre(*names: str, **options):
        inter = await d.slash("alice", CHANNEL, "amunre", *names, options=options)
        await inter.wait_done(10)
        return inter

    await amunre("start", seed=8, language="de")
    for level in ("easy", "normal", "normal"):
        await amunre("addbot", level=level)
    await amunre("begin")
    await d.wait_for_message(CHANNEL, lambda m: bool(m.attachments), timeout=10)
    gid = (await bot.store.open_game(d.channel(CHANNEL).id)).id
    done = (t("amunre.decision.done", "pl"),)
    for _ in range(600):
        await settle(bot)
        if (await bot.store.game(gid)).status != "playing":
            break
        prompt = newest(d.dms("alice"), has_prompt)
        title = t("bot.title", "pl", game="Amun-Re", id=gid)
        assert t("bot.panel.head", "pl", title=title, name="alice") in prompt.content
        await click_choice(d, "alice", prompt, done)
    assert (await bot.store.game(gid)).status == "over"
    final = d.messages(CHANNEL)[-1]
    assert t("bot.over.head", "de") in final.content
    assert final.content.startswith(t("bot.post.head", "de", title=t(
        "bot.title", "de", game="Amun-Re", id=gid), where=""))
    check = await amunre("verify")
    assert check.content == t("bot.verify.discord_ok", "pl")
    refused = await amunre("join")  # after the end there is no open game: said in Polish
    assert refused.ephemeral
    assert refused.content == t("bot.err.no_game", "pl", game="Amun-Re", cmd="amunre")
