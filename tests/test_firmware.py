"""The Pico's firmware, run under CPython: its protocol agrees with the Pi's, its unit rolls, resends,
gives up and shows what it should, its button is debounced, and it talks to the Pi's real serial
driver over a pseudo-terminal. Only main.py touches `machine`, replaced here by a stub.
"""

from __future__ import annotations

import ast
import importlib.util
import os
import queue
import re
import select
import subprocess
import sys
import threading
import tty
import types
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.hardware.device import Event, UnitRoll
from companion.hardware.dice_protocol import (
    Ack,
    Diagnostics,
    Err,
    Hello,
    Nak,
    Ping,
    Pong,
    Query,
    Roll,
    Show,
    encode,
    parse_unit_line,
)
from companion.hardware.dice_unit import SerialDiceUnit
from tests.firmware_support import FIRMWARE, fw_debounce, fw_dice, fw_protocol, fw_unit
from tests.pico import mpy_cross, need
from tests.waiting import PATIENCE, wait_for

# slow: starts processes, servers or browsers, or builds (`make check` leaves it out)
pytestmark = pytest.mark.slow

UID = "e66038b7133f2f2a"
BOOT = "0badc0de"
Unit = fw_unit.Unit


class Wire:
    """What the unit wrote, as lines."""

    def __init__(self) -> None:
        self.lines: list[bytes] = []

    def __call__(self, data: bytes) -> None:
        self.lines.append(data)

    def rolls(self) -> list[bytes]:
        return [line for line in self.lines if line.startswith(b"ROLL")]


def make_unit(*rolls: tuple[int, int]) -> tuple[Any, Wire]:
    wire = Wire()
    it = iter(rolls or [(3, 4)] * 100)
    return Unit(UID, "1.0", BOOT, wire, lambda: next(it)), wire


def pi_says(unit: Any, message: Ack | Nak | Show | Query | Ping, now: int) -> None:
    unit.receive(encode(message), now)


# --- the pure modules are pure ----------------------------------------------------------------------


@pytest.mark.parametrize("name", ["protocol.py", "dice.py", "debounce.py", "unit.py"])
def test_the_logic_imports_no_hardware(name: str) -> None:
    tree = ast.parse((FIRMWARE / name).read_text())
    imported = {alias.name.split(".")[0] for node in ast.walk(tree) if isinstance(node, ast.Import)
                for alias in node.names}
    imported |= {node.module.split(".")[0] for node in ast.walk(tree)
                 if isinstance(node, ast.ImportFrom) and node.module}
    assert imported <= {"os", "protocol", "debounce"}  # no machine, and no typing or dataclasses either


# --- the protocol agrees with the Pi's --------------------------------------------------------------


def test_crc_and_framing_match_the_contract() -> None:
    assert fw_protocol.crc8(b"123456789") == 0xF4
    assert fw_protocol.roll(1, 3, 4) == b"ROLL 1 3 4 *DA\n"


@pytest.mark.parametrize(
    "built, message",
    [
        (lambda: fw_protocol.hello(UID, "1.0", BOOT), Hello(UID, "1.0", BOOT)),
        (lambda: fw_protocol.roll(65535, 6, 1), Roll(65535, (6, 1))),
        (lambda: fw_protocol.pong(0), Pong(0)),
        (lambda: fw_protocol.pong(999999999), Pong(999999999)),
        (lambda: fw_protocol.err("BUTTON"), Err("BUTTON")),
        (lambda: fw_protocol.err("DISPLAY"), Err("DISPLAY")),
        (lambda: fw_protocol.err("RNG"), Err("RNG")),
    ],
)
def test_every_unit_line_reads_the_same_on_the_pi(built: Callable[[], bytes], message: Any) -> None:
    assert built() == encode(message)
    assert parse_unit_line(built().rstrip(b"\n"), Diagnostics()) == message


