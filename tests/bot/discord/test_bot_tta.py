"""Through the Ages through the Discord double: a whole 3-player game from /tta start to the
final culture ranking, played by clicking the buttons and select menus of the private DM
prompts (random legal options, seeded); the AI plays two seats once engine/tta/ai exists
(GameInfo.ai_levels offers it), else three people play. Along the way: the end-of-turn preview
is shown before a turn is ended and matches the production posted after it, military discards
are asked by DM only, every channel post carries one board per player, and no hidden card
reaches the channel. And: a stale button and an illegal slash command are refused privately,
naming the rule, and change nothing."""

from __future__ import annotations

import io
import random
import re

import discord

import engine.tta as T
from bot.discord.publish import post_files
from data.i18n import t
from engine import registry
from engine.core import Event, IllegalDecision
from engine.tta.text import card_name
from tests.bot.bot_helpers import has_prompt, newest, option_buttons, settle

CHANNEL = "game-1"
SEED = 2
END = "End your actions"
TAKE_LABEL = re.compile(r"^Take \S.* \(space \d+, \d civil actions?\)$")


async def tta(d, user: str, *names: str, **options):
    inter = await d.slash(user, CHANNEL, "tta", *names, options=options)
    await inter.wait_done(10)
    return inter


def choices_of(message) -> list[tuple[str, str, str | None]]:
    """Every option of a prompt: (label, custom_id of its button or menu, the menu's value)."""
    out = [(str(b.get("label")), b["custom_id"], None) for b in option_buttons(message)]
    for c in message.walk_components():
        if str(c.get("custom_id", "")).startswith("ag:s:"):
            out += [(str(o["label"]), c["custom_id"], o["value"]) for o in c.get("options") or []]
    return out


def keeps_military(state, seat: int, d) -> bool:
    """Whether the decision spends no military action and plays no military card (alice
    hoards her military draws, so she is sure to be asked a discard)."""
    try:
        after, _ = T.apply(state, seat, d)
    except IllegalDecision:
        return True
    p, q = state.players[seat], after.players[seat]
    return d.kind in ("end", "discard") or (q.ma_spent <= p.ma_spent
                                             and len(q.military) >= len(p.military))


async def click_random(d, user: str, message, rng: random.Random,
                       allowed: set[str] | None = None):
    """A random option of the prompt (among `allowed` labels, if any is offered; ending the
    turn now and then, so turns stay short), or Confirm when only Confirm / Undo step are
    offered. Returns (label, interaction)."""
    message = d.message(message.id)
    options = choices_of(message)
    if allowed is not None and any(o[0] in allowed for o in options):
        options = [o for o in options if o[0] in allowed]
    if not options:
        cid = next(c for c in message.custom_ids if c.startswith("ag:c:"))
        inter = await d.click(user, message, cid)
        label = "confirm"
    else:
        ends = [o for o in options if o[0] == END]
        label, cid, value = ends[0] if ends and rng.random() < 0.6 else rng.choice(options)
        inter = (await d.click(user, message, cid) if value is None
                 else await d.select(user, message, cid, [value]))
    await inter.wait_done(10)
    return label, inter


async def begin(d, agora, humans: list[str], ai: int, seed: int = SEED, mode: str = "tutorial"):
    """A table of `humans` and `ai` normal AI seats, begun: the tutorial game unless `mode`
    names another (/tta start opens the full game by default, F-SETUP-3)."""
    bot = await agora.start()
    await d.wait_for_commands("tta")
    start = await tta(d, humans[0], "start", seed=seed, mode=mode)
    assert "Through the Ages" in start.content
    for user in humans[1:]:
        await tta(d, user, "join")
    for _ in range(ai):
        await tta(d, humans[0], "addbot", level="normal")
    await tta(d, humans[0], "begin")
    await d.wait_for_message(CHANNEL, lambda m: bool(m.attachments), timeout=20)
    await settle(bot)
    gid = (await bot.store.open_game(d.channel(CHANNEL).id)).id
    return bot, gid


