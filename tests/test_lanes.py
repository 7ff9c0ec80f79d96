"""The server's lanes (companion/web/lanes.py) with channels of our own making, as waitress hands
them over: the table's own requests before strangers' that came first, strangers bounded per
address and in all (answered at once beyond), the streams on threads of their own, and nothing
counted for ever. (tests/test_read_flood.py floods the real server.)"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from companion.i18n import LANGUAGES
from companion.web.lanes import EVENTS, Lanes, Refusal
from tests.waiting import PATIENCE, wait_for

OWN = "session=own"


class Request:
    """What waitress's parser makes of a request: its path, headers, and an error if any."""

    def __init__(self, path: str, cookie: str = "", forwarded: str = "") -> None:
        self.path = path
        self.headers = {"COOKIE": cookie} if cookie else {}
        if forwarded:
            self.headers["X_FORWARDED_FOR"] = forwarded
        self.error: Any = None


class Channel:
    """A connection with one request waiting: served when a thread takes it (held until let go,
    if `hold`); what it was answered is kept."""

    def __init__(self, served: list[Channel], name: str, path: str = "/api/history", cookie: str = "",
                 address: str = "127.0.0.9", hold: bool = False) -> None:
        self.served = served
        self.name = name
        self.requests = [Request(path, cookie)]
        self.addr = (address, 40000)
        self.go = threading.Event()
        if not hold:
            self.go.set()
        self.started = threading.Event()
        self.answered: Any = None
        self.cancelled = False

    def service(self) -> None:
        self.started.set()
        self.go.wait(30)
        self.answered = self.requests[0].error
        self.served.append(self)

    def cancel(self) -> None:
        self.cancelled = True


@pytest.fixture
def served() -> list[Channel]:
    return []


@contextmanager
def lanes_of(**bounds: Any) -> Iterator[Lanes]:
    """Lanes with these bounds (no rest between strangers' requests unless asked), stopped after."""
    lanes = Lanes(lambda cookie: cookie == OWN, **{"streams": 2, "share": 1.0, **bounds})
    lanes.start()
    try:
        yield lanes
    finally:
        lanes.shutdown(timeout=5)


def test_the_table_s_own_request_goes_before_strangers_that_came_first(served: list[Channel]) -> None:
    with lanes_of(workers=2, stranger_workers=1, strangers=50) as lanes:
        busy = Channel(served, "the stranger being served", hold=True)
        lanes.add_task(busy)
        assert busy.started.wait(PATIENCE)
        waiting = [Channel(served, f"stranger {n}", address=f"127.0.1.{n}") for n in range(5)]
        for channel in waiting:
            lanes.add_task(channel)
        own = Channel(served, "the banker's command", path="/api/commands", cookie=OWN)
        lanes.add_task(own)
        assert wait_for(lambda: own in served)  # on the other worker: strangers have one at most
        assert not any(channel in served for channel in waiting)
        busy.go.set()
        assert wait_for(lambda: all(channel in served for channel in waiting))
        assert [c.name for c in served[1:]] == ["the stranger being served"] + [c.name for c in waiting]
        assert all(c.answered is None for c in served)  # each served by the app, none refused


def test_strangers_beyond_their_bounds_are_answered_at_once_and_counted_no_more(
        served: list[Channel]) -> None:
    with lanes_of(workers=2, stranger_workers=1, per_address=2, strangers=4) as lanes:
        held = [Channel(served, f"held {n}", address="127.0.2.1", hold=True) for n in range(2)]
        for channel in held:
            lanes.add_task(channel)
        third = Channel(served, "a third from that address", address="127.0.2.1")
        lanes.add_task(third)
        assert wait_for(lambda: third in served)
        assert isinstance(third.answered, Refusal) and third.answered.status.startswith("429")
        others = [Channel(served, f"other {n}", address=f"127.0.3.{n}", hold=True) for n in range(2)]
        for channel in others:
            lanes.add_task(channel)
        fifth = Channel(served, "one more from anyone", address="127.0.4.1")
        lanes.add_task(fifth)
        assert wait_for(lambda: fifth in served)
        assert isinstance(fifth.answered, Refusal) and fifth.answered.status.startswith("503")
        body = json.loads(fifth.answered.body)
        assert body["retry_after"] == 1 and set(body["words"]) == set(LANGUAGES)
        assert ("Retry-After", "1") in fifth.answered.to_response()[1]
        # The table's own are never refused, whatever strangers hold.
        own = Channel(served, "the banker's", cookie=OWN, address="127.0.2.1")
        lanes.add_task(own)
        assert wait_for(lambda: own in served) and own.answered is None
        # Once served, the strangers' requests count no more: that address is served again.
        for channel in held + others:
            channel.go.set()
        assert wait_for(lambda: all(channel in served for channel in held + others))
        assert wait_for(lambda: lanes.strangers_on_their_way == 0 and not lanes.on_their_way)
        again = Channel(served, "later, from the same address", address="127.0.2.1")
        lanes.add_task(again)
        assert wait_for(lambda: again in served) and again.answered is None
        assert lanes.refused == {"address": 1, "everyone": 1}


def test_the_pis_own_address_goes_with_the_tables_own(served: list[Channel]) -> None:
    """The Pi itself (its own browser, the doctor) is bounded no more than nginx bounds it: its
    requests, without a cookie, are never refused while strangers fill every bound."""
    with lanes_of(workers=3, stranger_workers=1, per_address=1, strangers=1) as lanes:
        stranger = Channel(served, "a stranger", address="127.0.2.9", hold=True)
        lanes.add_task(stranger)
        pis = [Channel(served, f"the Pi's {n}", address=address)
               for n, address in enumerate(("127.0.0.1", "127.0.0.1", "::1"))]
        for channel in pis:
            lanes.add_task(channel)
        assert wait_for(lambda: all(channel in served for channel in pis))
        assert all(channel.answered is None for channel in pis)
        another = Channel(served, "another stranger", address="127.0.2.10")
        lanes.add_task(another)  # the control: strangers are bounded meanwhile
        assert wait_for(lambda: another in served) and isinstance(another.answered, Refusal)
        stranger.go.set()


