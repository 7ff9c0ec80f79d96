"""`companion run` as a process: it serves within 2 s, plays through the simulated devices, logs
one line per command, stops cleanly on SIGTERM (streams open or not), resumes its game after a
restart (a finished one too, with its result), refuses a second daemon on its data folder, and
talks to a dice unit on a serial port."""

from __future__ import annotations

import json
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from companion.hardware.dice_unit import SimulatedDiceUnit
from companion.rules.edition import edition_json
from tests.ports import free_port
from tests.waiting import PATIENCE
from tests.web_support import StreamReader

# slow: starts processes, servers or browsers, or builds (`make check` leaves it out)
pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[1]
PIN = "123456"
NEW_GAME = {"players": ["Ann", "Bob"], "seed": 3, "tokens": {"Ann": "car", "Bob": "dog"}}


class Daemon:
    """One `companion run --simulate` process on a port of its own, its stderr kept in a file."""

    def __init__(self, data: Path, *options: str, port: int | None = None) -> None:
        self.port = port or free_port()
        self.log = data.with_name(f"{data.name}-{self.port}-{time.monotonic_ns()}.log")
        self._log_file = open(self.log, "w")  # noqa: SIM115 - closed in wait()
        self.started = time.monotonic()
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "companion.cli", "run", "--simulate", "--host", "127.0.0.1",
             "--port", str(self.port), "--data", str(data), *options],
            cwd=ROOT, stdout=subprocess.DEVNULL, stderr=self._log_file,
        )

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def serving_after(self, timeout: float = 2 * PATIENCE) -> float:
        """Seconds from start until /api/state answered (fails if it exits or never answers)."""
        deadline = self.started + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                pytest.fail(f"companion run exited with {self.proc.returncode}:\n{self.stderr}")
            try:
                with urllib.request.urlopen(self.url + "/api/state", timeout=1) as answer:
                    if answer.status == 200:
                        return time.monotonic() - self.started
            except OSError:
                time.sleep(0.02)
        pytest.fail(f"companion run did not serve within {timeout} s:\n{self.stderr}")

    def request(self, method: str, path: str, body: Any = None,
                headers: dict[str, str] | None = None) -> tuple[int, Any, str]:
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(self.url + path, data=data, method=method,
                                         headers={"Content-Type": "application/json", **(headers or {})})
        try:
            with urllib.request.urlopen(request, timeout=10) as answer:
                status, raw, kind = answer.status, answer.read(), answer.headers.get("Content-Type", "")
        except urllib.error.HTTPError as error:
            status, raw, kind = error.code, error.read(), error.headers.get("Content-Type", "")
        text = raw.decode()
        return status, json.loads(text) if kind.startswith("application/json") else text, kind

    def get(self, path: str, **kwargs: Any) -> Any:
        status, answer, _kind = self.request("GET", path, **kwargs)
        assert status == 200, (path, status, answer)
        return answer

    def post(self, path: str, body: Any = None, **kwargs: Any) -> tuple[int, Any]:
        status, answer, _kind = self.request("POST", path, {} if body is None else body, **kwargs)
        return status, answer

    def poll(self, probe: Any, timeout: float = PATIENCE) -> Any:
        """Ask until the probe answers something true."""
        deadline = time.monotonic() + timeout
        while True:
            value = probe()
            if value or time.monotonic() > deadline:
                return value
            time.sleep(0.02)

    def stop(self, timeout: float = 30.0) -> tuple[int, float]:
        """SIGTERM, then (exit status, seconds it took)."""
        sent = time.monotonic()
        self.proc.send_signal(signal.SIGTERM)
        return self.wait(timeout), time.monotonic() - sent

    def wait(self, timeout: float) -> int:
        try:
            return self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(5)
            pytest.fail(f"companion run did not stop within {timeout} s:\n{self.stderr}")
        finally:
            self._log_file.close()

    @property
    def stderr(self) -> str:
        return self.log.read_text()  # written by the process itself

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(5)
        self._log_file.close()


@pytest.fixture
def daemons() -> Any:
    """Every daemon a test starts is gone after it, whatever the test did."""
    started: list[Daemon] = []

    def start(data: Path, *options: str, port: int | None = None) -> Daemon:
        daemon = Daemon(data, *options, port=port)
        started.append(daemon)
        return daemon

    yield start
    for daemon in started:
        daemon.kill()


