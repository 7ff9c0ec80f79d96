"""Auctions that close by themselves (companion/table/auction_clock.py): the deadline in every state,
restarted by a bid, and the table's passes for the silent when it runs out, stored as commands."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.config import ConfigError, parse_config
from companion.table.auction_clock import AuctionClock
from tests.web_support import BANKER, Rig, rig_fixture

SECONDS = 0.4


@pytest.fixture
def rig(tmp_path: Path) -> Iterator[Rig]:
    yield from rig_fixture(tmp_path)


def play(rig: Rig, command: dict[str, Any]) -> dict[str, Any]:
    answer = rig.client().post("/api/commands", json=command, headers=BANKER)
    assert answer.status_code == 200, (command, answer.json)
    return answer.json["state"]


def wait_for(rig: Rig, ready: Any, timeout: float = 3.0) -> dict[str, Any]:
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
        stamp = state["auction_clock"]
        assert stamp["seconds"] == SECONDS
        assert abs(stamp["deadline"] / 1000 - (opened + SECONDS)) < 0.2
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


def test_a_bid_starts_the_count_again_and_the_high_bidder_wins(rig: Rig) -> None:
    clock = AuctionClock(rig.table, SECONDS)
    try:
        rig.new_game(players=["Ann", "Bob", "Cat"], tokens={"Ann": "car", "Bob": "dog", "Cat": "hat"})
        play(rig, {"do": "roll", "dice": [1, 2]})
        first = play(rig, {"do": "decline"})["auction_clock"]["deadline"]
        time.sleep(SECONDS / 2)
        second = play(rig, {"do": "bid", "player": "Bob", "amount": 10})["auction_clock"]["deadline"]
        assert second >= first + SECONDS / 2 * 1000 - 50
        passed = play(rig, {"do": "pass", "player": "Cat"})  # a pass leaves the deadline as it is
        assert passed["auction_clock"]["deadline"] == second
        closed = wait_for(rig, lambda s: s["pending"] is None)
        assert closed["properties"]["whitechapel-road"]["owner"] == "Bob"
        assert next(p for p in closed["players"] if p["name"] == "Bob")["cash"] == 1490
    finally:
        clock.close()


def test_undo_back_into_an_auction_gives_it_time_again(rig: Rig) -> None:
    clock = AuctionClock(rig.table, SECONDS)
    try:
        rig.new_game()
        play(rig, {"do": "roll", "dice": [1, 2]})
        play(rig, {"do": "decline"})
        wait_for(rig, lambda s: s["pending"] is None)
        undone = rig.client().post("/api/undo", json={"count": 1}, headers=BANKER).json["state"]
        assert undone["pending"]["kind"] == "auction"  # the last pass taken back
        assert undone["auction_clock"]["deadline"] / 1000 > time.time() + SECONDS / 2
    finally:
        clock.close()


def test_the_setting_is_in_the_config() -> None:
    assert parse_config({}).table.auction_seconds == 15
    assert parse_config({"table": {"auction_seconds": 0}}).table.auction_seconds == 0
    with pytest.raises(ConfigError, match="auction_seconds"):
        parse_config({"table": {"auction_seconds": -1}})