def test_a_channel_handed_over_again_gives_back_what_its_last_request_held(served: list[Channel]) -> None:
    """waitress hands a channel over for its next request (pipelined) from the thread that has
    just served the last one, before that thread is done: the last one counts no more."""
    with lanes_of(workers=1, stranger_workers=1, per_address=1) as lanes:
        channel = Channel(served, "first", address="127.0.5.1", hold=True)
        lanes.add_task(channel)
        assert channel.started.wait(PATIENCE)
        channel.requests = [Request("/api/chart")]  # its next request, as service() ends
        lanes.add_task(channel)
        assert lanes.on_their_way == {"127.0.5.1": 1}  # the next alone
        assert channel.requests[0].error is None  # not refused: the first no longer counts
        channel.go.set()
        assert wait_for(lambda: len(served) == 2)
        assert wait_for(lambda: lanes.strangers_on_their_way == 0)


def test_streams_have_threads_of_their_own_the_table_s_own_first(served: list[Channel]) -> None:
    with lanes_of(workers=1, stranger_workers=1, streams=0) as lanes:  # SPARE stream threads alone
        busy = Channel(served, "a worker's request", hold=True, cookie=OWN)
        lanes.add_task(busy)
        assert busy.started.wait(PATIENCE)
        open_streams = [Channel(served, f"stream {n}", path=EVENTS, address=f"127.0.6.{n}", hold=True)
                        for n in range(lanes.stream_threads)]
        for stream in open_streams:
            lanes.add_task(stream)
        assert wait_for(lambda: all(s.started.is_set() for s in open_streams))  # no worker needed
        theirs = Channel(served, "a stranger's stream", path=EVENTS, address="127.0.7.1")
        mine = Channel(served, "a paired phone's stream", path=EVENTS, cookie=OWN, hold=True)
        lanes.add_task(theirs)
        lanes.add_task(mine)
        open_streams[0].go.set()  # one stream closes (evicted): its thread takes the next
        assert mine.started.wait(10)
        assert not theirs.started.is_set()  # the table's own first, though it came second
        open_streams[1].go.set()
        assert wait_for(lambda: theirs in served)
        assert busy not in served  # all the while the worker was busy
        for channel in (busy, mine, *open_streams):
            channel.go.set()


def test_proxied_the_address_is_nginx_s_word(served: list[Channel]) -> None:
    with lanes_of(workers=2, stranger_workers=1, per_address=1, proxied=True) as lanes:
        first = Channel(served, "first", address="localhost", hold=True)
        first.requests[0].headers["X_FORWARDED_FOR"] = "127.0.8.1"
        lanes.add_task(first)
        second = Channel(served, "same client", address="localhost")
        second.requests[0].headers["X_FORWARDED_FOR"] = "127.0.8.1"
        third = Channel(served, "another client", address="localhost", hold=True)
        third.requests[0].headers["X_FORWARDED_FOR"] = "127.0.8.2"
        lanes.add_task(second)
        lanes.add_task(third)
        assert wait_for(lambda: second in served)
        assert isinstance(second.answered, Refusal)  # the same client behind nginx
        assert lanes.on_their_way == {"127.0.8.1": 1, "127.0.8.2": 1}  # the other waits its turn
        first.go.set()
        third.go.set()
        assert wait_for(lambda: third in served) and third.answered is None


def test_on_shutdown_what_still_waits_is_cancelled(served: list[Channel]) -> None:
    lanes = Lanes(lambda cookie: False, streams=0, workers=1, stranger_workers=1, share=1.0)
    lanes.start()
    busy = Channel(served, "busy", hold=True)
    lanes.add_task(busy)
    assert busy.started.wait(10)
    waiting = Channel(served, "waiting", address="127.0.9.1")
    lanes.add_task(waiting)
    busy.go.set()  # the worker stops after it: the waiting one may be served or cancelled
    assert lanes.shutdown(timeout=10)
    assert waiting in served or waiting.cancelled
    assert not lanes.threads


class Busy(Channel):
    """A stranger's request that costs its thread this much CPU (a worded page of an old window)."""

    def __init__(self, served: list[Channel], name: str, cpu: float) -> None:
        super().__init__(served, name, address="127.0.10.1")
        self.cpu = cpu

    def service(self) -> None:
        end = time.thread_time() + self.cpu
        while time.thread_time() < end:
            pass
        super().service()


def test_strangers_spend_no_more_cpu_than_their_share(served: list[Channel]) -> None:
    """Once strangers have spent their allowance, a stranger's request waits for more while
    another is on its way (here: far longer than the test), and the table's own are served
    meanwhile."""
    with lanes_of(workers=2, stranger_workers=2, share=0.001, burst=0.0) as lanes:
        costly = Busy(served, "a costly read", cpu=0.05)
        lanes.add_task(costly)
        assert wait_for(lambda: costly in served)
        alone = Channel(served, "a stranger's, alone on its way", address="127.0.10.2", hold=True)
        lanes.add_task(alone)
        assert alone.started.wait(10)  # one asking alone is served
        later = Channel(served, "the next stranger's", address="127.0.10.3")
        lanes.add_task(later)
        own = Channel(served, "the banker's", cookie=OWN)
        lanes.add_task(own)
        assert wait_for(lambda: own in served)
        assert later not in served and lanes.allowance < 0  # 50 s of waiting at 0.1 % a second
        alone.go.set()