def hidden_words(events: list[Event], names: list[str], rules) -> set[str]:
    """Lines only their seat may see (a drawn card, a discard), as that seat reads them."""
    out = set()
    for e in events:
        if e.private_to is not None:
            line = rules.event_text(e, names, e.private_to)
            if line:
                out.add(line)
    return out


async def test_a_whole_three_player_game(agora):
    d = agora.double
    ai = 2 if registry.info("tta").ai_levels else 0
    humans = ["alice"] if ai else ["alice", "bob", "carol"]
    bot, gid = await begin(d, agora, humans, ai)
    ids = {d.user(u).id: u for u in humans}
    rng = random.Random(SEED)
    previews: list[tuple[int, str, str]] = []
    discards = 0
    checked_endings = 0
    for _ in range(3000):
        await settle(bot)
        game = await bot.store.game(gid)
        if game.status != "playing":
            break
        table = await bot.games.table(gid)
        seat = table.seats[game.awaited[0]]
        assert seat.user_id is not None, "an AI seat keeps the game waiting"
        user = ids[seat.user_id]
        prompt = newest(d.dms(user), has_prompt)
        assert prompt is not None, f"no DM prompt for {user}"
        content = prompt.content  # before the click edits the prompt
        panel = await bot.games.panel(table, seat.seat)  # the seat's draft: its step now
        kind = panel.prompt.kind if panel.prompt is not None else ""
        preview = t("tta.preview.head") in content
        if kind == "discard":  # private: asked by DM, the channel never names the card
            assert prompt.channel.is_dm and prompt.channel.recipient is d.user(user)
            discards += 1
        allowed = {T.describe(o) for o in panel.options
                   if keeps_military(panel.preview, seat.seat, o)}
        for label, _, _ in choices_of(prompt):  # the card named, the actions written out
            assert not label.startswith("Take the card") and len(label) <= 100, label
            assert not re.search(r"\b(CA|MA)\b", label), label
        assert ".." not in content and not re.search(r"\b(CA|MA)\b", content), content
        label, inter = await click_random(d, user, prompt, rng, allowed)
        assert "out of date" not in inter.content, inter.content
        if label == END and preview:
            # the preview's line (culture, science, corruption, food, resources): checked at
            # the end against what the turn's end then posts for this player
            lines = content.split("\n")
            said = lines[lines.index(t("tta.preview.head")) + 1]
            previews.append((len(d.messages(CHANNEL)), user, said))
    game = await bot.store.game(gid)
    assert game.status == "over"
    posts = d.messages(CHANNEL)
    for since, user, said in previews:
        if said.startswith("⚠"):  # an uprising: no production line
            continue
        head = f"{user}: " + said.split(" · ")[0]
        posted = next(m.content for m in posts[since:] if head in m.content)
        assert all(part in posted for part in said.split(" · ")), (said, posted)
        checked_endings += 1
    assert checked_endings > 5 and discards > 0
    final = d.messages(CHANNEL)[-1]
    assert "Final scores" in final.content and "culture (final scoring" in final.content
    # every turn post shows the table and each player's own board
    posts = [m for m in d.messages(CHANNEL) if any(a.filename == "board.png"
                                                  for a in m.attachments)]
    assert len(posts) > 20
    for m in posts:
        names = {a.filename for a in m.attachments}
        assert {"player1.png", "player2.png", "player3.png"} <= names, names
        assert len(m.attachments) <= 10
    # nothing private reached the channel: no private log line, and no military card still
    # held that was never shown in public
    log = await bot.store.log(gid)
    events = [Event.from_json(ev) for e in log for ev in e.events]
    table = await bot.games.table(gid)
    rules = table.kind.rules
    channel = "\n".join(m.content for m in d.messages(CHANNEL))
    for line in hidden_words(events, table.names, rules):
        assert line not in channel, line
    # a card's name may be in the channel only where a public event named it (another copy,
    # or a card of the same name from another age, played in the open)
    public = "\n".join(rules.event_text(e, table.names, None) or "" for e in events
                       if e.private_to is None)
    for card in {c for p in table.state.players for c in p.military}:
        assert card_name(card) in public or card_name(card) not in channel, card
    assert any(e.decision["kind"] == "discard" and e.sealed for e in log)
    # the channel speaks of the seats, with no doubled full stop
    assert ".." not in channel and "Your actions" not in channel
    # after the final scores the status opens with the game's end, not a player on turn
    said = await tta(d, "alice", "status")
    head = said.content.split("\n")[0]
    assert said.ephemeral and "Game over after round" in head and "on turn" not in head, head