@pytest.mark.parametrize(
    "message, parsed",
    [
        (Ack(1), ("ACK", 1)),
        (Ack(65535), ("ACK", 65535)),
        (Nak(2, "NOTURN"), ("NAK", 2, "NOTURN")),
        (Nak(3, "BUSY"), ("NAK", 3, "BUSY")),
        (Nak(4, "OFF"), ("NAK", 4, "OFF")),
        (Show((1, 6)), ("SHOW", 1, 6)),
        (Query(), ("?",)),
        (Ping(0), ("PING", 0)),
        (Ping(123456789), ("PING", 123456789)),
    ],
)
def test_every_pi_line_reads_the_same_on_the_unit(message: Any, parsed: tuple[Any, ...]) -> None:
    ignored: dict[str, int] = {}
    assert fw_protocol.parse(encode(message).rstrip(b"\n"), ignored) == parsed
    assert ignored == {}


@pytest.mark.parametrize(
    "raw, reason",
    [
        (b"ACK 1 *59", "bad crc"),
        (b"ACK 1 *58 ", "no crc"),
        (b"ACK 1 *5g", "no crc"),
        (b"ACK 1", "no crc"),
        (b" *00", "no crc"),
        (b"", "no crc"),
        (encode(Ack(1)).replace(b"ACK", b"ACC")[:-1], "bad crc"),
        (fw_protocol.frame("ACK 0")[:-1], "bad fields"),
        (fw_protocol.frame("ACK 01")[:-1], "bad fields"),
        (fw_protocol.frame("ACK 65536")[:-1], "bad fields"),
        (fw_protocol.frame("NAK 1 LATER")[:-1], "bad fields"),
        (fw_protocol.frame("SHOW 0 1")[:-1], "bad fields"),
        (fw_protocol.frame("SHOW 1")[:-1], "bad fields"),
        (fw_protocol.frame("? 1")[:-1], "bad fields"),
        (fw_protocol.frame("PING 1234567890")[:-1], "bad fields"),
        (fw_protocol.frame("ACK  1")[:-1], "bad fields"),
        (fw_protocol.frame("ROLL 1 3 4")[:-1], "unknown word"),
        (fw_protocol.frame("ACK 1\x03")[:-1], "control byte"),
        (b"\x04" + encode(Ack(1))[:-1], "control byte"),
        (b"ACK \xff1 *00", "not ascii"),
        (fw_protocol.frame("ACK 1" + " " * 60)[:-1], "too long"),
    ],
)
def test_the_unit_ignores_and_counts_a_bad_line(raw: bytes, reason: str) -> None:
    ignored: dict[str, int] = {}
    assert fw_protocol.parse(raw, ignored) is None
    assert ignored == {reason: 1}


def test_the_unit_drops_an_over_long_line_whole_and_reads_the_next() -> None:
    unit, wire = make_unit()
    unit.receive(b"? " + b"x" * 70, 0)
    unit.receive(b"x" * 100 + b" *BD\n" + encode(Query()), 0)
    assert wire.lines == [fw_protocol.hello(UID, "1.0", BOOT)]
    assert unit.ignored == {"too long": 1}


@settings(max_examples=300)
@given(st.lists(st.binary(max_size=100), max_size=6))
def test_random_bytes_never_upset_the_unit(chunks: list[bytes]) -> None:
    unit, wire = make_unit()
    unit.press(0)
    for chunk in chunks:
        unit.receive(chunk, 10)
        unit.tick(20)
    stream = b"".join(chunks)
    acked = any(piece.removesuffix(b"\r") in (encode(Ack(1))[:-1], encode(Nak(1, w))[:-1])
                for piece in stream.split(b"\n")[:-1] for w in ("NOTURN", "BUSY", "OFF"))
    if not acked:
        assert unit.pending == 1 and unit.mode == fw_unit.ROLLING


@settings(max_examples=300)
@given(st.integers(0, 8 * 8), st.integers(0, 255))
def test_an_ack_with_one_byte_changed_is_not_obeyed(position: int, byte: int) -> None:
    good = bytearray(encode(Ack(1))[:-1])
    at = position % len(good)
    if good[at] == byte:
        return
    good[at] = byte
    unit, _ = make_unit()
    unit.press(0)
    unit.receive(bytes(good) + b"\n", 10)
    assert unit.pending == 1  # CRC-8 catches every single-byte change


# --- the unit's behaviour ---------------------------------------------------------------------------


