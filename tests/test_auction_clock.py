"""Auctions that close by themselves (companion/table/auction_clock.py): the deadline in every state,
restarted by a bid, and the table's passes for the silent when it runs out, stored as commands."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest

from companion.config import ConfigError, parse_config
from companion.table.auction_clock import AuctionClock
from companion.table.auction_timing import Countdown, Timing, checked
from companion.web.auction import install
from tests.clocks import FakeClock
from tests.waiting import PATIENCE
from tests.web_support import BANKER, Rig

SECONDS = 0.4


def play(rig: Rig, command: dict[str, Any]) -> dict[str, Any]:
    answer = rig.client().post("/api/commands", json=command, headers=BANKER)
    assert answer.status_code == 200, (command, answer.json)
    return answer.json["state"]


def wait_for(rig: Rig, ready: Any, timeout: float = PATIENCE) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while True:
        state = rig.client().get("/api/state").json
        if ready(state) or time.monotonic() > deadline:
            return state
        time.sleep(0.02)


def test_nobody_bids_and_the_deed_stays_with_the_bank(rig: Rig) -> None:
    clock = AuctionClock(rig.table, SECONDS)
    try:
        rig.new_game(players=["Ann", "Bob", "Cat"], tokens={"Ann": "car", "Bob": "dog", "Cat": "hat"})
        play(rig, {"do": "roll", "dice": [1, 2]})
        opened = time.time()
        state = play(rig, {"do": "decline"})
        answered = time.time()
        stamp = state["auction_clock"]
        assert stamp["seconds"] == SECONDS
        # the deadline is the opening's moment plus the clock's seconds (ms rounding aside)
        assert opened + SECONDS - 0.001 <= stamp["deadline"] / 1000 <= answered + SECONDS + 0.001
        assert state["pending"]["kind"] == "auction"
        closed = wait_for(rig, lambda s: s["pending"] is None)
        assert closed["pending"] is None and closed["auction_clock"] is None
        assert closed["properties"]["whitechapel-road"]["owner"] is None
        log = rig.client().get("/api/log").json["entries"]
        passes = [e for e in log if json.loads(e["line"])["do"] == "pass"]
        assert [(json.loads(e["line"])["player"], e["source"]) for e in passes] == \
            [("Ann", "table"), ("Bob", "table"), ("Cat", "table")]
    finally:
        clock.close()


def test_a_bid_starts_the_count_and_the_high_bidder_wins_when_it_runs_out(rig: Rig) -> None:
    # A long opening: the bid is in long before it ends, however busy the machine (what a pass
    # does to the deadline is the fake clock's test below).
    clock = AuctionClock(rig.table, SECONDS, opening=600)
    try:
        rig.new_game(players=["Ann", "Bob", "Cat"], tokens={"Ann": "car", "Bob": "dog", "Cat": "hat"})
        play(rig, {"do": "roll", "dice": [1, 2]})
        first = play(rig, {"do": "decline"})["auction_clock"]
        assert first["phase"] == "opening"
        bid = play(rig, {"do": "bid", "player": "Bob", "amount": 10})["auction_clock"]
        assert bid["phase"] == "bidding" and bid["deadline"] < first["deadline"]  # seconds from now
        closed = wait_for(rig, lambda s: s["pending"] is None)
        assert closed["properties"]["whitechapel-road"]["owner"] == "Bob"
        assert next(p for p in closed["players"] if p["name"] == "Bob")["cash"] == 1490
        log = rig.client().get("/api/log").json["entries"]
        passes = [json.loads(e["line"]) | {"source": e["source"]} for e in log[-2:]]
        assert [(p["player"], p["source"]) for p in passes] == [("Ann", "table"), ("Cat", "table")]
    finally:
        clock.close()


def test_undo_back_into_an_auction_gives_it_time_again(rig: Rig) -> None:
    fake = FakeClock()
    clock = AuctionClock(rig.table, 15, clock=fake)
    try:
        rig.new_game()
        play(rig, {"do": "roll", "dice": [1, 2]})
        play(rig, {"do": "decline"})
        play(rig, {"do": "pass", "player": "Ann"})
        fake.now += 60  # long after the auction's time ran out
        assert play(rig, {"do": "pass", "player": "Bob"})["pending"] is None
        undone = rig.client().post("/api/undo", json={"count": 1}, headers=BANKER).json["state"]
        assert undone["pending"]["kind"] == "auction"  # the last pass taken back
        assert undone["auction_clock"]["deadline"] == round((fake.now + 15) * 1000)  # 15 s from now
    finally:
        clock.close()


def test_the_setting_is_in_the_config() -> None:
    assert parse_config({}).table.auction_seconds == 15
    assert parse_config({"table": {"auction_seconds": 0}}).table.auction_seconds == 0
    with pytest.raises(ConfigError, match="auction_seconds"):
        parse_config({"table": {"auction_seconds": -1}})


# ---- issue 22: a long opening wait, a countdown from the first bid, time added by bids, one wait --


def test_the_countdown_on_a_fake_clock() -> None:
    timing = Timing(seconds=20, opening=60)
    countdown = Countdown(timing, now=100.0)
    assert (countdown.deadline, countdown.phase()) == (160.0, "opening")  # time to talk first
    countdown.bid(now=150.0)  # the first bid starts the countdown
    assert (countdown.deadline, countdown.phase()) == (170.0, "bidding")
    countdown.bid(now=165.0)  # 5 s left, and a bid adds 20
    assert countdown.deadline == 190.0
    countdown.bid(now=166.0)  # 24 s left + 20, but never more than 40 left
    assert countdown.deadline == 206.0
    assert countdown.wait(now=200.0) is True  # everyone gets the opening wait again
    assert countdown.deadline == 260.0 and countdown.waited
    assert countdown.wait(now=201.0) is False and countdown.deadline == 260.0  # once per auction
    late = Countdown(timing, now=0.0)
    late.wait(now=10.0)
    assert late.deadline == 70.0  # a wait never shortens what is left
    assert late.left(now=80.0) == 0.0


@pytest.mark.parametrize(("raw", "problem"), [
    ({"seconds": 20, "opening": 60}, None), ({"seconds": 0, "opening": 1}, None), ({}, None),
    ({"seconds": -1}, "seconds"), ({"seconds": 601}, "seconds"), ({"opening": 0}, "opening"),
    ({"seconds": 2.5}, "seconds"), ({"seconds": True}, "seconds"), ({"seconds": "20"}, "seconds"),
    ({"wait": 5}, "auction_clock must be"), ([20, 60], "auction_clock must be"),
])
def test_the_new_game_setting_is_checked(raw: Any, problem: str | None) -> None:
    found = checked(raw)
    if problem is None:
        assert isinstance(found, Timing)
    else:
        assert isinstance(found, str) and problem in found


def test_the_clock_on_a_fake_clock_opening_bids_and_the_wait(rig: Rig) -> None:
    fake = FakeClock()
    clock = AuctionClock(rig.table, 15, clock=fake)
    install(rig.app, clock)
    try:
        rig.new_game(players=["Ann", "Bob", "Cat"], tokens={"Ann": "car", "Bob": "dog", "Cat": "hat"},
                     auction_clock={"seconds": 25, "opening": 90})
        play(rig, {"do": "roll", "dice": [1, 2]})
        opened = play(rig, {"do": "decline"})["auction_clock"]
        assert opened == {"deadline": round((fake.now + 90) * 1000), "seconds": 25, "opening": 90,
                          "phase": "opening", "waited": False}
        fake.now += 30
        bid = play(rig, {"do": "bid", "player": "Bob", "amount": 10})["auction_clock"]
        assert bid["deadline"] == round((fake.now + 25) * 1000) and bid["phase"] == "bidding"
        fake.now += 10
        passed = play(rig, {"do": "pass", "player": "Cat"})["auction_clock"]
        assert passed["deadline"] == bid["deadline"]  # a pass adds nothing
        more = play(rig, {"do": "bid", "player": "Ann", "amount": 20})["auction_clock"]
        assert more["deadline"] == round((fake.now + 15 + 25) * 1000)  # 15 left, 25 added

        # The wait: from any screen, once. Many screens pressing it at once get one wait between them.
        screens = [rig.client() for _ in range(4)]
        answers = [s.post("/api/auction/wait", json={}) for s in screens]
        assert [a.status_code for a in answers] == [200, 422, 422, 422]
        waited = answers[0].json["state"]["auction_clock"]
        assert waited["waited"] is True and waited["deadline"] == round((fake.now + 90) * 1000)
        assert answers[1].json["words"]["ru"] and "once per auction" in answers[1].json["error"]
        assert rig.client().get("/api/state").json["auction_clock"] == waited  # every screen sees it
        log = rig.client().get("/api/log").json["entries"]
        assert json.loads(log[-1]["line"]) == {"do": "bid", "player": "Ann", "amount": 20}  # nothing stored
    finally:
        clock.close()


def test_no_auction_no_wait_and_the_next_auction_has_its_own(rig: Rig) -> None:
    fake = FakeClock()
    clock = AuctionClock(rig.table, 15, clock=fake)
    install(rig.app, clock)
    try:
        rig.new_game(players=["Ann", "Bob", "Cat"], tokens={"Ann": "car", "Bob": "dog", "Cat": "hat"})
        none = rig.client().post("/api/auction/wait", json={})
        assert none.status_code == 422 and none.json["words"]["en"].startswith("No auction")
        play(rig, {"do": "roll", "dice": [1, 2]})
        play(rig, {"do": "decline"})
        assert rig.client().post("/api/auction/wait", json={}).status_code == 200
        for name in ("Ann", "Bob", "Cat"):
            play(rig, {"do": "pass", "player": name})
        play(rig, {"do": "end_turn"})
        play(rig, {"do": "roll", "dice": [2, 3]})
        play(rig, {"do": "decline"})  # Bob declines King's Cross: a new auction, a new wait
        assert rig.client().post("/api/auction/wait", json={}).status_code == 200
    finally:
        clock.close()


def test_the_timing_is_kept_with_the_game_and_a_bad_one_starts_nothing(rig: Rig) -> None:
    clock = AuctionClock(rig.table, 15)
    try:
        bad = rig.client().post("/api/games", headers=BANKER, json={
            "players": ["Ann", "Bob"], "auction_clock": {"seconds": 9999}})
        assert bad.status_code == 400 and "seconds" in bad.json["error"]
        assert rig.client().get("/api/state").json["game"] is None
        game = rig.new_game(auction_clock={"seconds": 7, "opening": 45})["game"]
        rig.new_game()  # another game, with the table's own timing
        play(rig, {"do": "roll", "dice": [1, 2]})
        assert play(rig, {"do": "decline"})["auction_clock"]["opening"] == 15  # the table's own
        opened = rig.client().post(f"/api/games/{game}/open", headers=BANKER)
        assert opened.status_code == 200
        play(rig, {"do": "roll", "dice": [1, 2]})
        stamp = play(rig, {"do": "decline"})["auction_clock"]
        assert (stamp["seconds"], stamp["opening"]) == (7, 45)  # the resumed game's own
        off = rig.new_game(auction_clock={"seconds": 0, "opening": 1})
        assert off["game"]
        play(rig, {"do": "roll", "dice": [1, 2]})
        assert play(rig, {"do": "decline"})["auction_clock"] is None  # this game runs no clock
    finally:
        clock.close()
