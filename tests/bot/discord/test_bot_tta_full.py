"""The full game of Through the Ages through the Discord double (issue 28): `/tta start` opens
the full game by default (F-SETUP-3), and one person plays a whole 3-player game against two
normal AI seats, from /tta start to the final ranking, with an aggression against him (his
private defence, F-AGGR-8, G-ASYNC-7), a pact offered to him (his private answer, F-PACT-3,
G-ASYNC-9) and a war (F-WAR, shown on the table until it resolves).

The person clicks, through Discord, what the normal AI would choose from his own view, so the
game is the one an engine-only replay of the seed gives (SEED was found that way: an AI attacks
him, an AI offers him a pact and a war is declared). Every message he gets, and every channel
post, is read."""

from __future__ import annotations

import time

import engine.tta as T
from engine.core import Decision
from engine.tta import ai
from engine.tta.cardtext import card_name
from engine.tta.flow import current
from tests.bot.bot_helpers import has_prompt, newest, settle
from tests.bot.discord.test_bot_tta import CHANNEL, tta

SEED = 5  # engine-only replay: AI 1 or AI 2 attacks alice, offers her a pact, a war is declared
HUMAN = "alice"


def channel_text(d, since: int = 0) -> str:
    return "\n".join(m.content for m in d.messages(CHANNEL)[since:])


async def choose(d, user: str, prompt, panel, wanted: Decision) -> None:
    """Click `wanted` in the DM prompt: its button, or its entry in a select menu (turning the
    menu's pages), else by /tta choose with the autocomplete's value for it."""
    index = next(i for i, o in enumerate(panel.options) if o.canonical() == wanted.canonical())
    message = d.message(prompt.id)
    for _ in range(10):
        for c in message.walk_components():
            cid = str(c.get("custom_id", ""))
            if cid.startswith("ag:o:") and cid.endswith(f":{index}"):
                await (await d.click(user, message, cid)).wait_done(10)
                return
            if cid.startswith("ag:s:") and any(o["value"] == str(index)
                                               for o in c.get("options") or []):
                await (await d.select(user, message, cid, [str(index)])).wait_done(10)
                return
        more = [str(c["custom_id"]) for c in message.walk_components()
                if str(c.get("custom_id", "")).startswith("ag:m:")]
        if not more:
            break
        await (await d.click(user, message, more[-1])).wait_done(10)
        message = newest(d.dms(user), has_prompt) or message
    label = T.describe(wanted)
    found = await d.autocomplete(user, CHANNEL, "tta", "choose", focused="choice",
                                 options={"choice": label[:90]})
    value = next(c["value"] for c in found if c["name"] == label)
    await tta(d, user, "choose", choice=value)


async def test_a_whole_full_game_with_an_aggression_a_pact_and_a_war(agora):
    started = time.monotonic()
    d = agora.double
    bot = await agora.start()
    await d.wait_for_commands("tta")
    await tta(d, HUMAN, "start", seed=SEED)  # no mode given: the full game
    lobby = channel_text(d)  # the lobby words the choice, not the raw value
    assert "full game" in lobby and "keep the peaceful pacts" not in lobby, lobby
    await tta(d, HUMAN, "addbot", level="normal")
    await tta(d, HUMAN, "addbot", level="normal")
    await tta(d, HUMAN, "begin")
    await d.wait_for_message(CHANNEL, lambda m: bool(m.attachments), timeout=20)
    gid = (await bot.store.open_game(d.channel(CHANNEL).id)).id
    table = await bot.games.table(gid)
    assert table.state.options.get("mode") == "full"
    me = next(s.seat for s in table.seats if s.user_id == d.user(HUMAN).id)
    names = table.names
    defended = offered = 0
    war_pending = war_resolved = False
    defence_from: int | None = None  # channel length when his defence began
    seen_prompts: list[str] = []
    for _ in range(5000):
        await settle(bot)
        game = await bot.store.game(gid)
        if game.status != "playing":
            break
        table = await bot.games.table(gid)
        if table.state.wars and not war_pending:  # declared: the table says so until it ends
            war = table.state.wars[0]
            said = await tta(d, HUMAN, "status")
            assert said.ephemeral and card_name(war["card"]) in said.content, said.content
            war_pending = True
        if war_pending and not table.state.wars:
            war_resolved = True
        assert me in table.kind.awaited(table.state), "an AI seat keeps the game waiting"
        prompt = newest(d.dms(HUMAN), has_prompt)
        assert prompt is not None and prompt.channel.is_dm
        panel = await bot.games.panel(table, me)
        if panel.complete:
            cid = next(c for c in d.message(prompt.id).custom_ids if c.startswith("ag:c:"))
            await (await d.click(HUMAN, d.message(prompt.id), cid)).wait_done(10)
            continue
        kind = panel.prompt.kind if panel.prompt is not None else ""
        content = d.message(prompt.id).content
        frame = current(panel.preview) or {}
        if kind in ("defend", "pact_answer"):
            seen_prompts.append(content)
        if kind == "defend":
            # his own prompt names the attacker and the card; nothing of his picks is in
            # the channel until the aggression resolves
            if defence_from is None:
                defence_from = len(d.messages(CHANNEL))
                defended += 1
            assert names[frame["attacker"]] in content, content
            assert card_name(frame["card"]).split(" ")[0] in content, content
        elif defence_from is not None:
            defence_from = None
        if kind == "pact_answer":
            offer = panel.preview.pact_offer
            assert names[offer["owner"]] in content and card_name(offer["card"]) in content
            offered += 1
            # the channel knows only who offers to whom, never the card
            posted = channel_text(d)
            assert f"{names[offer['owner']]}" in posted
        wanted = ai.choose(panel.preview, me, "normal")
        if kind == "defend" and wanted.kind in ("bonus", "discard"):
            picked = card_name(wanted.args["card"])
            await choose(d, HUMAN, prompt, panel, wanted)
            assert picked not in channel_text(d, defence_from), picked
            continue
        await choose(d, HUMAN, prompt, panel, wanted)
    game = await bot.store.game(gid)
    assert game.status == "over"
    assert defended and offered and war_pending and war_resolved, (
        defended, offered, war_pending, war_resolved)
    final = d.messages(CHANNEL)[-1]
    assert "Final scores" in final.content, final.content
    print(f"full game through the double: {time.monotonic() - started:.1f} s")
