"""Through the Ages as a Czech, a German and a Polish player read it (issue 29 "Done when"): a
whole 3-player tutorial game through the Discord double, three *human* seats whose Discord
clients speak Czech (alice), German (bob) and Polish (carol), the channel in Czech. Every text
each of them is shown is collected — channel posts, DMs (each version of an edited prompt),
ephemeral answers, button labels, select menus and their descriptions, the autocomplete of
every `/tta` verb and of `/tta rules card:` — and every one is checked: no English card name
where the reader's language has its own, the take buttons name their card (never a space
number alone), an event's question names its event, no doubled full stop, no "CA"/"MA", the
channel in the third person (no "your actions" about anyone), and after the final scores
`/tta status` opens with the game's end, never "Round 16 · Age III · carol on turn"."""

from __future__ import annotations

import os
import random
import re
from collections.abc import Iterable
from pathlib import Path

from data.i18n import t
from data.tta import CARDS
from engine.tta.cardtext import card_name
from engine.tta.flow import current
from engine.tta.text import describe
from tests.bot.bot_helpers import has_prompt, newest, settle
from tests.bot.discord.test_bot_tta import CHANNEL, choices_of, click_random, keeps_military

PLAYERS = {"alice": "cs", "bob": "de", "carol": "pl"}
GAME_LANGUAGE = "cs"  # the channel's language
VERBS = ("take", "build", "develop", "play", "politics", "tactic", "wonder", "bid")
SEED = int(os.environ.get("TTA_READABLE_SEED", 6))
LEFTOVER = re.compile(r"\{\w*\}|\btta\.[a-z_]+\.|\bNone\b")  # a raw key or placeholder
DOUBLE_STOP = re.compile(r"(?<!\.)\.\.(?!\.)")  # ".." but not an ellipsis "..."
# the actions' abbreviations on the cards' figures lines ("6 CA · 5 MA"), in each language
ABBREVIATIONS = {lang: re.compile(r"\b({})\b".format("|".join(
    re.escape(t(f"tta.cardinfo.{k}_actions", lang, n=0).split(" ", 1)[1])
    for k in ("civil", "military")))) for lang in ("en", "cs", "de", "pl")}


def english_names(lang: str) -> dict[str, str]:
    """Each card's English name that `lang` writes otherwise (people's names a language writes
    as English does are its own): the English name must never reach a `lang` reader."""
    return {card_name(c, "en"): c for c in CARDS if card_name(c, "en") != card_name(c, lang)}


def untranslated(text: str, names: dict[str, str]) -> list[str]:
    return [n for n in names if re.search(rf"(?<![\w-]){re.escape(n)}(?![\w-])", text)]


def message_texts(message) -> list[str]:
    """Every word a reader sees on a message: its text, each button's label, each select menu's
    placeholder, option labels and descriptions."""
    out = [message.text]
    for c in message.walk_components():
        out += [str(c[k]) for k in ("label", "placeholder") if c.get(k)]
        for o in c.get("options") or []:
            out += [str(o[k]) for k in ("label", "description") if o.get(k)]
    return [x for x in out if x]


class Reader:
    """What one person (or the channel) has been shown, each version of each message once."""

    def __init__(self, lang: str) -> None:
        self.lang = lang
        self.seen: set[tuple[int, int]] = set()
        self.texts: list[str] = []
        self.labels: list[str] = []  # option labels of prompts and autocomplete choices

    def read(self, messages: Iterable) -> None:
        for m in messages:
            if (m.id, m.edits) in self.seen or m.loading:
                continue
            self.seen.add((m.id, m.edits))
            self.texts += message_texts(m)
            self.labels += [label for label, _, _ in choices_of(m)]

    def add(self, *texts: str, label: bool = False) -> None:
        self.texts += [x for x in texts if x]
        if label:
            self.labels += [x for x in texts if x]


