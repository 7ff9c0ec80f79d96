"""The dice protocol as the Pi reads it: CRC, framing, every line type, and garbage that must not roll.

Lines are the contract's own (docs/DICE-PROTOCOL.md); `UnitLink` is the Pi's answering logic
without a port, so it can be fuzzed here by the thousand.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.hardware.device import UnitRoll
from companion.hardware.dice_protocol import (
    Ack,
    Diagnostics,
    Err,
    Hello,
    LineSplitter,
    Nak,
    Ping,
    Pong,
    Query,
    Roll,
    Show,
    crc8,
    encode,
    parse_pi_line,
    parse_unit_line,
)
from companion.hardware.dice_unit import UnitLink


def reference_crc(data: bytes) -> int:
    """CRC-8/SMBUS bit by bit, straight from its definition, to check the table-driven one."""
    crc = 0
    for byte in data:
        for bit in range(7, -1, -1):
            top = (crc >> 7) ^ ((byte >> bit) & 1)
            crc = ((crc << 1) & 0xFF) ^ (0x07 if top else 0)
    return crc


def line(text: str) -> bytes:
    """A correctly framed line, without its newline."""
    return f"{text} *{reference_crc(text.encode()):02X}".encode()


UNIT = "e66038b7133f2f2a"


class Recorder:
    """The table and the wire around a UnitLink: what it emitted and what it sent back."""

    def __init__(self) -> None:
        self.rolls: list[UnitRoll] = []
        self.sent: list[bytes] = []
        self.link = UnitLink(self.send)
        self.link.emit = self.rolls.append  # type: ignore[assignment]

    def send(self, data: bytes) -> bool:
        self.sent.append(data)
        return True

    def hear(self, *texts: str) -> None:
        for text in texts:
            self.link.feed(line(text) + b"\n")


# --- CRC and framing -------------------------------------------------------------------------------


def test_crc_matches_the_contracts_check_values() -> None:
    assert crc8(b"123456789") == 0xF4
    assert crc8(b"ROLL 1 3 4") == 0xDA
    assert encode(Roll(1, (3, 4))) == b"ROLL 1 3 4 *DA\n"
    assert crc8(b"") == 0


@given(st.binary(max_size=80))
def test_table_crc_agrees_with_the_bitwise_definition(data: bytes) -> None:
    assert crc8(data) == reference_crc(data)


@pytest.mark.parametrize(
    "message, wire",
    [
        (Ack(7), b"ACK 7"),
        (Nak(7, "NOTURN"), b"NAK 7 NOTURN"),
        (Nak(65535, "BUSY"), b"NAK 65535 BUSY"),
        (Nak(1, "OFF"), b"NAK 1 OFF"),
        (Show((6, 1)), b"SHOW 6 1"),
        (Query(), b"?"),
        (Ping(42), b"PING 42"),
    ],
)
def test_pi_lines_are_framed_and_read_back(message: Ack | Nak | Show | Query | Ping, wire: bytes) -> None:
    encoded = encode(message)
    assert encoded == wire + b" *%02X\n" % reference_crc(wire)
    assert parse_pi_line(encoded[:-1], Diagnostics()) == message


@pytest.mark.parametrize(
    "message",
    [Hello(UNIT, "1.0"), Hello(UNIT, "1.1", "0badc0de"), Roll(1, (3, 4)), Roll(65535, (6, 6)), Pong(0),
     Pong(999), Err("BUTTON"),
     Err("DISPLAY"), Err("RNG")],
)
def test_unit_lines_round_trip(message: Hello | Roll | Pong | Err) -> None:
    diagnostics = Diagnostics()
    assert parse_unit_line(encode(message).rstrip(b"\n"), diagnostics) == message
    assert diagnostics.ignored == 0


def test_a_hello_with_an_upper_case_id_names_the_same_unit() -> None:
    assert parse_unit_line(line("HELLO E66038B7133F2F2A 1.0"), Diagnostics()) == Hello(UNIT, "1.0")
    assert parse_unit_line(line("HELLO E66038B7133F2F2A 1.1 0BADC0DE"), Diagnostics()) == Hello(
        UNIT, "1.1", "0badc0de")


@pytest.mark.parametrize(
    "build",
    [lambda: Ack(0), lambda: Ack(65536), lambda: Nak(3, "MAYBE"), lambda: Show((0, 3)),
     lambda: Show((3, 7)), lambda: Roll(1, (1, 9)), lambda: Err("FIRE"), lambda: Hello("ab", "1 0"),
     lambda: Hello("xyz", "1"), lambda: Hello("ab", "1", "abc")],
)
def test_building_a_line_the_contract_does_not_allow_is_refused(build) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ValueError):
        build()


@pytest.mark.parametrize(
    "raw, reason",
    [
        (b"ROLL 1 3 4 *DB", "bad crc"),
        (b"ROLL 1 3 4 *da", "no crc"),
        (b"ROLL 1 3 4", "no crc"),
        (b"ROLL 1 3 4*DA", "no crc"),
        (b"", "empty"),
        (line("ROLL 0 3 4"), "bad fields"),
        (line("ROLL 65536 3 4"), "bad fields"),
        (line("ROLL 01 3 4"), "bad fields"),
        (line("ROLL +1 3 4"), "bad fields"),
        (line("ROLL 1 7 4"), "bad fields"),
        (line("ROLL 1 0 4"), "bad fields"),
        (line("ROLL 1 3"), "bad fields"),
        (line("ROLL 1 3 4 5"), "bad fields"),
        (line("ROLL 1  3 4"), "bad fields"),
        (line("HELLO xyz 1.0"), "bad fields"),
        (line("HELLO ab 1.1 0badc0d"), "bad fields"),
        (line("HELLO ab 1.1 0badc0dex"), "bad fields"),
        (line("HELLO ab 1.1 0badc0de x"), "bad fields"),
        (line("HELLO " + "a" * 33 + " 1"), "bad fields"),
        (line("PONG"), "bad fields"),
        (line("PONG 1234567890"), "bad fields"),
        (line("ERR FIRE"), "bad fields"),
        (line("ACK 1"), "unknown word"),
        (line("roll 1 3 4"), "unknown word"),
        (line("ROLL 1 3 4\x03"), "control byte"),
        (b"\x04" + line("ROLL 1 3 4"), "control byte"),
        (line("ROLL 1 3 4\x7f"), "not ascii"),
        ("ROLL 1 3 4 é".encode(), "not ascii"),
        (line("ROLL 1 3 4" + " " * 60), "too long"),
    ],
)
def test_the_pi_ignores_and_counts_a_bad_unit_line(raw: bytes, reason: str) -> None:
    diagnostics = Diagnostics()
    assert parse_unit_line(raw, diagnostics) is None
    assert diagnostics.counts == {reason: 1}


def test_the_line_limit_is_64_bytes_before_the_newline() -> None:
    splitter = LineSplitter(Diagnostics())
    body = "HELLO " + "a" * 32 + " v" + "x" * 20  # 60 bytes, 64 framed
    assert len(line(body)) == 64
    assert splitter.feed(line(body) + b"\r\n") == [line(body)]
    assert splitter.feed(line(body + "x") + b"\n") == []
    assert splitter.diagnostics.counts == {"too long": 1}


def test_an_over_long_line_is_dropped_whole_even_across_chunks() -> None:
    diagnostics = Diagnostics()
    splitter = LineSplitter(diagnostics)
    good = line("ROLL 2 5 5")
    assert splitter.feed(b"ROLL 1 3 4 " + b"9" * 100) == []
    assert splitter.feed(b"9" * 500) == []
    assert splitter.feed(b" *DA\n" + good + b"\n") == [good]
    assert diagnostics.counts == {"too long": 1}


def test_a_line_arriving_in_pieces_is_read_once_whole() -> None:
    splitter = LineSplitter(Diagnostics())
    whole = line("ROLL 3 1 2") + b"\r\n"
    got = [piece for i in range(len(whole)) for piece in splitter.feed(whole[i : i + 1])]
    assert got == [line("ROLL 3 1 2")]


def test_a_half_line_at_a_disconnect_is_counted_and_dropped() -> None:
    diagnostics = Diagnostics()
    splitter = LineSplitter(diagnostics)
    splitter.feed(b"ROLL 4 1")
    splitter.reset()
    assert splitter.feed(b" 2 *00\n" + line("PONG 1") + b"\n") == [b" 2 *00", line("PONG 1")]
    assert diagnostics.counts == {"partial line": 1}


# --- the Pi's answers --------------------------------------------------------------------------------


def test_a_roll_is_emitted_once_and_a_resend_gets_the_same_ack() -> None:
    table = Recorder()
    table.hear(f"HELLO {UNIT} 1.0", "ROLL 1 3 4")
    assert table.rolls == [UnitRoll(UNIT, 1, (3, 4))]
    assert table.sent == []  # the table decides, not the link
    table.hear("ROLL 1 3 4")  # the unit resends while the game is still storing it
    assert table.sent == [] and len(table.rolls) == 1
    table.link.answer(UNIT, 1, Ack(1))
    table.hear("ROLL 1 3 4", "ROLL 1 3 4")  # the ACK was lost on the way
    assert table.sent == [b"ACK 1 *58\n"] * 3
    assert table.rolls == [UnitRoll(UNIT, 1, (3, 4))]
    assert table.link.repeats == 3


def test_a_refusal_is_remembered_like_an_ack() -> None:
    table = Recorder()
    table.hear(f"HELLO {UNIT} 1.0", "ROLL 9 6 6")
    table.link.answer(UNIT, 9, Nak(9, "NOTURN"))
    table.link.answer(UNIT, 9, Ack(9))  # a second, different decision does not replace the first
    table.hear("ROLL 9 6 6")
    assert table.sent == [encode(Nak(9, "NOTURN"))] * 3
    assert len(table.rolls) == 1


def test_a_new_hello_with_the_same_boot_keeps_its_rolls() -> None:
    table = Recorder()
    table.hear(f"HELLO {UNIT} 1.1 0badc0de", "ROLL 5 2 3")
    table.link.answer(UNIT, 5, Ack(5))
    table.link.reset()  # the connection dropped and came back; the unit was not reset
    table.hear(f"HELLO {UNIT} 1.1 0badc0de", "ROLL 5 2 3")
    assert len(table.rolls) == 1
    assert table.sent[-1] == encode(Ack(5))


def test_after_a_replug_the_same_roll_again_is_applied_not_silently_acked() -> None:
    """A replugged Pico starts again at seq 1: one new roll in 36 repeats the last boot's roll 1."""
    table = Recorder()
    table.hear(f"HELLO {UNIT} 1.1 0badc0de", "ROLL 1 3 4")
    table.link.answer(UNIT, 1, Ack(1))
    table.link.reset()  # pulled out and plugged back in: a new power-up, a new boot id
    table.hear(f"HELLO {UNIT} 1.1 5eed1e55", "ROLL 1 3 4")
    assert table.rolls == [UnitRoll(UNIT, 1, (3, 4))] * 2  # the second one is a new roll, applied
    assert table.sent == [encode(Ack(1))]  # and not answered from the last boot's memory
    assert table.link.repeats == 0