def test_a_press_rolls_and_an_ack_shows_the_dice_steadily() -> None:
    unit, wire = make_unit((3, 4))
    unit.start(0)
    assert unit.press(10) == 1
    assert wire.lines == [fw_protocol.hello(UID, "1.0", BOOT), b"ROLL 1 3 4 *DA\n"]
    assert unit.mode == fw_unit.ROLLING
    pi_says(unit, Ack(1), 50)
    assert unit.mode == fw_unit.STEADY and unit.dice == (3, 4) and unit.pending is None
    unit.tick(5000)
    assert wire.rolls() == [b"ROLL 1 3 4 *DA\n"]


def test_an_unanswered_roll_is_resent_every_500_ms_five_times_then_dropped() -> None:
    unit, wire = make_unit((2, 5), (1, 1))
    unit.press(0)
    sent = []
    for now in (499, 500, 999, 1000, 1500, 2000, 2500, 2999, 3000):
        unit.tick(now)
        sent.append(len(wire.rolls()))
    assert sent == [1, 2, 2, 3, 4, 5, 6, 6, 6]
    assert wire.rolls() == [fw_protocol.roll(1, 2, 5)] * 6  # at 0, 500, 1000, 1500, 2000, 2500
    assert unit.mode == fw_unit.ERROR and unit.pending is None
    unit.tick(10_000)
    assert len(wire.rolls()) == 6
    pi_says(unit, Ack(1), 10_010)  # too late: the unit gave the roll up
    assert unit.mode == fw_unit.ERROR and unit.ignored == {"stale": 1}
    assert unit.press(10_020) == 2


def test_a_show_while_a_roll_waits_changes_the_leds_never_the_resent_roll() -> None:
    unit, wire = make_unit((3, 4))
    unit.press(0)
    pi_says(unit, Show((6, 6)), 100)  # the GPIO button rolled meanwhile; the Pi shows that roll
    six = fw_unit.pip_mask(6)
    assert unit.leds(100) == (six, six)
    unit.tick(500)
    assert wire.rolls() == [b"ROLL 1 3 4 *DA\n"] * 2  # the resend keeps the dice rolled for seq 1
    pi_says(unit, Ack(1), 600)
    assert unit.mode == fw_unit.STEADY and unit.dice == (3, 4)  # the ACK shows the roll it answers


def test_hello_carries_the_boot_id() -> None:
    unit, wire = make_unit()
    unit.start(0)
    pi_says(unit, Query(), 10)
    assert wire.lines == [b"HELLO e66038b7133f2f2a 1.0 0badc0de *CD\n"] * 2
    assert parse_unit_line(wire.lines[0].rstrip(b"\n"), Diagnostics()) == Hello(UID, "1.0", BOOT)


def test_a_refused_roll_blinks_then_goes_dark() -> None:
    unit, _ = make_unit((6, 6))
    unit.press(0)
    pi_says(unit, Nak(1, "NOTURN"), 100)
    assert unit.mode == fw_unit.BLINKING
    lit = fw_unit.pip_mask(6)
    assert unit.leds(100) == (lit, lit) and unit.leds(100 + 125) == (0, 0)
    unit.tick(100 + 1499)
    assert unit.mode == fw_unit.BLINKING
    unit.tick(100 + 1500)
    assert unit.mode == fw_unit.OFF and unit.leds(1700) == (0, 0)


def test_pressing_while_a_roll_waits_does_nothing() -> None:
    unit, wire = make_unit((1, 1), (2, 2))
    assert unit.press(0) == 1
    assert unit.press(100) is None
    assert wire.rolls() == [fw_protocol.roll(1, 1, 1)]


def test_an_answer_for_another_roll_is_ignored() -> None:
    unit, _ = make_unit()
    unit.press(0)
    pi_says(unit, Ack(7), 10)
    assert unit.pending == 1 and unit.ignored == {"stale": 1}


def test_roll_numbers_wrap_after_65535_to_1() -> None:
    unit, wire = make_unit()
    unit.seq = 65534
    for now, expected in ((0, 65535), (10, 1)):
        assert unit.press(now) == expected
        pi_says(unit, Ack(expected), now + 1)
    assert [r.split()[1] for r in wire.rolls()] == [b"65535", b"1"]


