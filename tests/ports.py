"""A port for a test's own daemon. Not the kernel's pick of a free one (bind to port 0): that
comes from the ephemeral range, where every outgoing connection of the machine takes its port too,
and where another suite running beside this one picks the same way — between our check and the
daemon's bind, either can take it ("Address already in use", seen with two suites side by side).
A random port below the ephemeral range, checked free, is one nothing else is handed."""

from __future__ import annotations

import random
import socket

LOW, HIGH = 20000, 32000  # Linux's ephemeral ports start at 32768 (ip_local_port_range)
_pick = random.SystemRandom()


def free_port() -> int:
    for _ in range(200):
        port = _pick.randrange(LOW, HIGH)
        with socket.socket() as s:
            try:
                s.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    raise RuntimeError(f"no free port between {LOW} and {HIGH}")
