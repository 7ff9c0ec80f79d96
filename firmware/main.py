"""The dice unit on a Raspberry Pi Pico: pins, USB serial and the main loop (the logic is in unit.py).

Pin map (see README.md): die 1 pips on GP2-GP8, die 2 pips on GP9-GP15, each LED through its own
resistor to ground; the big button from GP16 to ground (internal pull-up); the Pico's own LED lights
while the Pi is heard. Ctrl-C still stops this program, so mpremote can reach the REPL: the protocol
never sends byte 0x03. Any other error restarts the unit (machine.reset), which then says HELLO with
a new boot id: a unit left at the REPL would be dead to the table until someone replugged it.
"""

import os
import select
import sys
import time

import machine

VERSION = "1.1"
BUTTON_PIN = 16
DIE_PINS = ((2, 3, 4, 5, 6, 7, 8), (9, 10, 11, 12, 13, 14, 15))  # LED index 0..6, as unit.PIPS
POLL_MS = 5
READ_MAX = 128  # bytes taken from USB per pass: the loop stays quick, the Pi is never stalled
RESTART_PAUSE_MS = 1000  # before a reset: room for mpremote's Ctrl-C if the fault repeats at boot


def unit_id():
    return "".join("%02x" % b for b in machine.unique_id())


def boot_id():
    """8 hex digits from the ring oscillator, new at every power-up and reset."""
    return "".join("%02x" % b for b in os.urandom(4))


def make_leds():
    return [[machine.Pin(pin, machine.Pin.OUT, value=0) for pin in pins] for pins in DIE_PINS]


def light(leds, masks):
    """Set each die's 7 LEDs from its mask (bit i = LED i)."""
    for die in range(2):
        for i, led in enumerate(leds[die]):
            led.value((masks[die] >> i) & 1)


def read_ready(poller, stdin, wait_ms):
    """What the Pi has sent, without blocking longer than wait_ms."""
    data = b""
    while len(data) < READ_MAX and poller.poll(wait_ms if not data else 0):
        byte = stdin.read(1)
        if not byte:  # end of input: only off the Pico, but never spin on it
            break
        data += byte
    return data


def step(unit, debouncer, button, leds, status, data, now):
    """One pass of the main loop: the Pi's bytes, the button, the clock, the LEDs."""
    if data:
        unit.receive(data, now)
    edge = debouncer.update(button.value(), now)
    if edge == "press":
        unit.press(now)
    elif edge == "release":
        unit.release(now)
    unit.tick(now)
    light(leds, unit.leds(now))
    status.value(1 if unit.linked(now) else 0)


def run():
    # Imported here, so that even a module that fails to load ends in a restart, not at the REPL.
    from debounce import Debouncer
    from dice import roll
    from unit import Unit

    leds = make_leds()
    button = machine.Pin(BUTTON_PIN, machine.Pin.IN, machine.Pin.PULL_UP)
    status = machine.Pin("LED", machine.Pin.OUT, value=0)
    stdin = sys.stdin.buffer
    poller = select.poll()
    poller.register(sys.stdin, select.POLLIN)
    unit = Unit(unit_id(), VERSION, boot_id(), sys.stdout.buffer.write, roll)
    now = time.ticks_ms()
    debouncer = Debouncer(button.value(), now)
    unit.start(now)
    while True:
        data = read_ready(poller, stdin, POLL_MS)
        step(unit, debouncer, button, leds, status, data, time.ticks_ms())


def main():
    """Run for ever; on any error but Ctrl-C (KeyboardInterrupt is no Exception) start again."""
    try:
        run()
    except Exception:  # noqa: BLE001 - whatever it was, a unit at the REPL is a dead unit
        time.sleep_ms(RESTART_PAUSE_MS)
        machine.reset()


if __name__ == "__main__":
    main()
