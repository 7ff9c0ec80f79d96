"""The Pico's os module, less its random source: os.urandom serves the bytes in $PICO_STUB/rng first.

The ring oscillator is hardware, so the test scripts it: the boot id's 4 bytes, then one byte per
die (a byte b gives the face b % 6 + 1). Once they are used up, the real os.urandom takes over.
MicroPython lets a file extend a built-in module like this one.
"""

import sys

_path = sys.path
sys.path = ()
try:
    import os as _os
    from os import *  # noqa: F403
finally:
    sys.path = _path

_used = 0


def urandom(n):
    global _used
    try:
        with open(_os.getenv("PICO_STUB") + "/rng", "rb") as f:
            scripted = f.read()
    except OSError:
        scripted = b""
    taken = scripted[_used:_used + n]
    _used += len(taken)
    return taken + _os.urandom(n - len(taken))
