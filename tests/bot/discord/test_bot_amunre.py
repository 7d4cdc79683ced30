"""Amun-Re through the Discord double: a whole 4-player game with three AI seats from
/amunre start to the final ranking, the sacrifice asked of every seat at once and sealed, and
the sealed sacrifices checked against their receipts (/amunre verify, and the finished game's
record with `agora verify`'s checks)."""

from __future__ import annotations

from engine.amunre import verify_receipts
from engine.record import load_record, public_events, replay
from tests.bot.bot_helpers import click_choice, has_prompt, newest, settle

CHANNEL = "game-1"
# labels the test prefers when several are offered (anything else: the first option)
KEEP_GOING = ("Done", "Stop", "End your buying")


async def amunre(d, user: str, *names: str, **options):
    inter = await d.slash(user, CHANNEL, "amunre", *names, options=options)
    await inter.wait_done(10)
    return inter


async def test_a_whole_four_player_game_with_ai_seats(agora):
    d = agora.double
    bot = await agora.start()
    await d.wait_for_commands("amunre")
    start = await amunre(d, "alice", "start", seed=8)
    assert "Amun-Re" in start.content
    for level in ("easy", "normal", "normal"):
        await amunre(d, "alice", "addbot", level=level)
    await amunre(d, "alice", "begin")
    await d.wait_for_message(CHANNEL, lambda m: bool(m.attachments), timeout=10)
    await settle(bot)
    gid = (await bot.store.open_game(d.channel(CHANNEL).id)).id
    clicks = 0
    for _ in range(600):
        await settle(bot)
        game = await bot.store.game(gid)
        if game.status != "playing":
            break
        assert game.awaited == [0], game.awaited  # the AI seats never keep the game waiting
        prompt = newest(d.dms("alice"), has_prompt)
        assert prompt is not None
        inter = await click_choice(d, "alice", prompt, KEEP_GOING)
        assert not inter.followups or "out of date" not in inter.followups[-1].content
        clicks += 1
    game = await bot.store.game(gid)
    assert game.status == "over" and clicks > 20
    final = d.messages(CHANNEL)[-1]
    assert "Final scores" in final.content and "Winner" in final.content
    # the sacrifice was sealed by every seat each round, and each receipt checks out
    log = await bot.store.log(gid)
    sacrifices = [e for e in log if e.decision["kind"] == "sacrifice"]
    assert len(sacrifices) >= 4 * 6 and all(e.sealed for e in sacrifices)
    table = await bot.games.table(gid)
    events = public_events(table.kind.rules.start_events(table.state))
    for e in log:
        events += public_events(e.events)
    assert sum(1 for e in events if e["template"] == "sealed") >= 4 * 6
    assert verify_receipts(events) == []
    check = await amunre(d, "carol", "verify")
    assert "checks out" in check.content and check.ephemeral
    # the finished game's record holds the same public events, and replays to the same end
    record = load_record((await amunre(d, "carol", "export")).attachments[0].data)
    assert record["status"] == "over" and record["public_events"] == events
    *_, (state, _, _, _) = replay(record)
    assert table.kind.rules.result(state)["scores"] == record["result"]["scores"]
