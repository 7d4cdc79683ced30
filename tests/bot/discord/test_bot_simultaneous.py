"""The acceptance test of "One host for every game": the host driven through the Discord double
with several seats awaited at once and an out-of-turn decision, on the test game "Sealed offers"
(tests/sealed; the same host path Amun-Re's secret sacrifice and Bid Blockade will take).

Three players seal offers at once: each seat's prompt and draft stay private and independent,
the channel and the log leak nothing, a stale click is refused, and the bot *process* is killed
(SIGKILL) in the middle of the simultaneous step and started again on the same database without
losing or repeating anything. Then, during the takes, a seat that is not awaited plays its veto
out of turn, and a second veto is refused."""

from __future__ import annotations

import re
import signal
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest

import tests.sealed as sealed_game
from bot.store.sqlite import Store
from engine.core import Decision, Prompt
from tests.bot.bot_helpers import (
    BotProcess,
    button_id,
    has_prompt,
    newest,
    option_labels,
    quiet,
    settle,
)
from tests.bot.store.store_backends import current_state
from tests.discord_double import DiscordDouble
from tests.discord_double.models import Message
from tests.sealed import rules

CHANNEL = "game-1"
PLAYERS = ["alice", "bob", "carol"]
OFFERS = {"alice": 2, "bob": 1, "carol": 3}  # three different amounts, so a leak names its seat
# alice opens round 1 (S-SETUP-1): the takes go alice, bob, carol
SEED = next(sd for sd in range(1, 200) if rules.new_game(PLAYERS, sd).first == 0)
OFFER_LABELS = ["Offer 0 coins", "Offer 1 coin", "Offer 2 coins", "Offer 3 coins"]
BOT_MAIN = ("import tests.sealed as g; g.register(); from bot.cli import main; "
            "raise SystemExit(main(['run']))")

# how the game's texts show an amount offered: "Offer 2 coins" (a draft step), "Your sealed
# offer: 2 coins" (hand, panel), "You sealed an offer of 2 coins." (the private log line)
OFFER_SHOWN = re.compile(r"(?i)\boffer(?:ed)?(?: of|:)? (\d) coins?\b")
# a score as the channel and the panels show it ("alice 0 · bob 0"), not an amount of coins
SCORE_SHOWN = re.compile(r"\b(alice|bob|carol) (\d+)\b(?! coin)")


def offer(coins: int) -> dict[str, Any]:
    return Decision("offer", {"coins": coins}).to_json()


@pytest.fixture
def sealed_registered():
    """The test game is registered before the bot starts (the bot builds one command group per
    registered game at start) and taken away afterwards."""
    sealed_game.register()
    yield
    sealed_game.unregister()


# --- driving the double ---------------------------------------------------------------------------

async def sealed(d: DiscordDouble, user: str, *names: str, **options: Any):
    """Run a /sealed command in the game channel and wait for its (ephemeral) answer."""
    inter = await d.slash(user, CHANNEL, "sealed", *names, options=options)
    await inter.wait_done(10)
    return inter


async def click(d: DiscordDouble, user: str, message: Message, label: str):
    message = d.message(message.id)
    inter = await d.click(user, message, message.custom_id_for(label))
    await inter.wait_done(10)
    return inter


def prompt(d: DiscordDouble, user: str) -> Message:
    found = newest(d.dms(user), has_prompt)
    assert found is not None, f"{user} has no prompt by DM"
    return found


def last_id(d: DiscordDouble, where: str) -> int:
    messages = d.messages(where)
    return messages[-1].id if messages else 0


def new_prompts(d: DiscordDouble, user: str, after: int) -> list[Message]:
    return [m for m in d.dms(user) if m.id > after and has_prompt(m)]


