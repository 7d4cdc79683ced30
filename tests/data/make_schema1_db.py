"""Run inside a checkout of the schema-1 code (commit d5f5a43): a 3-seat Pantheon game in
progress (2 people, 1 AI seat), with an unconfirmed draft and a standing answer."""
import asyncio, random, sys
from pathlib import Path
sys.path.insert(0, ".")
from bot.store import Store
from bot.turns import Games
from bot.lobby import Lobby
from engine.core import Decision
from engine.pantheon import options, pending, apply

async def main(out):
    store = await Store.open(out)
    games = Games(store)
    lobby = Lobby(games)
    await lobby.start(guild_id=1, channel_id=500, user_id=1, name="Ann", options={"seed": 11})
    await lobby.join(channel_id=500, user_id=2, name="Bob")
    await lobby.add_bot(channel_id=500, user_id=1, level="easy", can_manage=False)
    table = await lobby.begin(channel_id=500, user_id=1, can_manage=False)
    await store.set_seat_info(table.game.id, 1, auto_follow="draw")
    rng = random.Random(3)
    gid = table.game.id
    commits = 0
    while commits < 40:
        while await games.automatic_step(gid):
            pass
        table = await games.table(gid)
        w = table.waiting()
        seat = table.seats[w.seat]
        panel = await games.open_panel(gid, seat.user_id)
        d = rng.choice(panel.options)
        res = await games.choose(gid, seat.user_id, token=panel.token, number=panel.number,
                                 index=panel.options.index(d))
        if res.panel is not None and res.panel.complete:
            await games.confirm(gid, seat.user_id, token=res.panel.token, number=res.panel.number)
        commits += 1
    # leave a draft step unconfirmed if the waiting seat can make a quiet one
    table = await games.table(gid)
    while await games.automatic_step(gid):
        pass
    table = await games.table(gid)
    w = table.waiting()
    panel = await games.open_panel(gid, table.seats[w.seat].user_id)
    i = next(i for i, d in enumerate(panel.options) if d.kind == "action" and d.args["action"] in ("buy", "move"))
    await games.choose(gid, table.seats[w.seat].user_id, token=panel.token, number=panel.number, index=i)
    print("game", gid, "decisions", table.game.decisions, "waiting", w, "status", table.game.status)
    print("drafts", await store.drafts(gid))
    await store.close()

asyncio.run(main(sys.argv[1]))