def test_the_unit_answers_hello_ping_and_show() -> None:
    unit, wire = make_unit()
    pi_says(unit, Query(), 0)
    pi_says(unit, Ping(41), 0)
    pi_says(unit, Show((5, 1)), 0)
    assert wire.lines == [fw_protocol.hello(UID, "1.0", BOOT), fw_protocol.pong(41)]
    assert unit.mode == fw_unit.STEADY and unit.leds(0) == (fw_unit.pip_mask(5), fw_unit.pip_mask(1))
    assert unit.linked(2999) and not unit.linked(3000)


def test_bad_lines_change_nothing_and_are_counted() -> None:
    unit, wire = make_unit()
    unit.press(0)
    unit.receive(b"ACK 1 *00\n" + fw_protocol.frame("ACK 1\x03") + b"\x04? *BD\n" + b"\xff\n", 10)
    assert unit.pending == 1 and wire.rolls() == [fw_protocol.roll(1, 3, 4)]
    assert wire.lines == wire.rolls()  # not even a HELLO for the "?" with a Ctrl-D in it
    assert unit.ignored == {"bad crc": 1, "control byte": 2, "not ascii": 1}


def test_a_broken_random_source_reports_err_rng() -> None:
    wire = Wire()

    def broken() -> tuple[int, int]:
        raise fw_dice.RandomSourceError("no byte below 252 in 64 draws")

    unit = Unit(UID, "1.0", BOOT, wire, broken)
    assert unit.press(0) is None
    assert wire.lines == [fw_protocol.err("RNG")] and unit.mode == fw_unit.ERROR
    assert unit.leds(0) == (fw_unit.CENTRE, fw_unit.CENTRE) and unit.leds(250) == (0, 0)


def test_a_stuck_button_reports_err_button_once() -> None:
    unit, wire = make_unit()
    unit.press(0)
    unit.tick(9_999)
    assert fw_protocol.err("BUTTON") not in wire.lines
    unit.tick(10_000)
    unit.tick(20_000)
    assert wire.lines.count(fw_protocol.err("BUTTON")) == 1
    unit.release(20_001)


def test_pips_look_like_dice() -> None:
    rows = ((0, None, 1), (2, 3, 4), (5, None, 6))

    def draw(mask: int) -> str:
        return "/".join("".join("o" if led is not None and mask >> led & 1 else "." for led in row)
                        for row in rows)

    assert {face: draw(fw_unit.pip_mask(face)) for face in range(1, 7)} == {
        1: ".../.o./...", 2: "o../.../..o", 3: "o../.o./..o",
        4: "o.o/.../o.o", 5: "o.o/.o./o.o", 6: "o.o/o.o/o.o",
    }


def test_while_waiting_the_dice_flicker() -> None:
    unit, _ = make_unit((2, 3))
    unit.press(0)
    lit = (fw_unit.pip_mask(2), fw_unit.pip_mask(3))
    assert unit.leds(0) == lit and unit.leds(399) == lit and unit.leds(450) == (0, 0)


# --- the debouncer ----------------------------------------------------------------------------------


def test_a_bouncing_press_is_one_press_and_one_release() -> None:
    button = fw_debounce.Debouncer(1, 0, settle_ms=20)
    levels = [(0, 1), (1, 2), (0, 3), (1, 4), (0, 6)] + [(0, t) for t in range(7, 60)]
    levels += [(1, 100), (0, 101), (1, 103)] + [(1, t) for t in range(104, 160)]
    edges = [e for level, now in levels if (e := button.update(level, now))]
    assert edges == ["press", "release"]
    assert not button.pressed


def test_a_glitch_shorter_than_the_settle_time_is_ignored() -> None:
    button = fw_debounce.Debouncer(1, 0, settle_ms=20)
    edges = [button.update(0, t) for t in range(1, 15)] + [button.update(1, t) for t in range(15, 80)]
    assert [e for e in edges if e] == []


def test_ticks_wrap_like_micropythons() -> None:
    period = fw_debounce.TICKS_PERIOD
    assert fw_debounce.ticks_diff(5, period - 5) == 10
    assert fw_debounce.ticks_diff(period - 5, 5) == -10
    button = fw_debounce.Debouncer(1, period - 10, settle_ms=20)
    assert button.update(0, period - 10) is None
    assert button.update(0, 9) is None  # 19 ms across the wrap
    assert button.update(0, 10) == "press"
    assert button.pressed


# --- main.py with a stub `machine` -----------------------------------------------------------------