def texts_seen(d: DiscordDouble) -> dict[str, list[str]]:
    """Every text the bot ever sent, by who could see it: "public" (a guild channel) or a user
    (their DMs, their ephemeral answers). Read from the double's record of requests, so a text
    that was edited away later still counts."""
    by_id = {h.id: h for h in d.interactions}
    by_token = {h.token: h for h in d.interactions}
    out: dict[str, list[str]] = defaultdict(list)
    for r in d.requests:
        body = r.body if isinstance(r.body, dict) else {}
        content = body.get("content")
        if content is None and isinstance(body.get("data"), dict):
            content = body["data"].get("content")
        if not content:
            continue
        handle = None
        if m := re.fullmatch(r"/channels/(\d+)/messages(?:/\d+)?", r.path):
            channel = d.store.find_channel(int(m[1]))
            assert channel is not None, r
            audience = channel.recipient.name if channel.is_dm else "public"
        elif m := re.match(r"/interactions/(\d+)/", r.path):
            handle = by_id[int(m[1])]
        elif m := re.match(r"/webhooks/\d+/([^/]+)", r.path):
            handle = by_token[m[1]]
        else:
            raise AssertionError(f"a text sent where the test does not look: {r}")
        if handle is not None:
            shown = [x for x in (handle.original, *handle.followups) if x is not None]
            private = handle.channel.is_dm or all(x.ephemeral for x in shown)
            audience = handle.user.name if private else "public"
        out[audience].append(content)
    return out


def assert_nothing_revealed(d: DiscordDouble, chosen: dict[str, int]) -> None:
    """Before the reveal nobody was shown an offer but their own (`chosen`: what each player has
    drafted or sealed so far), and no score moved (a score would tell who bid highest)."""
    seen = texts_seen(d)
    assert seen["public"] and all(seen[u] for u in PLAYERS)
    for audience, texts in seen.items():
        own = {chosen[audience]} if audience in chosen else set()
        for text in texts:
            assert "revealed" not in text.lower() or "hidden information" in text, (audience, text)
            shown = {int(x) for x in OFFER_SHOWN.findall(text)}
            assert shown <= own, f"{audience} was shown offer(s) {shown - own}: {text!r}"
            scores = {int(points) for _, points in SCORE_SHOWN.findall(text)}
            assert scores <= {0}, f"{audience} was shown a score before the reveal: {text!r}"


# --- the test -------------------------------------------------------------------------------------

async def test_sealed_offers_at_once_a_killed_bot_and_an_out_of_turn_veto(agora,
                                                                         sealed_registered):
    d = agora.double
    mention = {u: f"<@{d.user(u).id}>" for u in PLAYERS}
    proc = BotProcess(d, agora.db, code=BOT_MAIN)
    try:
        await proc.start()
        gid, prompts = await _offers_before_the_kill(d, agora.db, mention)
        # --- the bot process is killed while carol's offer is a draft and the step is open ---
        posted = {w: last_id(d, w) for w in (CHANNEL, *PLAYERS)}
        assert await proc.kill() == -signal.SIGKILL
        await d.wait_until(lambda: not d.gateway.connected, timeout=10,
                           what="the double sees the killed bot's connection close")
    finally:
        await proc.kill()
    assert not proc.errors, f"the bot process logged errors: {proc.errors}"
    assert proc.logged("commit") and proc.logged("draft_step")  # it did the work above

    bot = await agora.start()  # the same database, a new process (this one)
    await settle(bot)
    await _after_the_restart(d, bot, gid, prompts, posted, mention)
    await _the_takes_and_the_veto(d, bot, gid, mention)


