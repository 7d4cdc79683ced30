"""bot/host/deadlines.py: when a deadline clock warns and runs out, with a vacation (and a
server's cap on it) not counted; and each game's pass for `on_deadline: skip`."""

from __future__ import annotations

import engine.amunre as amunre
import engine.pantheon as pantheon
import engine.tta as tta
from bot.host import deadlines
from bot.host.kinds import kind
from bot.store import Away, SeatRow

H = 3600.0
DAY = 24 * H


def seat(asked_at: float) -> SeatRow:
    return SeatRow(game_id=1, seat=0, user_id=7, name="alice", asked_at=asked_at)


def test_a_clock_warns_at_three_quarters_and_runs_out_at_its_time():
    c = deadlines.clock(seat(1000.0), 24 * H, None, None)
    assert (c.warn_at, c.due_at) == (1000.0 + 18 * H, 1000.0 + 24 * H)


def test_a_vacation_pauses_the_clock_and_a_cap_ends_the_pause():
    away = Away(7, since=1000.0 + 6 * H, until=1000.0 + 6 * H + 3 * DAY)
    # 6 hours ran before the vacation; the rest runs after it
    assert deadlines.clock(seat(1000.0), 24 * H, away, None).due_at == 1000.0 + 24 * H + 3 * DAY
    # a server's cap of one day: the pause ends after a day there
    assert deadlines.clock(seat(1000.0), 24 * H, away, 1).due_at == 1000.0 + 24 * H + DAY
    # a vacation over before the clock started, or starting after it ran out, changes nothing
    assert deadlines.moment(1000.0 + 4 * DAY, 24 * H, away, None) == 1000.0 + 5 * DAY
    assert deadlines.moment(0.0, H, away, None) == H
    # a clock started during the vacation runs from its end
    assert deadlines.moment(1000.0 + DAY, 24 * H, away, None) == away.until + 24 * H
    assert deadlines.away_until(away, None, 1000.0 + DAY) == away.until
    assert deadlines.away_until(away, 1, 1000.0 + 6 * H + DAY) is None  # past the cap
    assert deadlines.away_until(None, None, 0.0) is None


def test_a_new_vacation_keeps_the_pause_the_old_one_gave():
    old = Away(7, since=1000.0, until=1000.0 + 10 * H)
    now = 1000.0 + 4 * H  # back early, or away anew: 4 hours of pause so far
    moved = deadlines.shifts([(1, seat(500.0), None), (2, seat(2000.0), 2),
                              (3, SeatRow(3, 1, 8, "bob"), None)], old, now)
    assert moved == [(1, 0, 500.0, 500.0 + 4 * H), (2, 0, 2000.0, 2000.0 + 4 * H - 1000.0)]


def test_the_options_and_their_defaults():
    assert deadlines.limit({}) is None and deadlines.limit({"deadline_hours": 48}) == 48 * H
    assert deadlines.on_deadline({}) == "ai"
    assert deadlines.on_deadline({"on_deadline": "host"}) == "host"


def test_each_games_pass():
    # Through the Ages: ending the turn with its actions unspent
    s = tta.new_game(["a", "b"], 3, {})
    first = tta.pending(s)[0].seat
    assert kind("tta").pass_decision(s, first).kind == "end"
    # Amun-Re: a bid has no pass (every player bids in the auction)
    s = amunre.new_game(["a", "b", "c"], 3, {})
    assert kind("amunre").pass_decision(s, amunre.pending(s)[0].seat) is None
    # Pantheon: a turn is one action, with no pass (P-TURN-1)
    s = pantheon.new_game(3, next(sd for sd in range(1, 300)
                                  if pantheon.pending(pantheon.new_game(3, sd))[0].kind
                                  == "action"))
    assert kind("pantheon").pass_decision(s, pantheon.pending(s)[0].seat) is None
    # a seat with no options has no pass either
    assert kind("pantheon").pass_decision(s, (pantheon.pending(s)[0].seat + 1) % 3) is None
