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
from tests.bot.discord.test_bot_deadlines import FakeClock
from tests.bot.discord.test_bot_tta import CHANNEL, choices_of, tta

SEED = 47  # engine-only replay: an AI attacks alice (she picks cards to defend), an AI offers
# her an asymmetric pact, and a war is declared and resolved
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
    clock = FakeClock()
    bot = await agora.start(clock=clock)
    await d.wait_for_commands("tta")
    await tta(d, HUMAN, "start", seed=SEED, deadline_hours=24)  # no mode given: the full game
    lobby = channel_text(d)  # the lobby words the choices, not their raw values
    assert "full game" in lobby and ": off" in lobby and "keep_pacts" not in lobby, lobby
    await tta(d, HUMAN, "addbot", level="normal")
    await tta(d, HUMAN, "addbot", level="normal")
    await tta(d, HUMAN, "begin")
    await d.wait_for_message(CHANNEL, lambda m: bool(m.attachments), timeout=20)
    gid = (await bot.store.open_game(d.channel(CHANNEL).id)).id
    table = await bot.games.table(gid)
    assert table.state.options.get("mode") == "full"
    me = next(s.seat for s in table.seats if s.user_id == d.user(HUMAN).id)
    names = table.names
    defences: list[tuple[int, list[str]]] = []  # (channel length at its start, cards picked)
    offers: list[dict] = []
    wars_seen: list[dict] = []
    war_resolved = False
    for _ in range(5000):
        await settle(bot)
        game = await bot.store.game(gid)
        if game.status != "playing":
            break
        table = await bot.games.table(gid)
        for war in table.state.wars:  # declared: /tta status says so until it resolves
            if war not in wars_seen:
                said = await tta(d, HUMAN, "status")
                assert said.ephemeral and card_name(war["card"]) in said.content, said.content
                assert f"{names[war['attacker']]} against {names[war['defender']]}" \
                    in said.content, said.content
                wars_seen.append(war)
        war_resolved |= bool(wars_seen) and wars_seen[-1] not in table.state.wars
        assert me in table.kind.awaited(table.state), "an AI seat keeps the game waiting"
        prompt = newest(d.dms(HUMAN), has_prompt)
        assert prompt is not None and prompt.channel.is_dm
        assert prompt.channel.recipient is d.user(HUMAN)
        panel = await bot.games.panel(table, me)
        if panel.complete:
            cid = next(c for c in d.message(prompt.id).custom_ids if c.startswith("ag:c:"))
            await (await d.click(HUMAN, d.message(prompt.id), cid)).wait_done(10)
            continue
        kind = panel.prompt.kind if panel.prompt is not None else ""
        content = d.message(prompt.id).content  # read now: the next step edits the prompt
        frame = current(panel.preview) or {}
        wanted = ai.choose(panel.preview, me, "normal")
        if kind == "defend":
            # his own prompt names the attacker and the card, his cards to pick are its
            # options; the channel learns nothing of his picks until the aggression resolves
            if not panel.steps:
                defences.append((len(d.messages(CHANNEL)), []))
            if len(defences) == 1 and not panel.steps:
                # out of turn, his own clock: the channel reminder says what is asked in
                # public words, the deadline's warning comes by DM
                clock.advance(19)
                await bot.reminders.due()
                await bot.deadlines.due()
                reminder = d.messages(CHANNEL)[-2:]
                assert any("reminder:" in m.content and "defend against" in m.content
                           for m in reminder), [m.content for m in reminder]
                warned = newest(d.dms(HUMAN), lambda m: m.content.startswith("⏳"))
                assert warned is not None and "(24 h) runs out" in warned.content
            attacker, card = names[frame["attacker"]], card_name(frame["card"])
            assert f"defend against {card}" in content and attacker in content, content
            picks = {o.args["card"] for o in panel.options if o.kind in ("bonus", "discard")}
            assert picks <= set(panel.preview.players[me].military)
            found = await d.autocomplete(HUMAN, CHANNEL, "tta", "politics", focused="choice",
                                         options={"choice": ""})
            assert {c["name"] for c in found} == {T.describe(o) for o in panel.options}
            if wanted.kind in ("bonus", "discard"):
                defences[-1][1].append(card_name(wanted.args["card"]))
        if kind == "pact_answer":
            offer = panel.preview.pact_offer
            owner, card = names[offer["owner"]], card_name(offer["card"])
            assert f"{owner} offers {HUMAN} the pact {card}" in content, content
            if offer.get("side"):  # an asymmetric pact: both sides named
                assert f"({owner} side {offer['side']}, {HUMAN} side " in content, content
            offers.append(offer)
            # the channel knows who offers to whom, never the card
            said = channel_text(d).split("\n")
            assert f"• {owner} offers a pact to {HUMAN}." in said
            assert not any(card in line for line in said if "offers a pact" in line)
            found = await d.autocomplete(HUMAN, CHANNEL, "tta", "politics", focused="choice",
                                         options={"choice": ""})
            assert any(card in c["name"] and owner in c["name"] for c in found), found
        await choose(d, HUMAN, prompt, panel, wanted)
        for since, picked in defences[-1:]:
            if kind == "defend":  # (an aggression ends at once after his last step)
                later = channel_text(d, since)
                if "defends with strength" not in later:
                    assert not any(c in later for c in picked), (picked, later)
    game = await bot.store.game(gid)
    assert game.status == "over"
    assert defences and any(picked for _, picked in defences), defences
    assert offers and any(o.get("side") for o in offers), offers
    assert wars_seen and war_resolved, wars_seen
    posted = channel_text(d)
    # after each defence: the bonus cards played, the number discarded and the outcome
    for since, _ in defences:
        later = channel_text(d, since)
        assert f"{HUMAN} defends with strength" in later and "cards discarded:" in later
        assert " succeeds against alice." in later or "alice repels " in later
    for offer in offers:  # every answer public, with the card
        card, owner = card_name(offer["card"]), names[offer["owner"]]
        line = next(x for x in posted.split("\n") if f"{HUMAN} accepts {card} from {owner}" in x
                    or f"{HUMAN} refuses {card} from {owner}" in x)
        if offer.get("side"):  # G-PACT-1: the answer is public with the sides
            assert f"{owner} takes side {offer['side']}" in line or \
                f"({owner} side {offer['side']}" in line, line
    for war in wars_seen:
        assert f"declares {card_name(war['card'])} on {names[war['defender']]}" in posted
    final = d.messages(CHANNEL)[-1]
    assert "Final scores" in final.content, final.content
    print(f"full game through the double: {time.monotonic() - started:.1f} s")


