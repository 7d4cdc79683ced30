"""A whole game against strong AI seats through the Discord double (issue 25): alice, a person,
plays Pantheon against two strong seats (their search thought in the bot's worker process,
bot/host/thinking.py), while bob and carol play Amun-Re in another channel, clicking whenever
they are asked. Every one of their interactions is acknowledged within Discord's 3 seconds (the
double refuses a later answer, and the `agora` fixture fails the test on any), the strong seats'
turns reach the channel and alice's prompts arrive, and the game ends with the final scores.
The search runs with a small budget (AGORA_AI_BUDGET) so that the test stays short; its
strength is measured in benchmarks/bench_ai.py and the latency in benchmarks/bench_strong.py."""

from __future__ import annotations

import asyncio

import pytest

from engine import search
from tests.bot.bot_helpers import click_choice, has_prompt, newest, user_names, waiting_user

PANTHEON, AMUNRE = "game-1", "game-2"


async def run(d, user: str, channel: str, *names: str, **options):
    inter = await d.slash(user, channel, *names, options=options)
    await inter.wait_done(30)
    return inter


async def open_game(agora, game: str, channel: str, people: list[str], **options) -> int:
    d = agora.double
    await run(d, people[0], channel, game, "start", **options)
    for name in people[1:]:
        await run(d, name, channel, game, "join")
    return (await agora.bot.store.open_game(d.channel(channel).id)).id


async def click_if_asked(agora, game_id: int, people: list[str]) -> bool:
    """The awaited person of that game (if a person is awaited) clicks their DM prompt."""
    d = agora.double
    _, user = await waiting_user(agora.bot, game_id, user_names(d, people))
    prompt = newest(d.dms(user), has_prompt) if user else None
    if prompt is None:
        return False
    await click_choice(d, user, prompt)
    return True


async def test_a_whole_game_against_two_strong_seats_while_another_game_goes_on(
        agora, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(search.BUDGET_ENV, "0.1")  # the worker is spawned with it
    d = agora.double
    bot = await agora.start()
    pantheon = await open_game(agora, "pantheon", PANTHEON, ["alice"], seed=4)
    for n in (1, 2):
        added = await run(d, "alice", PANTHEON, "pantheon", "addbot", level="strong")
        assert added.content == f"AI {n} (strong) added."
    await run(d, "alice", PANTHEON, "pantheon", "begin")
    amunre = await open_game(agora, "amunre", AMUNRE, ["bob", "carol", "dave"], seed=9)
    await run(d, "bob", AMUNRE, "amunre", "begin")
    table = await bot.games.table(pantheon)
    assert [s.ai_level for s in table.seats] == [None, "strong", "strong"]

    other_clicks = 0
    for _ in range(20000):
        game = await bot.store.game(pantheon)
        if game.status != "playing":
            break
        # bob, carol and dave click while the strong seats think: the same event loop answers
        if await click_if_asked(agora, amunre, ["bob", "carol", "dave"]):
            other_clicks += 1
        if not await click_if_asked(agora, pantheon, ["alice"]):
            await asyncio.sleep(0.05)  # a strong seat is thinking
    game = await bot.store.game(pantheon)
    assert game.status == "over"
    final = await d.wait_for_message(PANTHEON, lambda m: "Final scores" in m.content,
                                     timeout=60)
    assert "AI 1 (strong)" in final.content and "AI 2 (strong)" in final.content
    log = await bot.store.log(pantheon)
    assert {e.seat for e in log if e.source == "ai"} == {1, 2}
    assert bot.games.thinker._pool is not None  # noqa: SLF001 - the search ran in a worker
    assert other_clicks > 20
    # every interaction of both games was answered in time: checked by the agora fixture
