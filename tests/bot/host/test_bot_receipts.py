"""Receipts of sealed choices through the turn service (issue 31, "Secrets that stay secret").

A sealed choice taken back with undo stays secret for ever: every seal gets fresh randomness as
its nonce when it is made (Kind.salted, Amun-Re's `salt` hook), so the nonce the reveal
publishes opens only the receipt of the seal that was kept, never the withdrawn one (A-SAC-3,
A-SAC-5). And anyone can check a receipt from what Agora publishes, with the README's recipe."""

from __future__ import annotations

import hashlib
import json
import random

import pytest

from bot.host.kinds import kind
from bot.host.lobby import Lobby
from bot.host.turns import Games
from bot.store.sqlite import Store
from engine.amunre import verify_receipts
from engine.record import public_events

CHANNEL = 700
USERS = (11, 12, 13)


@pytest.fixture
async def games(tmp_path):
    store = await Store.open(tmp_path / "agora.db")
    yield Games(store)
    await store.close()


async def to_the_sacrifice(games: Games, seed: int = 5) -> int:
    """A 3-player game of three people, played by the AI's choices through the turn service
    (as each person's clicks would be) up to the first sacrifice (A-SAC-3)."""
    lobby = Lobby(games)
    await lobby.start(game="amunre", guild_id=1, channel_id=CHANNEL, user_id=USERS[0],
                      name="ann", options={"seed": seed})
    for u, name in zip(USERS[1:], ("bob", "cy"), strict=True):
        await lobby.join(game="amunre", channel_id=CHANNEL, user_id=u, name=name)
    table = await lobby.begin(game="amunre", channel_id=CHANNEL, user_id=USERS[0],
                              can_manage=False)
    gid = table.game.id
    k = kind("amunre")
    rng = random.Random(seed)
    for _ in range(600):
        table = await games.table(gid)
        awaited = table.awaited()
        if awaited and awaited[0].kind == "sacrifice":
            return gid
        seat = awaited[0].seat
        user = table.seats[seat].user_id
        panel = await games.open_panel(gid, user)
        if panel.complete:
            await games.confirm(gid, user, token=panel.token, number=panel.number)
        else:
            d = k.ai_choose(panel.preview, seat, "normal", rng)
            await games.choose_decisions(gid, user, [d])
    raise AssertionError("no sacrifice in 600 steps")


async def seal(games: Games, gid: int, user: int, gold: int) -> None:
    panel = await games.open_panel(gid, user)
    index = next(i for i, d in enumerate(panel.options) if d.kind == "sacrifice"
                 and d.args == {"gold": gold, "minus3": False, "correction": False})
    res = await games.choose(gid, user, token=panel.token, number=panel.number, index=index)
    if res.commit is None:  # not the last seal: the part waits for Confirm
        panel = res.panel
        await games.confirm(gid, user, token=panel.token, number=panel.number)


def readers_check(opened: dict, receipt: str) -> bool:
    """What a player can do with a few lines of their own (README, "Receipts"): the preimage is
    the canonical JSON of round, what, seat (from 0), choice and nonce; the receipt its SHA-256."""
    text = json.dumps({"round": opened["round"], "what": opened["what"], "seat": opened["seat"],
                       "choice": opened["choice"], "nonce": opened["nonce"]},
                      sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest() == receipt


async def test_a_seal_taken_back_stays_secret_after_the_reveal(games):
    gid = await to_the_sacrifice(games)
    table = await games.table(gid)
    first, second, third = (table.seats[p.seat] for p in table.awaited())
    # the first seals 2 gold, takes it back, and seals 1 gold instead
    await seal(games, gid, first.user_id, 2)
    withdrawn = next(ev["args"]["receipt"] for e in await games.store.log(gid)
                     for ev in e.events if ev["template"] == "sealed"
                     and ev["args"]["seat"] == first.seat)
    undone = await games.undo(gid, first.user_id)
    assert undone.sealed and undone.undone.kind == "sacrifice"
    await seal(games, gid, first.user_id, 1)
    await seal(games, gid, second.user_id, 1)
    await seal(games, gid, third.user_id, 1)  # the last seal reveals them all

    table = await games.table(gid)
    events = public_events(table.kind.rules.start_events(table.state))
    for e in await games.store.log(gid):
        events += public_events(e.events)
    assert verify_receipts(events) == []
    opened = next(o for ev in events if ev["template"] == "sacrifices"
                  for o in ev["args"]["opened"] if o["seat"] == first.seat)
    assert opened["choice"] == {"gold": 1, "minus3": False, "correction": False}
    kept = next(ev["args"]["receipt"] for ev in events if ev["template"] == "sealed"
                and ev["args"]["seat"] == first.seat and ev["args"]["round"] == opened["round"])
    assert readers_check(opened, kept)
    assert withdrawn != kept
    # the published nonce opens no choice the withdrawn receipt could hold
    for gold in range(0, 60):
        for minus3 in (False, True):
            for correction in (False, True):
                guess = {**opened, "choice": {"gold": gold, "minus3": minus3,
                                              "correction": correction}}
                assert not readers_check(guess, withdrawn), guess["choice"]
    # every seal's nonce is fresh randomness, not the game's derivation from its secret key
    nonces = [o["nonce"] for ev in events if ev["template"] == "sacrifices"
              for o in ev["args"]["opened"]]
    assert len(set(nonces)) == 3 and all(len(n) == 32 for n in nonces)
