"""The banker's PIN (stored hashed) and its throttle.

The PIN is stored as a salted PBKDF2 hash (no memory-hungry scrypt on a Pi Zero). Five wrong tries
from one client (its address on the table's wifi) lock that client out for a while, doubling each
time: what protects a short PIN. Only the guesser waits: the banker's right PIN from any other
screen still works, by login or by the X-Banker-Pin header.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..secretfile import secret_file

TRIES = 5
LOCKOUT = 60.0  # seconds after five wrong PINs; doubles each time it happens again
KEY_BYTES = 32  # the cookie-signing secret
CLIENTS = 4096  # wrong-try records kept (the oldest forgotten first): a flood cannot fill memory


def secret_key(folder: Path) -> bytes:
    """The cookie-signing secret, made once and kept readable by the companion alone.

    Never half-written (see secretfile): an empty key would let Flask sign no session at all.
    """
    return secret_file(folder / "secret.key", KEY_BYTES)


ROUNDS = 100_000


def _hash(pin: str, salt: bytes) -> bytes:
    return hashlib.pbkdf2_hmac("sha256", pin.encode(), salt, ROUNDS)


@dataclass
class Tries:
    """One client's wrong tries and lockouts."""

    failures: int = 0
    lockouts: int = 0
    locked_until: float = 0.0


class BankerPin:
    """The banker's PIN on disk (salt and PBKDF2 hash, mode 0600) and each client's wrong tries."""

    def __init__(
        self, folder: Path, pin: str | None = None, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.path = folder / "banker-pin.json"
        self.clock = clock  # for the lockout's wait (tests turn it)
        self._lock = threading.Lock()
        self._tries: OrderedDict[str, Tries] = OrderedDict()
        self._known: bytes | None = None  # a quick digest of the PIN last proven right
        if pin is not None:
            self.set(pin)

    @property
    def is_set(self) -> bool:
        return self.path.exists()

    @staticmethod
    def valid(pin: Any) -> bool:
        # ASCII digits only: str.isdigit() also takes "²" and "١", which no keypad types.
        return isinstance(pin, str) and pin.isascii() and pin.isdigit() and 4 <= len(pin) <= 12

    def set(self, pin: str) -> None:
        if not self.valid(pin):
            raise ValueError("The banker PIN is 4 to 12 digits")
        salt = secrets.token_bytes(16)
        record = {"salt": salt.hex(), "hash": _hash(pin, salt).hex()}
        self._known = None
        tmp = self.path.with_suffix(".tmp")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w") as f:
            json.dump(record, f)
        os.chmod(tmp, 0o600)  # a leftover .tmp keeps its mode through O_CREAT
        os.replace(tmp, self.path)

    def wait(self, client: str, now: float | None = None) -> float:
        """Seconds this client must still wait before its next try (0: it may try now)."""
        now = self.clock() if now is None else now
        with self._lock:
            tries = self._tries.get(client)
            return max(0.0, tries.locked_until - now) if tries is not None else 0.0

    def check(self, pin: Any, client: str = "", now: float | None = None) -> tuple[bool, float]:
        """(right, seconds to wait) for a try from this client: its wrong tries beyond five lock
        it (and it alone) for a while."""
        now = self.clock() if now is None else now
        with self._lock:
            tries = self._tries.get(client)
            if tries is not None and now < tries.locked_until:
                return False, tries.locked_until - now
        if not isinstance(pin, str) or not self.is_set:
            return False, 0.0
        quick = hashlib.sha256(pin.encode()).digest()
        if self._known is not None and hmac.compare_digest(quick, self._known):
            self._forgive(client)
            return True, 0.0  # API clients send the PIN with every request: check it once
        record = json.loads(self.path.read_text())
        right = hmac.compare_digest(_hash(pin, bytes.fromhex(record["salt"])),
                                    bytes.fromhex(record["hash"]))
        if right:
            self._known = quick
            self._forgive(client)
            return True, 0.0
        return False, self._wrong(client, now)

    def _forgive(self, client: str) -> None:
        with self._lock:
            tries = self._tries.get(client)
            if tries is not None:
                tries.failures = 0

    def _wrong(self, client: str, now: float) -> float:
        with self._lock:
            tries = self._tries.pop(client, None) or Tries()
            self._tries[client] = tries  # the most recent last: the oldest is forgotten first
            while len(self._tries) > CLIENTS:
                self._tries.popitem(last=False)
            tries.failures += 1
            if tries.failures < TRIES:
                return 0.0
            tries.failures = 0
            tries.lockouts += 1
            tries.locked_until = now + LOCKOUT * 2 ** min(tries.lockouts - 1, 20)
            return tries.locked_until - now