def test_the_daemon_plays_logs_stops_and_resumes(tmp_path: Path, daemons: Any) -> None:
    data = tmp_path / "data"
    daemon = daemons(data, "--banker-pin", PIN)
    daemon.serving_after(timeout=60.0)  # how fast it starts is bench/dashboard_speed.py's figure

    # The pages answer as HTML (the table page once its template is there, else a 404 page).
    status, page, kind = daemon.request("GET", "/")
    assert status in (200, 404) and kind.startswith("text/html") and "<" in page

    # --banker-pin set the PIN: the banker logs in with it.
    assert daemon.post("/api/banker/login", {"pin": PIN})[0] == 200
    assert daemon.post("/api/banker/login", {"pin": "4321"})[0] == 401
    status, created = daemon.post("/api/games", NEW_GAME, headers={"X-Banker-Pin": PIN})
    assert status == 201, created
    game = created["game"]

    # A dashboard watches; the simulated dice button rolls; the roll is stored and streamed.
    stream = StreamReader(daemon.port)
    assert stream.until("devices")[-1].data["dice_unit"]
    assert daemon.post("/api/sim/press", {"long": False}) == (202, {"pressed": "short"})
    rolled = stream.wait_for(lambda e: e.event == "state")
    assert rolled.id == "2" and rolled.data["state"]["last_roll"] is not None
    entries = daemon.get("/api/log")["entries"]
    assert [(e["seq"], e["kind"], e["source"]) for e in entries] == [
        (1, "new", "banker"), (2, "play", "button")]
    state = daemon.get("/api/state")
    assert state["game"] == game and state["seq"] == 2

    # SIGTERM with the stream open and a screen waiting for a token tap to pair (answered at once:
    # no request waits for a tap): it stops, status 0, no traceback; the stream ends. (A daemon that
    # hung would be killed at the wait's end and fail: how fast it stops is not a test's figure.)
    assert daemon.post("/api/pair", {})[0] == 202
    status, _took = daemon.stop(timeout=60.0)
    assert status == 0, daemon.stderr
    assert stream.ended.wait(30)
    log = daemon.stderr
    assert "Traceback" not in log
    assert log.count("#1 banker") == 1  # the new game
    assert log.count("#2 button") == 1
    assert len(re.findall(r"companion: #\d+ ", log)) == 2  # one line per command stored
    assert "stopped" in log

    # Restarted on the same folder, it carries on with the same game.
    again = daemons(data)
    again.serving_after(timeout=60.0)
    resumed = again.get("/api/state")
    assert resumed["game"] == game and resumed["seq"] == 2 and resumed == state
    assert again.get("/api/games")["current"] == game
    # The PIN set before still holds (not given again this time).
    assert again.post("/api/banker/login", {"pin": PIN})[0] == 200

    # A second daemon on the same folder is refused.
    second = daemons(data)
    assert second.wait(PATIENCE) == 1
    assert "Another companion" in second.stderr and "Traceback" not in second.stderr
    assert again.get("/api/state")["seq"] == 2  # the first is untouched

    status, _took = again.stop()
    assert status == 0 and "Traceback" not in again.stderr


def test_a_finished_game_is_still_the_tables_after_a_restart(tmp_path: Path, daemons: Any) -> None:
    """Issue 38: the family finished, the table was switched off; switched on again, the Table page
    shows that game's result (not "No game is running") until the banker starts another, and an
    older game left unfinished is not put in its place."""
    data = tmp_path / "data"
    daemon = daemons(data, "--banker-pin", PIN)
    daemon.serving_after(timeout=60.0)
    banker = {"X-Banker-Pin": PIN}
    assert daemon.post("/api/games", {**NEW_GAME, "players": ["Cat", "Dan"],
                                      "tokens": {"Cat": "hat", "Dan": "iron"}}, headers=banker)[0] == 201
    status, created = daemon.post("/api/games", NEW_GAME, headers=banker)  # the older one stays unfinished
    assert status == 201, created
    assert daemon.post("/api/commands", {"do": "roll", "dice": [1, 2]}, headers=banker)[0] == 200
    assert daemon.post("/api/commands", {"do": "buy"}, headers=banker)[0] == 200
    status, ended = daemon.post("/api/commands", {"do": "end_game"}, headers=banker)
    assert status == 200, ended
    result = daemon.get("/api/state")
    assert result["game"] == created["game"] and result["winner"] == "Bob"  # £1,500 to Ann's £1,440 + deed
    assert daemon.stop(timeout=60.0)[0] == 0

    again = daemons(data)
    again.serving_after(timeout=60.0)
    shown = again.get("/api/state")
    assert shown["game"] == created["game"] and shown["winner"] == result["winner"]
    assert shown["ranking"] == result["ranking"] and shown["seq"] == result["seq"]
    assert again.get("/api/games")["current"] == created["game"]
    assert f"resumed game {created['game']} (Ann, Bob)" in again.stderr
    assert again.stop()[0] == 0


