"""The dice unit's behaviour, pure: rolls, resends, answers to the Pi, and which LEDs to light.

main.py feeds it button edges, bytes from USB and the time in ms; it writes lines through `write`.
There is no machine here, so it runs in the test suite under CPython with a fake clock.
"""

import protocol
from debounce import ticks_diff

RESEND_MS = 500  # an unanswered ROLL goes again this often,
MAX_RESENDS = 5  # this many times; then the unit shows an error and drops the roll
BLINK_MS = 1500  # a refused roll blinks this long, then the dice go dark
STUCK_MS = 10000  # the button held this long: ERR BUTTON
LINK_MS = 3000  # heard the Pi this recently (it pings every second): linked

OFF = "off"
ROLLING = "rolling"  # the dice are shown, with a short dark flicker, until the Pi answers
STEADY = "steady"  # the Pi applied the roll (ACK), or asked to show dice (SHOW)
BLINKING = "blinking"  # the Pi refused the roll (NAK)
ERROR = "error"  # no answer after the resends, or the random source failed: centre pips flash

# The 7 LEDs of a die by index: 0 top-left, 1 top-right, 2 middle-left, 3 centre, 4 middle-right,
# 5 bottom-left, 6 bottom-right.
PIPS = {1: (3,), 2: (0, 6), 3: (0, 3, 6), 4: (0, 1, 5, 6), 5: (0, 1, 3, 5, 6), 6: (0, 1, 2, 4, 5, 6)}
CENTRE = 1 << 3


def pip_mask(value):
    """The LEDs (bit i = LED i) that show a face."""
    mask = 0
    for led in PIPS[value]:
        mask |= 1 << led
    return mask


class Unit:
    def __init__(self, unit_id, version, boot, write, roll_dice):
        self.unit_id = unit_id
        self.version = version
        self.boot = boot  # 8 hex digits drawn at power-up: the Pi tells a restarted count by it
        self.write = write  # sends one framed line to the Pi
        self.roll_dice = roll_dice  # () -> (d1, d2)
        self.ignored = {}  # why lines from the Pi were ignored: reason -> count
        self.lines = protocol.LineBuffer(self.ignored)
        self.seq = 0
        self.pending = None  # seq of the roll waiting for ACK or NAK
        self.rolled = None  # the dice of that roll: every resend carries these, whatever SHOW says
        self.dice = None  # what the LEDs show
        self.mode = OFF
        self.since = 0  # when the mode began
        self.sent_at = 0  # when the pending roll was last sent
        self.resends = 0
        self.pressed_at = None
        self.stuck_reported = False
        self.heard_at = None

    def start(self, now):
        self.hello()

    def hello(self):
        self.write(protocol.hello(self.unit_id, self.version, self.boot))

    def press(self, now):
        """The button went down: roll, unless the last roll is still unanswered. The new seq, or None."""
        self.pressed_at = now
        if self.pending is not None:
            return None
        try:
            d1, d2 = self.roll_dice()
        except Exception:
            self.fault("RNG")
            self.show(ERROR, None, now)
            return None
        self.seq = self.seq % protocol.MAX_SEQ + 1
        self.pending = self.seq
        self.rolled = (d1, d2)
        self.show(ROLLING, self.rolled, now)
        self.sent_at = now
        self.resends = 0
        self.write(protocol.roll(self.seq, d1, d2))
        return self.seq

    def release(self, now):
        self.pressed_at = None
        self.stuck_reported = False

    def fault(self, word):
        self.write(protocol.err(word))

    def show(self, mode, dice, now):
        self.mode = mode
        self.dice = dice
        self.since = now

    def receive(self, data, now):
        """Bytes from the Pi; lines with a bad CRC, unknown words or bad fields are counted, not obeyed."""
        for line in self.lines.feed(data):
            message = protocol.parse(line, self.ignored)
            if message is not None:
                self.heard_at = now
                self.handle(message, now)

    def handle(self, message, now):
        word = message[0]
        if word == "?":
            self.hello()
        elif word == "PING":
            self.write(protocol.pong(message[1]))
        elif word == "SHOW":  # only the LEDs: a roll waiting for its answer keeps its own dice
            self.show(STEADY, (message[1], message[2]), now)
        elif message[1] != self.pending:  # ACK or NAK for a roll not in hand: too late, or not ours
            protocol.count(self.ignored, "stale")
        else:
            rolled = self.rolled
            self.pending = None
            self.rolled = None
            self.show(STEADY if word == "ACK" else BLINKING, rolled, now)

    def tick(self, now):
        """Time passes: resend, give up, stop blinking, notice a stuck button."""
        if self.pending is not None and ticks_diff(now, self.sent_at) >= RESEND_MS:
            if self.resends < MAX_RESENDS:
                self.resends += 1
                self.sent_at = now
                self.write(protocol.roll(self.pending, self.rolled[0], self.rolled[1]))
            else:
                self.pending = None
                self.rolled = None
                self.show(ERROR, None, now)
        if self.mode == BLINKING and ticks_diff(now, self.since) >= BLINK_MS:
            self.show(OFF, None, now)
        if self.pressed_at is not None and not self.stuck_reported:
            if ticks_diff(now, self.pressed_at) >= STUCK_MS:
                self.stuck_reported = True
                self.fault("BUTTON")

    def linked(self, now):
        return self.heard_at is not None and ticks_diff(now, self.heard_at) < LINK_MS

    def leds(self, now):
        """(die 1, die 2) as LED masks for this moment: steady, flickering or blinking."""
        age = ticks_diff(now, self.since)
        if self.mode == ERROR:
            return (CENTRE, CENTRE) if (age // 250) % 2 == 0 else (0, 0)
        if self.dice is None or self.mode == OFF:
            return (0, 0)
        lit = (pip_mask(self.dice[0]), pip_mask(self.dice[1]))
        if self.mode == ROLLING and age % 500 >= 400:
            return (0, 0)
        if self.mode == BLINKING and (age // 125) % 2 == 1:
            return (0, 0)
        return lit
