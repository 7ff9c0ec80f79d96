"""The dice unit on a Raspberry Pi Pico: pins, USB serial and the main loop (the logic is in unit.py).

Pin map (see README.md): die 1 pips on GP2-GP8, die 2 pips on GP9-GP15, each LED through its own
resistor to ground; the big button from GP16 to ground (internal pull-up); the Pico's own LED lights
while the Pi is heard. Ctrl-C still stops this program, so mpremote can reach the REPL: the protocol
never sends byte 0x03.
"""

import select
import sys
import time

import machine
from debounce import Debouncer
from dice import roll
from unit import Unit

VERSION = "1.0"
BUTTON_PIN = 16
DIE_PINS = ((2, 3, 4, 5, 6, 7, 8), (9, 10, 11, 12, 13, 14, 15))  # LED index 0..6, as unit.PIPS
POLL_MS = 5
READ_MAX = 128  # bytes taken from USB per pass: the loop stays quick, the Pi is never stalled


def unit_id():
    return "".join("%02x" % b for b in machine.unique_id())


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
    leds = make_leds()
    button = machine.Pin(BUTTON_PIN, machine.Pin.IN, machine.Pin.PULL_UP)
    status = machine.Pin("LED", machine.Pin.OUT, value=0)
    stdin = sys.stdin.buffer
    poller = select.poll()
    poller.register(sys.stdin, select.POLLIN)
    unit = Unit(unit_id(), VERSION, sys.stdout.buffer.write, roll)
    now = time.ticks_ms()
    debouncer = Debouncer(button.value(), now)
    unit.start(now)
    while True:
        data = read_ready(poller, stdin, POLL_MS)
        step(unit, debouncer, button, leds, status, data, time.ticks_ms())


if __name__ == "__main__":
    run()
