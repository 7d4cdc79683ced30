"""End to end: a whole 3-player game of Pantheon played to the final scores through the real
bot and the real discord.py client against the local Discord test double.

Every seat is driven through Discord interactions, each by a different surface:
alice types slash commands (picking values from the autocomplete), bob clicks the prompts the
bot sends him by DM, carol opens her private panel from the channel's "Take your turn" button.
To keep the game short every epoch ends after one round without loot or gods taken
(`stall_guard_rounds: 1`, P-GAP-STALL) and the players prefer quick options (drawing)."""

from __future__ import annotations

import json
import time

from bot.logs import JsonLines
from engine.pantheon import dump, result
from engine.record import load_record, replay
from tests.bot.bot_helpers import (
    CHANNEL,
    PREFERRED,
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
PLAYERS = ["alice", "bob", "carol"]


def board_posts(double) -> list:
    return [m for m in double.messages(CHANNEL)
            if any(a.filename == "board.png" for a in m.attachments)]


async def alice_acts(d, kind: str) -> None:
    """Slash commands only: /pantheon draw to start a turn, autocomplete values for the rest."""
    if kind == "action":
        inter = await slash(d, "alice", "draw")
        assert "Top card of the deck" in str(inter.message.buttons), inter.content
        return
    command = "draw" if kind == "draw_pick" else "choose"
    choices = await d.autocomplete("alice", CHANNEL, "pantheon", command, focused="choice",
                                   options={"choice": ""})
    assert 1 <= len(choices) <= 25
    names = [c["name"] for c in choices]
    pick = next((c for want in PREFERRED for c in choices if c["name"] == want), choices[0])
    inter = await slash(d, "alice", command, choice=pick["value"])
    assert not inter.followups or "out of date" not in inter.content, (names, inter.content)


class Carol:
    """Carol plays from the ephemeral panel that the channel's turn button opens."""

    def __init__(self, double) -> None:
        self.d = double
        self.panel = None

    async def acts(self) -> None:
        d = self.d
        panel = d.message(self.panel.id) if self.panel is not None else None
        if panel is None or not has_prompt(panel):
            turn = newest(d.messages(CHANNEL), lambda m: button_id(m, "ag:t:") is not None)
            inter = await d.click("carol", turn, button_id(turn, "ag:t:"))
            await inter.wait_done(10)
            if "out of date" in inter.content:  # mid-turn: the turn message is older
                inter = await slash(d, "carol", "turn")
            panel = inter.message
            assert panel.ephemeral and has_prompt(panel), panel.content
        self.panel = panel
        await click_choice(d, "carol", panel)


async def test_whole_game_through_discord(agora):
    d = agora.double
    clock = time.perf_counter()
    bot = await agora.start()
    await slash(d, "alice", "start", seed=SEED, stall_guard_rounds=1)
    for name in PLAYERS[1:]:
        await slash(d, name, "join")
    await slash(d, "alice", "begin")
    await d.wait_for_message(CHANNEL, lambda m: bool(m.attachments), timeout=10)
    ids = user_names(d, PLAYERS)
    game_id = (await bot.store.open_game(d.channel(CHANNEL).id)).id
    carol = Carol(d)
    interactions = 0
    while interactions < 600:
        await settle(bot)
        table, user = await waiting_user(bot, game_id, ids)
        if user is None:
            break
        panel = await bot.games.panel(table, table.awaited()[0].seat)  # includes a draft
        kind = panel.prompt.kind if panel.prompt else "confirm"  # a complete draft: Confirm
        if user == "alice":
            await alice_acts(d, kind)
        elif user == "bob":
            prompt = newest(d.dms("bob"), has_prompt)
            assert prompt is not None, "bob has no prompt in his DMs"
            await click_choice(d, "bob", prompt)
        else:
            await carol.acts()
        interactions += 1
    await settle(bot)
    seconds = time.perf_counter() - clock
    # once the final post is out, a finished game leaves nothing behind in memory (issue 27):
    # no state, draft preview, lock or pump of it (a command reading it loads it again)
    assert game_id not in bot.games._states and game_id not in bot.games._locks
    assert not [k for k in bot.games._previews if k[0] == game_id]
    assert game_id not in bot.publisher._pumps and game_id not in bot.publisher._locks

    table = await bot.games.table(game_id)
    assert table.game.status == "over"
    res = result(table.state)
    assert res is not None and table.state.epoch == 6
    final = d.messages(CHANNEL)[-1]
    assert "Final scores" in final.content and "Winner" in final.content
    for name, score in zip(table.names, res["scores"], strict=True):
        assert f"{name}: {score} VP (demigods: " in final.content
    # every turn posted a board picture (plus the opening and the epoch posts)
    log = await bot.store.log(game_id)
    turns = sum(1 for e in log if e.decision["kind"] == "action")
    assert turns >= 18 and len(board_posts(d)) >= turns + 1
    # every seat acted through its surface
    sources = {table.seats[e.seat].name: set() for e in log}
    for e in log:
        sources[table.seats[e.seat].name].add(e.source)
    assert sources["alice"] == {"command"}
    assert sources["bob"] == {"button"} and sources["carol"] == {"button"}
    # hands went by DM with pictures; no channel message shows a hand
    for name in PLAYERS:
        assert any(a.filename == "hand.png" for m in d.dms(name) for a in m.attachments)
    assert not any("Cards (" in m.content or "Demigods (" in m.content
                   for m in d.messages(CHANNEL))
    # the logs: one JSON object per line, never a hand, a card or a demigod value
    lines = [JsonLines().format(r) for r in agora.logs.records]
    assert len(lines) > 100 and all(json.loads(x)["event"] for x in lines)
    secret_words = ("move\"", "gifts", "priests", "dancers", "temples", "money", "values",
                    "hand\"", "demigods\"")
    assert not [x for x in lines if any(w in x for w in secret_words)]
    # the finished game stays viewable, and its record replays to the same end
    status = await slash(d, "bob", "status")
    assert "Final scores" in status.content
    export = await slash(d, "carol", "export")
    record = load_record(export.attachments[0].data)
    assert record["status"] == "over" and record["seed"] == table.game.seed
    assert len(record["decisions"]) == len(log) and record["result"]["scores"] == res["scores"]
    *_, (state, _, _, _) = replay(record)
    assert dump(state)["players"] == dump(table.state)["players"]
    print(f"\nwhole game: {interactions} interactions, {len(log)} decisions, "
          f"{len(board_posts(d))} board posts, {seconds:.1f} s")
