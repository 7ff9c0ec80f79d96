"""Who the server's threads serve first (issue 36): the table's own screens before strangers,
and strangers bounded.

waitress serves every request from one first-come queue of its threads (its
ThreadedTaskDispatcher): 60 addresses keeping 600 big reads on their way held the banker's
commands for 12.7 s each. This dispatcher, given to waitress in its place (serve.py), keeps lanes:

- Answers that cost nothing to give (a refusal below, waitress's own 400 and 413) go first.
- The requests of the table's own screens (priority.own_cookie: what the session store says of
  the session the cookie names) go next, to any of WORKERS threads.
- A stranger's request waits in a queue of its own, served by at most STRANGER_WORKERS threads at
  once, and with at most SHARE of a CPU over time: strangers have an allowance of CPU time, which
  grows by SHARE of every second up to BURST (a guest's page load, some fifty files, costs less)
  and each request of theirs spends (its thread's CPU time); while it is spent, no stranger's
  request starts while another stranger's is on its way too (one asking alone, a request at a
  time, is served: it keeps no thread busy beside it). Strangers' work (a worded page replays
  the game to it; any answer is JSON made in Python) holds the GIL, which the table's writer and
  its own screens' threads need for every step: so however many strangers ask, and whatever they
  ask for, they get at most that share of it. (CPU time, not the time a request took: a stranger
  that reads its answer slowly costs the table no CPU, and must not make every other stranger
  wait.) Only so many strangers' requests
  may be on their way at once (waiting or served): PER_ADDRESS from one client address and
  STRANGERS in all (a per-address bound alone is none: a guest has as many addresses as the wifi
  hands out). Beyond either, the request is answered at once, without Flask, 429 (this address)
  or 503 (everyone), each with `Retry-After: 1` and the sentence in every language, on a
  connection kept open (nginx keeps its connections to waitress: a new one for each refusal would
  cost twice as much).
- The event streams (`/api/events`: each holds its thread as long as it is open) have threads of
  their own, the table's own first: STREAMS, one for every stream the broker keeps
  (events.STREAMS), and SPARE for streams opening, each of which evicts the oldest of its pool
  (events.Broker) and so gives a thread back. They are in none of the counts above: the broker
  already bounds them, and a flood of requests delays no stream.

The client's address is the one waitress gives the app: behind nginx its X-Forwarded-For
(trusted from nginx's socket alone: `proxied`), else the connection's.
"""

from __future__ import annotations

import json
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from waitress.task import ErrorTask, ThreadedTaskDispatcher  # type: ignore[import-untyped]

from .. import i18n
from .events import STREAMS

EVENTS = "/api/events"  # the one long request
WORKERS = 12  # threads for every request but the streams (with SPARE: 64 threads, as before lanes)
STRANGER_WORKERS = 2  # ... of which at most this many serve strangers at once
# Of a CPU, over time, at most, strangers' requests are served. A quarter let the read flood's
# 900 pages of the story in 30 s hold the GIL from the writer: on a quiet machine (bench/server_load.py
# --no-attack --read-flood --flood-nice 19) the banker's ack p99 80 ms against 38 quiet; at a
# tenth, 62 ms (the flood at the table's own priority: 87 ms, against 129 and 133). A guest's page load
# (some fifty files, well under BURST) is served at once as before: quiet page loads p50 0.07 s.
SHARE = 0.1
BURST = 0.2  # seconds of CPU strangers may spend at once (a page load and its fifty files)
# The Pi's own address: its own browser, `companion doctor`, the tests' controls. Never a guest's
# (behind nginx the address is nginx's word, X-Forwarded-For), and as nginx (front.py) it is not
# bounded: its requests go with the table's own.
PI_ITSELF = frozenset({"127.0.0.1", "::1"})
PER_ADDRESS = 8  # strangers' requests on their way from one address (a browser opens 6 at once)
STRANGERS = 32  # ... and from everyone (at ~2 ms each, a page load's worth of the table's files,
# the last waits ~0.25 s behind the rest; a flood of worded pages waits longer, or is told to)
SPARE = 4  # stream threads beyond the broker's streams, for those opening (each evicts one)
RETRY_AFTER = 1  # seconds, in a refusal


class Refusal:
    """An answer given without the app (Refused writes it): JSON as the API answers, with every
    header the app would add."""

    def __init__(self, code: int, reason: str, key: str) -> None:
        words = i18n.say_all(key)
        self.status = f"{code} {reason}"
        self.body = json.dumps({"error": words["en"], "words": words, "retry_after": RETRY_AFTER},
                               ensure_ascii=False).encode()

    def to_response(self, ident: str | None = None) -> tuple[str, list[tuple[str, str]], bytes]:
        headers = [("Content-Type", "application/json"), ("Retry-After", str(RETRY_AFTER)),
                   ("Content-Security-Policy", "frame-ancestors 'none'"), ("X-Frame-Options", "DENY")]
        return self.status, headers, self.body


