"""Amun-Re's close-up of the last turn, its "since your last turn" board and its end-of-game
replay and stats card (render/amunre/focus.py, since.py, replay.py; render/recap.py): drawn
from the spectator's view and public events only, the replay streamed one frame at a time and
under Discord's 8 MB."""

from __future__ import annotations

import gc
import io
import random
import weakref

from PIL import Image

import engine.amunre as A
from engine.amunre.ai import choose
from engine.record import full_record
from render import recap
from render.amunre import digest_png, focus_png, replay_files
from render.amunre import palette as pal
from render.amunre.replay import steps

NAMES = ["Ann", "Bob", "Cy"]


def played(seed: int = 6):
    """A whole game of three AI seats: the states after each decision, every event, and the
    decisions."""
    s = A.new_game(NAMES, seed)
    rng = random.Random(seed)
    states, events, decisions = [s], list(A.start_events(s)), []
    logged = [len(events)]
    while A.result(s) is None:
        p = A.pending(s)[0]
        d = choose(s, p.seat, "normal", rng)
        s, evs = A.apply(s, p.seat, d)
        states.append(s)
        events += evs
        logged.append(len(events))
        decisions.append((p.seat, d))
    return states, events, decisions, logged


STATES, EVENTS, DECISIONS, LOGGED = played()


def png(data: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(data))
    assert img.format == "PNG"
    return img.convert("RGB")


def has_ring(img: Image.Image) -> bool:
    return pal.NEW_RING in {c for _n, c in img.getcolors(1 << 20)}


def test_no_close_up_before_the_first_turn():
    assert focus_png(A.view(STATES[0], None)) is None


def test_the_close_up_of_a_bid_and_of_a_buying_turn():
    bid = next(s for s in STATES if (s.last.get("turn") or {}).get("kind") == "bid")
    buy = next(s for s in STATES if (s.last.get("turn") or {}).get("kind") == "buy"
               and any(e["template"] == "placed" for e in s.last["turn"]["events"]))
    for s in (bid, buy):
        img = png(focus_png(A.view(s, None), "en"))
        # a phone's width of the board at full size (shown twice as large as the board)
        assert 480 <= img.width <= 960 and img.height > 200
    assert has_ring(png(focus_png(A.view(buy, None), "cs")))  # the provinces changed


def test_the_close_up_holds_no_secret():
    # A-INFO-1: a seat's own view (its gold, cards, sealed sacrifice) draws the same close-up
    # as the spectator's, in any phase, a sealed sacrifice pending included
    sealed = [s for s in STATES if any(p.offer for p in s.players)][:3]
    for s in [*sealed, *STATES[40:400:60]]:
        public = focus_png(A.view(s, None), "de")
        for seat in range(3):
            assert focus_png(A.view(s, seat), "de") == public


def test_since_your_last_turn_rings_what_changed_or_is_none():
    assert digest_png(A.view(STATES[0], None), [], 0) is None  # nothing happened: no picture
    drawn = 0
    for s, upto in list(zip(STATES, LOGGED, strict=True))[20::3]:
        turn = [p for p in A.pending(s) if p.kind in A.INFO.turn_prompts]
        if not turn or drawn >= 4:
            continue
        events = [e.to_json() for e in EVENTS[:upto]]
        data = digest_png(A.view(s, None), events, turn[0].seat, "pl")
        if data is None:
            continue
        assert has_ring(png(data))
        # the same from the seat's own view: only the public board is drawn
        assert digest_png(A.view(s, turn[0].seat), events, turn[0].seat, "pl") == data
        drawn += 1
    assert drawn >= 3


def test_the_replay_of_a_whole_game_has_a_frame_per_step_under_8_mb():
    record = full_record("amunre", NAMES, {}, 6, DECISIONS)
    files = dict(replay_files(record, "en"))
    assert list(files) == ["replay.gif", "stats.png"]
    gif = Image.open(io.BytesIO(files["replay.gif"]))
    bids = sum(e.template == "bid" for e in EVENTS)
    ends = sum(e.template == "end_turn" for e in EVENTS)
    assert gif.format == "GIF" and gif.width == 480
    assert gif.n_frames == 1 + steps(record) and steps(record) >= bids + ends
    assert len(files["replay.gif"]) < recap.MAX_BYTES
    assert png(files["stats.png"]).width == recap.CARD_W


def test_a_small_budget_shrinks_the_frames():
    def frames(size):
        for i in range(6):
            img = Image.effect_noise((480, 360), 60 + 10 * i).convert("RGB")
            yield recap.fitted(img, size), 100

    big = Image.open(io.BytesIO(recap.animate(frames, pal.PAL)))
    small = Image.open(io.BytesIO(recap.animate(frames, pal.PAL, budget=200_000)))
    assert small.width < big.width == 480 and small.n_frames == big.n_frames == 6


def test_frames_are_encoded_one_at_a_time():
    """The animation holds the frame it encodes and the one before, never the game's: each
    frame given is gone once two more have come."""
    alive: list[weakref.ref] = []

    def frames(size):
        for i in range(12):
            gc.collect()
            assert sum(r() is not None for r in alive) <= 2, i
            img = Image.new("RGB", (64, 48), pal.PLAYER["red"] if i % 2 else pal.BACKGROUND)
            img.putpixel((i, i), pal.INK)
            alive.append(weakref.ref(img))
            yield img, 100

    gif = Image.open(io.BytesIO(recap.animate(frames, pal.PAL)))
    assert gif.n_frames == 12