def test_a_hello_without_a_boot_is_a_new_boot_each_time() -> None:
    table = Recorder()
    table.hear(f"HELLO {UNIT} 1.0", "ROLL 1 3 4")
    table.link.answer(UNIT, 1, Ack(1))
    table.hear(f"HELLO {UNIT} 1.0", "ROLL 1 3 4")
    assert len(table.rolls) == 2


def test_a_resend_with_other_dice_is_never_applied() -> None:
    """Firmware 1.0 could resend a roll with the dice of a SHOW: the roll was made with its first dice."""
    table = Recorder()
    table.hear(f"HELLO {UNIT} 1.1 0badc0de", "ROLL 1 3 4")
    table.link.answer(UNIT, 1, Ack(1))
    table.hear("ROLL 1 6 6")
    assert table.rolls == [UnitRoll(UNIT, 1, (3, 4))]
    assert table.sent == [encode(Ack(1))] * 2  # answered as what it is: a resend of roll 1
    assert table.link.diagnostics.counts == {"changed dice": 1}


def test_an_answer_to_a_roll_from_before_a_restart_is_not_given_to_the_new_roll() -> None:
    table = Recorder()
    table.hear(f"HELLO {UNIT} 1.1 0badc0de", "ROLL 1 3 4")
    table.hear(f"HELLO {UNIT} 1.1 5eed1e55", "ROLL 1 6 2")  # reset while the game stored roll 1
    table.link.answer(UNIT, 1, Nak(1, "BUSY"))  # the table's answer to the first roll 1
    assert table.sent == []
    table.link.answer(UNIT, 1, Ack(1))  # and to the new one
    assert table.sent == [encode(Ack(1))]


