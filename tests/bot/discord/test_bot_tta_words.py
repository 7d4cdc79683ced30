"""Through the Ages read in words through the Discord double (issue 29), three people
playing: an event's question names the event; a colonisation auction's winner is asked, by
DM, for a force of at least his bid, forms it himself unit by unit ("Add to the force: …",
G-COL-3), sees what he has chosen so far, and sends it — the engine never sends for him."""

from __future__ import annotations

import random

from data.tta import CARDS
from engine.tta.flow import current
from engine.tta.text import card_name, describe
from tests.bot.bot_helpers import has_prompt, newest, settle
from tests.bot.discord.test_bot_tta import begin, click_random


async def test_events_and_a_colonisation_in_words(agora):
    d = agora.double
    humans = ["alice", "bob", "carol"]
    bot, gid = await begin(d, agora, humans, 0, seed=5)
    ids = {d.user(u).id: u for u in humans}
    rng = random.Random(5)
    asked_events: set[str] = set()
    formed: set[tuple[int, str]] = set()  # (seat, territory) of a force formed by hand
    for _ in range(4000):
        await settle(bot)
        game = await bot.store.game(gid)
        table = await bot.games.table(gid)
        colonised = {(q, c) for q, c in formed if c in table.state.players[q].colonies}
        if game.status != "playing" or (colonised and asked_events):
            break
        seat = table.seats[game.awaited[0]]
        user = ids[seat.user_id]
        prompt = newest(d.dms(user), has_prompt)
        assert prompt is not None, f"no DM prompt for {user}"
        content = d.message(prompt.id).content
        panel = await bot.games.panel(table, seat.seat)
        kind = panel.prompt.kind if panel.prompt is not None else ""
        frame = current(panel.preview) or {}
        labels = {describe(o): o for o in panel.options}
        allowed: set[str] | None = None
        if kind == "ev" and "event" in frame:
            # the question names its event (not "An event asks for your choice")
            assert f"Now: {card_name(frame['event'])}" in content, content
            asked_events.add(frame["event"])
        elif kind == "politics":  # steer towards a colonisation: prepare a territory
            territories = {x for x, o in labels.items() if o.kind == "prepare"
                           and CARDS[o.args["card"]].kind == "territory"}
            allowed = territories or None
        elif kind == "bid":  # the lowest bid, so that an auction is won now and then
            bids = [o for o in panel.options if o.kind == "bid"]
            if bids:
                allowed = {describe(min(bids, key=lambda o: o.args["amount"]))}
            assert card_name(frame["card"]) in content, content
        elif kind == "send":
            territory = card_name(frame["card"])
            assert f"Now: colonization of {territory}: send a force of at least " \
                   f"{frame['bid']}" in content, content
            adds = {x for x, o in labels.items() if o.kind == "add"}
            sends = {x for x, o in labels.items() if o.kind == "send"}
            assert all(x.startswith("Add ") or x.startswith("Discard ") for x in adds)
            assert all(x.startswith("Send ") and "(force " in x for x in sends), sends
            if frame.get("units"):
                assert "chosen so far: " in content, content
            if adds:  # a larger force than the smallest one (the rest may be forced)
                allowed = adds
                formed.add((seat.seat, frame["card"]))
            else:
                allowed = sends
        await click_random(d, user, prompt, rng, allowed)
    assert asked_events, "no event asked a question"
    assert colonised, "no colonisation force was formed"
    for q, card in colonised:  # the channel tells whose colony it became, and its force
        posted = "\n".join(m.content for m in d.messages("game-1"))
        assert f"{table.names[q]} colonizes {card_name(card)} with a force of" in posted
