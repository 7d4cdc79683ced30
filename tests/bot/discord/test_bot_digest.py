"""Through the bot and the Discord double: a seat's own-turn prompt opens with what happened
since its last turn (public events only, with the board ringed), and the final post carries
the replay animation and the stats card."""

from __future__ import annotations

import io

from PIL import Image

from engine.pantheon import digest_lines
from tests.bot.bot_helpers import (
    CHANNEL,
    click_choice,
    has_prompt,
    newest,
    settle,
    slash,
    user_names,
    waiting_user,
)

AI = "AI 1 (easy)"


async def test_since_your_last_turn_and_the_replay(agora):
    d = agora.double
    bot = await agora.start()
    await slash(d, "alice", "start", seed=11, stall_guard_rounds=1)
    await slash(d, "alice", "addbot", level="easy")
    await slash(d, "alice", "begin")
    await d.wait_for_message(CHANNEL, lambda m: bool(m.attachments), timeout=10)
    gid = (await bot.store.open_game(d.channel(CHANNEL).id)).id
    ids = user_names(d, ["alice"])
    checked = 0
    for _ in range(400):
        await settle(bot)
        table, user = await waiting_user(bot, gid, ids)
        if user is None:
            break
        prompt = newest(d.dms("alice"), has_prompt)
        w = table.awaited()[0]
        if (w.kind == "action" and prompt.content.startswith("**Since your last turn:**")
                and checked < 3):
            digest = prompt.content.split("\n\n")[0].split("\n")[1:]
            assert digest
            assert not any(line.startswith("• alice: ") for line in digest)  # not her own turn
            # exactly the game's lines from the logged public events: nothing private
            events = [ev for e in await bot.store.log(gid) for ev in e.events
                      if ev.get("private_to") is None]
            assert digest == [f"• {x}" for x in digest_lines(events, table.names, w.seat)]
            names = [a.filename for a in prompt.attachments]
            assert names in ([], ["since.png"])
            checked += any(line.startswith(f"• {AI}: ") for line in digest)  # its turn
        await click_choice(d, "alice", prompt)
    await settle(bot)
    assert checked >= 2
    table = await bot.games.table(gid)
    assert table.game.status == "over"
    final = d.messages(CHANNEL)[-1]
    files = {a.filename: a for a in final.attachments}
    assert {"board.png", "replay.gif", "stats.png"} <= set(files), list(files)
    gif = Image.open(io.BytesIO(files["replay.gif"].data))
    turns = sum(ev["template"] == "turn" for e in await bot.store.log(gid) for ev in e.events)
    assert gif.n_frames >= turns and len(files["replay.gif"].data) < 8 * 1024 * 1024
    assert Image.open(io.BytesIO(files["stats.png"].data)).format == "PNG"