def test_a_new_unit_starts_fresh() -> None:
    table = Recorder()
    table.hear(f"HELLO {UNIT} 1.0", "ROLL 1 2 3")
    table.link.answer(UNIT, 1, Ack(1))
    table.hear("HELLO 0123456789abcdef 1.0", "ROLL 1 2 3")
    assert table.rolls == [UnitRoll(UNIT, 1, (2, 3)), UnitRoll("0123456789abcdef", 1, (2, 3))]
    table.link.answer(UNIT, 1, Ack(1))  # the old unit's roll is no longer known here
    assert table.sent == [encode(Ack(1))]


def test_a_roll_before_hello_asks_who_it_is_and_waits_for_the_resend() -> None:
    table = Recorder()
    table.hear("ROLL 1 3 4")
    assert table.rolls == [] and table.sent == [encode(Query())]
    table.hear(f"HELLO {UNIT} 1.0", "ROLL 1 3 4")
    assert table.rolls == [UnitRoll(UNIT, 1, (3, 4))]


def test_the_same_seq_with_other_dice_is_a_new_roll_after_a_restart() -> None:
    table = Recorder()
    table.hear(f"HELLO {UNIT} 1.0", "ROLL 1 3 4")
    table.link.answer(UNIT, 1, Ack(1))
    table.hear(f"HELLO {UNIT} 1.0", "ROLL 1 5 6")
    assert [r.dice for r in table.rolls] == [(3, 4), (5, 6)]