async def open_full(d, agora, seed: int):
    """`/tta start` (the full game) with HUMAN and two normal AI seats, begun."""
    bot = await agora.start()
    await d.wait_for_commands("tta")
    await tta(d, HUMAN, "start", seed=seed)
    for _ in range(2):
        await tta(d, HUMAN, "addbot", level="normal")
    await tta(d, HUMAN, "begin")
    await d.wait_for_message(CHANNEL, lambda m: bool(m.attachments), timeout=20)
    gid = (await bot.store.open_game(d.channel(CHANNEL).id)).id
    table = await bot.games.table(gid)
    return bot, gid, next(s.seat for s in table.seats if s.user_id == d.user(HUMAN).id)


async def test_a_resignation_asks_for_a_confirmation(agora):
    """F-RES, G-ASYNC-11: `Resign` (under /tta politics) asks "Yes, resign" or "No, go back"
    in his own prompt; going back leaves the politics phase as it was and the channel hears
    nothing; confirmed, the channel hears it, the two AI seats play on to the end and the
    final ranking lists him as resigned."""
    d = agora.double
    bot, gid, me = await open_full(d, agora, 3)
    asked = False
    for _ in range(400):
        await settle(bot)
        table = await bot.games.table(gid)
        if table.game.status != "playing":
            break
        prompt = newest(d.dms(HUMAN), has_prompt)
        panel = await bot.games.panel(table, me)
        if panel.complete:
            cid = next(c for c in d.message(prompt.id).custom_ids if c.startswith("ag:c:"))
            await (await d.click(HUMAN, d.message(prompt.id), cid)).wait_done(10)
            continue
        resign = next((o for o in panel.options if o.kind == "resign"), None)
        if resign is None:
            await choose(d, HUMAN, prompt, panel, ai.choose(panel.preview, me, "normal"))
            continue
        before = len(d.messages(CHANNEL))
        found = await d.autocomplete(HUMAN, CHANNEL, "tta", "politics", focused="choice",
                                     options={"choice": "Resign"})
        value = next(c["value"] for c in found if c["name"] == "Resign")
        said = await tta(d, HUMAN, "politics", choice=value)
        prompt = said.message  # his private answer: the panel with the next step's buttons
        assert said.ephemeral and prompt is not None
        assert "Now: confirm the resignation (it cannot be undone) or go back" in said.content
        labels = [o[0] for o in choices_of(d.message(prompt.id))]
        assert labels == ["Yes, resign", "No, go back"], labels
        panel = await bot.games.panel(await bot.games.table(gid), me)
        await choose(d, HUMAN, prompt, panel, Decision("back", {}))
        panel = await bot.games.panel(await bot.games.table(gid), me)
        assert panel.prompt.kind == "politics" and resign in panel.options
        assert "Now: politics phase" in d.message(prompt.id).content
        assert len(d.messages(CHANNEL)) == before  # nothing said of a request taken back
        await choose(d, HUMAN, prompt, panel, resign)
        panel = await bot.games.panel(await bot.games.table(gid), me)
        await choose(d, HUMAN, prompt, panel, Decision("resign_confirm", {}))
        assert len(d.messages(CHANNEL)) == before or "resigns" in channel_text(d, before)
        asked = True
    await settle(bot)
    assert asked
    game = await bot.store.game(gid)
    table = await bot.games.table(gid)
    if game.status == "playing":  # his part may wait for Confirm (a draft)
        prompt = newest(d.dms(HUMAN), has_prompt)
        cid = next(c for c in d.message(prompt.id).custom_ids if c.startswith("ag:c:"))
        await (await d.click(HUMAN, d.message(prompt.id), cid)).wait_done(10)
        await settle(bot)
        game = await bot.store.game(gid)
    assert game.status == "over", game.status
    posted = channel_text(d)
    assert f"{HUMAN} resigns and leaves the game with every card." in posted
    assert f"{HUMAN}: resigned" in d.messages(CHANNEL)[-1].content


