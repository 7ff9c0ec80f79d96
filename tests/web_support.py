"""Shared pieces of the web tests: a real Table on a data folder, the Flask app around it, a fake
simulator that records what the virtual table asked for, token taps from "the reader", and event
streams read over real HTTP on a thread of their own (a test never blocks on one for long)."""

from __future__ import annotations

import http.client
import json
import queue
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple

from flask import Blueprint, Flask
from flask.testing import FlaskClient

from companion.config import WifiConfig
from companion.hardware.device import Press, Tap
from companion.ledger import Clock, DataFolder
from companion.table import Result, Table
from companion.web import BankerPin, Context, Simulator, create_app
from tests.waiting import PATIENCE

PIN = "246810"
BANKER = {"X-Banker-Pin": PIN}
SAME_ORIGIN = {"Origin": "http://localhost"}  # the test client's host

# What the table's reader knows: deeds, pieces and a card, as `companion enroll` would list them.
REGISTRY = {
    "04a1b2c3d4e5f1": "deed:old-kent-road",
    "04a1b2c3d4e5f2": "deed:whitechapel-road",
    "04a1b2c3d4e5f7": "deed:mayfair",
    "0a0b0c0d": "token:car",
    "0a0b0c0e": "token:dog",
    "0a0b0c0f": "token:hat",
    "0b0b0b0b": "banker",
}
CAR, DOG, HAT = "0a0b0c0d", "0a0b0c0e", "0a0b0c0f"
BANKER_TAG = "0b0b0b0b"
UNKNOWN_TAG = "ffeeddccbbaa99"
# What the table adds to the engine's printed state for screens (web/API.md): a state read less these
# is the stored game's printed state.
TABLE_ADDS = ("seq", "game", "legal", "turn_roll", "redo", "forms", "money")
DEVICES = {"reader": "simulated", "button": "simulated", "dice_unit": "off", "feedback": "simulated"}
NEW_GAME = {"players": ["Ann", "Bob"], "seed": 1, "rules": {"shuffle": False},
            "tokens": {"Ann": "car", "Bob": "dog"}}


class FakeSimulator:
    """The simulated devices as the virtual table reaches them: every call is recorded."""

    def __init__(self, unit: bool = True) -> None:
        self.calls: list[tuple[Any, ...]] = []
        self.unit = unit

    def tap(self, uid: str) -> None:
        self.calls.append(("tap", uid))

    def press(self, long: bool) -> None:
        self.calls.append(("press", long))

    def unit_press(self) -> bool:
        self.calls.append(("unit",))
        return True

    def simulator(self) -> Simulator:
        return Simulator(tap=self.tap, press=self.press,
                         unit_press=self.unit_press if self.unit else None)


