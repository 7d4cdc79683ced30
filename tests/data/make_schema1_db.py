"""How tests/data/schema1-pantheon.db was made. Run from a checkout of the schema-1 code
(commit d5f5a43), not this tree: `python3 tests/data/make_schema1_db.py OUT.db`. It plays a
3-seat Pantheon game (Ann and Bob, an easy AI; Bob's standing answer "draw") through the bot's
own service layer for 40 commits of random legal steps, then leaves Ann an unconfirmed Move
draft. tests/test_bot_migration.py upgrades a copy and plays it to its end."""

import asyncio
import random
import sys

sys.path.insert(0, ".")
from bot.lobby import Lobby  # noqa: E402  (schema-1 modules)
from bot.store import Store  # noqa: E402
from bot.turns import Games  # noqa: E402


async def main(out: str) -> None:
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
    for _ in range(40):
        while await games.automatic_step(gid):
            pass
        table = await games.table(gid)
        seat = table.seats[table.waiting().seat]
        panel = await games.open_panel(gid, seat.user_id)
        res = await games.choose(gid, seat.user_id, token=panel.token, number=panel.number,
                                 index=rng.randrange(len(panel.options)))
        if res.panel is not None and res.panel.complete:
            await games.confirm(gid, seat.user_id, token=res.panel.token,
                                number=res.panel.number)
    while await games.automatic_step(gid):
        pass
    table = await games.table(gid)
    user = table.seats[table.waiting().seat].user_id
    panel = await games.open_panel(gid, user)
    move = next(i for i, d in enumerate(panel.options)
                if d.kind == "action" and d.args["action"] in ("buy", "move"))
    await games.choose(gid, user, token=panel.token, number=panel.number, index=move)
    await store.close()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1]))
