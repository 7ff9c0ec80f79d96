"""The Pi's half of the dice unit's conversation, with no port: what it makes of the unit's lines and
what it says back. Pure apart from a lock, so it is fuzzed in tests by the thousand."""

from __future__ import annotations

import logging
import threading
import time
from collections import Counter, OrderedDict, deque
from collections.abc import Callable
from dataclasses import dataclass

from ..device import Emit, UnitRoll
from ..dice_protocol import (
    Ack,
    Diagnostics,
    Err,
    Hello,
    LineSplitter,
    Nak,
    Query,
    Roll,
    encode,
    parse_unit_line,
)

log = logging.getLogger(__name__)

MEMORY = 1024  # answered rolls remembered per boot of a unit (seq wraps after 65535)


@dataclass
class _Answer:
    dice: tuple[int, int]
    line: bytes | None = None  # the ACK or NAK, once the table decided


class UnitLink:
    """Each (unit-id, boot, seq) is emitted at most once; a repeated ROLL is answered with the remembered
    ACK or NAK (or waits, if the table has not decided yet).

    The memory is kept while HELLOs name the same unit and boot (a reconnect without a reset) and starts
    fresh on a new boot (the unit was reset or replugged: its seq began again at 1), a new unit-id, or
    a HELLO without a boot (older firmware: any HELLO may follow a restart).
    """

    def __init__(self, send: Callable[[bytes], bool], clock: Callable[[], float] = time.monotonic) -> None:
        self.diagnostics = Diagnostics()
        self.emit: Emit | None = None
        self.unit: str | None = None
        self.version = ""
        self.boot: str | None = None
        self.introduced = False  # a HELLO came on the current connection
        self.last_heard: float | None = None  # when the last good line came on this connection
        self.repeats = 0  # ROLLs that came again (resends), answered from memory
        self.faults: Counter[str] = Counter()
        self._send = send
        self._clock = clock
        self._splitter = LineSplitter(self.diagnostics)
        self._rolls: OrderedDict[int, _Answer] = OrderedDict()
        self._session = 0  # counts fresh starts of the memory: which boot an emitted roll came from
        self._emitted: deque[tuple[str, int, int]] = deque()  # (unit, session, seq) not yet answered
        self._lock = threading.Lock()

    def reset(self) -> None:
        """A connection began or ended: a half line is lost and the unit must introduce itself again."""
        self._splitter.reset()
        self.introduced = False
        self.last_heard = None

    def feed(self, data: bytes) -> None:
        for line in self._splitter.feed(data):
            self.line(line)

    def line(self, line: bytes) -> None:
        message = parse_unit_line(line, self.diagnostics)
        if message is None:
            return
        self.last_heard = self._clock()
        if isinstance(message, Hello):
            self._hello(message)
        elif isinstance(message, Roll):
            self._roll(message)
        elif isinstance(message, Err):
            self.faults[message.word] += 1
            log.warning("dice unit %s reports a fault: %s", self.unit, message.word)
        # a Pong only proves the unit is alive: last_heard is set

    def _hello(self, hello: Hello) -> None:
        with self._lock:
            same = hello.unit == self.unit and hello.boot is not None and hello.boot == self.boot
            if not same:
                if self.unit is not None and self._rolls:
                    why = "another unit" if hello.unit != self.unit else "it restarted"
                    log.info("dice unit %s: %s (boot %s); its rolls are forgotten", hello.unit, why,
                             hello.boot or "not given")
                self._rolls.clear()
                self._session += 1
            self.unit, self.version, self.boot = hello.unit, hello.version, hello.boot
            self.introduced = True

    def _roll(self, roll: Roll) -> None:
        with self._lock:
            unit = self.unit
            if not self.introduced or unit is None:
                # Whose roll? Ask; the unit resends every 500 ms, so nothing is lost.
                log.info("dice unit: ROLL %d before HELLO; asking who it is", roll.seq)
                answer: bytes | None = encode(Query())
                fresh = False
            else:
                known = self._rolls.get(roll.seq)
                fresh = known is None
                if known is None:
                    self._emitted.append((unit, self._session, roll.seq))
                    if len(self._emitted) > MEMORY:  # never answered: the table dropped them
                        self._emitted.popleft()
                    self._rolls[roll.seq] = _Answer(roll.dice)
                    self._rolls.move_to_end(roll.seq)
                    while len(self._rolls) > MEMORY:
                        self._rolls.popitem(last=False)
                    answer = None
                else:
                    if known.dice != roll.dice:  # never applied: a resend carries its first dice
                        self.diagnostics.note("changed dice", encode(roll).rstrip(b"\n"))
                    self.repeats += 1
                    answer = known.line
        if answer is not None:
            self._send(answer)
        if not fresh or unit is None:
            return
        try:
            if self.emit is None:
                raise RuntimeError("the dice unit was not started")
            self.emit(UnitRoll(unit, roll.seq, roll.dice))
        except Exception:
            log.exception("dice unit: the table could not take roll %d; the resend will retry", roll.seq)
            with self._lock:
                self._rolls.pop(roll.seq, None)
                self._take_emitted(unit, roll.seq)

    def answer(self, unit: str, seq: int, message: Ack | Nak) -> None:
        """Remember the table's decision on a roll and tell the unit (now, or when it resends)."""
        line = encode(message)
        with self._lock:
            session = self._take_emitted(unit, seq)
            if session is not None and session != self._session:
                log.info("dice unit %s restarted before roll %d was answered: answer dropped", unit, seq)
                return
            known = self._rolls.get(seq) if unit == self.unit else None
            if known is None:
                log.warning("dice unit: no roll %d from unit %s to answer (%r)", seq, unit, line)
                return
            if known.line is not None and known.line != line:
                log.warning("dice unit: roll %d was already answered %r; keeping that", seq, known.line)
                line = known.line
            known.line = line
        self._send(line)

    def _take_emitted(self, unit: str, seq: int) -> int | None:
        """The session of the oldest unanswered emitted roll (unit, seq), taken off the list; the table
        answers in the order it was given rolls, so after a restart an old roll 1 is not a new roll 1."""
        for index, (who, session, number) in enumerate(self._emitted):
            if who == unit and number == seq:
                del self._emitted[index]
                return session
        return None