@dataclass
class Rig:
    """A table, its data folder and the app serving it; closed by the fixture that made it."""

    path: Path
    folder: DataFolder
    table: Table
    ctx: Context
    app: Flask
    _screens: int = 0

    @classmethod
    def make(
        cls, path: Path, pin: str | None = PIN, simulator: FakeSimulator | None = None,
        clock: Clock | None = None, testing: bool = True, blueprints: tuple[Blueprint, ...] = (),
        **context: Any,
    ) -> Rig:
        folder = DataFolder(path, clock=clock)
        table = Table(folder, roll=lambda: (1, 2), registry=REGISTRY)
        settings: dict[str, Any] = {
            "devices": lambda: dict(DEVICES),
            "tags": lambda: dict(REGISTRY),
            "wifi": WifiConfig(ssid="Table;Net", password='pa:ss"word'),
            "pair_timeout": 5.0,
            "confirm_timeout": 5.0,
            **context,
        }
        ctx = Context(table=table, data_dir=path, pin=BankerPin(path, pin),
                      simulator=simulator.simulator() if simulator is not None else None, **settings)
        return cls(path, folder, table, ctx, create_app(ctx, testing=testing, blueprints=blueprints))

    def close(self) -> None:
        self.ctx.broker.close()
        self.table.close()
        self.folder.close()

    def client(self, address: str | None = None) -> FlaskClient:
        """A screen of its own (its own cookies), at an address of its own on the table's wifi (as
        each phone is; a stranger's waits are bounded per address)."""
        client = self.app.test_client()
        self._screens += 1
        n = self._screens
        client.environ_base["REMOTE_ADDR"] = address or f"10.42.{n // 250}.{n % 250 + 1}"
        return client

    def banker_step(self, again: bool = True) -> None:
        """The banker's step at the table (the dice button held for banker_hold seconds) and, when
        `again`, held again while the waiting screen's code is offered (one screen waits: its code
        is offered at once)."""
        self.table.on_event(Press(held=True))
        self.settle()
        if again:
            self.table.on_event(Press(held=True))
            self.settle()

    def banker(self) -> FlaskClient:
        """A screen logged in as the banker (the session cookie, not the header)."""
        client = self.client()
        answer = client.post("/api/banker/login", json={"pin": PIN})
        assert answer.status_code == 200, answer.json
        return client

    def table_screen(self) -> FlaskClient:
        """The table's own screen (the tablet in the middle of the table), set up by the banker's PIN."""
        client = self.client()
        answer = client.post("/api/table-screen", json={"pin": PIN})
        assert answer.status_code == 200, answer.json
        return client

    def new_game(self, **overrides: Any) -> dict[str, Any]:
        answer = self.client().post("/api/games", json={**NEW_GAME, **overrides}, headers=BANKER)
        assert answer.status_code == 201, answer.json
        return answer.json

    def settle(self) -> None:
        """Let the writer finish what was queued (taps from the reader) before looking."""
        self.table.call(lambda: Result(True))

    def tap(self, uid: str) -> None:
        """A tag laid on "the reader" (and the table done with it)."""
        self.table.on_event(Tap(uid))
        self.settle()

    def pair(self, client: FlaskClient, uid: str) -> Answered:
        """Ask to pair (answered at once, 202, with the screen's code), tap the token (the table
        offers the one waiting screen's code), tap it again: the outcome, as the screen learns it."""
        asked = client.post("/api/pair", json={})
        if asked.status_code != 202:
            return Answered(asked.status_code, asked.json)
        self.tap(uid)
        self.tap(uid)
        return outcome(client, asked.json["request"])


class Answered(NamedTuple):
    """The outcome of a token wait, shaped like a response: what the request would have answered."""

    status_code: int
    json: Any


def outcome(client: FlaskClient, request_id: str) -> Answered:
    """The outcome of this screen's token wait (GET /api/requests/<id>), which must be done."""
    record = client.get(f"/api/requests/{request_id}").json
    assert record["done"], record
    return Answered(record["status"], record["answer"])


def tap_when_waiting(table: Table, uid: str, timeout: float = 5.0) -> threading.Thread:
    """Tap a tag on "the reader" once someone waits for a token (a pairing or a confirmation)."""

    def tap() -> None:
        deadline = time.monotonic() + timeout
        while not table.token_waits.waits and time.monotonic() < deadline:
            time.sleep(0.002)
        table.on_event(Tap(uid))

    thread = threading.Thread(target=tap, daemon=True)
    thread.start()
    return thread


def cookie_header(client: FlaskClient) -> dict[str, str]:
    """The Cookie header a live stream opened for this screen sends."""
    client.get("/api/session")
    cookie = client.get_cookie("session")
    assert cookie is not None
    return {"Cookie": f"session={cookie.value}"}


def seq(rig: Rig) -> int:
    """The last stored seq of the rig's game (0 before any game)."""
    return rig.table.store.seq if rig.table.store is not None else 0


def play(rig: Rig, *commands: dict[str, Any]) -> None:
    """The banker's commands, each one accepted (the test is about what follows)."""
    client = rig.client()
    for command in commands:
        answer = client.post("/api/commands", json=command, headers=BANKER)
        assert answer.status_code == 200, (command, answer.json)