def take_patterns(lang: str) -> tuple[re.Pattern[str], re.Pattern[str]]:
    """A take label that names its card ("Vzít: Železo (pole 4, 1 civilní akce)") and one that
    names only its space ("Vzít kartu z pole 4 (…)"), in `lang`."""
    def pattern(key: str) -> re.Pattern[str]:
        text = t(key, lang, card="\0", space="\1", cost="\2")
        text = re.escape(text).replace("\0", ".+").replace("\1", r"\d+").replace("\2", ".+")
        return re.compile(f"^{text}$")
    return pattern("tta.decision.take"), pattern("tta.decision.take_space")


def check(reader: Reader, channel: bool) -> list[str]:
    """Every problem in what `reader` was shown."""
    lang = reader.lang
    names = english_names(lang)
    problems = []
    written_out = os.path.commonprefix([t("tta.cost.civil", lang, n=n, count=n).split(" ", 1)[1]
                                        for n in (1, 2, 5)])  # "civil action", "akcj"
    for text in reader.texts:
        if LEFTOVER.search(text):
            problems.append(f"raw text: {text!r}")
        if DOUBLE_STOP.search(text):
            problems.append(f"double full stop: {text!r}")
        # an abbreviation only where the same text writes the actions out (a card's effect
        # under its figures line)
        if ABBREVIATIONS[lang].search(text) and written_out not in text:
            problems.append(f"CA/MA: {text!r}")
        if lang != "en" and (found := untranslated(text, names)):
            problems.append(f"English card names {found}: {text!r}")
        if channel:  # the channel speaks of the seats, never to one of them about actions
            your_actions = t("tta.prompt.action", lang, ca=0, ma=0).split(" ")[0]
            if "Your actions" in text or re.search(r"\b(your|dein|twoj|tvoj)e? akc", text, re.I):
                problems.append(f"second person in the channel: {text!r} ({your_actions})")
    named, space_only = take_patterns(lang)
    takes = [x for x in reader.labels if named.match(x)]
    for label in reader.labels:
        if space_only.match(label):
            problems.append(f"a take label names a space only: {label!r}")
    cards = {card_name(c, lang) for c in CARDS}
    for label in takes:
        if not any(n in label for n in cards):
            problems.append(f"a take label names no card: {label!r}")
    return problems


