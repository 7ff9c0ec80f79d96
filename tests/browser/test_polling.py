"""A screen whose stream a guest's flood evicts (issue 21): the Table page is told to poll, says
so in its indicator (never "connection lost"), keeps showing every change by polling
`GET /api/state?after=`, and does not reconnect in a loop that would evict another screen."""

from __future__ import annotations

import socket
import time
from typing import Any

from playwright.sync_api import expect

from companion.web.events import ANONYMOUS_STREAMS
from tests.server_support import open_stream
from tests.waiting import PATIENCE_MS

from .support import Api, amount, live


def test_an_evicted_table_page_polls_and_does_not_fight_for_a_stream(screens: Any, api: Api,
                                                                      daemon: Any) -> None:
    api.new_game(["Ann", "Bob"])
    table = live(screens.open("/", table=False))  # a watcher's Table page (the table's own is kept)
    asked: list[str] = []
    table.on("request", lambda r: asked.append(r.url))
    guest: list[socket.socket] = []
    try:
        for n in range(ANONYMOUS_STREAMS + 4):  # the whole pool, from many addresses
            guest.append(open_stream(daemon.port, f"127.0.61.{1 + n}"))
        polling = table.locator('[data-test="connection"][data-state="polling"]')
        expect(polling).to_be_visible(timeout=PATIENCE_MS)
        expect(table.get_by_test_id("offline-banner")).to_be_hidden()
        # Changes still come, by polling.
        api.must({"do": "adjust", "from": "bank", "to": "Ann", "amount": 100})
        amount(table.get_by_test_id("player-cash-Ann"), 1600, timeout=PATIENCE_MS)
        time.sleep(3)  # a while longer: a reconnecting page would have asked again by now
        streams = [url for url in asked if "/api/events" in url]
        polls = [url for url in asked if "/api/state?after=" in url]
        assert streams == [] and len(polls) >= 2, asked
        expect(polling).to_be_visible()
    finally:
        for sock in guest:
            sock.close()