class FakePin:
    OUT, IN, PULL_UP = "out", "in", "pull-up"

    def __init__(self, id: int | str, mode: str | None = None, pull: str | None = None,
                 value: int = 1) -> None:
        self.id, self.mode, self.pull, self.level = id, mode, pull, value

    def value(self, level: int | None = None) -> int:
        if level is not None:
            self.level = level
        return self.level


@pytest.fixture
def main(monkeypatch: pytest.MonkeyPatch) -> Any:
    machine = types.ModuleType("machine")
    machine.Pin = FakePin  # type: ignore[attr-defined]
    machine.unique_id = lambda: bytes.fromhex(UID)  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "machine", machine)
    spec = importlib.util.spec_from_file_location("firmware_main", FIRMWARE / "main.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_pin_map_is_what_the_readme_says(main: Any) -> None:
    pins = [pin for die in main.DIE_PINS for pin in die]
    assert len(set(pins)) == 14 and main.BUTTON_PIN not in pins
    assert all(0 <= pin <= 22 for pin in [*pins, main.BUTTON_PIN])  # GP23-25 are the Pico's own
    readme = (FIRMWARE / "README.md").read_text()
    table = {(int(d), int(led)): int(gp) for d, led, gp in
             re.findall(r"die (\d), LED (\d)[^|]*\| GP(\d+) ", readme)}
    assert table == {(d + 1, led): pin for d, die in enumerate(main.DIE_PINS) for led, pin in enumerate(die)}
    assert f"| button | GP{main.BUTTON_PIN} |" in readme


def test_main_lights_the_pips_and_names_the_unit(main: Any) -> None:
    leds = main.make_leds()
    main.light(leds, (fw_unit.pip_mask(5), fw_unit.pip_mask(2)))
    on = [pin.id for die in leds for pin in die if pin.level]
    assert on == [2, 3, 5, 7, 8, 9, 15]
    assert main.unit_id() == UID


def test_one_pass_of_the_main_loop_rolls_on_a_settled_press(main: Any) -> None:
    wire = Wire()
    unit = Unit(UID, "1.0", BOOT, wire, lambda: (4, 1))
    button, status, leds = FakePin(16, value=1), FakePin("LED", value=0), main.make_leds()
    debouncer = fw_debounce.Debouncer(1, 0)
    button.level = 0  # pressed
    for now in range(0, 30, 5):
        main.step(unit, debouncer, button, leds, status, b"", now)
    assert wire.rolls() == [fw_protocol.roll(1, 4, 1)]
    main.step(unit, debouncer, button, leds, status, encode(Ack(1)), 40)
    assert unit.mode == fw_unit.STEADY and status.level == 1
    assert [p.id for die in leds for p in die if p.level] == [2, 3, 7, 8, 12]


def test_reading_usb_takes_only_what_is_there(main: Any) -> None:
    data = bytearray(b"PING 1 *AD\n" * 20)

    class Poller:
        def poll(self, timeout: int) -> list[int]:
            return [1] if data else []

    class Stdin:
        def read(self, n: int) -> bytes:
            taken = bytes(data[:n])
            del data[:n]
            return taken

    first = main.read_ready(Poller(), Stdin(), 5)
    rest = main.read_ready(Poller(), Stdin(), 5)
    assert len(first) == main.READ_MAX and first + rest == b"PING 1 *AD\n" * 20
    assert main.read_ready(Poller(), Stdin(), 5) == b""

    class EndOfInput(Poller):
        def poll(self, timeout: int) -> list[int]:
            return [1]  # always "ready", as a closed input is

    assert main.read_ready(EndOfInput(), Stdin(), 5) == b""  # and the loop goes on, not spinning here


# --- the firmware talks to the Pi's real driver over a pseudo-terminal ------------------------------


class PicoOnPty:
    """firmware/unit.py on the master end of a pty, on a clock the test moves; the Pi opens `path`."""

    def __init__(self, *rolls: tuple[int, int]) -> None:
        self.master, self.slave = os.openpty()
        tty.setraw(self.slave)
        self.path = os.ttyname(self.slave)
        self.now = 0
        self.lock = threading.Lock()
        self.wire = Wire()
        it = iter(rolls)
        self.unit = Unit(UID, "1.0", BOOT, self.write, lambda: next(it))
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def write(self, data: bytes) -> None:
        self.wire(data)
        os.write(self.master, data)

    def _run(self) -> None:
        with self.lock:
            self.unit.start(self.now)
        while not self._stop.is_set():
            readable, _, _ = select.select([self.master], [], [], 0.01)
            with self.lock:
                if readable:
                    self.unit.receive(os.read(self.master, 1024), self.now)
                self.unit.tick(self.now)

    def advance(self, ms: int) -> None:
        with self.lock:
            self.now += ms
            self.unit.tick(self.now)

    def press(self) -> int | None:
        with self.lock:
            seq: int | None = self.unit.press(self.now)
            return seq

    def close(self) -> None:
        self._stop.set()
        self._thread.join(timeout=5)
        os.close(self.master)
        os.close(self.slave)


@pytest.fixture
def pico_and_pi() -> Iterator[Callable[..., tuple[PicoOnPty, SerialDiceUnit, queue.Queue[Event]]]]:
    made: list[tuple[PicoOnPty, SerialDiceUnit]] = []

    def make(*rolls: tuple[int, int]) -> tuple[PicoOnPty, SerialDiceUnit, queue.Queue[Event]]:
        pico = PicoOnPty(*rolls)
        pico._thread.start()
        pi = SerialDiceUnit(pico.path)
        events: queue.Queue[Event] = queue.Queue()
        pi.start(events.put)
        made.append((pico, pi))
        return pico, pi, events

    yield make
    for pico, pi in made:
        pi.stop()
        pico.close()


def test_the_firmware_and_the_pi_play_a_roll_through(pico_and_pi: Callable[..., Any]) -> None:
    pico, pi, events = pico_and_pi((3, 4), (6, 2))
    assert wait_for(lambda: pi.status == f"ok: unit {UID} v1.0")
    assert pico.press() == 1
    assert events.get(timeout=PATIENCE) == UnitRoll(UID, 1, (3, 4))
    pico.advance(500)  # the game is still storing it: the unit resends, the Pi waits
    assert wait_for(lambda: pi.link.repeats == 1)
    pi.ack(UID, 1)
    assert wait_for(lambda: pico.unit.mode == fw_unit.STEADY)
    pico.advance(500)
    assert pico.wire.rolls() == [b"ROLL 1 3 4 *DA\n"] * 2
    assert pico.press() == 2
    roll = events.get(timeout=PATIENCE)
    assert roll == UnitRoll(UID, 2, (6, 2))
    pi.nak(UID, 2, "BUSY")
    assert wait_for(lambda: pico.unit.mode == fw_unit.BLINKING)
    pico.advance(1500)
    assert wait_for(lambda: pico.unit.mode == fw_unit.OFF)
    pi.show(5, 5)
    assert wait_for(lambda: pico.unit.dice == (5, 5) and pico.unit.mode == fw_unit.STEADY)
    assert events.empty() and pi.diagnostics.ignored == 0 and pico.unit.ignored == {}


def test_the_firmware_gives_up_on_a_pi_that_never_answers(pico_and_pi: Callable[..., Any]) -> None:
    pico, pi, events = pico_and_pi((1, 6))
    assert wait_for(lambda: pi.status.startswith("ok"))
    pico.press()
    assert events.get(timeout=PATIENCE) == UnitRoll(UID, 1, (1, 6))
    for resend in range(1, 6):
        pico.advance(500)
        assert wait_for(lambda n=resend: pi.link.repeats >= n)  # type: ignore[misc]
        assert pi.link.repeats == resend
    pico.advance(500)
    assert pico.unit.mode == fw_unit.ERROR
    assert len(pico.wire.rolls()) == 6 and events.empty()


# --- every file compiles for the Pico --------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(path.name for path in FIRMWARE.glob("*.py")))
def test_every_firmware_file_compiles_with_mpy_cross(name: str, tmp_path: Path) -> None:
    """mpy-cross is MicroPython's own compiler: CPython-only syntax would stop the Pico at boot."""
    compiler = mpy_cross()
    need(compiler)
    out = tmp_path / name.replace(".py", ".mpy")
    done = subprocess.run([str(compiler), "-march=armv6m", "-o", str(out), str(FIRMWARE / name)],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert out.read_bytes()[:1] == b"M"  # a .mpy file's magic byte