async def test_a_czech_a_german_and_a_polish_player_read_every_card(agora, tmp_path):
    d = agora.double
    for name, lang in PLAYERS.items():
        d.user(name).locale = lang
    bot = await agora.start()
    await d.wait_for_commands("tta")

    async def tta(user: str, *names: str, **options):
        inter = await d.slash(user, CHANNEL, "tta", *names, options=options)
        await inter.wait_done(10)
        return inter

    await tta("alice", "start", seed=SEED, language=GAME_LANGUAGE, mode="tutorial")
    for name in ("bob", "carol"):
        await tta(name, "join")
    await tta("alice", "begin")
    await d.wait_for_message(CHANNEL, lambda m: bool(m.attachments), timeout=20)
    await settle(bot)
    gid = (await bot.store.open_game(d.channel(CHANNEL).id)).id
    ids = {d.user(n).id: n for n in PLAYERS}
    readers = {n: Reader(lang) for n, lang in PLAYERS.items()}
    channel = Reader(GAME_LANGUAGE)
    rng = random.Random(SEED)
    events_asked: list[tuple[str, str, str]] = []  # (reader, event, the prompt's words)
    takes_seen = 0
    final_round_heads: list[str] = []
    step = 0
    for step in range(4000):
        await settle(bot)
        for n, r in readers.items():
            r.read(d.dms(n))
            r.read(d.ephemeral_messages(n))
        channel.read(d.messages(CHANNEL))
        table = await bot.games.table(gid)
        if table.game.status != "playing":
            break
        seat = table.seats[table.game.awaited[0]]
        user = ids[seat.user_id]
        lang = PLAYERS[user]
        prompt = newest(d.dms(user), has_prompt)
        assert prompt is not None, f"no DM prompt for {user}"
        content = d.message(prompt.id).content
        panel = await bot.games.panel(table, seat.seat)
        kind = panel.prompt.kind if panel.prompt is not None else ""
        frame = current(panel.preview) or {}
        if kind == "ev" and "event" in frame:  # the question names its event, in his language
            assert card_name(frame["event"], lang) in content, content
            events_asked.append((user, frame["event"], content))
        if step % 7 == 0:  # what the slash commands complete, for the one on turn
            for verb in VERBS:
                choices = await d.autocomplete(user, CHANNEL, "tta", verb, focused="choice",
                                               options={"choice": ""})
                readers[user].add(*(c["name"] for c in choices), label=True)
                takes_seen += verb == "take" and bool(choices)
        if step % 25 == 0:  # the card lookup's autocomplete, and the answers to ask for
            for n in PLAYERS:
                choices = await d.autocomplete(n, CHANNEL, "tta", "rules", focused="card",
                                               options={"card": ""})
                readers[n].add(*(c["name"] for c in choices))
            card = rng.choice(sorted(CARDS))
            for n in PLAYERS:
                await tta(n, "rules", card=card)
            for command in ("status", "hand", "log"):
                await tta(rng.choice(sorted(PLAYERS)), command)
            other = next(n for n in PLAYERS if n != user)
            refused = await tta(other, "take")  # not his turn: refused in words about user
            assert refused.ephemeral and "T-OVER-1" in refused.content
            # in words about the one on turn, never "your actions" to the one refused
            assert user in refused.content, refused.content
            assert "Your actions" not in refused.content, refused.content
        if table.state is not None and table.state.age == "III":
            said = await tta(user, "status")
            final_round_heads.append(said.content.split("\n")[0])
        # military cards are kept, so that a discard is asked now and then, and events are
        # prepared, so that they come and ask
        keep = [o for o in panel.options if keeps_military(panel.preview, seat.seat, o)]
        if kind == "politics":
            keep = [o for o in panel.options if o.kind == "prepare"] or keep
        labels = {describe(o, lang) for o in keep}
        label, inter = await click_random(d, user, prompt, rng, labels or None)
        assert "out of date" not in inter.content, inter.content
    assert (await bot.store.game(gid)).status == "over", f"not over after {step} steps"
    await settle(bot)
    for n, r in readers.items():
        r.read(d.dms(n))
        r.read(d.ephemeral_messages(n))
    channel.read(d.messages(CHANNEL))
    # after the final scores: the game's end, in each reader's language, nobody on turn
    for n, lang in PLAYERS.items():
        said = await tta(n, "status")
        head = said.content.split("\n")[0]
        readers[n].add(said.content)
        over = t("tta.post.over", lang, round=0).split(" 0")[0]
        on_turn = t("tta.status.head", lang, where="", name="\0", civil=0, military=0)
        on_turn = on_turn.split("\0")[0].split("·")[-1].strip() or "\0"
        assert over in head and on_turn not in head, head
    # the final round of the tutorial is never called Age III (its header, its status)
    age3 = {lang: t("tta.post.head", lang, round=0, age="III").split("· ")[-1]
            for lang in set(PLAYERS.values()) | {GAME_LANGUAGE}}
    assert final_round_heads, "the game never reached its final round"
    for head in final_round_heads:
        assert not any(a in head for a in age3.values()), head
    for text in channel.texts:
        assert age3[GAME_LANGUAGE] not in text, text
    if os.environ.get("TTA_READABLE_DUMP"):  # for a person to read it all
        out = Path(os.environ["TTA_READABLE_DUMP"])
        out.mkdir(parents=True, exist_ok=True)
        for n, r in (*readers.items(), ("channel", channel)):
            (out / f"{n}.txt").write_text("\n---\n".join(r.texts))
            (out / f"{n}.labels.txt").write_text("\n".join(sorted(set(r.labels))))
    problems = {n: check(r, False) for n, r in readers.items()}
    problems["channel"] = check(channel, True)
    assert all(not p for p in problems.values()), {n: p[:8] for n, p in problems.items()}
    assert events_asked, "no event asked a question"
    assert takes_seen > 0 and all(r.labels for r in readers.values())

