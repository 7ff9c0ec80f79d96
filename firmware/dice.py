"""Two fair dice from the Pico's hardware random source (os.urandom, from the ring oscillator).

A byte is 0..255 and 256 is not a multiple of 6, so `byte % 6` alone would favour 1 to 4. Bytes of
252 (= 6 * 42) and above are drawn again, leaving each face exactly 42 of the 252 accepted values.
"""

import os

ACCEPT = 252
TRIES = 64  # bytes >= 252 this many times in a row: the source is broken, not unlucky


class RandomSourceError(Exception):
    """The random source keeps giving only rejected bytes."""


def face(byte):
    """The die face for a random byte, or None when the byte must be drawn again."""
    if byte >= ACCEPT:
        return None
    return byte % 6 + 1


def die(randbytes=None):
    draw = randbytes or os.urandom
    for _ in range(TRIES):
        value = face(draw(1)[0])
        if value is not None:
            return value
    raise RandomSourceError("no byte below 252 in %d draws" % TRIES)


def roll(randbytes=None):
    """Two dice, each 1 to 6; `randbytes(n)` is os.urandom unless a test gives another source."""
    return die(randbytes), die(randbytes)