def test_a_dice_unit_on_a_serial_port_works_with_simulate(tmp_path: Path, daemons: Any) -> None:
    unit = SimulatedDiceUnit(dice=lambda: (1, 2))
    unit.start()
    try:
        daemon = daemons(tmp_path / "data", "--dice-port", unit.path, "--banker-pin", PIN)
        daemon.serving_after()
        status = daemon.poll(lambda: daemon.get("/api/devices")["dice_unit"].startswith("ok"))
        assert status, daemon.get("/api/devices")
        assert daemon.get("/api/devices")["dice_unit"] == f"ok: unit {unit.unit_id} vsim"
        assert daemon.post("/api/games", NEW_GAME, headers={"X-Banker-Pin": PIN})[0] == 201

        assert unit.press() == 1
        assert unit.wait_until(lambda u: u.pending is None and u.mode == "steady")  # ACKed
        state = daemon.get("/api/state")
        assert state["seq"] == 2 and state["last_roll"] == [1, 2]
        assert daemon.get("/api/log")["entries"][-1]["source"] == "dice"
        # The unit is a real serial one here, so the virtual table has no unit of its own to press.
        assert daemon.post("/api/sim/unit")[0] == 404

        exit_status, _took = daemon.stop()
        assert exit_status == 0 and "Traceback" not in daemon.stderr
        assert "#2 dice" in daemon.stderr
    finally:
        unit.stop()


def test_a_port_in_use_or_a_bad_pin_is_said_plainly(tmp_path: Path, daemons: Any) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        busy = daemons(tmp_path / "busy", port=taken.getsockname()[1])
        assert busy.wait(PATIENCE) == 1
    assert "cannot serve" in busy.stderr and "Traceback" not in busy.stderr

    bad_pin = daemons(tmp_path / "pin", "--banker-pin", "12")
    assert bad_pin.wait(PATIENCE) == 2
    assert "--banker-pin must be 6 to 12 digits" in bad_pin.stderr
    assert "Traceback" not in bad_pin.stderr


def test_garbage_edition_files_do_not_stop_the_table(tmp_path: Path, daemons: Any) -> None:
    """A family's editions/ folder with a good file and garbage: the table starts, says in its log
    which file it refused and why, offers the good one, and plays a game on it (issue 40)."""
    data = tmp_path / "data"
    editions = data / "editions"
    editions.mkdir(parents=True)
    (editions / "noise.json").write_bytes(b"\xff\xfe\x00" * 1000)
    (editions / "nested.json").write_text("[" * 100_000, encoding="utf-8")
    board = edition_json("london")
    board["id"], board["name"] = "toytown", {"en": "Toytown", "ru": "Игрушечный город"}
    (editions / "toytown.json").write_text(json.dumps(board), encoding="utf-8")
    daemon = daemons(data, "--banker-pin", PIN)
    daemon.serving_after(timeout=60.0)
    files = {f["file"]: f for f in daemon.get("/api/rules")["files"]}
    assert files["toytown.json"]["problems"] == []
    assert files["noise.json"]["problems"] and files["nested.json"]["problems"]
    status, created = daemon.post("/api/games", {**NEW_GAME, "edition": "toytown"},
                                  headers={"X-Banker-Pin": PIN})
    assert status == 201, created
    status, _took = daemon.stop(timeout=60.0)
    assert status == 0
    log = daemon.stderr
    assert "Traceback" not in log
    assert "edition file noise.json refused" in log and "toytown (toytown.json)" in log
