"""Amun-Re and Through the Ages through the bot and the Discord double, two people and an AI
seat each, to the end: a person's own-turn prompt opens with what happened since their last
turn (exactly the game's lines from the logged public events, AI turns and the simultaneous
sacrifice included), the channel posts carry the close-up of the last turn, and the final post
carries the replay animation (a frame per step, under 8 MB) and the stats card."""

from __future__ import annotations

import io
import random

from PIL import Image

from engine import registry
from engine.record import full_record
from tests.bot.bot_helpers import (
    CHANNEL,
    click_choice,
    has_prompt,
    newest,
    option_buttons,
    settle,
)

HEAD = "**Since your last turn:**"
AI = "AI 1 (normal)"
HUMANS = ["alice", "bob"]


async def start(d, agora, game: str, seed: int, **more):
    bot = await agora.start()
    await d.wait_for_commands(game)
    for user, verb, options in (("alice", "start", {"seed": seed, **more}), ("bob", "join", {}),
                                ("alice", "addbot", {"level": "normal"}),
                                ("alice", "begin", {})):
        inter = await d.slash(user, CHANNEL, game, verb, options=options)
        await inter.wait_done(10)
    await d.wait_for_message(CHANNEL, lambda m: bool(m.attachments), timeout=20)
    await settle(bot)
    gid = (await bot.store.open_game(d.channel(CHANNEL).id)).id
    return bot, gid


async def check_digest(bot, gid, table, seat: int, content: str) -> list[str] | None:
    """The digest at the head of a prompt, checked against the game's own lines from the
    logged public events (the last line may be cut to fit the message); None without one."""
    if not content.startswith(HEAD):
        return None
    shown = content.split("\n\n")[0].split("\n")[1:]
    events = [ev for e in await bot.store.log(gid) for ev in e.events
              if ev.get("private_to") is None]
    want = [f"• {x}" for x in table.kind.rules.digest_lines(events, table.names, seat)]
    assert shown and shown[:-1] == want[:len(shown) - 1], (shown, want)
    assert want[len(shown) - 1].startswith(shown[-1].rstrip("…").rstrip())
    assert not any(line.startswith(f"• {table.names[seat]}: ") for line in shown)  # not mine
    return shown


async def check_final_post(d, bot, gid, game: str) -> None:
    table = await bot.games.table(gid)
    assert table.game.status == "over"
    final = d.messages(CHANNEL)[-1]
    files = {a.filename: a.data for a in final.attachments}
    assert {"board.png", "replay.gif", "stats.png"} <= set(files), list(files)
    assert len(final.attachments) <= 10
    log = await bot.store.log(gid)
    record = full_record(game, table.names, {}, table.game.seed,
                         [(e.seat, e.decision) for e in log])
    steps = registry.part(game, "render").replay.steps(record)
    gif = Image.open(io.BytesIO(files["replay.gif"]))
    assert gif.format == "GIF" and gif.n_frames == 1 + steps and steps > 20
    assert len(files["replay.gif"]) < 8 * 1024 * 1024
    assert Image.open(io.BytesIO(files["stats.png"])).format == "PNG"
    # the close-up of the last turn went out with the turn posts
    assert any(a.filename == "focus.png" for m in d.messages(CHANNEL) for a in m.attachments)


async def test_amunre_digest_in_a_dm_and_the_replay_in_the_final_post(agora):
    d = agora.double
    bot, gid = await start(d, agora, "amunre", seed=8)
    ids = {d.user(u).id: u for u in HUMANS}
    digests = ai_told = reveals = pictures = 0
    for _ in range(1500):
        await settle(bot)
        table = await bot.games.table(gid)
        if table.game.status != "playing":
            break
        w = next(w for w in table.awaited() if table.seats[w.seat].user_id in ids)
        user = ids[table.seats[w.seat].user_id]
        prompt = newest(d.dms(user), has_prompt)
        assert prompt is not None, f"no prompt for {user}"
        shown = await check_digest(bot, gid, table, w.seat, prompt.content)
        if shown is not None:
            assert w.kind in ("bid", "buy")  # only at the start of one's own turn
            digests += 1
            ai_told += any(line.startswith(f"• {AI}") for line in shown)
            reveals += any(line.startswith("• Sacrifices revealed:") for line in shown)
            pictures += "since.png" in {a.filename for a in prompt.attachments}
            # a sealed sacrifice is never told before its reveal: every one named is opened
            assert not any("sealed" in line for line in shown)
        await click_choice(d, user, prompt, ("Done", "Stop", "End your buying"))
    assert digests > 10 and ai_told > 3 and reveals >= 3 and pictures > 3
    await check_final_post(d, bot, gid, "amunre")


async def test_tta_digest_in_a_dm_and_the_replay_in_the_final_post(agora):
    d = agora.double
    bot, gid = await start(d, agora, "tta", seed=2, mode="tutorial")  # a whole game: the short one
    ids = {d.user(u).id: u for u in HUMANS}
    rng = random.Random(2)
    digests = ai_told = 0
    for _ in range(4000):
        await settle(bot)
        table = await bot.games.table(gid)
        if table.game.status != "playing":
            break
        w = next(w for w in table.awaited() if table.seats[w.seat].user_id in ids)
        user = ids[table.seats[w.seat].user_id]
        prompt = newest(d.dms(user), has_prompt)
        assert prompt is not None, f"no prompt for {user}"
        shown = await check_digest(bot, gid, table, w.seat, prompt.content)
        if shown is not None:
            digests += 1
            ai_told += any(line.startswith(f"• {AI}: ") for line in shown)
            assert "since.png" in {a.filename for a in prompt.attachments}
        # end the turn soon: "End your actions" more often than anything else
        labels = [str(b.get("label")) for b in option_buttons(d.message(prompt.id))]
        end = ("End your actions",) if "End your actions" in labels and rng.random() < 0.7 \
            else (rng.choice(labels),) if labels else ()
        await click_choice(d, user, prompt, end)
    assert digests > 10 and ai_told > 5
    await check_final_post(d, bot, gid, "tta")
