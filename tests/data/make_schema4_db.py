"""How tests/data/schema4-games.db was made. Run from a checkout of the schema-4 code (commit
25126c6), not this tree: `python3 tests/data/make_schema4_db.py OUT.db`. Through the bot's own
service layer it plays
- a 3-seat Pantheon game (Ann, Bob, an easy AI) to its end (every commit stored a snapshot),
- a 3-seat Pantheon game (Cleo, Dan, Eve) for 60 commits of random legal steps, leaving Cleo an
  unconfirmed draft,
- a 3-seat Amun-Re game (Fay and two AI seats) for 25 of Fay's commits.
tests/test_bot_migration.py upgrades a copy to the current schema and plays on."""

import asyncio
import random
import sys

sys.path.insert(0, ".")
from bot.lobby import Lobby  # noqa: E402  (schema-4 modules)
from bot.store import Store  # noqa: E402
from bot.turns import Games, Refusal  # noqa: E402


async def click(games: Games, gid: int, rng: random.Random) -> bool:
    """One human click (or Confirm) of the awaited seat; False when the game is over."""
    while await games.automatic_step(gid):
        pass
    table = await games.table(gid)
    if table.game.status != "playing":
        return False
    seat = table.seats[table.awaited()[0].seat]
    panel = await games.open_panel(gid, seat.user_id)
    try:
        if panel.complete:
            await games.confirm(gid, seat.user_id, token=panel.token, number=panel.number)
        else:
            await games.choose(gid, seat.user_id, token=panel.token, number=panel.number,
                               index=rng.randrange(len(panel.options)))
    except Refusal:
        pass
    return True


async def seat_game(lobby: Lobby, game: str, channel: int, people: list[str], ai: int,
                    seed: int) -> int:
    table = await lobby.start(game=game, guild_id=1, channel_id=channel, user_id=channel,
                              name=people[0], options={"seed": seed})
    for i, name in enumerate(people[1:], start=1):
        await lobby.join(game=game, channel_id=channel, user_id=channel + i, name=name)
    for _ in range(ai):
        await lobby.add_bot(game=game, channel_id=channel, user_id=channel, level="easy",
                            can_manage=True)
    await lobby.begin(game=game, channel_id=channel, user_id=channel, can_manage=True)
    return table.game.id


async def main(out: str) -> None:
    store = await Store.open(out)
    games = Games(store, ai_delay=0)
    lobby = Lobby(games)
    rng = random.Random(4)
    done = await seat_game(lobby, "pantheon", 100, ["Ann", "Bob"], 1, 11)
    while await click(games, done, rng):
        pass
    playing = await seat_game(lobby, "pantheon", 200, ["Cleo", "Dan", "Eve"], 0, 12)
    for _ in range(60):
        await click(games, playing, rng)
    table = await games.table(playing)
    while table.seats[table.awaited()[0].seat].name != "Cleo":
        await click(games, playing, rng)
        table = await games.table(playing)
    panel = await games.open_panel(playing, 200)
    first = next(i for i, d in enumerate(panel.options) if d.kind == "action")
    await games.choose(playing, 200, token=panel.token, number=panel.number, index=first)
    amunre = await seat_game(lobby, "amunre", 300, ["Fay"], 2, 13)
    for _ in range(25):
        await click(games, amunre, rng)
    await store.close()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1]))