async def _offers_before_the_kill(d: DiscordDouble, db: Path, mention: dict[str, str]
                                  ) -> tuple[int, dict[str, Message]]:
    await sealed(d, "alice", "start", seed=SEED)
    await sealed(d, "bob", "join")
    await sealed(d, "carol", "join")
    await sealed(d, "alice", "begin")
    # all three are awaited at once: one channel post naming them, one private prompt each
    opening = await d.wait_for_message(
        CHANNEL, lambda m: "Waiting for" in m.content and bool(m.attachments), timeout=15)
    for user in PLAYERS:
        await d.wait_for_message(user, has_prompt, timeout=10)
    await quiet(d)
    # the running bot's database, read from here while that process writes it: no cache
    store = await Store.open(db, cache=False)
    try:
        game = await store.open_game(d.channel(CHANNEL).id)
        gid = game.id
        assert (game.game, game.status, game.awaited, game.decisions) == (
            "sealed", "playing", [0, 1, 2], 0)
        waiting = (f"Waiting for {mention['alice']}, {mention['bob']}, {mention['carol']}: "
                   "seal an offer (0 to 3 coins) (each chooses privately).")
        assert waiting in opening.content and "Round 1 begins" in opening.content
        prompts = {u: prompt(d, u) for u in PLAYERS}
        for user, p in prompts.items():
            assert p.channel is d.dm_channel(user) and not p.ephemeral
            assert option_labels(p) == OFFER_LABELS
            assert "Now: seal an offer (0 to 3 coins)." in p.content
            assert "Scores: alice 0 · bob 0 · carol 0" in p.content
            assert all(c.startswith(f"ag:o:{gid}:0:") for c in p.custom_ids)
        carol_first = (prompts["carol"].content, prompts["carol"].custom_ids)
        # alice also opens the channel's Answer button: a second copy of her prompt
        turn = newest(d.messages(CHANNEL), lambda m: button_id(m, "ag:t:") is not None)
        assert turn.id == opening.id and turn.buttons[0]["label"] == "Answer"
        answer = await d.click("alice", turn, button_id(turn, "ag:t:"))
        await answer.wait_done(10)
        spare = answer.message
        assert spare.ephemeral and option_labels(spare) == OFFER_LABELS

        # --- alice and bob each draft an offer on their own DM prompt ---
        await click(d, "alice", prompts["alice"], "Offer 2 coins")
        await click(d, "bob", prompts["bob"], "Offer 1 coin")
        drafts = {seat: await store.draft(gid, seat) for seat in range(3)}
        assert drafts[0].steps == [offer(2)] and drafts[1].steps == [offer(1)]
        assert drafts[2] is None and (await store.game(gid)).decisions == 0
        mine = d.message(prompts["alice"].id)
        assert "This turn so far (not yet committed): Offer 2 coins" in mine.content
        assert button_id(mine, "ag:c:") and [a.filename for a in mine.attachments] == [
            "preview.png"]
        bob_draft_ids = d.message(prompts["bob"].id).custom_ids
        assert (d.message(prompts["carol"].id).content,
                d.message(prompts["carol"].id).custom_ids) == carol_first
        assert_nothing_revealed(d, {"alice": 2, "bob": 1})

        # --- alice confirms: bob's draft and prompt, and carol's prompt, are untouched ---
        marks = {u: last_id(d, u) for u in PLAYERS}
        before_post = last_id(d, CHANNEL)
        done = await click(d, "alice", prompts["alice"], "Confirm")
        # acknowledged as a seal, to her alone (issue 31: not a bare "Committed.")
        assert done.content.startswith("Sealed: Offer 2 coins. Nobody else sees it"), done.content
        post = await d.wait_for_message(CHANNEL, lambda m: "alice has sealed an offer." in
                                        m.content, after=before_post, timeout=10)
        assert f"Waiting for {mention['bob']}, {mention['carol']}:" in post.content
        await quiet(d)
        game = await store.game(gid)
        assert (game.decisions, game.awaited) == (1, [1, 2])
        [entry] = await store.log(gid)
        assert (entry.seat, entry.decision, entry.sealed, entry.barrier) == (0, offer(2), True,
                                                                             False)
        assert await store.draft(gid, 0) is None
        assert await store.draft(gid, 1) == drafts[1]  # not touched by alice's commit
        assert await store.draft(gid, 2) is None
        for user in ("bob", "carol"):  # their prompts are still the current ones
            assert new_prompts(d, user, marks[user]) == [], f"{user} was sent a new prompt"
        assert d.message(prompts["bob"].id).custom_ids == bob_draft_ids
        assert d.message(prompts["carol"].id).custom_ids == carol_first[1]

        # --- a stale click: alice's other copy of her old prompt, after her commit ---
        before = await store.game(gid)
        stale = await d.click("alice", spare, d.message(spare.id).custom_id_for("Offer 3 coins"))
        await stale.wait_done(10)
        assert stale.followups and stale.followups[-1].ephemeral
        said = stale.followups[-1].content
        assert "out of date" in said or "It is not your turn to decide" in said, said
        after = await store.game(gid)
        assert (after.revision, after.decisions) == (before.revision, before.decisions)
        assert [e.decision for e in await store.log(gid)] == [offer(2)]
        assert (await current_state(store, gid, rules)).offers == [2, None, None]
        assert await store.draft(gid, 0) is None

        # --- carol's log shows that alice sealed, not what ---
        log = await sealed(d, "carol", "log")
        assert log.ephemeral and "alice has sealed an offer." in log.content

        # --- carol drafts; bob confirms from the very DM message he drafted on ---
        await click(d, "carol", prompts["carol"], "Offer 3 coins")
        assert (await store.draft(gid, 2)).steps == [offer(3)]
        assert await store.draft(gid, 1) == drafts[1]
        marks = {u: last_id(d, u) for u in PLAYERS}
        before_post = last_id(d, CHANNEL)
        done = await click(d, "bob", prompts["bob"], "Confirm")
        assert done.content.startswith("Sealed: Offer 1 coin."), done.content
        assert not done.followups  # no refusal: his prompt outlived alice's commit
        post = await d.wait_for_message(CHANNEL, lambda m: "bob has sealed an offer." in
                                        m.content, after=before_post, timeout=10)
        assert f"Waiting for {mention['carol']}:" in post.content
        await quiet(d)
        game = await store.game(gid)
        assert (game.decisions, game.awaited) == (2, [2])
        assert [(e.seat, e.decision, e.sealed) for e in await store.log(gid)] == [
            (0, offer(2), True), (1, offer(1), True)]
        assert (await store.draft(gid, 2)).steps == [offer(3)]
        assert new_prompts(d, "carol", marks["carol"]) == [], "carol was sent a new prompt"
        log = await sealed(d, "carol", "log")
        assert "alice has sealed an offer.\nbob has sealed an offer." in log.content
        assert_nothing_revealed(d, OFFERS)  # the log included
        return gid, prompts
    finally:
        await store.close()