def rig_fixture(tmp_path: Path, **kwargs: Any) -> Iterator[Rig]:
    rig = Rig.make(tmp_path, **kwargs)
    try:
        yield rig
    finally:
        rig.close()


# ---- Server-Sent Events ---------------------------------------------------------------------


@dataclass
class Event:
    event: str = "message"
    id: str | None = None
    data: Any = None
    comment: str | None = None


def parse_sse(text: str) -> list[Event]:
    """The events in a chunk of an event stream (the broker writes whole events)."""
    events = []
    for block in text.split("\n\n"):
        if not block.strip():
            continue
        event = Event()
        data: list[str] = []
        for line in block.split("\n"):
            if line.startswith(":"):
                event.comment = line[1:].strip()
            elif line.startswith("event: "):
                event.event = line[len("event: "):]
            elif line.startswith("id: "):
                event.id = line[len("id: "):]
            elif line.startswith("data: "):
                data.append(line[len("data: "):])
            elif line.startswith("retry: "):
                event.event = "retry"
                event.data = int(line[len("retry: "):])
        if data:
            event.data = json.loads("\n".join(data))
        events.append(event)
    return events


class StreamReader:
    """One dashboard's event stream over HTTP, read on a thread of its own; the test takes
    events with a timeout."""

    END = Event(event="<end>")

    def __init__(self, port: int, path: str = "/api/events", headers: dict[str, str] | None = None) -> None:
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        self.connection.request("GET", path, headers=headers or {})
        self.response = self.connection.getresponse()
        self.events: queue.Queue[Event] = queue.Queue()
        self.seen: list[Event] = []
        self.ended = threading.Event()
        self._thread = threading.Thread(target=self._read, daemon=True)
        self._thread.start()

    def _read(self) -> None:
        block: list[str] = []
        try:
            while True:
                line = self.response.readline()
                if not line:
                    return
                text = line.decode().rstrip("\r\n")
                if text:
                    block.append(text)
                    continue
                for event in parse_sse("\n".join(block)):
                    self.events.put(event)
                block = []
        except (OSError, ValueError, http.client.HTTPException):
            return  # closed by the test, or a timeout: the stream is over for the test too
        finally:
            self.ended.set()
            self.events.put(self.END)

    def close(self) -> None:
        self.connection.close()

    def next(self, timeout: float = 2.0) -> Event:
        event = self.events.get(timeout=timeout)
        self.seen.append(event)
        return event

    def wait_for(self, predicate: Callable[[Event], bool], timeout: float = PATIENCE) -> Event:
        """The first event (from now on) that fits; AssertionError if none came in time."""
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"no such event within {timeout} s; saw {self.seen!r}")
            try:
                event = self.next(left)
            except queue.Empty:
                continue
            if event is self.END:
                raise AssertionError(f"the stream ended first; saw {self.seen!r}")
            if predicate(event):
                return event

    def until(self, name: str, timeout: float = PATIENCE) -> list[Event]:
        """Every event up to and including the first called `name`."""
        start = len(self.seen)
        self.wait_for(lambda e: e.event == name, timeout)
        return self.seen[start:]


class LiveServer:
    """The app on a real HTTP server in this process (streams need one: Flask's test client runs
    a streamed response's generator on whichever thread reads it, outside its request context)."""

    def __init__(self, app: Flask) -> None:
        from werkzeug.serving import make_server

        self.server = make_server("127.0.0.1", 0, app, threaded=True)
        self.port = self.server.server_port
        self.streams: list[StreamReader] = []
        self._thread = threading.Thread(target=self.server.serve_forever, kwargs={"poll_interval": 0.05},
                                        daemon=True)
        self._thread.start()

    def stream(self, path: str = "/api/events", headers: dict[str, str] | None = None) -> StreamReader:
        stream = StreamReader(self.port, path, headers)
        self.streams.append(stream)
        return stream

    def close(self) -> None:
        for stream in self.streams:
            stream.close()
        self.server.shutdown()
        self.server.server_close()
        self._thread.join(5)