class Refused(ErrorTask):  # type: ignore[misc]
    """waitress's task for a request it could not take (a 400, a 413), which also writes a
    Refusal: that one without closing the connection, as it is a whole request answered."""

    def execute(self) -> None:
        refusal = self.request.error
        if not isinstance(refusal, Refusal):
            super().execute()
            return
        self.status, headers, body = refusal.to_response()
        self.response_headers.extend(headers)
        self.content_length = len(body)
        self.write(body)


@dataclass(eq=False)
class Ticket:
    """A stranger's request on its way: counted against its address and everyone's bound until
    it has been served."""

    address: str
    held: bool = True


class Lanes(ThreadedTaskDispatcher):  # type: ignore[misc]
    """waitress's task dispatcher with lanes (see the module). A task is a channel whose next
    request (`channel.requests[0]`) is complete; waitress hands it over from its loop, or from the
    thread that served the channel's previous request once it is done."""

    def __init__(self, own: Callable[[str], bool], proxied: bool = False, streams: int = STREAMS,
                 workers: int = WORKERS, stranger_workers: int = STRANGER_WORKERS,
                 per_address: int = PER_ADDRESS, strangers: int = STRANGERS, share: float = SHARE,
                 burst: float = BURST) -> None:
        super().__init__()
        self.own = own  # a Cookie header -> the table's own?
        self.proxied = proxied
        self.stream_threads = streams + SPARE
        self.workers = workers
        self.stranger_workers = min(stranger_workers, workers)
        self.per_address = per_address
        self.strangers = strangers
        self.share = share
        self.burst = burst
        self.allowance = burst  # seconds of CPU strangers may spend now (negative: overspent)
        self.counted = time.monotonic()  # ... as of then
        self.streams_cv = threading.Condition(self.lock)
        self.cheap: deque[Any] = deque()
        self.first: deque[Any] = deque()
        self.waiting: deque[tuple[Any, Ticket]] = deque()  # strangers', oldest first
        self.own_streams: deque[Any] = deque()
        self.other_streams: deque[Any] = deque()
        self.serving_strangers = 0
        self.on_their_way: dict[str, int] = {}  # strangers' requests by address
        self.strangers_on_their_way = 0
        self.tickets: dict[Any, Ticket] = {}  # channel -> its request's ticket
        self.stopping = False
        self.busy = Refusal(503, "Service Unavailable", "server-busy")
        self.too_many = Refusal(429, "Too Many Requests", "server-too_many")
        self.refused = {"address": 0, "everyone": 0}  # strangers' requests answered at once
        self.served = {"own": 0, "strangers": 0, "streams": 0}

    # ---- threads -------------------------------------------------------------------------------

    def start(self) -> None:
        """The stream threads and the workers (waitress starts none: it is given this one)."""
        with self.lock:
            for number in range(self.stream_threads + self.workers):
                self.threads.add(number)
        for number in range(self.stream_threads + self.workers):
            self.start_new_thread(self._streams if number < self.stream_threads else self._work, number)

    def set_thread_count(self, count: int) -> None:
        raise NotImplementedError("Lanes keeps its own threads: start() them, shutdown() to stop")

    def _streams(self, number: int) -> None:
        self._serve(number, self.streams_cv, self._next_stream)

    def _work(self, number: int) -> None:
        self._serve(number, self.queue_cv, self._next)

    def _serve(self, number: int, woken: threading.Condition,
               pick: Callable[[], tuple[Any, Ticket | None] | float | None]) -> None:
        while True:
            with self.lock:
                while not isinstance(taken := None if self.stopping else pick(), tuple):
                    if self.stopping:
                        self.threads.discard(number)
                        self.thread_exit_cv.notify()
                        return
                    woken.wait(taken)  # until told (None), or until strangers may spend again
            task, ticket = taken
            started = time.thread_time()
            try:
                task.service()
            except BaseException:
                self.logger.exception("Exception when servicing %r", task)
            finally:
                if ticket is not None:
                    self._served_stranger(task, ticket, started)

    def _served_stranger(self, task: Any, ticket: Ticket, started: float) -> None:
        spent = time.thread_time() - started  # the CPU this request cost (its thread's)
        with self.lock:
            self.serving_strangers -= 1
            self._allow()
            self.allowance -= spent
            if self.tickets.get(task) is ticket:
                del self.tickets[task]
            self._release(ticket)
            if self.waiting:
                self.queue_cv.notify()  # one worker waits for the allowance, then serves the next

    def _next(self) -> tuple[Any, Ticket | None] | float | None:
        """A worker's next task (with self.lock held): cheap answers, the table's own, then a
        stranger's while fewer than stranger_workers are served and they may spend (else how
        long until they may: the worker waits that long, or until something else comes)."""
        if self.cheap:
            return self.cheap.popleft(), None
        if self.first:
            self.served["own"] += 1
            return self.first.popleft(), None
        if self.waiting and self.serving_strangers < self.stranger_workers:
            self._allow()
            if self.allowance < 0 and self.strangers_on_their_way > 1:  # one alone is served
                return -self.allowance / self.share + 0.001
            self.serving_strangers += 1
            self.served["strangers"] += 1
            return self.waiting.popleft()
        return None

    def _allow(self) -> None:
        """Strangers' allowance grows by SHARE of the time since it was last counted, up to BURST."""
        now = time.monotonic()
        self.allowance = min(self.burst, self.allowance + (now - self.counted) * self.share)
        self.counted = now

    def _next_stream(self) -> tuple[Any, Ticket | None] | None:
        queue = self.own_streams or self.other_streams
        if not queue:
            return None
        self.served["streams"] += 1
        return queue.popleft(), None

    # ---- tasks ---------------------------------------------------------------------------------

    def add_task(self, task: Any) -> None:
        """Put a channel's next request in its lane (called by waitress with the channel's
        requests_lock held, from its loop or from a worker)."""
        request = task.requests[0] if task.requests else None
        lane = self._lane(task, request)
        address = self._address(task, request) if lane in ("stranger", "stream") else ""
        if address in PI_ITSELF:
            lane = "own" if lane == "stranger" else "own stream"  # the Pi's own browser, never a guest
        with self.lock:
            # waitress hands a channel over again only once its previous request is served
            self._release(self.tickets.pop(task, None))
            if lane == "cheap":
                self.cheap.append(task)
            elif lane == "own":
                self.first.append(task)
            elif lane in ("own stream", "stream"):
                (self.own_streams if lane == "own stream" else self.other_streams).append(task)
                self.streams_cv.notify()
                return
            else:
                self._admit(task, request, address)
            self.queue_cv.notify()

    def _lane(self, task: Any, request: Any) -> str:
        """Which lane a request goes to (outside the lock: the session store has its own)."""
        if request is None or request.error is not None:
            return "cheap"
        try:
            own = self.own(request.headers.get("COOKIE", ""))
        except Exception:  # never a reason to lose a request: it waits with the strangers'
            self.logger.exception("could not tell whose request this is")
            own = False
        if request.path == EVENTS:
            return "own stream" if own else "stream"
        return "own" if own else "stranger"

    def _address(self, task: Any, request: Any) -> str:
        if self.proxied:  # nginx sets it whole (the client's own is replaced); waitress trusts it too
            return str(request.headers.get("X_FORWARDED_FOR", "")).rsplit(",", 1)[-1].strip()
        address = getattr(task, "addr", None)
        return str(address[0]) if isinstance(address, tuple) and address else str(address or "")

    def _admit(self, task: Any, request: Any, address: str) -> None:
        """A stranger's request waits its turn, or (beyond the bounds) is answered at once."""
        mine = self.on_their_way.get(address, 0) >= self.per_address
        if mine or self.strangers_on_their_way >= self.strangers:
            request.error = self.too_many if mine else self.busy
            self.refused["address" if mine else "everyone"] += 1
            task.error_task_class = Refused  # this channel's: answered, and kept open
            self.cheap.append(task)
            return
        ticket = Ticket(address)
        self.on_their_way[address] = self.on_their_way.get(address, 0) + 1
        self.strangers_on_their_way += 1
        self.tickets[task] = ticket
        self.waiting.append((task, ticket))

    def _release(self, ticket: Ticket | None) -> None:
        if ticket is None or not ticket.held:
            return
        ticket.held = False
        self.strangers_on_their_way -= 1
        left = self.on_their_way.get(ticket.address, 0) - 1
        if left > 0:
            self.on_their_way[ticket.address] = left
        else:
            self.on_their_way.pop(ticket.address, None)

    # ---- stopping ------------------------------------------------------------------------------

    def shutdown(self, cancel_pending: bool = True, timeout: float = 5) -> bool:
        """Each thread stops after its task; then what still waits is cancelled (as waitress's)."""
        with self.lock:
            self.stopping = True
            self.queue_cv.notify_all()
            self.streams_cv.notify_all()
        expiration = time.time() + timeout
        with self.lock:
            while self.threads:
                if time.time() >= expiration:
                    self.logger.warning("%d thread(s) still running", len(self.threads))
                    break
                self.thread_exit_cv.wait(0.1)
            if not cancel_pending:
                return False
            for queue in (self.cheap, self.first, self.own_streams, self.other_streams):
                while queue:
                    queue.popleft().cancel()
            while self.waiting:
                self.waiting.popleft()[0].cancel()
            return True