async def _after_the_restart(d: DiscordDouble, bot: Any, gid: int, prompts: dict[str, Message],
                             posted: dict[str, int], mention: dict[str, str]) -> None:
    # nothing was lost: both sealed offers, carol's draft; nothing is posted again
    table = await bot.games.table(gid)
    state = table.state
    assert rules.view(state, 0).offers == [2, None, None]
    assert rules.view(state, 1).offers == [None, 1, None]
    assert rules.view(state, None).offers == [None, None, None]
    assert [p.seat for p in table.awaited()] == [2] and table.game.decisions == 2
    assert [(x.seat, x.steps) for x in await bot.store.drafts(gid)] == [(2, [offer(3)])]
    assert {w: last_id(d, w) for w in posted} == posted
    # carol's own panel shows her draft, and still nothing of the others' offers
    panel = await sealed(d, "carol", "turn")
    assert panel.ephemeral and "Offer 3 coins" in panel.content
    assert_nothing_revealed(d, OFFERS)

    # --- carol confirms from the DM message the killed process sent and edited ---
    before_post = last_id(d, CHANNEL)
    done = await click(d, "carol", prompts["carol"], "Confirm")
    assert not done.followups, [f.content for f in done.followups]  # not refused as stale
    reveal = await d.wait_for_message(CHANNEL, lambda m: "Offers revealed (round 1)" in
                                      m.content, after=before_post, timeout=10)
    await settle(bot)
    assert ("Offers revealed (round 1): alice 2 coins, bob 1 coin, carol 3 coins — carol scores 3 "
            "points (the highest unique offer).") in reveal.content
    assert "carol has sealed an offer." in reveal.content
    assert f"{mention['alice']}, it's your turn: take 1 or 2 coins from the bank." in (
        reveal.content)
    # nothing applied twice: exactly one offer per seat for the round, in the order committed
    log = await bot.store.log(gid)
    assert [(e.seq, e.seat, e.decision, e.sealed) for e in log] == [
        (0, 0, offer(2), True), (1, 1, offer(1), True), (2, 2, offer(3), True)]
    assert [e.barrier for e in log] == [False, False, True]  # the reveal cannot be undone
    table = await bot.games.table(gid)
    assert (table.state.coins, table.state.scores) == ([3, 4, 2], [0, 0, 3])
    assert table.awaited() == [Prompt(0, "take")] and await bot.store.drafts(gid) == []
    assert "Take 1 coin" in option_labels(prompt(d, "alice"))