def test_a_roll_the_table_could_not_take_is_emitted_again_on_the_resend() -> None:
    table = Recorder()
    calls: list[UnitRoll] = []

    def failing_once(event: UnitRoll) -> None:
        calls.append(event)
        if len(calls) == 1:
            raise RuntimeError("the game is busy")

    table.link.emit = failing_once  # type: ignore[assignment]
    table.hear(f"HELLO {UNIT} 1.0", "ROLL 2 1 1", "ROLL 2 1 1")
    assert calls == [UnitRoll(UNIT, 2, (1, 1))] * 2


def test_answering_a_roll_that_never_came_sends_nothing() -> None:
    table = Recorder()
    table.hear(f"HELLO {UNIT} 1.0")
    table.link.answer(UNIT, 3, Ack(3))
    assert table.sent == []


def test_pong_and_faults_are_heard() -> None:
    table = Recorder()
    table.hear("PONG 1", "ERR RNG")
    assert table.link.last_heard is not None
    assert table.link.faults == {"RNG": 1}
    assert table.rolls == []


# --- fuzzing: nothing a cable can do makes the Pi roll ----------------------------------------------

VALID = [line(t) for t in (f"HELLO {UNIT} 1.0", "ROLL 1 3 4", "ROLL 65535 6 1", "PONG 3", "ERR RNG")]


def crc_is_right(raw: bytes) -> bool:
    body, sep, crc = raw.removesuffix(b"\r").rpartition(b" *")
    return bool(sep) and crc == b"%02X" % reference_crc(body)


@st.composite
def mutated(draw: st.DrawFn) -> bytes:
    raw = bytearray(draw(st.sampled_from(VALID)))
    for _ in range(draw(st.integers(1, 4))):
        kind = draw(st.sampled_from(["flip", "insert", "delete", "byte"]))
        at = draw(st.integers(0, max(len(raw) - 1, 0)))
        if kind == "flip" and raw:
            raw[at] ^= 1 << draw(st.integers(0, 7))
        elif kind == "insert":
            raw.insert(at, draw(st.integers(0, 255)))
        elif kind == "delete" and raw:
            del raw[at]
        elif raw:
            raw[at] = draw(st.sampled_from([0x03, 0x04, 0x0A, 0x0D, 0x20, 0x2A, 0xFF]))
    return bytes(raw)


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.binary(max_size=120), max_size=8))
def test_random_bytes_never_raise_and_never_roll(chunks: list[bytes]) -> None:
    table = Recorder()
    table.hear(f"HELLO {UNIT} 1.0")
    for chunk in chunks:
        table.link.feed(chunk)
    stream = b"".join(chunks)
    right = {piece.removesuffix(b"\r") for piece in stream.split(b"\n")[:-1] if crc_is_right(piece)}
    for roll in table.rolls:  # only a whole line with its right CRC may roll
        assert encode(Roll(roll.seq, roll.dice)).removesuffix(b"\n") in right


@settings(max_examples=500)
@given(st.lists(mutated(), min_size=1, max_size=5))
def test_a_mutated_line_with_a_bad_crc_never_rolls(lines: list[bytes]) -> None:
    table = Recorder()
    table.hear(f"HELLO {UNIT} 1.0")
    for raw in lines:
        before = len(table.rolls)
        table.link.feed(raw + b"\n")
        pieces = raw.split(b"\n")
        if not any(crc_is_right(piece) for piece in pieces):
            assert len(table.rolls) == before, raw


@settings(max_examples=200)
@given(st.data())
def test_however_the_stream_is_cut_the_same_rolls_come_once(data: st.DataObject) -> None:
    stream = b"".join(line(t) + b"\r\n" for t in (f"HELLO {UNIT} 1.0", "ROLL 1 3 4", "ROLL 1 3 4",
                                                     "PONG 1", "ROLL 2 6 5"))
    cuts = sorted(data.draw(st.lists(st.integers(0, len(stream)), max_size=10)))
    table = Recorder()
    for start, end in zip([0, *cuts], [*cuts, len(stream)], strict=True):
        table.link.feed(stream[start:end])
    assert table.rolls == [UnitRoll(UNIT, 1, (3, 4)), UnitRoll(UNIT, 2, (6, 5))]
    assert table.link.diagnostics.ignored == 0