async def test_a_stale_button_and_an_illegal_command_are_refused(agora):
    d = agora.double
    bot, gid = await begin(d, agora, ["alice", "bob", "carol"], 0, seed=3)  # alice starts
    end = next(o for o in choices_of(newest(d.dms("alice"), has_prompt)) if o[0] == END)
    await (await d.click("alice", newest(d.dms("alice"), has_prompt), end[1])).wait_done(10)
    await settle(bot)
    confirm = newest(d.dms("alice"), has_prompt)  # the part is complete: Confirm
    assert not choices_of(confirm)
    await click_random(d, "alice", confirm, random.Random(0))
    await settle(bot)
    # bob (2 civil actions in round 1) takes a card by slash command, from the autocomplete
    # of the legal takes ...
    old_prompt = newest(d.dms("bob"), has_prompt)
    assert old_prompt is not None
    first = old_prompt.custom_ids[0]
    choices = await d.autocomplete("bob", CHANNEL, "tta", "take", focused="choice",
                                   options={"choice": ""})
    # each names its card, its space and its price in words (issue 29), never a space alone
    assert choices and all(TAKE_LABEL.match(c["name"]) for c in choices), choices
    assert not any(c["name"].startswith("Take the card") for c in choices)
    await tta(d, "bob", "take", choice=choices[0]["value"])
    await settle(bot)
    before = await bot.store.game(gid)
    draft = await bot.store.draft(gid, 1)
    assert draft is not None
    # ... so the DM prompt is stale now: its buttons are refused and nothing changes
    if first.startswith("ag:o:"):
        inter = await d.click("bob", old_prompt, first)
    else:  # a long list of options comes as select menus
        value = old_prompt.component(first)["options"][0]["value"]
        inter = await d.select("bob", old_prompt, first, [value])
    await inter.wait_done()
    assert inter.followups and "out of date" in inter.followups[-1].content
    assert inter.followups[-1].ephemeral
    # carol takes a card while bob decides: refused, naming the rule (T-OVER-1)
    out = await tta(d, "carol", "take")
    assert out.ephemeral and "T-OVER-1" in out.content, out.content
    # ... in words about bob, not addressed to carol as if it were her turn
    assert "bob" in out.content and "Your actions" not in out.content
    assert "civil actions left: 2" in out.content and ".." not in out.content
    for message in d.messages(CHANNEL):  # the channel speaks of the seats
        assert "Your actions" not in message.content and ".." not in message.content
    after = await bot.store.game(gid)
    assert (after.revision, after.decisions) == (before.revision, before.decisions)
    assert await bot.store.draft(gid, 1) == draft
    # the table, the log and the rules, privately to whoever asks
    for names, want in ((("status",), "Round 1 · Age A"), (("log",), "alice ends the action"),
                        (("rules",), "**Through the Ages**")):
        said = await tta(d, "carol", *names)
        assert said.ephemeral and want in said.content, said.content
    said = await tta(d, "carol", "rules", topic="production")
    assert "T-EOT-1" in said.content


def test_a_post_keeps_within_discords_ten_files() -> None:
    """The generic `extra_pngs` hook: the board and the close-up first, then the replay, then
    as many extra pictures as fit in Discord's 10 files per message."""
    extras = [(f"player{q}.png", b"png") for q in range(12)]
    replay = [discord.File(io.BytesIO(b"gif"), filename="replay.gif")]
    files = post_files(b"board", b"focus", extras, replay)
    assert [f.filename for f in files] == ["board.png", "focus.png", "replay.gif",
                                           *(f"player{q}.png" for q in range(7))]
    assert [f.filename for f in post_files(b"board", None, extras[:4], [])] == [
        "board.png", "player0.png", "player1.png", "player2.png", "player3.png"]