async def _the_takes_and_the_veto(d: DiscordDouble, bot: Any, gid: int,
                                  mention: dict[str, str]) -> None:
    # --- out of turn: carol is not awaited (alice takes), yet she may veto ---
    panel = await sealed(d, "carol", "turn")
    assert "Nothing is asked of you now. You may still act out of turn" in panel.content
    assert option_labels(panel.message) == ["Veto this take"]
    assert (await bot.games.table(gid)).awaited() == [Prompt(0, "take")]
    alice_mark = last_id(d, "alice")
    before_post = last_id(d, CHANNEL)
    await click(d, "carol", panel.message, "Veto this take")
    assert button_id(d.message(panel.message.id), "ag:c:")  # her part: confirm it
    await click(d, "carol", panel.message, "Confirm")
    post = await d.wait_for_message(CHANNEL, lambda m: "carol vetoes alice's take." in m.content,
                                    after=before_post, timeout=10)
    await settle(bot)
    last = (await bot.store.log(gid))[-1]
    assert (last.seat, last.decision, last.sealed) == (2, {"kind": "veto", "args": {}}, False)
    table = await bot.games.table(gid)
    assert table.awaited() == [Prompt(0, "take")] and table.state.veto == [True, True, False]
    assert f"{mention['alice']}, it's your turn" in post.content
    log = await sealed(d, "bob", "log")
    assert "carol vetoes alice's take." in log.content
    assert "Offers revealed (round 1)" in log.content
    # alice's prompt is renewed: her take now gives nothing
    [renewed] = new_prompts(d, "alice", alice_mark)
    assert "vetoed by carol" in renewed.content
    await click(d, "alice", renewed, "Take 2 coins")
    await click(d, "alice", renewed, "Confirm")
    await d.wait_for_message(CHANNEL, lambda m: "alice asks for 2 coins but gets nothing "
                             "(vetoed by carol)." in m.content, timeout=10)
    await settle(bot)
    table = await bot.games.table(gid)
    assert table.state.coins[0] == 3 and table.awaited() == [Prompt(1, "take")]

    # --- a second veto by carol is refused, and changes nothing ---
    before = await bot.store.game(gid)
    refused = await sealed(d, "carol", "turn")
    assert refused.ephemeral and refused.message.custom_ids == []
    assert refused.content == ("It is not your turn to decide: the game waits for bob (take 1 or "
                               "2 coins from the bank). (S-TURN-1)")
    refused = await sealed(d, "carol", "choose", choice="Veto this take")
    assert "It is not your turn to decide" in refused.content
    after = await bot.store.game(gid)
    assert (after.revision, after.decisions) == (before.revision, before.decisions)
    assert await bot.store.drafts(gid) == []

    # --- the game goes on: bob takes, and it is carol's turn ---
    bob_prompt = prompt(d, "bob")
    await click(d, "bob", bob_prompt, "Take 1 coin")
    await click(d, "bob", bob_prompt, "Confirm")
    post = await d.wait_for_message(CHANNEL, lambda m: "bob takes 1 coin." in m.content,
                                    timeout=10)
    await settle(bot)
    assert f"{mention['carol']}, it's your turn: take 1 or 2 coins from the bank." in post.content
    table = await bot.games.table(gid)
    assert (table.state.coins, table.state.scores) == ([3, 5, 2], [0, 0, 3])
    assert table.awaited() == [Prompt(2, "take")]
    assert option_labels(prompt(d, "carol")) == ["Take 1 coin", "Take 2 coins"]


async def test_a_seat_awaited_without_an_option_is_reported_not_waited_for(agora,
                                                                           sealed_registered):
    """Should the rules ever leave an awaited seat without a legal option (a fault: here the
    test game's deliberate `stall_round`), the host says so in the channel, naming the seat,
    and logs it as an error, instead of waiting silently for ever (issue 31)."""
    d = agora.double
    bot = await agora.start()
    await d.wait_for_commands("sealed")
    await sealed(d, "alice", "start", seed=SEED, stall_round=1)
    await sealed(d, "bob", "join")
    await sealed(d, "carol", "join")
    await sealed(d, "alice", "begin")
    for user in PLAYERS:
        await d.wait_for_message(user, has_prompt, timeout=10)
    await settle(bot)
    for user, coins in OFFERS.items():  # the offers are sealed; then alice's take has no option
        message = prompt(d, user)
        await click(d, user, message, OFFER_LABELS[coins])
        if user != "carol":  # the last offer reveals them all: it commits at once
            await click(d, user, message, "Confirm")
        await settle(bot)
    game = await bot.store.open_game(d.channel(CHANNEL).id)
    assert game.awaited == [0] and game.decisions == 3
    post = d.messages(CHANNEL)[-1]
    alice = f"<@{d.user('alice').id}>"
    assert f"{alice}: the game waits for you, but the rules leave you no legal choice" in (
        post.content), post.content
    assert "/sealed abandon" in post.content
    stuck = [r for r in agora.logs.records if getattr(r, "event", "") ==
             "awaited_without_option"]
    assert stuck and stuck[-1].fields["seats"] == [0]
    # the error was meant: the fixture's check for unexpected errors must not count it
    agora.logs.records[:] = [r for r in agora.logs.records if r not in stuck]
