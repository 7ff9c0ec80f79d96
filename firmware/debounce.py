"""A time-based button debouncer, fed raw pin levels and millisecond ticks (pure: no machine).

Contacts bounce for a few milliseconds; a level is believed once it has held still for `settle_ms`.
"""

TICKS_PERIOD = 1 << 30  # MicroPython's time.ticks_ms() wraps at 2**30


def ticks_diff(new, old):
    """new - old in ms, right across the tick counter's wrap (what time.ticks_diff does)."""
    half = TICKS_PERIOD // 2
    return ((new - old + half) % TICKS_PERIOD) - half


class Debouncer:
    """update() says "press" or "release" once per settled change of the button."""

    def __init__(self, level, now, settle_ms=20, pressed_level=0):
        self.settle_ms = settle_ms
        self.pressed_level = pressed_level  # 0: the button pulls the pin to ground
        self.stable = level
        self.candidate = level
        self.since = now

    @property
    def pressed(self):
        return self.stable == self.pressed_level

    def update(self, level, now):
        if level != self.candidate:
            self.candidate = level
            self.since = now
            return None
        if level != self.stable and ticks_diff(now, self.since) >= self.settle_ms:
            self.stable = level
            return "press" if level == self.pressed_level else "release"
        return None