async def test_three_people_read_only_their_own_secrets(agora):
    """Three people: an aggression's defence (F-AGGR-8, G-ASYNC-7) and a pact offer (F-PACT-3,
    G-ASYNC-9) between them. Every message each person gets is read after every step: the
    defender's picks (his draft's labels) reach only him, never the attacker, the third player
    or the channel; the offer's card and sides reach only the partner's prompt."""
    d = agora.double
    people = ["alice", "bob", "carol"]
    bot = await agora.start()
    await d.wait_for_commands("tta")
    await tta(d, "alice", "start", seed=3)  # an engine-only replay: aggressions with picks
    for user in people[1:]:
        await tta(d, user, "join")
    await tta(d, "alice", "begin")
    await d.wait_for_message(CHANNEL, lambda m: bool(m.attachments), timeout=20)
    gid = (await bot.store.open_game(d.channel(CHANNEL).id)).id
    ids = {d.user(u).id: u for u in people}
    read: dict[str, set[str]] = {u: set() for u in people}
    picks: list[tuple[str, str]] = []  # (defender, the label of a card he picked)
    offers: list[tuple[str, str]] = []  # (partner, his prompt's words of the offer)
    answered = resolved = False
    for _ in range(3000):
        await settle(bot)
        for u in people:  # every message as it reads now (prompts are edited in place)
            read[u] |= {m.content for m in d.dms(u)}
        table = await bot.games.table(gid)
        if table.game.status != "playing" or (answered and resolved):
            break
        seat = table.awaited()[0].seat
        user = ids[table.seats[seat].user_id]
        prompt = newest(d.dms(user), has_prompt)
        panel = await bot.games.panel(table, seat)
        if panel.complete:
            cid = next(c for c in d.message(prompt.id).custom_ids if c.startswith("ag:c:"))
            await (await d.click(user, d.message(prompt.id), cid)).wait_done(10)
            continue
        kind = panel.prompt.kind if panel.prompt is not None else ""
        wanted = ai.choose(panel.preview, seat, "normal")
        if kind == "defend" and wanted.kind in ("bonus", "discard"):
            picks.append((user, T.describe(wanted)))
        if kind == "defend" and wanted.kind == "done" and picks and picks[-1][0] == user:
            resolved = True
        if kind == "pact_answer":
            line = d.message(prompt.id).content.split("\n")[1]
            assert line.startswith(f"Now: {table.names[panel.preview.pact_offer['owner']]} "
                                   f"offers {user} the pact "), line
            offers.append((user, line))
            answered = True
        await choose(d, user, prompt, panel, wanted)
    assert picks and resolved and offers
    channel = channel_text(d)
    for defender, label in picks:
        assert any(label in text for text in read[defender]), label  # his draft shows it
        for other in people:
            if other != defender:
                assert not any(label in text for text in read[other]), (other, label)
        assert label not in channel, label
    for partner, line in offers:
        words = line.removeprefix("Now: ")
        for other in people:
            if other != partner:
                assert not any(words in text for text in read[other]), (other, words)
        assert words not in channel
