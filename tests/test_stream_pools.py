"""The event streams' pools hold their bounds however many screens open at once: each stream holds
one of the server's stream threads, so a pool beyond its bound (a guest's page opened by dozens at
once) would hold the threads a paired phone's stream needs."""

from __future__ import annotations

import threading
import time

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.web.events import Broker


def open_at_once(broker: Broker, screens: list[tuple[str, str]]) -> list[object]:
    """Each screen (session, address) opens its stream in its own thread, all released together;
    returns the streams, each past its opening (its first line read)."""
    start = threading.Barrier(len(screens))
    streams: list[object] = [None] * len(screens)

    def open_one(n: int, session: str, address: str) -> None:
        stream = broker.stream([], session, address)
        start.wait()
        next(stream)  # the opening: listed, the oldest evicted
        streams[n] = stream

    threads = [threading.Thread(target=open_one, args=(n, *screen)) for n, screen in enumerate(screens)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    return streams


def slow_store(paired: set[str]) -> object:
    """A session store that takes a moment to answer, as one under load does (the window in which
    two openings used to miss each other)."""
    def holds(session: str) -> bool:
        time.sleep(0.001)
        return session in paired
    return holds


def test_sixty_strangers_opening_at_once_leave_the_anonymous_pool_at_its_bound() -> None:
    broker = Broker(anonymous_streams=24, per_address=6)
    broker.holds = slow_store(set())  # type: ignore[assignment]
    opened = open_at_once(broker, [("", f"10.0.{n // 16}.{n % 16}") for n in range(60)])
    assert all(opened)
    assert broker.clients == 24
    assert broker.evicted == 36


@settings(max_examples=15, deadline=None)
@given(st.lists(st.tuples(st.booleans(), st.integers(0, 3)), min_size=2, max_size=40))
def test_any_mix_of_screens_opening_at_once_keeps_every_pool_and_share_in_bounds(
        screens: list[tuple[bool, int]]) -> None:
    """Paired screens and strangers, some sharing a session or an address, opening together: no
    pool, session or address ends with more streams than it may hold, and only excess is evicted."""
    paired = {f"paired-{who}" for held, who in screens if held}
    broker = Broker(holder_streams=5, anonymous_streams=4, per_holder=2, per_address=3)
    broker.holds = slow_store(paired)  # type: ignore[assignment]
    chosen = [(f"paired-{who}" if held else "", f"10.0.0.{who}") for held, who in screens]
    opened = open_at_once(broker, chosen)  # (kept open: a stream let go unlists itself)
    assert all(opened)
    listed = list(broker._streams)
    holders = [s for s in listed if s.session in paired]
    strangers = [s for s in listed if s.session not in paired]
    assert len(holders) <= 5 and len(strangers) <= 4
    assert all(sum(s.session == h.session for s in holders) <= 2 for h in holders)
    assert all(sum(s.address == a.address for s in strangers) <= 3 for a in strangers)
    assert broker.evicted == len(screens) - len(listed)
