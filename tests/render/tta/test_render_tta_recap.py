"""Through the Ages' close-up of the last turn, its "since your last turn" picture and its
end-of-game replay and stats card (render/tta/focus.py, since.py, replay.py): drawn from the
spectator's view and public events only (a hand shows as its count, a military card drawn
never), the replay under Discord's 8 MB with a frame per turn."""

from __future__ import annotations

import io
import random

from PIL import Image

import engine.tta as T
from engine.record import full_record
from engine.tta.ai import choose
from render import recap
from render.tta import digest_png, focus_png, replay_files
from render.tta.focus import WIDTH, last_section
from render.tta.replay import SOURCES, culture_sources, steps

NAMES = ["Ann", "Bob"]


def played(seed: int = 2):
    """A whole 2-seat game of AI seats: states, the events logged up to each, every event,
    the decisions."""
    s = T.new_game(NAMES, seed)
    rng = random.Random(seed)
    states, events, decisions = [s], list(T.start_events(s)), []
    logged = [len(events)]
    while T.result(s) is None:
        p = T.pending(s)[0]
        d = choose(s, p.seat, "normal", rng)
        s, evs = T.apply(s, p.seat, d)
        states.append(s)
        events += evs
        logged.append(len(events))
        decisions.append((p.seat, d))
    return states, logged, events, decisions


STATES, LOGGED, EVENTS, DECISIONS = played()


def png(data: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(data))
    assert img.format == "PNG"
    return img.convert("RGB")


def test_no_close_up_before_the_first_turn_ends():
    assert focus_png(T.view(STATES[0], None)) is None


def test_the_close_up_shows_the_turns_numbers_and_cards_at_a_phones_width():
    checked = 0
    for s in STATES[10::15]:
        v = T.view(s, None)
        sec = last_section(v, "en")
        if sec is None:
            continue
        assert sec.head == f"{NAMES[v['last']['seat']]}'s turn"
        img = png(focus_png(v, "en"))
        assert img.width == WIDTH == 480 and img.height >= 100
        checked += 1
    assert checked > 5


def test_the_close_up_holds_no_secret():
    # T-INFO: a seat's own view (its hand, its military cards) draws the same close-up as the
    # spectator's
    for s in STATES[20::40]:
        public = focus_png(T.view(s, None), "cs")
        for seat in range(2):
            assert focus_png(T.view(s, seat), "cs") == public


def test_since_your_last_turn_is_drawn_from_public_events_only():
    assert digest_png(T.view(STATES[0], None), [], 0) is None  # no turn came: no picture
    drawn = 0
    for s, upto in list(zip(STATES, LOGGED, strict=True))[30::7]:
        turn = [p for p in T.pending(s) if p.kind in T.INFO.turn_prompts]
        if not turn or drawn >= 3:
            continue
        seat = turn[0].seat
        events = EVENTS[:upto]
        data = digest_png(T.view(s, None), events, seat, "de")
        if data is None:
            continue
        public = [e for e in events if e.private_to is None]
        assert digest_png(T.view(s, seat), public, seat, "de") == data
        assert png(data).width == 480
        drawn += 1
    assert drawn >= 2


def test_the_replay_of_a_whole_game_has_a_frame_per_turn_under_8_mb():
    record = full_record("tta", NAMES, {}, 2, DECISIONS)
    files = dict(replay_files(record, "en"))
    assert list(files) == ["replay.gif", "stats.png"]
    gif = Image.open(io.BytesIO(files["replay.gif"]))
    turns = sum(e.template == "tta.turn" for e in EVENTS)
    assert gif.format == "GIF" and gif.width == 480
    assert gif.n_frames == 1 + steps(record) and steps(record) >= turns
    assert len(files["replay.gif"]) < recap.MAX_BYTES
    assert png(files["stats.png"]).width == recap.CARD_W


def test_culture_by_source_adds_up_to_the_scores():
    result = T.result(STATES[-1])
    sources = culture_sources(EVENTS, result, 2)
    assert [sum(x[k] for k in SOURCES) for x in sources] == result["scores"]
    assert all(x["production"] > 0 and x["final"] > 0 for x in sources)
